"""The layout's shapes (lines such as ``add_hline``, rectangles, circles) and annotations (with arrows)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .colours import INK, _dash, _paint
from .text import FONT, _e, _lines
from .values import _get, _num

if TYPE_CHECKING:
    from .axes import _Axis
    from .plot import Plot


def _ref(plot: Plot, ref: str | None, letter: str) -> tuple[str, _Axis | None]:
    """("paper", None), ("domain", axis) or ("data", axis) for a shape's or annotation's x/y reference."""
    ref = ref or letter
    if ref == "paper":
        return "paper", None
    if ref.endswith(" domain"):
        return "domain", plot.axes.get(ref.split()[0])
    return "data", plot.axes.get(ref)


def _pos(plot: Plot, ref: str | None, letter: str, v: Any) -> float | None:
    """The pixel of ``v`` along x or y, as the reference reads it (None if it cannot be placed)."""
    how, ax = _ref(plot, ref, letter)
    f = _num(v)
    if how == "paper":
        if f is None:
            return None
        spans = [(a.p0, a.p1) for a in plot.axes.values() if a.letter == letter
                 and any(a.name in pair for pair in plot.subplots())]
        lo = min(min(s) for s in spans)
        hi = max(max(s) for s in spans)
        return lo + (hi - lo) * f if letter == "x" else hi - (hi - lo) * f
    if ax is None:
        return None
    if how == "domain":
        return None if f is None else ax.p0 + (ax.p1 - ax.p0) * f
    return ax.at(v)


def draw_shapes(plot: Plot) -> tuple[list[str], list[str]]:
    """The shapes drawn below the traces (``layer="below"``) and those drawn above them."""
    below: list[str] = []
    above: list[str] = []
    for s in plot.layout.get("shapes") or []:
        kind = s.get("type") or "line"
        x0, x1 = _pos(plot, s.get("xref"), "x", s.get("x0")), _pos(plot, s.get("xref"), "x", s.get("x1"))
        y0, y1 = _pos(plot, s.get("yref"), "y", s.get("y0")), _pos(plot, s.get("yref"), "y", s.get("y1"))
        if x0 is None or x1 is None or y0 is None or y1 is None:
            continue
        line = s.get("line") or {}
        lw = _num(line.get("width"))
        lw = 2.0 if lw is None else lw
        stroke = (_paint("stroke", line.get("color") or "#444444") + f' stroke-width="{lw}"'
                  + _dash(line.get("dash"))) if lw > 0 else ""
        opacity = _num(s.get("opacity")) or 1.0
        if kind == "line":
            see = f' opacity="{opacity:.3g}"' if opacity < 1 else ""
            el = f'<line class="shape" x1="{x0:.1f}" x2="{x1:.1f}" y1="{y0:.1f}" y2="{y1:.1f}"{stroke}{see}/>'
        elif kind in ("rect", "circle"):
            fill = _paint("fill", s.get("fillcolor"), opacity) if s.get("fillcolor") else ' fill="none"'
            xa, xb = sorted((x0, x1))
            ya, yb = sorted((y0, y1))
            el = (f'<rect class="shape" x="{xa:.1f}" y="{ya:.1f}" width="{xb - xa:.1f}" height="{yb - ya:.1f}"'
                  f'{fill}{stroke}/>' if kind == "rect" else
                  f'<ellipse class="shape" cx="{(xa + xb) / 2:.1f}" cy="{(ya + yb) / 2:.1f}" '
                  f'rx="{(xb - xa) / 2:.1f}" ry="{(yb - ya) / 2:.1f}"{fill}{stroke}/>')
        else:
            continue
        (below if s.get("layer") == "below" else above).append(el)
    return below, above


def draw_annotations(plot: Plot) -> list[str]:
    """Each annotation's lines of text, anchored as plotly anchors them, with its arrow."""
    out = []
    for a in plot.layout.get("annotations") or []:
        if a.get("visible") is False:
            continue
        lines = [s for s in _lines(a.get("text")) if s]
        x = _pos(plot, a.get("xref"), "x", a.get("x"))
        y = _pos(plot, a.get("yref"), "y", a.get("y"))
        if not lines or x is None or y is None:
            continue
        size = _num(_get(a, "font", "size")) or FONT
        color = _get(a, "font", "color") or INK
        arrow = a.get("showarrow", True) is not False
        xanchor, yanchor = a.get("xanchor") or "auto", a.get("yanchor") or "auto"
        tx, ty = x, y
        if arrow:
            ax, ay = _num(a.get("ax")), _num(a.get("ay"))
            tx, ty = x + (-10.0 if ax is None else ax), y + (-30.0 if ay is None else ay)
            ac = a.get("arrowcolor") or "#444444"
            out.append(f'<path class="arrow" d="M{tx:.1f},{ty:.1f} L{x:.1f},{y:.1f}"{_paint("stroke", ac)} '
                       f'stroke-width="1" fill="none"/>')
            ang = math.atan2(y - ty, x - tx)
            head = [(x, y), (x - 7 * math.cos(ang - 0.4), y - 7 * math.sin(ang - 0.4)),
                    (x - 7 * math.cos(ang + 0.4), y - 7 * math.sin(ang + 0.4))]
            out.append(f'<polygon points="{" ".join(f"{px:.1f},{py:.1f}" for px, py in head)}"'
                       f'{_paint("fill", ac)}/>')
        if xanchor == "auto":
            if arrow or a.get("xref", "x") != "paper":
                xanchor = "center"
            else:
                f = _num(a.get("x")) or 0.0
                xanchor = "left" if f <= 1 / 3 else "right" if f >= 2 / 3 else "center"
        anchor = {"left": "start", "right": "end"}.get(xanchor, "middle")
        height = (size + 3) * len(lines)
        if arrow and yanchor == "auto":
            first = ty - height / 2 + size
        elif yanchor == "bottom":
            first = ty - height + size - 2
        elif yanchor == "top":
            first = ty + size
        else:
            first = ty - height / 2 + size - 1
        spans = "".join(f'<tspan x="{tx:.1f}" y="{first + k * (size + 3):.1f}">{_e(s)}</tspan>'
                        for k, s in enumerate(lines))
        out.append(f'<text class="annotation" text-anchor="{anchor}" font-size="{size:.0f}"'
                   f'{_paint("fill", color)}>{spans}</text>')
    return out
