"""Helpers the lessons call: charts that survive every export, a place for a guess, a class pool.

* :class:`Chart` is a small chart (bars, lines, points with whiskers,
  reference lines) drawn twice from one description: as an interactive
  plotly figure in Jupyter, and as an SVG of its own (no network, no
  Chrome) that a plain ``nbconvert --to html``, GitHub's preview, the docs
  site and a PDF show. The lessons build their charts with the one-line
  helpers below (:func:`counts_chart`, :func:`running_chart`,
  :func:`line_chart`, :func:`estimates_chart`, ...).
* :class:`Prediction`: the student writes a guess (a box in Jupyter, a plain
  number in a script) and compares it at the end with the simulated and
  exact answers.
* :func:`parse_counts` and :func:`pool_chart`: the class pool. Each student
  enters a short count such as ``7/20``; the teacher pastes the list.

``import furlib`` does not import this module; plotly and ipywidgets are
imported inside the functions that need them.

Examples
--------
>>> parse_counts("Ann: 7/20, Bob 4/20; 11/20")
[('Ann', 7, 20), ('Bob', 4, 20), ('3', 11, 20)]
>>> c = Chart("Two bars", x_label="face", y_label="rolls").bars(["a", "b"], [3, 5])
>>> c.svg().startswith("<svg")
True
"""

from __future__ import annotations

import html
import json
import math
import os
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Sequence

import numpy as np

from .core.stats import wilson_interval

#: Okabe-Ito colours (as the games' charts): blue, vermilion, green, purple, orange.
COLORS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00")
GREY = "#7a7a7a"
#: Okabe-Ito sky blue: exact values drawn as bars behind simulated estimates.
EXACT_COLOR = "#56B4E9"
WHISKER = "#333333"
PLOTLY_MIME = "application/vnd.plotly.v1+json"
WIDTH, HEIGHT = 640, 360
_LEFT, _RIGHT, _TOP, _BOTTOM = 64, 16, 40, 52
_LEGEND_ROW = 14   # the plot starts this much lower when a legend sits above it


#: The plotly renderer of :func:`use_static_fallback`.
FALLBACK_RENDERER = "furlib"
#: Plotly renderers whose output is plotly's JSON mimetype, the one :func:`_plotly_bundle` writes itself.
_JSON_RENDERERS = ("plotly_mimetype", "json", "jupyterlab", "nteract", "vscode")
_RENDERERS: dict = {"before": None, "activated": set()}


def _plotly_bundle(fig: Any) -> dict:
    """The plotly part of a display bundle: plotly's JSON mimetype (Jupyter, Voila, nbmake), or, when
    ``$PLOTLY_RENDERER`` (the docs build sets ``notebook``: offline HTML) or plotly's default renderer
    (Colab's, say) is another one, that renderer's bundle, so a place that cannot read the JSON mimetype gets
    what it expects. The ``furlib`` renderer of :func:`use_static_fallback` is never asked (it asks this)."""
    import plotly.io as pio  # noqa: PLC0415
    from plotly.io._base_renderers import MimetypeRenderer  # noqa: PLC0415

    wanted = os.environ.get("PLOTLY_RENDERER") or ""
    if not wanted:
        default = pio.renderers.default or ""
        wanted = (_RENDERERS["before"] or "") if FALLBACK_RENDERER in default.split("+") else default
    names = [n for n in wanted.split("+") if n and n != FALLBACK_RENDERER and n in pio.renderers]
    if names and not all(n in _JSON_RENDERERS for n in names):
        fig_dict = fig.to_dict()
        own: dict = {}
        for name in names:
            renderer = pio.renderers[name]
            if isinstance(renderer, MimetypeRenderer):
                if name not in _RENDERERS["activated"]:      # e.g. the notebook renderer loads plotly.js once
                    renderer.activate()
                    _RENDERERS["activated"].add(name)
                own.update(renderer.to_mimebundle(fig_dict))
        if own:
            return own
    data = json.loads(fig.to_json())
    data["config"] = {"displaylogo": False}
    return {PLOTLY_MIME: data}


# ---------------------------------------------------------------- charts

