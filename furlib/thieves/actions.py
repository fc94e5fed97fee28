"""The actions of Thieves: the roll, the five key uses, and the doubling-stakes answers.

Thieves are numbered 1 to 4 within their gang (in the reading order of
their starting places); squares are ``(row, col)`` of the map, and their
words name them as the drawn board labels them (``Move(1, 1, 3, "white")``
reads "thief 1 to B1 with the white key", see :mod:`furlib.thieves.squares`).
"""

from __future__ import annotations

from itertools import islice

from ..core.engine.actions import Action, set_tuple, whole_number, word_in
from ..core.errors import IllegalAction, excerpt
from ..core.words import join_words
from .board import MAX_MAP_SIDE
from .moves import KEYS
from .squares import square_name

__all__ = ["Roll", "Move", "Pass", "Steal", "TakeGold", "Escape", "OfferDouble", "KeepStake", "Accept",
           "Refuse", "TimeUp", "ACTIONS"]

#: The key words, as a refusal lists them.
_KEY_WORDS = join_words([repr(k) for k in KEYS], "or")
_KEY = word_in(KEYS, "{action}'s {field} must be exactly one of {keys} (lower case, no spaces), got {value}",
               keys=_KEY_WORDS)


def _key(action: object, name: str, example: str) -> None:
    """The action's key: exactly one of :data:`~furlib.thieves.moves.KEYS` (stored as the plain str)."""
    _KEY(action, name, example)
    object.__setattr__(action, name, KEYS[KEYS.index(getattr(action, name))])


#: A thief, numbered 1 to 4 within its gang.
_THIEF = whole_number(1, 4, "{action}'s {field} must be a thief's number, {low} to {high}; got {value}")
#: A row or column of a square: 0 to ``MAX_MAP_SIDE - 1`` (no map is larger).
_SQUARE = whole_number(0, MAX_MAP_SIDE - 1, "{action}'s {field} must be a {field} of the map, {low} to {high} "
                                            "(no map has more than MAX_MAP_SIDE = {side}); got {value}",
                       side=MAX_MAP_SIDE)


class Roll(Action):
    """Chance outcome: the keys the two dice show, e.g. ``Roll(("red", "white"))``."""

    keys: tuple[str, ...]

    TEXT = "roll {keys[0]} and {keys[1]}"

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


class _ThiefAction(Action):
    """An action of the thief numbered ``thief`` (1 to 4 within its gang)."""

    thief: int

    CHECKS = {"thief": _THIEF}
    EXAMPLE = "{action}(3)"


class Move(_ThiefAction):
    """Move ``thief`` through a doorway to the pathway at ``(row, col)``, opening it with ``key``."""

    row: int
    col: int
    key: str

    CHECKS = {"row": _SQUARE, "col": _SQUARE, "key": _key}
    EXAMPLE = "Move(1, 3, 5, 'red')"

    def __str__(self) -> str:
        return f"thief {self.thief} to {square_name(self.row, self.col)} with the {self.key} key"


class Pass(Action):
    """Pass the gold from thief ``giver`` to the accomplice ``receiver``, through a doorway opened with ``key``."""

    giver: int
    receiver: int
    key: str

    CHECKS = {"giver": _THIEF, "receiver": _THIEF, "key": _key}
    EXAMPLE = "Pass(1, 2, 'white')"
    TEXT = "pass the gold from thief {giver} to thief {receiver} with the {key} key"


class Steal(_ThiefAction):
    """Thief ``thief`` steals the gold from the opponent's carrier next to it, opening the doorway with ``key``."""

    key: str

    CHECKS = {"key": _key}
    EXAMPLE = "Steal(2, 'blue')"
    TEXT = "thief {thief} steals the gold with the {key} key"


class TakeGold(_ThiefAction):
    """Thief ``thief``, on one of the central square's pathways, takes the gold with the black key."""

    TEXT = "thief {thief} takes the gold with the black key"


class Escape(_ThiefAction):
    """Thief ``thief``, carrying the gold on its own exit with an accomplice beside it, escapes with the black key."""

    TEXT = "thief {thief} escapes with the gold (black key)"


class OfferDouble(Action):
    """Before rolling: challenge the opponent to double the stake."""

    TEXT = "offer to double the stake"


class KeepStake(Action):
    """Before rolling: roll without offering to double."""

    TEXT = "roll without doubling"


class Accept(Action):
    """Accept the offer: the stake doubles and the right to redouble is yours."""

    TEXT = "accept the doubled stake"


class Refuse(Action):
    """Refuse the offer: forfeit the game at the current stake."""

    TEXT = "refuse and forfeit"


class TimeUp(Action):
    """The time to decide ran out (games with a ``time_limit``): the keys left this turn are lost."""

    TEXT = "time is up: lose the keys left"


ACTIONS = (Roll, Move, Pass, Steal, TakeGold, Escape, OfferDouble, KeepStake, Accept, Refuse, TimeUp)
