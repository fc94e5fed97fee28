"""One figure being drawn (plotly's JSON dict): its traces, layout and axes, and how to read a trace."""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .colours import PLOTLY_COLORWAY
from .text import _e, _plain
from .values import _get, _num, _seq

if TYPE_CHECKING:
    from .axes import _Axis

#: the trace types the picture draws (a horizontal bar or histogram is not drawn either)
DRAWN = ("bar", "histogram", "scatter", "scattergl", "heatmap", "contour")


@dataclass
class _Bar:
    """One bar in axis units: its middle, its ends along the bar axis, its width."""

    trace: int
    index: int
    x: float
    x0: float
    x1: float
    y0: float
    y1: float
    value: Any
    label: Any



class Plot:
    """One figure (a plotly figure as its JSON dict), with its axes and bars as the drawing works them out."""

    def __init__(self, fig: dict[str, Any]):
        self.fig = fig
        self.layout: dict[str, Any] = fig.get("layout") or {}
        self.data: list[dict[str, Any]] = [t for t in fig.get("data") or [] if isinstance(t, dict)]
        self.skipped: list[str] = []
        digest = hashlib.sha1(json.dumps(fig, sort_keys=True, default=str).encode()).hexdigest()[:8]
        self.uid = f"f{digest}"
        template = _get(self.layout, "template", "layout", default={})
        self.colorway: list[str] = list(self.layout.get("colorway") or template.get("colorway") or PLOTLY_COLORWAY)
        self.template_data: dict[str, Any] = _get(self.layout, "template", "data", default={})
        self.axes: dict[str, _Axis] = {}
        self.bars: dict[int, list[_Bar]] = {}
        self.slots: dict[str, dict[str, Any]] = {}   # x axis -> {"width": w, "n": n, "of": {group: k}}
        self.stack_y: dict[int, list[float]] = {}    # stacked scatter traces: y after stacking
        self.width = 0                               # the picture's width in pixels, once canvas.draw chose it

    # -- reading the traces
    def color(self, i: int) -> str:
        return self.colorway[i % len(self.colorway)]

    def trace_color(self, i: int, t: dict[str, Any]) -> str:
        for c in (_get(t, "line", "color"), _get(t, "marker", "color")):
            if isinstance(c, str):
                return c
        return self.color(i)

    def axes_of(self, t: dict[str, Any]) -> tuple[str, str]:
        return t.get("xaxis") or "x", t.get("yaxis") or "y"

    def visible(self, t: dict[str, Any]) -> bool:
        return t.get("visible", True) is True

    def kind(self, t: dict[str, Any]) -> str:
        return t.get("type") or "scatter"

    def horizontal(self, t: dict[str, Any]) -> bool:
        return self.kind(t) in ("bar", "histogram") and t.get("orientation") == "h"

    def drawn(self, t: dict[str, Any]) -> bool:
        return self.kind(t) in DRAWN and not self.horizontal(t)

    def xy(self, t: dict[str, Any]) -> tuple[list[Any], list[Any]]:
        if "_x" in t:
            return t["_x"], t["_y"]
        x, y = _seq(t.get("x")), _seq(t.get("y"))
        if not x and y:
            x = list(range(len(y)))
        if not y and x:
            y = list(range(len(x)))
        return x, y

    def errors(self, t: dict[str, Any], key: str, j: int, value: float) -> tuple[float, float]:
        """How far the error bar of point ``j`` reaches below and above it (0, 0 without one)."""
        err = t.get(key)
        if not isinstance(err, dict) or err.get("visible") is False:
            return 0.0, 0.0
        kind = err.get("type") or ("data" if err.get("array") is not None else "percent")
        if kind == "data":
            up = _seq(err.get("array"))
            down = _seq(err.get("arrayminus")) if err.get("symmetric") is False and \
                err.get("arrayminus") is not None else up
            hi = _num(up[j]) if j < len(up) else None
            lo = _num(down[j]) if j < len(down) else None
            return lo or 0.0, hi or 0.0
        v = _num(err.get("value")) or 0.0
        vm = _num(err.get("valueminus"))
        vm = v if vm is None or err.get("symmetric") is not False else vm
        if kind == "constant":
            return vm, v
        if kind == "percent":
            return abs(value) * vm / 100, abs(value) * v / 100
        if kind == "sqrt":
            return math.sqrt(abs(value)), math.sqrt(abs(value))
        return 0.0, 0.0

    def mode(self, t: dict[str, Any], n: int) -> str:
        return t.get("mode") or ("lines+markers" if n < 20 else "lines")

    # -- the layout
    def subplots(self) -> list[tuple[str, str]]:
        """The (x axis, y axis) of each subplot: those of the traces, then those the axes anchor."""
        pairs = []
        for t in self.data:
            pair = self.axes_of(t)
            if pair not in pairs and pair[0] in self.axes and pair[1] in self.axes:
                pairs.append(pair)
        for n, ax in self.axes.items():
            anchor = ax.spec.get("anchor")
            if anchor in self.axes and anchor != "free":
                pair = (n, anchor) if ax.letter == "x" else (anchor, n)
                if pair not in pairs:
                    pairs.append(pair)
        return pairs or [("x", "y")]

    # -- the SVG group of one trace
    def trace_group(self, i: int, t: dict[str, Any], clip: str) -> str:
        """The opening ``<g class="trace" data-type=... data-name=...>`` of trace ``i``, clipped to its subplot."""
        xa, ya = self.axes_of(t)
        return (f'<g class="trace" data-type="{_e(self.kind(t))}" data-name="{_e(_plain(t.get("name") or ""))}" '
                f'clip-path="url(#{clip}-{xa}{ya})">')
