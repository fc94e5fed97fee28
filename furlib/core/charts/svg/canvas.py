"""The picture's frame: its size and margins, the title, the order of its layers, grids, ticks and axis titles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bars import draw_bar, layout_bars
from .colours import AXIS, GRID, INK, SOFT
from .contour import draw_contour
from .heatmap import draw_colorbar, draw_heatmap, lines_only
from .legend import draw_legend, legend_entries
from .lines import draw_fill, draw_scatter, stack_scatter
from .ranges import build_axes, place, set_ranges
from .shapes import draw_annotations, draw_shapes
from .text import FONT, _e, _lines, _title_text, _width_of, _wrap
from .values import _get, _num

if TYPE_CHECKING:
    from .axes import _Axis
    from .plot import Plot

WIDTH, HEIGHT = 640, 440


def draw(plot: Plot) -> str:
    """The whole picture: title, legend, axes, traces, shapes, annotations, colour bars."""
    build_axes(plot)
    layout_bars(plot)
    stack_scatter(plot)
    set_ranges(plot)
    for t in plot.data:
        if not plot.drawn(t) and plot.visible(t):
            plot.skipped.append("horizontal bar" if plot.horizontal(t) else plot.kind(t))
    for s in plot.layout.get("shapes") or []:
        if (s.get("type") or "line") not in ("line", "rect", "circle"):
            plot.skipped.append(f"{s.get('type')} shape")
    width = plot.width = int(_num(plot.layout.get("width")) or WIDTH)
    height = int(_num(plot.layout.get("height")) or HEIGHT)
    title = plot.layout.get("title")
    title_lines = _lines(_title_text(title))
    main, sub = (title_lines[0] if title_lines else ""), [s for s in title_lines[1:] if s]
    head: list[tuple[str, int, str]] = []              # (text, size, colour)
    for line in _wrap(main, width - 24, 16):
        head.append((line, 16, INK))
    for s in sub:
        head += [(line, 12, SOFT) for line in _wrap(s, width - 24, 12)]
    y = 10.0
    out_head = []
    for text, size, color in head:
        y += size + 4
        bold = ' font-weight="bold"' if size == 16 else ""
        out_head.append(f'<text x="12" y="{y:.0f}" font-size="{size}" fill="{color}"{bold}>{_e(text)}</text>')
    entries, rows = legend_entries(plot, width)
    legend_top = y + 8
    top = legend_top + 20 * rows + (10 if rows else 12) + room_above(plot)
    colorbars = [t for t in plot.data if plot.kind(t) in ("heatmap", "contour") and plot.visible(t)
                 and t.get("showscale", True) is not False and not lines_only(plot, t)]
    right = 16 + 86 * len(colorbars)
    ylabels = [label for ax in plot.axes.values() if ax.letter == "y" for _, label in _probe_ticks(ax)]
    left = 30 + (max((_width_of(s) for s in ylabels), default=0) if ylabels else 0) + 14
    left = max(left, 56)
    bottom = 58
    if plot.skipped:
        bottom += 16
    height = max(height, int(top + bottom + 150))          # room for the plot under a long title or legend
    place(plot, width, height, top, bottom, left, right)
    clip = f"{plot.uid}-clip"
    body = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="{FONT}">',
            f"<title>{_e(main or 'chart')}</title>"]
    if sub:
        body.append(f"<desc>{_e(' '.join(sub))}</desc>")
    body.append(f'<defs>{clips(plot, clip)}</defs>')
    body.append('<rect width="100%" height="100%" fill="white"/>')
    body += out_head
    body += grids(plot)
    shapes_below, shapes_above = draw_shapes(plot)
    body += shapes_below
    for i, t in enumerate(plot.data):
        if plot.kind(t) in ("heatmap", "contour") and plot.visible(t):
            body.append(draw_heatmap(plot, i, t, clip))
    for i, t in enumerate(plot.data):
        if plot.kind(t) in ("scatter", "scattergl") and plot.visible(t):
            body.append(draw_fill(plot, i, t, clip))
    for i, t in enumerate(plot.data):
        if plot.kind(t) in ("bar", "histogram") and plot.visible(t) and not plot.horizontal(t):
            body.append(draw_bar(plot, i, t, clip))
    for i, t in enumerate(plot.data):
        if plot.kind(t) == "contour" and plot.visible(t):
            body.append(draw_contour(plot, i, t, clip))
    body += shapes_above
    for i, t in enumerate(plot.data):
        if plot.kind(t) in ("scatter", "scattergl") and plot.visible(t):
            body.append(draw_scatter(plot, i, t, clip))
    body += axis_labels(plot)
    body += draw_annotations(plot)
    body += draw_legend(plot, entries, legend_top)
    for k, t in enumerate(colorbars):
        body.append(draw_colorbar(plot, t, k, width - right + 14))
    if plot.skipped:
        kinds = sorted(set(plot.skipped))
        body.append(f'<text class="skipped" x="12" y="{height - 8}" font-size="11" fill="{SOFT}">'
                    f"Not drawn in this picture: {_e(', '.join(kinds))} (see the interactive chart).</text>")
    body.append("</svg>")
    return "\n".join(b for b in body if b)


def room_above(plot: Plot) -> float:
    """Height of the annotations that stand on the plot's top edge (subplot titles, labels of lines)."""
    room = 0.0
    for a in plot.layout.get("annotations") or []:
        y = _num(a.get("y"))
        if a.get("yref") == "paper" and y is not None and y >= 0.999 and \
                (a.get("yanchor") or "auto") in ("bottom", "auto") and a.get("showarrow") is False:
            size = _num(_get(a, "font", "size")) or FONT
            room = max(room, len([s for s in _lines(a.get("text")) if s]) * (size + 3) + 2)
    return room


