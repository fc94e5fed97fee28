"""Contour traces: their lines at each level (marching squares over z), joined into runs, with labels."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from .colours import INK, _dash, _paint
from .text import _e
from .ticks import _linear_ticks, number
from .values import _get, _grid, _num, _seq

if TYPE_CHECKING:
    from .plot import Plot

_Point = tuple[float, float]
_Segment = tuple[_Point, _Point]


def draw_contour(plot: Plot, i: int, t: dict[str, Any], clip: str) -> str:
    """A contour's lines (marching squares over the grid of z), with a label on each level if asked."""
    xa, ya = plot.axes_of(t)
    ax, ay = plot.axes[xa], plot.axes[ya]
    z = _grid(t.get("z"))
    xs = [ax.unit(v) for v in _seq(t.get("x"))] or [float(k) for k in range(len(z[0]) if z else 0)]
    ys = [ay.unit(v) for v in _seq(t.get("y"))] or [float(k) for k in range(len(z))]
    cont = t.get("contours") or {}
    start, end, size = _num(cont.get("start")), _num(cont.get("end")), _num(cont.get("size"))
    vals = [f for row in z for f in (_num(v) for v in row) if f is not None]
    if not vals or None in xs or None in ys:
        return ""
    if start is None or end is None:
        levels = _linear_ticks(min(vals), max(vals), _num(t.get("ncontours")) or 10)[1:-1]
    else:
        levels, k = [], 0
        while start + k * (size or 1) <= end + 1e-12 and k < 100:
            levels.append(start + k * (size or 1))
            k += 1
    color = _get(t, "line", "color", default=INK)
    width = _num(_get(t, "line", "width")) or 1.0
    out = [plot.trace_group(i, t, clip)]
    for level in levels:
        segs = _march(z, cast(list[float], xs), cast(list[float], ys), level)   # None is in neither (checked above)
        if not segs:
            continue
        d = " ".join("M" + " L".join(f"{ax.px(px):.1f},{ay.px(py):.1f}" for px, py in run)
                     for run in _chain(segs))
        out.append(f'<path class="line" d="{d}" fill="none"{_paint("stroke", color)} stroke-width="{width}"'
                   f'{_dash(_get(t, "line", "dash"))}/>')
        if cont.get("showlabels"):
            a, b = segs[len(segs) // 2]
            px, py = ax.px((a[0] + b[0]) / 2), ay.px((a[1] + b[1]) / 2)
            label = number(level, cont.get("labelformat"))
            out.append(f'<text x="{px:.1f}" y="{py + 4:.1f}" text-anchor="middle" font-size="11" '
                       f'stroke="white" stroke-width="3" paint-order="stroke"{_paint("fill", color)}>'
                       f"{_e(label)}</text>")
    out.append("</g>")
    return "\n".join(out)


def _march(z: list[list[Any]], xs: list[float], ys: list[float], level: float) -> list[_Segment]:
    """The segments of the line at ``level`` through the grid of z (a saddle split as its centre says)."""
    segs: list[_Segment] = []
    for r in range(len(z) - 1):
        for c in range(min(len(z[r]), len(z[r + 1])) - 1):
            v00, v01, v11, v10 = _num(z[r][c]), _num(z[r][c + 1]), _num(z[r + 1][c + 1]), _num(z[r + 1][c])
            if v00 is None or v01 is None or v11 is None or v10 is None:
                continue
            corners = [(xs[c], ys[r], v00), (xs[c + 1], ys[r], v01),
                       (xs[c + 1], ys[r + 1], v11), (xs[c], ys[r + 1], v10)]
            pts: list[_Point] = []
            for (x0, y0, v0), (x1, y1, v1) in zip(corners, corners[1:] + corners[:1]):
                if (v0 >= level) != (v1 >= level):
                    f = (level - v0) / (v1 - v0)
                    pts.append((x0 + f * (x1 - x0), y0 + f * (y1 - y0)))
            if len(pts) == 2:
                segs.append((pts[0], pts[1]))
            elif len(pts) == 4:
                centre = sum(v for _, _, v in corners) / 4
                first_high = corners[0][2] >= level
                if (centre >= level) == first_high:
                    segs += [(pts[0], pts[1]), (pts[2], pts[3])]
                else:
                    segs += [(pts[0], pts[3]), (pts[1], pts[2])]
    return segs


def _chain(segs: list[_Segment]) -> list[list[_Point]]:
    """Join line segments that share ends into runs of points (so a dashed contour keeps one dash pattern)."""
    def key(p: _Point) -> _Point:
        return round(p[0], 9), round(p[1], 9)
    ends: dict[_Point, list[int]] = {}
    for k, (a, b) in enumerate(segs):
        ends.setdefault(key(a), []).append(k)
        ends.setdefault(key(b), []).append(k)
    used = [False] * len(segs)

    def walk(point: _Point, run: list[_Point]) -> None:
        while True:
            nxt = next((k for k in ends.get(key(point), []) if not used[k]), None)
            if nxt is None:
                return
            used[nxt] = True
            a, b = segs[nxt]
            point = b if key(a) == key(point) else a
            run.append(point)
    runs: list[list[_Point]] = []
    for k, (a, b) in enumerate(segs):
        if used[k]:
            continue
        used[k] = True
        forward, backward = [a, b], [a]
        walk(b, forward)
        walk(a, backward)
        runs.append(backward[:0:-1] + forward)
    return runs
