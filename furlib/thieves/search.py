"""Search for the Thieves bots: the opponent's answers to a position, and its expected value one roll ahead.

Everything works on :class:`~furlib.thieves.moves.Pos` records (no copy of the
game is made), so a bot can look at every roll of the opponent's dice in a few
milliseconds. :func:`replies` lists the different positions the opponent's
maximal plans for one roll lead to; :func:`expectimax` weighs the opponent's
worst answer for each roll by the roll's chance.

>>> from furlib import Thieves
>>> g = Thieves(seed=1)
>>> ends, escape = replies(g.board, g.position()._replace(keys=("red", "blue")))
>>> escape, len(ends) > 1
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .board import Board
from .moves import Pos, _apply_use, _uses, opens

__all__ = ["replies", "expectimax", "escape_chance", "steal_chance", "steal_ways", "ways_chance", "Evaluation", "Rolls"]

#: A position's value for a seat (higher is better): ``evaluation(board, pos, seat)``.
Evaluation = Callable[[Board, Pos, int], float]
#: The different rolls of the two dice: each roll's keys and its chance (from
#: :func:`furlib.thieves.analysis.roll_table`).
Rolls = Sequence[tuple[tuple[str, ...], float]]


def replies(board: Board, pos: Pos) -> tuple[list[Pos], bool]:
    """The different end positions of the maximal plans from ``pos``, and whether one of them escapes.

    The same plans as :func:`furlib.thieves.moves.plans` (every sequence of
    key uses that uses as many keys as can be used), found by one walk
    through :func:`~furlib.thieves.moves.uses` instead of testing each use
    first; plans that end with the thieves and the gold in the same places
    count once (their ``keys``, ``moved`` and ``passed`` are those of the
    first found). When some plan escapes, the game is lost for the other
    player whatever else the roll allows: ``([], True)``. When no key can be
    used, ``([pos], False)``.
    """
    ends = _Ends(board)
    if ends.walk(pos, 0):
        return [], True
    return ends.best, False


class _Ends:
    """The walk of :func:`replies` and what it found: the end positions of the longest plans so far.

    A class rather than a closure that calls itself: such a closure is a reference cycle, which keeps
    every position it saw until the garbage collector runs.
    """

    __slots__ = ("board", "best", "most", "seen")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.best: list[Pos] = []
        self.most = 0
        self.seen: set[tuple[object, ...]] = set()

    def walk(self, p: Pos, used: int) -> bool:
        """Collect the ends of the plans from ``p``; True as soon as one escapes."""
        options = _uses(self.board, p) if p.keys else []
        if not options:
            if used > self.most:
                self.most, self.best = used, []
                self.seen.clear()
            if used == self.most:
                key = (p.cells, p.carrier)
                if key not in self.seen:
                    self.seen.add(key)
                    self.best.append(p)
            return False
        for u in options:
            if u[0] == "escape":
                return True
            if self.walk(_apply_use(p, u), used + 1):
                return True
        return False


def expectimax(board: Board, pos: Pos, seat: int, rolls: Rolls,
               evaluation: Evaluation, lose: float) -> float:
    """The value for ``seat`` of ``pos`` (``seat`` has just played), one roll of the opponent ahead.

    For each roll of ``rolls`` (the keys and their chance, as from
    :func:`furlib.thieves.analysis.roll_table`), the opponent is taken to
    answer with the plan whose end position ``evaluation`` likes least for
    ``seat``, or ``lose`` if the roll lets them escape; the values are
    weighted by the chances and summed.
    """
    base = pos._replace(seat=1 - seat, moved=frozenset(), passed=frozenset())
    total = 0.0
    for keys, p in rolls:
        ends, escape = replies(board, base._replace(keys=keys))
        total += p * (lose if escape else min(evaluation(board, e, seat) for e in ends))
    return total


def escape_chance(board: Board, pos: Pos, seat: int, rolls: Rolls) -> float:
    """The chance that ``seat``, about to roll in ``pos``, can escape with the gold this turn (the full rules).

    ``rolls`` are the keys of each different roll and their chances, as in
    :func:`expectimax`. 0 unless ``seat`` carries the gold.
    """
    if pos.carrier is None or pos.carrier // 4 != seat:
        return 0.0
    return _black_chance(board, pos, seat, rolls, "escape")


def _black_chance(board: Board, pos: Pos, seat: int, rolls: Rolls, kind: str) -> float:
    """The chance of a use of ``kind`` (an escape, say) this turn that only a black key makes: the rolls
    without one are skipped, and the other key is tried first."""
    base = pos._replace(seat=seat, moved=frozenset(), passed=frozenset())
    total = 0.0
    for keys, p in rolls:
        if "black" not in keys:
            continue
        start = base._replace(keys=keys)
        first = _uses(board, start)
        if any(u[0] == kind for u in first) or (len(keys) > 1 and any(
                v[0] == kind for u in first if u[3] != "black" or keys.count("black") > 1
                for v in _uses(board, _apply_use(start, u)))):
            total += p
    return total


def steal_chance(board: Board, pos: Pos, seat: int, rolls: Rolls) -> float:
    """The chance that ``seat``, about to roll in ``pos``, can steal the gold from the opponent's carrier.

    Counted from the doorways' colours: a thief one doorway from the carrier
    steals with a key that opens that doorway; a thief two doorways away,
    through an empty pathway, with one key for each doorway. The placement
    rules are not checked on the way (a rare difference from the full rules);
    0 when the opponent does not carry the gold.
    """
    ways = steal_ways(board, pos, seat)
    return 0.0 if ways is None else ways_chance(*ways, rolls)


def steal_ways(board: Board, pos: Pos, seat: int) -> tuple[frozenset[str], frozenset[tuple[str, str]]] | None:
    """The doorways' colours through which ``seat`` could steal the gold in ``pos`` (see :func:`steal_chance`):
    the colours of one doorway and the pairs of colours of two doorways, nearest the thief first; None when
    there are none or the opponent does not carry the gold."""
    carrier = pos.carrier
    if carrier is None or carrier // 4 == seat:
        return None
    target = pos.cells[carrier]
    mine = set(pos.cells[4 * seat:4 * seat + 4])
    taken = set(pos.cells)
    forbidden = board.exits[1 - seat]
    ones: set[str] = set()
    twos: set[tuple[str, str]] = set()
    for last, _, via in board.links[target]:
        if via in mine:
            ones.add(last)
        elif via not in taken and via != forbidden:
            twos.update((first, last) for first, _, x in board.links[via] if x in mine)
    if not ones and not twos:
        return None
    return frozenset(ones), frozenset(twos)


def ways_chance(ones: frozenset[str], twos: frozenset[tuple[str, str]], rolls: Rolls) -> float:
    """The chance of the ``rolls`` (keys, chance) that open one doorway of a colour of ``ones``, or two
    doorways of a pair of colours of ``twos`` (the first key for the first doorway, or the other way round)."""
    total = 0.0
    for keys, p in rolls:
        if any(opens(k, c) for k in keys for c in ones) or any(
                opens(a, c1) and opens(b, c2) or opens(b, c1) and opens(a, c2)
                for c1, c2 in twos for a, b in (keys,)):
            total += p
    return total
