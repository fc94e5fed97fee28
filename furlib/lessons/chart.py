"""The :class:`Chart`: a small chart drawn as an interactive plotly figure and as an SVG of its own.

Bars, lines, points with whiskers and reference lines, described once and
drawn twice: :meth:`Chart.figure` (plotly, in Jupyter) and :meth:`Chart.svg`
(no network, no Chrome), which every static export shows. The colours,
the picture's size and margins, and the tick and number format helpers
live here too. Plotly is imported only by :meth:`Chart.figure`.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.errors import excerpt
from .fallback import _plotly_bundle

#: Okabe-Ito colours (as the games' charts): blue, vermilion, green, purple, orange.
COLORS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00")
GREY = "#7a7a7a"
#: Okabe-Ito sky blue: exact values drawn as bars behind simulated estimates.
EXACT_COLOR = "#56B4E9"
WHISKER = "#333333"
WIDTH, HEIGHT = 640, 360
_LEFT, _RIGHT, _TOP, _BOTTOM = 64, 16, 40, 52
_LEGEND_ROW = 14   # the plot starts this much lower when a legend sits above it


@dataclass
class _Trace:
    kind: str                  # "bar", "line", "points", "hline"
    x: list[Any]
    y: list[float]
    name: str
    color: str
    low: list[float] | None = None
    high: list[float] | None = None
    dash: bool = False
    colors: list[str] | None = None


def _num(v: Any) -> float:
    return float(v)


def _whiskers(y: list[float], low: Sequence[Any] | npt.NDArray[Any] | None,
              high: Sequence[Any] | npt.NDArray[Any] | None) -> tuple[list[float] | None, list[float] | None]:
    """The whiskers' ends as numbers, one ``low`` and one ``high`` per value of ``y`` (or neither); else ValueError."""
    def shown(ends: Sequence[Any] | npt.NDArray[Any]) -> str:
        return excerpt(ends.tolist() if isinstance(ends, np.ndarray) else list(ends))

    if low is None:
        if high is None:
            return None, None
        raise ValueError(f"high={shown(high)} is given but low is not: give both low and high "
                         "(the two ends of each whisker), or neither")
    if high is None:
        raise ValueError(f"low={shown(low)} is given but high is not: give both low and high "
                         "(the two ends of each whisker), or neither")
    for name, ends in (("low", low), ("high", high)):
        if len(ends) != len(y):
            raise ValueError(f"{name} has {len(ends)} value{'' if len(ends) == 1 else 's'} but y has {len(y)}: "
                             f"give one {name} per value of y, got {name}={shown(ends)}")
    return [_num(v) for v in low], [_num(v) for v in high]


def _nice_ticks(lo: float, hi: float, n: int = 5) -> list[float]:
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / n
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    start = math.floor(lo / step) * step
    ticks, t = [], start
    while t <= hi + step * 1e-9:
        if t >= lo - step * 1e-9:
            ticks.append(round(t, 12))
        t += step
    return ticks


def _covering_ticks(lo: float, hi: float, n: int = 5) -> list[float]:
    """Nice ticks from one at or below ``lo`` to one at or above ``hi`` (so no value sits above the top tick)."""
    ticks = _nice_ticks(lo, hi, n)
    step = ticks[1] - ticks[0] if len(ticks) > 1 else 1.0
    if ticks[0] > lo + step * 1e-9:
        ticks.insert(0, round(ticks[0] - step, 12))
    if ticks[-1] < hi - step * 1e-9:
        ticks.append(round(ticks[-1] + step, 12))
    return ticks


def _fmt(v: float) -> str:
    if v == int(v) and abs(v) < 1e15:
        return f"{int(v):,}"
    return f"{v:.3g}"


def _pct(v: float) -> str:
    return f"{100 * v:.3g}%"


