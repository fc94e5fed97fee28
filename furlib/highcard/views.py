"""What a game of High Card shows, to the game itself and to a player's view: the hands, the deck, the round.

A player's view holds another player's hand and the deck as counts, so :attr:`HighCardFacts.hands` and
:attr:`HighCardFacts.deck_size` give a count where the game gives cards.
"""

from __future__ import annotations

from typing import Any

from ..core.engine import secret
from ..core.engine.fixed import rule
from ..core.engine.table import Facts
from ..core.engine.view import View
from .rules import HighCardRules
from .state import HighCardState

__all__ = ["HighCardFacts", "HighCardView"]


class HighCardFacts(Facts[HighCardState, HighCardRules]):
    """The read-only properties of a game of High Card and of its views."""

    cards = rule("cards", "Cards in the deck (fixed when the game is made).")
    hand = rule("hand", "Cards dealt to each player (fixed when the game is made).")

    @property
    def hands(self) -> dict[str, list[str] | int]:
        """Each hand: the cards where this object may see them, else how many cards it holds."""
        return {p: h if isinstance(h, int) else list(h) for p, h in zip(self.players, self._state.hands)}

    @property
    def deck_size(self) -> int:
        """Cards still in the deck."""
        d: Any = self._state.deck
        return d if isinstance(d, int) else len(d)

    @property
    def last_round(self) -> list[str]:
        """The cards shown in the last round, in seat order (empty before the first)."""
        return list(self._state.shown)

    def has_chosen(self, player: str) -> bool:
        """True if ``player`` has picked a card in this round (seen by everyone: the choice, not the card).

        Raises
        ------
        ValueError
            If ``player`` is not one of the players.
        """
        seat = self._seat(player)
        if seat is None:
            raise ValueError(f"has_chosen() asks about a player, one of {list(self.players)}; got None")
        return secret.has_chosen(self._state, seat)


class HighCardView(HighCardFacts, View):
    """What one player (or a spectator) may see of a game of High Card."""

    GAME = "HighCard"
    CHANCE_VERB = "draw"
    HIDDEN_INFO = True
    EVENT_FIELDS = ("card", "cards", "taker", "winners")
