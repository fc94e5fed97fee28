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
    nb.runs('kenzie = ("furgle", "furgle", "lock", "hand", "hand", "hand")', "default_rng(1)",
            "rng.choice(kenzie, size=60)", "default_rng(2)", "size=(10_000, 60)", "hands >= at_least",
            "def estimated_p_value(hands, at_least=27):", "p_simulated = estimated_p_value(hands)",
            "range(27, 61)", "expected=[2, 1, 2, 1]", "default_rng(3)", "range(1000)",
            "size=60).tolist()", "< 0.05")


def test_the_games_take_this_die_and_the_rulebooks_die():
    assert check_faces(KENZIE) == KENZIE
    Furglars(players=3, faces=KENZIE, seed=1)
    assert sorted(DEFAULT_FACES) == sorted(("furgle", "furgle", "lock", "hand", "hand", "x"))


def test_the_rolls(nb, observed):
    nb.says("20 Furgles, 10 Locks, 20 Hands and 10 Xs", "27 Hands where a fair die gives 20 on average, "
            "and not a single X")
    assert observed[KINDS.index("hand")] == 27 and observed[KINDS.index("x")] == 0
    assert sum(observed) == 60


def test_simulated_p_value(nb, capsys):
    """The notebook prints the seeded count (the prose states no seed-dependent number) and calls it an estimate."""
    samples = np.random.default_rng(2).choice(DEFAULT_FACES, size=(10_000, 60))
    hands = (samples == "hand").sum(axis=1)
    assert int((hands >= 27).sum()) == 401
    assert nb.function("estimated_p_value")(hands) == 0.0401
    assert capsys.readouterr().out == "401 of the 10,000 fair dice showed 27 Hands or more: a share of 0.0401\n"
    nb.says("That share is an estimate of the p-value",
            "The p-value itself is the chance that a fair die gives a result at least as far out as ours",
            "The simulation only estimates it: another seed would give a slightly different share",
            "Section 3 computes it exactly")
    nb.never_says("That share is called a p-value", "Only 401 of the 10,000", "the simulation found 0.0401")
    nb.says("the seed-2 simulation estimates it as 0.0401, 401 of 10,000")


def test_the_estimate_against_the_exact_p_value(nb):
    """An estimate from 10,000 dice lands within 0.004 of the exact p-value in about 95 of 100 runs (binomial)."""
    p = sum(comb(60, k) * (1 / 3) ** k * (2 / 3) ** (60 - k) for k in range(27, 61))
    n = 10_000

    def pmf(k):
        return exp(lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1) + k * log(p) + (n - k) * log(1 - p))
    within = sum(pmf(k) for k in range(ceil(n * (p - 0.004)), floor(n * (p + 0.004)) + 1))
    assert 0.95 < within < 0.97                                       # 0.959
    assert abs(0.0401 - p) < 0.004                                   # this seed's estimate is one of those
    nb.runs('print(f"simulated estimate: {p_simulated:.4f} (off by {abs(p_simulated - p_exact):.4f})")')
    nb.says("The simulated estimate printed above is close to it but not equal: an estimate from 10,000 fair dice "
            "lands within about 0.004 of the exact p-value in about 95 of 100 runs of the simulation",
            "if the die were fair, a result at least as far out as ours would come up about 4 times in 100")


def test_exact_p_value(nb):
    p = sum(comb(60, k) * (1 / 3) ** k * (2 / 3) ** (60 - k) for k in range(27, 61))
    assert round(p, 4) == 0.0397
    nb.says("The exact p-value is 0.0397", "Hands alone (p = 0.0397)")
    nb.runs('print(f"exact p-value:      {p_exact:.4f}")')


def test_chi_squared(nb, observed):
    test = chi_squared_test(observed, expected=[2, 1, 2, 1])
    assert f"{test.statistic:.2f}" == "13.35" and test.df == 3 and f"{test.p_value:.2g}" == "0.0039"
    nb.says("p = 0.0039: a fair die would give rolls this far from 20, 10, 20, 10 only about 4 times in 1000",
            "chi-squared 13.35 with 3 degrees of freedom, p = 0.0039")


def test_a_fair_die_on_trial(nb):
    rng = np.random.default_rng(3)
    p_values = []
    for _ in range(1000):
        c = Counter(rng.choice(DEFAULT_FACES, size=60).tolist())
        p_values.append(chi_squared_test([c[k] for k in KINDS], expected=[2, 1, 2, 1]).p_value)
    small = int((np.array(p_values) < 0.05).sum())
    assert small == 44
    nb.says("44 of the 1,000 fair dice (4.4%) got p below 0.05: about 1 in 20",
            "44 of 1,000 fair dice get p < 0.05")


def test_what_a_p_value_is_not(nb):
    nb.says("It is not the chance that the die is fair", "A big p-value does not prove a die fair")
    nb.never_says("chance that the die is loaded is", "proves the die is fair")


def test_try_it_answers_hold():
    """More rolls of the same die: a far smaller p-value; p < 0.01 about 1 in 100 for fair dice."""
    rolls = np.random.default_rng(1).choice(KENZIE, size=600)
    c = Counter(rolls.tolist())
    assert chi_squared_test([c[k] for k in KINDS], expected=[2, 1, 2, 1]).p_value < 1e-10


def test_a_little_loaded_die_needs_a_few_hundred_rolls(nb):
    nb.says("with 400 rolls the test notices the load about 19 times in 20")
    die = ("furgle", "furgle", "lock", "hand", "hand", "hand", "furgle", "lock", "hand", "hand", "x", "x")
    rng = np.random.default_rng(0)

    def power(n, reps=300):
        hits = 0
        for _ in range(reps):
            c = Counter(rng.choice(die, size=n).tolist())
            hits += chi_squared_test([c[k] for k in KINDS], expected=[2, 1, 2, 1]).p_value < 0.05
        return hits / reps
    assert power(60) < 0.35 and 0.9 < power(400) < 0.99
