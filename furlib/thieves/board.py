"""The labyrinth of Thieves as plain-text data: the map format, :class:`Board`, and its validation.

The map format
--------------
One character per square, one line per row, every line the same length.
Rows and columns count from 0 at the top left. The squares sit on a lattice:

* pathways at an **odd row and odd column**: ``.`` a pathway, ``p`` a
  starting place of the first player's thieves (Pale), ``d`` of the second
  player's (Dark), ``P`` the first player's exit, ``D`` the second player's exit;
* between two pathways in a line (one coordinate odd, the other even): a
  doorway ``R`` (red), ``Y`` (yellow), ``G`` (green), ``B`` (blue), or a wall ``#``;
* at an even row and even column: a wall ``#``, or the central black square
  ``*`` that holds the gold (exactly one, not on the edge). The four
  pathways touching its corners are the gold's pathways;
* the edge of the map (first and last row and column) is wall.

So a map with ``n`` by ``m`` pathways has ``2n + 1`` rows of ``2m + 1``
characters. A pathway's *surrounding pathways* are the pathways next to it
on the lattice, diagonals included; an exit must be a corner pathway, with
exactly three. The *exit area* of a player is their exit and its three
surrounding pathways.

Lines end with ``\\n``, ``\\r\\n`` or ``\\r``. Spaces (U+0020, nothing else)
at either end of a line are ignored, and so are blank lines (empty, or
spaces only) at either end of the map; its first line that is not blank is
row 0. Any other character is refused with its row, column and code point,
also one that is invisible or that ``str.splitlines()`` would take for a
line break (a tab, ``\\x0b``, ``\\x0c``, ``\\x1c`` to ``\\x1e``, ``\\x85``, a
no-break space, ``\\u2028``, ``\\u2029``, ``\\u3000``, ...): a map file holds
exactly the characters above.

Every constraint of the rulebook as ``RULES.md`` reads it is checked by
:meth:`furlib.thieves.Board.load`, in this order, the first failure raising a
``ValueError`` with the row and column of the bad square:

1. the limits, before any work: at most :data:`MAX_MAP_CHARS` characters and
   :data:`MAX_MAP_SIDE` rows and columns;
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

``Board.default()`` is furlib's own labyrinth; ``Board.default().to_text()``
is its map, to copy into a file and edit.
"""

from __future__ import annotations

import functools
import unicodedata
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Generic, TypeVar

from ..core.engine.fixed import FixedDict
from ..core.errors import check_int, excerpt
from .squares import square_name

__all__ = ["Board", "check_cell", "COLOURS", "DOOR_LETTERS", "PATHWAY_CHARS", "CHARS", "MAX_MAP_SIDE", "MAX_MAP_CHARS",
           "PerBoard"]

#: The doorway colours, in the order used everywhere (dice, tables, plots).
COLOURS = ("red", "yellow", "green", "blue")
#: Doorway letters and their colours.
DOOR_LETTERS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
#: Characters of the pathway squares.
PATHWAY_CHARS = ".pdPD"
#: Every accepted character and what it means.
CHARS = {
    "#": "wall", ".": "pathway", "p": "first player's starting place", "d": "second player's starting place",
    "P": "first player's exit", "D": "second player's exit", "*": "central black square (the gold)",
    "R": "red doorway", "Y": "yellow doorway", "G": "green doorway", "B": "blue doorway",
}
_SWAP = {"p": "d", "d": "p", "P": "D", "D": "P"}
#: The most rows (and columns) a map may have: 16 by 16 pathways (the default labyrinth has 8 by 8). The
#: bots' distances over every pair of pathways, the board's picture and a class's patience all fit it.
MAX_MAP_SIDE = 33
#: The most characters of map text (rows of at most MAX_MAP_SIDE squares, with room for indentation).
MAX_MAP_CHARS = 5_000


def _path_excerpt(path: str, width: int = 60) -> str:
    """``repr(path)``, cut to ``width`` characters keeping its end (the file's name): an error never echoes
    a whole path."""
    text = repr(path)
    return text if len(text) <= width else text[:width - 5] + "…" + text[-4:]


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
_THIEVES = 4

