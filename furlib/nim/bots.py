"""Bots for Nim: they are given the game itself (Nim hides nothing)."""

from __future__ import annotations

from typing import Any

from ..core.engine.policy import RandomBot
from ..core.errors import excerpt
from .actions import Take
from .analysis import grundy, nim_sum
from .views import NimFacts

__all__ = ["RandomBot", "Optimal", "default_bot"]


class Optimal:
    """Moves to a position whose nim-sum is 0 whenever it can (the Sprague-Grundy strategy); else takes one
    stone from the largest heap, to leave the other player as many chances to go wrong as it can. Of the moves
    to 0 it takes the first the rules list (heap by heap, fewest stones first). A move on one heap brings the
    nim-sum to 0 in one way at most, so it works that move out from the nim-sum, heap by heap, instead of
    trying each legal move (up to 1,000).

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
        if not game.legal_actions():
            raise ValueError("Optimal was asked to move where there is no decision to take")
        stones, take = game.stones, game.take
        total = nim_sum(stones, take)
        if total:   # the first heap, in the rules' order, whose Grundy value can become the one that cancels the rest
            for heap, left in enumerate(stones):
                want = total ^ grundy(left, take)          # a heap of this value leaves a nim-sum of 0
                if take is None:                           # any number: a heap of exactly ``want``
                    count = left - want
                elif want <= take:                         # 1 to ``take``: the count leaving ``want`` mod take + 1
                    count = (left - want) % (take + 1)
                else:
                    continue
                if 1 <= count <= left:
                    return Take(heap, count)
        largest = max(range(len(stones)), key=stones.__getitem__)
        return Take(largest, 1)


def default_bot() -> Optimal:
    """The bot used when no policy is given: ``Optimal()``."""
    return Optimal()
