"""Events: the story of a game, one record per thing that happened.

A game writes an :class:`Event` for every roll, decision, score and win.
Code reads ``event.kind`` (compared with the names in each game's
``events.py``) and ``event.data``; people read ``event.text``. The text is
made only when somebody reads it, so a simulation that never prints pays
nothing for the English.

An event says who may see it: ``visible_to`` is None for everybody, or the
seats (player indices) that may read it. A card drawn in secret is written
twice: a public event ("Ann draws a card") and one visible to its owner
only ("Ann draws the Red 7"). :func:`visible` is the one test of that rule,
used by the log, the history, the views and the leak check.

An event cannot change: the views share the game's events, so a bot handed
a view must not be able to rewrite the game's log. Its ``data`` is an
:class:`EventData`, a dict that refuses every change, and reading the
event as a tuple gives its fields (the text, not the box that keeps it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ..errors import excerpt
from .fixed import FrozenDict
from .texts import Texts

__all__ = ["Event", "EventData", "visible", "EVERYONE", "OWNERS"]

#: ``visible_to`` of an event everybody may see.
EVERYONE = None
#: ``visible_to`` of an event only a spectator with everything revealed sees (e.g. a shuffle's order).
OWNERS: tuple[int, ...] = ()


_get = tuple.__getitem__
_VALUES = slice(8, None)     # an event's data values: its fields from 8 on (the keys are field 5)
_FIELDS = ("step", "turn", "player", "kind", "text", "data", "scores", "visible_to")


class EventData(FrozenDict[str, Any]):
    """The facts of an :class:`Event`: a dict that cannot change (a
    :class:`~furlib.core.engine.fixed.FrozenDict`: an event records what happened).

    >>> d = EventData({"faces": (6, 6)})
    >>> d["faces"], dict(d)
    ((6, 6), {'faces': (6, 6)})
    >>> d["faces"] = (1, 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: an event records what happened and cannot change, so data['faces'] = (1, 1) was not set; ...
    """

    __slots__ = ()

    def _refused(self, key: object = None, value: object = None) -> str:
        if key is None:
            return "an event records what happened and cannot change; copy its data first, e.g. dict(event.data)"
        return (f"an event records what happened and cannot change, so data[{excerpt(key)}] = {excerpt(value)} "
                "was not set; copy it first, e.g. dict(event.data)")


#: The data of an event without any (one shared record).
NO_DATA = EventData()


#: The keys of events' data, one tuple per set of keys (an event keeps the shared one).
_KEYS: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def keys_of(data: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """The keys of an event's data as one shared tuple (None for no data): an event keeps these keys, then its
    values at the end of its own tuple (field 8 on), so it holds no dict nor tuple of its own for its data."""
    if not data:
        return None
    keys = tuple(data)
    kept = _KEYS.get(keys)
    if kept is None:
        kept = keys
        if len(_KEYS) < 4096:
            _KEYS[keys] = keys
    return kept


def _data(event: Event) -> EventData:
    """``event.data``: an EventData made of the kept keys and the values after the fields, or the shared empty one."""
    keys = _get(event, 5)
    return NO_DATA if keys is None else EventData(zip(keys, _get(event, _VALUES)))


def text_of(text: str | Callable[[], str] | tuple[Any, ...]) -> str:
    """The words of an event's text: a string, a function making it, or a recipe ``(function, *arguments)``."""
    if type(text) is str:
        return text
    if type(text) is tuple:
        made: str = text[0](*text[1:])
        return made
    return text()  # type: ignore[operator]  # a function of no argument


#: The seats of private events, one tuple each (an event keeps the shared one).
_SEATS: dict[tuple[int, ...], tuple[int, ...]] = {}


def seats(visible_to: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """``visible_to`` as a shared tuple (None stays None): a game writes many events for the same seats."""
    if visible_to is None:
        return None
    kept = _SEATS.get(visible_to)
    if kept is None:
        kept = tuple(int(s) for s in visible_to)
        if len(_SEATS) < 4096:
            _SEATS[kept] = kept
    return kept


class Event(tuple[Any, ...]):
    """One thing that happened: a roll, a decision, a score, a win.

    An event is a small immutable record (a tuple underneath, so a game
    writes one cheaply: its eight fields with the data's keys, one tuple
    shared by every event of those keys, in place of the data, then the
    data's values; read as a tuple it gives the eight fields). Its text is made when read: ``text`` may be given
    as a string, as a function of no argument, or as a recipe
    ``(function, *arguments)`` (a recipe keeps only its arguments: the
    engine's hidden-information games write one for every event they keep).

    >>> e = Event(3, 2, "Ann", "roll", lambda: "Ann rolls 6,6", {"faces": (6, 6)}, (0, 12))
    >>> print(e)
       3  Ann rolls 6,6
    >>> e.text, e.data["faces"], e.visible_to is None
    ('Ann rolls 6,6', (6, 6), True)

    Attributes
    ----------
    step : int
        How many actions had been applied when it happened.
    turn : int
        The turn it happened in.
    player : str or None
        Whose event it is (None for the table's, e.g. a trick shown to all).
    kind : str
        What happened: one of the game's event kinds (its ``events.py``).
    text : str
        The event in plain English (made when read).
    data : mapping
        The facts behind the text (faces, points, target, ...).
    scores : tuple
        Every player's score after the event, in seat order (empty for a
        game without scores).
    visible_to : tuple of int or None
        The seats that may see the event; None for everybody.
    """

    __slots__ = ()

    def __new__(cls, step: int, turn: int, player: str | None, kind: str,
                text: str | Texts | Callable[[], str] | tuple[Any, ...], data: Mapping[str, Any] | None = None,
                scores: tuple[Any, ...] = (), visible_to: tuple[int, ...] | None = None) -> Event:
        if not (isinstance(text, (str, Texts)) or callable(text)
                or (type(text) is tuple and text and callable(text[0]))):
            raise TypeError(f"an event's text is a string, a game's texts, a function or a recipe "
                            f"(function, *arguments); got {excerpt(text)}")
        return tuple.__new__(cls, (step, turn, player, kind, text, keys_of(data) if data else None,
                                   None if scores is None else tuple(scores), seats(visible_to),
                                   *(data.values() if data else ())))

    step = property(lambda self: _get(self, 0), doc="How many actions had been applied when it happened.")
    turn = property(lambda self: _get(self, 1), doc="The turn it happened in.")
    player = property(lambda self: _get(self, 2), doc="Whose event it is (None for the table's).")
    kind = property(lambda self: _get(self, 3), doc="What happened: one of the game's event kinds.")
    data = property(_data, doc="The facts behind the text: an :class:`EventData`, a dict that cannot change.")
    scores = property(lambda self: _get(self, 6), doc="Every player's score after the event, in seat order.")
    visible_to = property(lambda self: _get(self, 7), doc="The seats that may see the event; None for everybody.")

    @property
    def text(self) -> str:
        """The event in plain English (made when read)."""
        told = _get(self, 4)
        if isinstance(told, Texts):       # the game's texts tell it from its kind and data
            return told.tell(self)
        return text_of(told)

    # Read as a tuple, an event gives its fields (never the box of its text, nor a dict that could change).
    def _fields(self) -> tuple[Any, ...]:
        return (_get(self, 0), _get(self, 1), _get(self, 2), _get(self, 3), self.text, _data(self),
                _get(self, 6), _get(self, 7))

    def __getitem__(self, index: Any) -> Any:
        return self._fields()[index]

    def __len__(self) -> int:
        return 8

    def __contains__(self, item: object) -> bool:
        return item in self._fields()

    def count(self, value: Any) -> int:
        return self._fields().count(value)

    def index(self, value: Any, *bounds: Any) -> int:
        return self._fields().index(value, *bounds)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._fields())

    def __add__(self, other: Any) -> tuple[Any, ...]:
        return self._fields() + tuple(other)

    def __mul__(self, n: Any) -> tuple[Any, ...]:
        return self._fields() * int(n)

    __rmul__ = __mul__

    def __getnewargs__(self) -> tuple[Any, ...]:
        return self._fields()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an event records what happened and cannot change, so {name} = {excerpt(value)} was "
                             "not set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"an event records what happened and cannot change, so {name} was not deleted")

    def _key(self) -> tuple[Any, ...]:
        return (self.step, self.turn, self.player, self.kind, self.text, dict(self.data), self.scores,
                self.visible_to)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._key() == other._key()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:  # pragma: no cover - events are records, rarely hashed
        return hash((self.step, self.kind, self.text))

    def __repr__(self) -> str:
        return (f"Event(step={self.step}, turn={self.turn}, player={self.player!r}, kind={self.kind!r}, "
                f"text={self.text!r})")

    def __str__(self) -> str:
        return f"{self.step:>4}  {self.text}"

    def __reduce__(self) -> tuple[Any, ...]:  # copy and pickle the text, not the function that makes it
        return (Event, (self.step, self.turn, self.player, self.kind, self.text, dict(self.data), self.scores,
                        self.visible_to))

    def __copy__(self) -> Event:
        return self

    def __deepcopy__(self, memo: dict[Any, Any]) -> Event:
        return self


def visible(event: Event, seat: int | None, reveal: bool = False) -> bool:
    """True if the player in ``seat`` (None: a spectator) may see ``event``; everything if ``reveal``.

    >>> secret = Event(1, 1, "Ann", "draw", "Ann draws the Red 7", visible_to=(0,))
    >>> visible(secret, 0), visible(secret, 1), visible(secret, None), visible(secret, None, reveal=True)
    (True, False, False, True)
    """
    who = event.visible_to
    return reveal or who is None or (seat is not None and seat in who)
