"""What notebooks/lesson-poker-peacock.ipynb says: one worked area, and the value of a Color-Change card."""

from __future__ import annotations

import numpy as np

from furlib.core.stats import two_mean_z_test
from furlib.poker import best_score
from furlib.poker.analysis import extra_card_gains, special_gains

NOTEBOOK = "lesson-poker-peacock.ipynb"
CARDS = [(3, "red"), (4, "red"), (5, "blue"), (9, "red"), (11, "green"), (11, "gray"), (1, "purple")]


def mean_interval(x):
    m = x.mean()
    half = 1.96 * x.std(ddof=1) / len(x) ** 0.5
    return f"{m:.3f}", f"{m - half:.3f}", f"{m + half:.3f}"


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


def test_two_thousand_areas(nb):
    nb.runs("gains = special_gains(2000, 7, seed=7)", "extra = extra_card_gains(2000, 7, seed=8)",
            "half = 1.96 * x.std(ddof=1) / len(x) ** 0.5")
    nb.says("A Color-Change card adds 1.434 points on average (95% interval 1.401 to 1.467)",
            "gained nothing in 291 of the 2,000 areas, 1 point in 573, 2 points in 1113 and 3 points in 23",
            "A random 8th card adds 0.908 points (95% interval 0.868 to 0.949)",
            "a method that catches the true average in 95 of 100 experiments like this one",
            "The difference is +0.5255 points (95% interval +0.4734 to +0.5776), with z = 19.78",
            "a Peacock is worth about half a point more than a card taken at random")
    gains = special_gains(2000, 7, seed=7)
    extra = extra_card_gains(2000, 7, seed=8)
    assert mean_interval(gains) == ("1.434", "1.401", "1.467") and gains.min() >= 0
    assert np.bincount(gains).tolist() == [291, 573, 1113, 23]
    assert mean_interval(extra) == ("0.908", "0.868", "0.949")
    d = two_mean_z_test(gains, extra)
    assert (f"{d.difference:+.4f}", f"{d.low:+.4f}", f"{d.high:+.4f}", f"{d.z:.2f}") == \
        ("+0.5255", "+0.4734", "+0.5776", "19.78")
    assert d.p_value < 1e-10 and 0.4 < d.difference < 0.6


def test_teacher_answers(nb):
    nb.says("with 5 cards a Color-Change card adds less, 1.24 points on average",
            "two Color-Change cards on 7 cards add 3.106 points on average, more than twice one card's 1.434")
    assert round(special_gains(500, 5, seed=7).mean(), 2) == 1.24
    two = special_gains(500, 7, seed=7, color_changes=2).mean()
    assert f"{two:.3f}" == "3.106" and two > 2 * 1.434
