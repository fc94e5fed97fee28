"""The actions of The Furglars: the roll (a chance outcome), the two uses of a Hand, and Done.

Each is a small frozen value with a readable ``str()``, its fields checked when it is made.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass
from itertools import islice

from ..core.engine.actions import check_text, set_tuple
from ..core.engine.players import MAX_NAME_CHARS
from ..core.errors import IllegalAction, excerpt
from ..core.words import named, possessive
from .faces import KINDS, MAX_DICE_IN_PLAY

__all__ = ["Roll", "BreakLock", "StealFurgle", "Done", "ACTIONS"]

_KIND_SET = frozenset(KINDS)


@dataclass(frozen=True)
class Roll:
    """Chance outcome: the faces the dice show, e.g. ``Roll(("hand", "lock", "x"))``.

    The order of the faces does not matter (the dice are alike); a list (or
    any ordered collection, read lazily: at most ``MAX_DICE_IN_PLAY``, 60,
    faces, as no roll has more dice) is turned into a tuple. Each face is one
    of ``"furgle"``, ``"lock"``, ``"hand"``, ``"x"``, written exactly so.
    """

    faces: tuple[str, ...]

    def __post_init__(self) -> None:
        faces = self.faces
        if isinstance(faces, Set):   # no order and no repeats: it cannot show two dice alike
            raise IllegalAction(f'Roll\'s faces must be a list of words, e.g. Roll(("hand", "lock", "x")); got a set, '
                                f"{excerpt(faces)}")
        if type(faces) is not tuple and isinstance(faces, Iterable) and not isinstance(faces, (str, bytes, Mapping)):
            faces = tuple(islice(faces, MAX_DICE_IN_PLAY + 1))   # read lazily: no roll has more dice
            object.__setattr__(self, "faces", faces)
        if type(faces) is tuple:
            if len(faces) > MAX_DICE_IN_PLAY:
                raise IllegalAction(f"Roll's faces must be at most {MAX_DICE_IN_PLAY} faces (MAX_DICE_IN_PLAY), e.g. "
                                    f'Roll(("hand", "lock", "x")); got more: {excerpt(faces)}')
            for f in faces:
                if isinstance(f, str) and f not in _KIND_SET:
                    raise IllegalAction(f"Roll's faces must each be 'furgle', 'lock', 'hand' or 'x', written exactly "
                                        f'so, e.g. Roll(("hand", "lock", "x")); got {excerpt(f)} in {excerpt(faces)}')
        set_tuple(self, "faces", "str", 'Roll(("hand", "lock", "x"))')

    def __str__(self) -> str:
        return "roll " + ",".join(str(f) for f in self.faces)


@dataclass(frozen=True)
class BreakLock:
    """Use one Hand to break one Lock on ``player``'s card (the die joins your pass pile)."""

    player: str

    def __post_init__(self) -> None:
        check_text(self, "player", 'BreakLock("Ann")')
        _check_name_length(self)

    def __str__(self) -> str:
        return f"break {possessive(self.player, capital=False)} Lock"


@dataclass(frozen=True)
class StealFurgle:
    """Use one Hand to steal one Furgle from ``player``, who has no Lock left (it goes on your card)."""

    player: str

    def __post_init__(self) -> None:
        check_text(self, "player", 'StealFurgle("Ann")')
        _check_name_length(self)

    def __str__(self) -> str:
        return f"steal a Furgle from {named(self.player)}"


@dataclass(frozen=True)
class Done:
    """Leave the remaining Hands unused and pass the dice to the left: the turn ends."""

    def __str__(self) -> str:
        return "done: pass the dice"


def _check_name_length(action: BreakLock | StealFurgle) -> None:
    """A Hand's target is a player's name: at most ``MAX_NAME_CHARS`` characters (no player has a longer one)."""
    if len(action.player) > MAX_NAME_CHARS:
        raise IllegalAction(f"{type(action).__name__}'s player must be a player's name, at most {MAX_NAME_CHARS} "
                            f'characters (MAX_NAME_CHARS), e.g. {type(action).__name__}("Ann"); got '
                            f"{excerpt(action.player)}")


ACTIONS = (Roll, BreakLock, StealFurgle, Done)
