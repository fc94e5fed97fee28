"""What a Pig game's events say (one method per kind of :mod:`furlib.pig.events`)."""

from __future__ import annotations

from ..core.engine.events import Event
from ..core.engine.texts import Texts
from ..core.words import act, plural

__all__ = ["PigTexts"]


class PigTexts(Texts):
    """Pig's events in English."""

    __slots__ = ()

    def roll(self, e: Event) -> str:
        d = e.data
        return act(self.who(e), f"rolls a {d['face']}: {plural(d['turn_total'], 'point')} this turn")

    def one(self, e: Event) -> str:
        lost = e.data["lost"]
        return act(self.who(e), f"rolls a 1 and loses {plural(lost, 'point')}" if lost
                   else "rolls a 1: the turn scores nothing")

    def roll_again(self, e: Event) -> str:
        return act(self.who(e), f"risks {plural(e.data['turn_total'], 'point')} and rolls again")

    def hold(self, e: Event) -> str:
        score = e.scores[self.players.index(self.who(e))]
        return act(self.who(e), f"holds and banks {plural(e.data['banked'], 'point')}: {score} in all")

    def win(self, e: Event) -> str:
        return act(self.who(e), f"reaches the target of {self.rules.target} and wins")
