"""furlib.lessons.distributions: each distribution against a count by brute force or a chain solved by hand."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations, product

import numpy as np
import pytest

from furlib.lessons import binomial, hypergeometric, normal_cdf, poisson, ruin_chance, ruin_rounds
from furlib.lessons import distributions as d


def test_binomial_is_the_count_of_every_sequence_of_rolls():
    """Every sequence of 4 rolls of a die with 6 faces, 2 of them successes: the chance of k successes."""
    seen = [sum(face < 2 for face in roll) for roll in product(range(6), repeat=4)]
    assert binomial(4, Fraction(1, 3)) == {k: Fraction(seen.count(k), 6**4) for k in range(5)}
    assert sum(binomial(30, Fraction(2, 7)).values()) == 1
    assert binomial(5, Fraction(1, 4), top=2) == {k: v for k, v in binomial(5, Fraction(1, 4)).items() if k <= 2}
    assert binomial(3, 0) == {0: 1, 1: 0, 2: 0, 3: 0} and binomial(0, Fraction(1, 2)) == {0: 1}
    assert binomial(2, 0.5) == {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}    # a float, exactly
    many = binomial(d.MAX_TRIES, Fraction(1, 7776), top=d.MAX_WORK // d.MAX_TRIES - 1)     # the most work allowed
    assert len(many) == 50 and many[0] == Fraction(7775, 7776) ** d.MAX_TRIES
    assert len(binomial(999, Fraction(1, 6))) == 1000                                     # every count of 999 tries


def test_hypergeometric_is_the_count_of_every_hand():
    """Every hand of 4 cards from a deck of 10 with 3 marked: the chance of k marked cards."""
    seen = [sum(card < 3 for card in hand) for hand in combinations(range(10), 4)]
    assert hypergeometric(10, 3, 4) == {k: Fraction(seen.count(k), math.comb(10, 4)) for k in range(4)}
    h = hypergeometric(72, 12, 33)
    assert sum(h.values()) == 1 and min(h) == 0 and max(h) == 12
    mean = sum(k * p for k, p in h.items())
    var = sum((k - mean) ** 2 * p for k, p in h.items())
    assert mean == Fraction(11, 2) and var == 33 * Fraction(1, 6) * Fraction(5, 6) * Fraction(39, 71)
    assert hypergeometric(10, 8, 5) == {3: Fraction(2, 9), 4: Fraction(5, 9), 5: Fraction(2, 9)}   # at least 3
    assert hypergeometric(5, 0, 5) == {0: 1} and hypergeometric(72, 12, 0) == {0: 1}


def test_poisson_is_the_limit_of_the_binomial():
    m = 4 / 3
    p = poisson(m, 6)
    assert p[0] == pytest.approx(math.exp(-m)) and p[3] == pytest.approx(math.exp(-m) * m**3 / 6)
    big = binomial(2000, Fraction(1, 1500), top=6)
    assert all(abs(float(big[k]) - p[k]) < 2e-4 for k in range(7))
    assert sum(poisson(4.2, 60).values()) == pytest.approx(1)
    assert poisson(0, 2) == {0: 1.0, 1: 0.0, 2: 0.0} and poisson(Fraction(1, 2), 0)[0] == pytest.approx(math.exp(-0.5))


def test_normal_cdf_against_the_rule_and_a_table():
    assert normal_cdf(0) == 0.5 and normal_cdf(1.959963984540054) == pytest.approx(0.975, abs=1e-12)
    assert [round(normal_cdf(k) - normal_cdf(-k), 4) for k in (1, 2, 3)] == [0.6827, 0.9545, 0.9973]
    assert normal_cdf(90, 80, 5) == pytest.approx(normal_cdf(2)) and normal_cdf(-40) == 0.0


def chain_by_hand(start: int, goal: int, p: Fraction) -> tuple[Fraction, Fraction]:
    """The bankroll's Markov chain solved by elimination in fractions: (chance of ruin, average rounds)."""
    q = 1 - p
    inner = list(range(1, goal))
    results = []
    for ends, step in ((Fraction(1), Fraction(0)), (Fraction(0), Fraction(1))):   # ruin: h(0) = 1; rounds: +1 a step
        # x_i - p x_{i+1} - q x_{i-1} = step (+ q at i = 1 for the ruin chance)
        rows = [[Fraction(0)] * len(inner) + [Fraction(step)] for _ in inner]
        for r, i in enumerate(inner):
            rows[r][r] = Fraction(1)
            if i + 1 < goal:
                rows[r][r + 1] = -p
            if i - 1 > 0:
                rows[r][r - 1] = -q
            else:
                rows[r][-1] += q * ends
        for c in range(len(inner)):                       # Gauss-Jordan
            rows[c] = [v / rows[c][c] for v in rows[c]]
            for r in range(len(inner)):
                if r != c and rows[r][c]:
                    rows[r] = [a - rows[r][c] * b for a, b in zip(rows[r], rows[c])]
        values = {0: ends, goal: Fraction(0), **{i: rows[r][-1] for r, i in enumerate(inner)}}
        results.append(values[start])
    return results[0], results[1]


