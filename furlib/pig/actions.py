"""Pig's actions: the face the die shows (a chance outcome), and the two decisions, roll again or hold."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.engine.actions import set_whole_number
from ..core.errors import IllegalAction, excerpt

__all__ = ["Die", "Roll", "Hold", "SIDES"]

#: Faces of the die, numbered 1 to ``SIDES``.
SIDES = 6


@dataclass(frozen=True)
class Die:
    """Chance outcome: the face the die shows, 1 to 6 (e.g. ``Die(4)``)."""

    face: int

    def __post_init__(self) -> None:
        set_whole_number(self, "face", "Die(4)")
        if not 1 <= self.face <= SIDES:
            raise IllegalAction(f"Die's face must be a whole number from 1 to {SIDES}, e.g. Die(4); "
                                f"got {excerpt(self.face)}")

    def __str__(self) -> str:
        return f"roll a {self.face}"


@dataclass(frozen=True)
class Roll:
    """Risk the turn total and roll the die again."""

    def __str__(self) -> str:
        return "roll again"


@dataclass(frozen=True)
class Hold:
    """Bank the turn total: it is added to your score and the turn ends."""

    def __str__(self) -> str:
        return "hold"
