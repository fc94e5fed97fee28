"""Where an Oh Furcle! game is: the track scores, the Leader, and the turn under way."""

from __future__ import annotations

from ..core.engine.state import State

__all__ = ["FurcleState"]


class FurcleState(State):
    """The state of an Oh Furcle! game (see :class:`furlib.core.engine.state.State`)."""

    turn: int
    current: int
    #: Each player's track score, in seat order.
    scores: list[int]
    #: The Leader's seat, or None while nobody has reached the target.
    leader: int | None
    #: "roll" (the dice are to be rolled), "decide" (a roll is on the table) or "over".
    phase: str
    #: How many dice the next roll uses (the scoring dice of the roll on the table, while one is).
    to_roll: int
    #: The faces of the roll on the table (empty before the turn's first roll).
    dice: tuple[int, ...]
    #: The points of the roll on the table (0 for a Furcle, and while no roll is on the table).
    points: int
    #: The points of the turn's earlier rolls (what "roll again" kept).
    turn_score: int
    beekin_used: bool
    #: The position of the die this turn's Beekin raised, in the roll on the table.
    beekin_die: int | None
    winner: int | None
