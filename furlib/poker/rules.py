"""Furry Poker's rules: the rulebook, section by section (the effects are :mod:`furlib.poker.effects`).

Rulings where the rulebook leaves room (see also ``RULES.md``):

* Every card is dealt one at a time as a chance point (``Draw``); the deck is
  a set of cards, never an order. When a card is to be drawn and the deck
  is empty, the discard pile becomes the new deck; when both are empty the
  draw is skipped (hands and the Public Area stay short).
* Secret simultaneous play uses :mod:`furlib.core.engine.secret`; players then act
  in ascending number, Red first among equal numbers (cards are unique, so
  that never ties).
* A step of an effect that cannot be done (no Public card to take, no
  Ability card left, nothing to activate) is skipped; the rest is done.
* The Peacock gives a Color-Change card at once (they are all alike). Special
  cards sit face up in the Personal Area. A special card discarded by a
  Rabbit goes back to the special cards set aside (the deck holds basic
  cards only), so it can be gained again.
* A Bear facing a single Public card lets its player choose where it goes:
  ``Take`` (the Personal Area) or ``ToHand`` (the hand); either ends the
  effect. With two or more it takes one, then one into the hand.
* The final round starts once any Personal Area holds 7 cards at any moment
  of a round; at its end every player refills to 6 and places a hand card
  face down. A player with no hand card places nothing; if nobody has a card
  to play at the start of a round, the game is scored at once.
* The Advanced Rules' first card is placed face down by each player in
  turn from a 7-card hand; nobody sees another's choice.
* Scores are those of :func:`furlib.poker.best_score`; ties share the win.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import Any, cast

from ..core.engine import secret
from ..core.engine.actions import DeckChance
from ..core.engine.rules import Log, Rules
from ..core.engine.secret import play_in_secret
from ..core.engine.state import copy_data
from ..core.errors import check_bool, excerpt
from ..core.words import act, capitalized, plural
from . import events as ev
from .actions import ACTIONS, Draw, FaceDown, Play, made
from .cards import (
    ALL_CARDS,
    BASIC,
    SPECIALS,
    ability_value,
    is_ability,
    is_basic,
    is_color_change,
    parse_card,
    play_order,
)
from .effects import PokerEffects, know_all, step_name
from .scoring import Score, best_score
from .state import FINAL_AT, HAND, PUBLIC, PokerState
from .texts import step_text

__all__ = ["PokerRules", "HAND", "PUBLIC", "FINAL_AT", "area_cards", "step_name"]

_ORDER = {c: i for i, c in enumerate(ALL_CARDS)}
#: The actions the game lists, made once (see :func:`furlib.poker.actions.made`).
_DRAWS, _PLAYS, _FACE_DOWNS = made(Draw), made(Play), made(FaceDown)


def area_cards(state: PokerState, seat: int) -> tuple[list[tuple[int, str]], int, list[int]]:
    """``(basic cards, Color-Change count, Ability values)`` of the cards of ``seat``'s Personal Area that
    ``state`` shows (a view's holds another player's face-down cards as a count)."""
    down = state.down[seat]
    cards = list(state.up[seat]) + (list(down) if isinstance(down, list) else [])
    return ([parse_card(c) for c in cards if is_basic(c)], sum(1 for c in cards if is_color_change(c)),
            [ability_value(c) for c in cards if is_ability(c)])


def area_score(state: PokerState, seat: int) -> Score:
    """The best score of ``seat``'s Personal Area, explained (:func:`furlib.poker.best_score`)."""
    return best_score(*area_cards(state, seat))


