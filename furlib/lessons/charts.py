"""The lessons' charts: one-line helpers that build a :class:`~furlib.lessons.chart.Chart`.

Counts against expected counts (:func:`counts_chart`), a histogram
(:func:`histogram_chart`), a running average (:func:`running_chart`), many
intervals (:func:`intervals_chart`), an interval shrinking with n
(:func:`shrink_chart`), one curve (:func:`line_chart`) and estimates with
their intervals read from a table (:func:`estimates_chart`).

Each refuses, with a ValueError naming the bad value, what it cannot draw:
values that are not numbers, lists of different lengths, no values at all,
and more than its limit: :data:`MAX_POINTS` bars, points or intervals
(:data:`MAX_ESTIMATES` rows of a table), and :data:`MAX_DATA_VALUES` values
for the charts that count or average them first (a histogram, a running
average). The limits are counted before any value is read.
"""

from __future__ import annotations

import itertools
import math
import string
from collections.abc import Iterable, Mapping, Sequence, Sized
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.errors import check_int, excerpt, read_at_most
from .chart import COLORS, EXACT_COLOR, GREY, Chart, _number, _numbers, _sequence, _text, flag
from .fallback import _seq

#: The most bars, points or intervals a lesson chart is given: ``labels`` of :func:`counts_chart`, the
#: intervals of :func:`intervals_chart`, the points of :func:`shrink_chart` and :func:`line_chart`, the
#: different values of :func:`histogram_chart` and the points :func:`running_chart` draws. A chart at the limit
#: (2,000 labels with observed and expected bars) builds and shows in about 0.4 s.
MAX_POINTS = 2_000
#: The most rows of :func:`estimates_chart`'s table (each row up to three values drawn: exact, line and dot).
MAX_ESTIMATES = 1_000
#: The most values :func:`histogram_chart` counts and :func:`running_chart` averages: a million (a list, with
#: 2,000 different values) build and show in about 0.5 s.
MAX_DATA_VALUES = 1_000_000
#: The most series (values of ``by``) of :func:`estimates_chart`.
MAX_SERIES = 18


def _fmt(v: float) -> str:
    """A histogram's value as its bar's label: a whole number with thousands commas, else 3 significant digits."""
    if v == int(v) and abs(v) < 1e15:
        return f"{int(v):,}"
    return f"{v:.3g}"


def _array(name: str, values: Any, limit: int = MAX_DATA_VALUES, limit_name: str = "MAX_DATA_VALUES") -> Any:
    """``values`` as a 1-D float array of at least one finite number (True counts as 1), at most ``limit`` of them
    counted before they are read; else a ValueError naming ``name``."""
    if (isinstance(values, (str, bytes, dict, set, frozenset)) or not isinstance(values, Iterable)
            or getattr(values, "ndim", 1) != 1):
        raise ValueError(f"{name} must be a sequence of numbers (a list, a tuple, an array or a column), "
                         f"got {excerpt(values)}")
    values, count = read_at_most(values, limit)
    if values is None:
        raise ValueError(f"{name} has {count} values; at most {limit:,} ({limit_name})")
    if len(values) == 0:
        raise ValueError(f"{name} is empty: give at least one number")
    try:
        array = np.asarray(values)
        if array.dtype.kind not in "biuf":
            if array.dtype.kind != "O" or any(isinstance(v, (str, bytes)) for v in array):
                raise TypeError
            array = array.astype(float)
        array = array.astype(float)
    except (TypeError, ValueError, OverflowError):
        array = np.asarray(_numbers(name, values))      # names the first value that is not a number
    bad = ~np.isfinite(array)
    if bad.any() or array.ndim != 1:
        i = int(np.argmax(bad)) if array.ndim == 1 else 0
        raise ValueError(f"{name} must hold finite numbers, got {excerpt(values[i])} (at position {i})")
    return array


