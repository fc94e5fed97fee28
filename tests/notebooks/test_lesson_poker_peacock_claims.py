"""What notebooks/lesson-poker-peacock.ipynb says: one worked area, and the value of a Color-Change card.

The seeded numbers are printed by the lesson's cells; the prose states only what holds for any seed, and the
teacher notes give the figures of the lesson's seeds, checked here.
"""

from __future__ import annotations

from math import comb, sqrt

import numpy as np
import pytest

from furlib.core.stats import two_mean_z_test, two_proportion_z_test
from furlib.poker import best_score
from furlib.poker.analysis import extra_card_gains, special_gains

NOTEBOOK = "lesson-poker-peacock.ipynb"
CARDS = [(3, "red"), (4, "red"), (5, "blue"), (9, "red"), (11, "green"), (11, "gray"), (1, "purple")]


def mean_interval(x):
    m = x.mean()
    half = 1.96 * x.std(ddof=1) / len(x) ** 0.5
    return f"{m:.3f}", f"{m - half:.3f}", f"{m + half:.3f}"


@pytest.fixture(scope="module")
def runs():
    """The lesson's samples, seeds 7 and 8, keyed (areas, size, color_changes)."""
    out = {(a, s, c): special_gains(a, s, seed=7, color_changes=c) for a, s, c in
           [(2000, 7, 1), (2000, 5, 1), (2000, 7, 2), (500, 7, 1)]}
    out[2000, 7, 1, 9] = special_gains(2000, 7, seed=9, color_changes=1)      # independent of seed 7's areas
    out["extra", 7] = extra_card_gains(2000, 7, seed=8)
    out["extra", 5] = extra_card_gains(2000, 5, seed=8)
    return out


def test_question_and_guess(nb):
    nb.says("Question: your Personal Area holds 7 random cards. On average, how many points does one Color-Change "
            "card add to it? More or less than one more card taken at random?",
            "There are 1,473,109,704 different areas of 7 basic cards", "so there is no exact answer here")
    nb.runs('guess = Prediction("On average, how many points does one Color-Change card add to 7 random cards?")',
            "guess.compare(simulated=gains.mean())")
    assert "exact=" not in nb.code                # no exact answer to compare with
    assert comb(72, 7) == 1_473_109_704


def test_one_area(nb):
    nb.runs('cards = [(3, "red"), (4, "red"), (5, "blue"), (9, "red"), (11, "green"), (11, "gray"), (1, "purple")]')
    nb.says("the area scores 3 points: a flush of 3 in red (2 points) and a pair of 11s (1 point)",
            "the Blue 5 becomes a Red 5, the flush grows to 4 cards, and the area scores 5 points: the card is "
            "worth 2 points here")
    plain, changed = best_score(CARDS), best_score(CARDS, color_changes=1)
    assert plain.points == 3 and [str(c) for c in plain.combinations] == ["flush of 3 in red (2 points)",
                                                                          "pair of 11s (1 point)"]
    assert changed.points == 5 and "the Blue 5 becomes the Red 5 (Color-Change)" in changed.explain()
    assert "flush of 4 in red (4 points)" in changed.explain()


def test_two_thousand_areas(nb, runs):
    nb.runs("areas = 2000", "size = 7", "color_changes = 1",
            "gains = special_gains(areas, size, seed=7, color_changes=color_changes)",
            "extra = extra_card_gains(areas, size, seed=8)", "half = 1.96 * x.std(ddof=1) / len(x) ** 0.5")
    nb.says("a method that catches the true average in 95 of 100 experiments like this one",
            "A Color-Change card never hurts", "so no area gains less than 0 points",
            "one Color-Change card on 7 cards adds 1.434 points on average (95% interval 1.401 to 1.467); 291 of "
            "the 2,000 areas gained 0 points, 573 gained 1, 1113 gained 2 and 23 gained 3",
            "A random 8th card adds 0.908 points (0.868 to 0.949)")
    nb.never_says("p = 0 ", "p = 0.000")
    gains, extra = runs[2000, 7, 1], runs["extra", 7]
    assert mean_interval(gains) == ("1.434", "1.401", "1.467") and gains.min() >= 0
    assert np.bincount(gains).tolist() == [291, 573, 1113, 23]
    assert mean_interval(extra) == ("0.908", "0.868", "0.949")