@dataclass
class _Trace:
    kind: str                  # "bar", "line", "points", "hline"
    x: list
    y: list
    name: str
    color: str
    low: list | None = None
    high: list | None = None
    dash: bool = False
    colors: list | None = None


def _num(v: Any) -> float:
    return float(v)


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

    def bars(self, x: Sequence, y: Sequence, name: str = "", color: str | None = None,
             colors: Sequence[str] | None = None, low: Sequence | None = None,
             high: Sequence | None = None) -> "Chart":
        """Bars of heights ``y`` at categories (or numbers) ``x``; ``colors`` gives each bar its own;
        whiskers from ``low`` to ``high`` if given."""
        self.traces.append(_Trace("bar", list(x), [_num(v) for v in y], name, self._color(color),
                                  None if low is None else [_num(v) for v in low],
                                  None if high is None else [_num(v) for v in high],
                                  colors=None if colors is None else list(colors)))
        return self

    def line(self, x: Sequence, y: Sequence, name: str = "", color: str | None = None,
             dash: bool = False) -> "Chart":
        """A line through the points ``(x, y)``."""
        self.traces.append(_Trace("line", list(x), [_num(v) for v in y], name, self._color(color), dash=dash))
        return self

    def points(self, x: Sequence, y: Sequence, name: str = "", color: str | None = None,
               low: Sequence | None = None, high: Sequence | None = None) -> "Chart":
        """Dots, with whiskers from ``low`` to ``high`` if given."""
        self.traces.append(_Trace("points", list(x), [_num(v) for v in y], name, self._color(color),
                                  None if low is None else [_num(v) for v in low],
                                  None if high is None else [_num(v) for v in high]))
        return self

    def hline(self, y: float, name: str = "", color: str = GREY) -> "Chart":
        """A dashed horizontal reference line (an exact value, a fair share)."""
        self.traces.append(_Trace("hline", [], [_num(y)], name, color, dash=True))
        return self

    # -- plotly
    def figure(self) -> Any:
        """The interactive plotly figure."""
        import plotly.graph_objects as go  # noqa: PLC0415

        def whiskers(t: _Trace, color: str) -> dict | None:
            if t.low is None:
                return None
            return {"type": "data", "symmetric": False, "array": [h - y for h, y in zip(t.high, t.y)],
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
    def _categories(self) -> list | None:
        xs = [x for t in self.traces for x in t.x]
        if any(not isinstance(x, (int, float, np.integer, np.floating)) or isinstance(x, bool) for x in xs) \
                or any(t.kind == "bar" for t in self.traces):
            seen: list = []
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
        legend, x, row = [], _LEFT + 8, 0          # (name, colour, kind, x, row): rows wrap at the right edge
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
                v = math.log10(_num(v)) if self.log_x else _num(v)
                return _LEFT + pw * (v - xlo) / (xhi - xlo)
            if self.log_x:
                xticks = [(X(10 ** k), _fmt(10 ** k)) for k in range(math.ceil(xlo), math.floor(xhi) + 1)]
            else:
                xticks = [(X(t), _fmt(t)) for t in _nice_ticks(xlo, xhi) if xlo <= t <= xhi]
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{w}" height="{h}" '
               f'viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">',
               f"<title>{e(self.title)}</title>", '<rect width="100%" height="100%" fill="white"/>',
               f'<text x="{w / 2}" y="22" text-anchor="middle" font-size="15">{e(self.title)}</text>']
        for t in yt:
            out.append(f'<line x1="{_LEFT}" x2="{w - _RIGHT}" y1="{Y(t):.1f}" y2="{Y(t):.1f}" stroke="#ddd"/>'
                       f'<text x="{_LEFT - 6}" y="{Y(t) + 4:.1f}" text-anchor="end">{self._yfmt(t)}</text>')
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
                    if t.low is not None:
                        mid = x0 + bw / 2
                        out.append(f'<line x1="{mid:.1f}" x2="{mid:.1f}" y1="{Y(t.low[j]):.1f}" '
                                   f'y2="{Y(t.high[j]):.1f}" stroke="{WHISKER}" stroke-width="1.5"/>')
                ibar += 1
            elif t.kind == "line":
                pts = " ".join(f"{X(x):.1f},{Y(y):.1f}" for x, y in zip(t.x, t.y))
                dash = ' stroke-dasharray="6 4"' if t.dash else ""
                out.append(f'<polyline points="{pts}" fill="none" stroke="{t.color}" stroke-width="2"{dash}/>')
            elif t.kind == "points":
                for i, (x, y) in enumerate(zip(t.x, t.y)):
                    if t.low is not None:
                        out.append(f'<line x1="{X(x):.1f}" x2="{X(x):.1f}" y1="{Y(t.low[i]):.1f}" '
                                   f'y2="{Y(t.high[i]):.1f}" stroke="{t.color}" stroke-width="1.5"/>')
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
    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict:
        bundle = {"image/svg+xml": self.svg(), "text/plain": repr(self)}
        try:
            fig = self.figure()
        except ImportError:  # pragma: no cover  (no plotly: the SVG alone)
            return bundle
        bundle.update(_plotly_bundle(fig))
        return bundle

    def __repr__(self) -> str:
        return f"<Chart {self.title!r}: {len(self.traces)} parts>"