class PokerRules(DeckChance, PokerEffects, Rules):
    """Furry Poker for ``players`` seats, with or without the Advanced Rules."""

    ACTIONS = ACTIONS
    DEAL, DEALT, DEAL_VERB = Draw, _DRAWS, "drawn"

    def __init__(self, players: int, advanced: bool = False):
        super().__init__(players)
        self.advanced = check_bool("advanced", advanced)

    def params(self) -> dict[str, Any]:
        return {"advanced": self.advanced}

    def start(self, log: Log) -> PokerState:
        """The deal to come: five Public cards, then a hand of 6 (7 with the Advanced Rules) to each player one
        card at a time, then (the printed rules) a face-down Personal card to each."""
        n = self.players
        first = HAND + 1 if self.advanced else HAND
        draws: list[list[Any]] = [["public", None]] * PUBLIC + [["hand", i] for _ in range(first) for i in range(n)]
        if not self.advanced:
            draws += [["down", i] for i in range(n)]
        return PokerState(turn=1, current=0, phase="deal", winner=None, scores=[0] * n, deck=list(BASIC),
                          discard=[], public=[], hands=[[] for _ in range(n)], up=[[] for _ in range(n)],
                          down=[[] for _ in range(n)], specials=list(SPECIALS), draws=draws, drawn=[],
                          drawn_by=None, order=[], pos=0, steps=[], final=False, to_place=[], shown=[],
                          seen=[[] for _ in range(n)])

    # ------------------------------------------------------------ the draws
    def is_chance(self, state: PokerState) -> bool:
        """A card is to be drawn whenever draws are queued (a deal, a refill, a Leopard's or Crow's draw)."""
        return bool(state.draws)

    def deck_words(self, deck: Sequence[str]) -> str:
        """How many cards are left, and the first 12 of them (the draws are :class:`DeckChance`'s)."""
        more = " ..." if len(deck) > 12 else ""
        return f"{plural(len(deck), 'card')}: {', '.join(deck[:12])}{more}"

    def deal_card(self, state: PokerState, card: str, log: Log) -> None:
        """The drawn ``card`` goes where the next queued draw sends it."""
        target, seat = state.draws.pop(0)
        state.deck.remove(card)
        if target == "public":
            state.public.append(card)
            know_all(state, [card])
            log.emit(ev.DEAL, None, card=card, to=target)
            return
        seen = state.seen[seat]          # sorted, without repeats
        if card not in seen:
            insort(seen, card)
        if target == "drawn":
            state.drawn.append(card)
        else:
            (state.hands if target == "hand" else state.down)[seat].append(card)
        kind = ev.DRAW if target == "drawn" else ev.DEAL
        log.emit(kind, seat, to=target)
        log.emit(kind, seat, visible_to=(seat,), card=card, to=target)

    # ------------------------------------------------------------ the decisions
    def legal_actions(self, state: PokerState) -> list[object]:
        """Play a hand card in secret; place one face down (Advanced Rules, the final round); or an action of
        the step of the effect under way."""
        p, phase = state.current, state.phase
        if phase == "choose":
            return [_PLAYS[c] for c in sorted(state.hands[p], key=play_order)]
        if phase == "setup" or phase == "final":
            return [_FACE_DOWNS[c] for c in sorted(state.hands[p], key=play_order)]
        return self.options(state, state.steps[0])

    def why_illegal(self, state: PokerState, action: object, players: tuple[str, ...]) -> str:
        if not isinstance(action, ACTIONS):
            return f"{excerpt(action)} is not a Furry Poker action (see furlib.poker.actions)."
        doing = act(players[state.current], f"is to {step_text(state)}")
        return f"{capitalized(str(action))} is not possible now: {doing}."

    def apply(self, state: PokerState, action: object, log: Log) -> None:
        p = state.current
        if isinstance(action, Draw):
            self.deal_card(state, action.card, log)
        elif state.phase == "choose":
            self.chosen(state, cast(Play, action).card, log)   # the legal actions of this phase are Play(card)
        elif state.phase in ("setup", "final"):
            card = cast(FaceDown, action).card                 # the legal actions of these phases: FaceDown(card)
            state.hands[p].remove(card)
            state.down[p].append(card)
            state.to_place.remove(p)
            log.emit(ev.PLACE, p, face="down")
            log.emit(ev.PLACE, p, visible_to=(p,), card=card, face="down")
        else:
            self.do_step(state, state.steps.pop(0), action, log)
        self.proceed(state, log)

    def chosen(self, state: PokerState, card: str, log: Log) -> None:
        """A card played in secret; when every seat has chosen, the cards are shown."""
        p = state.current
        state.hands[p].remove(card)
        if play_in_secret(state, p, card, ev.PLAY, log):
            self.reveal(state, log)

    # ------------------------------------------------------------ the round
    def proceed(self, state: PokerState, log: Log) -> None:
        """Move on to the next decision or draw: skip empty steps, end turns and rounds, score at the end."""
        n = self.players
        # Once per call, not once per pass of the loop: no pass changes a Personal Area or starts a phase "act".
        if not state.final and state.phase == "act":
            who = tuple(i for i in range(n) if len(state.up[i]) + len(state.down[i]) >= FINAL_AT)
            if who:
                state.final = True
                log.emit(ev.FINAL, None, who=tuple(log.name(i) for i in who))
        while True:
            if state.draws:
                if not state.deck:
                    if state.discard:
                        state.deck = sorted(state.discard, key=_ORDER.__getitem__)
                        state.discard = []
                        log.emit(ev.SHUFFLE, None, n=len(state.deck))
                    else:
                        k = len(state.draws)
                        state.draws = []
                        log.emit(ev.EMPTY, None, n=k)
                        continue
                seat = state.draws[0][1]
                if seat is not None:
                    state.current = seat
                return
            phase = state.phase
            if phase == "deal":
                if self.advanced:
                    state.phase, state.to_place = "setup", list(range(n))
                    continue
                self.start_round(state, log)
                return
            if phase in ("setup", "final"):
                state.to_place = [i for i in state.to_place if state.hands[i]]
                if state.to_place:
                    state.current = state.to_place[0]
                    return
                if phase == "setup":
                    self.start_round(state, log)
                else:
                    self.finish(state, log)
                return
            if phase == "act":
                if state.steps:
                    if self.has_options(state, state.steps[0]):
                        state.current = state.order[state.pos][0]
                        return
                    state.steps.pop(0)
                    continue
                self.end_turn(state, log)
                continue
            if phase == "refill":
                self.start_round(state, log)
            return

    def start_round(self, state: PokerState, log: Log) -> None:
        """Every player with a hand card plays one in secret (nobody has one: the game is scored)."""
        seats = [i for i, h in enumerate(state.hands) if h]
        if not seats:
            log.emit(ev.NOTHING, None, why="no cards")
            self.finish(state, log)
            return
        if state.phase == "refill":
            state.turn += 1
        state.phase, state.order, state.pos = "choose", [], 0
        secret.open_round(state, seats)
        state.current = cast(int, secret.seat_to_choose(state))

    def reveal(self, state: PokerState, log: Log) -> None:
        """The round's cards are shown and played in ascending number (Red first among equals)."""
        picks = secret.reveal(state)
        order = sorted(picks.items(), key=lambda kv: play_order(kv[1]))
        state.order = [[i, c] for i, c in order]
        know_all(state, [c for _, c in order])
        log.emit(ev.REVEAL, None, cards=tuple(c for _, c in order), by=tuple(log.name(i) for i, _ in order))
        state.phase, state.pos, state.steps = "act", 0, ["action"]
        state.current = order[0][0]

    def end_turn(self, state: PokerState, log: Log) -> None:
        """The played card joins the Public Area; the next player acts, or everyone refills (the final round:
        everyone places a card face down)."""
        seat, card = state.order[state.pos]
        state.public.append(card)
        log.emit(ev.TO_PUBLIC, seat, card=card)
        state.pos += 1
        if state.pos < len(state.order):
            state.steps = ["action"]
            state.current = state.order[state.pos][0]
            return
        state.draws = [["hand", i] for i, h in enumerate(state.hands) for _ in range(HAND - len(h))]
        if state.final:
            state.phase, state.to_place = "final", list(range(self.players))
        else:
            state.draws += [["public", None]] * max(0, PUBLIC - len(state.public))
            state.phase = "refill"

    def finish(self, state: PokerState, log: Log) -> None:
        """Every Personal Area is scored; the best score wins (ties share the win)."""
        know_all(state, [c for d in state.down for c in d])
        for i in range(self.players):
            state.scores[i] = area_score(state, i).points
            log.emit(ev.SCORE, i, points=state.scores[i])
        best = max(state.scores)
        won = [i for i in range(self.players) if state.scores[i] == best]
        state.phase = "over"
        state.winner = won[0] if len(won) == 1 else won
        log.emit(ev.WIN, None, winners=tuple(log.name(i) for i in won))

    # ------------------------------------------------------------ what each player may see
    def redact(self, state: PokerState, seat: int | None) -> PokerState:
        """What ``seat`` may see: the deck, the discard pile, every other hand, every other player's face-down
        cards (until the end), a Leopard's or Crow's drawn cards (but the drawer's) as counts, and no other
        player's seen cards nor pick. A new state, set field by field (quicker than the constructor's keywords):
        ``state`` is not changed, and no list is shared with it."""
        hands, down, drawn = state.hands, state.down, state.drawn
        seen = object.__new__(PokerState)
        seen.turn, seen.current, seen.phase = state.turn, state.current, state.phase
        seen.winner, seen.scores = copy_data(state.winner), state.scores[:]
        seen.deck, seen.discard, seen.public = len(state.deck), len(state.discard), state.public[:]
        seen.hands = list(map(len, hands))
        seen.up = list(map(list.copy, state.up))
        if state.phase == "over":
            seen.down = list(map(list.copy, down))
        else:
            seen.down = list(map(len, down))
        seen.seen = [None] * len(state.seen)
        if seat is not None:
            seen.hands[seat] = hands[seat][:]
            seen.down[seat] = down[seat][:]
            seen.seen[seat] = state.seen[seat][:]
        seen.specials, seen.draws = state.specials[:], list(map(list.copy, state.draws))
        seen.drawn, seen.drawn_by = drawn[:] if state.drawn_by == seat else len(drawn), state.drawn_by
        seen.order, seen.pos, seen.steps = list(map(list.copy, state.order)), state.pos, state.steps[:]
        seen.final, seen.to_place, seen.shown = state.final, state.to_place[:], state.shown[:]
        seen.secret = state.secret
        return secret.redact(seen, seat)  # type: ignore[no-any-return]  # the state given

    def secrets(self, state: PokerState, seat: int | None) -> set[str]:
        hidden = set(state.deck) | set(state.discard)
        for i in range(self.players):
            if i != seat:
                hidden.update(state.hands[i])
                hidden.update(state.down[i])
                if state.drawn_by == i:
                    hidden.update(state.drawn)
        hidden.update(p for i, p in enumerate((state.secret or {}).get("picks", ())) if p is not None and i != seat)
        hidden -= set(state.shown)
        if seat is not None:
            hidden -= set(state.seen[seat])
        return hidden

    def check(self, state: PokerState) -> None:
        where = [*state.deck, *state.discard, *state.public, *state.specials, *state.drawn]
        for i in range(self.players):
            where += state.hands[i] + state.up[i] + state.down[i]
        where += [c for _, c in state.order[state.pos:]]
        where += secret.picks_so_far(state)
        assert sorted(where, key=_ORDER.__getitem__) == list(ALL_CARDS), \
            f"the 86 cards are not all accounted for exactly once: {len(where)} found"
        assert all(is_basic(c) for c in [*state.deck, *state.discard, *state.public]), \
            "a special card left the specials"
        assert all(is_basic(c) for d in state.down for c in d), "a face-down card is special"
        assert (state.winner is not None) == (state.phase == "over")
