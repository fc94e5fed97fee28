"""What a game of Nim shows, to the game itself and to a view: the heaps at the start, the limit, the stones now."""

from __future__ import annotations

from ..core.engine.fixed import rule
from ..core.engine.table import Facts
from ..core.engine.view import View
from .rules import NimRules
from .state import NimState

__all__ = ["NimFacts", "NimView"]


class NimFacts(Facts[NimState, NimRules]):
    """The read-only properties of a game of Nim and of its views."""

    heaps = rule("heaps", "The stones in each heap at the start, first heap first (fixed when the game is made).")
    take = rule("take", "The most stones one move may take; None: a whole heap (fixed when the game is made).")

    @property
    def stones(self) -> tuple[int, ...]:
        """The stones left in each heap now, first heap first."""
        return tuple(self._state.heaps)


class NimView(NimFacts, View):
    """What a player (or a spectator) sees of a game of Nim: everything (Nim hides nothing)."""

    GAME = "Nim"
    EVENT_FIELDS = ("heap", "count", "left")
