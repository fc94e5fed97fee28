"""Bots for Pig: they are given the game itself (Pig hides nothing)."""

from __future__ import annotations

from typing import Any

from ..core.engine.policy import RandomBot
from ..core.errors import check_int, excerpt
from .rules import MAX_TARGET, Hold, Roll
from .views import PigFacts

__all__ = ["RandomBot", "HoldAt", "default_bot"]


class HoldAt:
    """Rolls until the turn total reaches ``n`` (or holding would win), then holds.

    ``HoldAt(20)`` is the classic rule of thumb: 20 is about where the
    expected gain of one more roll (5/6 of 4 points) equals the expected loss
    (1/6 of the turn total).

    >>> HoldAt(20)
    HoldAt(20)
    >>> from furlib.pig import Pig, Die
    >>> g = Pig(["Ann", "Bob"], seed=1).apply(Die(6))
    >>> HoldAt(20)(g), HoldAt(5)(g)
    (Roll(), Hold())
    """

    def __init__(self, n: int = 20):
        self.n = check_int("n", n, low=1, high=MAX_TARGET)

    def __repr__(self) -> str:
        return f"HoldAt({self.n})"

    def __call__(self, game: Any) -> object:   # a Pig game
        if not isinstance(game, PigFacts):
            raise ValueError(f"HoldAt plays Pig: give it a Pig game, got {excerpt(game)}")
        player = game.current_player
        if player is None or game.is_chance:
            raise ValueError("HoldAt was asked to move where there is no decision to take")
        total = game.turn_total
        if total >= self.n or game.scores[player] + total >= game.target:
            return Hold()
        return Roll()


def default_bot() -> HoldAt:
    """The bot used when no policy is given: ``HoldAt(20)``."""
    return HoldAt(20)
