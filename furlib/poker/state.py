"""Where a game of Furry Poker is: the deck and the discard pile, the Public Area, every hand and Personal
Area, the draws to come, the round's order of play and the steps of the effect under way."""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.engine.state import State

__all__ = ["PokerState"]


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
