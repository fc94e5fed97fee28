"""What notebooks/lesson-thieves-dice.ipynb says: 36 outcomes, the chance of a key, a miss in five intervals."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from furlib import Thieves
from furlib.core.stats import estimate
from furlib.thieves import key_probability
from furlib.thieves.analysis import move_probability, ordered_outcomes, roll_table

NOTEBOOK = "lesson-thieves-dice.ipynb"


def test_counting(nb):
    nb.says("6 × 6 = 36 outcomes, all equally likely", "there are only 21",
            "A double such as red and red comes 1 way in 36; red and white come 2 ways, so their chance is "
            "2/36 = 1/18")
    assert len(ordered_outcomes()) == 36
    rows = {k: (n, p) for k, n, p in roll_table()}
    assert len(rows) == 21 and rows[("red", "red")] == (1, Fraction(1, 36))
    assert rows[("red", "white")] == (2, Fraction(1, 18))


def test_key_probabilities(nb):
    nb.says("both miss with (4/6)² = 16/36, and the doorway opens with 1 − 16/36 = 20/36 = 5/9",
            "Black is on one face only: 1 − (5/6)² = 11/36")
    assert key_probability("red") == 1 - Fraction(4, 6) ** 2 == Fraction(20, 36) == Fraction(5, 9)
    assert key_probability("black") == 1 - Fraction(5, 6) ** 2 == Fraction(11, 36)


def test_simulation_and_the_miss(nb):
    nb.runs("rng = np.random.default_rng(1)", "rolls = faces[rng.integers(0, 6, size=(10_000, 2))]")
    nb.says("Four of the five intervals catch the exact value. Red's does not: 0.5687, with an interval from "
            "0.5590 to 0.5784, just above 5/9 ≈ 0.5556",
            "the chance of at least one miss is 1 − 0.95⁵ ≈ 23%",
            "a method that catches the true chance in 95 of 100 experiments like this one")
    faces = np.array(["red", "yellow", "green", "blue", "white", "black"])
    rolls = faces[np.random.default_rng(1).integers(0, 6, size=(10_000, 2))]
    covers = {}
    for colour in ["red", "yellow", "green", "blue", "black"]:
        opens = (rolls == colour).any(axis=1)
        if colour != "black":
            opens |= (rolls == "white").any(axis=1)
        e = estimate(int(opens.sum()), 10_000)
        covers[colour] = e.covers(key_probability(colour))
        if colour == "red":
            assert (f"{e.p:.4f}", f"{e.low:.4f}", f"{e.high:.4f}") == ("0.5687", "0.5590", "0.5784")
            assert e.low > 5 / 9
    assert covers == {"red": False, "yellow": True, "green": True, "blue": True, "black": True}
    assert round(100 * (1 - 0.95 ** 5)) == 23


def test_can_this_thief_move(nb):
    nb.says("it can move when the roll shows blue, yellow or white, which is 1 − (3/6)² = 3/4",
            "Thief 1: 3/4, as counted by hand", "green or white would give 20/36; but the answer is 4/9 = 16/36",
            "In 4 of the 36 outcomes (blue and white, red and white)")
    g = Thieves(seed=1, board="classic")
    assert move_probability(g, 1) == Fraction(3, 4) == 1 - Fraction(3, 6) ** 2
    assert move_probability(g, 3) == Fraction(4, 9) == Fraction(16, 36)
    # blue+white and red+white: 2 ordered outcomes each
    assert 20 - 16 == 4


def test_teacher_answers(nb):
    nb.says("With two white faces a red doorway opens with 3 faces of 6: 1 − (3/6)² = 3/4")
    assert key_probability("red", ["red", "yellow", "green", "white", "white", "black"]) == Fraction(3, 4)