# ---------------------------------------------------------------- the lessons' charts

def counts_chart(labels: Sequence, observed: Sequence, expected: Sequence | None = None, *,
                 title: str = "Observed and expected counts", x_label: str = "", y_label: str = "count") -> Chart:
    """Observed counts as bars, next to the expected counts (a second bar) if given."""
    chart = Chart(title, x_label, y_label).bars(labels, observed, "observed")
    if expected is not None:
        chart.bars(labels, expected, "expected", color=GREY)
    return chart


def histogram_chart(values: Sequence, *, marker: float | None = None, marker_name: str = "what we saw",
                    title: str = "Simulated results", x_label: str = "", y_label: str = "samples") -> Chart:
    """How often each whole-number value came up, with an optional mark at one value (ours)."""
    keys, counts = np.unique(np.asarray(values), return_counts=True)
    labels = [_fmt(float(k)) for k in keys]
    if marker is None:
        return Chart(title, x_label, y_label).bars(labels, counts, "simulated samples")
    colors = [COLORS[1] if float(k) >= marker else COLORS[0] for k in keys]
    return Chart(title, x_label, y_label).bars(labels, counts, f"vermilion: {marker_name} or more", COLORS[1],
                                               colors=colors)


def running_chart(values: Sequence, exact: float | None = None, *, title: str = "The running average",
                  x_label: str = "number of tries", y_label: str = "average so far", points: int = 400,
                  log_x: bool = True) -> Chart:
    """The average of the first 1, 2, 3, ... values (at most ``points`` drawn) against the exact value."""
    vals = np.asarray(values, dtype=float)
    n = np.arange(1, len(vals) + 1)
    avg = np.cumsum(vals) / n
    keep = np.unique(np.geomspace(1, len(vals), min(points, len(vals))).astype(int)) - 1
    chart = Chart(title, x_label, y_label, log_x=log_x).line((keep + 1).tolist(), avg[keep].tolist(), "average so far")
    if exact is not None:
        chart.hline(float(exact), f"exact {float(exact):.3g}")
    return chart


def intervals_chart(lows: Sequence, highs: Sequence, truth: float, *, title: str = "100 samples, 100 intervals",
                    x_label: str = "sample", y_label: str = "") -> Chart:
    """One whisker per sample's interval: those that catch ``truth`` in blue, the misses in vermilion."""
    lows, highs = np.asarray(lows, float), np.asarray(highs, float)
    mid = (lows + highs) / 2
    hit = (lows <= truth) & (truth <= highs)
    idx = np.arange(1, len(lows) + 1)
    chart = Chart(title, x_label, y_label)
    chart.points(idx[hit].tolist(), mid[hit], "catches the true value", COLORS[0], lows[hit], highs[hit])
    chart.points(idx[~hit].tolist(), mid[~hit], "misses it", COLORS[1], lows[~hit], highs[~hit])
    return chart.hline(truth, "true value", color="#222")


