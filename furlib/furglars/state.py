"""Where a game of The Furglars is: the dice in front of each player, the cards, the pass pile."""

from __future__ import annotations

from ..core.engine.state import State

__all__ = ["FurglarsState"]


class FurglarsState(State):
    """The state of a game of The Furglars (see :class:`furlib.core.engine.state.State`)."""

    turn: int
    current: int
    #: "roll" (the current player's dice are to be rolled), "hands" (Hands to use) or "over".
    phase: str
    #: Each player's Bullion Points, in seat order.
    scores: list[int]
    #: Dice in front of each player, waiting to be rolled.
    front: list[int]
    #: Furgles and Locks on each player's card.
    furgles: list[int]
    locks: list[int]
    #: The current player's pass pile: ``{"hand": n, "x": n, "lock": n}`` (a broken Lock joins it).
    pile: dict[str, int]
    #: Hands of this turn not used yet.
    unused: int
    #: Whether the roll to come (or just made) is an X-factor bonus roll.
    bonus: bool
    #: The faces of the last roll of this turn.
    roll: list[str]
    winner: int | None
