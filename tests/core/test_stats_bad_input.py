"""furlib.core.stats refuses bad input with a ValueError naming the value, and huge input before any work."""

from __future__ import annotations

import itertools
import time
from fractions import Fraction

import numpy as np
import pytest

from furlib.core import stats as S

NAN, INF = float("nan"), float("inf")
HUGE = np.broadcast_to(np.float64(1.0), (10**9,))       # a billion values that take no memory until converted


@pytest.mark.parametrize("call, message", [
    # 1. chi_squared_sf: df limited
    (lambda: S.chi_squared_sf(3.0, 10**8), r"df must be a whole number from 1 to 1,000,000 \(MAX_DF\), got 100000000"),
    (lambda: S.chi_squared_sf(3.0, 10**12), r"\(MAX_DF\), got 1000000000000"),
    (lambda: S.chi_squared_sf(3.0, True), r"df must be a whole number .* got True"),
    (lambda: S.chi_squared_sf("3", 2), r"x must be a number \(a chi-squared statistic, up to inf\), got '3'"),
    (lambda: S.chi_squared_sf(NAN, 2), r"x must be a number \(a chi-squared statistic, up to inf\), got nan"),
    (lambda: S.chi_squared_sf(True, 2), r"x must be a number .* got True"),
    # 2. chi_squared_test: categories limited
    (lambda: S.chi_squared_test(HUGE), r"observed must hold at most 1,000,000 values \(MAX_CATEGORIES\), got 1,0"),
    (lambda: S.chi_squared_test(itertools.repeat(1)), r"\(MAX_CATEGORIES\), got more than 1,000,000$"),
    (lambda: S.chi_squared_test(range(10**20)), r"observed must hold at most 1,000,000 values \(MAX_CATEGORIES\), "
                                                 r"got more than 1,000,000$"),
    (lambda: S.chi_squared_test([range(10**20), [1]]), r"\(MAX_CATEGORIES\), got more than 1,000,000$"),
    (lambda: S.chi_squared_test(range(1_000_001)), r"\(MAX_CATEGORIES\), got 1,000,001$"),
    (lambda: S.chi_squared_test([[1] * 600_000, [1] * 600_000]), r"\(MAX_CATEGORIES\), got 1,200,000$"),
    # 3. wilson_interval: z
    (lambda: S.wilson_interval(3, 10, z=NAN),
     r"z must be a number above 0 and at most 40 \(MAX_Z\), such as 1.96, got nan"),
    (lambda: S.wilson_interval(3, 10, z=-1), r"z must be .* got -1"),
    (lambda: S.wilson_interval(3, 10, z=0), r"z must be .* got 0"),
    (lambda: S.wilson_interval(3, 10, z=True), r"z must be .* got True"),
    (lambda: S.wilson_interval(3, 10, z="1.96"), r"z must be .* got '1.96'"),
    (lambda: S.wilson_interval(3, 10, z=1e200), r"z must be .* got 1e\+200"),
    # 4. wilson_arrays
    (lambda: S.wilson_arrays([30, 4], [10, 10]), r"successes must hold whole numbers from 0 to their n, got 30 at "
                                                  r"position 0 \(its n is 10\)"),
    (lambda: S.wilson_arrays([-3, 4], [10, 10]), r"successes must hold .* got -3 at position 0"),
    (lambda: S.wilson_arrays([3, 4], [10, 0]), r"n must hold whole .*\(MAX_TRIES\), got 0 at position 1"),
    (lambda: S.wilson_arrays([NAN, 4], [10, 10]), r"successes must be a list .* no nan or inf, got \[nan, 4\]"),
    (lambda: S.wilson_arrays(None, None), r"successes must be a list of counts \(whole numbers\), got None"),
    (lambda: S.wilson_arrays([3.5, 4], [10, 10]), r"successes must hold whole numbers .* got 3.5 at position 0"),
    (lambda: S.wilson_arrays([True, 4], [10, 10]), r"successes must be .* got \[True, 4\]: True and False are not"),
    (lambda: S.wilson_arrays(np.array([True, False]), [10, 10]), r"successes must be a list of counts"),
    (lambda: S.wilson_arrays([3, 4, 5], [10, 10]), r"successes has 3 values but n has 2: give one n per count"),
    (lambda: S.wilson_arrays([3, 4], [10, 10], z=NAN), r"z must be .* got nan"),
    (lambda: S.wilson_arrays(HUGE, HUGE), r"successes must hold at most 10,000,000 values \(MAX_COUNTS\)"),
    (lambda: S.wilson_arrays([3, 4], 10.5), r"n must be a whole number from 1 to 1,000,000,000,000,000 \(MAX_TRIES\), "
                                            r"got 10.5"),
    (lambda: S.wilson_arrays([3, 4], 0), r"n must be a whole number from 1 to .* got 0"),
    (lambda: S.wilson_arrays([3, 4], 10**16), r"n must be a whole number from 1 to .* got 10000000000000000"),
    (lambda: S.wilson_arrays([3, 4], NAN), r"n must be a whole number from 1 to .*, or a list of them, got nan"),
    (lambda: S.wilson_arrays([3, 4], True), r"n must be a whole number from 1 to .*, or a list of them, got True"),
    (lambda: S.wilson_arrays([3, 4], np.bool_(True)), r"n must be a whole number .* got np.True_"),
    (lambda: S.wilson_arrays([3, 11], 10), r"successes must hold whole numbers from 0 to their n, got 11 at "
                                           r"position 1 \(its n is 10\)"),
    # 5. two_mean_z_test
    (lambda: S.two_mean_z_test([1, 2, NAN], [4, 5, 6]), r"a must be a list or .* no nan or inf, got \[1, 2, nan\]"),
    (lambda: S.two_mean_z_test([4, 5, 6], [1, 2, INF]), r"b must be .* no nan or inf, got \[1, 2, inf\]"),
    (lambda: S.two_mean_z_test(None, [4, 5, 6]), r"a must be a list or a table of numbers \(a sample\), got None"),
    (lambda: S.two_mean_z_test(5, [4, 5, 6]), r"a must be a list or a table of numbers \(a sample\), got 5"),
    (lambda: S.two_mean_z_test([[1, 2], [3]], [4, 5, 6]), r"a must be a list or a table .* got \[\[1, 2\], \[3\]\]"),
    (lambda: S.two_mean_z_test(np.ones((2, 2, 2)), [4, 5, 6]), r"a must be a list or a table of numbers"),
    (lambda: S.two_mean_z_test([True, False, True], [4, 5, 6]), r"a must be .*: True and False are not numbers"),
    (lambda: S.two_mean_z_test(["a", "b"], [4, 5, 6]), r"a must be a list or a table .* got \['a', 'b'\]"),
    (lambda: S.two_mean_z_test(HUGE, [4, 5, 6]), r"a must hold at most 10,000,000 values \(MAX_SAMPLE\), got 1,00"),
    (lambda: S.two_mean_z_test(range(10**20), [4, 5, 6]),
     r"a must hold at most 10,000,000 values \(MAX_SAMPLE\), got more than 10,000,000$"),
    # 6. n: a whole number with an upper limit, never an OverflowError
    (lambda: S.wilson_interval(3, 10**400), r"n must be a whole number from 1 to 1,000,000,000,000,000 \(MAX_TRIES\), "
                                            r"got a whole number of about 401 digits"),
    (lambda: S.two_proportion_z_test(3, 10**400, 5, 10), r"n1 must be a whole number .*\(MAX_TRIES\)"),
    (lambda: S.two_proportion_z_test(3, 10, 11, 10), r"successes2 must be a whole number from 0 to 10 \(n2\), got 11"),
    (lambda: S.estimate(3, 10**100), r"n must be .*\(MAX_TRIES\), got a whole number of about 101 digits"),
    (lambda: S.wilson_interval(11, 10), r"successes must be a whole number from 0 to 10 \(n\), got 11"),
    # 7. chi_squared_test
    (lambda: S.chi_squared_test([10, 20, 30], [20, 20]), r"expected has 2 chances but observed has 3 categories"),
    (lambda: S.chi_squared_test(["a", "b"]), r"observed must be a row or a table of counts .* got \['a', 'b'\]"),
    (lambda: S.chi_squared_test({"a": 1}), r"observed must be a row or a table of counts .* got \{'a': 1\}"),
    (lambda: S.chi_squared_test([1.5, 2, 3]), r"observed \(counts\) must hold whole numbers .* got 1.5 at position 0"),
    (lambda: S.chi_squared_test([True, 2, 3]), r"observed must be .*: True and False are not numbers"),
    (lambda: S.chi_squared_test([1, 2], ["a", "b"]), r"expected must be a flat list of chances .* got \['a', 'b'\]"),
    (lambda: S.chi_squared_test([1, 2], [1e308, 1e308]), r"expected must give chances .* \(MAX_TRIES\)"),
    (lambda: S.chi_squared_test([1, 2], [0, 1]), r"chance above 0 .* got 0"),
    # 8. p_text
    (lambda: S.p_text(-0.1), r"p must be a p-value: a number from 0 to 1, got -0.1"),
    (lambda: S.p_text(-1e-9), r"p must be a p-value: a number from 0 to 1, got -1e-09"),
    (lambda: S.p_text(1 + 1e-9), r"p must be a p-value: a number from 0 to 1, got 1.000000001"),
    (lambda: S.p_text(1.5), r"p must be a p-value: .* got 1.5"),
    (lambda: S.p_text(NAN), r"p must be a p-value: .* got nan"),
    (lambda: S.p_text(True), r"p must be a p-value: .* got True"),
    (lambda: S.p_text("0.1"), r"p must be a p-value: .* got '0.1'"),
    (lambda: S.p_text(None), r"p must be a p-value: .* got None"),
])
def test_bad_input_is_refused_naming_the_value(call, message):
    start = time.perf_counter()
    with pytest.raises(ValueError, match=message):
        call()
    assert time.perf_counter() - start < 1.0                    # refused before any (huge) work


