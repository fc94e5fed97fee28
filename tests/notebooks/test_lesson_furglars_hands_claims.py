"""What notebooks/lesson-furglars-hands.ipynb says: Hands in 8 dice, the binomial (the multinomial moved to
lesson-furglars-rolls, see test_lesson_furglars_rolls_claims.py)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pandas as pd
import pytest

from furlib import Furglars
from furlib.core.stats import estimate
from furlib.furglars import face_probabilities
from furlib.furglars.analysis import (
    at_least_probability,
    count_comparison,
    count_distribution,
    expected_counts,
    simulate_rolls,
)

NOTEBOOK = "lesson-furglars-hands.ipynb"


def hands_in_first_roll(seed):
    """As the notebook's function, read from the events (faster than building ``g.history``)."""
    g = Furglars(["Kenzie", "Sofia"], dice_per_player=8, seed=seed)
    g.roll()
    return next(e for e in g.events if e.kind == "roll").data["faces"].count("hand")


def test_reading_the_history_gives_the_same_count():
    for seed in range(5):
        g = Furglars(["Kenzie", "Sofia"], dice_per_player=8, seed=seed)
        g.roll()
        assert int(g.history.query("event == 'roll'").iloc[0]["hand"]) == hands_in_first_roll(seed)


@pytest.fixture(scope="module")
def rolls():
    return simulate_rolls(8, 100_000, seed=1)


@pytest.fixture(scope="module")
def exact():
    return count_distribution(8, "hand")


def test_the_die(nb):
    nb.says("2 Furgles, 1 Lock, 2 Hands and 1 X", "One die shows a Hand with chance 2/6 = 1/3")
    assert face_probabilities()["hand"] == Fraction(1, 3)


def test_play_8_dice(nb):
    nb.runs('Furglars(["Kenzie", "Sofia"], dice_per_player=8, seed=1)',
            "[hands_in_first_roll(seed) for seed in range(1000)]")
    nb.says("With `seed=1` the game rolls just like the rulebook: 2 Furgles, 1 Lock, 3 Hands and 2 Xs (another seed "
            "rolls other dice)", "Compare the three lines with your guesses: a little under 3 Hands on average, and "
            "almost every roll has at least one Hand", "The notebook's 1,000 first rolls (seeds 0 to 999) average "
            "2.7 Hands")
    nb.never_says("About 2.7 Hands on average")
    nb.runs('print(f"average number of Hands: {played.mean():.3f}")')
    g = Furglars(["Kenzie", "Sofia"], dice_per_player=8, seed=1)
    g.roll()
    assert "2 Furgles, 1 Lock, 3 Hands and 2 Xs" in g.log(last=2).splitlines()[0]
    played = pd.Series([hands_in_first_roll(seed) for seed in range(1000)])
    assert len(played) == 1000 and played.between(0, 8).all()
    assert hands_in_first_roll(1) == 3
    assert round(played.mean(), 1) == 2.7
    # the average is within 4 standard errors of 8/3 (one die: variance 1/3 * 2/3)
    assert abs(played.mean() - 8 / 3) < 4 * (8 * (1 / 3) * (2 / 3) / 1000) ** 0.5
    # "a little under 3" and "almost every roll" for any seeds: 4 standard errors from 8/3 and from 96.1%
    assert 8 / 3 + 4 * (8 * (1 / 3) * (2 / 3) / 1000) ** 0.5 < 2.9
    p1 = 1 - (2 / 3) ** 8
    assert p1 - 4 * (p1 * (1 - p1) / 1000) ** 0.5 > 0.93
    at_least_one = int((played >= 1).sum())
    assert at_least_one / 1000 > 0.9 and estimate(at_least_one, 1000).covers(1 - (2 / 3) ** 8)


def test_100_000_rolls(nb, rolls):
    nb.runs("simulate_rolls(8, 100_000, seed=1)")
    nb.says("with the same seed it even gives the same dice as the game's first roll")
    assert rolls.shape == (100_000, 4) and (rolls.sum(axis=1) == 8).all()
    assert simulate_rolls(8, 1, seed=1).iloc[0].tolist() == [2, 1, 3, 2]   # Kenzie's roll: same dice as the game
    n = len(rolls)
    assert abs(rolls["hand"].mean() - 8 / 3) < 4 * (8 * (1 / 3) * (2 / 3) / n) ** 0.5
    p1 = 1 - (2 / 3) ** 8
    assert abs((rolls["hand"] >= 1).mean() - p1) < 4 * (p1 * (1 - p1) / n) ** 0.5


