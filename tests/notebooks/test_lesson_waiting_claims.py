"""What notebooks/lesson-waiting.ipynb says: the geometric wait for a black key in Thieves, and its memorylessness."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import numpy as np
import pytest

from furlib.core.stats import Z95, chi_squared_test, estimate
from furlib.thieves.analysis import key_probability, roll_table

NOTEBOOK = "lesson-waiting.ipynb"
P = Fraction(11, 36)
Q = 1 - P


def interval(values):
    values = np.asarray(values, dtype=float)
    mean, se = values.mean(), values.std(ddof=1) / math.sqrt(len(values))
    return mean, mean - Z95 * se, mean + Z95 * se


@pytest.fixture(scope="module")
def run(nb):
    return nb.execute()


def test_the_code_computes_as_the_test_does(nb):
    nb.runs('key = "black"', "n_waits = 20_000", "simulate_waits(key, n_waits, np.random.default_rng(2026))",
            "rng = np.random.default_rng(5)", "already = 3", "longer = waits[waits > already]",
            "extra = longer - already", "p = key_probability(key)", "def counts_and_chances(waits, p, top=6):",
            "chances = [(1 - p) ** (k - 1) * p for k in range(1, top + 1)] + [(1 - p) ** top]",
            "low, high = mean - Z95 * se, mean + Z95 * se",
            "test = chi_squared_test(observed_extra, expected=[float(c) for c in chances])",
            "next_roll = estimate(int((extra == 1).sum()), len(extra))",
            "guess.compare(simulated=mean, exact=1 / p)")
    nb.says("Question: how many rolls, on average, until a roll gives a black key?")
    assert 'Prediction("How many rolls, on average, until a roll gives a black key?")' in nb.code


def test_the_chance_of_a_black_key(nb):
    """11 of the 36 ordered outcomes show black on a die: 36 - 5 x 5."""
    assert key_probability("black") == P
    assert sum(ways for keys, ways, _ in roll_table() if "black" in keys) == 11
    assert Fraction(5, 6) ** 2 == Q == Fraction(25, 36)
    nb.says("A roll gives a black key with chance p = 11/36: it misses only when both dice miss black, "
            "(5/6)² = 25/36", "Each of the two dice has one black face among six")


def test_the_exact_chances_of_a_wait(nb, run):
    printed, space = run
    assert f"{float(P):.4f}" == "0.3056" and f"{float(Q * P):.4f}" == "0.2122"
    assert 1 - Q**2 == Fraction(671, 1296) and f"{float(1 - Q ** 2):.3f}" == "0.518" and 1 - Q**2 > Fraction(1, 2)
    assert f"{float(Q ** 10):.3f}" == "0.026" and round(1 / float(Q**10)) == 38
    nb.says("P(wait = k) = (1 − p)^(k−1) × p = (25/36)^(k−1) × 11/36",
            "the chance of a wait of 1 roll is 11/36 = 0.3056, of 2 rolls 25/36 × 11/36 = 0.2122, and each wait is "
            "25/36 times as likely as the one before",
            "A wait of 1 or 2 rolls has chance 1 − (25/36)² = 671/1296 = 0.518: more than half of the waits",
            "about 1 wait in 38 is longer than 10 rolls, (25/36)^10 = 0.026")
    assert space["chances"] == [Q ** (k - 1) * P for k in range(1, 7)] + [Q**6] and sum(space["chances"]) == 1
    assert "chance that a roll gives a black key: p = 11/36 = 0.3056\n" in printed
    assert "a wait of 1: 0.3056, about 6,111 of 20,000 waits\n" in printed
    assert "a wait of more than 6 rolls: 0.1122\n" in printed


def test_the_exact_average(nb, run):
    """m = 1 + (1 - p) m gives 1/p; the sum of k (1 - p)^(k-1) p is 1/p too."""
    m = 1 / P
    assert m == 1 + Q * m == Fraction(36, 11) and f"{float(m):.2f}" == "3.27"
    assert abs(sum(k * float(Q) ** (k - 1) * float(P) for k in range(1, 400)) - float(m)) < 1e-12
    printed, _ = run
    assert "exact average wait: 1/p = 36/11 = 3.2727 rolls; the 95% interval catches it\n" in printed
    nb.says("So m = 1 + (1 − p) × m, which gives p × m = 1 and m = 1/p. For black, m = 36/11 ≈ 3.27 rolls",
            "1 × p + 2 × (1 − p) p + 3 × (1 − p)² p + ...", "one roll, then start again")


def test_the_simulated_waits_are_printed_by_the_run(nb, run):
    """The prose states no seeded number; the teacher key does, and the test recomputes each one."""
    printed, space = run
    waits = space["waits"]
    assert len(waits) == 20_000 and waits.min() == 1
    mean, low, high = interval(waits)
    assert (f"{mean:.3f}", f"{low:.3f}", f"{high:.3f}") == ("3.305", "3.266", "3.343") and low <= 36 / 11 <= high
    assert "average wait: 3.305 rolls, 95% interval 3.266 to 3.343\n" in printed
    nb.says("the simulated average is 3.305 rolls, 95% interval 3.266 to 3.343, which catches 36/11")
    nb.says("is an estimate of the true average: another seed gives a slightly different one",
            "catches the true average in 95 of 100 simulations like this one", "the average ± 1.96 standard errors")
    markdown_before_teacher = nb.markdown.split("Teacher notes")[0]
    for seeded in ("3.305", "6,764", "3.326", "6.34", "0.2978", "2,014"):
        assert seeded not in markdown_before_teacher


def test_the_histogram(nb, run):
    """The tallest bar is 1 roll, the bars fall (over the first ten waits), and the average lies right of it."""
    _, space = run
    counts = [int((space["waits"] == k).sum()) for k in range(1, 11)]
    assert counts == sorted(counts, reverse=True) and space["waits"].mean() > 1
    assert space["waits"].max() >= 20
    nb.says("The tallest bar is the shortest wait, 1 roll, and the bars fall as the waits get longer",
            "Those long waits pull the average to the right of the tallest bar")


def test_the_extra_wait_after_3_misses(nb, run):
    printed, space = run
    waits, extra = space["waits"], space["extra"]
    assert len(extra) == int((waits > 3).sum()) == 6764 and extra.min() == 1
    assert f"{float(Q ** 3):.3f}" == "0.335" and round(20_000 * float(Q**3)) == 6698
    mean, low, high = interval(extra)
    assert (f"{mean:.3f}", f"{low:.3f}", f"{high:.3f}") == ("3.326", "3.259", "3.392") and low <= 36 / 11 <= high
    assert "6,764 of the 20,000 waits were longer than 3 rolls\n" in printed
    assert "their extra wait: 3.326 rolls on average, 95% interval 3.259 to 3.392\n" in printed
    nb.says("a wait is longer than 3 rolls with chance (25/36)³ = 0.335, about a third of the waits",
            "6,764 waits were longer than 3 rolls (exactly (25/36)³ ≈ 0.335 of them, about 6,698, are expected); "
            "their extra wait averages 3.326 rolls (95% interval 3.259 to 3.392)")


def test_the_chi_squared_test_is_read_correctly(nb, run):
    printed, space = run
    extra = space["extra"]
    observed = [int((extra == k).sum()) for k in range(1, 7)] + [int((extra > 6).sum())]
    test = chi_squared_test(observed, expected=[float(Q ** (k - 1) * P) for k in range(1, 7)] + [float(Q**6)])
    assert (f"{test.statistic:.2f}", test.df, f"{test.p_value:.2f}") == ("6.34", 6, "0.39")
    assert min(test.expected) > 5                                  # every expected count is large enough
    assert "chi-squared = 6.34, df = 6, p = 0.39\n" in printed
    assert "dice with no memory give counts at least this far from the exact ones in 39 of 100 samples\n" in printed
    nb.says("the chi-squared test gives chi-squared = 6.34, df = 6, p = 0.39: no evidence of memory",
            "gives no evidence that the dice remember. That alone does not prove they don't",
            "Bars that look alike prove nothing by themselves")
    assert not re.search(r"p = 0(?![.\d])|p = 0\.0+(?!\d*[1-9])", nb.markdown)          # never "p = 0"
    nb.never_says("95% sure", "proves that the dice")


def test_a_black_key_is_not_due(nb, run):
    printed, space = run
    share = estimate(int((space["extra"] == 1).sum()), len(space["extra"]))
    assert (share.successes, share.n) == (2014, 6764) and share.covers(float(P))
    assert (f"{share.p:.4f}", f"{share.low:.4f}", f"{share.high:.4f}") == ("0.2978", "0.2870", "0.3088")
    assert ("after 3 misses, the next roll gave the key in 2,014 of 6,764 waits: 0.2978, 95% interval 0.2870 to "
            "0.3088\n") in printed
    nb.says("after 3 misses the next roll gave the key in 2,014 of 6,764 waits, 0.2978 (95% interval 0.2870 to "
            "0.3088), against 11/36 = 0.3056")


def test_the_memoryless_property_exactly(nb):
    for k in range(1, 30):
        assert Q ** (3 + k) / Q**3 == Q**k                          # P(extra > k) = P(wait > k)
        assert Q ** (3 + k - 1) * P / Q**3 == Q ** (k - 1) * P      # P(extra = k) = P(wait = k)
    nb.says("P(extra > k) = (25/36)^(3+k) / (25/36)³ = (25/36)^k", "the same average, 36/11 ≈ 3.27 rolls",
            "the next roll gives black with its usual chance, 11/36", "gambler's fallacy",
            "A black key is not \"due\"")


def test_try_it_1_a_red_doorway(nb):
    red = key_probability("red")
    assert red == 1 - Fraction(4, 6) ** 2 == Fraction(5, 9) and 1 / red == Fraction(9, 5)
    assert f"{float(Fraction(4, 9) ** 3):.3f}" == "0.088"
    printed, space = nb.execute(('key = "black"', 'key = "red"'))
    assert "average wait: 1.791 rolls, 95% interval 1.775 to 1.808\n" in printed
    assert "exact average wait: 1/p = 9/5 = 1.8000 rolls; the 95% interval catches it\n" in printed
    assert "1,697 of the 20,000 waits were longer than 3 rolls\n" in printed
    assert min(chi_squared_test(space["observed_extra"], [float(c) for c in space["chances"]]).expected) > 5
    nb.says("p = 1 − (4/6)² = 5/9, so the average wait is 9/5 = 1.8 rolls (1.791 simulated)",
            "the extra wait after 3 misses is again 1.8 on average", "only (4/9)³ ≈ 0.088 of the waits (1,697 here)")


def test_try_it_2_ten_misses(nb):
    assert f"{float(Q ** 10):.3f}" == "0.026" and round(20_000 * float(Q**10)) == 522
    assert f"{float(1 / Q ** 7):.1f}" == "12.8" and f"{math.sqrt(float(1 / Q ** 7)):.1f}" == "3.6"
    printed, space = nb.execute(("already = 3 ", "already = 10 "))
    assert len(space["extra"]) == 563
    assert "their extra wait: 3.398 rolls on average, 95% interval 3.178 to 3.618\n" in printed
    assert f"{(3.618 - 3.178) / (3.392 - 3.259):.1f}" == "3.3"
    assert min(chi_squared_test(space["observed_extra"], [float(c) for c in space["chances"]]).expected) > 5
    nb.says("exactly (25/36)^10 ≈ 0.026 of the waits are longer than 10, about 522 of 20,000 (563 here)",
            "(3.398 here, 95% interval 3.178 to 3.618)", "about 13 times fewer waits than after 3 misses, "
            "(36/25)^7 ≈ 12.8, so it is about √12.8 ≈ 3.6 times as wide (3.3 times with this seed)")


def test_try_it_3_more_samples(nb):
    printed, _ = nb.execute(("n_waits = 20_000", "n_waits = 200_000"))
    assert "average wait: 3.279 rolls, 95% interval 3.267 to 3.291\n" in printed
    assert f"{math.sqrt(10):.1f}" == "3.2" and f"{(3.343 - 3.266) / (3.291 - 3.267):.1f}" == "3.2"
    nb.says("10 times as many waits give an interval √10 ≈ 3.2 times narrower (3.267 to 3.291, against 3.266 to "
            "3.343 with 20,000)")


def test_the_try_its_change_a_number(nb):
    nb.says('change `key = "black"` to `key = "red"`', "change `already = 3` to `already = 10`",
            "change `n_waits = 20_000` to `n_waits = 200_000`")
