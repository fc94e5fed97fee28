"""The checks a Thieves map must pass, with the words of their errors, and :func:`check_cell`, the check of a
square named on a map.

Every constraint of the rulebook as ``RULES.md`` reads it is checked by
:meth:`furlib.thieves.Board.load` (the map format is in
:mod:`furlib.thieves.board`), in this order, the first failure raising a
``ValueError`` with the row and column of the bad square:

1. the limits, before any work: at most
   :data:`~furlib.thieves.board.MAX_MAP_CHARS` characters and
   :data:`~furlib.thieves.board.MAX_MAP_SIDE` rows and columns;
2. every character one of the map's (:data:`CHARS`), in reading order;
3. every row the same length; an odd number of rows and of columns, at least 5;
4. square by square: in its place on the lattice, wall on the edge;
5. exactly one central black square, one exit per player and four starting
   places per player;
6. the map the same for both players under a half turn (each square matches
   the square opposite it through the centre, with the players' letters swapped);
7. each exit a corner pathway, with exactly three surrounding pathways;
8. no starting place in the opponent's exit area, at most one in the three
   pathways around the own exit (so at most two in the own exit area);
9. every pathway reachable through doorways on an empty board;
10. reachability as the rules allow movement: a thief may never move onto the
    opponent's exit, so for each player every pathway but the opponent's exit
    (the gold's pathways and the player's own exit included) must be
    reachable from every one of that player's starting places through
    doorways without passing through the opponent's exit. Doorway colours do
    not matter (white opens any doorway); the central black square is not a
    pathway and is never passed through. A pathway reachable only through the
    opponent's exit is refused naming the player, the pathway by its row and
    column and by its name on the drawn board (``A1`` at the top left, see
    :mod:`furlib.thieves.squares`) and the exit; of both players' such
    pathways, the first in reading order.

Step 1 is the :class:`~furlib.thieves.board.Board`'s own; each of the others
is a function here of the map's rows (and of the tables the ``Board`` has
worked out from them so far), which the ``Board`` calls in this order as it
reads a map.
"""

from __future__ import annotations

import unicodedata
from collections import deque
from typing import Protocol

from ..core.errors import check_int, excerpt
from .squares import square_name

__all__ = ["CHARS", "PATHWAY_CHARS", "check_cell", "check_squares", "check_symmetry", "check_exits", "check_starts",
           "check_connected", "check_reachable_by_rules", "doorways_from"]

#: Characters of the pathway squares.
PATHWAY_CHARS = ".pdPD"
#: Every accepted character and what it means.
CHARS = {
    "#": "wall", ".": "pathway", "p": "first player's starting place", "d": "second player's starting place",
    "P": "first player's exit", "D": "second player's exit", "*": "central black square (the gold)",
    "R": "red doorway", "Y": "yellow doorway", "G": "green doorway", "B": "blue doorway",
}
_SWAP = {"p": "d", "d": "p", "P": "D", "D": "P"}
_THIEVES = 4
#: The players' names in the rules (seat 0 and seat 1) and their seats' words in the map format.
_PLAYERS = ("Pale", "Dark")
_SEATS = ("first", "second")

#: A square ``(row, col)`` (:mod:`furlib.thieves.board` re-exports it).
Cell = tuple[int, int]
#: A way out of a pathway: ``(colour, doorway, other pathway)``.
Link = tuple[str, Cell, Cell]


class _Map(Protocol):
    """What :func:`check_cell` reads of a :class:`~furlib.thieves.board.Board`."""

    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def grid(self) -> tuple[str, ...]: ...


