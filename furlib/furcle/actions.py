"""Oh Furcle!'s actions: the chance outcome (the dice rolled) and the four decisions.

Each action is a small frozen value with a readable ``str()``; its fields are checked when it is made
(``Beekin(1.0)`` is refused), so a save holds plain JSON.
"""

from __future__ import annotations

from ..core.engine.actions import Action, set_whole_number, tuple_of
from .scoring import MAX_DICE

__all__ = ["Dice", "Roll", "Satisfied", "Beekin", "AcceptFurcle"]


class Dice(Action):
    """Chance outcome: the faces of the dice just rolled (e.g. ``Dice((3, 3, 5, 6, 1))``)."""

    faces: tuple[int, ...]

    CHECKS = {"faces": tuple_of("int", most=MAX_DICE, limit="MAX_DICE")}
    EXAMPLE = "Dice((3, 3, 5, 6, 1))"

    def __str__(self) -> str:
        return "roll " + ",".join(str(f) for f in self.faces)


class Roll(Action):
    """Not Satisfied: keep the turn score and roll the dice that scored again."""

    TEXT = "roll again"


class Satisfied(Action):
    """Be Satisfied: add the turn score to your track score; the turn ends."""

    TEXT = "be Satisfied"


class Beekin(Action):
    """Say "Beekin!": add 1 to die number ``die`` (counting from 0) of this roll."""

    die: int

    CHECKS = {"die": set_whole_number}
    EXAMPLE = "Beekin(0) for the first die"
    TEXT = "Beekin die {die}"


class AcceptFurcle(Action):
    """Say "Oh Furcle!": lose the turn score and end the turn (instead of a Beekin)."""

    TEXT = "accept the Furcle"
