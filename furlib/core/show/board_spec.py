"""What a board is asked to show, checked, and where its cells lie: the input and geometry of :func:`.board_svg`.

Each ``check_*`` reads one argument of :func:`~furlib.core.show.board_svg.board_svg`
(the cells, pieces, arrows, highlights, edge labels, row and column sizes)
and raises a ValueError that names the bad value and what would be accepted;
:class:`Grid` says where each cell of a (possibly non-uniform) grid lies.
Nothing here draws.

>>> Grid([40], [10, 40, 10]).box(0, 1)
(12, 2, 40, 40)
>>> check_cell((2, 0), 2, 2, "cells key")
Traceback (most recent call last):
ValueError: cells key (2, 0) is off the 2 x 2 board (rows 0-1, columns 0-1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import excerpt
from .dice_svg import _int_in
from .markup import PALETTE, _slug, check_colour

#: Cell kinds and the words of their default titles.
CELL_KINDS: dict[str, str] = {
    "pathway": "pathway", "wall": "wall", "doorway": "doorway", "special": "special square",
    "exit": "exit", "empty": "outside the board",
}
_CELL_KEYS = ("kind", "colour", "letter", "title")
_PIECE_KEYS = ("cell", "fill", "letter", "title", "marker", "pattern", "data")
_ARROW_KEYS = ("from", "to", "title", "colour")
_PATTERNS = ("solid", "ring", "dashed")


def check_sizes(value: object, n: int, size: int, what: str, kind: str) -> list[int]:
    """The ``n`` row heights (or column widths) in pixels: ``value`` checked (2 to 240 each), or ``size`` each."""
    if value is None:
        return [size] * n
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise ValueError(f"{what} must be None or a list of {n} sizes in pixels, one per {kind}, got {excerpt(value)}")
    out = list(value)
    if len(out) != n:
        raise ValueError(f"{what} must have {n} sizes, one per {kind}, got {len(out)}: {excerpt(out)}")
    return [_int_in(f"{what}[{i}] (pixels)", v, 2, 240) for i, v in enumerate(out)]


class Grid:
    """Where each cell lies: its top left corner and its size, in the board's pixels (the margin left out)."""

    def __init__(self, heights: list[int], widths: list[int]):
        self.heights, self.widths = heights, widths
        self.ys = [2 + sum(heights[:r]) for r in range(len(heights))]
        self.xs = [2 + sum(widths[:c]) for c in range(len(widths))]

    def box(self, r: int, c: int) -> tuple[int, int, int, int]:
        """``(x, y, width, height)`` of the cell ``(r, c)``."""
        return self.xs[c], self.ys[r], self.widths[c], self.heights[r]

    def centre(self, r: int, c: int) -> tuple[float, float]:
        return self.xs[c] + self.widths[c] / 2, self.ys[r] + self.heights[r] / 2

    def side(self, r: int, c: int) -> int:
        """The cell's smaller side: what its letter, piece and marks scale with."""
        return min(self.widths[c], self.heights[r])


def check_kind(value: object, what: str) -> str:
    """A cell kind of :data:`CELL_KINDS`."""
    if value not in CELL_KINDS:
        raise ValueError(f"{what} must be one of {list(CELL_KINDS)}, got {excerpt(value)}")
    return str(value)


def check_cell(value: object, rows: int, cols: int, what: str) -> tuple[int, int]:
    """A ``(row, col)`` pair of whole numbers on the ``rows`` x ``cols`` board."""
    ok = (isinstance(value, (tuple, list)) and len(value) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in value))
    if not ok:
        raise ValueError(f"{what} must be a (row, col) pair of whole numbers, got {excerpt(value)}")
    r, c = int(value[0]), int(value[1])  # type: ignore[index]  # a pair of ints, checked just above
    if not (0 <= r < rows and 0 <= c < cols):
        raise ValueError(f"{what} {excerpt((r, c))} is off the {rows} x {cols} board "
                         f"(rows 0-{rows - 1}, columns 0-{cols - 1})")
    return (r, c)


def _keys(value: Mapping[Any, Any], accepted: tuple[str, ...], what: str) -> None:
    unknown = sorted(str(k) for k in value if k not in accepted)
    if unknown:
        raise ValueError(f"{what} has unknown keys {unknown}; accepted: {list(accepted)}")


