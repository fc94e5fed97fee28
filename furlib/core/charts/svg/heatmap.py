"""Heatmap traces: cells and their edges, colour scales, cell labels and tooltips, the colour bar."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .colours import AXIS, INK, PLASMA, SOFT, _rgba, _scale_color
from .text import _e, _lines, _plain, _title_text
from .ticks import _linear_ticks, number, whole_format
from .values import _get, _grid, _num, _seq

if TYPE_CHECKING:
    from .axes import _Axis
    from .plot import Plot

MAX_TITLED_CELLS = 1000     # heatmap cells beyond this carry no tooltip of their own (the picture stays small)


def lines_only(plot: Plot, t: dict[str, Any]) -> bool:
    """A contour drawn as lines only (no coloured cells, no colour bar)."""
    return plot.kind(t) == "contour" and _get(t, "contours", "coloring", default="fill") in ("none", "lines")


def cells(plot: Plot, t: dict[str, Any]) -> tuple[list[float], list[float], list[list[Any]]]:
    """A heatmap's cell edges along x and y (axis units) and its rows of z."""
    z = _grid(t.get("z"))
    if t.get("transpose"):
        z = [list(r) for r in zip(*z)]
    ncol = max((len(r) for r in z), default=0)
    xa, ya = plot.axes_of(t)

    def edges(vals: list[Any], n: int, ax: _Axis) -> list[float]:
        us = [ax.unit(v) for v in vals] if vals else [float(k) for k in range(n)]
        us = [u for u in us if u is not None]
        if len(us) == n + 1:
            return us
        if len(us) < n or n == 0:
            return []
        us = us[:n]
        if n == 1:
            return [us[0] - 0.5, us[0] + 0.5]
        mids = [(a + b) / 2 for a, b in zip(us, us[1:])]
        return [us[0] - (mids[0] - us[0])] + mids + [us[-1] + (us[-1] - mids[-1])]
    return (edges(_seq(t.get("x")), ncol, plot.axes[xa]), edges(_seq(t.get("y")), len(z), plot.axes[ya]), z)


def draw_heatmap(plot: Plot, i: int, t: dict[str, Any], clip: str) -> str:
    """A heatmap's (or a filled contour's) cells, coloured on its scale, with their tooltips and labels."""
    if lines_only(plot, t):
        return ""
    xa, ya = plot.axes_of(t)
    ax, ay = plot.axes[xa], plot.axes[ya]
    xe, ye, z = cells(plot, t)
    if not xe or not ye:
        return ""
    scale, zmin, zmax = colour_scale(plot, t)
    labels = cell_labels(t, z)
    hover = _grid(t.get("customdata")) if t.get("customdata") is not None else _grid(t.get("text")) \
        if t.get("text") is not None and not labels else []
    ncells = sum(1 for row in z for v in row if _num(v) is not None)
    gx, gy = (_num(t.get("xgap")) or 0.0) / 2, (_num(t.get("ygap")) or 0.0) / 2
    xs, ys = _seq(t.get("x")), _seq(t.get("y"))
    xname = _plain(_title_text(ax.spec.get("title"))) or "x"
    yname = _plain(_title_text(ay.spec.get("title"))) or "y"
    out = [plot.trace_group(i, t, clip)]
    if not (gx or gy):                                 # no hairline seams between touching cells
        out[0] = out[0].replace("<g ", '<g shape-rendering="crispEdges" ', 1)
    for r, row in enumerate(z):
        if r + 1 >= len(ye):
            break
        y0, y1 = sorted((ay.px(ye[r]), ay.px(ye[r + 1])))
        for c, v in enumerate(row):
            f = _num(v)
            if f is None or c + 1 >= len(xe):
                continue
            x0, x1 = sorted((ax.px(xe[c]), ax.px(xe[c + 1])))
            color = _scale_color(scale, (f - zmin) / ((zmax - zmin) or 1))
            rect = (f'<rect x="{x0 + gx:.1f}" y="{y0 + gy:.1f}" width="{max(x1 - x0 - 2 * gx, 0.3):.1f}" '
                    f'height="{max(y1 - y0 - 2 * gy, 0.3):.1f}" fill="{color}"')
            if ncells <= MAX_TITLED_CELLS:
                if hover and r < len(hover) and c < len(hover[r]) and hover[r][c] is not None:
                    tip = _plain(hover[r][c])
                else:
                    xv = xs[c] if c < len(xs) else c
                    yv = ys[r] if r < len(ys) else r
                    tip = f"{xname} {xv}, {yname} {yv}: {number(f, zfmt(t))}"
                rect += f"><title>{_e(tip)}</title></rect>"
            else:
                rect += "/>"
            out.append(rect)
            if labels:
                text = labels[r][c] if r < len(labels) and c < len(labels[r]) else ""
                if text:
                    rgba = _rgba(color) or (255, 255, 255, 1)
                    ink = INK if 0.299 * rgba[0] + 0.587 * rgba[1] + 0.114 * rgba[2] > 140 else "white"
                    out.append(f'<text class="cell-label" x="{(x0 + x1) / 2:.1f}" y="{(y0 + y1) / 2 + 4:.1f}" '
                               f'text-anchor="middle" font-size="10" fill="{ink}">{_e(text)}</text>')
    out.append("</g>")
    return "\n".join(out)


