"""A figure's axes worked out: their kinds and categories, matched axes, ranges, and pixel spans."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .axes import _Axis
from .heatmap import cells
from .values import _grid, _is_number, _num, _seq

if TYPE_CHECKING:
    from .plot import Plot


def build_axes(plot: Plot) -> None:
    """Every axis the traces or the layout name, with its kind (linear, log or category) and categories."""
    values: dict[str, list[Any]] = {}
    for t in plot.data:
        if not plot.drawn(t):
            continue
        xa, ya = plot.axes_of(t)
        if plot.kind(t) in ("heatmap", "contour"):
            z = _grid(t.get("z"))
            values.setdefault(xa, []).extend(_seq(t.get("x")) or list(range(len(z[0]) if z else 0)))
            values.setdefault(ya, []).extend(_seq(t.get("y")) or list(range(len(z))))
            continue
        x, y = plot.xy(t)
        values.setdefault(xa, []).extend(x)
        values.setdefault(ya, []).extend(y)
    names = set(values)
    for key in plot.layout:
        m = re.fullmatch(r"([xy])axis(\d*)", key)
        if m:
            names.add(m.group(1) + m.group(2))
    names |= {"x", "y"}
    for name in sorted(names):
        spec = plot.layout.get(f"{name[0]}axis{name[1:]}") or {}
        plot.axes[name] = _Axis(name, spec, domain=tuple(spec.get("domain") or (0.0, 1.0)))
    groups = matched_groups(plot)
    for group in groups:
        vals = [v for n in group for v in values.get(n, [])]
        specs = [plot.axes[n].spec for n in group]
        kind = next((s.get("type") for s in specs if s.get("type") in ("linear", "log", "category")), None)
        if kind is None:
            kind = "category" if any(v is not None and not _is_number(v) and _num(v) is None for v in vals) \
                else "linear"
        cats: list[str] = []
        if kind == "category":
            order = next((_seq(s.get("categoryarray")) for s in specs
                          if s.get("categoryorder") == "array" and s.get("categoryarray")), None)
            for v in (order or []) + vals:
                if v is not None and str(v) not in cats:
                    cats.append(str(v))
        for n in group:
            plot.axes[n].kind, plot.axes[n].categories = kind, cats


def matched_groups(plot: Plot) -> list[list[str]]:
    """The axes in groups that share one range (``matches``)."""
    parent = {n: n for n in plot.axes}

    def root(n: str) -> str:
        while parent[n] != n:
            n = parent[n]
        return n
    for n, ax in plot.axes.items():
        other = ax.spec.get("matches")
        if other in parent:
            parent[root(n)] = root(other)
    groups: dict[str, list[str]] = {}
    for n in plot.axes:
        groups.setdefault(root(n), []).append(n)
    return list(groups.values())


def set_ranges(plot: Plot) -> None:
    """Each axis's range: its own, or one that holds every bar, cell, point, error bar and shape."""
    ext: dict[str, list[float]] = {n: [] for n in plot.axes}
    pad: dict[str, float] = {n: 0.0 for n in plot.axes}
    zero: set[str] = set()
    for i, t in enumerate(plot.data):
        if not plot.drawn(t) or not plot.visible(t):
            continue
        xa, ya = plot.axes_of(t)
        ax, ay = plot.axes[xa], plot.axes[ya]
        k = plot.kind(t)
        if k in ("bar", "histogram"):
            for b in plot.bars.get(i, []):
                ext[xa] += [b.x0, b.x1]
                ext[ya] += [b.y0, b.y1]
                lo, hi = plot.errors(t, "error_y", b.index, b.y1 - b.y0)
                ext[ya] += [b.y1 - lo, b.y1 + hi]
            zero.add(ya)
            pad[ya] = max(pad[ya], 0.05)
            continue
        if k in ("heatmap", "contour"):
            xe, ye, _ = cells(plot, t)
            ext[xa] += [xe[0], xe[-1]] if xe else []
            ext[ya] += [ye[0], ye[-1]] if ye else []
            continue
        x, y = plot.xy(t)
        y = plot.stack_y.get(i, y)
        mode = plot.mode(t, len(y))
        for j, (xv, yv) in enumerate(zip(x, y)):
            u, v = ax.unit(xv), ay.unit(yv)
            if u is None or v is None:
                continue
            ext[xa].append(u)
            ext[ya].append(v)
            lo, hi = plot.errors(t, "error_y", j, _num(yv) or 0.0)
            if lo or hi:
                ext[ya] += [v - lo, v + hi] if ay.kind == "linear" else []
        if "markers" in mode:
            pad[xa], pad[ya] = max(pad[xa], 0.04), max(pad[ya], 0.06)
        if t.get("fill") in ("tozeroy",) or t.get("stackgroup"):
            zero.add(ya)
    for s in plot.layout.get("shapes") or []:
        for letter in "xy":
            ref = s.get(f"{letter}ref") or letter
            if ref in plot.axes:
                for key in (f"{letter}0", f"{letter}1"):
                    u = plot.axes[ref].unit(s.get(key))
                    if u is not None:
                        ext[ref].append(u)
    for group in matched_groups(plot):
        vals = [v for n in group for v in ext[n]]
        p = max(pad[n] for n in group)
        for n in group:
            _range(plot.axes[n], vals, p, any(m in zero for m in group))