#: The names of the control characters a map file may be found to hold (``unicodedata`` names none of them).
_CONTROL_NAMES = {
    "\x00": "NUL", "\t": "TAB", "\x0b": "VERTICAL TAB (a line break to str.splitlines)",
    "\x0c": "FORM FEED (a line break to str.splitlines)", "\x1b": "ESCAPE",
    "\x1c": "FILE SEPARATOR (a line break to str.splitlines)",
    "\x1d": "GROUP SEPARATOR (a line break to str.splitlines)",
    "\x1e": "RECORD SEPARATOR (a line break to str.splitlines)", "\x1f": "UNIT SEPARATOR", "\x7f": "DELETE",
    "\x85": "NEXT LINE (a line break to str.splitlines)",
}


def _char_name(ch: str) -> str:
    """A character's code point and name: "U+0009 TAB", "U+3000 IDEOGRAPHIC SPACE"."""
    name = _CONTROL_NAMES.get(ch) or unicodedata.name(ch, "") or "a control character"
    if ch in ("\u2028", "\u2029"):
        name += " (a line break to str.splitlines)"
    return f"U+{ord(ch):04X} {name}"


def _where(r: int, c: int) -> str:
    return f"row {r}, column {c}"


def _named(r: int, c: int) -> str:
    """A pathway's row and column in the map text and its name on the drawn board: "row 1, column 3 (B1)"."""
    return f"{_where(r, c)} ({square_name(r, c)})"


def check_squares(grid: tuple[str, ...]) -> dict[str, list[Cell]]:
    """Steps 2 to 5: every character one of :data:`CHARS`, every row the same length, an odd number of rows
    and of columns (at least 5), every square in its place on the lattice and wall on the edge, and the
    counts of the central square, the exits and the starting places. Returns the squares of each character,
    in reading order."""
    rows, cols = len(grid), len(grid[0])
    for r, line in enumerate(grid):
        bad = next((c for c, ch in enumerate(line) if ch not in CHARS), None)
        if bad is not None:
            ch = line[bad]
            raise ValueError(f"unknown character {excerpt(ch)} ({_char_name(ch)}) at {_where(r, bad)}; a map "
                             f"holds only the squares {''.join(CHARS)} (see furlib.thieves.board), one line "
                             "per row, spaces at either end of a line ignored")
    for r, line in enumerate(grid):
        if len(line) != cols:
            raise ValueError(f"row {r} has {len(line)} characters, but row 0 has {cols}: "
                             "every row of the map must be the same length")
    if rows < 5 or cols < 5 or rows % 2 == 0 or cols % 2 == 0:
        raise ValueError(f"the map is {rows} rows by {cols} columns; it needs an odd number "
                         "of each, at least 5 (2 pathways and the walls and doorways around them)")
    found: dict[str, list[Cell]] = {}
    for r, line in enumerate(grid):
        for c, ch in enumerate(line):
            edge = r in (0, rows - 1) or c in (0, cols - 1)
            if edge and ch != "#":
                raise ValueError(f"{CHARS[ch]} {excerpt(ch)} at {_where(r, c)} is on the edge of the map; "
                                 "the edge must be wall '#'")
            if r % 2 and c % 2:
                allowed, what = PATHWAY_CHARS, "a pathway ('.', 'p', 'd', 'P' or 'D')"
            elif r % 2 == 0 and c % 2 == 0:
                allowed, what = "#*", "a wall '#' or the central square '*'"
            else:
                allowed, what = "#RYGB", "a wall '#' or a doorway ('R', 'Y', 'G', 'B')"
            if ch not in allowed:
                raise ValueError(f"{CHARS[ch]} {excerpt(ch)} at {_where(r, c)}: a square at an "
                                 f"{'odd' if r % 2 else 'even'} row and {'odd' if c % 2 else 'even'} column "
                                 f"must be {what}")
            found.setdefault(ch, []).append((r, c))
    for ch, want in (("*", 1), ("P", 1), ("D", 1), ("p", _THIEVES), ("d", _THIEVES)):
        got = found.get(ch, [])
        if len(got) != want:
            at = "; found at " + ", ".join(_where(*x) for x in got) if got else ""
            raise ValueError(f"the map needs exactly {want} {CHARS[ch]} {excerpt(ch)}, found {len(got)}{at}")
    return found


