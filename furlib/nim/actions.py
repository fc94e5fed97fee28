"""Nim's one action, taking stones from a heap, and the limits of a game's heaps."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.engine.actions import set_whole_number
from ..core.errors import IllegalAction, excerpt
from ..core.words import plural

__all__ = ["Take", "MAX_HEAPS", "MAX_HEAP", "ORDINALS"]

#: The most heaps a game has.
MAX_HEAPS = 10
#: The most stones a heap holds at the start.
MAX_HEAP = 100
#: How people name the heaps, first heap first (a heap's number in code counts from 0).
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


@dataclass(frozen=True)
class Take:
    """Take ``count`` stones from the heap ``heap`` (0 for the first heap, 1 for the second, ...).

    >>> Take(0, 2)
    Take(heap=0, count=2)
    >>> str(Take(2, 1))
    'take 1 stone from the third heap'
    """

    heap: int
    count: int

    def __post_init__(self) -> None:
        set_whole_number(self, "heap", "Take(0, 2)")
        set_whole_number(self, "count", "Take(0, 2)")
        if not 0 <= self.heap < MAX_HEAPS:
            raise IllegalAction(f"Take's heap must be from 0 (the first heap) to {MAX_HEAPS - 1}, e.g. Take(0, 2); "
                                f"got {excerpt(self.heap)}")
        if not 1 <= self.count <= MAX_HEAP:
            raise IllegalAction(f"Take's count must be from 1 to {MAX_HEAP} stones, e.g. Take(0, 2); "
                                f"got {excerpt(self.count)}")

    def __str__(self) -> str:
        return f"take {plural(self.count, 'stone')} from the {ORDINALS[self.heap]} heap"