def _probe_ticks(ax: _Axis) -> list[tuple[float, str]]:
    """An axis's tick labels before it is placed (to measure the room they need)."""
    if ax.spec.get("showticklabels") is False:
        return []
    ax.p0, ax.p1 = 300.0, 0.0                           # a plausible length, for the labels' widths only
    return ax.ticks()


def clips(plot: Plot, clip: str) -> str:
    """A clip path for each subplot, so no trace draws outside its plot area."""
    out = []
    for xa, ya in plot.subplots():
        ax, ay = plot.axes[xa], plot.axes[ya]
        x0, x1 = sorted((ax.p0, ax.p1))
        y0, y1 = sorted((ay.p0, ay.p1))
        out.append(f'<clipPath id="{clip}-{xa}{ya}"><rect x="{x0 - 1:.1f}" y="{y0 - 1:.1f}" '
                   f'width="{x1 - x0 + 2:.1f}" height="{y1 - y0 + 2:.1f}"/></clipPath>')
    return "".join(out)


def grids(plot: Plot) -> list[str]:
    """Each subplot's grid lines at its ticks, and its axis lines."""
    out = []
    for xa, ya in plot.subplots():
        ax, ay = plot.axes[xa], plot.axes[ya]
        y0, y1 = sorted((ay.p0, ay.p1))
        x0, x1 = sorted((ax.p0, ax.p1))
        if ax.spec.get("showgrid", ax.kind != "category") is not False:
            for p, _ in ax.ticks():
                out.append(f'<line x1="{p:.1f}" x2="{p:.1f}" y1="{y0:.1f}" y2="{y1:.1f}" stroke="{GRID}"/>')
        if ay.spec.get("showgrid", True) is not False:
            for p, _ in ay.ticks():
                out.append(f'<line x1="{x0:.1f}" x2="{x1:.1f}" y1="{p:.1f}" y2="{p:.1f}" stroke="{GRID}"/>')
        out.append(f'<path d="M{x0:.1f},{y0:.1f} V{y1:.1f} H{x1:.1f}" fill="none" stroke="{AXIS}"/>')
    return out


def axis_labels(plot: Plot) -> list[str]:
    """The tick labels (wrapped when crowded) and the title of each axis in use."""
    out = []
    for ax in plot.axes.values():
        used = any(ax.name in pair for pair in plot.subplots())
        if not used:
            continue
        anchor = ax.spec.get("anchor") or ("y" if ax.letter == "x" else "x")
        other = plot.axes.get(anchor) or plot.axes["y" if ax.letter == "x" else "x"]
        title = [s for s in _lines(_title_text(ax.spec.get("title"))) if s]
        if ax.letter == "x":
            base = max(other.p0, other.p1)
            lines_used = 1
            if ax.spec.get("showticklabels") is not False:
                ticks = ax.ticks()
                space = min((abs(b[0] - a[0]) for a, b in zip(ticks, ticks[1:])), default=200)
                for p, label in ticks:
                    parts = _wrap(label, max(space - 4, 30)) if _width_of(label) > space - 4 else [label]
                    half = max(_width_of(s) for s in parts) / 2 if parts else 0
                    p = min(max(p, half + 2), plot.width - half - 2)
                    lines_used = max(lines_used, len(parts[:2]))
                    tspans = "".join(f'<tspan x="{p:.1f}" dy="{0 if k == 0 else 13}">{_e(s)}</tspan>'
                                     for k, s in enumerate(parts[:2]))
                    out.append(f'<text class="tick" data-axis="{ax.name}" x="{p:.1f}" y="{base + 16:.1f}" '
                               f'text-anchor="middle" fill="{SOFT}">{tspans}</text>')
            if title:
                mid = (ax.p0 + ax.p1) / 2
                out.append(f'<text class="axis-title" x="{mid:.1f}" y="{base + 20 + 13 * lines_used + 6:.1f}" '
                           f'text-anchor="middle">{_e(" ".join(title))}</text>')
        else:
            edge = min(other.p0, other.p1)
            widest = 0.0
            if ax.spec.get("showticklabels") is not False:
                for p, label in ax.ticks():
                    widest = max(widest, _width_of(label))
                    out.append(f'<text class="tick" data-axis="{ax.name}" x="{edge - 6:.1f}" y="{p + 4:.1f}" '
                               f'text-anchor="end" fill="{SOFT}">{_e(label)}</text>')
            if title:
                mid = (ax.p0 + ax.p1) / 2
                x = max(14.0, edge - widest - 14)
                out.append(f'<text class="axis-title" transform="translate({x:.1f} {mid:.1f}) rotate(-90)" '
                           f'text-anchor="middle">{_e(" ".join(title))}</text>')
    return out
