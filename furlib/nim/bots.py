"""Bots for Nim: they are given the game itself (Nim hides nothing)."""

from __future__ import annotations

from typing import Any, cast

from ..core.engine.policy import RandomBot
from ..core.errors import excerpt
from .actions import Take
from .analysis import nim_sum
from .views import NimFacts

__all__ = ["RandomBot", "Optimal", "default_bot"]


class Optimal:
    """Moves to a position whose nim-sum is 0 whenever it can (the Sprague-Grundy strategy); else takes one
    stone from the largest heap, to leave the other player as many chances to go wrong as it can.

    Between two players it wins from every position whose nim-sum is not 0, whatever the other does
    (``tests/nim`` checks it exhaustively for small heaps). With more players nobody can force a win, and it
    plays the same rule.

    >>> from furlib.nim import Nim, Take
    >>> g = Nim(["Ann", "Bob"], heaps=[3, 4, 5])      # nim-sum 3 ^ 4 ^ 5 = 2: Ann can win
    >>> Optimal()(g)                                   # to 1, 4, 5: nim-sum 1 ^ 4 ^ 5 = 0
    Take(heap=0, count=2)
    """

    def __repr__(self) -> str:
        return "Optimal()"

    def __call__(self, game: Any) -> object:   # a Nim game (or a view of one)
        if not isinstance(game, NimFacts):
            raise ValueError(f"Optimal plays Nim: give it a Nim game, got {excerpt(game)}")
        legal = cast(list[Take], game.legal_actions())   # a Nim game's decisions are all Takes
        if not legal:
            raise ValueError("Optimal was asked to move where there is no decision to take")
        stones, take = list(game.stones), game.take
        for move in legal:                    # the first move to a nim-sum of 0, in the rules' order
            stones[move.heap] -= move.count
            zero = nim_sum(stones, take) == 0
            stones[move.heap] += move.count
            if zero:
                return move
        largest = max(range(len(stones)), key=stones.__getitem__)
        return next(m for m in legal if m.heap == largest and m.count == 1)


def default_bot() -> Optimal:
    """The bot used when no policy is given: ``Optimal()``."""
    return Optimal()
