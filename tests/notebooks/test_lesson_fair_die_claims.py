"""What notebooks/lesson-fair-die.ipynb says: a loaded Furglars die, a simulated and an exact p-value, chi-squared."""

from __future__ import annotations

from collections import Counter
from math import ceil, comb, exp, floor, lgamma, log

import numpy as np
import pytest

from furlib import Furglars
from furlib.core.stats import chi_squared_test
from furlib.furglars.faces import DEFAULT_FACES, check_faces

NOTEBOOK = "lesson-fair-die.ipynb"
KENZIE = ("furgle", "furgle", "lock", "hand", "hand", "hand")
KINDS = ["furgle", "lock", "hand", "x"]


@pytest.fixture(scope="module")
def observed():
    rolls = np.random.default_rng(1).choice(KENZIE, size=60)
    c = Counter(rolls.tolist())
    return [c[k] for k in KINDS]


def test_the_code_rolls_as_the_test_does(nb):
    nb.runs('kenzie = ("furgle", "furgle", "lock", "hand", "hand", "hand")', "default_rng(1)", "n_rolls = 60",
            "rng.choice(kenzie, size=n_rolls)", "default_rng(2)", "size=(10_000, n_rolls)", "hands >= at_least",
            'kenzie_hands = counts["hand"]', "def estimated_p_value(hands, at_least):",
            "p_simulated = estimated_p_value(hands, kenzie_hands)", "marker=kenzie_hands",
            "range(kenzie_hands, n_rolls + 1)", "expected=[2, 1, 2, 1]", "default_rng(3)", "range(1000)",
            "size=n_rolls).tolist()", "< 0.05")


def test_the_games_take_this_die_and_the_rulebooks_die():
    assert check_faces(KENZIE) == KENZIE
    Furglars(players=3, faces=KENZIE, seed=1)
    assert sorted(DEFAULT_FACES) == sorted(("furgle", "furgle", "lock", "hand", "hand", "x"))


def test_the_rolls(nb, observed):
    """Her seeded counts are printed by the run; the prose compares them with a fair die's without stating them."""
    nb.says("20 Furgles, 10 Locks, 20 Hands and 10 Xs", "Compare her Hands with the 20 that a fair die gives on "
            "average, and her Xs with 10", "rolls would it show as many Hands as Kenzie's die, or more?",
            "Kenzie's die shows 27 Hands and 0 Xs")
    nb.never_says("27 Hands where a fair die gives 20", "27 Hands or more?")
    assert observed[KINDS.index("hand")] == 27 and observed[KINDS.index("x")] == 0
    assert sum(observed) == 60
    printed = nb.printed_by()
    assert "Kenzie's die showed 27 Hands and 0 Xs in 60 rolls\n" in printed
    assert "Kenzie's die showed 1 Hand and 1 X in 60 rolls" in nb.printed_by(
        ("rng.choice(kenzie, size=n_rolls)", 'np.array(["hand", "x"] + ["furgle"] * 58)'))    # 1 reads "1 Hand"


def test_simulated_p_value(nb, capsys):
    """The notebook prints the seeded count (the prose states no seed-dependent number) and calls it an estimate."""
    samples = np.random.default_rng(2).choice(DEFAULT_FACES, size=(10_000, 60))
    hands = (samples == "hand").sum(axis=1)
    assert int((hands >= 27).sum()) == 401
    assert nb.function("estimated_p_value")(hands, 27) == 0.0401
    assert capsys.readouterr().out == "401 of the 10,000 fair dice showed 27 Hands or more: a share of 0.0401\n"
    nb.says("That share is an estimate of the p-value",
            "The p-value itself is the chance that a fair die gives a result at least as far out as ours",
            "The simulation only estimates it: another seed would give a slightly different share",
            "Section 3 computes it exactly")
    nb.says("Kenzie's: as many Hands as hers, or more. That share")
    nb.never_says("That share is called a p-value", "Only 401 of the 10,000", "the simulation found 0.0401",
                  "401 of 10,000", "0.0401")                  # seeded: the run prints it (issue 34)
    nb.says("the simulation's estimate is printed next to it, and for any seed it lands within 0.005 of it in at "
            "least 95 of 100 runs")


