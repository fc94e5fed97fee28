"""furlib.lessons: the guess, the class pool, normal_cdf and the corrections refuse bad input, naming the value."""

from __future__ import annotations

import itertools
import time
from fractions import Fraction

import numpy as np
import pytest

from furlib.lessons import class_pool
from furlib.lessons.class_pool import Pool, parse_counts, pool
from furlib.lessons.distributions import normal_cdf
from furlib.lessons.guess import Comparison, Prediction
from furlib.lessons.inference import bonferroni, holm, permutation_test

NAN, INF = float("nan"), float("inf")
NUMBER = r"must be a finite number \(an int, a float or a Fraction\) or None"
ENTRY = r"entry 1 must be \(name, successes, tries\)"


@pytest.mark.parametrize("call, message", [
    # 18. Prediction and Comparison
    (lambda: Prediction("q", NAN), rf"value {NUMBER}, got nan"),
    (lambda: Prediction("q", INF), rf"value {NUMBER}, got inf"),
    (lambda: Prediction("q", True), rf"value {NUMBER}, got True"),
    (lambda: Prediction("q", "abc"), rf"value {NUMBER}, got 'abc'"),
    (lambda: Prediction("q", [1]), rf"value {NUMBER}, got \[1\]"),
    (lambda: Prediction("q", 10**400), rf"value {NUMBER}, got a whole number of about 401 digits"),
    (lambda: Prediction(None, 1), r"question must be text of at most 1,000 characters \(MAX_QUESTION\), got None"),
    (lambda: Prediction("x" * 10**7, 1), r"question must be text .* \(10,000,000 characters\)"),
    (lambda: Prediction("q", 0.5).compare(simulated=NAN), rf"simulated {NUMBER}, got nan"),
    (lambda: Prediction("q", 0.5).compare(exact=NAN), rf"exact {NUMBER}, got nan"),
    (lambda: Prediction("q", 0.5).compare(simulated=True), rf"simulated {NUMBER}, got True"),
    (lambda: Comparison("q", NAN, 0.4, 0.45), rf"guess {NUMBER}, got nan"),
    (lambda: Comparison("q", INF, 0.4, 0.45), rf"guess {NUMBER}, got inf"),
    (lambda: Comparison("q", 0.5, 0.4, {"a": 1}), rf"exact {NUMBER}, got \{{'a': 1\}}"),
    (lambda: Comparison(5, 0.5, 0.4, 0.45), r"question must be text .* got 5"),
    # 19. the class pool
    (lambda: pool("Ann: 7/20", exact=1.5),
     r"exact must be a chance from 0 to 1 \(a Fraction or a float\) or None, got 1.5"),
    (lambda: pool("Ann: 7/20", exact=-1), r"exact must be a chance from 0 to 1 .* got -1"),
    (lambda: pool("Ann: 7/20", exact=NAN), r"exact must be a chance .* got nan"),
    (lambda: pool("Ann: 7/20", exact=True), r"exact must be a chance .* got True"),
    (lambda: pool("Ann: 7/20", exact="half"), r"exact must be a chance .* got 'half'"),
    (lambda: Pool([("a", 7)], 0.5), rf"{ENTRY}.* got \('a', 7\)"),
    (lambda: Pool(None, 0.5), r"entries must be a list of 1 to 1,000 \(MAX_ENTRIES\) triples .* got None"),
    (lambda: Pool([("a", 7, 0)], 0.5), rf"{ENTRY}.* got \('a', 7, 0\)"),
    (lambda: Pool([("a", -7, 20)], 0.5), rf"{ENTRY}.* got \('a', -7, 20\)"),
    (lambda: Pool([("a", 7.0, 20)], 0.5), rf"{ENTRY}.* got \('a', 7.0, 20\)"),
    (lambda: Pool([("a", 7, 20)], 5), r"exact must be a chance .* got 5"),
    (lambda: Pool([], 0.5), r"entries must be a list of 1 to 1,000 .* got \[\]"),
    (lambda: parse_counts(", ".join(["7/20"] * 1001)), r"at most 1,000 entries \(MAX_ENTRIES\) can be pooled, got 1,0"),
    (lambda: parse_counts("x" * 10**8), r"the pasted counts must be at most 100,000 characters \(MAX_TEXT\), got 1"),
    (lambda: parse_counts("Ann: 7/" + "9" * 5000), r"entry 1 \('Ann: 7/9999.* has 5,007 characters, more than 200 "
                                                    r"\(MAX_ENTRY_CHARS\)"),
    (lambda: parse_counts("7/10000000000000000000"), r"entry 1 \('7/10000000000000000000'\): tries must be at most "
                                                      r"1,000,000,000 \(MAX_TRIES\), got 10000000000000000000"),
    # 20. normal_cdf
    (lambda: normal_cdf(10**400), r"x must be a finite number, got a whole number of about 401 digits"),
    (lambda: normal_cdf(0, Fraction(10**400, 3)), r"mean must be a finite number, got Fraction\("),
    # 21. bonferroni, holm, permutation_test
    (lambda: bonferroni(["0.1"]), r"p_values must be a list of numbers from 0 to 1, got \['0.1'\]: True, False and"),
    (lambda: holm(["0.1"]), r"p_values must be a list of numbers .* got \['0.1'\]"),
    (lambda: bonferroni([True]), r"p_values must be .* got \[True\]: True, False and text are not numbers"),
    (lambda: holm([0.1, True]), r"p_values must be .* got \[0.1, True\]"),
    (lambda: holm(np.array([True, False])), r"p_values must be a list of numbers from 0 to 1"),
    (lambda: holm(None), r"p_values must be a list of numbers from 0 to 1, got None"),
    (lambda: holm(np.broadcast_to(0.5, (10**9,))),
     r"p_values must be a flat list of 1 to 100,000 numbers \(MAX_TESTS\), got 1,000,000,000"),
    (lambda: bonferroni(itertools.repeat(0.5)), r"\(MAX_TESTS\), got more than 100,000$"),
    (lambda: permutation_test(np.broadcast_to(1.0, (10**9,)), [1, 2]),
     r"a must hold 1 to 100,000 values \(MAX_VALUES\), got 1,000,000,000"),
    (lambda: permutation_test([1, 2], itertools.count()), r"b must hold 1 to 100,000 .*, got more than 100,000$"),
    (lambda: permutation_test([1, True], [1, 2]), r"a must be a flat list of numbers, got \[1, True\]: True, False"),
])
def test_bad_input_is_refused_naming_the_value(call, message):
    start = time.perf_counter()
    with pytest.raises(ValueError, match=message):
        call()
    assert time.perf_counter() - start < 1.0                    # refused before any (huge) work


