"""Bots for High Card: they are given the player's view, never the game."""

from __future__ import annotations

from typing import Any

from ..core.policy import RandomBot
from .rules import NAMES, Play

__all__ = ["RandomBot", "HighestCard", "default_bot"]


class HighestCard:
    """Always plays the highest card in hand.

    >>> HighestCard()
    HighestCard()
    """

    def __repr__(self) -> str:
        return "HighestCard()"

    def __call__(self, view: Any) -> object:   # a player's view of a HighCard game
        return max(view.legal_actions(), key=_rank_of)


_RANKS = {name: i + 1 for i, name in enumerate(NAMES)}   # as rules.rank(), for the cards of legal actions


def _rank_of(action: Play) -> int:
    return _RANKS[action.card]


def default_bot() -> HighestCard:
    """The bot used when no policy is given: ``HighestCard()``."""
    return HighestCard()
