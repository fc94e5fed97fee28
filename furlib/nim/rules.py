"""Nim's rules: heaps of stones, taken in turn; whoever takes the last stone wins.

The rulebook, in full. There are some heaps of stones. On your turn you take stones from one heap: at least
one, at most the whole heap, and at most ``take`` stones if the game sets that limit (the subtraction game;
with no limit it is classic Nim). Then the next player moves. Whoever takes the last stone wins (normal play).

Nim is a demo game like Pig and High Card: the worked example, without chance, of ``docs/add-a-game.md``
("How to add a game"), written from that page alone.
"""

from __future__ import annotations

from typing import Any

from ..core.engine.rules import Log, Rules
from ..core.errors import check_int, excerpt
from ..core.words import plural
from . import events as ev
from .actions import MAX_HEAP, MAX_HEAPS, ORDINALS, Take
from .state import NimState

__all__ = ["NimRules", "check_heaps", "check_take"]


def check_heaps(heaps: object) -> tuple[int, ...]:
    """``heaps`` as a tuple of plain ints: 1 to ``MAX_HEAPS`` heaps of 1 to ``MAX_HEAP`` stones each.

    Counted before any item is read; a ValueError names the bad value and what is accepted.

    >>> check_heaps([3, 4, 5])
    (3, 4, 5)
    >>> check_heaps([3, 0])
    Traceback (most recent call last):
    ...
    ValueError: heaps[1] must be between 1 and 100, got 0
    """
    if not isinstance(heaps, (list, tuple)):
        raise ValueError(f"heaps must be a list of the stones in each heap, such as [3, 4, 5], got {excerpt(heaps)}")
    if not 1 <= len(heaps) <= MAX_HEAPS:
        raise ValueError(f"heaps must list 1 to {MAX_HEAPS} heaps (MAX_HEAPS), got {len(heaps):,}: {excerpt(heaps)}")
    return tuple(check_int(f"heaps[{i}]", h, low=1, high=MAX_HEAP) for i, h in enumerate(heaps))


def check_take(take: object) -> int | None:
    """``take``: None (a move may take a whole heap) or a whole number from 1 to ``MAX_HEAP``.

    >>> check_take(3), check_take(None)
    (3, None)
    """
    return None if take is None else check_int(
        "take", take, low=1, high=MAX_HEAP,
        accepted=f"None (a move may take a whole heap) or a whole number from 1 to {MAX_HEAP}")


class NimRules(Rules):
    """Nim for ``players`` seats, the ``heaps`` at the start and at most ``take`` stones a move (None: any)."""

    ACTIONS = (Take,)

    def __init__(self, players: int, heaps: tuple[int, ...] = (3, 4, 5), take: int | None = None):
        super().__init__(players)
        self.heaps = check_heaps(heaps)
        self.take = check_take(take)
        #: The most stones one move takes from a heap that holds enough.
        self.most = MAX_HEAP if self.take is None else self.take
        # every move there can ever be, heap by heap (count 1 first): a heap of n stones allows the first n
        self.moves = tuple(tuple(Take(i, n) for n in range(1, min(size, self.most) + 1))
                           for i, size in enumerate(self.heaps))

    def params(self) -> dict[str, Any]:
        return {"heaps": list(self.heaps), "take": self.take}

    def start(self, log: Log) -> NimState:
        """The first player is to move; every heap is full."""
        return NimState(turn=1, current=0, phase="take", winner=None, heaps=list(self.heaps))

    def legal_actions(self, state: NimState) -> list[object]:
        """Any number of stones from 1 to the limit, from any heap that holds them: heap by heap, fewest first."""
        return [move for moves, left in zip(self.moves, state.heaps) for move in moves[:left]]

    def is_legal(self, state: NimState, action: object) -> bool:
        # exactly the legal actions: a Take whose heap and count are whole numbers (True == 1 is no heap)
        if type(action) is not Take:
            return False
        heap, count = action.heap, action.count
        return (type(heap) is int and type(count) is int and 0 <= heap < len(state.heaps)
                and 1 <= count <= min(state.heaps[heap], self.most))

    def why_illegal(self, state: NimState, action: object, players: tuple[str, ...]) -> str:
        if not isinstance(action, Take):
            return f"{excerpt(action)} is not a Nim action (expected Take(heap, count), e.g. Take(0, 1))."
        heap, count, n = action.heap, action.count, len(state.heaps)
        if type(heap) is not int or not 0 <= heap < n:
            heaps = "the only heap is heap 0" if n == 1 else f"the heaps are 0 to {n - 1}"
            return f"there is no heap {excerpt(heap)}: {heaps}."
        left, where = state.heaps[heap], f"the {ORDINALS[heap]} heap"
        if left == 0:
            return f"{where} is empty."
        if type(count) is int and self.take is not None and count > self.take:
            return f"a move takes at most {plural(self.take, 'stone')}."
        if type(count) is int and count > left:
            return f"{where} has only {plural(left, 'stone')} left."
        return f"{excerpt(action)} is not a legal move now."

    def apply(self, state: NimState, action: Any, log: Log) -> None:
        self.taken(state, action.heap, action.count, log)

    def taken(self, state: NimState, heap: int, count: int, log: Log) -> None:
        """The stones leave the heap. Whoever took the last stone of all wins; else the next player moves."""
        me = state.current
        left = state.heaps[heap] - count
        state.heaps[heap] = left
        log.emit(ev.TAKE, me, heap=heap, count=count, left=left)
        if any(state.heaps):
            state.turn += 1
            state.current = (me + 1) % self.players
        else:
            state.phase = "over"
            state.winner = me
            log.emit(ev.WIN, me)

    def check(self, state: NimState) -> None:
        over = state.phase == "over"
        assert state.phase in ("take", "over"), state.phase
        assert len(state.heaps) == len(self.heaps) and 0 <= state.current < self.players
        assert all(0 <= left <= start for left, start in zip(state.heaps, self.heaps)), state.heaps
        assert over == (not any(state.heaps)) == (state.winner is not None)
        assert not over or state.winner == state.current, "the player who took the last stone won"
        moves = state.turn if over else state.turn - 1
        taken = sum(self.heaps) - sum(state.heaps)
        assert moves <= taken <= moves * self.most, "every move takes 1 to the limit of stones"
