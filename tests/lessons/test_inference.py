"""furlib.lessons.inference: the permutation test, Bonferroni and Holm, against hand counts and brute force."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from furlib.core.stats import estimate
from furlib.lessons import inference
from furlib.lessons.inference import bonferroni, holm, permutation_test


def brute_p(a, b) -> Fraction:
    """Every split of the pooled values into groups of len(a) and len(b), counted with fractions."""
    pooled = list(a) + list(b)
    na, nb = len(a), len(b)
    observed = Fraction(sum(a), na) - Fraction(sum(b), nb)
    hits = total = 0
    for idx in itertools.combinations(range(len(pooled)), na):
        s = sum(pooled[i] for i in idx)
        d = Fraction(s, na) - Fraction(sum(pooled) - s, nb)
        total += 1
        hits += abs(d) >= abs(observed)
    return Fraction(hits, total)


def test_exact_counts_every_split_as_brute_force_does():
    rng = np.random.default_rng(4)
    for na, nb in ((3, 3), (4, 6), (1, 5), (7, 2)):
        a, b = rng.integers(0, 9, na).tolist(), rng.integers(0, 9, nb).tolist()   # ties included
        t = permutation_test(a, b, exact=True)
        assert t.exact and t.shuffles == math.comb(na + nb, na) == len(t.differences)
        assert Fraction(t.at_least, t.shuffles) == brute_p(a, b)
        assert t.p_value == t.low == t.high == t.at_least / t.shuffles
        assert t.difference == pytest.approx(np.mean(a) - np.mean(b), abs=1e-12)


def test_a_hand_count():
    # {3, 4, 5} against {0, 1, 2}: of the 20 splits only this one and its mirror are 3 apart
    t = permutation_test([3, 4, 5], [0, 1, 2], exact=True)
    assert (t.difference, t.at_least, t.shuffles, t.p_value) == (3.0, 2, 20, 0.1)
    assert "exact: all 20 ways" in str(t)
    # every value the same: every split gives the same difference, 0, so p = 1
    assert permutation_test([2, 2], [2, 2, 2], exact=True).p_value == 1


def test_random_shuffles_estimate_the_exact_p_value_within_their_interval():
    a, b = [0, 8, 5, 7, 12, 0, 9, 6, 6, 8], [0, 0, 0, 15, 0, 20, 0, 0, 16, 0]
    exact = permutation_test(a, b, exact=True).p_value
    caught = 0
    for seed in range(20):
        t = permutation_test(a, b, shuffles=2000, seed=seed)
        assert t.shuffles == 2000 and not t.exact and len(t.differences) == 2000
        e = estimate(t.at_least, 2000)
        assert (t.low, t.high) == pytest.approx((e.low, e.high))
        caught += t.low <= exact <= t.high
    assert caught >= 16          # each catches it with chance about 0.95: 16 or more of 20 with chance 0.98
    assert permutation_test(a, b, shuffles=500, seed=3).p_value == permutation_test(a, b, shuffles=500, seed=3).p_value


def test_the_shuffled_differences_are_those_of_relabelled_samples():
    t = permutation_test([1, 2, 3, 10], [4, 5], shuffles=300, seed=1)
    pooled_total = 25
    for d in t.differences[:50]:
        # d = s/4 - (25 - s)/2 for the total s of four of the six values: s is a whole number from 10 to 22
        s = (d + pooled_total / 2) / (1 / 4 + 1 / 2)
        assert abs(s - round(s)) < 1e-9 and 10 <= round(s) <= 22


@pytest.mark.parametrize("call, message", [
    (lambda: permutation_test([], [1]), r"a must hold 1 to 100,000 values \(MAX_VALUES\), got 0"),
    (lambda: permutation_test([1, "x"], [1]), "a must be a flat list of numbers"),
    (lambda: permutation_test([[1, 2]], [1]), "a must be a flat list of numbers"),
    (lambda: permutation_test([1, float("nan")], [1]), "a must hold finite numbers"),
    (lambda: permutation_test([True, False], [1]), "a must be a flat list of numbers"),
    (lambda: permutation_test([1], [2], shuffles=0), "shuffles must be between 1 and 1000000, got 0"),
    (lambda: permutation_test([1], [2], shuffles=2.5), "shuffles must be a whole number, got 2.5"),
    (lambda: permutation_test([1] * 3000, [2] * 3000, shuffles=10_000),
     r"10,000 shuffles of 6,000 values is 60,000,000 values to shuffle, more than 50,000,000 \(MAX_WORK\)"),
    (lambda: permutation_test(range(20), range(20), exact=True), r"counts 137,846,528,820 splits, more than "
                                                                  r"1,000,000 \(MAX_SPLITS\)"),
    (lambda: permutation_test([1], [2], seed=-1), "seed must be a whole number from 0"),
    (lambda: permutation_test([1], [2], exact="yes"), "exact must be True or False, got 'yes'"),
    (lambda: holm([]), r"p_values must be a flat list of 1 to 100,000 numbers \(MAX_TESTS\)"),
    (lambda: holm([0.1, 1.5]), "every p-value must be a number from 0 to 1, got"),
    (lambda: bonferroni(["a"]), "p_values must be a list of numbers from 0 to 1, got"),
    (lambda: bonferroni([0.1, float("nan")]), "every p-value must be a number from 0 to 1"),
])
def test_bad_input_is_refused_with_a_clear_message(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_the_limits_are_checked_before_any_work(monkeypatch):
    monkeypatch.setattr(inference.np.random, "default_rng", lambda *a: pytest.fail("shuffled before the check"))
    with pytest.raises(ValueError, match="MAX_WORK"):
        permutation_test([1] * 3000, [2] * 3000, shuffles=10_000)
    with pytest.raises(ValueError, match="MAX_VALUES"):
        permutation_test(np.zeros(60_000), np.zeros(60_000))


def test_bonferroni_and_holm_by_hand():
    p = [0.01, 0.04, 0.03, 0.005]
    assert bonferroni(p) == [0.04, 0.16, 0.12, 0.02]
    # sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1: 0.02, 0.03, 0.06, 0.04 -> running maximum 0.02, 0.03, 0.06, 0.06
    assert holm(p) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5]) == bonferroni([0.5]) == [0.5]
    assert bonferroni([0.3, 0.6]) == [0.6, 1.0] and holm([0.3, 0.6]) == [0.6, 0.6]
    assert bonferroni([0.3, 0.9, 0.5]) == [0.9, 1.0, 1.0]                      # 0.3 * 3 is 0.9, not 0.8999...
    assert holm([1e-40, 0.5]) == [2e-40, 0.5] and bonferroni([1e-40, 0.5])[0] == 2e-40   # never rounded to 0


def test_holm_never_calls_fewer_than_bonferroni_and_keeps_the_family_safe():
    rng = np.random.default_rng(1)
    m, classes, level = 10, 4000, 0.05
    p = rng.random((classes, m))                       # every null true: p-values uniform
    any_alarm = {"none": 0, "bonferroni": 0, "holm": 0}
    for row in p:
        b, h = np.array(bonferroni(row)), np.array(holm(row))
        assert np.all(h <= b + 1e-15) and np.all(h >= row - 1e-15)
        any_alarm["none"] += bool((row < level).any())
        any_alarm["bonferroni"] += bool((b < level).any())
        any_alarm["holm"] += bool((h < level).any())
    # the chance of any false alarm: 1 - 0.95**10 = 40% uncorrected; at most 5% (here exactly 1 - 0.995**10) corrected
    assert estimate(any_alarm["none"], classes).covers(1 - 0.95 ** m)
    for name in ("bonferroni", "holm"):
        assert estimate(any_alarm[name], classes).covers(1 - (1 - level / m) ** m), name