def _letter(value: object, what: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not 1 <= len(value.strip()) <= 2:
        raise ValueError(f"{what} must be 1 or 2 characters such as 'R', got {excerpt(value)}")
    return value.strip()


def _text(value: object, what: str) -> str | None:
    if value is not None and (not isinstance(value, str) or not value.strip()):
        raise ValueError(f"{what} must be None or a non-empty string, got {excerpt(value)}")
    return value


def cell_spec(value: object, cell: tuple[int, int], letter_of: dict[str, str]) -> tuple[Any, ...]:
    """A cell's ``(kind, colour, letter, title)`` from a kind or a dict (a doorway's letter from its colour)."""
    where = f"cells[{cell!r}]"
    if isinstance(value, str):
        value = {"kind": value}
    if not isinstance(value, Mapping):
        raise ValueError(f"{where} must be a kind such as 'wall' or a dict with 'kind', got {excerpt(value)}")
    _keys(value, _CELL_KEYS, where)
    kind = check_kind(value.get("kind"), f"{where}['kind']")
    colour = value.get("colour")
    if colour is not None:
        colour = check_colour(f"{where}['colour']", colour)
    elif kind == "doorway":
        raise ValueError(f"{where} is a doorway and needs a 'colour', one of {list(PALETTE)}")
    letter = _letter(value.get("letter"), f"{where}['letter']")
    if letter is None and kind == "doorway" and colour is not None:
        letter = letter_of[colour]
    return kind, colour, letter, _text(value.get("title"), f"{where}['title']")


def check_labels(value: object, n: int, what: str, kind: str) -> dict[int, str]:
    """The edge labels ``{row or column: "A"}`` (1 to 3 characters each)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ValueError(f"{what} must be a dict {{{kind} number: label}} such as {{0: 'A'}}, got {excerpt(value)}")
    out = {}
    for k, v in value.items():
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < n:
            raise ValueError(f"{what} has the key {excerpt(k)}, not a {kind} of the board (0 to {n - 1})")
        if not isinstance(v, str) or not 1 <= len(v.strip()) <= 3:
            raise ValueError(f"{what}[{excerpt(k)}] must be 1 to 3 characters such as 'A' or '12', got {excerpt(v)}")
        out[k] = v.strip()
    return out


def check_highlights(value: object, rows: int, cols: int) -> dict[tuple[int, int], str]:
    """The highlighted cells and the words each adds to its title ("legal target" unless given)."""
    if isinstance(value, Mapping):
        return {check_cell(k, rows, cols, "highlights key"): _text(v, f"highlights[{k!r}]") or "legal target"
                for k, v in value.items()}
    if not isinstance(value, Iterable):
        raise ValueError(f"highlights must be a list of (row, col) pairs or a dict of them, got {excerpt(value)}")
    return {check_cell(k, rows, cols, "highlights entry"): "legal target" for k in value}


def check_pieces(pieces: Iterable[Any], rows: int, cols: int) -> dict[tuple[int, int], dict[Any, Any]]:
    """The pieces by cell (one a cell), each with its fill, letter, marker, pattern, full title and data."""
    out: dict[tuple[int, int], dict[Any, Any]] = {}
    for i, p in enumerate(pieces):
        where = f"pieces[{i}]"
        if not isinstance(p, Mapping) or "cell" not in p:
            raise ValueError(f"{where} must be a dict with at least 'cell', got {excerpt(p)}")
        _keys(p, _PIECE_KEYS, where)
        cell = check_cell(p["cell"], rows, cols, f"{where}['cell']")
        if cell in out:
            raise ValueError(f"{where} is on {excerpt(cell)}, where {out[cell]['title']!r} already stands: one piece "
                             "per cell")
        pattern = p.get("pattern", "solid")
        if pattern not in _PATTERNS:
            raise ValueError(f"{where}['pattern'] must be one of {list(_PATTERNS)}, got {excerpt(pattern)}")
        data = p.get("data") or {}
        if not isinstance(data, Mapping):
            raise ValueError(f"{where}['data'] must be a dict such as {{'piece': 'pale-1'}}, got {excerpt(data)}")
        letter = _letter(p.get("letter"), f"{where}['letter']")
        marker = _text(p.get("marker"), f"{where}['marker']")
        name = _text(p.get("title"), f"{where}['title']") or (f"piece {letter}" if letter else "piece")
        out[cell] = {"fill": check_colour(f"{where}['fill']", p.get("fill", "white")), "letter": letter,
                     "marker": marker, "pattern": pattern, "title": ", ".join(filter(None, [name, marker])),
                     "data": {f"data-{_slug(k)}": v for k, v in data.items()}}
    return out


def check_arrows(arrows: Iterable[Any], rows: int, cols: int) -> list[tuple[Any, ...]]:
    """The arrows as ``(from, to, colour, title)``, each between two different cells."""
    out = []
    for i, a in enumerate(arrows):
        where = f"arrows[{i}]"
        if isinstance(a, (tuple, list)) and len(a) == 2:
            a = {"from": a[0], "to": a[1]}
        if not isinstance(a, Mapping) or "from" not in a or "to" not in a:
            raise ValueError(f"{where} must be ((row, col), (row, col)) or a dict with 'from' and 'to', got "
                             f"{excerpt(a)}")
        _keys(a, _ARROW_KEYS, where)
        start = check_cell(a["from"], rows, cols, f"{where}['from']")
        end = check_cell(a["to"], rows, cols, f"{where}['to']")
        if start == end:
            raise ValueError(f"{where} goes from {excerpt(start)} to itself")
        colour = check_colour(f"{where}['colour']", a.get("colour", "blue"))
        name = _text(a.get("title"), f"{where}['title']") or f"move from row {start[0]}, column {start[1]} " \
                                                              f"to row {end[0]}, column {end[1]}"
        out.append((start, end, colour, name))
    return out