def shrink_chart(ns: Sequence, widths: Sequence, *, title: str = "How wide is the 95% interval?",
                 x_label: str = "number of rolls", y_label: str = "half-width of the interval") -> Chart:
    """Measured half-widths against n, with the curve c/√n through the first one."""
    ns, widths = np.asarray(ns, float), np.asarray(widths, float)
    c = widths[0] * math.sqrt(ns[0])
    grid = np.geomspace(ns.min(), ns.max(), 60)
    return (Chart(title, x_label, y_label, log_x=True)
            .points(ns.tolist(), widths, "measured")
            .line(grid.tolist(), c / np.sqrt(grid), "1/√n curve", color=GREY, dash=True))


def line_chart(x: Sequence, y: Sequence, *, title: str, x_label: str = "", y_label: str = "", name: str = "",
               reference: float | None = None, reference_name: str = "", percent: bool = False,
               y_range: tuple[float, float] | None = None, markers: bool = True) -> Chart:
    """One curve through the points ``(x, y)`` (a dot on each, with ``markers``), and a dashed
    reference line at ``reference`` (a fair share, one half) if given.

    >>> c = line_chart([1, 2, 3], [0.9, 0.6, 0.2], title="Falling", reference=0.5, reference_name="half")
    >>> [t.kind for t in c.traces]
    ['line', 'points', 'hline']
    """
    chart = Chart(title, x_label, y_label, y_range=y_range, y_percent=percent)
    chart.line(x, y, name, COLORS[0])
    if markers:
        chart.points(x, y, "", COLORS[0])
    if reference is not None:
        chart.hline(float(reference), reference_name)
    return chart


def _column(table: Any, name: str) -> list:
    try:
        values = table[name]
    except (KeyError, IndexError, TypeError):
        have = list(getattr(table, "columns", None) if hasattr(table, "columns") else table)
        raise ValueError(f"the table has no column {name!r}; its columns are {have}") from None
    return _seq(values)


def estimates_chart(table: Any, *, x: str, y: str, low: str | None = "ci_low", high: str | None = "ci_high",
                    by: str | None = None, names: str | None = None, kind: str = "dots", exact: str | None = None,
                    exact_name: str = "exact", reference: float | None = None, reference_name: str = "",
                    percent: bool = False, y_range: tuple[float, float] | None = None,
                    title: str = "Estimates and their 95% intervals", x_label: str | None = None,
                    y_label: str | None = None) -> Chart:
    """Estimates with their intervals, read from the columns of a table (a DataFrame, or a dict of lists).

    Each row is one estimate: ``y`` at ``x``, with a whisker from ``low`` to
    ``high`` (furlib's tables call them ``ci_low`` and ``ci_high``; pass
    ``low=None, high=None`` for none). With ``by``, the rows are split into one
    series per value of that column, in order of appearance, each named by
    its value or by ``names``, a format string such as ``"{} players"``.

    ``kind`` draws each series as ``"dots"``, ``"lines"`` (dots joined by a line)
    or ``"bars"`` (grouped bars). ``exact`` names a column of exact values,
    drawn as bars behind the dots (one bar per ``x``; the rows must agree), and
    ``reference`` a dashed line (a fair share).

    >>> t = {"seat": [1, 2, 1, 2], "rate": [0.4, 0.6, 0.5, 0.5], "lo": [0.3, 0.5, 0.4, 0.4],
    ...      "hi": [0.5, 0.7, 0.6, 0.6], "rule": ["on", "on", "off", "off"]}
    >>> c = estimates_chart(t, x="seat", y="rate", low="lo", high="hi", by="rule", names="rule {}", kind="bars")
    >>> [(tr.name, tr.y) for tr in c.traces]
    [('rule on', [0.4, 0.6]), ('rule off', [0.5, 0.5])]
    """
    if kind not in ("dots", "lines", "bars"):
        raise ValueError(f"kind must be 'dots', 'lines' or 'bars', got {kind!r}")
    if (low is None) != (high is None):
        raise ValueError("give both low and high (the two ends of each interval), or neither")
    if exact is not None and kind == "bars":
        raise ValueError("exact values are drawn as bars: draw the estimates as kind='dots' or 'lines'")
    cols = {c: _column(table, c) for c in (x, y, low, high, by, exact) if c is not None}
    chart = Chart(title, x if x_label is None else x_label, y if y_label is None else y_label, y_range=y_range,
                  y_percent=percent)
    if exact is not None:
        bars: dict = {}
        for xv, ev in zip(cols[x], cols[exact]):
            ev = _num(ev)
            if xv in bars and not math.isclose(bars[xv], ev, rel_tol=1e-12, abs_tol=1e-15):
                raise ValueError(f"two rows at {x} = {xv!r} give different exact values: {bars[xv]} and {ev}")
            bars.setdefault(xv, ev)
        chart.bars(list(bars), list(bars.values()), exact_name, EXACT_COLOR)
    groups = [None] if by is None else list(dict.fromkeys(cols[by]))
    for i, group in enumerate(groups):
        rows = range(len(cols[x])) if by is None else [j for j, g in enumerate(cols[by]) if g == group]
        xs, ys = [cols[x][j] for j in rows], [_num(cols[y][j]) for j in rows]
        lows = None if low is None else [_num(cols[low][j]) for j in rows]
        highs = None if high is None else [_num(cols[high][j]) for j in rows]
        if by is None:
            label = names or (y_label or y)
        else:
            label = (names or "{}").format(group)
        color = COLORS[(i + (exact is not None)) % len(COLORS)]
        if kind == "bars":
            chart.bars(xs, ys, label, color, low=lows, high=highs)
        elif kind == "lines":
            chart.line(xs, ys, label, color)
            chart.points(xs, ys, "", color, lows, highs)
        else:
            chart.points(xs, ys, label, color, lows, highs)
    if reference is not None:
        chart.hline(float(reference), reference_name)
    return chart