def test_an_iterator_is_read_to_at_most_the_limit_plus_one(monkeypatch):
    monkeypatch.setattr(S, "MAX_SAMPLE", 1_000)
    read = itertools.count()
    with pytest.raises(ValueError, match=r"b must hold at most 1,000 values \(MAX_SAMPLE\), got more than 1,000$"):
        S.two_mean_z_test([1, 2], read)
    assert next(read) == 1_001                               # items 0 to 1,000 read, no more


def test_a_generator_is_read_to_at_most_the_limit_plus_one(monkeypatch):
    monkeypatch.setattr(S, "MAX_CATEGORIES", 1_000)
    read = []
    counts = (read.append(i) or 1 for i in itertools.count())
    with pytest.raises(ValueError, match=r"observed must hold at most 1,000 values \(MAX_CATEGORIES\), got more than "
                                         r"1,000$"):
        S.chi_squared_test(counts)
    assert len(read) == 1_001
    assert S.chi_squared_test(x for x in [88, 84, 128]).df == 2         # a short one is read whole


def test_refusals_are_short():
    for call in (lambda: S.two_mean_z_test(["x" * 10_000, 1], [1, 2]), lambda: S.chi_squared_sf("x" * 10_000, 2),
                 lambda: S.wilson_interval(10**10_000, 10)):
        with pytest.raises(ValueError) as e:
            call()
        assert len(str(e.value)) < 300