def cell_labels(t: dict[str, Any], z: list[list[Any]]) -> list[list[str]]:
    """The text a heatmap writes in its cells (``texttemplate`` with ``%{z}`` or ``%{text}``), if any."""
    template = t.get("texttemplate")
    if not template:
        return []
    texts = _grid(t.get("text")) if t.get("text") is not None else []
    out = []
    for r, row in enumerate(z):
        line = []
        for c, v in enumerate(row):
            f = _num(v)

            def fill(m: re.Match[str], r: int = r, c: int = c, f: float | None = f) -> str:
                key, fmt = m.group(1), (m.group(2) or "")[1:] or None
                if key == "z":
                    return "" if f is None else number(f, fmt)
                if key == "text" and r < len(texts) and c < len(texts[r]):
                    return str(texts[r][c])
                return ""
            line.append(_plain(re.sub(r"%\{(\w+)(:[^}]*)?\}", fill, template)))
        out.append(line)
    return out


def zfmt(t: dict[str, Any]) -> str | None:
    """The format of a heatmap's values: its colour bar's ``tickformat``."""
    fmt: str | None = _get(t, "colorbar", "tickformat")
    return fmt


def colour_scale(plot: Plot, t: dict[str, Any]) -> tuple[list[list[Any]], float, float]:
    """A heatmap's colour scale (its own, its template's or Plasma) and the z at its ends."""
    scale = t.get("colorscale")
    if not isinstance(scale, list) or not scale:
        tpl = plot.template_data.get(plot.kind(t)) or [{}]
        scale = (tpl[0] or {}).get("colorscale") if tpl else None
        if not isinstance(scale, list) or not scale:
            scale = [list(s) for s in PLASMA]
    if t.get("reversescale"):
        scale = [[1 - float(p), c] for p, c in reversed(scale)]
    vals = [f for row in _grid(t.get("z")) for f in (_num(v) for v in row) if f is not None]
    zmin = _num(t.get("zmin"))
    zmax = _num(t.get("zmax"))
    zmin = min(vals, default=0.0) if zmin is None else zmin
    zmax = max(vals, default=1.0) if zmax is None else zmax
    return scale, zmin, zmax


def colorbar_ticks(t: dict[str, Any], zmin: float, zmax: float, h: float) -> list[tuple[float, str]]:
    """(value, label) of each tick of a heatmap's colour bar ``h`` pixels tall: its ``tickvals`` (and
    ``ticktext``), or every ``dtick`` from ``tick0``, or about one per 40 pixels; whole numbers only with a
    ``"d"`` format.

    >>> colorbar_ticks({"colorbar": {"tickformat": ",d"}}, 12, 15, 300)
    [(12.0, '12'), (13.0, '13'), (14.0, '14'), (15.0, '15')]
    >>> colorbar_ticks({"colorbar": {"tickvals": [0, 1], "ticktext": ["bank", "roll"]}}, 0, 1, 300)
    [(0.0, 'bank'), (1.0, 'roll')]
    """
    bar = _get(t, "colorbar", default={})
    fmt = bar.get("tickformat") or None
    lo, hi = min(zmin, zmax), max(zmin, zmax)
    vals = [f for f in (_num(v) for v in _seq(bar.get("tickvals"))) if f is not None]
    if vals and bar.get("tickmode") in (None, "array"):
        texts = [str(s) for s in _seq(bar.get("ticktext"))]
        return [(v, _plain(texts[i]) if i < len(texts) else number(v, fmt)) for i, v in enumerate(vals)
                if lo - 1e-9 <= v <= hi + 1e-9]
    dtick = None if bar.get("tickmode") == "auto" else _num(bar.get("dtick"))
    ticks = _linear_ticks(zmin, zmax, min(max(h / 40, 4), 9) + 1, dtick, _num(bar.get("tick0")) or 0.0,
                          whole=whole_format(fmt))
    step = ticks[1] - ticks[0] if len(ticks) > 1 else None
    return [(v, number(v, fmt, step)) for v in ticks]


def draw_colorbar(plot: Plot, t: dict[str, Any], k: int, x: float) -> str:
    """A heatmap's colour scale as a bar with ticks (its ``colorbar.tickformat``) and its title."""
    scale, zmin, zmax = colour_scale(plot, t)
    ya = plot.axes[plot.axes_of(t)[1]]
    top, bottom = sorted((ya.p0, ya.p1))
    length = _num(_get(t, "colorbar", "len")) or 1.0
    h = (bottom - top) * min(length, 1.0)
    title = [s for s in _lines(_title_text(_get(t, "colorbar", "title"))) if s]
    top = top + 14 * len(title) + 12
    h = min(h, bottom - top)
    x += 86 * k
    gid = f"{plot.uid}-scale{k}"
    stops = "".join(f'<stop offset="{float(p):.4g}" stop-color="{_scale_color(scale, float(p))}"/>'
                    for p, _ in scale)
    out = [f'<g class="colorbar"><defs><linearGradient id="{gid}" x1="0" x2="0" y1="1" y2="0">{stops}'
           f"</linearGradient></defs>"]
    for j, line in enumerate(title):
        out.append(f'<text x="{x:.1f}" y="{top - 12 - 14 * (len(title) - 1 - j):.1f}">{_e(line)}</text>')
    out.append(f'<rect x="{x:.1f}" y="{top:.1f}" width="16" height="{h:.1f}" fill="url(#{gid})" '
               f'stroke="{AXIS}"/>')
    for v, label in colorbar_ticks(t, zmin, zmax, h):
        py = top + h * (1 - (v - zmin) / ((zmax - zmin) or 1))
        out.append(f'<line x1="{x + 16:.1f}" x2="{x + 20:.1f}" y1="{py:.1f}" y2="{py:.1f}" stroke="{SOFT}"/>'
                   f'<text class="tick" data-axis="colorbar" x="{x + 23:.1f}" y="{py + 4:.1f}" fill="{SOFT}">'
                   f'{_e(label)}</text>')
    out.append("</g>")
    return "".join(out)
