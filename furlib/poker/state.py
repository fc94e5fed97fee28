"""Where a game of Furry Poker is: the deck and the discard pile, the Public Area, every hand and Personal
Area, the draws to come, the round's order of play and the steps of the effect under way."""

from __future__ import annotations

import marshal
from typing import Any, ClassVar

from ..core.engine.state import State
from .cards import ALL_CARDS

__all__ = ["PokerState", "HAND", "PUBLIC", "FINAL_AT"]

#: The rulebook's sizes: the hand a player refills to, the Public Area, and the Personal cards that start the
#: final round.
HAND, PUBLIC, FINAL_AT = 6, 5, 7

_PLACES = {card: i for i, card in enumerate(ALL_CARDS)}     # each card's place among the 86
_NUMBER = _PLACES.__getitem__


def _packed(value: Any) -> Any:
    """``value`` as a checkpoint keeps it: a list of cards as the bytes of their places among the 86 (a byte
    each, not marshal's four or five), lists of such lists likewise; anything else as it is."""
    if type(value) is list and value:
        first = value[0]
        if type(first) is list:
            return [_packed(v) for v in value]
        if type(first) is str and first in _PLACES:
            try:
                return bytes(map(_NUMBER, value))
            except (KeyError, TypeError):  # not cards only: kept as it is
                return value
    return value


def _unpacked(value: Any) -> Any:
    """What :func:`_packed` kept, as it was (a state holds no bytes, so bytes are always a list of cards)."""
    if type(value) is bytes:
        return [ALL_CARDS[i] for i in value]
    if type(value) is list and value and type(value[0]) in (list, bytes):     # a list _packed went into
        return [_unpacked(v) for v in value]
    return value


class PokerState(State):
    """The state of a game of Furry Poker (see :class:`furlib.core.engine.state.State`). In a player's view
    a list of cards the player may not see is a count (the deck, another player's hand, face-down cards)."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"secret"})

    turn: int
    current: int
    #: "deal", "setup" (Advanced Rules), "choose" (secret play), "act", "refill", "final" or "over".
    phase: str
    winner: int | list[int] | None
    scores: list[int]
    deck: Any
    discard: Any
    public: list[str]
    #: Each hand; each Personal Area's face-up and face-down cards.
    hands: list[Any]
    up: list[list[str]]
    down: list[Any]
    #: The special cards set aside (Color-Change and Ability cards).
    specials: list[str]
    #: The draws to come: ``[where, seat]`` ("public", "hand", "down" or "drawn").
    draws: list[list[Any]]
    #: A Leopard's or Crow's drawn cards, and whose they are.
    drawn: Any
    drawn_by: int | None
    #: The round's cards in order of play ``[seat, card]``, and the place of the player acting.
    order: list[list[Any]]
    pos: int
    #: The steps of the effect under way (see :mod:`furlib.poker.effects`).
    steps: list[str]
    final: bool
    #: The seats still to place a card face down (Advanced Rules, the final round).
    to_place: list[int]
    #: The cards every player has seen, and the cards each player has drawn, sorted.
    shown: list[str]
    seen: list[Any]
    secret: dict[str, Any] | None = None

    def pack(self) -> bytes:
        """The state as bytes for a checkpoint: its lists of cards a byte a card (a third of the bytes of
        :meth:`State.pack <furlib.core.engine.state.State.pack>`, kept every 16 actions of a game)."""
        return marshal.dumps(tuple([_packed(v) for v in self.values()]))

    @classmethod
    def unpack(cls, data: bytes) -> PokerState:
        """The state :meth:`pack` kept: a new one, equal to the one packed, that shares nothing."""
        return cls.from_values(tuple([_unpacked(v) for v in marshal.loads(data)]))
