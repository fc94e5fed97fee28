"""The statistics helpers the lessons use to draw conclusions: intervals, z-tests, chi-squared."""

from __future__ import annotations

import math

import numpy as np
import pytest

from furlib.core.stats import (
    ChiSquared,
    Difference,
    chi_squared_sf,
    chi_squared_test,
    estimate,
    two_mean_z_test,
    two_proportion_z_test,
    wilson_interval,
)

#: 95% critical values of the chi-squared distribution (printed tables), df = 1 .. 10.
CRITICAL_95 = [3.841459, 5.991465, 7.814728, 9.487729, 11.070498, 12.591587, 14.067140, 15.507313,
               16.918978, 18.307038]


@pytest.mark.parametrize("df", range(1, 11))
def test_chi_squared_sf_matches_the_printed_table(df):
    assert chi_squared_sf(CRITICAL_95[df - 1], df) == pytest.approx(0.05, abs=1e-6)


@pytest.mark.parametrize("df", [1, 2, 3, 4, 7, 12])
@pytest.mark.parametrize("x", [0.3, 1.0, 4.0, 11.0, 30.0])
def test_chi_squared_sf_matches_the_integral_of_the_density(df, x):
    # P(X >= x) = 1 - integral from 0 to x of the density, by the trapezoid rule on a fine grid
    # (for df = 1 the density is infinite at 0: substitute t = u**2).
    u = np.linspace(0, math.sqrt(x), 200_001)
    t = u ** 2
    log_c = -(df / 2) * math.log(2) - math.lgamma(df / 2)
    dens = np.exp(log_c + (df / 2 - 1) * np.log(np.where(t > 0, t, 1)) - t / 2) * 2 * u
    if df == 1:
        dens = math.exp(log_c) * np.exp(-t / 2) * 2        # t**(-1/2) * 2u = 2
    cdf = float(np.sum((dens[1:] + dens[:-1]) / 2 * np.diff(u)))
    assert chi_squared_sf(x, df) == pytest.approx(1 - cdf, abs=1e-7)


def test_chi_squared_sf_special_cases():
    assert chi_squared_sf(0, 3) == 1.0 and chi_squared_sf(-1.0, 1) == 1.0
    assert chi_squared_sf(2.0, 2) == pytest.approx(math.exp(-1))
    assert chi_squared_sf(4.0, 1) == pytest.approx(math.erfc(2 / math.sqrt(2)))      # Z**2 with |Z| >= 2
    assert 0 <= chi_squared_sf(5000.0, 3) < 1e-300
    with pytest.raises(ValueError, match="df"):
        chi_squared_sf(1.0, 0)
    with pytest.raises(ValueError, match="nan"):
        chi_squared_sf(float("nan"), 1)


def test_chi_squared_goodness_of_fit_by_hand():
    result = chi_squared_test([88, 84, 128])
    assert isinstance(result, ChiSquared)
    assert result.statistic == pytest.approx((12 ** 2 + 16 ** 2 + 28 ** 2) / 100)
    assert result.df == 2 and result.p_value == pytest.approx(math.exp(-result.statistic / 2))
    assert result.expected.tolist() == [100, 100, 100]
    uneven = chi_squared_test([30, 70], expected=[1, 3])              # chances 1/4 and 3/4, rescaled
    assert uneven.expected.tolist() == [25, 75]
    assert uneven.statistic == pytest.approx(25 / 25 + 25 / 75)
    assert "df = 2" in str(result) and "p = 0.0027" in str(result)


def test_chi_squared_independence_by_hand():
    table = [[20, 30], [30, 20]]
    result = chi_squared_test(table)
    assert result.df == 1 and result.expected.tolist() == [[25, 25], [25, 25]]
    assert result.statistic == pytest.approx(4 * 25 / 25)
    assert result.p_value == pytest.approx(math.erfc(2 / math.sqrt(2)))
    # the 2 x 2 test is the pooled two-proportion z-test squared
    z = two_proportion_z_test(20, 50, 30, 50).z
    assert result.statistic == pytest.approx(z ** 2)
    assert chi_squared_test([[5, 10, 15], [10, 20, 30]]).statistic == pytest.approx(0)


@pytest.mark.parametrize("bad, kwargs, match", [
    ([], {}, "counts"), ([[1, 2]], {}, "2 rows"), ([5], {}, "2 categories"), ([1, -1], {}, "counts"),
    ([0, 0], {}, "no counts"), ([1, 2], {"expected": [1]}, "chance"), ([1, 2], {"expected": [0, 1]}, "chance"),
    ([[1, 2], [0, 0]], {}, "every row"), ([[1, 2], [3, 4]], {"expected": [1, 1]}, "one row"),
    ([[[1]]], {}, "counts"), ([1, float("nan")], {}, "counts"),
])
def test_chi_squared_refuses_bad_counts(bad, kwargs, match):
    with pytest.raises(ValueError, match=match):
        chi_squared_test(bad, **kwargs)