def check_symmetry(grid: tuple[str, ...]) -> None:
    """Step 6: the map the same for both players under a half turn."""
    rows, cols = len(grid), len(grid[0])
    for r, line in enumerate(grid):
        for c, ch in enumerate(line):
            rr, cc = rows - 1 - r, cols - 1 - c
            if (rr, cc) < (r, c):
                continue
            want = _SWAP.get(ch, ch)
            if grid[rr][cc] != want:
                raise ValueError(f"the map is not the same for both players under a half turn: {CHARS[ch]} "
                                 f"{excerpt(ch)} at {_where(r, c)} but {CHARS[grid[rr][cc]]} {excerpt(grid[rr][cc])} "
                                 f"at {_where(rr, cc)}, the square opposite it through the centre "
                                 f"(it must be {excerpt(want)})")


def check_exits(exits: tuple[Cell, Cell], surrounds: tuple[frozenset[Cell], ...]) -> None:
    """Step 7: each exit a corner pathway, with exactly three surrounding pathways (``surrounds``)."""
    for seat, ex in enumerate(exits):
        if len(surrounds[seat]) != 3:
            raise ValueError(f"the {CHARS['PD'[seat]]} at {_where(*ex)} has {len(surrounds[seat])} surrounding "
                             "pathways; an exit must be a corner pathway, with exactly 3")


def check_starts(starts: tuple[tuple[Cell, ...], ...], surrounds: tuple[frozenset[Cell], ...],
                 areas: tuple[frozenset[Cell], ...]) -> None:
    """Step 8: no starting place in the opponent's exit area, at most one around the player's own exit."""
    for seat in (0, 1):
        other = 1 - seat
        for cell in starts[seat]:
            if cell in areas[other]:
                raise ValueError(f"the {CHARS['pd'[seat]]} at {_where(*cell)} is in the opponent's exit "
                                 "area (their exit and its three surrounding pathways); no thief may start there")
        near = [x for x in starts[seat] if x in surrounds[seat]]
        if len(near) > 1:
            raise ValueError(f"{len(near)} of the {CHARS['pd'[seat]]}s ({', '.join(_where(*x) for x in near)}) "
                             "are on the three pathways around their own exit; at most 1 is allowed")


