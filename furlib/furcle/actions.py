"""Oh Furcle!'s actions: the chance outcome (the dice rolled) and the four decisions.

Each action is a small frozen value with a readable ``str()``; its fields are checked when it is made
(``Beekin(1.0)`` is refused), so a save holds plain JSON.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import islice

from ..core.engine.actions import set_tuple, set_whole_number
from ..core.errors import IllegalAction, excerpt
from .scoring import MAX_DICE

__all__ = ["Dice", "Roll", "Satisfied", "Beekin", "AcceptFurcle"]


@dataclass(frozen=True)
class Dice:
    """Chance outcome: the faces of the dice just rolled (e.g. ``Dice((3, 3, 5, 6, 1))``)."""

    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        faces = self.faces
        if type(faces) is not tuple and isinstance(faces, Iterable) and not isinstance(faces, (str, bytes, Mapping)):
            faces = tuple(islice(faces, MAX_DICE + 1))   # read lazily: no more than a roll can have
            object.__setattr__(self, "faces", faces)
        if type(faces) is tuple and len(faces) > MAX_DICE:
            raise IllegalAction(f"Dice's faces must be at most {MAX_DICE} faces (MAX_DICE), e.g. "
                                f"Dice((3, 3, 5, 6, 1)); got more: {excerpt(faces)}")
        set_tuple(self, "faces", "int", "Dice((3, 3, 5, 6, 1))")

    def __str__(self) -> str:
        return "roll " + ",".join(str(f) for f in self.faces)


@dataclass(frozen=True)
class Roll:
    """Not Satisfied: keep the turn score and roll the dice that scored again."""

    def __str__(self) -> str:
        return "roll again"


@dataclass(frozen=True)
class Satisfied:
    """Be Satisfied: add the turn score to your track score; the turn ends."""

    def __str__(self) -> str:
        return "be Satisfied"


@dataclass(frozen=True)
class Beekin:
    """Say "Beekin!": add 1 to die number ``die`` (counting from 0) of this roll."""

    die: int

    def __post_init__(self) -> None:
        set_whole_number(self, "die", "Beekin(0) for the first die")

    def __str__(self) -> str:
        return f"Beekin die {self.die}"


@dataclass(frozen=True)
class AcceptFurcle:
    """Say "Oh Furcle!": lose the turn score and end the turn (instead of a Beekin)."""

    def __str__(self) -> str:
        return "accept the Furcle"
