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
:meth:`furlib.thieves.Board.load`, the limits first, before any work (at most
:data:`MAX_MAP_CHARS` characters and :data:`MAX_MAP_SIDE` rows and columns),
then the checks of :mod:`furlib.thieves.board_checks`, in the order listed
there, the first failure raising a ``ValueError`` with the row and column of
the bad square.

``Board.default()`` is furlib's own labyrinth; ``Board.default().to_text()``
is its map, to copy into a file and edit.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from ..core.engine.fixed import FixedDict
from ..core.errors import excerpt
from .board_checks import (
    CHARS,
    PATHWAY_CHARS,
    check_cell,
    check_connected,
    check_exits,
    check_reachable_by_rules,
    check_squares,
    check_starts,
    check_symmetry,
    doorways_from,
)
from .board_checks import (
    Cell as Cell,
)
from .board_checks import (
    Link as Link,
)
from .per_board import PerBoard

__all__ = ["Board", "check_cell", "COLOURS", "DOOR_LETTERS", "PATHWAY_CHARS", "CHARS", "MAX_MAP_SIDE", "MAX_MAP_CHARS",
           "PerBoard"]

#: The doorway colours, in the order used everywhere (dice, tables, plots).
COLOURS = ("red", "yellow", "green", "blue")
#: Doorway letters and their colours.
DOOR_LETTERS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
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


#: The maps furlib ships, loaded once: name -> Board (see Board.named).
_NAMED: dict[str, Board] = {}


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
        if getattr(self, "_sealed", False):     # an attribute, not self.__dict__: see core.engine.fixed
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
        """Checks the map (steps 2 to 10 of furlib.thieves.board_checks, in order) as its tables are worked out."""
        g = self._grid
        found = check_squares(g)
        check_symmetry(g)
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
        self.surrounds = tuple(frozenset(self._surrounding(ex)) for ex in self.exits)
        check_exits(self.exits, self.surrounds)
        self.areas = tuple(s | {ex} for s, ex in zip(self.surrounds, self.exits))
        self.starts = (tuple(found["p"]), tuple(found["d"]))
        check_starts(self.starts, self.surrounds, self.areas)
        check_connected(g, self.pathways, self.links, min(self.gold_pathways))
        self._reachable_by_rules()

    def _reachable_by_rules(self) -> None:
        """Step 10 of the checks: every pathway reachable from a player's starting places as the rules allow."""
        check_reachable_by_rules(self._grid, self.pathways, self.links, self.exits, self.starts)

    # ---------------------------------------------------------------- facts
    def door_counts(self) -> dict[str, int]:
        """How many doorways of each colour the map has."""
        counts = dict.fromkeys(COLOURS, 0)
        for colour in self.doors.values():
            counts[colour] += 1
        return counts

    def distances(self) -> dict[Cell, dict[Cell, int]]:
        """Doorways to pass between any two pathways, through doorways of any colour (empty board)."""
        links = self.links
        return {a: doorways_from(links, a) for a in self.pathways}
