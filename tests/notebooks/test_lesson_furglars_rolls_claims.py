"""What notebooks/lesson-furglars-rolls.ipynb says: the whole roll of 8 dice, the multinomial, Hands in the game."""

from __future__ import annotations

import math
from fractions import Fraction
from math import comb, factorial

import pytest

from furlib.furglars.analysis import count_distribution, expected_capture, roll_distribution, simulate_rolls

NOTEBOOK = "lesson-furglars-rolls.ipynb"


@pytest.fixture(scope="module")
def exact():
    return count_distribution(8, "hand")


def test_the_die(nb):
    nb.says("2 Furgles, 1 Lock, 2 Hands and 1 X", "2 Furgles, 1 Lock, 3 Hands and 2 Xs")


def test_the_multinomial(nb, exact):
    nb.runs("roll_distribution(8)", 'dist.query("furgle == 2 and lock == 1 and hand == 3 and x == 2")',
            'dist.groupby("hand")["probability"].sum()')
    nb.says("The most likely roll is 3 Furgles, 1 Lock, 3 Hands and 1 X, and still it happens only about 4 times "
            "in 100", "8!/(2!·1!·3!·2!) × (1/3)² × (1/6) × (1/3)³ × (1/6)²",
            "Kenzie's roll has chance 70/2187 ≈ 3.2%: tied for the second most likely roll, with several others",
            "you get the binomial chance of 3 Hands")
    dist = roll_distribution(8)
    assert len(dist) == comb(8 + 3, 3) == 165
    top = dist.iloc[0]
    assert [int(top[k]) for k in ("furgle", "lock", "hand", "x")] == [3, 1, 3, 1] and 0.04 < top["p"] < 0.045
    kenzie = dist.query("furgle == 2 and lock == 1 and hand == 3 and x == 2")
    pk = kenzie["probability"].iloc[0]
    ways = factorial(8) // (factorial(2) * factorial(1) * factorial(3) * factorial(2))
    assert ways == 1680 and pk == ways * Fraction(1, 3) ** 5 * Fraction(1, 6) ** 3 == Fraction(70, 2187)
    assert round(100 * float(pk), 1) == 3.2
    by_hands = dist.groupby("hand")["probability"].sum()
    assert all(by_hands[n] == exact[n] for n in range(9))
    assert pk == dist.iloc[1]["probability"] < top["probability"] and (dist["probability"] == pk).sum() > 2


def test_what_it_means_in_the_game(nb):
    nb.says("on average 8/3 + 8/3 = 16/3 ≈ 5.3 Furgles", "If only a few Furgles are there to steal, some Hands "
            "are wasted")
    assert expected_capture(8) == Fraction(16, 3) and expected_capture(8, 0) == Fraction(8, 3)
    values = [expected_capture(8, a) for a in (0, 1, 2, 4)]
    assert values == sorted(values) and values[-1] < Fraction(16, 3)




def test_kenzies_roll_simulated(nb):
    nb.runs("simulate_rolls(8, 100_000, seed=1)",
            "(rolls.furgle == 2) & (rolls.lock == 1) & (rolls.hand == 3) & (rolls.x == 2)")
    rolls = simulate_rolls(8, 100_000, seed=1)
    same = (rolls.furgle == 2) & (rolls.lock == 1) & (rolls.hand == 3) & (rolls.x == 2)
    assert int(same.sum()) == 3296
    nb.says("The line above counts the simulated rolls that are exactly Kenzie's. The exact chance, 70/2187, gives "
            "about 3,201 in 100,000 rolls, and a simulation lands within about 110 of that in 95 of 100 runs",
            "(simulated with seed 1: 3,296 of 100,000, 3.3%)")
    nb.never_says("3,296 of the 100,000 simulated rolls (3.3%) are exactly Kenzie's roll")     # the run prints it
    nb.runs('print(f"{same.sum():,} of the 100,000 simulated rolls ({same.mean():.1%}) are exactly Kenzie\'s roll")')
    p = Fraction(70, 2187)
    assert f"{100_000 * float(p):,.0f}" == "3,201"
    assert round(1.96 * math.sqrt(100_000 * p * (1 - p)), -1) == 110          # 109.2: binomial, 1.96 SD
    assert abs(3296 - 100_000 * p) < 1.96 * math.sqrt(100_000 * p * (1 - p))  # this seed's count is one of those


def test_teacher_answers(nb):
    dist = roll_distribution(8)
    top = dist.iloc[0]
    assert top["probability"] == Fraction(280, 6561) and round(100 * float(top["probability"]), 1) == 4.3
    assert count_distribution(8, "hand")[8] == Fraction(1, 3) ** 8 == Fraction(1, 6561)
    four = roll_distribution(4)
    tied = four[four["probability"] == four["probability"].max()]
    assert four["probability"].max() == Fraction(2, 27) and len(tied) == 6
    assert [2, 1, 1, 0] in tied[["furgle", "lock", "hand", "x"]].values.tolist()
    assert len(dist) == comb(11, 3) == 165
    nb.says("165 rolls; the most likely is 3 Furgles, 1 Lock, 3 Hands, 1 X (280/6561 ≈ 4.3%)",
            "(1) (1/3)⁸ = 1/6561; (2) with 4 dice six rolls tie at 2/27, among them 2 Furgles, 1 Lock and 1 Hand; "
            "(3) C(11, 3) = 165")
