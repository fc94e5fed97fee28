"""Nim solved: the Sprague-Grundy value of a heap, and the nim-sum that tells a winning position.

A position is lost for the player to move exactly when its nim-sum is 0 (Bouton, 1901; for the subtraction
game by Sprague and Grundy's theorem): every move from a nim-sum of 0 leads to a nim-sum other than 0, and
from any other nim-sum some move leads back to 0. So the player who can always move to 0 takes the last stone.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from operator import xor

from ..core.errors import check_int, excerpt, read_at_most

__all__ = ["grundy", "nim_sum", "MAX_STONES", "MAX_NIM_HEAPS"]

#: The most stones of one heap, and the largest ``take``, that :func:`grundy` and :func:`nim_sum` accept (a
#: game's heaps hold at most 100: this leaves room to explore; each value costs one division).
MAX_STONES = 10**9
#: The most heaps :func:`nim_sum` adds up (a game has at most 10): counted before they are read, and of an
#: iterator no more than ``MAX_NIM_HEAPS + 1`` are read. A whole sum takes a few milliseconds.
MAX_NIM_HEAPS = 10_000


def _check_take(take: object) -> int | None:
    return None if take is None else check_int(
        "take", take, low=1, high=MAX_STONES, accepted=f"None or a whole number from 1 to {MAX_STONES:,} (MAX_STONES)")



def _grundy(stones: int, take: int | None) -> int:
    return stones if take is None else stones % (take + 1)


def grundy(stones: int, take: int | None) -> int:
    """The Sprague-Grundy value of one heap of ``stones`` when a move takes 1 to ``take`` stones (None: any number).

    With no limit it is the heap itself; with a limit of ``take`` it is ``stones % (take + 1)``: from a
    heap of n you may move to any of the ``take`` heaps below it, and the smallest value none of those has
    repeats every ``take + 1`` stones. ``stones`` is a whole number from 0 to ``MAX_STONES`` (10**9),
    ``take`` None or a whole number from 1 to ``MAX_STONES``; anything else is a ValueError naming it.

    >>> [grundy(n, 3) for n in range(9)], grundy(7, None)
    ([0, 1, 2, 3, 0, 1, 2, 3, 0], 7)
    >>> grundy(5, -1)
    Traceback (most recent call last):
    ...
    ValueError: take must be None or a whole number from 1 to 1,000,000,000 (MAX_STONES), got -1
    """
    take = _check_take(take)
    return _grundy(check_int("stones", stones, low=0, high=MAX_STONES), take)


def nim_sum(stones: Iterable[int], take: int | None) -> int:
    """The nim-sum of a position: the exclusive or of its heaps' Grundy values (0: the player to move loses
    against best play).

    ``stones`` is a list (or any iterable but text) of at most ``MAX_NIM_HEAPS`` (10,000) heaps, each a
    whole number from 0 to ``MAX_STONES``; ``take`` as for :func:`grundy`. Anything else is a ValueError
    naming it, raised before any heap is added.

    >>> nim_sum((3, 4, 5), None), nim_sum((1, 2, 3), None), nim_sum((3, 4, 5), 3)
    (2, 0, 2)
    >>> nim_sum([1, -2, 3], None)
    Traceback (most recent call last):
    ...
    ValueError: stones[1] must be between 0 and 1000000000, got -2
    """
    take = _check_take(take)
    if isinstance(stones, (str, bytes, bytearray)) or not isinstance(stones, Iterable):
        raise ValueError(f"stones must be a list of heaps (whole numbers of stones), got {excerpt(stones)}")
    heaps, _ = read_at_most(stones, MAX_NIM_HEAPS)
    if heaps is None:
        raise ValueError(f"stones must be at most {MAX_NIM_HEAPS:,} heaps (MAX_NIM_HEAPS), got more: "
                         f"{excerpt(stones)}")
    heaps = [check_int(f"stones[{i}]", s, low=0, high=MAX_STONES) for i, s in enumerate(heaps)]
    return reduce(xor, (_grundy(s, take) for s in heaps), 0)
