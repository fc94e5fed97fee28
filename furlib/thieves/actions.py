"""The actions of Thieves: the roll, the five key uses, and the doubling-stakes answers.

Thieves are numbered 1 to 4 within their gang (in the reading order of
their starting places); squares are ``(row, col)`` of the map, and their
words name them as the drawn board labels them (``Move(1, 1, 3, "white")``
reads "thief 1 to B1 with the white key", see :mod:`furlib.thieves.squares`).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from typing import Protocol

from ..core.engine.actions import check_text, set_tuple, set_whole_number
from ..core.errors import IllegalAction, excerpt
from ..core.words import join_words
from .board import MAX_MAP_SIDE
from .moves import KEYS
from .squares import square_name

__all__ = ["Roll", "Move", "Pass", "Steal", "TakeGold", "Escape", "OfferDouble", "KeepStake", "Accept",
           "Refuse", "TimeUp", "ACTIONS"]


class _Keyed(Protocol):
    """An action that names a key (Move, Pass, Steal)."""

    @property
    def key(self) -> str: ...


#: The key words, as a refusal lists them.
_KEY_WORDS = join_words([repr(k) for k in KEYS], "or")


def _key(action: _Keyed, example: str) -> None:
    """The action's key: exactly one of :data:`~furlib.thieves.moves.KEYS` (stored as the plain str)."""
    check_text(action, "key", example)
    if action.key not in KEYS:
        raise IllegalAction(f"{type(action).__name__}'s key must be exactly one of {_KEY_WORDS} (lower case, "
                            f"no spaces), got {excerpt(action.key)}")
    object.__setattr__(action, "key", KEYS[KEYS.index(action.key)])


def _square(action: object, name: str, example: str) -> None:
    """A row or column of a square: a whole number from 0 to ``MAX_MAP_SIDE - 1`` (no map is larger)."""
    set_whole_number(action, name, example)
    if not 0 <= getattr(action, name) < MAX_MAP_SIDE:
        raise IllegalAction(f"{type(action).__name__}'s {name} must be a {name} of the map, 0 to "
                            f"{MAX_MAP_SIDE - 1} (no map has more than MAX_MAP_SIDE = {MAX_MAP_SIDE}); "
                            f"got {excerpt(getattr(action, name))}")


def _thief(action: object, name: str, example: str) -> None:
    set_whole_number(action, name, example)
    if not 1 <= getattr(action, name) <= 4:
        raise IllegalAction(f"{type(action).__name__}'s {name} must be a thief's number, 1 to 4; "
                            f"got {excerpt(getattr(action, name))}")


@dataclass(frozen=True)
class Roll:
    """Chance outcome: the keys the two dice show, e.g. ``Roll(("red", "white"))``."""

    keys: tuple[str, ...]

    def __post_init__(self) -> None:
        keys = self.keys
        if type(keys) is not tuple and not isinstance(keys, (str, bytes, dict)) and hasattr(keys, "__iter__"):
            keys = tuple(islice(keys, 3))          # a third key is one too many: the rest is never read
            object.__setattr__(self, "keys", keys)
        if type(keys) is tuple and len(keys) == 2 and all(type(k) is str and k in KEYS for k in keys):
            return                                 # the engine's own rolls
        if type(keys) is tuple and len(keys) == 2 and all(isinstance(k, str) and k in KEYS for k in keys):
            object.__setattr__(self, "keys", tuple(KEYS[KEYS.index(k)] for k in keys))   # plain str
            return
        set_tuple(self, "keys", "str", '("red", "white")')      # refuses a value that is no list of words
        raise IllegalAction(f"Roll's keys must be two of {_KEY_WORDS}, exactly (lower case, no spaces), e.g. "
                            f"('red', 'white'); got {excerpt(keys)}")

    def __str__(self) -> str:
        return f"roll {self.keys[0]} and {self.keys[1]}"


@dataclass(frozen=True)
class Move:
    """Move ``thief`` through a doorway to the pathway at ``(row, col)``, opening it with ``key``."""

    thief: int
    row: int
    col: int
    key: str

    def __post_init__(self) -> None:
        _thief(self, "thief", "Move(1, 3, 5, 'red')")
        _square(self, "row", "Move(1, 3, 5, 'red')")
        _square(self, "col", "Move(1, 3, 5, 'red')")
        _key(self, "Move(1, 3, 5, 'red')")

    def __str__(self) -> str:
        return f"thief {self.thief} to {square_name(self.row, self.col)} with the {self.key} key"


@dataclass(frozen=True)
class Pass:
    """Pass the gold from thief ``giver`` to the accomplice ``receiver``, through a doorway opened with ``key``."""

    giver: int
    receiver: int
    key: str

    def __post_init__(self) -> None:
        _thief(self, "giver", "Pass(1, 2, 'white')")
        _thief(self, "receiver", "Pass(1, 2, 'white')")
        _key(self, "Pass(1, 2, 'white')")

    def __str__(self) -> str:
        return f"pass the gold from thief {self.giver} to thief {self.receiver} with the {self.key} key"


@dataclass(frozen=True)
class Steal:
    """Thief ``thief`` steals the gold from the opponent's carrier next to it, opening the doorway with ``key``."""

    thief: int
    key: str

    def __post_init__(self) -> None:
        _thief(self, "thief", "Steal(2, 'blue')")
        _key(self, "Steal(2, 'blue')")

    def __str__(self) -> str:
        return f"thief {self.thief} steals the gold with the {self.key} key"


@dataclass(frozen=True)
class TakeGold:
    """Thief ``thief``, on one of the central square's pathways, takes the gold with the black key."""

    thief: int

    def __post_init__(self) -> None:
        _thief(self, "thief", "TakeGold(3)")

    def __str__(self) -> str:
        return f"thief {self.thief} takes the gold with the black key"


@dataclass(frozen=True)
class Escape:
    """Thief ``thief``, carrying the gold on its own exit with an accomplice beside it, escapes with the black key."""

    thief: int

    def __post_init__(self) -> None:
        _thief(self, "thief", "Escape(3)")

    def __str__(self) -> str:
        return f"thief {self.thief} escapes with the gold (black key)"


@dataclass(frozen=True)
class OfferDouble:
    """Before rolling: challenge the opponent to double the stake."""

    def __str__(self) -> str:
        return "offer to double the stake"


@dataclass(frozen=True)
class KeepStake:
    """Before rolling: roll without offering to double."""

    def __str__(self) -> str:
        return "roll without doubling"


@dataclass(frozen=True)
class Accept:
    """Accept the offer: the stake doubles and the right to redouble is yours."""

    def __str__(self) -> str:
        return "accept the doubled stake"


@dataclass(frozen=True)
class Refuse:
    """Refuse the offer: forfeit the game at the current stake."""

    def __str__(self) -> str:
        return "refuse and forfeit"


@dataclass(frozen=True)
class TimeUp:
    """The time to decide ran out (games with a ``time_limit``): the keys left this turn are lost."""

    def __str__(self) -> str:
        return "time is up: lose the keys left"


ACTIONS = (Roll, Move, Pass, Steal, TakeGold, Escape, OfferDouble, KeepStake, Accept, Refuse, TimeUp)
