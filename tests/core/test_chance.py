"""The chance helpers: multinomial dice outcomes and deck draws, against hand counts."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from furlib.core.engine.chance import count_rolls, dice_outcomes, dice_ways, draw_index, draw_outcomes, roll_dice

FURGLARS_DIE = ("furgle", "furgle", "lock", "hand", "hand", "x")


def test_two_dice_by_hand():
    out = dict(dice_outcomes(2, range(1, 7)))
    assert len(out) == 21                                  # 6 doubles + 15 pairs
    assert out[(3, 3)] == Fraction(1, 36) and out[(2, 5)] == Fraction(2, 36)


@pytest.mark.parametrize("k, sides", [(1, 6), (3, 6), (5, 6), (4, 4), (6, 2)])
def test_counts_and_total(k, sides):
    out = dice_outcomes(k, range(1, sides + 1))
    assert len(out) == count_rolls(k, sides) == comb(sides + k - 1, k)
    assert sum(p for _, p in out) == 1
    assert sum(dice_ways(r, range(1, sides + 1)) for r, _ in out) == sides ** k


def test_repeated_faces_weigh_more():
    out = dict(dice_outcomes(1, FURGLARS_DIE))
    assert out == {("furgle",): Fraction(1, 3), ("lock",): Fraction(1, 6), ("hand",): Fraction(1, 3),
                   ("x",): Fraction(1, 6)}
    two = dict(dice_outcomes(2, FURGLARS_DIE))
    assert two[("furgle", "hand")] == Fraction(2 * 2 * 2, 36)   # two orders, two faces each
    assert sum(two.values()) == 1


def test_bad_arguments():
    with pytest.raises(ValueError, match="k must be a whole number of dice >= 0, got -1"):
        dice_outcomes(-1, range(6))
    with pytest.raises(ValueError, match="at least one face"):
        dice_outcomes(2, [])
    with pytest.raises(ValueError, match="more than 50000"):
        dice_outcomes(30, range(1, 21))
    with pytest.raises(ValueError, match="empty deck"):
        draw_outcomes([])
    with pytest.raises(ValueError, match="empty deck"):
        draw_index(np.random.default_rng(0), 0)


def test_draws_merge_equal_cards():
    assert draw_outcomes(["a", "b", "a", "c"]) == [("a", Fraction(1, 2)), ("b", Fraction(1, 4)),
                                                   ("c", Fraction(1, 4))]


def test_sampling_matches_the_exact_law():
    """Chi-squared test at a fixed seed: 3 dice, 20,000 rolls, 56 classes; 5% critical value of chi2(55) is 73.3."""
    rng = np.random.default_rng(12)
    exact = dict(dice_outcomes(3, range(1, 7)))
    n = 20_000
    counts: dict = {}
    for _ in range(n):
        r = tuple(sorted(roll_dice(rng, 3, range(1, 7))))
        counts[r] = counts.get(r, 0) + 1
    chi2 = sum((counts.get(r, 0) - n * float(p)) ** 2 / (n * float(p)) for r, p in exact.items())
    assert chi2 < 73.3


def test_outcomes_are_listed_once_and_callers_cannot_change_them():
    from furlib import Furcle
    from furlib.core.engine.chance import _outcomes, dice_outcomes

    _outcomes.cache_clear()
    a = dice_outcomes(3, range(1, 7))
    b = dice_outcomes(3, range(1, 7))
    assert a == b and a is not b and _outcomes.cache_info().hits == 1
    a.clear()
    assert len(dice_outcomes(3, range(1, 7))) == 56          # C(8, 3) multisets, untouched by the caller
    g = Furcle(seed=1)
    first = g.chance_outcomes()
    first.pop()
    assert len(g.chance_outcomes()) == 252                   # C(10, 5): five dice
