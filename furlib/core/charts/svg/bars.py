"""Bar and histogram traces: histogram bins, bars grouped, stacked or overlaid, and their drawing."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .colours import INK, _paint
from .plot import _Bar
from .text import _e, _plain, _width_of
from .ticks import _nice
from .values import _each, _get, _num, _seq

if TYPE_CHECKING:
    from .plot import Plot


def histogram_bins(t: dict[str, Any]) -> None:
    """A histogram as bars: plotly.js's bins (its rule for a given size; integers sit inside bins)."""
    xs = [v for v in (_num(x) for x in _seq(t.get("x"))) if v is not None]
    if not xs:
        t["_x"], t["_y"], t["_w"] = [], [], 1.0
        return
    lo, hi = min(xs), max(xs)
    bins = t.get("xbins") or {}
    size = _num(bins.get("size"))
    if not size:
        nb = _num(t.get("nbinsx"))
        if nb:
            raw = (hi - lo) / nb or 1.0
        else:
            mean = sum(xs) / len(xs)
            sd = math.sqrt(sum((v - mean) ** 2 for v in xs) / max(len(xs) - 1, 1))
            raw = max(2 * sd / len(xs) ** 0.4, 1e-9) or 1.0
        size = _nice(raw)
        if all(v == int(v) for v in xs):
            size = max(size, 1.0)
    start = _num(bins.get("start"))
    if start is None:
        start = math.ceil(lo / size - 1e-9) * size - size
        if all(v == int(v) for v in xs):
            start = (lo - 0.5 * size) if size < 1 else start - 0.5
            if size >= 1 and start + size < lo:
                start += size
    end = _num(bins.get("end"))
    count = 1 + math.floor((hi - start) / size) if end is None else max(1, math.ceil((end - start) / size))
    counts: list[float] = [0] * count
    for v in xs:
        k = math.floor((v - start) / size)
        if 0 <= k < count:
            counts[k] += 1
    norm = t.get("histnorm") or ""
    total = len(xs)
    if norm in ("percent", "probability"):
        counts = [c / total * (100 if norm == "percent" else 1) for c in counts]
    elif norm in ("density", "probability density"):
        counts = [c / size / (total if norm == "probability density" else 1) for c in counts]
    t["_x"] = [start + size * (k + 0.5) for k in range(count)]
    t["_y"] = counts
    t["_w"] = size


def layout_bars(plot: Plot) -> None:
    """Bar positions and widths in axis units, grouped, stacked or overlaid as the layout says."""
    mode = plot.layout.get("barmode") or "group"
    by_axis: dict[str, list[int]] = {}
    for i, t in enumerate(plot.data):
        if plot.kind(t) == "histogram" and plot.visible(t) and not plot.horizontal(t):
            histogram_bins(t)
        if plot.kind(t) in ("bar", "histogram") and plot.visible(t) and not plot.horizontal(t):
            by_axis.setdefault(plot.axes_of(t)[0], []).append(i)
    for xa, idx in by_axis.items():
        ax = plot.axes[xa]
        only_hist = all(plot.kind(plot.data[i]) == "histogram" for i in idx)
        gap = _num(plot.layout.get("bargap"))
        gap = (0.0 if only_hist else 0.2) if gap is None else gap
        positions = sorted({u for i in idx for u in (ax.unit(v) for v in plot.xy(plot.data[i])[0])
                            if u is not None})
        diffs = [b - a for a, b in zip(positions, positions[1:]) if b - a > 1e-12]
        full = min(diffs) if diffs else 1.0
        hist: list[float] = [plot.data[i]["_w"] for i in idx if "_w" in plot.data[i]]
        if hist:
            full = min(hist + diffs) if not only_hist else min(hist)
        width = full * (1 - gap)
        groups: dict[str, int] = {}
        for i in idx:
            key = plot.data[i].get("offsetgroup") or f"#{i}"
            groups.setdefault(key, len(groups))
        if plot.layout.get("scattermode") == "group":
            for t in plot.data:
                if plot.kind(t) in ("scatter", "scattergl") and t.get("offsetgroup") and \
                        plot.axes_of(t)[0] == xa:
                    groups.setdefault(t["offsetgroup"], len(groups))
        n = len(groups) if mode == "group" else 1
        plot.slots[xa] = {"width": width, "n": n, "of": groups}
        stacks: dict[tuple[float, bool], float] = {}
        for i in idx:
            t = plot.data[i]
            x, y = plot.xy(t)
            k = groups[t.get("offsetgroup") or f"#{i}"] if mode == "group" else 0
            w = width / n
            own = _num(t.get("width"))
            bars = []
            for j, (xv, yv) in enumerate(zip(x, y)):
                u, v = ax.unit(xv), _num(yv)
                if u is None or v is None:
                    continue
                mid = u - width / 2 + w * (k + 0.5)
                half = (own / 2) if own else w / 2
                base = 0.0
                if mode in ("stack", "relative"):
                    key = (u, v >= 0 or mode == "stack")
                    base = stacks.get(key, 0.0)
                    stacks[key] = base + v
                bars.append(_Bar(i, j, mid, mid - half, mid + half, base, base + v, yv, xv))
            plot.bars[i] = bars


