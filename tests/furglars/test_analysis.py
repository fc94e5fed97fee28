"""Exact roll distributions for The Furglars, checked by hand and by brute-force enumeration."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb

import pytest

from furlib.furglars import Furglars
from furlib.furglars.analysis import (
    count_distribution,
    count_table,
    expected_counts,
    face_probabilities,
    roll_distribution,
    roll_probabilities,
    x_factor_probability,
)

DIE = ("furgle", "furgle", "lock", "hand", "hand", "x")
KINDS = ("furgle", "lock", "hand", "x")


def brute_force(k: int, faces=DIE) -> dict[tuple[int, ...], Fraction]:
    """Every one of len(faces)**k equally likely face sequences, counted."""
    c: Counter = Counter()
    for seq in product(faces, repeat=k):
        c[tuple(seq.count(kind) for kind in KINDS)] += 1
    total = len(faces) ** k
    return {key: Fraction(n, total) for key, n in c.items()}


def test_one_die_by_hand():
    assert face_probabilities() == {"furgle": Fraction(1, 3), "lock": Fraction(1, 6),
                                    "hand": Fraction(1, 3), "x": Fraction(1, 6)}
    assert roll_probabilities(1) == {(1, 0, 0, 0): Fraction(1, 3), (0, 1, 0, 0): Fraction(1, 6),
                                     (0, 0, 1, 0): Fraction(1, 3), (0, 0, 0, 1): Fraction(1, 6)}


def test_two_and_three_dice_by_hand():
    two = roll_probabilities(2)
    assert two[(0, 0, 2, 0)] == Fraction(1, 9)            # (1/3)^2
    assert two[(1, 1, 0, 0)] == Fraction(1, 9)            # 2 * 1/3 * 1/6
    assert two[(0, 1, 0, 1)] == Fraction(1, 18)           # 2 * 1/6 * 1/6
    three = roll_probabilities(3)
    assert three[(0, 0, 0, 3)] == Fraction(1, 216)
    assert three[(1, 1, 1, 0)] == Fraction(1, 9)          # 3! * 1/3 * 1/6 * 1/3


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4, 5])
def test_matches_brute_force_enumeration(k):
    assert roll_probabilities(k) == brute_force(k)


def test_matches_brute_force_for_another_die():
    die = ("hand", "hand", "hand", "lock")
    probs = roll_probabilities(4, die)
    assert probs == brute_force(4, die)
    assert all(f == 0 and x == 0 for f, _, _, x in probs)


@pytest.mark.parametrize("k", [0, 1, 4, 8, 12])
def test_roll_distribution_table(k):
    df = roll_distribution(k)
    assert list(df.columns) == ["furgle", "lock", "hand", "x", "ways", "probability", "p"]
    assert len(df) == comb(k + 3, 3)
    assert int(df["ways"].sum()) == 6 ** k
    assert sum(df["probability"]) == 1
    for row in df.itertuples():
        assert row.furgle + row.lock + row.hand + row.x == k
        assert Fraction(row.ways, 6 ** k) == row.probability
        assert row.p == float(row.probability)
    assert list(df["p"]) == sorted(df["p"], reverse=True)


def test_the_most_likely_roll_of_eight():
    df = roll_distribution(8)
    top = df.iloc[0]
    # 3 Furgles, 1 Lock, 3 Hands, 1 X: 8!/(3! 1! 3! 1!) (1/3)^3 (1/6) (1/3)^3 (1/6) = 1120 / 26244
    assert [int(top[kind]) for kind in KINDS] == [3, 1, 3, 1]
    assert top["probability"] == Fraction(1120, 26244)
    assert df.iloc[1]["probability"] < top["probability"]       # no other roll is as likely


@pytest.mark.parametrize("kind", KINDS)
def test_count_distribution_is_the_binomial_marginal(kind):
    k = 6
    i = KINDS.index(kind)
    dist = count_distribution(k, kind)
    marginal = Counter()
    for counts, p in roll_probabilities(k).items():
        marginal[counts[i]] += p
    assert dist == {n: marginal[n] for n in range(k + 1)}
    assert sum(dist.values()) == 1


def test_count_distribution_by_hand():
    assert count_distribution(2, "hand") == {0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}
    assert count_distribution(3, "lock") == {0: Fraction(125, 216), 1: Fraction(75, 216),
                                             2: Fraction(15, 216), 3: Fraction(1, 216)}
    assert count_distribution(5, "x", ("hand", "lock")) == {n: Fraction(int(n == 0)) for n in range(6)}


def test_count_table():
    t = count_table(3)
    assert list(t.columns) == list(KINDS) and list(t.index) == [0, 1, 2, 3] and t.index.name == "n"
    assert t.loc[3, "x"] == Fraction(1, 216) and t.loc[0, "hand"] == Fraction(8, 27)
    for kind in KINDS:
        assert sum(t[kind]) == 1


def test_expected_counts():
    assert expected_counts(8) == {"furgle": Fraction(8, 3), "lock": Fraction(4, 3),
                                  "hand": Fraction(8, 3), "x": Fraction(4, 3)}
    for kind in KINDS:
        mean = sum(n * p for n, p in count_distribution(7, kind).items())
        assert expected_counts(7)[kind] == mean
    assert expected_counts(0) == {kind: 0 for kind in KINDS}


def test_x_factor_probability():
    assert x_factor_probability(1) == Fraction(1, 6)
    assert x_factor_probability(4) == Fraction(1, 1296)
    assert x_factor_probability(4) == roll_probabilities(4)[(0, 0, 0, 4)]
    assert x_factor_probability(3, ("hand", "lock")) == 0


def test_the_game_rolls_by_the_same_distribution():
    g = Furglars(3, seed=0)                      # first roll: 4 dice
    from_game = {tuple(a.faces.count(kind) for kind in KINDS): p for a, p in g.chance_outcomes()}
    assert from_game == roll_probabilities(4)


@pytest.mark.parametrize("call, words", [
    (lambda: roll_probabilities(-1), "k must be between 0 and 60, got -1"),
    (lambda: roll_distribution("3"), "k must be a whole number, got '3'"),
    (lambda: count_distribution(3, "banana"), "kind must be one of ['furgle', 'lock', 'hand', 'x'], got 'banana'"),
    (lambda: count_table(3, ["hand", "paw"]), "got 'paw'"),
    (lambda: expected_counts(2.0), "got 2.0"),
    (lambda: x_factor_probability(0), "k must be between 1 and 60, got 0"),
    (lambda: face_probabilities("hand"), "got 'hand'"),
])
def test_bad_input_names_the_value(call, words):
    with pytest.raises(ValueError) as info:
        call()
    assert words in str(info.value)