def test_limits_are_generous_and_fast():
    start = time.perf_counter()
    assert 0 < S.chi_squared_sf(1_000_000.0, S.MAX_DF) < 1
    assert S.chi_squared_test(np.full(S.MAX_CATEGORIES, 3)).df == S.MAX_CATEGORIES - 1
    assert time.perf_counter() - start < 3


def test_valid_calls_are_unchanged():
    assert S.p_text(np.float64(0.03)) == "p = 0.03" and S.p_text(1) == "p = 1" and S.p_text(0) == "p < 1e-300"
    low, high = S.wilson_arrays(np.array([3.0, 4.0]), np.array([10.0, 10.0]))      # whole floats, as plots pass
    assert (low[0], high[0]) == pytest.approx(S.wilson_interval(3, 10))
    assert S.wilson_interval(3, 10, z=np.float64(2.0)) == S.wilson_interval(3, 10, z=2)
    d = S.two_mean_z_test(np.array([1, 2, 3]), [Fraction(1, 2), 3, 4.5])
    assert d.difference == pytest.approx(2 - 8 / 3)
    assert S.chi_squared_test([30, 70], expected=[Fraction(1, 4), 0.75]).statistic == pytest.approx(25 / 25 + 25 / 75)
    assert S.chi_squared_sf(-1.0, 1) == 1.0                 # P(X >= x) is 1 for any x <= 0: exact, not a clamp


def test_valid_calls_refused_for_a_while_are_taken_again():
    # wilson_arrays: one n for every count, as numpy broadcast it; the same intervals as one n per count
    low, high = S.wilson_arrays([3, 4], 10)
    assert [low.tolist(), high.tolist()] == [a.tolist() for a in S.wilson_arrays([3, 4], [10, 10])]
    assert (low[1], high[1]) == pytest.approx(S.wilson_interval(4, 10))
    assert [a.tolist() for a in S.wilson_arrays([3, 4], np.int64(10))] == [low.tolist(), high.tolist()]
    assert [a.tolist() for a in S.wilson_arrays([3, 4], 10.0)] == [low.tolist(), high.tolist()]
    # two_mean_z_test: a table is the sample of all its values
    d = S.two_mean_z_test(np.array([[1, 2], [3, 4]]), [[2, 3, 4, 5]])
    assert d.difference == -1.0                           # 2.5 - 3.5
    assert d == S.two_mean_z_test([1, 2, 3, 4], [2, 3, 4, 5])
    # chi_squared_sf: P(X >= inf) is 0, and a number too big for a float is as far out
    assert S.chi_squared_sf(INF, 2) == 0.0 and S.chi_squared_sf(np.float64(INF), 3) == 0.0
    assert S.chi_squared_sf(10**400, 1) == 0.0 and S.chi_squared_sf(-INF, 1) == 1.0
    # p_text: float noise within 1e-12 of 0 or 1 reads as 0 or 1
    assert S.p_text(-1e-18) == S.p_text(0.0) == "p < 1e-300"
    assert S.p_text(1 + 1e-16) == S.p_text(1.0) == "p = 1"
    assert S.p_text(sum([0.1] * 10) - 1) == "p < 1e-300" and S.p_text(1 - sum([0.1] * 10)) == "p = 1.1e-16"