def test_big_lists_are_counted_before_they_are_converted():
    many = list(np.random.default_rng(1).random(10**6))
    for call in (lambda: holm(many), lambda: permutation_test(many, [1.0])):
        start = time.perf_counter()
        with pytest.raises(ValueError, match="1,000,000"):
            call()
        assert time.perf_counter() - start < 0.5


def test_valid_calls_are_unchanged():
    g = Prediction("Chance of a Furcle with 2 dice?", 0.5)
    assert str(g.compare(simulated=np.float64(0.83), exact=Fraction(5, 6))).splitlines()[-2:] == [
        "  exact:      0.8333 (5/6)", "  your guess is 0.3333 from the exact answer"]
    assert "(a fraction of about 5,000 digits)" in str(g.compare(exact=Fraction(1, 10**5000)))    # no CPython error
    assert str(pool("Ann: 7/20", Fraction(1, 3))).endswith("exact 0.333")
    assert parse_counts(", ".join(f"S{i}: 7/20" for i in range(class_pool.MAX_ENTRIES)))[-1] == ("S999", 7, 20)
    assert bonferroni([Fraction(1, 100), np.float64(0.04), 0.3]) == [0.03, 0.12, 0.9]
    assert normal_cdf(Fraction(1, 2)) == normal_cdf(0.5)
