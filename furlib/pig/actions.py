"""Pig's actions: the face the die shows (a chance outcome), and the two decisions, roll again or hold."""

from __future__ import annotations

from ..core.engine.actions import Action, whole_number

__all__ = ["Die", "Roll", "Hold", "SIDES"]

#: Faces of the die, numbered 1 to ``SIDES``.
SIDES = 6


class Die(Action):
    """Chance outcome: the face the die shows, 1 to 6 (e.g. ``Die(4)``)."""

    face: int

    CHECKS = {"face": whole_number(1, SIDES, "{action}'s {field} must be a whole number from {low} to {high}, "
                                             "e.g. {example}; got {value}")}
    EXAMPLE = "Die(4)"
    TEXT = "roll a {face}"


class Roll(Action):
    """Risk the turn total and roll the die again."""

    TEXT = "roll again"


class Hold(Action):
    """Bank the turn total: it is added to your score and the turn ends."""

    TEXT = "hold"
