"""Where a game of Thieves is: the eight thieves, the gold, this turn's keys and uses, the stake."""

from __future__ import annotations

from typing import Any

from ..core.engine.state import State

__all__ = ["ThievesState", "UseRecord"]

#: A key use as the state keeps it: ``[kind, thief 0-7, [row, col] from, [row, col] to]``.
UseRecord = list[Any]


class ThievesState(State):
    """The state of a game of Thieves (see :class:`furlib.core.engine.state.State`)."""

    turn: int
    current: int
    #: "offer" (to double or not), "answer" (the offer), "roll", "keys" (use them) or "over".
    phase: str
    winner: int | None
    #: The eight thieves' squares ``[row, col]``: Pale's thieves 1-4, then Dark's.
    thieves: list[list[int]]
    #: The thief (0-7) carrying the gold, or None while it lies on the central square.
    carrier: int | None
    #: The keys of this turn's roll not used yet, and the roll.
    keys: list[str]
    roll: list[str]
    #: The thieves that moved this turn, and those that passed the gold.
    moved: list[int]
    passed: list[int]
    #: This turn's key uses so far, and the last finished turn's.
    uses: list[UseRecord]
    last_uses: list[UseRecord]
    #: The stake (doubling variant), and who may double it next (None: either player).
    stake: int
    cube: int | None
    #: True once a thief has escaped with the gold.
    escaped: bool
