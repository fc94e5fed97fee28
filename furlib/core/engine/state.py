"""A game's state as a typed record: one attribute per fact of the position, checked by mypy.

Each game describes its state as a subclass of :class:`State` that lists its fields, and is made a slotted
dataclass (``@dataclass(slots=True)``) when it is defined: Nim's is :class:`furlib.nim.state.NimState`,
Pig's :class:`furlib.pig.state.PigState`.

Every state has ``turn`` (from 1), ``current`` (the seat to move), ``phase`` (``"over"`` once the game has
ended) and ``winner`` (a seat, a list of seats for a shared win, or None), and ``scores`` (a list in seat
order) if the game keeps scores. The values are plain data (numbers, strings, None, lists, tuples and dicts
of them), as a save writes them: a rule replaces a tuple and may change a list or a dict in place.

The engine keeps a state three ways: the present one, which the rules change in place (as python-chess's
``Board`` is pushed, not copied, per move); a copy for a view or a copy of the game (:meth:`State.copy`:
lists and dicts copied, tuples shared); and a checkpoint every few actions, the bytes of
``marshal.dumps`` of its values (:meth:`State.pack`), a quarter of a copy's memory, read back by
:meth:`State.unpack` as a state that shares nothing.
"""

from __future__ import annotations

import dataclasses
import marshal
from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any, ClassVar, TypeVar, cast, dataclass_transform

__all__ = ["State", "copy_data"]

_CONTAINERS = (list, dict)

S = TypeVar("S", bound="State")


def copy_data(value: Any) -> Any:
    """A copy of plain data whose lists and dicts are new and whose tuples (never changed in place) are shared."""
    kind = type(value)
    if kind is list:
        if _holds_containers(value):
            return [copy_data(v) for v in value]
        return value[:]
    if kind is dict:
        if _holds_containers(value.values()):
            return {k: copy_data(v) for k, v in value.items()}
        return value.copy()
    return value


def _holds_containers(values: Iterable[Any]) -> bool:
    """Whether a list or a dict is among ``values`` (their types gathered at C speed: most lists of a state hold
    strings or numbers, and are copied whole)."""
    kinds = set(map(type, values))
    return list in kinds or dict in kinds


@dataclass_transform()
class _Dataclass(type):
    """The type of :class:`State`: makes each subclass a slotted dataclass as it is defined."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any) -> _Dataclass:
        cls = super().__new__(mcs, name, bases, namespace, **kwargs)
        if "__slots__" in namespace:   # State itself, or the class dataclass() has just made again with its slots
            return cls
        return cast(_Dataclass, dataclasses.dataclass(cls, slots=True))


class State(metaclass=_Dataclass):
    """Base of the games' typed states (see the module docstring).

    A subclass lists its fields, annotated, in the order a save writes them, and is made a dataclass with
    slots (``@dataclass(slots=True)``: a field is an attribute, a state holds no ``__dict__``) as it is
    defined; it is not decorated again.
    """

    __slots__ = ()
    #: The names of the fields, in order (the order a save writes them), set for each subclass on first use.
    _names: ClassVar[tuple[str, ...]]
    #: Fields a save leaves out while they are None (a secret choice open only during a round, last in order).
    OPTIONAL: ClassVar[frozenset[str]] = frozenset()
    #: All the fields' values at once (``attrgetter`` of :meth:`names`), for :meth:`copy`; set on first use.
    _fields: ClassVar[Callable[[Any], tuple[Any, ...]]]

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The names of the state's fields, in order."""
        names = cls.__dict__.get("_names")
        if names is None:
            names = tuple(f.name for f in dataclasses.fields(cls))
            cls._names = names
        return names

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in order (read at once, as :meth:`copy` reads them)."""
        cls = type(self)
        fields = cls.__dict__.get("_fields")
        if fields is None:
            fields = cls._fields = attrgetter(*cls.names())
        return fields(self)

    def as_dict(self) -> dict[str, Any]:
        """The state as a dict of its fields, in order (shares the values: what a save writes; an optional
        field that is None is left out)."""
        optional = self.OPTIONAL
        return {n: v for n in self.names() if (v := getattr(self, n)) is not None or n not in optional}

    @classmethod
    def from_values(cls: type[S], values: tuple[Any, ...]) -> S:
        """A state of these field values, in order (none is copied)."""
        state = object.__new__(cls)
        for name, value in zip(cls.names(), values):
            object.__setattr__(state, name, value)
        return state

    def copy(self: S) -> S:
        """A copy that shares nothing that may change (see :func:`copy_data`): the fields read at once, the lists
        and dicts among them copied, the rest (numbers, strings, tuples) shared, and the state made by its
        dataclass constructor."""
        cls = type(self)
        fields = cls.__dict__.get("_fields")
        if fields is None:
            fields = cls._fields = attrgetter(*cls.names())
        return cls(*[copy_data(v) if type(v) in _CONTAINERS else v for v in fields(self)])

    def pack(self) -> bytes:
        """The state as bytes (``marshal``), for a checkpoint: see :meth:`unpack`."""
        return marshal.dumps(self.values())

    @classmethod
    def unpack(cls: type[S], data: bytes) -> S:
        """The state :meth:`pack` kept: a new one that shares nothing."""
        return cls.from_values(marshal.loads(data))

    def replace(self: S, **changes: Any) -> S:
        """A copy with some fields set (a ValueError names a field the state does not have)."""
        unknown = sorted(set(changes) - set(self.names()))
        if unknown:
            raise ValueError(f"unknown state fields {unknown}; the state has {list(self.names())}")
        new = self.copy()
        for name, value in changes.items():
            object.__setattr__(new, name, copy_data(value))
        return new