def counts_chart(labels: Sequence[Any] | npt.NDArray[Any], observed: Sequence[Any] | npt.NDArray[Any],
                 expected: Sequence[Any] | npt.NDArray[Any] | None = None, *,
                 title: str = "Observed and expected counts", x_label: str = "", y_label: str = "count") -> Chart:
    """Observed counts as bars, next to the expected counts (a second bar) if given: one of each per label, at
    least one label and at most :data:`MAX_POINTS`, each count a finite number.

    >>> counts_chart(["a", "b"], [1, 2, 3])
    Traceback (most recent call last):
    ValueError: observed has 3 values but labels has 2: give one per label
    """
    names = _sequence("labels", labels, MAX_POINTS, "MAX_POINTS")
    if not names:
        raise ValueError("labels is empty: give at least one label")
    given = {"observed": observed} if expected is None else {"observed": observed, "expected": expected}
    counts = {}
    for name, values in given.items():
        counts[name] = _sequence(name, values, MAX_POINTS, "MAX_POINTS")
        if len(counts[name]) != len(names):
            raise ValueError(f"{name} has {len(counts[name]):,} value{'' if len(counts[name]) == 1 else 's'} but "
                             f"labels has {len(names):,}: give one per label")
        _numbers(name, counts[name], nan=False)
    chart = Chart(title, x_label, y_label).bars(names, counts["observed"], "observed")
    if expected is not None:
        chart.bars(names, counts["expected"], "expected", color=GREY)
    return chart


def histogram_chart(values: Sequence[Any] | npt.NDArray[Any], *, marker: float | None = None,
                    marker_name: str = "what we saw", title: str = "Simulated results", x_label: str = "",
                    y_label: str = "samples") -> Chart:
    """How often each whole-number value came up, with an optional mark at one value (ours): the values at
    the mark or beyond drawn in vermilion, named in the legend by ``marker_name`` ("what we saw or more").

    ``values``: at least one finite number and at most :data:`MAX_DATA_VALUES`, with at most :data:`MAX_POINTS`
    different ones (one bar each); ``marker``: None or a finite number.

    >>> [(t.name, list(t.x)) for t in histogram_chart([1, 2, 2, 3], marker=2).figure().data]
    [('', ['1']), ('what we saw or more', ['2', '3'])]
    """
    vals = _array("values", values)
    mark = None if marker is None else _number("marker", marker)
    _text("marker_name", marker_name)
    keys, counts = np.unique(vals, return_counts=True)
    if len(keys) > MAX_POINTS:
        raise ValueError(f"values has {len(keys):,} different values; a histogram draws at most {MAX_POINTS:,} "
                         "bars (MAX_POINTS)")
    labels = [_fmt(float(k)) for k in keys]
    if mark is None:
        return Chart(title, x_label, y_label).bars(labels, counts, "simulated samples")
    at = [float(k) >= mark for k in keys]      # one bar trace per colour, so that the legend shows its colour
    below = [(label, c) for label, c, high in zip(labels, counts, at) if not high]
    beyond = [(label, c) for label, c, high in zip(labels, counts, at) if high]
    chart = Chart(title, x_label, y_label)
    for part, name, color in ((below, "", COLORS[0]), (beyond, f"{marker_name} or more", COLORS[1])):
        chart.bars([label for label, _ in part], [c for _, c in part], name, color, group="histogram")
    return chart


def running_chart(values: Sequence[Any] | npt.NDArray[Any], exact: float | None = None, *,
                  title: str = "The running average", x_label: str = "number of tries",
                  y_label: str = "average so far", points: int = 400, log_x: bool = True) -> Chart:
    """The average of the first 1, 2, 3, ... values against the exact value (None, or a finite number).

    ``values``: at least one finite number (True counts as 1) and at most :data:`MAX_DATA_VALUES`. ``points``:
    how many averages to draw, a whole number from 2 to :data:`MAX_POINTS`; at most ``len(values)`` are drawn
    (fewer where the spacing, even on a log scale, meets whole numbers twice).

    >>> running_chart([1, 0, 1], points=1)
    Traceback (most recent call last):
    ValueError: points must be between 2 and 2000, got 1
    """
    vals = _array("values", values)
    points = check_int("points", points, low=2, high=MAX_POINTS)
    flag("log_x", log_x)
    goal = None if exact is None else _number("exact", exact)
    n = np.arange(1, len(vals) + 1)
    avg = np.cumsum(vals) / n
    keep = np.unique(np.geomspace(1, len(vals), min(points, len(vals))).astype(int)) - 1
    chart = Chart(title, x_label, y_label, log_x=log_x).line((keep + 1).tolist(), avg[keep].tolist(), "average so far")
    if goal is not None:
        chart.hline(goal, f"exact {goal:.3g}")
    return chart