# ---------------------------------------------------------------- a place for the guess

def _as_float(v: Any) -> float | None:
    if v is None:
        return None
    if isinstance(v, Fraction):
        return float(v)
    return float(v)


class Prediction:
    """A student's guess, written before the simulation and compared with it at the end.

    In a script, give the guess as a number: ``Prediction("How many Hands?", 3)``.
    In Jupyter, show :meth:`box` and type it in. At the end,
    ``guess.compare(simulated=..., exact=...)`` shows the three side by side.

    >>> g = Prediction("Chance of a Furcle with 2 dice?", 0.5)
    >>> print(g.compare(simulated=0.83, exact=Fraction(5, 6)))
    Chance of a Furcle with 2 dice?
      your guess: 0.5
      simulated:  0.83
      exact:      0.8333 (5/6)
      your guess is 0.3333 from the exact answer
    """

    def __init__(self, question: str, value: float | None = None):
        self.question = str(question)
        self.value = _as_float(value)
        self._box = None

    def box(self) -> Any:
        """A text box (ipywidgets) for the guess; what is typed becomes ``.value``."""
        import ipywidgets as widgets  # noqa: PLC0415

        if self._box is None:
            self._box = widgets.FloatText(value=self.value, description="My guess:",
                                          style={"description_width": "initial"},
                                          tooltip=self.question)
            self._box.observe(lambda change: setattr(self, "value", change["new"]), names="value")
        return widgets.VBox([widgets.HTML(f"<b>{html.escape(self.question)}</b>"), self._box])

    def compare(self, *, simulated: float | None = None, exact: Any = None) -> "Comparison":
        """The guess next to the simulated and the exact answers."""
        return Comparison(self.question, self.value, _as_float(simulated), exact)

    def __repr__(self) -> str:
        return f"Prediction({self.question!r}, {self.value!r})"


