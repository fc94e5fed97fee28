"""Scatter traces: lines (with steps and gaps), stack groups, fills between traces, markers, error bars, texts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .colours import _dash, _paint
from .markers import draw_marker
from .text import _e, _plain
from .values import _each, _get, _num

if TYPE_CHECKING:
    from .plot import Plot

MAX_TITLED_POINTS = 200     # a trace with more points gives its markers no tooltips (the picture stays small)


def stack_scatter(plot: Plot) -> None:
    """The y of each trace in a stack group, on top of the traces before it in its group."""
    below: dict[str, dict[str, float]] = {}
    for i, t in enumerate(plot.data):
        group = t.get("stackgroup")
        if plot.kind(t) not in ("scatter", "scattergl") or not group or not plot.visible(t):
            continue
        x, y = plot.xy(t)
        base = below.get(group, {})
        out, top = [], dict(base)
        for xv, yv in zip(x, y):
            v = _num(yv) or 0.0
            out.append(base.get(str(xv), 0.0) + v)
            top[str(xv)] = out[-1]
        below[group] = top
        plot.stack_y[i] = out


def _points(plot: Plot, i: int, t: dict[str, Any]) -> tuple[list[float | None], list[float | None]]:
    """(x pixel or None, y pixel or None) of each point of a scatter trace."""
    xa, ya = plot.axes_of(t)
    ax, ay = plot.axes[xa], plot.axes[ya]
    x, y = plot.xy(t)
    y = plot.stack_y.get(i, y)
    shift = 0.0
    slots = plot.slots.get(xa)
    group = t.get("offsetgroup")
    if slots and group in slots["of"] and plot.layout.get("scattermode") == "group" and \
            (plot.layout.get("barmode") or "group") == "group":
        w = slots["width"] / slots["n"]
        shift = -slots["width"] / 2 + w * (slots["of"][group] + 0.5)
    xs, ys = [], []
    for xv, yv in zip(x, y):
        u, v = ax.unit(xv), ay.unit(yv)
        xs.append(None if u is None else ax.px(u + shift))
        ys.append(None if v is None else ay.px(v))
    return xs, ys


def _path(xs: list[float | None], ys: list[float | None], shape: str) -> list[str]:
    """Polyline points of each unbroken run, drawn as the line's shape (linear or steps)."""
    return [" ".join(f"{x:.1f},{y:.1f}" for x, y in r) for r in _runs(xs, ys, shape)]


def _runs(xs: list[float | None], ys: list[float | None], shape: str) -> list[list[tuple[float, float]]]:
    """The points of each unbroken run (a missing point breaks the line), with the corners of steps."""
    runs: list[list[tuple[float, float]]] = []
    run: list[tuple[float, float]] = []
    for x, y in zip(xs, ys):
        if x is None or y is None:
            if run:
                runs.append(run)
            run = []
            continue
        if run and shape in ("hv", "vh", "hvh", "vhv"):
            px, py = run[-1]
            if shape == "hv":
                run.append((x, py))
            elif shape == "vh":
                run.append((px, y))
            elif shape == "hvh":
                run += [((px + x) / 2, py), ((px + x) / 2, y)]
            else:
                run += [(px, (py + y) / 2), (x, (py + y) / 2)]
        run.append((x, y))
    if run:
        runs.append(run)
    return runs


#: The fills drawn (plotly's values but "none"): a trace with any other fill draws no area.
FILLS = ("tozeroy", "tozerox", "tonexty", "tonextx", "toself", "tonext")
#: What each fill to the trace before it becomes when there is none (as plotly.js).
_ALONE = {"tonexty": "tozeroy", "tonextx": "tozerox", "tonext": "toself"}


