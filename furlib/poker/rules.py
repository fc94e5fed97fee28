"""Furry Poker: the engine (state, legal actions, transitions; no display code).

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
from fractions import Fraction
from typing import Any, cast

import numpy as np

from ..core.engine import secret
from ..core.engine.chance import draw_index, draw_outcomes
from ..core.engine.fixed import fixed
from ..core.engine.game import Game
from ..core.errors import IllegalAction, check_bool, excerpt
from ..core.words import act, capitalized, join_words, plural, possessive
from . import events as ev
from .actions import ACTIONS, Draw, FaceDown, Play, made
from .cards import ALL_CARDS, ANIMALS, BASIC, COLOURS, LETTERS, SPECIALS, card_name, is_basic, play_order
from .effects import EffectsMixin, card_text, placed_down_text
from .views import PokerViews

#: Words a player may not be called: every card's code ("R7", "CC1", "+2"), colour and colour letter, and animal.
_GAME_WORDS = frozenset(w.casefold() for w in (*ALL_CARDS, *COLOURS, *LETTERS.values(), *ANIMALS.values(), "grey"))

__all__ = ["FurryPoker"]

HAND, PUBLIC, FINAL_AT = 6, 5, 7
_ORDER = {c: i for i, c in enumerate(ALL_CARDS)}
#: The actions the game lists, made once (see :func:`furlib.poker.actions.made`).
_DRAWS, _PLAYS, _FACE_DOWNS = made(Draw), made(Play), made(FaceDown)


# The texts of events, made when read from what the event keeps (a recipe: the function and its arguments).
def _dealt_card_text(who: str | None, card: str, to: str) -> str:
    """One card dealt or drawn, shown: 'Ann is dealt the Red 7 (Lion) into their hand' (see ``ev.dealt_text``)."""
    return ev.dealt_text(who, (card_name(card),), to)


def _final_text(who: Sequence[str]) -> str:
    """'Ann has 7 Personal cards: this is the final round' (``who``: the players who have them)."""
    verb = "has" if len(who) == 1 and who[0] != "You" else "have"
    return f"{ev.subjects(who)} {verb} {FINAL_AT} Personal cards: this is the final round"


def _shuffle_text(k: int) -> str:
    """'The discard pile (12 cards) is shuffled into a new deck'."""
    return f"The discard pile ({plural(k, 'card')}) is shuffled into a new deck"


def _empty_text(k: int) -> str:
    """'The deck and the discard pile are empty: 2 cards cannot be drawn'."""
    return f"The deck and the discard pile are empty: {plural(k, 'card')} cannot be drawn"


def _reveal_text(players: Sequence[str], cards: Sequence[str]) -> str:
    """'Cards shown, in order of play: Ann's Red 2 (Peacock) and your Blue 7 (Lion)'."""
    return "Cards shown, in order of play: " + join_words(
        [f"{possessive(p, capital=False)} {card_name(c)}" for p, c in zip(players, cards)])


def _joins_text(who: str, card: str) -> str:
    """'Ann's Red 7 (Lion) joins the Public Area'."""
    return f"{possessive_name(who)} {card_name(card)} joins the Public Area"


def _score_text(who: str, points: int) -> str:
    """'Ann's Personal Area scores 12 points'."""
    return f"{possessive_name(who)} Personal Area scores {plural(points, 'point')}"


def _win_text(names: Sequence[str], best: int) -> str:
    """'Ann wins with 12 points', 'Ann and you share the win with 12 points each'."""
    return (act(names[0], f"wins with {plural(best, 'point')}") if len(names) == 1
            else f"{ev.subjects(names)} share the win with {plural(best, 'point')} each")