@dataclass(frozen=True)
class Comparison:
    """A guess, a simulated answer and an exact one (prints as text, shows as a table)."""

    question: str
    guess: float | None
    simulated: float | None
    exact: Any

    def _rows(self) -> list[tuple[str, str]]:
        def show(v: Any) -> str:
            if v is None:
                return "-"
            if isinstance(v, Fraction):
                return f"{float(v):.4g} ({v})"
            return f"{float(v):.4g}"
        rows = [("your guess", show(self.guess) if self.guess is not None else "(no guess written)"),
                ("simulated", show(self.simulated)), ("exact", show(self.exact))]
        return rows

    def verdict(self) -> str:
        """How far the guess is from the exact answer (or the simulated one)."""
        target = self.exact if self.exact is not None else self.simulated
        if self.guess is None:
            return "write a guess first next time: it is more fun to be surprised"
        if target is None:
            return ""
        which = "exact" if self.exact is not None else "simulated"
        return f"your guess is {abs(self.guess - float(target)):.4g} from the {which} answer"

    def __str__(self) -> str:
        lines = [self.question] + [f"  {k + ':':<11} {v}" for k, v in self._rows()]
        return "\n".join(lines + [f"  {self.verdict()}"])

    def _repr_html_(self) -> str:
        e = html.escape
        body = "".join(f"<tr><th scope='row' style='text-align:left'>{e(k)}</th><td>{e(v)}</td></tr>"
                       for k, v in self._rows())
        return (f"<table><caption style='text-align:left'><b>{e(self.question)}</b></caption>{body}</table>"
                f"<p>{e(self.verdict())}</p>")

    __repr__ = __str__


# ---------------------------------------------------------------- the class pool

_ENTRY = re.compile(r"^(?:(?P<name>[^:\d][^:]*?)\s*:?\s+|(?P<name2>[^:]+):\s*)?(?P<k>\d+)\s*(?:/|of|out of)\s*(?P<n>\d+)$")


def parse_counts(text: str) -> list[tuple[str, int, int]]:
    """Read pasted counts: ``"Ann: 7/20, Bob 4/20; 11 of 20"``, separated by commas, semicolons or lines.

    Each entry is ``successes/tries`` (or ``successes of tries``), with an
    optional name in front. Returns ``(name, successes, tries)`` triples; an
    entry without a name is named by its position. A bad entry raises
    ``ValueError`` naming it.

    >>> parse_counts("5/6\\n3 of 6")
    [('1', 5, 6), ('2', 3, 6)]
    >>> parse_counts("Ann: 7/20, Bob: 21/20")
    Traceback (most recent call last):
    ...
    ValueError: entry 2 ('Bob: 21/20'): 21 successes out of 20 tries is more than the tries
    """
    if not isinstance(text, str):
        raise ValueError(f"paste the counts as one string, e.g. \"Ann: 7/20, Bob: 4/20\"; got {type(text).__name__}")
    entries = [s.strip() for s in re.split(r"[,;\n]", text) if s.strip()]
    if not entries:
        raise ValueError("no counts: paste entries like \"Ann: 7/20, Bob: 4/20\"")
    out = []
    for i, raw in enumerate(entries, 1):
        m = _ENTRY.match(raw)
        if not m:
            raise ValueError(f"entry {i} ({raw!r}) is not a count like 7/20 or 'Ann: 7/20' "
                             f"(successes / tries, whole numbers)")
        k, n = int(m["k"]), int(m["n"])
        if n == 0:
            raise ValueError(f"entry {i} ({raw!r}): 0 tries")
        if k > n:
            raise ValueError(f"entry {i} ({raw!r}): {k} successes out of {n} tries is more than the tries")
        out.append(((m["name"] or m["name2"] or str(i)).strip(), k, n))
    return out


@dataclass(frozen=True)
class Pool:
    """The class's pooled counts: each entry, the running estimate and the exact value."""

    entries: list
    exact: float | None

    @property
    def successes(self) -> int:
        return sum(k for _, k, _ in self.entries)

    @property
    def tries(self) -> int:
        return sum(n for _, _, n in self.entries)

    @property
    def estimate(self) -> float:
        return self.successes / self.tries

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.successes, self.tries)

    def running(self) -> list[tuple[int, float]]:
        """(tries pooled so far, pooled share so far) after each entry."""
        k = n = 0
        out = []
        for _, s, t in self.entries:
            k, n = k + s, n + t
            out.append((n, k / n))
        return out

    def chart(self, title: str = "The class's rolls, pooled") -> Chart:
        run = self.running()
        ends = [n for n, _ in run]
        own = [s / t for _, s, t in self.entries]
        chart = Chart(title, "rolls pooled so far", "share of successes", y_range=(0, 1))
        chart.points(ends, own, "each student's own share", COLORS[4])
        chart.line(ends, [r for _, r in run], "pooled estimate", COLORS[0])
        if self.exact is not None:
            chart.hline(self.exact, f"exact {self.exact:.3g}")
        return chart

    def __str__(self) -> str:
        low, high = self.interval
        text = (f"{len(self.entries)} entries, {self.successes} successes in {self.tries} tries: "
                f"pooled estimate {self.estimate:.3f} (95% interval {low:.3f} to {high:.3f})")
        if self.exact is not None:
            text += f"; exact {self.exact:.3f}"
        return text

    __repr__ = __str__