def test_the_binomial(nb, exact):
    nb.says("C(8, 3) = 56 ways", "P(3 Hands) = 56 × (1/3)³ × (2/3)⁵",
            "Look at 2 and 3 Hands: exactly the same chance, 1792/6561 ≈ 0.273. They are the two most likely counts",
            "8 dice bring 8 × 1/3 = 8/3 ≈ 2.67 Hands", "(2/3)⁸ = 256/6561 ≈ 3.9%",
            "at least one Hand has chance 1 − (2/3)⁸ ≈ 96.1%")
    p3 = comb(8, 3) * Fraction(1, 3) ** 3 * Fraction(2, 3) ** 5
    assert comb(8, 3) == 56
    assert p3 == exact[3] == exact[2] == Fraction(1792, 6561) and round(float(p3), 3) == 0.273
    assert max(exact.values()) == exact[3] and sorted(exact.values())[-3] < exact[2]
    assert sum(exact.values()) == 1
    assert expected_counts(8)["hand"] == Fraction(8, 3) == sum(n * p for n, p in exact.items())
    assert at_least_probability(8, "hand") == 1 - Fraction(2, 3) ** 8 == Fraction(6305, 6561)
    assert Fraction(2, 3) ** 8 == Fraction(256, 6561)
    assert round(100 * 256 / 6561, 1) == 3.9 and round(100 * 6305 / 6561, 1) == 96.1


def test_exact_against_simulated(nb, rolls):
    nb.runs('count_comparison(rolls, "hand")', "simulate_rolls(8, 1_000, seed=2)")
    nb.says("a range that catches the true value in 95 of 100 experiments like this one",
            "The dots sit on the bars", "with 100 times more rolls the intervals are about 10 times narrower")
    table = count_comparison(rolls, "hand")
    small = count_comparison(simulate_rolls(8, 1_000, seed=2), "hand")
    for t in (table, small):
        z = (t.freq - t.p) / np.sqrt(t.p * (1 - t.p) / t.rolls.sum())
        assert (z.abs() < 4).all(), t
    w_small, w_big = (small.ci_high - small.ci_low)[3], (table.ci_high - table.ci_low)[3]
    assert 8 < w_small / w_big < 12


def test_the_split(nb):
    """Sections 5 and 6 moved to lesson-furglars-rolls, so the lesson fits 45 minutes."""
    nb.says("is the next lesson: `lesson-furglars-rolls`", "Time (45 min)")
    nb.never_says("## 5.", "multinomial distribution", "in `dist`")


def test_exercises_and_answers(nb):
    """The key answers every Try-it (issue 34: it answered only Try it 2)."""
    nb.says("2 and 3 Hands are equally likely (1792/6561 each) because (n + 1)p = 9 × 1/3 = 3 is a whole number",
            "at least one Hand 6305/6561 ≈ 96.1%", "Try it 1", "Try it 2", "Try it 3", "Try it 4", "Try it 5")
    # Try it 1: three Hands on a die
    three = ("furgle", "lock", "hand", "hand", "hand", "x")
    assert expected_counts(8, three)["hand"] == 4 == 8 * count_distribution(1, "hand", three)[1]
    assert all(expected_counts(8, three)[k] == Fraction(4, 3) for k in ("furgle", "lock", "x"))
    dist = count_distribution(8, "hand", three)
    assert all(dist[k] == dist[8 - k] for k in range(9)) and max(dist, key=dist.get) == 4
    assert dist[4] == Fraction(70, 256) == Fraction(35, 128) and round(float(dist[4]), 3) == 0.273
    nb.says("8 dice bring 8 × 1/2 = 4 Hands on average (`expected_counts` also gives 4/3 each of Furgles, Locks and "
            "Xs); `count_distribution` is now symmetric around 4, the most likely count, with chance 70/256 = 35/128 "
            "≈ 0.273")
    # Try it 2
    nb.says("99% needs 12 dice: 11 dice leave no Hand with chance (2/3)¹¹ ≈ 1.2%, 12 dice with (2/3)¹² ≈ 0.8%")
    assert at_least_probability(11, "hand") < Fraction(99, 100) < at_least_probability(12, "hand")
    assert round(100 * (2 / 3) ** 11, 1) == 1.2 and round(100 * (2 / 3) ** 12, 1) == 0.8
    # Try it 3
    one, two = at_least_probability(8, "lock"), at_least_probability(8, "lock", 2)
    assert one == 1 - Fraction(5, 6) ** 8 == Fraction(1288991, 1679616) and round(100 * float(one), 1) == 76.7
    assert two == one - 8 * Fraction(1, 6) * Fraction(5, 6) ** 7 == Fraction(663991, 1679616)
    assert round(100 * float(two), 1) == 39.5
    nb.says("at least one Lock: 1 − (5/6)⁸ = 1288991/1679616 ≈ 76.7%; at least two: 663991/1679616 ≈ 39.5%")
    # Try it 5
    assert count_distribution(8, "hand")[8] == Fraction(1, 3) ** 8 == Fraction(1, 6561)
    assert round(float(Fraction(1, 6561)), 5) == 0.00015
    nb.says("all 8 dice Hands: (1/3)⁸ = 1/6561 ≈ 0.00015")


def test_try_it_4_four_times_the_rolls(nb):
    nb.says("Change `100_000` in `simulate_rolls(8, 100_000, seed=1)` to `400_000`",
            "from 400,000 rolls each interval is 0.47 to 0.52 times as wide as from 100,000")
    small = count_comparison(simulate_rolls(8, 100_000, seed=1), "hand")
    big = count_comparison(simulate_rolls(8, 400_000, seed=1), "hand")
    ratio = (big.ci_high - big.ci_low) / (small.ci_high - small.ci_low)
    assert ratio.round(2).min() == 0.47 and ratio.round(2).max() == 0.52
