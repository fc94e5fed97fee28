"""What notebooks/lesson-poisson.ipynb says: all-X rolls of 4 Furglars dice in 1,000 rolls, the exact binomial
against the Poisson, why only the average matters, and the limits (the same average from 1 to 4 dice).

Exact chances are computed here from ``math.comb`` and ``math.exp`` (not from furlib.lessons' helpers); the
simulation is repeated step by step with the notebook's seed and with others.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from furlib.furglars import DEFAULT_FACES
from furlib.furglars.analysis import simulate_rolls, x_factor_probability

NOTEBOOK = "lesson-poisson.ipynb"
P4 = Fraction(1, 1296)


def binomial(n: int, p: Fraction, k: int) -> Fraction:
    return math.comb(n, k) * p**k * (1 - p) ** (n - k) if k <= n else Fraction(0)


def poisson(lam: float, k: int) -> float:
    return math.exp(-lam) * lam**k / math.factorial(k)


def players(seed: int, many: int = 4_000, rolls: int = 1_000, dice: int = 4) -> np.ndarray:
    """The notebook's simulation: each player's all-X rolls."""
    is_x = np.array([face == "x" for face in DEFAULT_FACES])
    rng = np.random.default_rng(seed)
    faces = rng.integers(0, 6, size=(many, rolls, dice), dtype=np.int8)
    return is_x[faces].all(axis=2).sum(axis=1)


@pytest.fixture(scope="module")
def printed(nb):
    return nb.printed_by()


def test_the_rule_and_the_question(nb, printed):
    nb.says("a player whose roll shows nothing but Xs takes every Lock the other players hold and rolls those dice as "
            "a bonus", "One die shows an X with chance 1/6 (one face of six), so four dice all show X with chance "
            "(1/6)⁴ = 1/1,296", "Question: you roll 4 Furglars dice 1,000 times. How many of the rolls show only Xs, "
            "on average? And what is the chance that not a single one does?", "2 Furgles, 1 Lock, 2 Hands and 1 X on "
            "the six faces")
    nb.runs('guess = Prediction("Out of 100 players who each roll 4 dice 1,000 times, how many never see an all-X '
            'roll?")', "guess.compare(simulated=100 * none.p, exact=100 * float(exact[0]))", "dice, rolls = 4, 1_000")
    assert sorted(DEFAULT_FACES) == ["furgle", "furgle", "hand", "hand", "lock", "x"]
    assert x_factor_probability(4) == P4 == Fraction(1, 6) ** 4
    assert "one roll of 4 dice shows only Xs with chance 1/1296; 1,000 rolls\n" in printed


def test_the_play(nb, printed):
    nb.runs("played = simulate_rolls(dice, rolls, seed=2)", 'all_x = played["x"] == dice')
    nb.says("With seed 2 the 1,000 played rolls hold 2 all-X rolls (rolls 58 and 327)")
    rolls = simulate_rolls(4, 1000, seed=2)
    at = (np.flatnonzero(rolls["x"].to_numpy() == 4) + 1).tolist()
    assert at == [58, 327] and "2 all-X rolls in 1,000, at roll number [58, 327]\n" in printed
    assert "58 and 327" not in nb.markdown.split("Teacher notes")[0]


def test_the_exact_chances(nb, printed):
    nb.says("(1 − 1/1296)^1000 = (1295/1296)^1000", "The average count is n × p = 1000/1296 ≈ 0.772: about three "
            "all-X rolls for every four players", "P(k) = e^(−λ) × λ^k / k!", "The binomial and the Poisson agree to "
            "the third decimal (they never differ by more than 0.0002): no all-X roll in 1,000 has chance 0.4621 "
            "(binomial) or 0.4623 (Poisson)", "almost half the players never see the X factor",
            "the average 0.77 hides a count that is 0 more often than anything else",
            "p = 1/1296, λ = 1000/1296 = 125/162 ≈ 0.7716", "about 46 players in 100 never see it")
    lam = 1000 / 1296
    assert Fraction(1000, 1296) == Fraction(125, 162) and f"{lam:.3f}" == "0.772" and f"{lam:.4f}" == "0.7716"
    b = [binomial(1000, P4, k) for k in range(7)]
    po = [poisson(lam, k) for k in range(7)]
    assert max(abs(float(x) - y) for x, y in zip(b, po)) < 0.0002
    assert (f"{float(b[0]):.4f}", f"{po[0]:.4f}") == ("0.4621", "0.4623") and b[0] == Fraction(1295, 1296) ** 1000
    assert all(f"{float(x):.3f}" == f"{y:.3f}" for x, y in zip(b, po))
    assert b[0] == max(b) and round(100 * float(b[0])) == 46
    assert f"λ = 0.7716; by hand: P(0) = {float(b[0]):.6f} and e^(-λ) = {math.exp(-lam):.6f}\n" in printed
    counts = players(5)
    for k in range(7):
        assert f"{k:2}  {float(b[k]):10.6f}  {po[k]:10.6f}  {(counts == k).mean():10.4f}\n" in printed


def test_the_simulation_for_any_seed(nb, printed):
    nb.runs("players = 4_000", "rng = np.random.default_rng(5)",
            "faces = rng.integers(0, 6, size=(players, rolls, dice), dtype=np.int8)",
            "counts = is_x[faces].all(axis=2).sum(axis=1)")
    nb.says("the share of 0 is typically within about ±0.015 of its exact chance (its interval's half-width: a 95% "
            "margin, not a hard limit), the rarer counts closer",
            "a method that catches the true chance in 95 of 100 simulations like this one")
    nb.never_says("by up to about ±0.015")
    counts = players(5)
    assert f"average {counts.mean():.3f} all-X rolls a player; the most: {counts.max()}\n" in printed
    p0 = float(binomial(1000, P4, 0))
    assert round(1.96 * math.sqrt(p0 * (1 - p0) / 4000), 3) == 0.015
    # audit 3.1: a 95% margin, not a bound: the number of players with no all-X roll is binomial (4,000, p0), and
    # its share lands within 1.96 standard errors of p0 with exact chance about 95% (by log-gamma, every count)
    margin = 1.96 * math.sqrt(p0 * (1 - p0) / 4000)
    k = np.arange(4001)
    log_chance = (np.array([math.lgamma(4001) - math.lgamma(j + 1) - math.lgamma(4001 - j) for j in k])
                  + k * math.log(p0) + (4000 - k) * math.log(1 - p0))
    assert 0.94 < float(np.exp(log_chance)[np.abs(k / 4000 - p0) <= margin].sum()) < 0.96
    for k in range(1, 7):                      # the rarer counts: smaller standard errors
        pk = float(binomial(1000, P4, k))
        assert pk * (1 - pk) < p0 * (1 - p0)
    for seed in (6, 7):                        # for other seeds the shares stay near the exact chances
        c = players(seed, many=2_000)
        assert abs((c == 0).mean() - p0) < 4 * math.sqrt(p0 * (1 - p0) / 2_000)
    before_teacher = nb.markdown.split("Teacher notes")[0]
    assert f"{(counts == 0).mean():.4f}" not in before_teacher


def test_why_only_the_average_matters(nb, printed):
    nb.says("for p = 1/1,296 they differ in the seventh decimal", "(1 − p)ⁿ ≈ (e^(−p))ⁿ = e^(−n p) = e^(−λ)")
    p = 1 / 1296
    one, e = f"{1 - p:.10f}", f"{math.exp(-p):.10f}"
    assert one[:8] == e[:8] and one[8] != e[8]          # "0." and six equal decimals, then the seventh differs
    assert f"1 - p   = {one}\n" in printed and f"e^(-p)  = {e}\n" in printed


def test_the_limits(nb, printed):
    nb.says("all Xs on 4 dice in 1,728 rolls (p = 1/1,296), on 3 dice in 288 rolls (p = 1/216), on 2 dice in 48 "
            "rolls (p = 1/36), and a single die showing X in 8 rolls (p = 1/6). Each has n × p = 4/3",
            "it gives no X at all 0.264 where the exact chance is (5/6)⁸ ≈ 0.233", "Each die fewer makes p 6 times "
            "larger, and the largest gap grows about 6 times with it: 0.00014, 0.0008, 0.005, 0.031",
            "differ by less than 2 × n × p², which is 2 × λ × p", "8 rolls can never give more than 8 Xs",
            "Section 5, largest gaps: 1 die 0.031, 2 dice 0.0049, 3 dice 0.00081, 4 dice 0.00014")
    lam = 4 / 3
    gaps, totals = {}, {}
    for dice, n in ((1, 8), (2, 48), (3, 288), (4, 1728)):
        p = Fraction(1, 6**dice)
        assert n * p == Fraction(4, 3) and x_factor_probability(dice) == p
        diffs = [abs(float(binomial(n, p, k)) - poisson(lam, k)) for k in range(60)]
        gaps[dice], totals[dice] = max(diffs), sum(diffs) + (1 - sum(poisson(lam, k) for k in range(60)))
        assert totals[dice] < 2 * n * float(p) ** 2                    # Le Cam's bound
        word = "die " if dice == 1 else "dice"
        assert f"{dice} {word}, {n:>5,} rolls, p = {str(p):>6}: largest gap {gaps[dice]:.6f}\n" in printed
    assert [f"{gaps[d]:.2g}" for d in (4, 3, 2, 1)] == ["0.00014", "0.00081", "0.0049", "0.031"]
    assert all(5 < gaps[d] / gaps[d + 1] < 7 for d in (1, 2, 3))
    assert (f"{poisson(lam, 0):.3f}", f"{float(Fraction(5, 6) ** 8):.3f}") == ("0.264", "0.233")
    assert all(poisson(lam, k) > float(binomial(8, Fraction(1, 6), k)) for k in range(4, 9))   # heavier tail


def test_teacher_answers_and_the_try_its(nb):
    nb.says("(1) 5 dice: p = 1/7776, λ ≈ 0.1286, no all-X roll 0.8793 (Poisson and binomial agree to 5 decimals)",
            "(2) 10,000 rolls: λ ≈ 7.716; the most likely count is 7 (chance 0.144, then 8 with 0.139); no all-X roll "
            "≈ 0.00045", "(3) 3 or more: Poisson 0.0434, binomial 0.0434 (0.043427 and 0.043362)",
            "(4) The Poisson: 0.264 against 0.233", "its variance n p (1 − p) = 10/9 is smaller than the Poisson's "
            "λ = 4/3")
    p5 = Fraction(1, 7776)
    assert x_factor_probability(5) == p5 and f"{1000 / 7776:.4f}" == "0.1286"
    assert f"{math.exp(-1000 / 7776):.5f}" == f"{float((1 - p5) ** 1000):.5f}" == "0.87932"[:7]
    lam = 10_000 / 1296
    chances = [poisson(lam, k) for k in range(30)]
    assert f"{lam:.3f}" == "7.716" and chances.index(max(chances)) == 7
    assert (f"{chances[7]:.3f}", f"{chances[8]:.3f}", f"{chances[0]:.5f}") == ("0.144", "0.139", "0.00045")
    lam = 1000 / 1296
    three_p = 1 - sum(poisson(lam, k) for k in range(3))
    three_b = 1 - sum(binomial(1000, P4, k) for k in range(3))
    assert (f"{three_p:.6f}", f"{float(three_b):.6f}") == ("0.043427", "0.043362")
    assert f"{three_p:.4f}" == f"{float(three_b):.4f}" == "0.0434"
    assert 8 * Fraction(1, 6) * Fraction(5, 6) == Fraction(10, 9)


def test_the_try_its_as_the_students_run_them(nb):
    out = nb.printed_by(("dice, rolls = 4, 1_000", "dice, rolls = 5, 1_000"))
    assert "chance 1/7776" in out and "λ = 0.1286" in out and "P(0) = 0.8793" in out
    out = nb.printed_by(("dice, rolls = 4, 1_000", "dice, rolls = 4, 10_000"), ("players = 4_000", "players = 1_000"))
    assert "λ = 7.7160" in out and " 0    0.000444  " in out
