"""Captures, theft and points per turn (exact), checked by hand, by brute force and by
enumerating the real engine's chance outcomes; the roll simulator against the exact law."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from furlib.core.stats import wilson_interval
from furlib.furglars import Furglars, Roll
from furlib.furglars.analysis import (
    at_least_probability,
    capture_distribution,
    count_comparison,
    count_distribution,
    expected_capture,
    expected_points_per_turn,
    simulate_rolls,
    survival_distribution,
)
from furlib.furglars.bots import GreedyThief

DIE = ("furgle", "furgle", "lock", "hand", "hand", "x")
F, L, H, X = "furgle", "lock", "hand", "x"


def sequences(k: int, faces=DIE):
    """Every one of len(faces)**k equally likely face sequences, with its probability."""
    p = Fraction(1, len(faces) ** k)
    for seq in product(faces, repeat=k):
        yield seq, p


# ------------------------------------------------------------------ at least n


def test_at_least_by_hand():
    assert at_least_probability(8, "hand") == 1 - Fraction(2, 3) ** 8 == Fraction(6305, 6561)
    assert at_least_probability(2, "lock", 2) == Fraction(1, 36)
    assert at_least_probability(3, "x", 0) == 1
    assert at_least_probability(3, "x", 4) == 0
    dist = count_distribution(6, "furgle")
    assert at_least_probability(6, "furgle", 2) == 1 - dist[0] - dist[1]
    with pytest.raises(ValueError, match="n must be >= 0, got -1"):
        at_least_probability(3, "hand", -1)


# ------------------------------------------------------------------ captures


def test_capture_by_hand():
    # one die: a Furgle (1/3) or a Hand that steals (1/3)
    assert capture_distribution(1) == {0: Fraction(1, 3), 1: Fraction(2, 3)}
    # two dice, one Furgle to steal: 0 only with no Furgle and no Hand: (1/3)^2;
    # 2 needs FF, FH, HF (the second Hand of HH has nothing left): 1/9 + 2/9 = 1/3
    assert capture_distribution(2, available=1) == {0: Fraction(1, 9), 1: Fraction(5, 9), 2: Fraction(1, 3)}


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("available", [None, 0, 1, 2])
def test_capture_matches_brute_force(k, available):
    want: Counter = Counter()
    for seq, p in sequences(k):
        hands = seq.count(H)
        want[seq.count(F) + (hands if available is None else min(hands, available))] += p
    assert capture_distribution(k, available) == dict(want)
    assert expected_capture(k, available) == sum(n * p for n, p in want.items())


def test_expected_capture_formulas():
    for k in range(0, 13):
        assert expected_capture(k) == Fraction(2 * k, 3)              # k (1/3 + 1/3)
        assert expected_capture(k, available=0) == Fraction(k, 3)     # Furgles only
        assert expected_capture(k, available=k) == expected_capture(k)
    assert expected_capture(3, faces=(H, X)) == Fraction(3, 2)
    assert expected_capture(3, available=0, faces=(H, X)) == 0


# ------------------------------------------------------------------ theft


def test_survival_by_hand():
    assert survival_distribution(1, 0, 1) == {0: Fraction(1, 3), 1: Fraction(2, 3)}
    assert survival_distribution(2, 1, 1) == {2: Fraction(1)}                 # 1 Hand cannot break and steal
    # 2 Furgles, 1 Lock, 2 dice: only HH (1/9) breaks the Lock and steals one
    assert survival_distribution(2, 1, 2) == {1: Fraction(1, 9), 2: Fraction(8, 9)}
    assert survival_distribution(0, 3, 5) == {0: Fraction(1)}
    assert survival_distribution(3, 0, 0) == {3: Fraction(1)}


@pytest.mark.parametrize("furgles, locks, dice", [(2, 0, 3), (3, 1, 4), (1, 2, 4), (4, 1, 2)])
def test_survival_matches_brute_force(furgles, locks, dice):
    want: Counter = Counter()
    for seq, p in sequences(dice):
        h = seq.count(H)
        want[furgles - (min(furgles, h - locks) if h > locks else 0)] += p
    assert survival_distribution(furgles, locks, dice) == dict(want)


# ------------------------------------------------------------------ points per turn, through the engine


def next_cash_in(g: Furglars, me: str, until_turn: int) -> Fraction:
    """Exact expected points ``me`` cashes in when turn ``until_turn`` starts: every chance
    outcome of the engine, weighted by its exact probability, GreedyThief deciding."""
    if g.turn >= until_turn or g.is_over:
        return Fraction(sum(e.data["points"] for e in g.events if e.kind == "cash in" and e.player == me))
    if g.is_chance:
        total = Fraction(0)
        for action, p in g.chance_outcomes():
            g.apply(action)
            total += p * next_cash_in(g, me, until_turn)
            g.undo()
        return total
    g.apply(GreedyThief()(g))
    value = next_cash_in(g, me, until_turn)
    g.undo()
    return value


def test_points_per_turn_by_hand():
    # 1 die each: keep a Furgle (1/3) that the opponent's one die does not steal (2/3)
    assert expected_points_per_turn(1, total_dice=2) == Fraction(2, 9)


@pytest.mark.parametrize("dice", [1, 2, 3, 4])
def test_first_turn_of_a_2_player_game_matches_the_engine(dice):
    g = Furglars(["Ann", "Bob"], dice_per_player=dice, seed=0)
    # Ann rolls first (turn 1), Bob rolls (turn 2), Ann cashes in when turn 3 starts
    assert next_cash_in(g, "Ann", 3) == expected_points_per_turn(dice, 0, 2 * dice)


def test_points_with_a_chart_match_the_engine():
    chart = {n: n * n + 1 for n in range(1, 7)}
    g = Furglars(["Ann", "Bob"], dice_per_player=3, chart=chart, target=100, seed=0)
    assert next_cash_in(g, "Ann", 3) == expected_points_per_turn(3, 0, 6, chart=chart)


@pytest.mark.parametrize("available", [1, 2, 3])
def test_stealing_turn_matches_the_engine(available):
    # Rig turns 1-2 so that Ann rolls 6 - available dice at turn 3 while Bob holds
    # ``available`` Furgles and no Lock; check Ann's captures and her next cash-in.
    k = 6 - available
    g = Furglars(["Ann", "Bob"], dice_per_player=3, seed=0)
    g.apply(Roll((X,) * 3))                                       # Ann passes 3 Xs: Bob has 6 dice
    g.apply(Roll((F,) * available + (X,) * (6 - available)))      # Bob keeps the Furgles
    assert g.turn == 3 and g.dice_to_roll == k and g.furgles["Bob"] == available and g.locks["Bob"] == 0
    captured = Fraction(0)
    for action, p in g.chance_outcomes():
        g.apply(action)
        while not g.is_over and not g.is_chance and g.current_player == "Ann":
            g.apply(GreedyThief()(g))
        captured += p * g.furgles["Ann"]
        g.undo(g.n_steps - 2)
    assert captured == expected_capture(k, available)
    assert next_cash_in(g, "Ann", 5) == expected_points_per_turn(k, available, 6)


def test_points_per_turn_bad_input():
    with pytest.raises(ValueError, match=r"total_dice must be at least k \+ available = 7"):
        expected_points_per_turn(5, 2, 6)
    with pytest.raises(ValueError, match="available must be >= 0, got -1"):
        expected_points_per_turn(5, -1)
    with pytest.raises(ValueError, match="k must be between 1 and 60, got 0"):
        expected_points_per_turn(0)
    with pytest.raises(ValueError, match="available must be a whole number, got 1.5"):
        capture_distribution(3, 1.5)
    with pytest.raises(ValueError, match="locks must be between 0 and 60, got -2"):
        survival_distribution(1, -2, 3)


# ------------------------------------------------------------------ simulated rolls


def test_simulate_rolls_rolls_the_games_own_dice():
    # Same seed, same generator, same draws: the first roll of a seeded game.
    for seed in range(5):
        g = Furglars(2, dice_per_player=8, seed=seed).roll()
        (first,) = [e for e in g.events if e.kind == "roll"]
        counts = simulate_rolls(8, 1, seed=seed).iloc[0].to_dict()
        assert counts == {kind: first.data[kind] for kind in (F, L, H, X)}


def test_simulate_rolls_shape_and_seed():
    a = simulate_rolls(5, 2000, seed=1)
    assert list(a.columns) == [F, L, H, X] and a.shape == (2000, 4)
    assert (a.sum(axis=1) == 5).all() and a.attrs["k"] == 5
    assert a.equals(simulate_rolls(5, 2000, seed=1)) and not a.equals(simulate_rolls(5, 2000, seed=2))
    assert (simulate_rolls(4, 50, faces=(H, H, L), seed=0)[[F, X]] == 0).all().all()


def test_simulated_hands_follow_the_binomial():
    # 20000 rolls of 8 dice: mean Hands vs 8/3 (z-test, |z| < 4), and every count's
    # frequency vs its exact chance (z-test per count, |z| < 4).
    rolls = simulate_rolls(8, 20_000, seed=7)
    n = len(rolls)
    z_mean = (rolls.hand.mean() - 8 / 3) / math.sqrt(8 * (1 / 3) * (2 / 3) / n)
    assert abs(z_mean) < 4
    table = count_comparison(rolls, "hand")
    z = (table.freq - table.p) / np.sqrt(table.p * (1 - table.p) / n)
    assert (z.abs() < 4).all(), table


def test_count_comparison_table():
    rolls = simulate_rolls(3, 600, seed=2)
    t = count_comparison(rolls, "lock")
    assert list(t.columns) == ["n", "exact", "p", "rolls", "freq", "ci_low", "ci_high"]
    assert t.n.tolist() == [0, 1, 2, 3] and t.rolls.sum() == 600
    assert t.exact.tolist() == [Fraction(125, 216), Fraction(75, 216), Fraction(15, 216), Fraction(1, 216)]
    assert t.rolls.tolist() == [int((rolls.lock == n).sum()) for n in range(4)]
    for row in t.itertuples():
        assert row.freq == row.rolls / 600
        assert (row.ci_low, row.ci_high) == pytest.approx(wilson_interval(row.rolls, 600), abs=1e-12)
    with pytest.raises(ValueError, match="DataFrame of simulate_rolls"):
        count_comparison(rolls[["hand"]].copy(), "lock")
    with pytest.raises(ValueError, match="kind must be one of"):
        count_comparison(rolls, "paw")
    with pytest.raises(ValueError, match="n_rolls must be between 1 and 10000000, got 0"):
        simulate_rolls(3, 0)
