"""The legend: which traces it names, its rows, and each entry's swatch (a bar, a line, a marker, an area)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..palette import NEUTRAL
from .colours import _dash, _paint
from .markers import draw_marker
from .text import _e, _plain, _width_of
from .values import _num, _seq

if TYPE_CHECKING:
    from .plot import Plot

#: a legend entry: (name, trace, its trace dict, x, row)
_Entry = tuple[str, int, dict[str, Any], float, int]


def legend_entries(plot: Plot, width: int) -> tuple[list[_Entry], int]:
    """The legend's entries (name, trace, its trace dict, x, row) wrapped to the picture's width, and its rows."""
    items = []
    for i, t in enumerate(plot.data):
        name = _plain(t.get("name") or "")
        default = plot.kind(t) not in ("heatmap", "contour") and plot.drawn(t)
        if not name or not t.get("showlegend", default) or t.get("visible") is False:
            continue
        items.append((name, i, t))
    shown = plot.layout.get("showlegend")
    if shown is False or (shown is None and len(items) < 2 and
                          not any(t.get("showlegend") is True for _, _, t in items)):
        return [], 0
    entries: list[_Entry] = []
    x, row = 12.0, 0
    for name, i, t in items:
        w = 34 + _width_of(name)
        if entries and x + w > width - 12:
            x, row = 12.0, row + 1
        entries.append((name, i, t, x, row))
        x += w + 10
    return entries, (row + 1 if entries else 0)


def draw_legend(plot: Plot, entries: list[_Entry], top: float) -> list[str]:
    """The legend's entries, each a swatch and a name, from ``top`` down."""
    if not entries:
        return []
    out = ['<g class="legend">']
    for name, i, t, x, row in entries:
        y = top + 20 * row + 10
        out.append(_swatch(plot, i, t, x, y) + f'<text x="{x + 30:.1f}" y="{y + 4:.1f}">{_e(name)}</text>')
    out.append("</g>")
    return out


def _swatch(plot: Plot, i: int, t: dict[str, Any], x: float, y: float) -> str:
    """A trace's sample in the legend: a bar, an area, a line and/or a marker, as the trace is drawn."""
    k = plot.kind(t)
    color = plot.trace_color(i, t)
    marker = t.get("marker") or {}
    if k in ("bar", "histogram"):
        mc = marker.get("color")
        fill = mc if isinstance(mc, str) else (_one(mc) or plot.color(i))
        line = marker.get("line") or {}
        stroke = _paint("stroke", line.get("color")) + ' stroke-width="1"' if line.get("color") else ""
        return f'<rect x="{x + 6:.1f}" y="{y - 6:.1f}" width="14" height="12"{_paint("fill", fill)}{stroke}/>'
    mode = plot.mode(t, len(_seq(t.get("y"))))
    line = t.get("line") or {}
    lw = _num(line.get("width"))
    lw = 2.0 if lw is None else lw
    out = ""
    filled = t.get("fill") not in (None, "none") or bool(t.get("stackgroup"))
    if filled and (lw < 1 or "lines" not in mode):              # an area: its colour, not its hairline
        fc = t.get("fillcolor") or color
        return f'<rect x="{x + 3:.1f}" y="{y - 6:.1f}" width="20" height="12"{_paint("fill", fc)}/>'
    if "lines" in mode and lw > 0:
        lc = line.get("color") if isinstance(line.get("color"), str) else color
        out += (f'<line x1="{x:.1f}" x2="{x + 26:.1f}" y1="{y:.1f}" y2="{y:.1f}"{_paint("stroke", lc)} '
                f'stroke-width="{min(lw, 4)}"{_dash(line.get("dash"))}/>')
    if "markers" in mode:
        mc = marker.get("color")
        c = mc if isinstance(mc, str) else (_one(mc) or color)
        sym = marker.get("symbol")
        sym = sym if isinstance(sym, str) else "circle"
        size = _num(marker.get("size")) if not isinstance(marker.get("size"), (list, dict)) else None
        mline = marker.get("line") or {}
        out += draw_marker(sym, x + 13, y, min(size or 8.0, 12.0), c,
                           mline.get("color") if isinstance(mline.get("color"), str) else None,
                           _num(mline.get("width")) or 0.0, 1.0, None)
    return out


def _one(colors: Any) -> str | None:
    """The colour of an array of colours if they are all the same, else furlib's neutral grey."""
    vals = {c for c in _seq(colors) if isinstance(c, str)}
    if not vals:
        return None
    return vals.pop() if len(vals) == 1 else NEUTRAL