def test_two_proportion_z_test_by_hand():
    d = two_proportion_z_test(60, 100, 45, 100)
    assert isinstance(d, Difference)
    pooled = 105 / 200
    assert d.difference == pytest.approx(0.15)
    assert d.z == pytest.approx(0.15 / math.sqrt(pooled * (1 - pooled) * 2 / 100))
    assert d.p_value == pytest.approx(math.erfc(abs(d.z) / math.sqrt(2)))
    half = 1.959963984540054 * math.sqrt(0.6 * 0.4 / 100 + 0.45 * 0.55 / 100)
    assert (d.low, d.high) == pytest.approx((0.15 - half, 0.15 + half))
    assert d.covers(0.15) and not d.covers(0.0) and d.covers(d.low)
    assert two_proportion_z_test(45, 100, 60, 100).z == pytest.approx(-d.z)
    same = two_proportion_z_test(0, 10, 0, 20)                          # no spread at all
    assert same.z == 0 and same.p_value == 1 and same.low == same.high == 0
    assert str(d).startswith("difference +0.1500 (95% CI +0.0132 to +0.2868), z = 2.12, p = 0.034")


@pytest.mark.parametrize("args", [(5, 4, 1, 4), (1, 0, 1, 4), (1.5, 4, 1, 4), (-1, 4, 1, 4), (True, 4, 1, 4)])
def test_two_proportion_z_test_refuses_bad_counts(args):
    with pytest.raises(ValueError):
        two_proportion_z_test(*args)


def test_two_mean_z_test_by_hand():
    a, b = np.array([1.0, 2, 3, 4, 5]), np.array([2.0, 4, 6])
    d = two_mean_z_test(a, b)
    se = math.sqrt(a.var(ddof=1) / 5 + b.var(ddof=1) / 3)
    assert d.difference == pytest.approx(-1) and d.z == pytest.approx(-1 / se)
    assert (d.low, d.high) == pytest.approx((-1 - 1.959963984540054 * se, -1 + 1.959963984540054 * se))
    flat = two_mean_z_test([3, 3], [3, 3])
    assert flat.z == 0 and flat.p_value == 1
    with pytest.raises(ValueError, match="at least 2"):
        two_mean_z_test([1], [1, 2])


def test_the_tests_reject_about_5_in_100_when_nothing_differs():
    # Same chance in both samples: p < 0.05 in about 5% of 2,000 pairs (binomial spread: 2.0% to 8.0%).
    rng = np.random.default_rng(1)
    wins = rng.binomial(400, 0.3, size=(2000, 2))
    rejected = np.mean([two_proportion_z_test(int(x), 400, int(y), 400).p_value < 0.05 for x, y in wins])
    assert 0.03 < rejected < 0.07, rejected
    counts = rng.multinomial(300, [1 / 3] * 3, size=2000)
    rejected = np.mean([chi_squared_test(c).p_value < 0.05 for c in counts])
    assert 0.03 < rejected < 0.07, rejected
    # ... and the 95% interval of a difference catches the true difference (0) in about 95 of 100
    covered = np.mean([two_proportion_z_test(int(x), 400, int(y), 400).covers(0) for x, y in wins])
    assert 0.93 < covered < 0.97, covered


def test_wilson_interval_catches_the_true_value_about_95_times_in_100():
    rng = np.random.default_rng(2)
    hits = rng.binomial(300, 1 / 3, size=4000)
    covered = np.mean([estimate(int(h), 300).covers(1 / 3) for h in hits])
    assert 0.93 < covered < 0.97, covered
    low, high = wilson_interval(0, 10)
    assert low == 0 and 0 < high < 0.35


def test_a_p_value_is_never_printed_as_zero():
    from furlib.core.stats import chi_squared_test, p_text, two_proportion_z_test

    assert p_text(0.0) == "p < 1e-300" and p_text(0.6173) == "p = 0.62" and p_text(1e-300) == "p = 1e-300"
    far = two_proportion_z_test(10_000, 10_000, 0, 10_000)      # every try against none: p underflows to 0
    assert far.p_value == 0.0 and str(far).endswith("p < 1e-300")
    assert str(chi_squared_test([10_000, 0])).endswith("p < 1e-300")