def draw_bar(plot: Plot, i: int, t: dict[str, Any], clip: str) -> str:
    """A bar or histogram trace: its bars (each with a tooltip), error bars and text labels."""
    xa, ya = plot.axes_of(t)
    ax, ay = plot.axes[xa], plot.axes[ya]
    bars = plot.bars.get(i, [])
    marker = t.get("marker") or {}
    colors = _each(marker.get("color"), len(_seq(plot.xy(t)[0])), plot.color(i)) \
        if not isinstance(marker.get("color"), str) else None
    color = marker.get("color") if isinstance(marker.get("color"), str) else plot.color(i)
    line = marker.get("line") or {}
    lw = _num(line.get("width")) or 0.0
    stroke = (_paint("stroke", line.get("color")) + f' stroke-width="{lw}"') if lw and line.get("color") else ""
    opacity = _num(marker.get("opacity")) or _num(t.get("opacity")) or 1.0
    texts = _each(t.get("text"), len(_seq(plot.xy(t)[0])), None) if t.get("text") is not None else None
    positions = _each(t.get("textposition"), len(_seq(plot.xy(t)[0])), "auto")
    name = _plain(t.get("name") or "")
    err_color = _get(t, "error_y", "color", default="#444444")
    err_width = _num(_get(t, "error_y", "thickness")) or 1.5
    cap = (_num(_get(t, "error_y", "width")) or 4.0)
    out = [plot.trace_group(i, t, clip)]
    labels = []
    for b in bars:
        x0, x1 = sorted((ax.px(b.x0), ax.px(b.x1)))
        y0, y1 = sorted((ay.px(b.y0), ay.px(b.y1)))
        fill = colors[b.index] if colors and isinstance(colors[b.index], str) else color
        tip = f"{name + ': ' if name else ''}{ax.value_text(b.label)}: {ay.value_text(b.value)}"
        out.append(f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{max(x1 - x0, 0.5):.1f}" height="{y1 - y0:.1f}"'
                   f'{_paint("fill", fill, opacity)}{stroke}><title>{_e(tip)}</title></rect>')
        lo, hi = plot.errors(t, "error_y", b.index, b.y1 - b.y0)
        if lo or hi:
            mid = (x0 + x1) / 2
            top, low = ay.px(b.y1 + hi), ay.px(b.y1 - lo)
            out.append(f'<path class="error" d="M{mid:.1f},{low:.1f} V{top:.1f} M{mid - cap:.1f},{top:.1f} '
                       f'H{mid + cap:.1f} M{mid - cap:.1f},{low:.1f} H{mid + cap:.1f}" fill="none"'
                       f'{_paint("stroke", err_color)} stroke-width="{err_width}"/>')
        if texts and texts[b.index] not in (None, ""):
            labels.append(_bar_text(plot, t, b, texts[b.index], positions[b.index], x0, x1, y0, y1, hi))
    out += [label for label in labels if label]
    out.append("</g>")
    return "\n".join(out)


def _bar_text(plot: Plot, t: dict[str, Any], b: _Bar, text: Any, where: str, x0: float, x1: float, y0: float, y1: float,
              err: float) -> str:
    """A bar's text label: inside it when it fits (or is asked to), else beyond its end (and its error bar)."""
    if where == "none":
        return ""
    label = _plain(text)
    size = _num(_get(t, "textfont", "size")) or 11.0
    while size > 7 and _width_of(label, size) > (x1 - x0) - 2:
        size -= 1
    up = b.y1 >= b.y0
    inside = where == "inside" or (where == "auto" and (y1 - y0) > size + 6)
    if where == "outside" or not inside:
        ay = plot.axes[plot.axes_of(t)[1]]
        tip = min(y0, ay.px(b.y1 + err)) if up else max(y1, ay.px(b.y1 - err))
        y = tip - 4 if up else tip + size + 2
        color = _get(t, "outsidetextfont", "color") or _get(t, "textfont", "color") or INK
    else:
        anchor = t.get("insidetextanchor") or "end"
        if anchor == "start":
            y = (y1 - 4) if up else (y0 + size + 2)
        elif anchor == "middle":
            y = (y0 + y1) / 2 + size / 3
        else:
            y = (y0 + size + 2) if up else (y1 - 4)
        color = _get(t, "insidetextfont", "color") or _get(t, "textfont", "color") or INK
    return (f'<text class="bar-text" x="{(x0 + x1) / 2:.1f}" y="{y:.1f}" text-anchor="middle" '
            f'font-size="{size:.0f}"{_paint("fill", color)}>{_e(label)}</text>')
