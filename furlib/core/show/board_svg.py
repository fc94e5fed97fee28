"""Square-grid boards drawn as accessible inline SVG: cells, pieces, arrows, highlighted cells.

Game-neutral: the caller says what each cell is (a plain mapping of
``(row, col)`` to a kind such as ``"pathway"``, ``"wall"`` or ``"doorway"``),
where the pieces stand and which moves to show; nothing here knows a game's
rules. Rows and columns count from 0 at the top left.

Nothing is told by colour alone: a doorway shows its colour's letter, a
piece its letter (and optionally a ring or dashed outline), a marked piece
a star badge, and every cell, piece and arrow has a ``<title>``. Each cell
is a ``<g class="furlib-cell" data-row=... data-col=... data-kind=...>``
(highlighted ones add ``data-target="true"``), so a widget or a browser
test can find it; pieces are ``<g class="furlib-piece">`` and arrows
``<g class="furlib-arrow">`` with the same coordinates. Outlines and walls
are drawn in ``currentColor``, so the board reads in light and dark themes.

The grid may be non-uniform (``row_sizes``, ``col_sizes``): a labyrinth's
pathways wide and its walls and doorways thin, so that on a small screen
the squares a finger must hit stay large. A piece's group covers its whole
cell (an invisible rectangle under the drawn piece), so a tap anywhere on
the square reaches it.

This module draws; what it is asked to draw is checked, and where each cell
lies worked out, in :mod:`~furlib.core.show.board_spec`.

>>> svg = board_svg(3, 3, {(1, 1): {"kind": "doorway", "colour": "red"}},
...                 pieces=[{"cell": (0, 0), "fill": "white", "letter": "P", "title": "Pale thief"}])
>>> 'data-row="1" data-col="1" data-kind="doorway" data-colour="red"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..errors import excerpt
from .board_spec import (
    CELL_KINDS,
    Grid,
    cell_spec,
    check_arrows,
    check_cell,
    check_highlights,
    check_kind,
    check_labels,
    check_pieces,
    check_sizes,
)
from .dice_svg import EDGE, FACE, INK, SVG_NS, _int_in
from .markup import PALETTE, Markup, attrs_html, check_letters, escape

__all__ = ["CELL_KINDS", "TARGET_COLOUR", "GOLD_COLOUR", "LETTER_STYLE", "board_svg"]

#: The colour of a highlighted cell's dashed square, of a piece's star badge, and the attributes of the letters
#: (for a key to the board that draws its marks alike).
TARGET_COLOUR = "#1f6feb"
GOLD_COLOUR = "#d4a017"
LETTER_STYLE = 'text-anchor="middle" dominant-baseline="central" font-family="sans-serif" font-weight="700"'
_TARGET, _GOLD, _TEXT = TARGET_COLOUR, GOLD_COLOUR, LETTER_STYLE


def board_svg(rows: int, cols: int, cells: Mapping[tuple[int, int], object] | None = None, *,
              default: str = "pathway", pieces: Iterable[Mapping[str, object]] = (),
              arrows: Iterable[object] = (), highlights: Iterable[tuple[int, int]] | Mapping[Any, Any] = (),
              cell_size: int = 36, title: str | None = None, letters: Mapping[str, str] | None = None,
              attrs: Mapping[str, object] | None = None, row_labels: Mapping[int, str] | None = None,
              col_labels: Mapping[int, str] | None = None, fluid: bool = False,
              row_sizes: Sequence[int] | None = None, col_sizes: Sequence[int] | None = None) -> Markup:
    """An accessible inline SVG of a ``rows`` x ``cols`` square grid.

    Parameters
    ----------
    rows, cols : int
        The grid's size, 1 to 60 each.
    cells : dict, optional
        ``{(row, col): kind}`` or ``{(row, col): {"kind": ..., "colour": ...,
        "letter": ..., "title": ...}}`` for the cells that are not
        ``default``. Kinds: ``pathway`` (a plain square), ``wall`` (filled),
        ``doorway`` (needs a ``colour``; shows its letter), ``special`` (a
        strong square, e.g. a central square; may have a colour and a
        letter), ``exit`` (a pathway with a double border; may have a
        colour and a letter), ``empty`` (not drawn). ``title`` replaces the
        cell's default title (``"red doorway, row 2, column 3"``).
    default : str, default "pathway"
        The kind of every cell not in ``cells``.
    pieces : list of dict
        ``{"cell": (row, col), "fill": colour, "letter": "P", "title": "Pale
        thief 1", "marker": "carries the gold", "pattern": "ring",
        "data": {"piece": "pale-1"}}``; only ``cell`` is required. ``fill``
        is a palette colour (default ``"white"``; ``"white"`` and
        ``"black"`` suit two sides); ``letter`` (1 or 2 characters) tells
        the sides apart without colour; ``marker`` adds a star badge and its
        words to the title; ``pattern`` is ``"solid"`` (default), ``"ring"``
        or ``"dashed"``; ``data`` becomes ``data-*`` attributes. One piece
        per cell.
    arrows : list
        Moves to show, each ``((row, col), (row, col))`` or ``{"from": ...,
        "to": ..., "title": ..., "colour": ...}`` (default colour blue).
    highlights : list of (row, col), or dict
        Cells to highlight (e.g. legal targets): a dashed blue square and
        ``data-target="true"``; a dict ``{(row, col): words}`` adds the words
        to the cell's title (default "legal target").
    cell_size : int, default 36
        Pixels per cell, 8 to 120 (of every row and column that
        ``row_sizes`` and ``col_sizes`` do not size); the coordinates'
        margin is 0.6 of it.
    title : str, optional
        The board's accessible name; default ``"board of 7 by 7 squares"``.
        The pieces' titles are listed in a ``<desc>``.
    letters : dict, optional
        Letters for the colours, e.g. ``{"gray": "K"}``.
    attrs : dict, optional
        Extra attributes of the ``<svg>``; a ``class`` is added to ``furlib-board``.
    row_labels, col_labels : dict, optional
        Coordinates written on the board's edges, ``{row: "1"}`` on the left
        and right of a row, ``{col: "A"}`` above and below a column (1 to 3
        characters each; rows or columns not listed get none). The board
        gains a margin for them (``aria-hidden``: the cells' titles name
        their squares).
    fluid : bool, default False
        Scale to the width available: ``width: 100%`` up to the natural size
        (``max-width``), the height following (``viewBox`` keeps the shape).
    row_sizes, col_sizes : list of int, optional
        The height of each row and the width of each column in pixels (2 to
        240 each, one per row or column): a non-uniform grid. A cell's
        letter, piece and highlight scale with its smaller side. Default:
        every row and column ``cell_size``.

    Examples
    --------
    >>> svg = board_svg(2, 2, {(0, 1): "wall"}, highlights=[(1, 1)], arrows=[((1, 0), (1, 1))])
    >>> svg.count('class="furlib-cell'), svg.count('data-target="true"'), svg.count("furlib-arrow")
    (4, 1, 1)

    A wide pathway between two thin walls:

    >>> thin = board_svg(1, 3, {(0, 0): "wall", (0, 2): "wall"}, col_sizes=[10, 40, 10], row_sizes=[40])
    >>> 'width="64" height="44"' in thin and '<rect x="12" y="2" width="40" height="40"' in thin
    True
    """
    rows = _int_in("rows", rows, 1, 60)
    cols = _int_in("cols", cols, 1, 60)
    size = _int_in("cell_size (pixels)", cell_size, 8, 120)
    letter_of = check_letters("letters", letters, tuple(PALETTE))
    default = check_kind(default, "default")
    spec = {}
    for key, value in (cells or {}).items():
        cell = check_cell(key, rows, cols, "cells key")
        spec[cell] = cell_spec(value, cell, letter_of)
    targets = check_highlights(highlights, rows, cols)
    placed = check_pieces(pieces, rows, cols)
    moves = check_arrows(arrows, rows, cols)
    if title is None:
        title = f"board of {rows} by {cols} squares"
    elif not isinstance(title, str) or not title.strip():
        raise ValueError(f"title must be None or a non-empty string, got {excerpt(title)}")
    extra = dict(attrs or {})
    cls = "furlib-board" + (f" {extra.pop('class')}" if "class" in extra else "")
    row_names = check_labels(row_labels, rows, "row_labels", "row")
    col_names = check_labels(col_labels, cols, "col_labels", "column")
    heights = check_sizes(row_sizes, rows, size, "row_sizes", "row")
    widths = check_sizes(col_sizes, cols, size, "col_sizes", "column")
    grid = Grid(heights, widths)
    m = round(size * 0.6) if row_names or col_names else 0      # the margin of the coordinates
    w, h = sum(widths) + 4 + 2 * m, sum(heights) + 4 + 2 * m
    if fluid is not True and fluid is not False:
        raise ValueError(f"fluid must be True or False, got {excerpt(fluid)}")
    if fluid:
        extra["style"] = f"width: 100%; max-width: {w}px; height: auto;" + (f" {extra['style']}" if "style" in extra
                                                                              else "")
    head = attrs_html({"xmlns": SVG_NS, "class": cls, "role": "img", "aria-label": title, "width": w,
                       "height": h, "viewBox": f"0 0 {w} {h}", "data-rows": rows, "data-cols": cols, **extra})
    parts = [f"<title>{escape(title)}</title>"]
    if placed:
        parts.append(f"<desc>{escape('; '.join(p['title'] for p in placed.values()))}</desc>")
    if m:
        parts.append(_draw_labels(row_names, col_names, size, m, w, h, grid))
        parts.append(f'<g transform="translate({m} {m})">')
    for r in range(rows):
        for c in range(cols):
            kind, colour, letter, cell_title = spec.get((r, c), (default, None, None, None))
            if kind != "empty" or (r, c) in targets:
                parts.append(_draw_cell(r, c, grid, kind, colour, letter, cell_title, targets.get((r, c))))
    parts += [_draw_arrow(a, grid) for a in moves]
    parts += [_draw_piece(cell, p, grid) for cell, p in placed.items()]
    if m:
        parts.append("</g>")
    return Markup(f"<svg{head}>" + "".join(parts) + "</svg>")


# ----------------------------------------------------------------- drawing
def _draw_cell(r: int, c: int, grid: Grid, kind: str, colour: str | None, letter: str | None,
               title: str | None, target: str | None) -> str:
    x, y, w, h = grid.box(r, c)
    s = grid.side(r, c)
    words = CELL_KINDS[kind] if colour is None else f"{colour} {CELL_KINDS[kind]}"
    if letter and kind != "doorway":
        words += f" {letter}"
    name = title or f"{words}, row {r}, column {c}"
    if target:
        name += f", {target}"
    box = f'x="{x}" y="{y}" width="{w}" height="{h}"'
    ink = INK
    if kind == "wall":
        body = f'<rect {box} {INK} fill-opacity="0.55"/>'
    elif kind == "empty":
        body = ""
    elif colour is not None and kind in ("doorway", "special"):
        fill, text_ink, _ = PALETTE[colour]
        body = f'<rect {box} fill="{fill}" stroke-width="1" {EDGE}/>'
        ink = f'fill="{text_ink}"'
    elif kind == "special":
        body = f'<rect {box} {INK} fill-opacity="0.35" stroke-width="1" {EDGE}/>'
    else:
        body = f'<rect {box} {FACE} stroke-width="1" {EDGE}/>'
    if kind == "special":
        body += f'<rect x="{x + 2}" y="{y + 2}" width="{w - 4}" height="{h - 4}" fill="none" stroke-width="2" {EDGE}/>'
    if kind == "exit":
        edge = f'stroke="{PALETTE[colour][0]}"' if colour else EDGE
        body += (f'<rect x="{x + 3}" y="{y + 3}" width="{w - 6}" height="{h - 6}" fill="none" '
                 f'stroke-width="2" {edge}/>')
    cx, cy = grid.centre(r, c)
    if letter:
        faint = "" if colour and kind in ("doorway", "special") else ' fill-opacity="0.6"'
        font = min(max(w, h) * 0.45, s * 0.85)        # a thin doorway's letter fills its width
        body += (f'<text x="{cx:g}" y="{cy:g}" {_TEXT} font-size="{font:.1f}" {ink}{faint}>'
                 f"{escape(letter)}</text>")
    if target:
        body += (f'<rect x="{x + 2.5}" y="{y + 2.5}" width="{w - 5}" height="{h - 5}" rx="3" fill="{_TARGET}" '
                 f'fill-opacity="0.15" stroke="{_TARGET}" stroke-width="2.5" stroke-dasharray="5 3"/>'
                 f'<circle cx="{cx:g}" cy="{cy:g}" r="{s * 0.1:.1f}" fill="{_TARGET}"/>')
    cls = f"furlib-cell furlib-cell-{kind}" + (" furlib-cell-target" if target else "")
    data = attrs_html({"class": cls, "data-row": r, "data-col": c, "data-kind": kind, "data-colour": colour,
                       "data-letter": letter, "data-target": "true" if target else None})
    return f"<g{data}><title>{escape(name)}</title>{body}</g>"


def _draw_labels(rows: dict[int, str], cols: dict[int, str], s: int, m: int, w: int, h: int, grid: Grid) -> str:
    font = f'{_TEXT} font-size="{min(s * 0.42, m * 0.8):.1f}" fill="currentColor" fill-opacity="0.75"'
    out = []
    for r, label in rows.items():
        y = m + grid.centre(r, 0)[1]
        out += [f'<text x="{m / 2:g}" y="{y:g}" {font}>{escape(label)}</text>',
                f'<text x="{w - m / 2:g}" y="{y:g}" {font}>{escape(label)}</text>']
    for c, label in cols.items():
        x = m + grid.centre(0, c)[0]
        out += [f'<text x="{x:g}" y="{m / 2:g}" {font}>{escape(label)}</text>',
                f'<text x="{x:g}" y="{h - m / 2:g}" {font}>{escape(label)}</text>']
    return '<g class="furlib-board-labels" aria-hidden="true">' + "".join(out) + "</g>"


def _draw_piece(cell: tuple[int, int], p: dict[Any, Any], grid: Grid) -> str:
    r, c = cell
    x, y, w, h = grid.box(r, c)
    s = grid.side(r, c)
    (cx, cy), rad = grid.centre(r, c), s * 0.36
    fill, ink, _ = PALETTE[p["fill"]]
    dash = ' stroke-dasharray="4 2.5"' if p["pattern"] == "dashed" else ""
    # the whole cell, invisible: a tap on the square around the drawn piece reaches it too
    body = [f'<rect class="furlib-hit" x="{x}" y="{y}" width="{w}" height="{h}" fill="#000" fill-opacity="0"/>',
            f'<circle cx="{cx:g}" cy="{cy:g}" r="{rad:.1f}" fill="{fill}" stroke="currentColor" '
            f'stroke-width="2"{dash}/>']
    if p["pattern"] == "ring":
        body.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{rad * 0.72:.1f}" fill="none" stroke="{ink}" '
                    'stroke-width="1.5"/>')
    if p["letter"]:
        font = s * (0.38 if len(p["letter"]) == 1 else 0.28)
        body.append(f'<text x="{cx:g}" y="{cy:g}" {_TEXT} font-size="{font:.1f}" fill="{ink}">'
                    f'{escape(p["letter"])}</text>')
    if p["marker"]:
        mx, my, mr = cx + rad * 0.8, cy - rad * 0.8, s * 0.17
        star = " ".join(f"{mx + (mr * 0.8 if k % 2 == 0 else mr * 0.35) * math.sin(math.pi * k / 5):.1f},"
                        f"{my - (mr * 0.8 if k % 2 == 0 else mr * 0.35) * math.cos(math.pi * k / 5):.1f}"
                        for k in range(10))
        body.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="{mr:.1f}" fill="{_GOLD}" stroke="currentColor" '
                    f'stroke-width="1"/><polygon points="{star}" fill="#000"/>')
    data = attrs_html({"class": "furlib-piece", "data-row": r, "data-col": c, "data-fill": p["fill"],
                       "data-letter": p["letter"], "data-marker": p["marker"], **p["data"]})
    return f"<g{data}><title>{escape(p['title'])}</title>{''.join(body)}</g>"


def _draw_arrow(arrow: tuple[Any, ...], grid: Grid) -> str:
    (r1, c1), (r2, c2), colour, name = arrow
    (x1, y1), (x2, y2) = grid.centre(r1, c1), grid.centre(r2, c2)
    s = min(grid.side(r1, c1), grid.side(r2, c2))
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head, back = s * 0.3, s * 0.22            # the head's length; stop short of the centres
    sx, sy = x1 + ux * back, y1 + uy * back
    tx, ty = x2 - ux * back, y2 - uy * back
    bx, by = tx - ux * head, ty - uy * head
    px, py = -uy * head * 0.55, ux * head * 0.55
    fill = PALETTE[colour][0]
    # pointer-events="none": an arrow only shows a move; a click on it goes to the square beneath (a doorway)
    return (f'<g class="furlib-arrow" data-from="{r1},{c1}" data-to="{r2},{c2}" pointer-events="none">'
            f'<title>{escape(name)}</title>'
            f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{fill}" '
            f'stroke-width="{max(2.0, s * 0.09):.1f}" stroke-linecap="round"/>'
            f'<polygon points="{tx:.1f},{ty:.1f} {bx + px:.1f},{by + py:.1f} {bx - px:.1f},{by - py:.1f}" '
            f'fill="{fill}"/></g>')