def draw_fill(plot: Plot, i: int, t: dict[str, Any], clip: str) -> str:
    """The area a trace fills (to zero, to the trace before it, or itself), under every line.

    As plotly: ``tonexty``/``tonextx`` join this trace's points to the previous trace's, reversed;
    ``tonext`` closes both traces on themselves (the ring between them, when one encloses the other);
    with no trace before, they fill as ``tozeroy``, ``tozerox`` and ``toself``. Other values (``"none"``) draw nothing.
    """
    mode = t.get("fill") or ("tonexty" if t.get("stackgroup") and _previous(plot, i) is not None else
                             "tozeroy" if t.get("stackgroup") else "none")
    if mode not in FILLS:
        return ""
    def outline(k: int) -> list[tuple[float, float]]:          # the line's own shape (steps too)
        xs, ys = _points(plot, k, plot.data[k])
        return [p for run in _runs(xs, ys, _get(plot.data[k], "line", "shape") or "linear") for p in run]
    pts = outline(i)
    if not pts:
        return ""
    ya = plot.axes[plot.axes_of(t)[1]]
    rings: list[list[tuple[float, float]]] = []     # closed on themselves, drawn as one path (tonext)
    prev = _previous(plot, i) if mode in _ALONE else None
    if mode in _ALONE and prev is None:
        mode = _ALONE[mode]
    if mode in ("tonexty", "tonextx") and prev is not None:
        poly = pts + outline(prev)[::-1]
    elif mode == "tonext" and prev is not None:
        poly, rings = pts, [pts, outline(prev)[::-1]]
    elif mode == "tozeroy":
        base = ya.px(0.0) if ya.kind == "linear" else max(ya.p0, ya.p1)
        poly = [(pts[0][0], base)] + pts + [(pts[-1][0], base)]
    elif mode == "tozerox":
        xa = plot.axes[plot.axes_of(t)[0]]
        base = xa.px(0.0)
        poly = [(base, pts[0][1])] + pts + [(base, pts[-1][1])]
    else:                                                       # toself
        poly = pts
    fillcolor = t.get("fillcolor") or plot.trace_color(i, t)
    opacity = 1.0 if t.get("fillcolor") else 0.5
    if len([r for r in rings if r]) > 1:
        d = " ".join("M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in r) + " Z" for r in rings if r)
        shape = f'<path class="fill" d="{d}"'
    else:
        shape = '<polygon class="fill" points="' + " ".join(f"{x:.1f},{y:.1f}" for x, y in poly) + '"'
    return (f'<g class="trace" data-type="fill" data-name="{_e(_plain(t.get("name") or ""))}" '
            f'clip-path="url(#{clip}-{"".join(plot.axes_of(t))})">{shape}'
            f'{_paint("fill", fillcolor, opacity)}/></g>')


def _previous(plot: Plot, i: int) -> int | None:
    """The visible scatter trace before trace ``i`` on its axes (in its stack group), which it fills to."""
    axes = plot.axes_of(plot.data[i])
    for k in range(i - 1, -1, -1):
        t = plot.data[k]
        if plot.kind(t) in ("scatter", "scattergl") and plot.axes_of(t) == axes and plot.visible(t):
            if plot.data[i].get("stackgroup") and t.get("stackgroup") != plot.data[i].get("stackgroup"):
                continue
            return k
    return None


def draw_scatter(plot: Plot, i: int, t: dict[str, Any], clip: str) -> str:
    """A scatter trace: its lines, error bars, markers (with tooltips) and texts."""
    xs, ys = _points(plot, i, t)
    if not any(x is not None and y is not None for x, y in zip(xs, ys)):
        return ""                                    # a legend entry only (x=[None])
    n = len(xs)
    mode = plot.mode(t, n)
    color = plot.trace_color(i, t)
    line = t.get("line") or {}
    out = [plot.trace_group(i, t, clip)]
    lw = _num(line.get("width"))
    lw = 2.0 if lw is None else lw
    if "lines" in mode and lw > 0:
        lc = line.get("color") if isinstance(line.get("color"), str) else color
        for pts in _path(xs, ys, line.get("shape") or "linear"):
            out.append(f'<polyline class="line" points="{pts}" fill="none"{_paint("stroke", lc)} '
                       f'stroke-width="{lw}" stroke-linejoin="round"{_dash(line.get("dash"))}/>')
    ya = plot.axes[plot.axes_of(t)[1]]
    _, yv = plot.xy(t)
    yv = plot.stack_y.get(i, yv)
    marker = t.get("marker") or {}
    mcolors = _each(marker.get("color"), n, color)
    err = t.get("error_y") if isinstance(t.get("error_y"), dict) else None
    if err and err.get("visible") is not False and ("markers" in mode or "lines" in mode):
        ec = err.get("color") or (mcolors[0] if isinstance(mcolors[0], str) else color)
        ew = _num(err.get("thickness")) or 1.5
        cap = _num(err.get("width")) or 3.0
        for j, (x, y) in enumerate(zip(xs, ys)):
            if x is None or y is None:
                continue
            v = _num(yv[j]) or 0.0
            lo, hi = plot.errors(t, "error_y", j, v)
            if not (lo or hi):
                continue
            top, low = ya.at(v + hi), ya.at(v - lo)
            if top is None or low is None:
                continue
            out.append(f'<path class="error" d="M{x:.1f},{low:.1f} V{top:.1f} M{x - cap:.1f},{top:.1f} '
                       f'H{x + cap:.1f} M{x - cap:.1f},{low:.1f} H{x + cap:.1f}" fill="none"'
                       f'{_paint("stroke", ec)} stroke-width="{ew}"/>')
    if "markers" in mode:
        symbols = _each(marker.get("symbol"), n, "circle")
        sizes = _each(marker.get("size"), n, 6)
        mline = marker.get("line") or {}
        mlw = _num(mline.get("width")) or 0.0
        mlc = mline.get("color") if isinstance(mline.get("color"), str) else None
        opacity = _num(marker.get("opacity")) or 1.0
        name = _plain(t.get("name") or "")
        xa = plot.axes[plot.axes_of(t)[0]]
        xraw, _ = plot.xy(t)
        marks = ['<g class="markers">']
        for j, (x, y) in enumerate(zip(xs, ys)):
            if x is None or y is None:
                continue
            c = mcolors[j] if isinstance(mcolors[j], str) else color
            tip = (f"{name + ': ' if name else ''}{xa.value_text(xraw[j])}, {ya.value_text(yv[j])}"
                   if n <= MAX_TITLED_POINTS else None)
            marks.append(draw_marker(str(symbols[j]), x, y, _num(sizes[j]) or 6.0, c, mlc, mlw, opacity, tip))
        marks.append("</g>")
        out += marks
    if "text" in mode and t.get("text") is not None:
        texts = _each(t.get("text"), n, "")
        for j, (x, y) in enumerate(zip(xs, ys)):
            if x is not None and y is not None and texts[j]:
                out.append(f'<text x="{x:.1f}" y="{y - 8:.1f}" text-anchor="middle" font-size="11">'
                           f"{_e(_plain(texts[j]))}</text>")
    out.append("</g>")
    return "\n".join(out)