def test_the_estimate_against_the_exact_p_value(nb):
    """For any p-value below 0.05, an estimate from 10,000 dice lands within 0.005 of it in at least 95 of 100 runs
    (binomial; the spread is largest at 0.05, where it lands so in 97.8 runs of 100)."""
    n = 10_000

    def within(p, w=0.005):
        def pmf(k):
            return exp(lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1) + k * log(p) + (n - k) * log(1 - p))
        return sum(pmf(k) for k in range(max(0, ceil(n * (p - w))), min(n, floor(n * (p + w))) + 1))
    for p in [0.0005 * i for i in range(1, 101)]:                      # every p-value up to 0.05
        assert within(p) > 0.95
    assert within(0.05) < 0.98
    tails = {k: sum(comb(60, j) * (1 / 3) ** j * (2 / 3) ** (60 - j) for j in range(k, 61)) for k in range(20, 61)}
    assert all(within(tails[k]) > 0.95 for k in tails if tails[k] < 0.05)   # Kenzie's count from any seed
    assert abs(0.0401 - tails[27]) < 0.005                            # this seed's estimate is one of those
    nb.runs('print(f"simulated estimate: {p_simulated:.4f} (off by {abs(p_simulated - p_exact):.4f})")')
    nb.says("The simulated estimate is close to it but not equal: for a p-value below 0.05, an estimate from 10,000 "
            "fair dice lands within 0.005 of it in at least 95 of 100 runs of the simulation",
            "The first line is the exact p-value: how often a fair die would give a result at least as far out as "
            "Kenzie's (a p-value of 0.04, say, means about 4 times in 100)",
            "the p-value is about the rolls, not about the die")
    nb.never_says("The exact p-value is 0.0397")                     # seeded (through Kenzie's rolls)


def test_exact_p_value(nb):
    p = sum(comb(60, k) * (1 / 3) ** k * (2 / 3) ** (60 - k) for k in range(27, 61))
    assert round(p, 4) == 0.0397
    nb.says("the exact p-value for 27 or more Hands is 0.0397")
    nb.runs('print(f"exact p-value:      {p_exact:.3g}")')
    assert "exact p-value:      0.0397\n" in nb.printed_by()


def test_chi_squared(nb, observed):
    test = chi_squared_test(observed, expected=[2, 1, 2, 1])
    assert f"{test.statistic:.2f}" == "13.35" and test.df == 3 and f"{test.p_value:.2g}" == "0.0039"
    p = sum(comb(60, k) * (1 / 3) ** k * (2 / 3) ** (60 - k) for k in range(27, 61))
    assert 9 < p / test.p_value < 11 and observed[KINDS.index("x")] == 0
    nb.says("Here `p` is how often a fair die would give rolls at least this far from 20, 10, 20, 10",
            "Compare it with the p-value of section 3, for the Hands alone: which is smaller? This test counts the "
            "Xs too, and Kenzie rolled none",
            "chi-squared 13.35 with 3 degrees of freedom, p = 0.0039: ten times smaller than the Hands alone give, "
            "since the missing Xs count too")
    nb.never_says("p = 0.0039: a fair die")


def test_a_fair_die_on_trial(nb):
    rng = np.random.default_rng(3)
    p_values = []
    for _ in range(1000):
        c = Counter(rng.choice(DEFAULT_FACES, size=60).tolist())
        p_values.append(chi_squared_test([c[k] for k in KINDS], expected=[2, 1, 2, 1]).p_value)
    small = int((np.array(p_values) < 0.05).sum())
    assert small == 44
    nb.says("A fair die gets p below 0.05 about 1 time in 20 (exactly 4.9% with 60 rolls), and the share printed "
            "above is close to that",
            "44 of 1,000 fair dice get p < 0.05 (4.4%, where exactly 4.9% of fair dice do)")
    nb.never_says("44 of the 1,000 fair dice (4.4%)")
    nb.runs('print(f"{small} of the 1,000 fair dice got p below 0.05: {small / 1000:.1%}")')
    assert "44 of the 1,000 fair dice got p below 0.05: 4.4%\n" in nb.printed_by()


