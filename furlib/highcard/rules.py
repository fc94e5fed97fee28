"""High Card's rules: the smallest game with hidden hands, a shuffled deck and secret simultaneous play.

It is furlib's test game for hidden information (and an example of how to add a game, in
``docs/add-a-game.md``): each player is dealt a hand from a shuffled deck (:meth:`HighCardRules.dealt`);
every round all players pick a card in secret (:meth:`HighCardRules.chosen`), the picks are shown together
and the highest card takes the trick (:meth:`HighCardRules.show`). The most tricks win
(:meth:`HighCardRules.finish`).
"""

from __future__ import annotations

from typing import Any

from ..core.engine import secret
from ..core.engine.actions import DeckChance
from ..core.engine.rules import Log, Rules
from ..core.engine.secret import play_in_secret
from ..core.errors import check_int, excerpt
from ..core.words import act, plural
from . import events as ev
from .actions import DEALS, NAMES, PLAYS, RANKS, Deal, Play
from .state import HighCardState

__all__ = ["HighCardRules"]


class HighCardRules(DeckChance, Rules):
    """High Card for ``players`` seats, a deck of ``cards`` and hands of ``hand`` cards.

    The deal: each card left in the deck comes next with the same chance (:class:`DeckChance`).
    """

    ACTIONS = (Deal, Play)
    CHANCE_PHASE = "deal"
    DEAL, DEALT = Deal, DEALS

    def __init__(self, players: int, cards: int = 10, hand: int = 3):
        super().__init__(players)
        self.cards = check_int("cards", cards, low=2, high=len(NAMES))
        self.hand = check_int("hand", hand, low=1, high=self.cards)
        if self.hand * players > self.cards:
            raise ValueError(f"hand={self.hand} for {plural(players, 'player')} needs {self.hand * players} cards, "
                             f"but the deck has cards={self.cards}; use a smaller hand or more cards")

    def params(self) -> dict[str, Any]:
        return {"cards": self.cards, "hand": self.hand}

    def start(self, log: Log) -> HighCardState:
        """The deck is the lowest ``cards`` cards; the first card goes to the first seat."""
        n = self.players
        return HighCardState(turn=1, current=0, phase="deal", winner=None, scores=(0,) * n,
                             deck=NAMES[:self.cards], hands=((),) * n, shown=())

    # ------------------------------------------------------------ the play
    def legal_actions(self, state: HighCardState) -> list[object]:
        """Any card of the hand, lowest first."""
        return list(map(PLAYS.__getitem__, sorted(state.hands[state.current], key=RANKS.__getitem__)))

    def why_illegal(self, state: HighCardState, action: object, players: tuple[str, ...]) -> str:
        if isinstance(action, Play):
            return act(players[state.current], f"has no {excerpt(action.card)} in hand.")
        return f"{excerpt(action)} is not a High Card action (expected Play(card))."

    def apply(self, state: HighCardState, action: object, log: Log) -> None:
        if type(action) is Deal:
            self.dealt(state, action.card, log)
        else:
            assert isinstance(action, Play), action   # apply gets legal actions only
            self.chosen(state, action.card, log)

    def dealt(self, state: HighCardState, card: str, log: Log) -> None:
        """The card dealt goes to the seat with the fewest cards (the first of them); a full deal opens the
        first round."""
        me, hands, deck = state.current, state.hands, state.deck
        at = deck.index(card)
        state.deck = deck[:at] + deck[at + 1:]
        state.hands = (*hands[:me], (*hands[me], card), *hands[me + 1:])
        log.emit(ev.DEAL, me)
        log.emit(ev.DEAL, me, visible_to=(me,), card=card)
        sizes = list(map(len, state.hands))
        fewest = min(sizes)
        if fewest < self.hand:
            state.current = sizes.index(fewest)
            return
        state.phase = "play"
        secret.open_round(state, range(self.players))
        state.current = 0

    def chosen(self, state: HighCardState, card: str, log: Log) -> None:
        """A card picked in secret leaves the hand; when every seat has picked, the cards are shown."""
        me, hands = state.current, state.hands
        hand = hands[me]
        at = hand.index(card)
        state.hands = (*hands[:me], hand[:at] + hand[at + 1:], *hands[me + 1:])
        if play_in_secret(state, me, card, ev.CHOOSE, log):
            self.show(state, log)

    def show(self, state: HighCardState, log: Log) -> None:
        """Every pick is shown; the single highest card takes the trick (a tie: nobody)."""
        picks = secret.reveal(state)
        cards = state.shown = tuple([picks[i] for i in range(self.players)])
        ranks = [RANKS[c] for c in cards]
        best = max(ranks)
        taker = ranks.index(best) if ranks.count(best) == 1 else None
        if taker is not None:
            scores = state.scores
            state.scores = (*scores[:taker], scores[taker] + 1, *scores[taker + 1:])
        log.emit(ev.REVEAL, None, cards=cards, taker=None if taker is None else log.name(taker))
        if not state.hands[0]:
            self.finish(state, log)
            return
        state.turn += 1
        secret.open_round(state, range(self.players))
        state.current = 0

    def finish(self, state: HighCardState, log: Log) -> None:
        """The most tricks win (a tie shares the win)."""
        best = max(state.scores)
        won = [i for i, x in enumerate(state.scores) if x == best]
        state.phase = "over"
        state.winner = won[0] if len(won) == 1 else won
        log.emit(ev.WIN, None, winners=tuple(log.name(i) for i in won))

    # ------------------------------------------------------------ what each player may see
    def redact(self, state: HighCardState, seat: int | None) -> HighCardState:
        """What ``seat`` may see: the deck and every hand but its own as counts, and no pick but its own. A new
        state (made in field order), sharing the tuples of ``state``, which is not changed."""
        hands = state.hands
        counts: list[Any] = list(map(len, hands))   # every hand a count, but the viewer's
        if seat is not None:
            counts[seat] = hands[seat]
        winner, choice = state.winner, state.secret
        return HighCardState(state.turn, state.current, state.phase,
                             winner[:] if type(winner) is list else winner, state.scores, len(state.deck),
                             tuple(counts), state.shown, None if choice is None else secret.redacted(choice, seat))

    def secrets(self, state: HighCardState, seat: int | None) -> set[str]:
        hidden = set(state.deck)
        for i, h in enumerate(state.hands):
            if i != seat:
                hidden.update(h)
        if state.secret:
            hidden.update(p for i, p in enumerate(state.secret["picks"]) if p is not None and i != seat)
        return hidden

    def check(self, state: HighCardState) -> None:
        held = [c for h in state.hands for c in h]
        picked = secret.picks_so_far(state)
        shown_total = ((state.turn - (0 if state.phase == "over" else 1)) * self.players
                       if state.phase != "deal" else 0)
        assert len(state.deck) + len(held) + len(picked) + shown_total == self.cards, "a card was lost or made"
        assert len(set(state.deck) | set(held) | set(picked)) == len(state.deck) + len(held) + len(picked)
        assert (state.winner is not None) == (state.phase == "over")
