"""Nim's one action, taking stones from a heap, and the limits of a game's heaps."""

from __future__ import annotations

from ..core.engine.actions import Action, whole_number
from ..core.words import plural

__all__ = ["Take", "MAX_HEAPS", "MAX_HEAP", "ORDINALS"]

#: The most heaps a game has.
MAX_HEAPS = 10
#: The most stones a heap holds at the start.
MAX_HEAP = 100
#: How people name the heaps, first heap first (a heap's number in code counts from 0).
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


class Take(Action):
    """Take ``count`` stones from the heap ``heap`` (0 for the first heap, 1 for the second, ...).

    >>> Take(0, 2)
    Take(heap=0, count=2)
    >>> str(Take(2, 1))
    'take 1 stone from the third heap'
    """

    heap: int
    count: int

    CHECKS = {
        "heap": whole_number(0, MAX_HEAPS - 1, "{action}'s {field} must be from {low} (the first heap) to {high}, "
                                               "e.g. {example}; got {value}"),
        "count": whole_number(1, MAX_HEAP, "{action}'s {field} must be from {low} to {high} stones, e.g. {example}; "
                                           "got {value}"),
    }
    EXAMPLE = "Take(0, 2)"

    def __str__(self) -> str:
        return f"take {plural(self.count, 'stone')} from the {ORDINALS[self.heap]} heap"