def test_a_fair_die_gets_p_below_0_05_about_1_time_in_20():
    """Exactly: the chance of p < 0.05, summed over every count of 60 rolls of a fair die (1,891 of them)."""
    chances = {"furgle": 1 / 3, "lock": 1 / 6, "hand": 1 / 3, "x": 1 / 6}
    total = alarm = 0.0
    for f in range(61):
        for lk in range(61 - f):
            for h in range(61 - f - lk):
                x = 60 - f - lk - h
                counts = (f, lk, h, x)
                chance = exp(lgamma(61) - sum(lgamma(c + 1) for c in counts)
                             + sum(c * log(chances[k]) for c, k in zip(counts, KINDS)))
                total += chance
                if chi_squared_test(list(counts), expected=[2, 1, 2, 1]).p_value < 0.05:
                    alarm += chance
    assert total == pytest.approx(1) and f"{alarm:.1%}" == "4.9%"


def test_what_a_p_value_is_not(nb):
    nb.says("It is not the chance that the die is fair", "A big p-value does not prove a die fair")
    nb.never_says("chance that the die is loaded is", "proves the die is fair")


def test_try_it_answers_hold():
    """More rolls of the same die: a far smaller p-value; p < 0.01 about 1 in 100 for fair dice."""
    rolls = np.random.default_rng(1).choice(KENZIE, size=600)
    c = Counter(rolls.tolist())
    assert chi_squared_test([c[k] for k in KINDS], expected=[2, 1, 2, 1]).p_value < 1e-10


def test_try_it_1_rolls_600_times_against_600_roll_fair_dice(nb):
    """Issue 34: with size=600 the lesson compared her 600 rolls with 60-roll fair dice; n_rolls feeds every cell."""
    nb.says("change `n_rolls = 60` to `n_rolls = 600`")
    out = nb.printed_by(("n_rolls = 60 ", "n_rolls = 600 "))
    assert "Kenzie's die showed 303 Hands and 0 Xs in 600 rolls\n" in out
    assert "0 of the 10,000 fair dice showed 303 Hands or more: a share of 0.0000\n" in out
    p = sum(comb(600, k) * (1 / 3) ** k * (2 / 3) ** (600 - k) for k in range(303, 601))
    assert f"{p:.3g}" == "3.46e-18" and "exact p-value:      3.46e-18\n" in out
    assert "chi-squared = 153.31, df = 3, p = 5.1e-33" in out
    from furlib.core.stats import wilson_interval
    assert round(wilson_interval(0, 10_000)[1], 4) == 0.0004
    nb.says("with 600 rolls her die shows 303 Hands (and still no X), and the exact p-value is 3.46e-18",
            "so the simulation prints 0: that says only that p is below about 0.0004 (the top of the 95% interval of "
            "0 in 10,000: a method that catches the true value in 95 of 100 samples), not that it is 0; chi-squared "
            "gives p = 5.1e-33")


def test_a_little_loaded_die_needs_a_few_hundred_rolls(nb):
    nb.says("with 400 rolls the test notices the load with chance 0.947, just under 19 times in 20; it takes about 405 "
            "rolls to reach it (`lesson-power` computes it exactly)",
            "Who wrote a number above Kenzie's count of Hands?", "the notebook's seeds give about 4%")
    nb.never_says("with 400 rolls the test notices the load about 19 times in 20")     # 0.947 is under 0.95
    die = ("furgle", "furgle", "lock", "hand", "hand", "hand", "furgle", "lock", "hand", "hand", "x", "x")
    rng = np.random.default_rng(0)

    def power(n, reps=300):
        hits = 0
        for _ in range(reps):
            c = Counter(rng.choice(die, size=n).tolist())
            hits += chi_squared_test([c[k] for k in KINDS], expected=[2, 1, 2, 1]).p_value < 0.05
        return hits / reps
    assert power(60) < 0.35 and 0.9 < power(400) < 0.99