def pool(text: str, exact: Any = None) -> Pool:
    """Pool pasted counts (see :func:`parse_counts`) against an exact chance (a Fraction or float)."""
    return Pool(parse_counts(text), None if exact is None else float(exact))


def pool_chart(text: str, exact: Any = None) -> Chart:
    """The pooled counts' running estimate against the exact value, each student's share as a dot."""
    return pool(text, exact).chart()


# ---------------------------------------------------------------- any plotly figure, with a static fallback

def _seq(v: Any) -> list:
    if v is None:
        return []
    if isinstance(v, dict) and "bdata" in v:   # plotly's typed array: {"dtype": "f8", "bdata": base64, "shape": ...}
        import base64  # noqa: PLC0415

        v = np.frombuffer(base64.b64decode(v["bdata"]), dtype=np.dtype(v["dtype"])).ravel()
    return [x.item() if hasattr(x, "item") else x for x in (v.tolist() if hasattr(v, "tolist") else list(v))]


def from_figure(fig: Any) -> "FigurePicture":
    """The SVG picture of any plotly figure (:class:`furlib.lesson_svg.FigurePicture`): ``.svg()``.

    Every trace type and layout the lessons' charts use is drawn: bars (grouped,
    stacked, with error bars and labels), histograms, lines (steps, fills
    between traces), markers with their symbols, heatmaps (cells with a colour
    bar or the figure's legend), contour lines, subplots, log and category axes,
    reference lines and annotations. A trace it cannot draw is named in
    ``.skipped`` and in a line at the foot of the picture.
    """
    from .lesson_svg import FigurePicture  # noqa: PLC0415

    return FigurePicture(fig)


class StaticFigure:
    """A plotly figure that also carries an SVG drawing of itself, for exports that cannot run plotly."""

    def __init__(self, fig: Any):
        self.figure = fig

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict:
        bundle = {**_plotly_bundle(self.figure), "text/plain": repr(self)}
        try:
            bundle["image/svg+xml"] = from_figure(self.figure).svg()
        except Exception:  # noqa: BLE001  (a figure the SVG cannot draw still shows in Jupyter)
            pass
        return bundle

    def __repr__(self) -> str:
        title = self.figure.layout.title.text if self.figure.layout.title else None
        return f"<StaticFigure {title!r}>"


def static(fig: Any) -> StaticFigure:
    """Show a plotly figure interactively in Jupyter, with an SVG fallback for HTML, GitHub and PDF exports."""
    return StaticFigure(fig)


def use_static_fallback() -> None:
    """Make every plotly figure shown from now on carry an SVG fallback (a plotly renderer named ``furlib``).

    The figure's interactive part is what plotly would have shown without it
    (the renderer that was the default, or ``$PLOTLY_RENDERER``'s); calling it
    twice changes nothing.
    """
    import plotly.io as pio  # noqa: PLC0415
    from plotly.io._base_renderers import MimetypeRenderer  # noqa: PLC0415

    class _FurlibRenderer(MimetypeRenderer):
        def to_mimebundle(self, fig_dict: dict) -> dict:
            import plotly.graph_objects as go  # noqa: PLC0415

            return StaticFigure(go.Figure(fig_dict))._repr_mimebundle_()

    before = pio.renderers.default or ""
    if FALLBACK_RENDERER not in before.split("+"):
        _RENDERERS["before"] = before
    pio.renderers[FALLBACK_RENDERER] = _FurlibRenderer()
    pio.renderers.default = FALLBACK_RENDERER
