"""Exact chances of dealt combinations: against full enumeration, hand counts, and simulation."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb, sqrt

import pytest

from furlib.poker.analysis import KINDS, chance, chance_table, has_combination, simulate


def test_hand_counted_values():
    # 3 cards: a straight of 3 is 10 runs (1-3 ... 10-12) times 6^3 colourings
    assert chance("straight", 3, 3) == Fraction(10 * 6 ** 3, comb(72, 3))
    # 3 cards: a flush of 3 is 6 colours times C(12, 3)
    assert chance("flush", 3, 3) == Fraction(6 * comb(12, 3), comb(72, 3))
    # 3 cards: three of a kind is 12 numbers times C(6, 3); a straight flush 6 colours times 10 runs
    assert chance("of a kind", 3, 3) == Fraction(12 * comb(6, 3), comb(72, 3))
    assert chance("straight flush", 3, 3) == Fraction(60, comb(72, 3))
    # 13 cards always hold a pair; 2 cards a pair with chance 5/71
    assert chance("of a kind", 2, 13) == 1 and chance("of a kind", 2, 2) == Fraction(5, 71)
    assert chance("flush", 3, 13) == 1 and chance("straight", 3, 2) == 0


def test_every_chance_equals_full_enumeration_of_three_cards():
    counts: dict = {}
    for sub in combinations(range(72), 3):
        nums = [c % 12 + 1 for c in sub]
        cols = [c // 12 for c in sub]
        for kind in KINDS:
            for size in ((2, 3) if kind == "of a kind" else (3,)):
                counts[(kind, size)] = counts.get((kind, size), 0) + has_combination(nums, cols, kind, size)
    for (kind, size), n in counts.items():
        assert chance(kind, size, 3) == Fraction(n, comb(72, 3)), (kind, size)


def test_chance_table_for_eight_cards_is_ordered():
    t = chance_table(8)
    for kind in KINDS:
        sizes = sorted(s for k, s in t if k == kind)
        assert all(t[(kind, a)] >= t[(kind, b)] for a, b in zip(sizes, sizes[1:]))
    assert t[("straight flush", 3)] <= min(t[("straight", 3)], t[("flush", 3)])


@pytest.mark.parametrize("kind, size", [("flush", 3), ("flush", 4), ("straight", 4), ("of a kind", 3),
                                        ("straight flush", 3)])
def test_simulation_agrees_with_the_exact_chance(kind, size):
    """z-test at the 0.1% level (|z| < 3.29) of 4,000 seeded deals of 8 cards against the exact chance."""
    n = 4000
    p = float(chance(kind, size, 8))
    hits = simulate(kind, size, 8, n, seed=11)
    z = (hits - n * p) / sqrt(n * p * (1 - p))
    assert abs(z) < 3.29, (kind, size, hits, n * p, z)


@pytest.mark.parametrize("args, match", [
    (("pair", 2, 8), "kind must be one of"), (("flush", 2, 8), "size must be"), (("flush", 3, 73), "k must be"),
])
def test_bad_arguments(args, match):
    with pytest.raises(ValueError, match=match):
        chance(*args)
