"""A game's parameters are fixed when the game is made.

A game's rules are worked out from its parameters once: the moves made so
far, the saved JSON (``_params``) and the replay behind undo all assume the
parameters never change. So ``g.target = 100`` in the middle of a game would
leave a game whose past and future follow different rules. Instead it is
refused with an error that names the value and the new game to make.

:func:`fixed` makes such a parameter: a read-only property, set once while
the game is being made (before its first state exists).
:class:`FixedDict` is a dict that cannot change, for parameters that are
tables (Oh Furcle!'s bonus table, The Furglars' Bullion chart): a
:class:`FrozenDict`, as an event's data is.

>>> class Toy:
...     target = fixed("target")
...     def __init__(self):
...         self._state = {}
...         self.target = 50           # while the game is made
...         self._state = {"turn": 1}  # the game has started
>>> g = Toy()
>>> g.target = 100  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AttributeError: a game's target is fixed when the game is made, so target = 100 was not set: make a new game, ...
>>> g.target
50
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, TypeVar

import numpy as np

from ..errors import excerpt

K = TypeVar("K")
V = TypeVar("V")
F = TypeVar("F", bound="FrozenDict[Any, Any]")


def fixed(name: str, doc: str = "") -> property:
    """A read-only parameter ``name`` of a game, kept in ``_<name>``; set only while the game is made.

    The game is being made while it has no state yet (``_state`` empty), so
    a constructor sets it as usual (``self.target = ...``) and nothing else
    can afterwards.
    """
    key = "_" + name

    def set_once(game: Any, value: object) -> None:
        # read and set as attributes, not through ``game.__dict__``: asking an object for its ``__dict__`` makes
        # CPython keep its attributes in a real dict from then on, and every later read of them slower
        if getattr(game, "_state", None):
            raise AttributeError(
                f"a game's {name} is fixed when the game is made, so {name} = {excerpt(value)} was not set: "
                f"make a new game, e.g. {type(game).__name__}({name}={excerpt(value)})")
        object.__setattr__(game, key, value)

    return property(attrgetter(key), set_once, None, doc or f"The game's ``{name}``, fixed when the game is made.")


def rule(name: str, doc: str = "") -> property:
    """A parameter ``name`` of a game played by a :class:`~furlib.core.engine.rules.Rules`: read from its rules
    (which never change), and refused if set, as :func:`fixed` refuses it."""

    def refuse(game: Any, value: object) -> None:
        raise AttributeError(
            f"a game's {name} is fixed when the game is made, so {name} = {excerpt(value)} was not set: "
            f"make a new game, e.g. {type(game).__name__}({name}={excerpt(value)})")

    return property(lambda game: getattr(game.rules, name), refuse, None,
                    doc or f"The game's ``{name}``, fixed when the game is made.")


class FrozenDict(dict[K, V]):
    """A dict that refuses every change, with a TypeError worded by ``_refused``.

    Setting or deleting an item, ``update``, ``pop``, ``popitem``, ``clear``, ``setdefault`` and ``|=``
    are refused. Copies are the dict itself (it cannot change); a pickle gives it back. The base of
    :class:`FixedDict` (a table parameter) and of :class:`~furlib.core.engine.events.EventData` (an
    event's facts), each of which words its own refusal.

    >>> d = FrozenDict({"a": 1})
    >>> d.pop("a")
    Traceback (most recent call last):
    ...
    TypeError: a FrozenDict cannot change
    """

    __slots__ = ()

    def _refused(self, key: object = None, value: object = None) -> str:
        """The message of a refused change (``key``, ``value``: an item set, else None)."""
        return f"a {type(self).__name__} cannot change"

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError(self._refused())

    def __setitem__(self, key: object, value: object) -> None:
        raise TypeError(self._refused(key, value))

    __delitem__ = update = pop = popitem = _refuse  # type: ignore[assignment]  # each refuses any change
    clear = setdefault = __ior__ = _refuse  # type: ignore[assignment]  # each refuses any change

    def __copy__(self: F) -> F:
        return self

    def __deepcopy__(self: F, memo: dict[Any, Any]) -> F:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self),))


class FixedDict(FrozenDict[Any, Any]):
    """A table parameter of a game (``{key: value}``): a dict that cannot change (a :class:`FrozenDict`).

    Subclasses name it for the messages: ``WHAT`` (e.g. "bonus table"),
    ``NAME`` (the keyword, e.g. "bonus") and ``GAME`` (e.g. "Furcle"), or
    write their own message in ``_refused``.

    >>> t = FixedDict({2: 0, 3: 10})
    >>> t[3], t == {2: 0, 3: 10}
    (10, True)
    >>> t[3] = 50  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: a game's table is fixed when the game is made, so table[3] = 50 was not set: make a new game ...
    """

    __slots__ = ()
    WHAT = "table"
    NAME = "table"
    GAME = "Game"

    def _refused(self, key: object = None, value: object = None) -> str:
        """The message of a refused change (``key``, ``value``: an item set, else None)."""
        if key is None:
            return (f"a game's {self.WHAT} is fixed when the game is made: make a new game with the table you "
                    f"want, e.g. {self.GAME}({self.NAME}={{...}})")
        return (f"a game's {self.WHAT} is fixed when the game is made, so {self.NAME}[{excerpt(key)}] = "
                f"{excerpt(value)} was not set: make a new game with the table you want, e.g. "
                f"{self.GAME}({self.NAME}={excerpt({**self, key: value}, 200)})")


def table_key(key: object) -> int | None:
    """A table's key as an int: an int or numpy integer >= 0, or a string of ASCII digits (as a save writes
    keys); None for anything else (floats, bools, negative numbers, other strings), which a table refuses.

    >>> import numpy as np
    >>> table_key(3), table_key(np.int64(3)), table_key("3")
    (3, 3, 3)
    >>> table_key(3.0), table_key(True), table_key("²"), table_key(" 3"), table_key(-1)
    (None, None, None, None, None)
    """
    if isinstance(key, (bool, np.bool_)):
        return None
    if isinstance(key, (int, np.integer)):
        return int(key) if key >= 0 else None
    if isinstance(key, str) and key.isascii() and key.isdigit():
        return int(key)
    return None


def whole_number_table(table: Any, bad_key: Any, same_key: Any) -> dict[int, Any]:
    """``table``'s items keyed by :func:`table_key`; a ValueError for a key that is not a whole number
    (``bad_key(key)`` words it) or for two keys of one number (``same_key(first, second, number)``)."""
    out: dict[int, Any] = {}
    given: dict[int, Any] = {}   # the key each number was given as, to name a collision
    for k, v in table.items():
        key = table_key(k)
        if key is None:
            raise ValueError(bad_key(k))
        if key in out:
            raise ValueError(same_key(given[key], k, key))
        out[key], given[key] = v, k
    return out
