"""Furry Poker as numbers: every decision names a card (but Trigger), so a decision is its kind and its card.

=================================  ===========================================
decision                           index
=================================  ===========================================
Trigger                            0 (option A: the played card's effect)
Play, Take, Remove, Keep,          1 + 86 k + c, for the k-th kind of this list
Discard, Place, Pick, Activate,    (Play 0 to FaceDown 9) and the card's place
ToHand, FaceDown (card)            c in the 86 cards (``poker.cards.ALL_CARDS``:
                                   Red 1 to Gray 12, CC1 to CC6, +1 to -4)
=================================  ===========================================

861 decision indices in all; most name a card the step cannot name and are
never legal. A chance outcome ``Draw(card)`` is the card's place among the
72 basic cards (the deck holds only those).

The observation (after the common pieces); a card set is 86 flags in the
order of ``ALL_CARDS``, and a count ``c`` is ``c / (c + u)`` with ``u`` 6
for a hand, 7 for a Personal Area, 4 for the drawn cards:

* ``hand`` (86), ``hand_sizes`` (n): the seat's cards, and every hand's size;
* ``up`` (n x 86): every Personal Area's face-up cards;
* ``down`` (n x 86), ``down_sizes`` (n): the face-down cards the seat may see
  (its own; everybody's once the game is over), and how many each area holds;
* ``public`` (86); ``deck`` (1), ``discard`` (1): the sizes of the deck and
  the discard pile, divided by 72;
* ``shown`` (86): the cards every player has seen; ``seen`` (86): the cards
  the seat itself has drawn; ``specials`` (86): the special cards left;
* ``played`` (n x 86), ``acting`` (n): this round's shown cards by seat, and
  the seat acting now;
* ``step`` (14): one-hot of the acting player's step (``poker.effects.STEPS``);
* ``decision`` (2): the seat is to choose a card to play, or to place one face down;
* ``drawn`` (86), ``drawn_count`` (1): a Leopard's or Crow's drawn cards (the
  seat's own), and how many there are;
* ``final`` (1): the final round; ``chosen`` (n): who has chosen this round's
  card; ``my_pick`` (86): the seat's own choice.

The information state is the observation as numbers (it already keeps the
cards the seat has seen); its string adds every event the seat has seen, in
order, so the string tells apart every pair of histories the seat can.

>>> from furlib import FurryPoker
>>> enc = PokerEncoder(FurryPoker(seed=0), 1000)
>>> enc.num_actions, enc.num_chance
(861, 72)
>>> from furlib.poker import Play, Trigger
>>> enc.action_name(0), enc.action_name(1 + 6), enc.action_name(1 + 73)
("trigger the card's effect", 'play the Red 7 (Lion)', 'play the Color-Change card (CC2)')
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...core import Game
from ...poker import (
    Activate,
    Discard,
    Draw,
    FaceDown,
    FurryPoker,
    Keep,
    Pick,
    Place,
    Play,
    Remove,
    Take,
    ToHand,
    Trigger,
)
from ...poker import events as ev
from ...poker.cards import ALL_CARDS, BASIC, COLOR_CHANGES
from ...poker.effects import STEPS
from ...poker.views import PokerFacts
from .base import Encoder, FloatArray, unit

__all__ = ["PokerEncoder"]

_KINDS: tuple[type, ...] = (Play, Take, Remove, Keep, Discard, Place, Pick, Activate, ToHand, FaceDown)
_KIND = {k: i for i, k in enumerate(_KINDS)}
_CARD = {c: i for i, c in enumerate(ALL_CARDS)}
_BASIC = {c: i for i, c in enumerate(BASIC)}
_STEP = {s: i for i, s in enumerate(STEPS)}
C = len(ALL_CARDS)


class PokerEncoder(Encoder):
    """Furry Poker's decisions, draws and views as numbers (see the module docstring)."""

    game_class: ClassVar[type[Game]] = FurryPoker
    short_name = "poker"
    chance_type = Draw
    perfect_information = False
    MAX_PLAYERS = 6     # Furry Poker's own

    def count_actions(self) -> int:
        return 1 + len(_KINDS) * C

    def count_chance(self) -> int:
        return len(BASIC)

    def action_index(self, action: object, game: Game) -> int:
        if type(action) is Trigger:
            return 0
        return 1 + C * _KIND[type(action)] + _CARD[action.card]  # type: ignore[attr-defined]  # names a card

    def action_name(self, index: int) -> str:
        if index == 0:
            return str(Trigger())
        kind, card = divmod(index - 1, C)
        name = str(_KINDS[kind](ALL_CARDS[card]))
        return f"{name} ({ALL_CARDS[card]})" if ALL_CARDS[card] in COLOR_CHANGES else name   # they are alike

    def chance_index(self, outcome: object, game: Game) -> int:
        assert isinstance(outcome, Draw)
        return _BASIC[outcome.card]

    def observation_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        n = self.n
        return [("hand", (C,)), ("hand_sizes", (n,)), ("up", (n, C)), ("down", (n, C)), ("down_sizes", (n,)),
                ("public", (C,)), ("deck", (1,)), ("discard", (1,)), ("shown", (C,)), ("seen", (C,)),
                ("specials", (C,)), ("played", (n, C)), ("acting", (n,)), ("step", (len(STEPS),)),
                ("decision", (2,)), ("drawn", (C,)), ("drawn_count", (1,)), ("final", (1,)), ("chosen", (n,)),
                ("my_pick", (C,))]

    def fill_observation(self, parts: dict[str, FloatArray], view: Any, seat: int) -> None:
        assert isinstance(view, PokerFacts)
        me = self.players[seat]
        hands, personal = view.hands, view.personal
        _cards(parts["hand"], hands[me])
        for i, p in enumerate(self.players):
            held = hands[p]
            parts["hand_sizes"][i] = unit(held if isinstance(held, int) else len(held), 6)
            _cards(parts["up"][i], personal[p]["up"])
            down = personal[p]["down"]
            _cards(parts["down"][i], down)
            parts["down_sizes"][i] = unit(down if isinstance(down, int) else len(down), 7)
            if not view.is_over and view.has_chosen(p):
                parts["chosen"][i] = 1
        _cards(parts["public"], view.public)
        parts["deck"][0] = view.deck_size / len(BASIC)
        parts["discard"][0] = view.discard_size / len(BASIC)
        _cards(parts["shown"], view.shown)
        _cards(parts["seen"], view.seen_by(me))
        _cards(parts["specials"], view.specials_left)
        order = view.round_order
        for p, card in order:
            parts["played"][self.seat_of(p), _CARD[card]] = 1
        if view.step_name is not None and view.acting < len(order):
            parts["acting"][self.seat_of(order[view.acting][0])] = 1
            parts["step"][_STEP[view.step_name]] = 1
        if view.current_player == me and not view.is_chance:
            kinds = {type(a) for a in view.legal_actions()}
            parts["decision"][0] = Play in kinds
            parts["decision"][1] = FaceDown in kinds
        drawn = view.drawn
        _cards(parts["drawn"], drawn)
        parts["drawn_count"][0] = unit(drawn if isinstance(drawn, int) else len(drawn), 4)
        parts["final"][0] = view.final_round
        if not view.is_over and view.has_chosen(me):
            for e in reversed(view.events_for(me)):
                if e.kind == ev.PLAY and e.player == me and "card" in e.data:
                    parts["my_pick"][_CARD[e.data["card"]]] = 1
                    break

    def history_text(self, view: Any, seat: int) -> str:
        me = self.players[seat]
        return "; ".join(f"{e.kind} {e.player or ''} {dict(e.data) if e.data else ''}".rstrip()
                         for e in view.events_for(me))


def _cards(piece: FloatArray, cards: object) -> None:
    """Flag each card of ``cards`` (a list of card names; a count or None flags nothing)."""
    if isinstance(cards, (list, tuple)):
        for card in cards:
            piece[_CARD[card]] = 1
