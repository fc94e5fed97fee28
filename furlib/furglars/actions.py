"""The actions of The Furglars: the roll (a chance outcome), the two uses of a Hand, and Done.

Each is a small frozen value with a readable ``str()``, its fields checked when it is made.
"""

from __future__ import annotations

from collections.abc import Set

from ..core.engine.actions import Action, check_text, read_lazily, set_tuple
from ..core.engine.players import MAX_NAME_CHARS
from ..core.errors import IllegalAction, excerpt
from ..core.words import named, possessive
from .faces import KINDS, MAX_DICE_IN_PLAY

__all__ = ["Roll", "BreakLock", "StealFurgle", "Done", "ACTIONS"]

_KIND_SET = frozenset(KINDS)


def _faces(action: object, name: str, example: str) -> None:
    """A roll's faces: an ordered collection (no set: it cannot show two dice alike) of at most
    ``MAX_DICE_IN_PLAY`` faces, each one of :data:`~furlib.furglars.faces.KINDS` written exactly so."""
    if isinstance(getattr(action, name), Set):
        raise IllegalAction(f"{type(action).__name__}'s {name} must be a list of words, e.g. {example}; got a set, "
                            f"{excerpt(getattr(action, name))}")
    faces = read_lazily(action, name, MAX_DICE_IN_PLAY, "MAX_DICE_IN_PLAY", example)
    if type(faces) is tuple:
        for f in faces:
            if isinstance(f, str) and f not in _KIND_SET:
                raise IllegalAction(f"{type(action).__name__}'s {name} must each be 'furgle', 'lock', 'hand' or 'x', "
                                    f"written exactly so, e.g. {example}; got {excerpt(f)} in {excerpt(faces)}")
    set_tuple(action, name, "str", example)


def _player(action: object, name: str, example: str) -> None:
    """A Hand's target is a player's name: at most ``MAX_NAME_CHARS`` characters (no player has a longer one)."""
    check_text(action, name, example)
    if len(getattr(action, name)) > MAX_NAME_CHARS:
        raise IllegalAction(f"{type(action).__name__}'s {name} must be a player's name, at most {MAX_NAME_CHARS} "
                            f"characters (MAX_NAME_CHARS), e.g. {example}; got {excerpt(getattr(action, name))}")


class Roll(Action):
    """Chance outcome: the faces the dice show, e.g. ``Roll(("hand", "lock", "x"))``.

    The order of the faces does not matter (the dice are alike); a list (or
    any ordered collection, read lazily: at most ``MAX_DICE_IN_PLAY``, 60,
    faces, as no roll has more dice) is turned into a tuple. Each face is one
    of ``"furgle"``, ``"lock"``, ``"hand"``, ``"x"``, written exactly so.
    """

    faces: tuple[str, ...]

    CHECKS = {"faces": _faces}
    EXAMPLE = 'Roll(("hand", "lock", "x"))'

    def __str__(self) -> str:
        return "roll " + ",".join(str(f) for f in self.faces)


class _HandAction(Action):
    """A use of one Hand on the player named ``player``."""

    player: str

    CHECKS = {"player": _player}
    EXAMPLE = '{action}("Ann")'


class BreakLock(_HandAction):
    """Use one Hand to break one Lock on ``player``'s card (the die joins your pass pile)."""

    def __str__(self) -> str:
        return f"break {possessive(self.player, capital=False)} Lock"


class StealFurgle(_HandAction):
    """Use one Hand to steal one Furgle from ``player``, who has no Lock left (it goes on your card)."""

    def __str__(self) -> str:
        return f"steal a Furgle from {named(self.player)}"


class Done(Action):
    """Leave the remaining Hands unused and pass the dice to the left: the turn ends."""

    TEXT = "done: pass the dice"


ACTIONS = (Roll, BreakLock, StealFurgle, Done)