def intervals_chart(lows: Sequence[Any] | npt.NDArray[Any], highs: Sequence[Any] | npt.NDArray[Any], truth: float, *,
                    title: str = "100 samples, 100 intervals", x_label: str = "sample", y_label: str = "") -> Chart:
    """One whisker per sample's interval: those that catch ``truth`` in blue, the misses in vermilion.

    ``lows`` and ``highs``: one finite number each per interval, each low at most its high, at least one
    interval and at most :data:`MAX_POINTS`; ``truth``: a finite number.
    """
    los = _array("lows", lows, MAX_POINTS, "MAX_POINTS")
    his = _array("highs", highs, MAX_POINTS, "MAX_POINTS")
    if len(his) != len(los):
        raise ValueError(f"highs has {len(his):,} value{'' if len(his) == 1 else 's'} but lows has "
                         f"{len(los):,}: give one high per low")
    backwards = np.flatnonzero(los > his)
    if len(backwards):
        i = int(backwards[0])
        raise ValueError(f"each low must be at most its high, got low={los[i]:g} and high={his[i]:g} "
                         f"(at position {i})")
    true = _number("truth", truth)
    mid = (los + his) / 2
    hit = (los <= true) & (true <= his)
    idx = np.arange(1, len(los) + 1)
    chart = Chart(title, x_label, y_label)
    chart.points(idx[hit].tolist(), mid[hit], "catches the true value", COLORS[0], los[hit], his[hit])
    chart.points(idx[~hit].tolist(), mid[~hit], "misses it", COLORS[1], los[~hit], his[~hit])
    return chart.hline(true, "true value", color="#222")


def shrink_chart(ns: Sequence[Any] | npt.NDArray[Any], widths: Sequence[Any] | npt.NDArray[Any], *,
                 title: str = "How wide is the 95% interval?", x_label: str = "number of rolls",
                 y_label: str = "half-width of the interval") -> Chart:
    """Measured half-widths against n, with the curve c/√n through the first one.

    ``ns``: sizes above 0; ``widths``: one finite number per size; at least one and at most :data:`MAX_POINTS`.
    """
    sizes = _array("ns", ns, MAX_POINTS, "MAX_POINTS")
    halves = _array("widths", widths, MAX_POINTS, "MAX_POINTS")
    if len(halves) != len(sizes):
        raise ValueError(f"widths has {len(halves):,} value{'' if len(halves) == 1 else 's'} but ns has "
                         f"{len(sizes):,}: give one width per n")
    if (sizes <= 0).any():
        i = int(np.argmax(sizes <= 0))
        raise ValueError(f"ns must be sizes above 0 (drawn on a log axis), got {sizes[i]:g} (at position {i})")
    c = halves[0] * math.sqrt(sizes[0])
    grid = np.geomspace(sizes.min(), sizes.max(), 60)
    return (Chart(title, x_label, y_label, log_x=True)
            .points(sizes.tolist(), halves, "measured")
            .line(grid.tolist(), c / np.sqrt(grid), "1/√n curve", color=GREY, dash=True))


def line_chart(x: Sequence[Any] | npt.NDArray[Any], y: Sequence[Any] | npt.NDArray[Any], *, title: str,
               x_label: str = "", y_label: str = "", name: str = "", reference: float | None = None,
               reference_name: str = "", percent: bool = False, y_range: tuple[float, float] | None = None,
               markers: bool = True) -> Chart:
    """One curve through the points ``(x, y)`` (a dot on each, with ``markers``), and a dashed
    reference line at ``reference`` (a fair share, one half) if given.

    ``x`` and ``y``: one value each per point, at least one and at most :data:`MAX_POINTS`; ``y_range``: None
    or ``(low, high)``, finite numbers with low < high; ``reference``: None or a finite number.

    >>> c = line_chart([1, 2, 3], [0.9, 0.6, 0.2], title="Falling", reference=0.5, reference_name="half")
    >>> [t.kind for t in c.traces]
    ['line', 'points', 'hline']
    >>> line_chart([1, 2], [3], title="t")
    Traceback (most recent call last):
    ValueError: y has 1 value but x has 2: give one y per x
    """
    xs, ys = _sequence("x", x, MAX_POINTS, "MAX_POINTS"), _sequence("y", y, MAX_POINTS, "MAX_POINTS")
    if len(ys) != len(xs):
        raise ValueError(f"y has {len(ys):,} value{'' if len(ys) == 1 else 's'} but x has {len(xs):,}: "
                         "give one y per x")
    if not xs:
        raise ValueError("x and y are empty: give at least one point")
    flag("markers", markers)
    ref = None if reference is None else _number("reference", reference)
    chart = Chart(title, x_label, y_label, y_range=y_range, y_percent=flag("percent", percent))
    chart.line(xs, ys, name, COLORS[0])
    if markers:
        chart.points(xs, ys, "", COLORS[0])
    if ref is not None:
        chart.hline(ref, reference_name)
    return chart