def _range(ax: _Axis, vals: list[float], pad: float, zero: bool) -> None:
    """An axis's range: the one it gives, or its values' (with zero and some room, as plotly pads them)."""
    spec = ax.spec
    given = _seq(spec.get("range"))
    if len(given) == 2 and None not in given and spec.get("autorange") not in (True, "reversed"):
        ax.lo, ax.hi = float(given[0]), float(given[1])   # a log axis's range is in log10 units, as plotly's
        return
    if ax.kind == "category":
        lo, hi = -0.5, max(len(ax.categories) - 0.5, 0.5)
        if vals:
            lo, hi = min(lo, min(vals)), max(hi, max(vals))
    elif vals:
        lo, hi = min(vals), max(vals)
        if zero or spec.get("rangemode") == "tozero":
            lo, hi = min(lo, 0.0), max(hi, 0.0)
        span = (hi - lo) or (abs(hi) or 1.0)
        lo2 = lo - (span * pad if not (zero and lo == 0) else 0.0)
        hi2 = hi + span * pad
        lo, hi = lo2, hi2
        if lo == hi:
            lo, hi = lo - 1, hi + 1
    else:
        lo, hi = (0.0, 1.0) if ax.kind != "log" else (0.0, 1.0)
    if spec.get("autorange") == "reversed":
        lo, hi = hi, lo
    ax.lo, ax.hi = lo, hi


def place(plot: Plot, width: int, height: int, top: float, bottom: float, left: float, right: float) -> None:
    """Each axis's pixels inside the margins (its domain), equal scales where an axis asks for them."""
    pw, ph = width - left - right, height - top - bottom
    for ax in plot.axes.values():
        d0, d1 = ax.domain
        if ax.letter == "x":
            ax.p0, ax.p1 = left + pw * d0, left + pw * d1
        else:
            ax.p0, ax.p1 = top + ph * (1 - d0), top + ph * (1 - d1)
    for ax in plot.axes.values():
        other = ax.spec.get("scaleanchor")
        if ax.letter == "y" and other in plot.axes:
            _equal(plot.axes[other], ax)
        elif ax.letter == "x" and other in plot.axes:
            _equal(ax, plot.axes[other])


def _equal(ax: _Axis, ay: _Axis) -> None:
    """Shrink one axis's pixel span so a unit is as long on both (plotly's ``constrain="domain"``)."""
    sx = abs(ax.p1 - ax.p0) / (abs(ax.hi - ax.lo) or 1)
    sy = abs(ay.p0 - ay.p1) / (abs(ay.hi - ay.lo) or 1)
    s = min(sx, sy)
    for a, scale in ((ax, sx), (ay, sy)):
        if scale > s:
            mid, half = (a.p0 + a.p1) / 2, (a.p1 - a.p0) / 2 * s / scale
            a.p0, a.p1 = mid - half, mid + half
