"""High Card as numbers: a card is its rank, for a decision and for a deal.

A decision ``Play(card)`` is ``rank(card) - 1`` (0 for the Ant up to
``cards - 1``); so is a chance outcome ``Deal(card)`` (each card left in the
deck equally likely).

The observation (after the common pieces):

* ``hand`` (cards): the seat's own cards;
* ``hand_sizes`` (n): each hand's size, divided by ``hand``;
* ``deck`` (1): the cards left in the deck, divided by ``cards``;
* ``chosen`` (n): who has picked this round's card (not which);
* ``my_pick`` (cards): the seat's own pick this round, once made;
* ``last_round`` (n x cards): the cards shown in the last round, by seat;
* ``tricks`` (n): the tricks each seat has taken, divided by ``hand``.

The information state adds the seat's memory, so it tells apart every
pair of histories the seat can tell apart (but the order its own cards
came in, which changes nothing after the deal):

* ``dealt`` (cards): every card dealt to the seat;
* ``rounds`` (hand x n x cards): the cards shown in each round so far, by seat.

Both read only the seat's view: its hand, the counts, and the events the
seat may see (its own deals and picks, and the cards shown to all).

>>> from furlib.highcard import HighCard, Deal
>>> enc = HighCardEncoder(HighCard(seed=0), 1000)
>>> enc.num_actions, enc.num_chance, enc.max_game_length
(10, 10, 6)
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...core import Game
from ...highcard import NAMES, Deal, HighCard, Play, rank
from ...highcard import events as ev
from ...highcard.views import HighCardFacts
from .base import Encoder, FloatArray, one_hot

__all__ = ["HighCardEncoder"]


class HighCardEncoder(Encoder):
    """High Card's plays, deals and views as numbers (see the module docstring)."""

    game_class: ClassVar[type[Game]] = HighCard
    short_name = "highcard"
    chance_type = Deal
    perfect_information = False
    MAX_PLAYERS = 4     # High Card's own

    def __init__(self, template: Game, max_moves: int):
        assert isinstance(template, HighCard)
        self.cards, self.hand = int(template.cards), int(template.hand)
        super().__init__(template, max_moves)

    def natural_length(self) -> int:
        return self.n * self.hand           # every card dealt is played once

    def count_actions(self) -> int:
        return self.cards

    def count_chance(self) -> int:
        return self.cards

    def action_index(self, action: object, game: Game) -> int:
        assert isinstance(action, Play)
        return rank(action.card) - 1

    def action_name(self, index: int) -> str:
        return str(Play(NAMES[index]))

    def chance_index(self, outcome: object, game: Game) -> int:
        assert isinstance(outcome, Deal)
        return rank(outcome.card) - 1

    def observation_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        n, c = self.n, self.cards
        return [("hand", (c,)), ("hand_sizes", (n,)), ("deck", (1,)), ("chosen", (n,)), ("my_pick", (c,)),
                ("last_round", (n, c)), ("tricks", (n,))]

    def memory_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        return [("dealt", (self.cards,)), ("rounds", (self.hand, self.n, self.cards))]

    def fill_observation(self, parts: dict[str, FloatArray], view: Any, seat: int) -> None:
        assert isinstance(view, HighCardFacts)
        me = self.players[seat]
        hands = view.hands
        mine = hands[me]
        assert isinstance(mine, list)       # the seat's own hand: its cards
        for card in mine:
            parts["hand"][rank(card) - 1] = 1
        for i, p in enumerate(self.players):
            held = hands[p]
            parts["hand_sizes"][i] = (held if isinstance(held, int) else len(held)) / self.hand
            parts["tricks"][i] = view.scores[p] / self.hand
            if not view.is_over and view.has_chosen(p):
                parts["chosen"][i] = 1
        parts["deck"][0] = view.deck_size / self.cards
        for i, card in enumerate(view.last_round):
            parts["last_round"][i, rank(card) - 1] = 1
        if not view.is_over and view.has_chosen(me):
            one_hot(parts["my_pick"], _own_pick(view, me))

    def fill_memory(self, parts: dict[str, FloatArray], view: Any, seat: int) -> None:
        me = self.players[seat]
        r = 0
        for e in view.events_for(me):
            if e.kind == ev.DEAL and e.player == me and "card" in e.data:
                parts["dealt"][rank(e.data["card"]) - 1] = 1
            elif e.kind == ev.REVEAL:
                for i, card in enumerate(e.data["cards"]):
                    parts["rounds"][r, i, rank(card) - 1] = 1
                r += 1


def _own_pick(view: Any, me: str) -> int:
    """The index of the card ``me`` picked this round, from the last pick event ``me`` may see."""
    for e in reversed(view.events_for(me)):
        if e.kind == ev.CHOOSE and e.player == me and "card" in e.data:
            return rank(e.data["card"]) - 1
    raise AssertionError(f"{me} has chosen, but no event says which card")   # pragma: no cover