def doorways_from(links: dict[Cell, tuple[Link, ...]], start: Cell, barred: Cell | None = None) -> dict[Cell, int]:
    """Doorways to pass from ``start`` to every pathway reachable from it through ``links`` (breadth first),
    never through ``barred`` (an exit a player may not enter)."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        x = todo.popleft()
        for _, _, y in links[x]:
            if y not in dist and y != barred:
                dist[y] = dist[x] + 1
                todo.append(y)
    return dist


def check_connected(grid: tuple[str, ...], pathways: tuple[Cell, ...], links: dict[Cell, tuple[Link, ...]],
                    start: Cell) -> None:
    """Step 9: every pathway reachable through doorways from ``start`` (a gold's pathway) on an empty board."""
    seen = doorways_from(links, start)
    for p in pathways:
        if p not in seen:
            what = CHARS[grid[p[0]][p[1]]]
            raise ValueError(f"the {what} at {_where(*p)} cannot be reached through doorways "
                             f"from the pathway at {_where(*start)}; every pathway must be reachable")


def _parts_without(pathways: tuple[Cell, ...], links: dict[Cell, tuple[Link, ...]],
                   wall: Cell) -> list[set[Cell]]:
    """The parts the pathways fall into when ``wall`` (an exit) may not be passed through, ``wall`` left out."""
    parts: list[set[Cell]] = []
    seen = {wall}
    for p in pathways:
        if p not in seen:
            part = set(doorways_from(links, p, wall))
            seen |= part
            parts.append(part)
    return parts


def check_reachable_by_rules(grid: tuple[str, ...], pathways: tuple[Cell, ...],
                             links: dict[Cell, tuple[Link, ...]], exits: tuple[Cell, Cell],
                             starts: tuple[tuple[Cell, ...], ...]) -> None:
    """Step 10: every pathway a player's thieves may stand on (all but the opponent's exit) is reachable from
    the player's starting places through doorways without passing through the opponent's exit.

    The board is connected (checked before), so a pathway cut off this way is reachable only through the
    opponent's exit. Of the two players' cut-off pathways the first in reading order is named.
    """
    bad: list[tuple[Cell, int, set[Cell]]] = []
    for seat in (0, 1):
        barred = exits[1 - seat]
        parts = _parts_without(pathways, links, barred)
        if len(parts) > 1:
            mine = starts[seat]

            def rank(part: set[Cell], mine: tuple[Cell, ...] = mine) -> tuple[int, int]:
                at = [i for i, s in enumerate(mine) if s in part]
                return len(at), -(at[0] if at else len(mine))

            # the player's thieves are where most of them start (on a tie, where the first of them starts)
            home = max(parts, key=rank)
            bad.append((min(p for p in pathways if p not in home and p != barred), seat, home))
    if not bad:
        return
    cell, seat, home = min(bad, key=lambda x: (x[0], x[1]))
    me, them = _PLAYERS[seat], _PLAYERS[1 - seat]
    inside = [s for s in starts[seat] if s in home]
    origin = f"from {me}'s starting places"
    if len(inside) < len(starts[seat]):
        names = [_named(*s) for s in inside]
        origin += f" at {', '.join(names[:-1])} and {names[-1]}," if len(names) > 1 else f" at {names[0]},"
    raise ValueError(f"{me} (the {_SEATS[seat]} player) cannot reach the {CHARS[grid[cell[0]][cell[1]]]} at "
                     f"{_named(*cell)}: {origin} it is reachable only through {them}'s exit at "
                     f"{_named(*exits[1 - seat])}, and no thief may move onto the opponent's exit")


def check_cell(board: _Map, name: str, cell: object, *, pathway: bool = False) -> Cell:
    """``cell`` as a ``(row, col)`` tuple of plain ints if it is a square of ``board`` (a pathway, if
    ``pathway``): a tuple or list of two whole numbers (numpy integers too, never a bool) within the map.

    Raises
    ------
    ValueError
        Naming ``name``, the value (an excerpt) and the map's rows and columns.

    >>> from furlib.thieves import Board
    >>> check_cell(Board.default(), "cell", [1, 3])
    (1, 3)
    >>> check_cell(Board.default(), "cell", (17, 3))
    Traceback (most recent call last):
    ...
    ValueError: cell (17, 3) is off the map: a square is (row, col), rows 0 to 16 and columns 0 to 16
    """
    what = "a pathway (odd row and odd column)" if pathway else "a square"
    if not isinstance(cell, (tuple, list)) or len(cell) != 2:
        raise ValueError(f"{name} must be {what} of the map as (row, col), e.g. (1, 3); got {excerpt(cell)}")
    try:
        r, c = (check_int(name, x) for x in cell)
    except ValueError:
        raise ValueError(f"{name} must be {what} of the map as (row, col), two whole numbers, e.g. (1, 3); "
                         f"got {excerpt(cell)}") from None
    shown = f"({excerpt(r)}, {excerpt(c)})"       # not excerpt(cell): a repr of a list of huge ints fails
    if not (0 <= r < board.rows and 0 <= c < board.cols):
        raise ValueError(f"{name} {shown} is off the map: a square is (row, col), rows 0 to "
                         f"{board.rows - 1} and columns 0 to {board.cols - 1}")
    if pathway and board.grid[r][c] not in PATHWAY_CHARS:
        raise ValueError(f"{name} {shown} is not a pathway of the map (a pathway is at an odd row and "
                         f"an odd column), it is a {CHARS[board.grid[r][c]]}")
    return r, c
