"""Where a game of High Card is: the deck, the hands, the cards shown and the secret picks of the round."""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.engine.state import State

__all__ = ["HighCardState"]


class HighCardState(State):
    """The state of a game of High Card (see :class:`furlib.core.engine.state.State`). Its values are tuples,
    never changed in place (a change makes a new tuple), so a copy or a view shares them."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"secret"})

    turn: int
    current: int
    #: "deal" (a card is to be dealt), "play" (picks in secret) or "over".
    phase: str
    winner: int | list[int] | None
    #: Tricks taken, in seat order.
    scores: tuple[int, ...]
    #: The cards left in the deck (in a player's view: how many).
    deck: Any
    #: Each hand (in a player's view: another player's hand is how many cards it holds).
    hands: tuple[Any, ...]
    #: The cards shown in the last round, in seat order.
    shown: tuple[str, ...]
    #: The secret choice of the round, while it is open (:mod:`furlib.core.engine.secret`).
    secret: dict[str, Any] | None = None
