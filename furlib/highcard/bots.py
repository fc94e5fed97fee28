"""Bots for High Card: they are given the player's view, never the game."""

from __future__ import annotations

from typing import Any

from ..core.engine.policy import RandomBot
from ..core.errors import excerpt
from .actions import NAMES
from .views import HighCardFacts

__all__ = ["RandomBot", "HighestCard", "default_bot"]


class HighestCard:
    """Always plays the highest card in hand.

    >>> HighestCard()
    HighestCard()
    """

    def __repr__(self) -> str:
        return "HighestCard()"

    def __call__(self, view: Any) -> object:   # a player's view of a HighCard game
        if not isinstance(view, HighCardFacts):
            raise ValueError(f"HighestCard plays High Card: give it a HighCard game or a player's view of one, "
                             f"got {excerpt(view)}")
        legal = view.legal_actions()
        if not legal:
            raise ValueError("HighestCard was asked to move where there is no card to play")
        return max(legal, key=_rank_of)


_RANKS = {name: i + 1 for i, name in enumerate(NAMES)}   # as rules.rank(), for the cards of legal actions


def _rank_of(action: Any) -> int:   # a Play of the legal actions
    return _RANKS[action.card]


def default_bot() -> HighestCard:
    """The bot used when no policy is given: ``HighestCard()``."""
    return HighestCard()