class FurryPoker(PokerViews, EffectsMixin, Game):
    """Furry Poker: collect combinations of cards in your Personal Area; every card played in secret.

    Parameters
    ----------
    players : int or list of str, default 2
        2 to 6 players (``MIN_PLAYERS``, ``MAX_PLAYERS``; the box says 2-4),
        or their names (each as :func:`furlib.core.engine.game.normalize_players`
        takes them, and no word of the cards: "R7", "Red", "Lion").
    advanced : bool, default False
        The printed Advanced Rules: each player is dealt 7 cards and places
        one of them face down as the first Personal card. True or False only.
    seed : int, optional
        Seed of the game's own random generator: None or a whole number from
        0 to ``MAX_SEED`` (2**128 - 1).

    Every parameter is checked before the game is dealt; a bad one is a
    ValueError naming it. These are all the rule parameters, each bounded:
    a game holds the 86 cards and at most 6 players, and takes at most
    ``MAX_STEPS`` (100,000) actions whatever its players choose.

    Examples
    --------
    >>> g = FurryPoker(["Ann", "Bob"], seed=1)
    >>> g.is_chance, g.CHANCE_VERB, g.deck_size
    (True, 'draw', 72)
    >>> g.play().is_over
    True
    >>> sorted(g.scores) == ["Ann", "Bob"]
    True
    """

    ACTIONS = ACTIONS
    EVENT_FIELDS = ("card", "cards", "points", "winners")
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    HIDDEN_INFO = True
    CHANCE_VERB = "draw"

    advanced = fixed("advanced", "Whether the Advanced Rules are played (fixed when the game is made).")

    def __init__(self, players: int | Sequence[str] = 2, *, advanced: bool = False, seed: int | None = None):
        super().__init__(players, seed=seed)
        for name in self.players:
            if name.casefold() in _GAME_WORDS:
                raise ValueError(f"player name {excerpt(name)} is a word of the game's cards (a card's code, colour or "
                                 "animal), so the log could read it as a card; choose another name")
        self.advanced = check_bool("advanced", advanced)
        self._start()

    def _params(self) -> dict[str, Any]:
        return {"players": list(self.players), "advanced": self.advanced}

    def _new_state(self) -> dict[str, Any]:
        n = len(self.players)
        first = HAND + 1 if self.advanced else HAND
        draws = [["public", None]] * PUBLIC + [["hand", i] for _ in range(first) for i in range(n)]
        if not self.advanced:
            draws += [["down", i] for i in range(n)]
        return {"turn": 1, "current": 0, "phase": "deal", "winner": None, "scores": [0] * n,
                "deck": list(BASIC), "discard": [], "public": [], "hands": [[] for _ in range(n)],
                "up": [[] for _ in range(n)], "down": [[] for _ in range(n)], "specials": list(SPECIALS),
                "draws": draws, "drawn": [], "drawn_by": None, "order": [], "pos": 0, "steps": [],
                "final": False, "to_place": [], "shown": [], "seen": [[] for _ in range(n)]}

    def _redact(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        over = state["phase"] == "over"
        state["deck"] = len(state["deck"])
        state["discard"] = len(state["discard"])
        state["hands"] = [h if i == seat else len(h) for i, h in enumerate(state["hands"])]
        if not over:
            state["down"] = [d if i == seat else len(d) for i, d in enumerate(state["down"])]
        if state["drawn_by"] != seat:
            state["drawn"] = len(state["drawn"])
        state["seen"] = [v if i == seat else None for i, v in enumerate(state["seen"])]
        return secret.redact(state, seat)

    def _secrets(self, seat: int | None) -> set[str]:
        s = self._state
        hidden = set(s["deck"]) | set(s["discard"])
        for i in range(len(self.players)):
            if i != seat:
                hidden.update(s["hands"][i])
                hidden.update(s["down"][i])
                if s["drawn_by"] == i:
                    hidden.update(s["drawn"])
        pending = s.get(secret.KEY)
        if pending:
            hidden.update(p for i, p in enumerate(pending["picks"]) if p is not None and i != seat)
        hidden -= set(s["shown"])
        if seat is not None:
            hidden -= set(s["seen"][seat])
        return hidden

    # ------------------------------------------------------------- chance
    def _is_chance(self) -> bool:
        return bool(self._state["draws"])

    def _chance_outcomes(self) -> list[tuple[object, Fraction]]:
        return [(_DRAWS[c], p) for c, p in draw_outcomes(self._state["deck"])]

    def _sample_chance(self, rng: np.random.Generator) -> object:
        deck = self._state["deck"]
        return _DRAWS[deck[draw_index(rng, len(deck))]]

    def _check_chance(self, action: object) -> None:
        deck = self._state["deck"]
        if not isinstance(action, Draw):
            raise IllegalAction(f"a card is to be drawn: call step() to draw it, or name it, e.g. "
                                f"apply(Draw({excerpt(deck[0])})); got {excerpt(action)}.")
        if action.card not in deck:
            raise IllegalAction(f"the {excerpt(action.card)} is not in the deck; the deck holds "
                                f"{plural(len(deck), 'card')}: "
                                f"{', '.join(deck[:12])}{' ...' if len(deck) > 12 else ''}.")

    # ------------------------------------------------------------ decisions
    def _legal_actions(self) -> list[object]:
        s = self._state
        p = s["current"]
        phase = s["phase"]
        if phase == "choose":
            return [_PLAYS[c] for c in sorted(s["hands"][p], key=play_order)]
        if phase == "setup" or phase == "final":
            return [_FACE_DOWNS[c] for c in sorted(s["hands"][p], key=play_order)]
        return self._options(s["steps"][0])

    def _why_illegal(self, action: object) -> str:
        if not isinstance(action, ACTIONS):
            return f"{excerpt(action)} is not a Furry Poker action (see furlib.poker.actions)."
        doing = act(self.current_player or "", f"is to {self.step_text}")   # a decision: someone is to make it
        return f"{capitalized(str(action))} is not possible now: {doing}."

    def _apply(self, action: object) -> None:
        s = self._state
        p = s["current"]
        me = self.players[p]
        if isinstance(action, Draw):
            self._deal_card(action.card)
        elif s["phase"] == "choose":
            chosen = cast(Play, action).card        # the legal actions of this phase are Play(card)
            s["hands"][p].remove(chosen)
            secret.choose(s, p, chosen)
            self._emit(ev.PLAY, (act, me, "chooses a card"), me)
            self._emit(ev.PLAY, (card_text, me, "chooses the", chosen), me, visible_to=(p,), card=chosen)
            nxt = secret.seat_to_choose(s)
            if nxt is not None:
                s["current"] = nxt
            else:
                self._reveal()
        elif s["phase"] in ("setup", "final"):
            card = cast(FaceDown, action).card      # the legal actions of these phases are FaceDown(card)
            s["hands"][p].remove(card)
            s["down"][p].append(card)
            s["to_place"].remove(p)
            self._emit(ev.PLACE, (placed_down_text, me), me)
            self._emit(ev.PLACE, (card_text, me, "places the", card, " face down"), me, visible_to=(p,), card=card)
        else:
            self._do_step(s["steps"].pop(0), action)
        self._proceed()

    def _deal_card(self, card: str) -> None:
        """The drawn ``card`` goes where the next queued draw sends it (not :meth:`Game._draw`, the dice's stream)."""
        s = self._state
        target, seat = s["draws"].pop(0)
        s["deck"].remove(card)
        if target == "public":
            s["public"].append(card)
            self._know_all([card])
            self._emit(ev.DEAL, (_dealt_card_text, None, card, "public"), None, card=card, to=target)
            return
        who = self.players[seat]
        seen = s["seen"][seat]          # sorted, without repeats
        if card not in seen:
            insort(seen, card)
        if target == "drawn":
            s["drawn"].append(card)
        else:
            (s["hands"] if target == "hand" else s["down"])[seat].append(card)
        kind = ev.DRAW if target == "drawn" else ev.DEAL
        self._emit(kind, (ev.dealt_text, who, 1, target), who, to=target)
        self._emit(kind, (_dealt_card_text, who, card, target), who, visible_to=(seat,), card=card, to=target)

    # --------------------------------------------------------------- flow
    def _proceed(self) -> None:
        """Move on to the next decision or draw: skip empty steps, end turns and rounds, score at the end."""
        s = self._state
        n = len(self.players)
        # Once per call, not once per pass of the loop: no pass changes a Personal Area or starts a phase "act".
        if not s["final"] and s["phase"] == "act":
            who = tuple(self.players[i] for i in range(n) if len(s["up"][i]) + len(s["down"][i]) >= FINAL_AT)
            if who:
                s["final"] = True
                self._emit(ev.FINAL, (_final_text, who), None)
        while True:
            if s["draws"]:
                if not s["deck"]:
                    if s["discard"]:
                        s["deck"] = sorted(s["discard"], key=_ORDER.__getitem__)
                        s["discard"] = []
                        self._emit(ev.SHUFFLE, (_shuffle_text, len(s["deck"])), None)
                    else:
                        k = len(s["draws"])
                        s["draws"] = []
                        self._emit(ev.EMPTY, (_empty_text, k), None)
                        continue
                seat = s["draws"][0][1]
                if seat is not None:
                    s["current"] = seat
                return
            phase = s["phase"]
            if phase == "deal":
                if self.advanced:
                    s["phase"], s["to_place"] = "setup", list(range(n))
                    continue
                self._start_round()
                return
            if phase in ("setup", "final"):
                s["to_place"] = [i for i in s["to_place"] if s["hands"][i]]
                if s["to_place"]:
                    s["current"] = s["to_place"][0]
                    return
                if phase == "setup":
                    self._start_round()
                else:
                    self._finish()
                return
            if phase == "act":
                if s["steps"]:
                    step = s["steps"][0]
                    if self._has_options(step):
                        s["current"] = s["order"][s["pos"]][0]
                        return
                    s["steps"].pop(0)
                    continue
                self._end_turn()
                continue
            if phase == "refill":
                self._start_round()
            return

    def _start_round(self) -> None:
        s = self._state
        seats = [i for i, h in enumerate(s["hands"]) if h]
        if not seats:
            self._emit(ev.NOTHING, "Nobody has a card left to play", None)
            self._finish()
            return
        if s["phase"] == "refill":
            s["turn"] += 1
        s["phase"], s["order"], s["pos"] = "choose", [], 0
        secret.open_round(s, seats)
        s["current"] = secret.seat_to_choose(s)

    def _reveal(self) -> None:
        s = self._state
        picks = secret.reveal(s)
        order = sorted(picks.items(), key=lambda kv: play_order(kv[1]))
        s["order"] = [[i, c] for i, c in order]
        self._know_all([c for _, c in order])
        cards = tuple(c for _, c in order)
        self._emit(ev.REVEAL, (_reveal_text, tuple(self.players[i] for i, _ in order), cards), None, cards=cards)
        s["phase"], s["pos"], s["steps"] = "act", 0, ["action"]
        s["current"] = order[0][0]

    def _end_turn(self) -> None:
        s = self._state
        seat, card = s["order"][s["pos"]]
        s["public"].append(card)
        who = self.players[seat]
        self._emit(ev.TO_PUBLIC, (_joins_text, who, card), who, card=card)
        s["pos"] += 1
        if s["pos"] < len(s["order"]):
            s["steps"] = ["action"]
            s["current"] = s["order"][s["pos"]][0]
            return
        s["draws"] = [["hand", i] for i, h in enumerate(s["hands"]) for _ in range(HAND - len(h))]
        if s["final"]:
            s["phase"], s["to_place"] = "final", list(range(len(self.players)))
        else:
            s["draws"] += [["public", None]] * max(0, PUBLIC - len(s["public"]))
            s["phase"] = "refill"

    def _finish(self) -> None:
        s = self._state
        n = len(self.players)
        self._know_all([c for d in s["down"] for c in d])
        for i in range(n):
            score = self.score_of(self.players[i])
            s["scores"][i] = score.points
            who, pts = self.players[i], score.points
            self._emit(ev.SCORE, (_score_text, who, pts), who, points=pts)
        best = max(s["scores"])
        won = [i for i in range(n) if s["scores"][i] == best]
        s["phase"] = "over"
        s["winner"] = won[0] if len(won) == 1 else won
        names = tuple(self.players[i] for i in won)
        self._emit(ev.WIN, (_win_text, names, best), None, winners=names)

    def check_invariants(self) -> None:
        s = self._state
        where = list(s["deck"]) + list(s["discard"]) + list(s["public"]) + list(s["specials"]) + list(s["drawn"])
        for i in range(len(self.players)):
            where += s["hands"][i] + s["up"][i] + s["down"][i]
        where += [c for _, c in s["order"][s["pos"]:]]
        pending = s.get(secret.KEY)
        if pending:
            where += [p for p in pending["picks"] if p is not None]
        assert sorted(where, key=_ORDER.__getitem__) == list(ALL_CARDS), \
            f"the 86 cards are not all accounted for exactly once: {len(where)} found"
        assert all(is_basic(c) for c in s["deck"] + s["discard"] + s["public"]), "a special card left the specials"
        assert all(is_basic(c) for d in s["down"] for c in d), "a face-down card is special"
        assert (s["winner"] is not None) == (s["phase"] == "over")


def possessive_name(name: str) -> str:
    """ "Ann's" or "Your" (a sentence's first word).

    Raises ValueError if ``name`` is not a str.
    """
    if not isinstance(name, str):
        raise ValueError(f"a player's name must be a str, e.g. 'Ann'; got {excerpt(name)}")
    return possessive(name)
