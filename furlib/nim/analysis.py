"""Nim solved: the Sprague-Grundy value of a heap, and the nim-sum that tells a winning position.

A position is lost for the player to move exactly when its nim-sum is 0 (Bouton, 1901; for the subtraction
game by Sprague and Grundy's theorem): every move from a nim-sum of 0 leads to a nim-sum other than 0, and
from any other nim-sum some move leads back to 0. So the player who can always move to 0 takes the last stone.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from operator import xor

__all__ = ["grundy", "nim_sum"]


def grundy(stones: int, take: int | None) -> int:
    """The Sprague-Grundy value of one heap of ``stones`` when a move takes 1 to ``take`` stones (None: any number).

    With no limit it is the heap itself; with a limit of ``take`` it is ``stones % (take + 1)``: from a
    heap of n you may move to any of the ``take`` heaps below it, and the smallest value none of those has
    repeats every ``take + 1`` stones.

    >>> [grundy(n, 3) for n in range(9)], grundy(7, None)
    ([0, 1, 2, 3, 0, 1, 2, 3, 0], 7)
    """
    return stones if take is None else stones % (take + 1)


def nim_sum(stones: Iterable[int], take: int | None) -> int:
    """The nim-sum of a position: the exclusive or of its heaps' Grundy values (0: the player to move loses
    against best play).

    >>> nim_sum((3, 4, 5), None), nim_sum((1, 2, 3), None), nim_sum((3, 4, 5), 3)
    (2, 0, 2)
    """
    return reduce(xor, (grundy(s, take) for s in stones), 0)