def _column(table: Any, name: str, rows: int | None) -> list[Any]:
    """A column of the table, counted (at most :data:`MAX_ESTIMATES` rows, as many as ``rows``) before it is read."""
    try:
        values = table[name]
    except (KeyError, IndexError, TypeError):
        have = list(table.columns if hasattr(table, "columns") else itertools.islice(table, 50))
        raise ValueError(f"the table has no column {excerpt(name)}; its columns are {excerpt(have, 200)}") from None
    count = len(values) if isinstance(values, Sized) and not isinstance(values, (str, bytes)) else None
    if count is None:
        raise ValueError(f"column {excerpt(name)} must be a list of values, got {excerpt(values)}")
    if count > MAX_ESTIMATES:
        raise ValueError(f"the table has {count:,} rows; estimates_chart draws at most {MAX_ESTIMATES:,} "
                         "(MAX_ESTIMATES)")
    if rows is not None and count != rows:
        raise ValueError(f"column {excerpt(name)} has {count:,} values but the others have {rows:,}: "
                         "give one value per row")
    return _seq(values)


def _check_names(names: Any, by: str | None) -> None:
    if names is None:
        return
    _text("names", names)
    if by is None:
        return
    try:
        fields = [f for _, f, _, _ in string.Formatter().parse(names) if f is not None]
    except ValueError:
        fields = []
    if len(fields) != 1 or fields[0] not in ("", "0"):
        raise ValueError(f"names must name each series by its value of by={excerpt(by)}: a text with one {{}}, "
                         f"such as '{{}} players', got {excerpt(names)}")


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
    if not hasattr(table, "columns") and not isinstance(table, Mapping):
        raise ValueError(f"table must be a DataFrame or a dict of columns (lists of one value per row), "
                         f"got {excerpt(table)}")
    if kind not in ("dots", "lines", "bars"):
        raise ValueError(f"kind must be 'dots', 'lines' or 'bars', got {excerpt(kind)}")
    if (low is None) != (high is None):
        raise ValueError("give both low and high (the two ends of each interval), or neither")
    if exact is not None and kind == "bars":
        raise ValueError("exact values are drawn as bars: draw the estimates as kind='dots' or 'lines'")
    _check_names(names, by)
    ref = None if reference is None else _number("reference", reference)
    flag("percent", percent)
    cols: dict[Any, list[Any]] = {}
    for c in (x, y, low, high, by, exact):
        if c is not None and c not in cols:
            cols[c] = _column(table, c, len(cols[x]) if cols else None)
    if not cols[x]:
        raise ValueError("the table has no rows: give at least one estimate")
    chart = Chart(title, str(x) if x_label is None else x_label, str(y) if y_label is None else y_label,
                  y_range=y_range, y_percent=percent)   # a column's name as the label, as text
    if exact is not None:
        bars: dict[Any, float] = {}
        for xv, ev in zip(cols[x], cols[exact]):
            ev = _number(f"column {exact!r}", ev)
            if xv in bars and not math.isclose(bars[xv], ev, rel_tol=1e-12, abs_tol=1e-15):
                raise ValueError(f"two rows at {x} = {excerpt(xv)} give different exact values: {bars[xv]} and {ev}")
            bars.setdefault(xv, ev)
        chart.bars(list(bars), list(bars.values()), exact_name, EXACT_COLOR)
    groups = [None] if by is None else list(dict.fromkeys(cols[by]))
    if len(groups) > MAX_SERIES:
        raise ValueError(f"column {excerpt(by)} has {len(groups)} different values; a chart draws at most "
                         f"{MAX_SERIES} series (MAX_SERIES)")
    for i, group in enumerate(groups):
        rows = range(len(cols[x])) if by is None else [j for j, g in enumerate(cols[by]) if g == group]
        xs, ys = [cols[x][j] for j in rows], _numbers(f"column {y!r}", [cols[y][j] for j in rows])
        lows = None if low is None else _numbers(f"column {low!r}", [cols[low][j] for j in rows])
        highs = None if high is None else _numbers(f"column {high!r}", [cols[high][j] for j in rows])
        if by is None:
            label = str(names or (y_label or y))
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
    if ref is not None:
        chart.hline(ref, reference_name)
    return chart
