"""What a game of High Card's events say: one method per kind of :mod:`furlib.highcard.events`, in English."""

from __future__ import annotations

from ..core.engine.events import Event
from ..core.engine.texts import Texts
from ..core.words import act, join_words, plural

__all__ = ["HighCardTexts"]


class HighCardTexts(Texts):
    """High Card's events in English. A secret event (its owner's) names the card; the public one does not."""

    __slots__ = ()

    def deal(self, e: Event) -> str:
        card = e.data.get("card")
        return act(self.who(e), "is dealt a card" if card is None else f"is dealt the {card}")

    def choose(self, e: Event) -> str:
        card = e.data.get("card")
        return act(self.who(e), "chooses a card" if card is None else f"chooses the {card}")

    def reveal(self, e: Event) -> str:
        """'Cards shown: Ann the Owl and Bob the Ant; Ann takes the trick'."""
        taker = e.data["taker"]
        return ("Cards shown: " + join_words([f"{p} the {c}" for p, c in zip(self.players, e.data["cards"])])
                + (f"; {act(taker, 'takes')} the trick" if taker else "; nobody takes the trick"))

    def win(self, e: Event) -> str:
        names, best = list(e.data["winners"]), max(e.scores)
        if len(names) == 1:
            return act(names[0], f"wins with {plural(best, 'trick')}")
        return f"{join_words(names)} share the win with {plural(best, 'trick')} each"
