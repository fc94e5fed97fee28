"""The lessons' limits hold for a range too long for len() and for an endless generator (read to at most the limit
plus one item); the finite-number checks take numpy numbers; a chart takes dates on its x axis."""

from __future__ import annotations

import datetime
import itertools
import math
import re
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from furlib.lessons import chart as C
from furlib.lessons import charts as CH
from furlib.lessons import inference as I
from furlib.lessons.distributions import binomial, normal_cdf, poisson
from furlib.lessons.guess import Prediction

HUGE = range(10**20)            # len() raises OverflowError


def counting(read: list[int]):
    """An endless generator of 1.0s that notes each item it hands out."""
    for i in itertools.count():
        read.append(i)
        yield 1.0


@pytest.mark.parametrize("call, message", [
    (lambda: C.Chart("t").line(HUGE, [1]), "x has more than 4,000 values; a chart draws at most 4,000 (MAX_VALUES)"),
    (lambda: C.Chart("t").bars(["a"], HUGE), "y has more than 4,000 values; a chart draws at most 4,000 (MAX_VALUES)"),
    (lambda: C.Chart("t").line(range(3000), np.ones(3000)).points(HUGE, [1]),
     "x has more than 1,000 values; a chart draws at most 4,000 (MAX_VALUES), and this one has 3,000 already"),
    (lambda: C.Chart("t").points([1], [1], low=HUGE, high=[2]), "low has more than 4,000 values; a chart draws"),
    (lambda: CH.line_chart(HUGE, [1], title="t"), "x has more than 2,000 values; a chart draws at most 2,000 (MAX_P"),
    (lambda: CH.counts_chart(HUGE, [1]), "labels has more than 2,000 values; a chart draws at most 2,000"),
    (lambda: CH.histogram_chart(HUGE), "values has more than 1,000,000 values; at most 1,000,000 (MAX_DATA_VALUES)"),
    (lambda: CH.running_chart(HUGE), "values has more than 1,000,000 values; at most 1,000,000 (MAX_DATA_VALUES)"),
    (lambda: CH.intervals_chart(HUGE, HUGE, 0.5), "lows has more than 2,000 values; at most 2,000 (MAX_POINTS)"),
    (lambda: CH.shrink_chart([10], HUGE), "widths has more than 2,000 values; at most 2,000 (MAX_POINTS)"),
    (lambda: I.permutation_test(HUGE, [1]), "a must hold 1 to 100,000 values (MAX_VALUES), got more than 100,000"),
    (lambda: I.holm(HUGE), "p_values must be a flat list of 1 to 100,000 numbers (MAX_TESTS), got more than 100,000"),
    (lambda: CH.histogram_chart(range(1_000_001)), "values has 1,000,001 values; at most 1,000,000"),
])
def test_a_range_too_long_for_len_is_refused_by_its_limit(call, message):
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        call()


@pytest.mark.parametrize("call, limit, message", [
    (lambda g: C.Chart("t").line(g, [1]), 4_000, "x has more than 4,000 values; a chart draws at most 4,000"),
    (lambda g: C.Chart("t").bars(["a"], [1]).line(g, [1]), 3_999,
     "x has more than 3,999 values; a chart draws at most 4,000 (MAX_VALUES), and this one has 1 already"),
    (lambda g: CH.line_chart(g, [1], title="t"), 2_000, "x has more than 2,000 values; a chart draws at most 2,000"),
    (lambda g: CH.histogram_chart(g), 1_000_000, "values has more than 1,000,000 values; at most 1,000,000"),
    (lambda g: CH.intervals_chart([0], g, 0.5), 2_000, "highs has more than 2,000 values; at most 2,000 (MAX_POINTS)"),
    (lambda g: I.permutation_test([1], g), 100_000, "b must hold 1 to 100,000 values (MAX_VALUES), got more than"),
    (lambda g: I.bonferroni(g), 100_000, "p_values must be a flat list of 1 to 100,000 numbers (MAX_TESTS), got more"),
])
def test_an_endless_generator_is_read_to_at_most_the_limit_plus_one(call, limit, message):
    read: list[int] = []
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        call(counting(read))
    assert len(read) == limit + 1


