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
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable, Mapping

__all__ = ["Event", "visible", "EVERYONE", "OWNERS"]

#: ``visible_to`` of an event everybody may see.
EVERYONE = None
#: ``visible_to`` of an event only a spectator with everything revealed sees (e.g. a shuffle's order).
OWNERS: tuple[int, ...] = ()


class Event(tuple):
    """One thing that happened: a roll, a decision, a score, a win.

    An event is a small immutable record (a tuple underneath, so a game
    writes one cheaply).

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

    def __new__(cls, step: int, turn: int, player: str | None, kind: str, text: str | Callable[[], str],
                data: Mapping[str, Any] | None = None, scores: tuple = (),
                visible_to: tuple[int, ...] | None = None):
        return tuple.__new__(cls, (step, turn, player, kind, [text], {} if data is None else data, scores,
                                   visible_to))

    step = property(itemgetter(0), doc="How many actions had been applied when it happened.")
    turn = property(itemgetter(1), doc="The turn it happened in.")
    player = property(itemgetter(2), doc="Whose event it is (None for the table's).")
    kind = property(itemgetter(3), doc="What happened: one of the game's event kinds.")
    data = property(itemgetter(5), doc="The facts behind the text.")
    scores = property(itemgetter(6), doc="Every player's score after the event, in seat order.")
    visible_to = property(itemgetter(7), doc="The seats that may see the event; None for everybody.")

    @property
    def text(self) -> str:
        """The event in plain English."""
        box = tuple.__getitem__(self, 4)   # [text], or [function making it] until first read
        t = box[0]
        if not isinstance(t, str):
            t = box[0] = t()
        return t

    def _key(self) -> tuple:
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

    def __reduce__(self):  # copy and pickle the text, not the function that makes it
        return (Event, (self.step, self.turn, self.player, self.kind, self.text, dict(self.data), self.scores,
                        self.visible_to))

    def __copy__(self) -> "Event":
        return self

    def __deepcopy__(self, memo: dict) -> "Event":
        return self


def visible(event: Event, seat: int | None, reveal: bool = False) -> bool:
    """True if the player in ``seat`` (None: a spectator) may see ``event``; everything if ``reveal``.

    >>> secret = Event(1, 1, "Ann", "draw", "Ann draws the Red 7", visible_to=(0,))
    >>> visible(secret, 0), visible(secret, 1), visible(secret, None), visible(secret, None, reveal=True)
    (True, False, False, True)
    """
    who = event.visible_to
    return reveal or who is None or (seat is not None and seat in who)