Cell = tuple[int, int]
#: A way out of a pathway: ``(colour, doorway, other pathway)``.
Link = tuple[str, Cell, Cell]
#: The maps furlib ships, loaded once: name -> Board (see Board.named).
_NAMED: dict[str, Board] = {}


def _where(r: int, c: int) -> str:
    return f"row {r}, column {c}"


def _named(r: int, c: int) -> str:
    """A pathway's row and column in the map text and its name on the drawn board: "row 1, column 3 (B1)"."""
    return f"{_where(r, c)} ({square_name(r, c)})"


#: The players' names in the rules (seat 0 and seat 1) and their seats' words in the map format.
_PLAYERS = ("Pale", "Dark")
_SEATS = ("first", "second")


class _ReadOnly(FixedDict):
    """A board's table (doors, links): a dict that cannot change."""

    __slots__ = ()

    def _refused(self, key: object = None, value: object = None) -> str:
        return _FIXED if key is None else f"[{key!r}] = {value!r} was not set: {_FIXED}"


_FIXED = ("a Board cannot change (every game on it, and furlib's default labyrinth, is shared): change its "
          "map text and load a new one, e.g. Board.load(board.to_text().replace(...)), then Thieves(board=...)")


class Board:
    """A validated Thieves labyrinth (see the module docstring for the map format).

    A board cannot change once loaded (games share it): its attributes and
    tables refuse to be set; a different labyrinth is a new map text.

    Attributes
    ----------
    rows, cols : int
        The map's size in squares.
    pathways : tuple of (row, col)
        Every pathway, in reading order.
    doors : dict
        ``{(row, col) of a doorway: colour}``.
    links : dict
        ``{pathway: ((colour, doorway, other pathway), ...)}``: where a thief
        on that pathway can go, and through which doorway.
    gold_square : (row, col)
        The central black square.
    gold_pathways : frozenset
        The four pathways from which the gold can be taken.
    exits : tuple
        The exit of each player (seat 0, seat 1).
    surrounds : tuple of frozenset
        The three pathways around each player's exit.
    starts : tuple of tuple
        The four starting places of each player, in reading order.

    Examples
    --------
    >>> b = Board.default()
    >>> len(b.pathways), b.exits
    (64, ((1, 1), (15, 15)))
    >>> Board.load(b.to_text()) == b
    True
    """

    rows: int
    cols: int
    pathways: tuple[Cell, ...]
    doors: dict[Cell, str]
    links: dict[Cell, tuple[Link, ...]]
    gold_square: Cell
    gold_pathways: frozenset[Cell]
    exits: tuple[Cell, Cell]
    surrounds: tuple[frozenset[Cell], ...]
    areas: tuple[frozenset[Cell], ...]
    starts: tuple[tuple[Cell, ...], tuple[Cell, ...]]

    def __init__(self, grid: list[str]):
        if not isinstance(grid, (list, tuple)) or not grid or len(grid) <= MAX_MAP_SIDE and not all(
                isinstance(x, str) for x in grid):
            raise ValueError(f"a Board is made from a non-empty list of map rows (strings), got {excerpt(grid)}; "
                             "to read map text use Board.load(text)")
        limit = (f"a map may have at most {MAX_MAP_SIDE} of each (MAX_MAP_SIDE: {(MAX_MAP_SIDE - 1) // 2} by "
                 f"{(MAX_MAP_SIDE - 1) // 2} pathways)")
        if len(grid) > MAX_MAP_SIDE:             # the rows are not read
            raise ValueError(f"the map is {len(grid):,} rows; {limit}")
        widest = max(len(x) for x in grid)
        if widest > MAX_MAP_SIDE:
            raise ValueError(f"the map is {len(grid)} rows by {widest:,} columns; {limit}")
        self._grid = tuple(grid)
        self.rows, self.cols = len(grid), len(grid[0])
        self._check()
        self.doors, self.links = _ReadOnly(self.doors), _ReadOnly(self.links)
        self._sealed = True

    def __setattr__(self, name: str, value: object) -> None:
        if self.__dict__.get("_sealed"):
            raise AttributeError(f"{name} = {excerpt(value)} was not set: {_FIXED}")
        object.__setattr__(self, name, value)

    # --------------------------------------------------------------- loading
    @classmethod
    def load(cls, source: str | Path | Board) -> Board:
        """A board from map text (a string), from a file (a :class:`pathlib.Path`), or a board itself.

        A string is always map text, never a file's name: a save or a map
        sent by somebody else can never make furlib read a file. To read a
        file, pass a ``Path`` (or call :meth:`from_file`). Line endings may
        be ``\\n``, ``\\r\\n`` or ``\\r``; spaces at either end of a line and
        blank lines at either end of the map are ignored, and any other
        character that is not a square of the format (a tab, a no-break
        space, a form feed, ...) is refused with its row, column and code
        point (see the module docstring). The map may hold at most
        :data:`MAX_MAP_CHARS` characters and :data:`MAX_MAP_SIDE` rows and
        columns (checked before anything else).

        Raises
        ------
        ValueError
            For anything that is not a valid map: naming the row and column
            of the first bad square and what is accepted, with any echoed
            text cut to a short excerpt.
        """
        if isinstance(source, Board):
            return source
        if isinstance(source, Path):
            return cls.from_file(source)
        if not isinstance(source, str):
            raise ValueError(f"a board is map text (a string), a pathlib.Path of a map file or a Board, "
                             f"got {excerpt(source)}")
        if len(source) > MAX_MAP_CHARS:
            raise ValueError(f"the map text has {len(source):,} characters; a map may have at most "
                             f"{MAX_MAP_CHARS:,} (MAX_MAP_CHARS)")
        # only spaces are ignored (at either end of a line), and only "\n", "\r\n" and "\r" end a line: every
        # other character, a tab or one that str.splitlines() would break at included, is a square (refused)
        lines = [line.strip(" ") for line in source.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
        first = next((i for i, line in enumerate(lines) if line), len(lines))
        last = max((i for i, line in enumerate(lines) if line), default=first - 1)
        lines = lines[first:last + 1]
        if not lines:
            raise ValueError("the map is empty; see furlib.thieves.board for the format")
        if len(lines) == 1:
            from .default_board import MAPS

            if lines[0] in MAPS:
                return cls.named(lines[0])
            raise ValueError(f"the map is one line ({excerpt(lines[0])}); a map has one line per row, at "
                             f"least 5, or is the name of a map furlib ships ({', '.join(map(repr, MAPS))}); a "
                             "string is never a file's name: pass a pathlib.Path to read a file")
        return cls(lines)

    @classmethod
    def named(cls, name: str) -> Board:
        """A map furlib ships, by its name: ``"crossroads"`` (the default) or ``"classic"`` (see
        :mod:`furlib.thieves.default_board`).

        >>> Board.named("classic") == Board.load("classic") != Board.default()
        True
        """
        from .default_board import MAPS

        if not isinstance(name, str) or name not in MAPS:
            raise ValueError(f"there is no map named {excerpt(name)}; furlib ships {', '.join(map(repr, MAPS))}")
        got = _NAMED.get(name)
        if got is None or type(got) is not cls:
            got = _NAMED[name] = cls.load(MAPS[name])
        return got

    @property
    def name(self) -> str | None:
        """The name of the map furlib ships that this board is (None for any other map).

        >>> Board.default().name, Board.named("classic").name
        ('crossroads', 'classic')
        """
        from .default_board import MAPS

        for name in MAPS:
            if self == Board.named(name):
                return name
        return None

    @classmethod
    def from_file(cls, path: str | Path) -> Board:
        """A board from a map file: the file's text, read as UTF-8 (at most :data:`MAX_MAP_CHARS` characters).

        Raises
        ------
        ValueError
            If there is no such file, it is too long, is not UTF-8 text, or is not a valid map.
        """
        if not isinstance(path, (str, Path)):
            raise ValueError(f"a map file is named by a pathlib.Path (or a str), got {excerpt(path)}")
        path = Path(path)
        if not path.is_file():
            raise ValueError(f"no map file at {_path_excerpt(str(path))}")
        size = path.stat().st_size
        if size > 4 * MAX_MAP_CHARS:
            raise ValueError(f"the map file {_path_excerpt(str(path))} has {size:,} bytes; a map may have at most "
                             f"{MAX_MAP_CHARS:,} characters (MAX_MAP_CHARS)")
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError as e:
            raise ValueError(f"the map file {_path_excerpt(str(path))} is not UTF-8 text (byte {e.start})") from None
        return cls.load(text)

    @classmethod
    def default(cls) -> Board:
        """furlib's own labyrinth (8 by 8 pathways), the same for both players under a half turn."""
        from .default_board import DEFAULT_NAME

        return cls.named(DEFAULT_NAME)

    @property
    def grid(self) -> tuple[str, ...]:
        """The map's rows, as strings, one character a square (see the module docstring)."""
        return self._grid

    def to_text(self) -> str:
        """The map as text (one line per row, ending with a line break)."""
        return "\n".join(self._grid) + "\n"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other.grid == self._grid

    def __hash__(self) -> int:
        return hash(self._grid)

    def __repr__(self) -> str:
        return f"<Board {self.rows}x{self.cols}: {len(self.pathways)} pathways, {len(self.doors)} doorways>"

    def char(self, cell: Cell) -> str:
        """The map character of a square ``(row, col)`` of the map.

        >>> Board.default().char((1, 1)), Board.default().char((8, 8))
        ('P', '*')
        """
        r, c = check_cell(self, "cell", cell)
        return self._grid[r][c]

    def __iter__(self) -> Iterator[tuple[Cell, str]]:
        for r, line in enumerate(self._grid):
            for c, ch in enumerate(line):
                yield (r, c), ch

    def door_between(self, a: Cell, b: Cell) -> Cell | None:
        """The doorway between two squares of the map that are pathways joined by one, else None.

        >>> Board.default().door_between((1, 1), (1, 3)), Board.default().door_between((1, 1), (5, 5))
        ((1, 2), None)
        """
        return self.door_of(check_cell(self, "a", a), check_cell(self, "b", b))

    def door_of(self, a: Cell, b: Cell) -> Cell | None:
        """:meth:`door_between` of two squares known to be on the map (``(row, col)`` tuples), unchecked: the
        rules' quick path."""
        for _, door, other in self.links.get(a, ()):
            if other == b:
                return door
        return None

    def surrounding(self, cell: Cell) -> list[Cell]:
        """The pathways next to a pathway of the map on the lattice, diagonals included.

        >>> Board.default().surrounding((1, 1))
        [(1, 3), (3, 1), (3, 3)]
        """
        return self._surrounding(check_cell(self, "cell", cell, pathway=True))

    def _surrounding(self, cell: Cell) -> list[Cell]:
        """:meth:`surrounding` of a pathway known to be one."""
        r, c = cell
        return [(r + dr, c + dc) for dr in (-2, 0, 2) for dc in (-2, 0, 2)
                if (dr or dc) and 0 < r + dr < self.rows and 0 < c + dc < self.cols]

    # ------------------------------------------------------------ validation
    def _check(self) -> None:
        g = self._grid
        for r, line in enumerate(g):
            bad = next((c for c, ch in enumerate(line) if ch not in CHARS), None)
            if bad is not None:
                ch = line[bad]
                raise ValueError(f"unknown character {excerpt(ch)} ({_char_name(ch)}) at {_where(r, bad)}; a map "
                                 f"holds only the squares {''.join(CHARS)} (see furlib.thieves.board), one line "
                                 "per row, spaces at either end of a line ignored")
        for r, line in enumerate(g):
            if len(line) != self.cols:
                raise ValueError(f"row {r} has {len(line)} characters, but row 0 has {self.cols}: "
                                 "every row of the map must be the same length")
        if self.rows < 5 or self.cols < 5 or self.rows % 2 == 0 or self.cols % 2 == 0:
            raise ValueError(f"the map is {self.rows} rows by {self.cols} columns; it needs an odd number "
                             "of each, at least 5 (2 pathways and the walls and doorways around them)")
        found: dict[str, list[Cell]] = {}
        for (r, c), ch in self:
            edge = r in (0, self.rows - 1) or c in (0, self.cols - 1)
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
        self._symmetry()
        self.pathways = tuple(cell for cell, ch in self if ch in PATHWAY_CHARS)
        self.doors = {cell: DOOR_LETTERS[ch] for cell, ch in self if ch in DOOR_LETTERS}
        links: dict[Cell, list[Link]] = {p: [] for p in self.pathways}
        for (r, c), colour in self.doors.items():
            a, b = ((r, c - 1), (r, c + 1)) if r % 2 else ((r - 1, c), (r + 1, c))
            links[a].append((colour, (r, c), b))
            links[b].append((colour, (r, c), a))
        self.links = {p: tuple(v) for p, v in links.items()}
        gr, gc = self.gold_square = found["*"][0]
        self.gold_pathways = frozenset((gr + dr, gc + dc) for dr in (-1, 1) for dc in (-1, 1))
        self.exits = (found["P"][0], found["D"][0])
        for seat, ex in enumerate(self.exits):
            around = self._surrounding(ex)
            if len(around) != 3:
                raise ValueError(f"the {CHARS['PD'[seat]]} at {_where(*ex)} has {len(around)} surrounding "
                                 "pathways; an exit must be a corner pathway, with exactly 3")
        self.surrounds = tuple(frozenset(self._surrounding(ex)) for ex in self.exits)
        self.areas = tuple(s | {ex} for s, ex in zip(self.surrounds, self.exits))
        self.starts = (tuple(found["p"]), tuple(found["d"]))
        for seat in (0, 1):
            other = 1 - seat
            for cell in self.starts[seat]:
                if cell in self.areas[other]:
                    raise ValueError(f"the {CHARS['pd'[seat]]} at {_where(*cell)} is in the opponent's exit "
                                     "area (their exit and its three surrounding pathways); no thief may start there")
            near = [x for x in self.starts[seat] if x in self.surrounds[seat]]
            if len(near) > 1:
                raise ValueError(f"{len(near)} of the {CHARS['pd'[seat]]}s ({', '.join(_where(*x) for x in near)}) "
                                 "are on the three pathways around their own exit; at most 1 is allowed")
        self._reachable()

    def _symmetry(self) -> None:
        g = self._grid
        for r, line in enumerate(g):
            for c, ch in enumerate(line):
                rr, cc = self.rows - 1 - r, self.cols - 1 - c
                if (rr, cc) < (r, c):
                    continue
                want = _SWAP.get(ch, ch)
                if g[rr][cc] != want:
                    raise ValueError(f"the map is not the same for both players under a half turn: {CHARS[ch]} "
                                     f"{excerpt(ch)} at {_where(r, c)} but {CHARS[g[rr][cc]]} {excerpt(g[rr][cc])} at "
                                     f"{_where(rr, cc)}, the square opposite it through the centre "
                                     f"(it must be {excerpt(want)})")

    def _doorways_from(self, start: Cell, barred: Cell | None = None) -> dict[Cell, int]:
        """Doorways to pass from ``start`` to every pathway reachable from it (breadth first), never through
        ``barred`` (an exit a player may not enter)."""
        dist = {start: 0}
        todo = deque([start])
        links = self.links
        while todo:
            x = todo.popleft()
            for _, _, y in links[x]:
                if y not in dist and y != barred:
                    dist[y] = dist[x] + 1
                    todo.append(y)
        return dist

    def _reachable(self) -> None:
        start = min(self.gold_pathways)
        seen = self._doorways_from(start)
        for p in self.pathways:
            if p not in seen:
                what = CHARS[self._grid[p[0]][p[1]]]
                raise ValueError(f"the {what} at {_where(*p)} cannot be reached through doorways "
                                 f"from the pathway at {_where(*start)}; every pathway must be reachable")
        self._reachable_by_rules()

    def _parts_without(self, wall: Cell) -> list[set[Cell]]:
        """The parts the pathways fall into when ``wall`` (an exit) may not be passed through, ``wall`` left out."""
        parts: list[set[Cell]] = []
        seen = {wall}
        for p in self.pathways:
            if p not in seen:
                part = set(self._doorways_from(p, wall))
                seen |= part
                parts.append(part)
        return parts

    def _reachable_by_rules(self) -> None:
        """Every pathway a player's thieves may stand on (all but the opponent's exit) is reachable from the
        player's starting places through doorways without passing through the opponent's exit.

        The board is connected (checked before), so a pathway cut off this way is reachable only through the
        opponent's exit. Of the two players' cut-off pathways the first in reading order is named.
        """
        bad: list[tuple[Cell, int, set[Cell]]] = []
        for seat in (0, 1):
            barred = self.exits[1 - seat]
            parts = self._parts_without(barred)
            if len(parts) > 1:
                starts = self.starts[seat]

                def rank(part: set[Cell], starts: tuple[Cell, ...] = starts) -> tuple[int, int]:
                    at = [i for i, s in enumerate(starts) if s in part]
                    return len(at), -(at[0] if at else len(starts))

                # the player's thieves are where most of them start (on a tie, where the first of them starts)
                home = max(parts, key=rank)
                bad.append((min(p for p in self.pathways if p not in home and p != barred), seat, home))
        if not bad:
            return
        cell, seat, home = min(bad, key=lambda x: (x[0], x[1]))
        me, them = _PLAYERS[seat], _PLAYERS[1 - seat]
        inside = [s for s in self.starts[seat] if s in home]
        origin = f"from {me}'s starting places"
        if len(inside) < len(self.starts[seat]):
            names = [_named(*s) for s in inside]
            origin += f" at {', '.join(names[:-1])} and {names[-1]}," if len(names) > 1 else f" at {names[0]},"
        raise ValueError(f"{me} (the {_SEATS[seat]} player) cannot reach the {CHARS[self._grid[cell[0]][cell[1]]]} at "
                         f"{_named(*cell)}: {origin} it is reachable only through {them}'s exit at "
                         f"{_named(*self.exits[1 - seat])}, and no thief may move onto the opponent's exit")

    # ---------------------------------------------------------------- facts
    def door_counts(self) -> dict[str, int]:
        """How many doorways of each colour the map has."""
        counts = dict.fromkeys(COLOURS, 0)
        for colour in self.doors.values():
            counts[colour] += 1
        return counts

    def distances(self) -> dict[Cell, dict[Cell, int]]:
        """Doorways to pass between any two pathways, through doorways of any colour (empty board)."""
        return {a: self._doorways_from(a) for a in self.pathways}


def check_cell(board: Board, name: str, cell: object, *, pathway: bool = False) -> Cell:
    """``cell`` as a ``(row, col)`` tuple of plain ints if it is a square of ``board`` (a pathway, if
    ``pathway``): a tuple or list of two whole numbers (numpy integers too, never a bool) within the map.

    Raises
    ------
    ValueError
        Naming ``name``, the value (an excerpt) and the map's rows and columns.

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


_T = TypeVar("_T")


class PerBoard(Generic[_T]):
    """Tables worked out from a board once per map, for the bots' hot loops: ``tables = PerBoard(make)``,
    then ``tables(board)`` is ``make(board)``, kept.

    A :func:`functools.lru_cache` of ``make``: the tables of the last ``kept`` maps asked for are kept (the
    least recently used dropped first), and a board is keyed by its map, so equal boards share one table.
    (A hand-made cache that also found the last board by identity saved nothing a paired benchmark could
    see: ``benchmarks/bench_engine_tricks.py``, issue 32.)
    """

    __slots__ = ("_cached",)

    def __init__(self, make: Callable[[Board], _T], kept: int = 8) -> None:
        self._cached = functools.lru_cache(maxsize=kept)(make)

    def __call__(self, board: Board) -> _T:
        return self._cached(board)

    def clear(self) -> None:
        """Forget every table."""
        self._cached.cache_clear()
