"""What notebooks/lesson-expected-value.ipynb says: a two-dice roll is worth 7/12, turn values, deciding by EV."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from furlib.furcle import score_roll
from furlib.furcle.bots import SatisfiedAt
from furlib.furcle.fast import simulate_turns
from furlib.furcle.turn import optimal_turn_policy, turn_value
from furlib.furcle.turn_distribution import turn_distribution

NOTEBOOK = "lesson-expected-value.ipynb"


@pytest.fixture(scope="module")
def points():
    rolls = np.random.default_rng(8).integers(1, 7, size=(100_000, 2))
    return np.array([score_roll(r.tolist())[0] for r in rolls])


@pytest.fixture(scope="module")
def best():
    return optimal_turn_policy()


def test_the_code_computes_as_the_test_does(nb):
    nb.runs("default_rng(8)", "rng.integers(1, 7, size=(100_000, 2))", "Fraction(7, 12)",
            "product(range(1, 7), repeat=2)", "simulate_turns(SatisfiedAt(20), 100_000, seed=9)",
            "[4, 10, 20, 30]", "(table.turn_score == 12) & (table.dice == 3)",
            "simulate_turns(best, 100_000, seed=9)")


def test_two_dice_scoring(nb):
    assert score_roll([4, 4])[0] == 4 and score_roll([2, 5])[0] == 0
    nb.says("a pair scores its face (a pair of 4s: 4 points)", "two different faces are a Furcle, 0 points")


def half_width(chances, n=100_000):
    """1.96 standard errors of an average of n draws from an exact distribution {points: chance}."""
    mu = sum(k * p for k, p in chances.items())
    return 1.96 * math.sqrt(float(sum((k - mu) ** 2 * p for k, p in chances.items()))) / math.sqrt(n)


def test_the_running_average(nb, points):
    """The run prints the seeded averages; the prose describes the line in words true for any seed."""
    assert points[:100].mean() == 0.39 and points[:1000].mean() == 0.597 and points.mean() == 0.58226
    nb.says("0.582 simulated (0.390 and 0.597 after 100 and 1,000 rolls)",
            "The line jumps at first, then hardly moves: the law of large numbers")
    nb.never_says("The first 100 rolls average 0.39 points")
    nb.runs('print(f"the first 100 rolls average {points[:100].mean():.3f} points")',
            'print(f"all 100,000 rolls average {points.mean():.3f} points")')
    # "jumps, then hardly moves", for any seed: one roll's spread is 1.48 points, so the average of the first 100
    # rolls is typically 0.15 off and after 10,000 rolls 0.015: 95 in 100 runs stay within 0.03 of 7/12 from there
    sd = math.sqrt(float(sum(Fraction(k * k, 36) for k in range(1, 7)) - Fraction(7, 12) ** 2))
    assert f"{sd:.2f}" == "1.48" and 1.96 * sd / 100 < 0.03
    running = np.cumsum(points) / np.arange(1, len(points) + 1)
    assert np.ptp(running[:100]) > 10 * np.ptp(running[10_000:])


def test_the_exact_value(nb):
    ev = sum(Fraction(score_roll(list(r))[0], 36) for r in product(range(1, 7), repeat=2))
    assert ev == Fraction(21, 36) == Fraction(7, 12) and f"{float(ev):.3f}" == "0.583"
    assert turn_value({(t, 2): "bank" for t in range(1, 30)}, n_dice=2, beekin=False) == pytest.approx(7 / 12)
    nb.says("Six of them are pairs, scoring 1, 2, 3, 4, 5 and 6 points; the other 30 score 0",
            "(1 + 2 + 3 + 4 + 5 + 6) / 36 = 21/36 = 7/12 ≈ 0.583 points")


def test_a_whole_turn(nb):
    turns = simulate_turns(SatisfiedAt(20), 100_000, seed=9)["banked"].to_numpy()
    assert f"{turn_value(SatisfiedAt(20)):.3f}" == "3.317" and f"{turns.mean():.3f}" == "3.290"
    values = {k: f"{turn_value(SatisfiedAt(k)):.3f}" for k in (4, 10, 20, 30)}
    assert values[4] == "7.071" and values[30] == "0.960"
    nb.says("Exact 3.317 points a turn. The average of 100,000 simulated turns, printed above, is close to it: "
            "within 0.05 points in 95 of 100 simulations",
            "SatisfiedAt(20) 3.317 exact, 3.290 simulated",
            "Stopping at 4 earns 7.071 points a turn; stopping at 30 only 0.960")
    nb.never_says("the 100,000 simulated turns average 3.290")
    assert half_width(turn_distribution(SatisfiedAt(20))) < 0.05                 # 0.0499
    assert abs(turns.mean() - turn_value(SatisfiedAt(20))) < 0.05


def test_deciding_by_expected_value(nb, best):
    t = best.table
    rows = t[(t.turn_score == 12) & (t.dice == 3)].set_index("beekin")
    assert f"{rows.loc[True, 'roll_value']:.2f}" == "15.14" and rows.loc[True, "action"] == "roll"
    assert f"{rows.loc[False, 'roll_value']:.2f}" == "7.17" and rows.loc[False, "action"] == "bank"
    assert best.banks(12, 3, False) and not best.banks(12, 3, True)
    nb.says("With the Beekin still in hand, rolling is worth 15.14 points on average", "only 7.17: bank")


def test_the_optimal_turn(nb, best):
    sim = simulate_turns(best, 100_000, seed=9)["banked"].to_numpy()
    assert f"{best.value:.3f}" == "14.496" and f"{sim.mean():.3f}" == "14.480"
    best_k = max(range(1, 16), key=lambda k: turn_value(SatisfiedAt(k)))
    assert best_k == 4 and best.value > 2 * turn_value(SatisfiedAt(best_k))
    assert (sim == 0).any(), "the optimal rule does not win every turn"
    nb.says("14.496 points a turn, twice what the best `SatisfiedAt` rule earns, and the simulated average printed "
            "above is close to it (within about 0.05 points in 95 of 100 simulations, as before)",
            "the optimal turn 14.496 exact, 14.480 simulated", "(2) k = 4, 7.071 points a turn")
    nb.never_says("the simulation agrees (14.480)")
    assert round(half_width(turn_distribution(best)), 2) == 0.05                   # 0.053
    assert abs(sim.mean() - best.value) < 0.05


def test_teacher_answers(nb, best):
    eight = sum(Fraction(score_roll(list(r))[0], 64) for r in product(range(1, 9), repeat=2))
    assert eight == Fraction(36, 64) == Fraction(9, 16)
    t = best.table
    assert ((t.dice == 3) & t.beekin & (t.action == "bank")).any()
    nb.says("(1 + ... + 8) / 64 = 36/64 = 9/16")
    # Try it (3): with three dice and the Beekin, the policy banks at every turn score from 40 on, rolls below
    three = t[(t.dice == 3) & t.beekin].set_index("turn_score")
    assert (three.action[three.index >= 40] == "bank").all() and (three.action[three.index < 40] == "roll").all()
    assert f"{three.roll_value[40]:.2f}" == "39.99" and f"{three.roll_value[39]:.2f}" == "39.10"
    assert not best.banks(39, 3, True) and best.banks(40, 3, True)
    nb.says("(3) 40 points or more: with 40 in the bank, three dice and the Beekin, rolling is worth 39.99 points on "
            "average, less than the 40 in the bank, so the policy banks (at 39 rolling is still worth more, 39.10)")
    nb.says("3. In section 4, find a turn score at which the optimal policy banks with three dice even with the "
            "Beekin in hand")
