"""The state of a Pig game: whose turn, the scores, and the turn's points so far."""

from __future__ import annotations

from ..core.engine.state import State

__all__ = ["PigState"]


class PigState(State):
    """Where a Pig game is (see :class:`furlib.core.engine.state.State`)."""

    turn: int
    current: int
    #: "roll" (the die is to be rolled), "decide" (roll again or hold) or "over".
    phase: str
    winner: int | None
    scores: list[int]
    #: The points of this turn so far: lost on a 1, banked by a hold.
    turn_total: int
    #: The face of the game's last roll (whoever rolled it), None before the first.
    last: int | None
