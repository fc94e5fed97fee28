"""The actions of The Furglars: the roll (a chance outcome), the two uses of a Hand, and Done.

The engine's rolls are made once and shared: a roll is its counts per kind
(the dice are alike), so :func:`_roll_of` keeps one :class:`Roll` per count
(:func:`_roll_of_code` finds it by the counts packed in one int, what the
engine's dice add up to), and :func:`_roll_outcomes` every roll of k dice
with its exact chance.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import islice

from ..core.engine.actions import check_text, set_tuple
from ..core.engine.players import MAX_NAME_CHARS
from ..core.errors import IllegalAction, excerpt
from ..core.words import named, possessive
from .faces import KINDS, MAX_DICE_IN_PLAY, count_faces, faces_of, roll_outcomes

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
_ACTION_KINDS = frozenset(ACTIONS)
_DONE = Done()

#: The engine's rolls, made once: counts per kind (in KINDS order) -> the Roll showing them.
_ROLLS: dict[tuple[int, ...], Roll] = {}
#: The same rolls by their counts packed in one int (:func:`counts_of_code`): what the engine's dice add up to.
_BY_CODE: dict[int, Roll] = {}
#: A roll's faces -> its counts per kind (furgle, lock, hand, x), worked out once.
_COUNTS: dict[tuple[str, ...], tuple[int, int, int, int]] = {}
_CACHE_SIZE = 4096


def _roll_of(counts: tuple[int, ...]) -> Roll:
    """The Roll with these counts per kind (faces in KINDS order), made once."""
    roll = _ROLLS.get(counts)
    if roll is None:
        if len(_ROLLS) >= _CACHE_SIZE:
            _ROLLS.clear()
        roll = _ROLLS[counts] = Roll(faces_of(dict(zip(KINDS, counts))))
    return roll


def _counts_of(faces: tuple[str, ...]) -> tuple[int, int, int, int]:
    """How many of ``faces`` show each kind, in KINDS order (furgle, lock, hand, x)."""
    c = _COUNTS.get(faces)
    if c is None:
        if len(_COUNTS) >= _CACHE_SIZE:
            _COUNTS.clear()
        c = _COUNTS[faces] = tuple(count_faces(faces).values())  # type: ignore[assignment]  # the 4 KINDS, in order
    return c  # type: ignore[return-value]  # not None: set just above (mypy does not narrow an ignored assignment)


def counts_of_code(code: int) -> tuple[int, int, int, int]:
    """A roll's counts per kind (furgle, lock, hand, x) from their packed sum, 6 bits each.

    >>> counts_of_code(2 + (1 << 6) + (3 << 12))
    (2, 1, 3, 0)
    """
    return code & 63, code >> 6 & 63, code >> 12 & 63, code >> 18


def _roll_of_code(code: int) -> Roll:
    """The Roll whose counts per kind are packed in ``code`` (see :func:`counts_of_code`), made once."""
    roll = _BY_CODE.get(code)
    if roll is None:
        if len(_BY_CODE) >= _CACHE_SIZE:
            _BY_CODE.clear()
        roll = _BY_CODE[code] = _roll_of(counts_of_code(code))
    return roll


@lru_cache(maxsize=256)
def _roll_outcomes(k: int, faces: tuple[str, ...]) -> tuple[tuple[Roll, Fraction], ...]:
    """Every roll of ``k`` dice with ``faces`` and its exact chance, worked out once (all immutable)."""
    return tuple((Roll(faces_of(c)), p) for c, p in roll_outcomes(k, faces))