@dataclass
class Chart:
    """A small chart drawn as an interactive plotly figure and as a static SVG.

    Build it with :meth:`bars`, :meth:`line`, :meth:`points` and :meth:`hline`
    (each returns the chart, so calls chain). In Jupyter the chart shows the
    plotly figure; its display bundle also carries the SVG, which every
    static export (HTML, GitHub, PDF, the docs site) shows instead.
    ``y_percent`` labels the y axis in percent (the values stay shares: 0.25 is 25%).
    """

    title: str
    x_label: str = ""
    y_label: str = ""
    log_x: bool = False
    y_range: tuple[float, float] | None = None
    traces: list[_Trace] = field(default_factory=list)
    y_percent: bool = False

    def _yfmt(self, v: float) -> str:
        return _pct(v) if self.y_percent else _fmt(v)

    # -- building
    def _color(self, color: str | None) -> str:
        return color or COLORS[len([t for t in self.traces if t.kind != "hline"]) % len(COLORS)]

    def bars(self, x: Sequence[Any] | npt.NDArray[Any], y: Sequence[Any] | npt.NDArray[Any], name: str = "",
             color: str | None = None, colors: Sequence[str] | None = None,
             low: Sequence[Any] | npt.NDArray[Any] | None = None,
             high: Sequence[Any] | npt.NDArray[Any] | None = None) -> Chart:
        """Bars of heights ``y`` at categories (or numbers) ``x``; ``colors`` gives each bar its own;
        whiskers from ``low`` to ``high`` if given (both, one of each per bar)."""
        ys = [_num(v) for v in y]
        lows, highs = _whiskers(ys, low, high)
        self.traces.append(_Trace("bar", list(x), ys, name, self._color(color), lows, highs,
                                  colors=None if colors is None else list(colors)))
        return self

    def line(self, x: Sequence[Any] | npt.NDArray[Any], y: Sequence[Any] | npt.NDArray[Any], name: str = "",
             color: str | None = None, dash: bool = False) -> Chart:
        """A line through the points ``(x, y)``."""
        self.traces.append(_Trace("line", list(x), [_num(v) for v in y], name, self._color(color), dash=dash))
        return self

    def points(self, x: Sequence[Any] | npt.NDArray[Any], y: Sequence[Any] | npt.NDArray[Any], name: str = "",
               color: str | None = None, low: Sequence[Any] | npt.NDArray[Any] | None = None,
               high: Sequence[Any] | npt.NDArray[Any] | None = None) -> Chart:
        """Dots, with whiskers from ``low`` to ``high`` if given (both, one of each per dot)."""
        ys = [_num(v) for v in y]
        lows, highs = _whiskers(ys, low, high)
        self.traces.append(_Trace("points", list(x), ys, name, self._color(color), lows, highs))
        return self

    def hline(self, y: float, name: str = "", color: str = GREY) -> Chart:
        """A dashed horizontal reference line (an exact value, a fair share)."""
        self.traces.append(_Trace("hline", [], [_num(y)], name, color, dash=True))
        return self

    # -- plotly
    def figure(self) -> Any:
        """The interactive plotly figure."""
        import plotly.graph_objects as go  # noqa: PLC0415

        def whiskers(t: _Trace, color: str) -> dict[str, Any] | None:
            if t.low is None or t.high is None:
                return None
            return {"type": "data", "symmetric": False,
                    "array": [h - y for h, y in zip(t.high, t.y)],
                    "arrayminus": [y - lo for lo, y in zip(t.low, t.y)], "color": color}

        fig = go.Figure()
        for t in self.traces:
            named = {"name": t.name, "showlegend": bool(t.name)}
            if t.kind == "bar":
                fig.add_bar(x=t.x, y=t.y, marker_color=t.colors or t.color, error_y=whiskers(t, WHISKER), **named)
            elif t.kind == "line":
                fig.add_scatter(x=t.x, y=t.y, mode="lines",
                                line={"color": t.color, "dash": "dash" if t.dash else "solid"}, **named)
            elif t.kind == "points":
                fig.add_scatter(x=t.x, y=t.y, mode="markers", marker_color=t.color, error_y=whiskers(t, t.color),
                                **named)
            else:
                fig.add_hline(y=t.y[0], line_dash="dash", line_color=t.color,
                              annotation_text=t.name, annotation_position="top left")
        fig.update_layout(title=self.title, template="plotly_white", paper_bgcolor="rgba(0,0,0,0)",
                          xaxis_title=self.x_label, yaxis_title=self.y_label, barmode="group",
                          margin={"t": 50, "b": 50}, legend={"orientation": "h", "y": -0.2})
        if self.log_x:
            fig.update_xaxes(type="log")
        if self.y_range:
            fig.update_yaxes(range=list(self.y_range))
        if self.y_percent:
            fig.update_yaxes(tickformat=".0%")
        return fig

    # -- SVG
    def _categories(self) -> list[Any] | None:
        xs = [x for t in self.traces for x in t.x]
        if any(not isinstance(x, (int, float, np.integer, np.floating)) or isinstance(x, bool) for x in xs) \
                or any(t.kind == "bar" for t in self.traces):
            seen: list[Any] = []
            for x in xs:
                if x not in seen:
                    seen.append(x)
            return seen
        return None

    def svg(self) -> str:
        """The chart as a self-contained SVG (an accessible image with a title)."""
        e = html.escape
        cats = self._categories()
        w, h = WIDTH, HEIGHT
        legend: list[tuple[str, str, str, float, int]] = []  # (name, colour, kind, x, row): rows wrap at the right edge
        x: float = _LEFT + 8
        row = 0
        for t in self.traces:
            if t.name:
                width = 36 + 7 * len(t.name)
                if legend and x + width - 20 > w - _RIGHT:
                    x, row = _LEFT + 8, row + 1
                legend.append((t.name, t.color, t.kind, x, row))
                x += width
        top = _TOP + (row + 1) * _LEGEND_ROW if legend else _TOP
        pw, ph = w - _LEFT - _RIGHT, h - top - _BOTTOM
        ys = [v for t in self.traces for v in t.y + (t.low or []) + (t.high or [])]
        lo, hi = (min(ys + [0.0]), max(ys + [0.0])) if ys else (0.0, 1.0)
        if self.y_range:
            lo, hi = self.y_range
        yt = _nice_ticks(lo, hi) if self.y_range else _covering_ticks(lo, hi)
        lo, hi = min(lo, yt[0]), max(hi, yt[-1])

        def Y(v: float) -> float:
            return top + ph * (1 - (v - lo) / ((hi - lo) or 1))

        if cats is not None:
            band = pw / max(len(cats), 1)

            def X(v: Any) -> float:
                return _LEFT + band * (cats.index(v) + 0.5)
            xticks = [(X(c), str(c)) for c in cats]
        else:
            xs = [_num(x) for t in self.traces for x in t.x]
            if self.log_x:
                xs = [math.log10(x) for x in xs if x > 0]
            xlo, xhi = (min(xs), max(xs)) if xs else (0.0, 1.0)
            if xhi == xlo:
                xhi = xlo + 1

            def X(v: Any) -> float:
                u = math.log10(_num(v)) if self.log_x else _num(v)
                return _LEFT + pw * (u - xlo) / (xhi - xlo)
            if self.log_x:
                xticks = [(X(10 ** k), _fmt(10 ** k)) for k in range(math.ceil(xlo), math.floor(xhi) + 1)]
            else:
                xticks = [(X(t), _fmt(t)) for t in _nice_ticks(xlo, xhi) if xlo <= t <= xhi]
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{w}" height="{h}" '
               f'viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">',
               f"<title>{e(self.title)}</title>", '<rect width="100%" height="100%" fill="white"/>',
               f'<text x="{w / 2}" y="22" text-anchor="middle" font-size="15">{e(self.title)}</text>']
        for tick in yt:
            out.append(f'<line x1="{_LEFT}" x2="{w - _RIGHT}" y1="{Y(tick):.1f}" y2="{Y(tick):.1f}" stroke="#ddd"/>'
                       f'<text x="{_LEFT - 6}" y="{Y(tick) + 4:.1f}" text-anchor="end">{self._yfmt(tick)}</text>')
        for x, label in xticks:
            out.append(f'<text x="{x:.1f}" y="{h - _BOTTOM + 16}" text-anchor="middle">{e(label)}</text>')
        out.append(f'<text x="{_LEFT + pw / 2}" y="{h - 12}" text-anchor="middle">{e(self.x_label)}</text>')
        out.append(f'<text transform="translate(14 {top + ph / 2}) rotate(-90)" text-anchor="middle">'
                   f'{e(self.y_label)}</text>')
        nbars = sum(t.kind == "bar" for t in self.traces)
        ibar = 0
        for t in self.traces:
            if t.kind == "bar":
                bw = band * 0.8 / nbars
                for j, (x, y) in enumerate(zip(t.x, t.y)):
                    x0 = X(x) - band * 0.4 + ibar * bw
                    y0, base = Y(max(y, 0)), Y(min(y, 0))
                    fill = t.colors[j] if t.colors else t.color
                    out.append(f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{bw:.1f}" height="{base - y0:.1f}" '
                               f'fill="{fill}"><title>{e(str(x))}: {self._yfmt(y)}</title></rect>')
                    if t.low is not None and t.high is not None:
                        mid = x0 + bw / 2
                        out.append(f'<line x1="{mid:.1f}" x2="{mid:.1f}" y1="{Y(t.low[j]):.1f}" '
                                   f'y2="{Y(t.high[j]):.1f}"'
                                   f' stroke="{WHISKER}" stroke-width="1.5"/>')
                ibar += 1
            elif t.kind == "line":
                pts = " ".join(f"{X(x):.1f},{Y(y):.1f}" for x, y in zip(t.x, t.y))
                dash = ' stroke-dasharray="6 4"' if t.dash else ""
                out.append(f'<polyline points="{pts}" fill="none" stroke="{t.color}" stroke-width="2"{dash}/>')
            elif t.kind == "points":
                for i, (x, y) in enumerate(zip(t.x, t.y)):
                    if t.low is not None and t.high is not None:
                        out.append(f'<line x1="{X(x):.1f}" x2="{X(x):.1f}" y1="{Y(t.low[i]):.1f}" '
                                   f'y2="{Y(t.high[i]):.1f}"'
                                   f' stroke="{t.color}" stroke-width="1.5"/>')
                    out.append(f'<circle cx="{X(x):.1f}" cy="{Y(y):.1f}" r="3.5" fill="{t.color}"/>')
            else:
                out.append(f'<line x1="{_LEFT}" x2="{w - _RIGHT}" y1="{Y(t.y[0]):.1f}" y2="{Y(t.y[0]):.1f}" '
                           f'stroke="{t.color}" stroke-width="1.5" stroke-dasharray="6 4"/>')
        for name, color, kind, x, row in legend:
            base = _TOP + row * _LEGEND_ROW
            mark = (f'<rect x="{x}" y="{base - 9}" width="10" height="10" fill="{color}"/>' if kind == "bar" else
                    f'<line x1="{x}" x2="{x + 12}" y1="{base - 4}" y2="{base - 4}" stroke="{color}" stroke-width="2"'
                    + (' stroke-dasharray="4 2"/>' if kind == "hline" else "/>"))
            out.append(mark + f'<text x="{x + 16}" y="{base}">{e(name)}</text>')
        out.append("</svg>")
        return "\n".join(out)

    # -- display
    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle = {"image/svg+xml": self.svg(), "text/plain": repr(self)}
        try:
            fig = self.figure()
        except ImportError:  # pragma: no cover  (no plotly: the SVG alone)
            return bundle
        bundle.update(_plotly_bundle(fig))
        return bundle

    def __repr__(self) -> str:
        return f"<Chart {self.title!r}: {len(self.traces)} parts>"
