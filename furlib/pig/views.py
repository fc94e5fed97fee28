"""What a game of Pig shows, to the game itself and to a view: the target, the turn's points, the last roll."""

from __future__ import annotations

from ..core.engine.fixed import rule
from ..core.engine.table import Facts
from ..core.engine.view import View
from .rules import PigRules
from .state import PigState

__all__ = ["PigFacts", "PigView"]


class PigFacts(Facts[PigState, PigRules]):
    """The read-only properties of a game of Pig and of its views."""

    target = rule("target", "The score that wins (fixed when the game is made).")

    @property
    def turn_total(self) -> int:
        """The points of this turn so far: lost on a 1, added to the score by a hold."""
        return self._state.turn_total

    @property
    def last_roll(self) -> int | None:
        """The face of the game's last roll (whoever rolled it), or None before the first roll."""
        return self._state.last


class PigView(PigFacts, View):
    """What a player (or a spectator) sees of a game of Pig."""

    GAME = "Pig"
    EVENT_FIELDS = ("face", "turn_total", "lost", "banked")
