"""The lessons' charts refuse bad input when built, with a ValueError naming the bad value (audit items 9-17)."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import numpy as np
import pytest

from furlib import lessons as L
from furlib.lessons.chart import MAX_PARTS, MAX_TEXT_CHARS, MAX_VALUES
from furlib.lessons.charts import MAX_DATA_VALUES, MAX_ESTIMATES, MAX_POINTS, MAX_SERIES

nan, inf = math.nan, math.inf
TABLE = {"a": [1, 2], "b": [0.1, 0.2], "ci_low": [0.0, 0.1], "ci_high": [0.2, 0.3]}


def refused(match: str):
    return pytest.raises(ValueError, match=re.escape(match))


# -- 9: limits, counted before any work
@pytest.mark.parametrize(("build", "message"), [
    (lambda: L.counts_chart(range(MAX_POINTS + 1), [1] * (MAX_POINTS + 1)),
     f"labels has {MAX_POINTS + 1:,} values; a chart draws at most {MAX_POINTS:,} (MAX_POINTS)"),
    (lambda: L.running_chart(np.ones(MAX_DATA_VALUES + 1)),
     f"values has {MAX_DATA_VALUES + 1:,} values; at most {MAX_DATA_VALUES:,} (MAX_DATA_VALUES)"),
    (lambda: L.running_chart(iter(int, 1)), f"at most {MAX_DATA_VALUES:,} (MAX_DATA_VALUES)"),   # never ends
    (lambda: L.histogram_chart(range(MAX_DATA_VALUES + 1)), "(MAX_DATA_VALUES)"),
    (lambda: L.histogram_chart(np.arange(MAX_POINTS + 1)),
     f"values has {MAX_POINTS + 1:,} different values; a histogram draws at most {MAX_POINTS:,} bars"),
    (lambda: L.intervals_chart(np.zeros(MAX_POINTS + 1), np.ones(MAX_POINTS + 1), 0.5), "(MAX_POINTS)"),
    (lambda: L.shrink_chart(np.ones(MAX_POINTS + 1), np.ones(MAX_POINTS + 1)), "(MAX_POINTS)"),
    (lambda: L.line_chart(range(MAX_POINTS + 1), range(MAX_POINTS + 1), title="t"), "(MAX_POINTS)"),
    (lambda: L.estimates_chart({"x": [1] * (MAX_ESTIMATES + 1), "y": [1] * (MAX_ESTIMATES + 1)}, x="x", y="y",
                               low=None, high=None), f"at most {MAX_ESTIMATES:,} (MAX_ESTIMATES)"),
    (lambda: L.estimates_chart({"x": list(range(MAX_SERIES + 1)), "y": [1] * (MAX_SERIES + 1),
                                "g": list(range(MAX_SERIES + 1))}, x="x", y="y", by="g", low=None, high=None),
     f"at most {MAX_SERIES} series (MAX_SERIES)"),
    (lambda: L.Chart("t").bars(range(MAX_VALUES + 1), np.ones(MAX_VALUES + 1)), "(MAX_VALUES)"),
    (lambda: L.Chart("t").line(range(3000), np.ones(3000)).points(range(2000), np.ones(2000)),
     f"x has 2,000 values; a chart draws at most {MAX_VALUES:,} (MAX_VALUES), and this one has 3,000 already"),
    (lambda: L.Chart("t" * (MAX_TEXT_CHARS + 1)), "(MAX_TEXT_CHARS)"),
])
def test_every_chart_has_a_limit(build, message):
    with refused(message):
        build()


def test_a_chart_has_at_most_max_parts():
    chart = L.Chart("t")
    for i in range(MAX_PARTS):
        chart.hline(i)
    with refused(f"this chart has {MAX_PARTS} parts already; a chart has at most {MAX_PARTS} (MAX_PARTS)"):
        chart.hline(0)


def test_a_chart_at_its_limits_builds_and_shows():
    chart = L.Chart("t").bars([str(i) for i in range(MAX_VALUES)], np.ones(MAX_VALUES))
    assert "image/svg+xml" in chart._repr_mimebundle_()
    assert len(L.running_chart(np.ones(1000), points=MAX_POINTS).traces[0].x) <= 1000    # at most len(values)
    assert L.histogram_chart(np.arange(MAX_POINTS)).traces[0].y == [1.0] * MAX_POINTS


# -- 10: lengths
@pytest.mark.parametrize(("build", "message"), [
    (lambda: L.counts_chart(["a", "b"], [1, 2, 3]), "observed has 3 values but labels has 2: give one per label"),
    (lambda: L.counts_chart(["a", "b"], [1, 2], [1]), "expected has 1 value but labels has 2: give one per label"),
    (lambda: L.line_chart([1, 2], [3], title="t"), "y has 1 value but x has 2: give one y per x"),
    (lambda: L.shrink_chart([10, 100], [0.1]), "widths has 1 value but ns has 2: give one width per n"),
    (lambda: L.intervals_chart([0.1, 0.2], [0.3], 0.25), "highs has 1 value but lows has 2: give one high per low"),
    (lambda: L.Chart("t").bars(["a", "b"], [1, 2, 3]), "y has 3 values but x has 2: give one per value of x"),
    (lambda: L.Chart("t").bars(["a"], [1], colors=["#000000", "#ffffff"]), "colors has 2 values but y has 1"),
    (lambda: L.estimates_chart({"x": [1, 2], "y": [1]}, x="x", y="y", low=None, high=None),
     "column 'y' has 1 values but the others have 2"),
])
def test_lengths_must_match(build, message):
    with refused(message):
        build()


# -- 11: empty input, sizes on a log axis
@pytest.mark.parametrize(("build", "message"), [
    (lambda: L.running_chart([]), "values is empty: give at least one number"),
    (lambda: L.histogram_chart([]), "values is empty"),
    (lambda: L.shrink_chart([], []), "ns is empty"),
    (lambda: L.intervals_chart([], [], 0.5), "lows is empty"),
    (lambda: L.counts_chart([], []), "labels is empty: give at least one label"),
    (lambda: L.line_chart([], [], title="t"), "x and y are empty: give at least one point"),
    (lambda: L.estimates_chart({"x": [], "y": []}, x="x", y="y", low=None, high=None), "the table has no rows"),
    (lambda: L.shrink_chart([0, -10], [0.1, 0.01]), "ns must be sizes above 0 (drawn on a log axis), got 0"),
    (lambda: L.Chart("t", log_x=True).line([0, 1], [1, 2]), "x must be above 0 on a log axis (log_x=True), got 0"),
])
def test_empty_input_is_refused(build, message):
    with refused(message):
        build()


# -- 12: running_chart's points
@pytest.mark.parametrize("points", [-1, 0, 1, MAX_POINTS + 1, 10 ** 12])
def test_points_out_of_range(points):
    with refused(f"points must be between 2 and {MAX_POINTS}, got {points}"):
        L.running_chart([1, 0, 1], points=points)


@pytest.mark.parametrize("points", [2.5, True, "5", None])
def test_points_not_a_whole_number(points):
    with refused("points must be a whole number, got"):
        L.running_chart([1, 0, 1], points=points)


# -- 13, 15: numbers
@pytest.mark.parametrize(("build", "message"), [
    (lambda: L.histogram_chart([1, nan, inf]), "values must hold finite numbers, got nan (at position 1)"),
    (lambda: L.histogram_chart(5), "values must be a sequence of numbers"),
    (lambda: L.histogram_chart(["a", "b"]), "values must hold numbers, got 'a' (at position 0)"),
    (lambda: L.histogram_chart([1, 2, 3], marker="x"), "marker must be a number, got 'x'"),
    (lambda: L.histogram_chart([1, 2, 3], marker=nan), "marker must be a finite number, got nan"),
    (lambda: L.intervals_chart([0.1], [0.3], "x"), "truth must be a number, got 'x'"),
    (lambda: L.intervals_chart([0.1], [0.3], None), "truth must be a number, got None"),
    (lambda: L.intervals_chart([0.1], [0.3], nan), "truth must be a finite number, got nan"),
    (lambda: L.intervals_chart([0.5, 0.2], [0.3, 0.4], 0.25), "each low must be at most its high, got low=0.5"),
    (lambda: L.counts_chart(["a", "b"], ["x", "y"]), "observed must hold numbers, got 'x' (at position 0)"),
    (lambda: L.counts_chart(["a", "b"], [nan, 1]), "observed must hold finite numbers, got nan (at position 0)"),
    (lambda: L.Chart("t").hline("x"), "y must be a number, got 'x'"),
    (lambda: L.Chart("t").hline(inf), "y must be a finite number, got inf"),
    (lambda: L.Chart("t").bars(["a"], [inf]), "y must hold finite numbers (or nan: not drawn), got inf"),
    (lambda: L.Chart("t").bars(["a"], [True]), "y must hold numbers, got True"),
    (lambda: L.Chart("t").points([None], [1]), "x must hold finite numbers or texts, got None"),
    (lambda: L.Chart("t").points([1], [1], low=[5], high=[0]), "low must be at most high, got low=5 and high=0"),
    (lambda: L.line_chart([1], [2], title="t", reference="x"), "reference must be a number, got 'x'"),
    (lambda: L.running_chart([1, 0], exact="x"), "exact must be a number, got 'x'"),
    (lambda: L.running_chart(["a"]), "values must hold numbers, got 'a'"),
    (lambda: L.running_chart([1, nan]), "values must hold finite numbers, got nan (at position 1)"),
    (lambda: L.estimates_chart({"a": [1, 2], "b": ["x", "y"]}, x="a", y="b", low=None, high=None),
     "column 'b' must hold numbers, got 'x' (at position 0)"),
])
def test_non_numbers_are_named(build, message):
    with refused(message):
        build()


# -- 14: options
@pytest.mark.parametrize("y_range", [(5, 1), (nan, 1), (1,), "ab", 5, (0, "1"), (0, inf)])
def test_y_range_is_a_pair_of_finite_numbers(y_range):
    with refused(f"y_range must be None or a pair (low, high) of finite numbers with low < high, such as (0, 1); "
                 f"got {y_range!r}"):
        L.line_chart([1, 2], [3, 4], title="t", y_range=y_range)


def test_options_are_checked_when_the_chart_is_built():
    with refused("color must be a colour such as '#0072B2'"):
        L.Chart("t").bars(["a"], [1], color="not a colour")
    with refused("colors must be a colour"):
        L.Chart("t").bars(["a"], [1], colors=["red!"])
    with refused("log_x must be True or False, got 'no'"):
        L.Chart("t", log_x="no")
    with refused("percent must be True or False, got 'yes'"):
        L.line_chart([1], [2], title="t", percent="yes")
    with refused("markers must be True or False, got 5"):
        L.line_chart([1], [2], title="t", markers=5)
    with refused("dash must be True or False, got 1"):
        L.Chart("t").line([1], [2], dash=1)
    with refused("title must be a text (a str), got None"):
        L.Chart(None)
    with refused("name must be a text (a str), got 5"):
        L.Chart("t").line([1], [2], name=5)
    chart = L.Chart("t")
    chart.y_range = (1, 0)                       # set after the chart was made: checked again when it is drawn
    with refused("y_range must be None or a pair"):
        chart.figure()


def test_valid_options_are_kept():
    chart = L.Chart("t", y_range=[0, 1]).bars(["a"], [1], color="#222").points(["a"], [1], color="rgba(0, 0, 0, 0.5)")
    assert list(chart.figure().layout.yaxis.range) == [0, 1]
    assert L.running_chart(np.array([True, False, True]), Fraction(2, 3)).traces[1].y == [2 / 3]  # True counts 1
    assert math.isnan(L.Chart("t").line([1, 2], [1, nan]).traces[0].y[1])   # NaN stays a gap in a line


# -- 16: estimates_chart
@pytest.mark.parametrize(("table", "more", "message"), [
    (None, {}, "table must be a DataFrame or a dict of columns (lists of one value per row), got None"),
    ([1, 2], {}, "table must be a DataFrame or a dict of columns"),
    (TABLE, {"by": "a", "names": "zz"}, "names must name each series by its value of by='a': a text with one {}, "
                                         "such as '{} players', got 'zz'"),
    (TABLE, {"by": "a", "names": "{} and {}"}, "names must name each series"),
    (TABLE, {"names": 5}, "names must be a text (a str), got 5"),
    (TABLE, {"percent": "x"}, "percent must be True or False, got 'x'"),
    (TABLE, {"by": "zz"}, "the table has no column 'zz'; its columns are ['a', 'b', 'ci_low', 'ci_high']"),
])
def test_estimates_chart_refuses(table, more, message):
    with refused(message):
        L.estimates_chart(table, x="a", y="b", **more)


def test_estimates_chart_names_one_series_without_by():
    assert L.estimates_chart(TABLE, x="a", y="b", names="zz").traces[0].name == "zz"     # a label, not a column


# -- 17: from_figure and static
@pytest.mark.parametrize("fig", [None, 5, {}, "x", {"data": "x"}])
def test_from_figure_and_static_take_a_plotly_figure(fig):
    with refused(f"from_figure() takes a plotly figure (such as a plotly.graph_objects.Figure), got {fig!r}"):
        L.from_figure(fig)
    with refused(f"static() takes a plotly figure (such as a plotly.graph_objects.Figure), got {fig!r}"):
        L.static(fig)


def test_a_long_value_is_cut_in_the_message():
    with pytest.raises(ValueError) as e:
        L.line_chart([1], [2], title="t", reference="x" * 10_000)
    assert len(str(e.value)) < 200


def test_valid_calls_the_first_checks_refused_are_taken_again():
    # a review found valid calls the new checks had refused: named CSS colours and colours with an alpha, numpy
    # booleans for the on/off options (numpy comparisons give them), and an estimates table whose columns are not
    # named by text
    import numpy as np
    import pandas as pd

    from furlib.lessons.chart import Chart
    from furlib.lessons.charts import estimates_chart, line_chart, running_chart

    chart = Chart("t").bars(["a", "b"], [1, 2], "n", "red").hline(1.0, "one", color="#00000080")
    assert [t.color for t in chart.traces] == ["red", "#00000080"]
    assert running_chart([1, 0, 1, 1], log_x=np.False_).log_x is np.False_
    assert line_chart([1, 2], [3, 4], title="t", percent=np.True_).y_percent is True
    table = pd.DataFrame({0: [1, 2], 1: [0.5, 0.6], "ci_low": [0.4, 0.5], "ci_high": [0.6, 0.7]})
    assert (estimates_chart(table, x=0, y=1).x_label, estimates_chart(table, x=0, y=1).y_label) == ("0", "1")
    with pytest.raises(ValueError, match=r"color must be a colour such as '#0072B2' or 'red' .*got 'not a colour!'"):
        Chart("t").bars(["a"], [1], "n", "not a colour!")
    with pytest.raises(ValueError, match=r"log_x must be True or False, got 'no'"):
        running_chart([1, 0], log_x="no")
