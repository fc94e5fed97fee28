"""Tables worked out from a Thieves labyrinth once per map (:class:`PerBoard`), for the bots' hot loops: the
ways of :mod:`furlib.thieves.moves` and the distances of :mod:`furlib.thieves.evaluation`."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["PerBoard"]

#: A board (:class:`~furlib.thieves.board.Board`: equal boards, of one map, hash alike).
_B = TypeVar("_B", bound=Hashable)
_T = TypeVar("_T")


class PerBoard(Generic[_B, _T]):
    """Tables worked out from a board once per map, for the bots' hot loops: ``tables = PerBoard(make)``,
    then ``tables(board)`` is ``make(board)``, kept.

    A :func:`functools.lru_cache` of ``make``: the tables of the last ``kept`` maps asked for are kept (the
    least recently used dropped first), and a board is keyed by its map, so equal boards share one table.
    (A hand-made cache that also found the last board by identity saved nothing a paired benchmark could
    see: ``benchmarks/bench_engine_tricks.py``, issue 32.)
    """

    __slots__ = ("_cached",)

    def __init__(self, make: Callable[[_B], _T], kept: int = 8) -> None:
        self._cached = functools.lru_cache(maxsize=kept)(make)

    def __call__(self, board: _B) -> _T:
        return self._cached(board)

    def clear(self) -> None:
        """Forget every table."""
        self._cached.cache_clear()
