"""Where a game of Nim is: whose move, and the stones left in each heap."""

from __future__ import annotations

from ..core.engine.state import State

__all__ = ["NimState"]


class NimState(State):
    """The state of a game of Nim (see :class:`furlib.core.engine.state.State`)."""

    turn: int
    current: int
    #: "take" (the current player takes stones) or "over".
    phase: str
    winner: int | None
    #: The stones left in each heap, first heap first (changed in place).
    heaps: list[int]
