"""Plotly's marker symbols as SVG elements."""

from __future__ import annotations

import math

from .colours import _paint
from .text import _e


def draw_marker(symbol: str, x: float, y: float, size: float, color: str, line_color: str | None,
                line_width: float, opacity: float, tip: str | None) -> str:
    """One plotly marker (circle, square, diamond, triangles, cross, x, star, pentagon, hexagon; "-open" is
    drawn as an outline, "-thin" as strokes) as an SVG element."""
    sym = symbol.lower()
    open_ = "-open" in sym
    thin = "-thin" in sym
    base = sym.replace("-open", "").replace("-dot", "").replace("-thin", "")
    r = size / 2
    if open_ or thin:
        paint = ' fill="none"' + _paint("stroke", color, opacity) + f' stroke-width="{max(line_width, 1.5)}"'
    else:
        paint = _paint("fill", color, opacity)
        if line_color and line_width:
            paint += _paint("stroke", line_color) + f' stroke-width="{line_width}"'
    title = f"<title>{_e(tip)}</title>" if tip else ""

    def poly(points: list[tuple[float, float]]) -> str:
        pts = " ".join(f"{x + px:.1f},{y + py:.1f}" for px, py in points)
        return f'<polygon points="{pts}"{paint}>{title}</polygon>' if title else f'<polygon points="{pts}"{paint}/>'

    def regular(n: int, rad: float, turn: float = -math.pi / 2) -> list[tuple[float, float]]:
        return [(rad * math.cos(turn + 2 * math.pi * k / n), rad * math.sin(turn + 2 * math.pi * k / n))
                for k in range(n)]

    if thin and base in ("x", "cross"):
        a = r * (0.8 if base == "x" else 1.0)
        d = (f"M{x - a:.1f},{y - a:.1f} L{x + a:.1f},{y + a:.1f} M{x - a:.1f},{y + a:.1f} L{x + a:.1f},{y - a:.1f}"
             if base == "x" else f"M{x - a:.1f},{y:.1f} H{x + a:.1f} M{x:.1f},{y - a:.1f} V{y + a:.1f}")
        return f'<path d="{d}"{paint}>{title}</path>' if title else f'<path d="{d}"{paint}/>'
    if base == "square":
        el = f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{size:.1f}" height="{size:.1f}"{paint}'
        return el + (f">{title}</rect>" if title else "/>")
    if base == "diamond":
        return poly([(0, -r * 1.3), (r * 1.3, 0), (0, r * 1.3), (-r * 1.3, 0)])
    if base.startswith("triangle"):
        turn = {"triangle-up": -math.pi / 2, "triangle-down": math.pi / 2, "triangle-left": math.pi,
                "triangle-right": 0.0}.get(base, -math.pi / 2)
        return poly(regular(3, r * 1.25, turn))
    if base == "pentagon":
        return poly(regular(5, r * 1.1))
    if base == "hexagon":
        return poly(regular(6, r * 1.1))
    if base == "star":
        outer, inner = regular(5, r * 1.25), regular(5, r * 0.5, -math.pi / 2 + math.pi / 5)
        return poly([p for pair in zip(outer, inner) for p in pair])
    if base in ("cross", "x"):
        a, b = r, r * 0.35
        pts = [(-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b), (b, a), (-b, a), (-b, b), (-a, b), (-a, -b),
               (-b, -b)]
        if base == "x":
            c, s = math.cos(math.pi / 4), math.sin(math.pi / 4)
            pts = [(px * c - py * s, px * s + py * c) for px, py in pts]
        return poly(pts)
    el = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}"{paint}'
    return el + (f">{title}</circle>" if title else "/>")
