"""Bots for High Card: they are given the player's view, never the game."""

from __future__ import annotations

from typing import Any

from ..core.policy import RandomBot
from .rules import rank

__all__ = ["RandomBot", "HighestCard", "default_bot"]


class HighestCard:
    """Always plays the highest card in hand.

    >>> HighestCard()
    HighestCard()
    """

    def __repr__(self) -> str:
        return "HighestCard()"

    def __call__(self, view: Any) -> object:   # a player's view of a HighCard game
        return max(view.legal_actions(), key=lambda a: rank(a.card))


def default_bot() -> HighestCard:
    """The bot used when no policy is given: ``HighestCard()``."""
    return HighestCard()
