"""What a game of Nim's events say: one method per kind of :mod:`furlib.nim.events`, in English."""

from __future__ import annotations

from ..core.engine.events import Event
from ..core.engine.texts import Texts
from ..core.words import act, plural
from .actions import ORDINALS

__all__ = ["NimTexts"]


class NimTexts(Texts):
    """Nim's events in English."""

    __slots__ = ()

    def take(self, e: Event) -> str:
        """'Ann takes 2 stones from the first heap: 1 stone left there'."""
        d = e.data
        rest = f"{plural(d['left'], 'stone')} left there" if d["left"] else "that heap is empty"
        return act(self.who(e), f"takes {plural(d['count'], 'stone')} from the {ORDINALS[d['heap']]} heap: {rest}")

    def win(self, e: Event) -> str:
        """'No stones are left: Ann wins' (Ann took the last stone)."""
        return "No stones are left: " + act(self.who(e), "wins")