def test_short_generators_and_ranges_are_still_drawn_and_tested():
    assert C.Chart("t").line((x for x in [1, 2, 3]), range(3)).traces[0].x == [1, 2, 3]
    assert CH.histogram_chart(x % 2 for x in range(5)).traces[0].y == [3.0, 2.0]     # three 0s, two 1s
    assert I.permutation_test((v for v in [3, 4, 5]), range(3), exact=True).at_least == 2
    assert I.holm(p for p in [0.01, 0.04, 0.3]) == [0.03, 0.08, 0.3]


def test_the_number_checks_take_numpy_numbers_and_refuse_numpy_bools():
    assert normal_cdf(np.float32(1.0)) == normal_cdf(1.0) and normal_cdf(np.int64(0)) == 0.5
    assert binomial(2, np.float32(0.5)) == binomial(2, Fraction(1, 2)) == {0: Fraction(1, 4), 1: Fraction(1, 2),
                                                                             2: Fraction(1, 4)}
    assert poisson(np.float32(0.5), 1) == poisson(0.5, 1) == {0: math.exp(-0.5), 1: 0.5 * math.exp(-0.5)}
    assert Prediction("q", np.float32(0.25)).value == 0.25 and Prediction("q", np.int64(3)).value == 3.0
    for call, message in [
        (lambda: Prediction("q", np.bool_(True)), "value must be a finite number (an int, a float or a Fraction) or "
                                                  "None, got np.True_"),
        (lambda: normal_cdf(np.float64("inf")), "x must be a finite number, got np.float64(inf)"),
        (lambda: normal_cdf(0, sd=np.bool_(True)), "sd must be a finite number, got np.True_"),
        (lambda: binomial(2, np.bool_(True)), "p must be a chance: a Fraction, or a number from 0 to 1, got np.True_"),
        (lambda: poisson(10**400, 3), "mean must be a number from 0 to 1,000, got a whole number of about 401 digits"),
        (lambda: poisson(np.float64("nan"), 3), "mean must be a number from 0 to 1,000, got np.float64(nan)"),
    ]:
        with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
            call()


DAYS = [datetime.date(2024, 1, 1), datetime.date(2024, 1, 2), datetime.date(2024, 1, 3)]


@pytest.mark.parametrize("x", [
    DAYS,
    [datetime.datetime(2024, 1, d, 12) for d in (1, 2, 3)],
    np.array(["2024-01-01", "2024-01-02", "2024-01-03"], dtype="datetime64[D]"),
    pd.date_range("2024-01-01", periods=3),
    pd.Series(pd.date_range("2024-01-01", periods=3)),
], ids=["date", "datetime", "datetime64", "DatetimeIndex", "Series"])
def test_a_chart_takes_dates_on_its_x_axis(x):
    chart = CH.line_chart(x, [0.1, 0.2, 0.3], title="by day")
    assert chart.traces[0].x == list(x)
    picture = chart._repr_mimebundle_()["image/svg+xml"]
    assert ">2024-01-02" in picture                   # the middle day labels its tick (a datetime with its time)
    assert C.Chart("t").bars(x, [1, 2, 3]).figure().data[0].y == (1.0, 2.0, 3.0)


def test_a_table_of_estimates_by_date_is_drawn():
    table = {"day": DAYS, "rate": [0.4, 0.5, 0.6], "ci_low": [0.3, 0.4, 0.5], "ci_high": [0.5, 0.6, 0.7]}
    chart = CH.estimates_chart(table, x="day", y="rate")
    assert chart.traces[0].x == DAYS and chart.traces[0].low == [0.3, 0.4, 0.5]


@pytest.mark.parametrize("x, message", [
    ([pd.NaT, DAYS[0]], "x must hold finite numbers or texts, got NaT (at position 0); dates are taken too"),
    ([DAYS[0], np.datetime64("NaT")], "x must hold finite numbers or texts, got np.datetime64('NaT','generic') "
                                      "(at position 1); dates are taken too"),
])
def test_a_missing_date_is_refused(x, message):
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        C.Chart("t").line(x, [1, 2])


def test_a_date_is_refused_on_a_log_axis():
    with pytest.raises(ValueError, match=re.escape("x must be a number, got datetime.date(2024, 1, 1)")):
        C.Chart("t", log_x=True).line(DAYS, [1, 2, 3])