def test_the_test(nb, runs):
    nb.runs("test = two_mean_z_test(gains, extra)",
            'p = "p < 0.001" if test.p_value < 0.001 else f"p = {test.p_value:.3f}"')
    nb.says("With 7 cards it comes out at about half a point, with p < 0.001",
            "a Peacock is worth about half a point more than a card taken at random",
            "The difference is +0.525 points (95% interval +0.473 to +0.578), z = 19.78, p < 0.001")
    d = two_mean_z_test(runs[2000, 7, 1], runs["extra", 7])
    assert (f"{d.difference:+.3f}", f"{d.low:+.3f}", f"{d.high:+.3f}", f"{d.z:.2f}") == \
        ("+0.525", "+0.473", "+0.578", "19.78")
    assert d.p_value < 0.001 and 0.4 < d.low < d.high < 0.6
    # other seeds read the same: "about half a point" and "p < 0.001" hold within 4 standard errors of this run's
    # difference (0.40 to 0.63 points; z of 15 or more, p below 1e-40)
    se = (d.high - d.low) / 3.92
    assert 0.4 < d.difference - 4 * se and d.difference + 4 * se < 0.65 and (d.difference - 4 * se) / se > 15


def test_the_chart(nb, runs):
    nb.runs("from furlib.lessons import Chart", '.bars(range(top), np.bincount(gains, minlength=top), '
            '"Color-Change card")')
    nb.says("The random card adds nothing in many areas but now and then adds 3 points or more; the Color-Change "
            "card adds nothing less often, and most often adds 2 points")
    gains, extra = np.bincount(runs[2000, 7, 1]), np.bincount(runs["extra", 7])
    assert extra[0] > gains[0] and extra[3:].sum() > 0 and int(np.argmax(gains)) == 2
    # "adds nothing less often": the share of areas gaining 0, Color-Change card (seed 7) against random card (seed 8),
    # two independent samples of 2,000: two-proportion z-test, p < 0.001 (291 against 822)
    zero = two_proportion_z_test(int(gains[0]), 2000, int(extra[0]), 2000)
    assert (gains[0], extra[0]) == (291, 822) and zero.difference < 0 and zero.p_value < 0.001
    # "most often adds 2 points": 2 against the runner-up (1 point), in the same 2,000 areas (multinomial counts,
    # Var(n2 - n1) = n2 + n1 - (n2 - n1)^2 / n): z > 4, so p < 0.0001
    two, runner_up = int(gains[2]), int(np.sort(np.delete(gains, 2))[-1])
    assert runner_up == gains[1] == 573
    assert (two - runner_up) / sqrt(two + runner_up - (two - runner_up) ** 2 / 2000) > 4


def test_teacher_answers(nb, runs):
    nb.says("Time (45 min)",
            "with 5 cards a Color-Change card adds less, 1.209 points on average",
            "and still more than a random card (0.747 points; difference +0.463, p < 0.001)",
            "Two Color-Change cards on 7 cards add 3.115 points on average, more than twice one card's 1.434",
            "with 500 areas the average is 1.404 and the interval runs from 1.337 to 1.471",
            "Wider, about twice as wide")
    five = runs[2000, 5, 1]
    assert mean_interval(five)[0] == "1.209" and five.mean() < runs[2000, 7, 1].mean()
    # "adds less" on 5 cards than on 7, and "Why is it worth more on 7 cards than on 5?": the lesson's 5-card and
    # 7-card samples share seed 7, so they are not independent; against a fresh sample of 7-card areas (seed 9) the
    # two-mean z-test gives p < 0.001 (1.209 against about 1.43; each mean's standard error is about 0.017)
    fresh = runs[2000, 7, 1, 9]
    less = two_mean_z_test(five, fresh)
    assert less.difference < 0 and less.p_value < 0.001 and less.high < -0.1
    d5 = two_mean_z_test(five, runs["extra", 5])
    assert f"{runs['extra', 5].mean():.3f}" == "0.747" and f"{d5.difference:+.3f}" == "+0.463"
    assert d5.p_value < 0.001
    two = runs[2000, 7, 2]
    assert f"{two.mean():.3f}" == "3.115" and two.mean() > 2 * runs[2000, 7, 1].mean()
    paired = two - 2 * runs[2000, 7, 1]          # the same 2,000 areas (same seed): two cards minus twice one
    assert float(mean_interval(paired)[1]) > 0
    small = runs[500, 7, 1]
    assert mean_interval(small) == ("1.404", "1.337", "1.471")
    width = [float(mean_interval(x)[2]) - float(mean_interval(x)[1]) for x in (small, runs[2000, 7, 1])]
    assert 1.8 < width[0] / width[1] < 2.3
