"""The lessons' charts: one-line helpers that build a :class:`~furlib.lessons.chart.Chart`.

Counts against expected counts (:func:`counts_chart`), a histogram
(:func:`histogram_chart`), a running average (:func:`running_chart`), many
intervals (:func:`intervals_chart`), an interval shrinking with n
(:func:`shrink_chart`), one curve (:func:`line_chart`) and estimates with
their intervals read from a table (:func:`estimates_chart`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.errors import excerpt
from .chart import COLORS, EXACT_COLOR, GREY, Chart, _num
from .fallback import _seq


def _fmt(v: float) -> str:
    """A histogram's value as its bar's label: a whole number with thousands commas, else 3 significant digits."""
    if v == int(v) and abs(v) < 1e15:
        return f"{int(v):,}"
    return f"{v:.3g}"


def counts_chart(labels: Sequence[Any] | npt.NDArray[Any], observed: Sequence[Any] | npt.NDArray[Any],
                 expected: Sequence[Any] | npt.NDArray[Any] | None = None, *,
                 title: str = "Observed and expected counts", x_label: str = "", y_label: str = "count") -> Chart:
    """Observed counts as bars, next to the expected counts (a second bar) if given."""
    chart = Chart(title, x_label, y_label).bars(labels, observed, "observed")
    if expected is not None:
        chart.bars(labels, expected, "expected", color=GREY)
    return chart


def histogram_chart(values: Sequence[Any] | npt.NDArray[Any], *, marker: float | None = None,
                    marker_name: str = "what we saw", title: str = "Simulated results", x_label: str = "",
                    y_label: str = "samples") -> Chart:
    """How often each whole-number value came up, with an optional mark at one value (ours): the values at
    the mark or beyond drawn in vermilion, named in the legend by ``marker_name`` ("what we saw or more").

    >>> [(t.name, list(t.x)) for t in histogram_chart([1, 2, 2, 3], marker=2).figure().data]
    [('', ['1']), ('what we saw or more', ['2', '3'])]
    """
    keys, counts = np.unique(np.asarray(values), return_counts=True)
    labels = [_fmt(float(k)) for k in keys]
    if marker is None:
        return Chart(title, x_label, y_label).bars(labels, counts, "simulated samples")
    at = [float(k) >= marker for k in keys]      # one bar trace per colour, so that the legend shows its colour
    below = [(label, c) for label, c, high in zip(labels, counts, at) if not high]
    beyond = [(label, c) for label, c, high in zip(labels, counts, at) if high]
    chart = Chart(title, x_label, y_label)
    for part, name, color in ((below, "", COLORS[0]), (beyond, f"{marker_name} or more", COLORS[1])):
        chart.bars([label for label, _ in part], [c for _, c in part], name, color, group="histogram")
    return chart


def running_chart(values: Sequence[Any] | npt.NDArray[Any], exact: float | None = None, *,
                  title: str = "The running average", x_label: str = "number of tries",
                  y_label: str = "average so far", points: int = 400, log_x: bool = True) -> Chart:
    """The average of the first 1, 2, 3, ... values (at most ``points`` drawn) against the exact value."""
    vals = np.asarray(values, dtype=float)
    n = np.arange(1, len(vals) + 1)
    avg = np.cumsum(vals) / n
    keep = np.unique(np.geomspace(1, len(vals), min(points, len(vals))).astype(int)) - 1
    chart = Chart(title, x_label, y_label, log_x=log_x).line((keep + 1).tolist(), avg[keep].tolist(), "average so far")
    if exact is not None:
        chart.hline(float(exact), f"exact {float(exact):.3g}")
    return chart


def intervals_chart(lows: Sequence[Any] | npt.NDArray[Any], highs: Sequence[Any] | npt.NDArray[Any], truth: float, *,
                    title: str = "100 samples, 100 intervals", x_label: str = "sample", y_label: str = "") -> Chart:
    """One whisker per sample's interval: those that catch ``truth`` in blue, the misses in vermilion."""
    lows, highs = np.asarray(lows, float), np.asarray(highs, float)
    mid = (lows + highs) / 2
    hit = (lows <= truth) & (truth <= highs)
    idx = np.arange(1, len(lows) + 1)
    chart = Chart(title, x_label, y_label)
    chart.points(idx[hit].tolist(), mid[hit], "catches the true value", COLORS[0], lows[hit], highs[hit])
    chart.points(idx[~hit].tolist(), mid[~hit], "misses it", COLORS[1], lows[~hit], highs[~hit])
    return chart.hline(truth, "true value", color="#222")


def shrink_chart(ns: Sequence[Any] | npt.NDArray[Any], widths: Sequence[Any] | npt.NDArray[Any], *,
                 title: str = "How wide is the 95% interval?", x_label: str = "number of rolls",
                 y_label: str = "half-width of the interval") -> Chart:
    """Measured half-widths against n, with the curve c/√n through the first one."""
    ns, widths = np.asarray(ns, float), np.asarray(widths, float)
    c = widths[0] * math.sqrt(ns[0])
    grid = np.geomspace(ns.min(), ns.max(), 60)
    return (Chart(title, x_label, y_label, log_x=True)
            .points(ns.tolist(), widths, "measured")
            .line(grid.tolist(), c / np.sqrt(grid), "1/√n curve", color=GREY, dash=True))


def line_chart(x: Sequence[Any] | npt.NDArray[Any], y: Sequence[Any] | npt.NDArray[Any], *, title: str,
               x_label: str = "", y_label: str = "", name: str = "", reference: float | None = None,
               reference_name: str = "", percent: bool = False, y_range: tuple[float, float] | None = None,
               markers: bool = True) -> Chart:
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


def _column(table: Any, name: str) -> list[Any]:
    try:
        values = table[name]
    except (KeyError, IndexError, TypeError):
        have = list(table.columns if hasattr(table, "columns") else table)
        raise ValueError(f"the table has no column {excerpt(name)}; its columns are {have}") from None
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
        raise ValueError(f"kind must be 'dots', 'lines' or 'bars', got {excerpt(kind)}")
    if (low is None) != (high is None):
        raise ValueError("give both low and high (the two ends of each interval), or neither")
    if exact is not None and kind == "bars":
        raise ValueError("exact values are drawn as bars: draw the estimates as kind='dots' or 'lines'")
    cols = {c: _column(table, c) for c in (x, y, low, high, by, exact) if c is not None}
    chart = Chart(title, x if x_label is None else x_label, y if y_label is None else y_label, y_range=y_range,
                  y_percent=percent)
    if exact is not None:
        bars: dict[Any, float] = {}
        for xv, ev in zip(cols[x], cols[exact]):
            ev = _num(ev)
            if xv in bars and not math.isclose(bars[xv], ev, rel_tol=1e-12, abs_tol=1e-15):
                raise ValueError(f"two rows at {x} = {excerpt(xv)} give different exact values: {bars[xv]} and {ev}")
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