@pytest.mark.parametrize("start, goal, p", [(10, 20, Fraction(5, 9)), (3, 7, Fraction(1, 2)), (5, 10, Fraction(4, 9)),
                                            (1, 2, Fraction(2, 3)), (0, 5, Fraction(1, 3)), (6, 6, Fraction(3, 5))])
def test_the_ruin_formulas_solve_the_chain(start, goal, p):
    assert (ruin_chance(start, goal, p), ruin_rounds(start, goal, p)) == chain_by_hand(start, goal, p)


def test_ruin_by_simulation():
    rng = np.random.default_rng(3)
    walkers, start, goal, p = 4000, 4, 10, Fraction(5, 9)
    coins = np.full(walkers, start)
    rounds = np.zeros(walkers, dtype=int)
    while ((coins > 0) & (coins < goal)).any():
        live = (coins > 0) & (coins < goal)
        coins[live] += np.where(rng.random(live.sum()) < float(p), 1, -1)
        rounds[live] += 1
    share, exact = (coins == 0).mean(), float(ruin_chance(start, goal, p))
    assert abs(share - exact) < 4 * math.sqrt(exact * (1 - exact) / walkers)          # 4 standard errors
    assert abs(rounds.mean() - float(ruin_rounds(start, goal, p))) < 4 * rounds.std() / math.sqrt(walkers)


@pytest.mark.parametrize("call, message", [
    (lambda: binomial(-1, Fraction(1, 2)), r"n must be between 0 and 20000, got -1"),
    (lambda: binomial(d.MAX_TRIES + 1, Fraction(1, 2), top=3), r"n must be between 0 and 20000, got 20001"),
    (lambda: binomial(1000, Fraction(1, 2)), r"binomial\(n=1,000, top=1,000\) lists 1,001 counts of 1,000 tries, "
                                             r"more work than n \* \(top \+ 1\) <= 1,000,000: give a smaller top"),
    (lambda: binomial(3, 0.1), r"p must be a chance with a denominator of at most 1,000,000, got 0\.1 "
                               r"\(= Fraction\(3602879701896397, 36028797018963968\)\): write it as a Fraction"),
    (lambda: ruin_chance(1, 3, Fraction(1, 10**7)), r"p must be a chance with a denominator of at most 1,000,000"),
    (lambda: binomial(3.0, Fraction(1, 2)), r"n must be a whole number, got 3\.0"),
    (lambda: binomial(True, Fraction(1, 2)), r"n must be a whole number, got True"),
    (lambda: binomial(3, Fraction(3, 2)), r"p must be a chance from 0 to 1, got Fraction\(3, 2\)"),
    (lambda: binomial(3, "1/2"), r"p must be a chance: a Fraction, or a number from 0 to 1, got '1/2'"),
    (lambda: binomial(3, float("nan")), r"p must be a chance: a Fraction, or a number from 0 to 1, got nan"),
    (lambda: binomial(3, Fraction(1, 2), top=4), r"top must be between 0 and 3, got 4"),
    (lambda: hypergeometric(0, 0, 0), r"population must be between 1 and 2000, got 0"),
    (lambda: hypergeometric(2001, 3, 3), r"population must be between 1 and 2000, got 2001"),
    (lambda: hypergeometric(72, 73, 6), r"marked must be between 0 and 72, got 73"),
    (lambda: hypergeometric(72, 12, 80), r"draws must be between 0 and 72, got 80"),
    (lambda: poisson(-0.5, 3), r"mean must be a number from 0 to 1,000, got -0\.5"),
    (lambda: poisson(float("inf"), 3), r"mean must be a number from 0 to 1,000, got inf"),
    (lambda: poisson(1, d.MAX_TRIES + 1), r"top must be between 0 and 20000, got 20001"),
    (lambda: normal_cdf("1"), r"x must be a finite number, got '1'"),
    (lambda: normal_cdf(1, 0, 0), r"sd must be above 0, got 0"),
    (lambda: normal_cdf(1, float("nan")), r"mean must be a finite number, got nan"),
    (lambda: ruin_chance(3, 2, Fraction(1, 2)), r"start must be between 0 and 2, got 3"),
    (lambda: ruin_chance(1, 0, Fraction(1, 2)), r"goal must be between 1 and 10000, got 0"),
    (lambda: ruin_rounds(1, 2, 1), r"p must be a chance strictly between 0 and 1, got 1"),
    (lambda: ruin_rounds(1, 2, Fraction(0)), r"p must be a chance strictly between 0 and 1, got Fraction\(0, 1\)"),
])
def test_bad_input_is_named(call, message):
    with pytest.raises(ValueError, match=f"^{message}"):
        call()
