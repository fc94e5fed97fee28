"""Colours: plotly's colour names and notations read, SVG fills and strokes, colour scales, dash patterns."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .text import _e

#: plotly's own colours, when a figure names none (its template's colorway comes first).
PLOTLY_COLORWAY = ("#636efa", "#EF553B", "#00cc96", "#ab63fa", "#FFA15A", "#19d3f3", "#FF6692", "#B6E880")
#: plotly's default sequential colour scale (Plasma), for a heatmap that names none.
PLASMA = ((0.0, "#0d0887"), (0.111, "#46039f"), (0.222, "#7201a8"), (0.333, "#9c179e"), (0.444, "#bd3786"),
          (0.556, "#d8576b"), (0.667, "#ed7953"), (0.778, "#fb9f3a"), (0.889, "#fdca26"), (1.0, "#f0f921"))
GRID, AXIS, INK, SOFT = "#e5e5e5", "#bbbbbb", "#222222", "#555555"

_NAMED = {"white": (255, 255, 255), "black": (0, 0, 0), "red": (255, 0, 0), "green": (0, 128, 0),
          "blue": (0, 0, 255), "grey": (128, 128, 128), "gray": (128, 128, 128), "orange": (255, 165, 0),
          "yellow": (255, 255, 0), "purple": (128, 0, 128)}
_DASHES = {"dot": "2 3", "dash": "6 4", "longdash": "10 5", "dashdot": "6 3 2 3", "longdashdot": "10 4 2 4"}


def _rgba(color: Any) -> tuple[int, int, int, float] | None:
    """``#rgb``, ``#rrggbb``, ``rgb()``, ``rgba()`` or a few names as (r, g, b, alpha); None if unknown."""
    if not isinstance(color, str):
        return None
    c = color.strip().lower()
    if c.startswith("#"):
        h = c[1:]
        if len(h) == 3:
            h = "".join(ch * 2 for ch in h)
        if len(h) in (6, 8):
            try:
                r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
            except ValueError:
                return None
            return r, g, b, int(h[6:8], 16) / 255 if len(h) == 8 else 1.0
        return None
    m = re.match(r"rgba?\(([^)]*)\)", c)
    if m:
        parts = [p.strip() for p in m.group(1).split(",")]
        try:
            r, g, b = (int(float(p)) for p in parts[:3])
            a = float(parts[3]) if len(parts) > 3 else 1.0
        except (ValueError, IndexError):
            return None
        return r, g, b, a
    if c in _NAMED:
        return (*_NAMED[c], 1.0)
    if c == "transparent":
        return 0, 0, 0, 0.0
    return None


def _hex(r: float, g: float, b: float) -> str:
    return "#{:02x}{:02x}{:02x}".format(*(max(0, min(255, round(v))) for v in (r, g, b)))


def _paint(attr: str, color: Any, opacity: float = 1.0) -> str:
    """`` fill="#..."`` (or ``stroke``), with an ``-opacity`` when the colour is see-through."""
    if color is None:
        return f' {attr}="none"'
    rgba = _rgba(color)
    if rgba is None:
        return f' {attr}="{_e(color)}"' + (f' {attr}-opacity="{opacity:.3g}"' if opacity < 1 else "")
    r, g, b, a = rgba
    a *= opacity
    if a <= 0:
        return f' {attr}="none"'
    return f' {attr}="{_hex(r, g, b)}"' + (f' {attr}-opacity="{a:.3g}"' if a < 1 else "")


def _scale_color(scale: Sequence[Sequence[Any]], t: float) -> str:
    """The colour at ``t`` (0 to 1) of a plotly colour scale ``[[0, c0], ..., [1, c1]]``."""
    t = min(max(t, 0.0), 1.0)
    stops = [(float(p), _rgba(c) or (128, 128, 128, 1.0)) for p, c in scale]
    for (p0, c0), (p1, c1) in zip(stops, stops[1:]):
        if t <= p1:
            f = 0.0 if p1 == p0 else (t - p0) / (p1 - p0)
            return _hex(*(c0[k] + f * (c1[k] - c0[k]) for k in range(3)))
    return _hex(*stops[-1][1][:3])


def _dash(dash: Any) -> str:
    if not dash or dash == "solid":
        return ""
    if dash in _DASHES:
        return f' stroke-dasharray="{_DASHES[dash]}"'
    nums = re.findall(r"[\d.]+", str(dash))
    return f' stroke-dasharray="{" ".join(nums)}"' if nums else ""
