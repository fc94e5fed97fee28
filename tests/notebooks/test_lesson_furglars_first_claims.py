"""What notebooks/lesson-furglars-first.ipynb says: the last seat wins most, and the tests that show it."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from furlib import Furglars
from furlib.core.stats import chi_squared_test, two_proportion_z_test, wilson_interval
from furlib.core.tournament import tournament
from furlib.furglars.analysis import expected_counts
from furlib.furglars.bots import GreedyThief
from furlib.furglars.fast import seat_win_rates, simulate_games

NOTEBOOK = "lesson-furglars-first.ipynb"


@pytest.fixture(scope="module")
def played():
    bots = [GreedyThief(), GreedyThief(), GreedyThief()]
    return tournament(Furglars, bots, 300, players=3, rotate_seats=False, seed=1, progress=False)


@pytest.fixture(scope="module")
def rates():
    return seat_win_rates(simulate_games(GreedyThief(), 20_000, players=3, seed=1))


@pytest.fixture(scope="module")
def longer():
    return seat_win_rates(simulate_games(GreedyThief(), 20_000, players=3, target=40, seed=2))


def test_300_games_already_show_unfair_seats(nb, played):
    nb.runs("tournament(Furglars, bots, 300, players=3, rotate_seats=False, seed=1, progress=False)",
            "print(chi_squared_test(played.wins))")
    nb.says("a range made by a method that catches the true win rate in 95 of 100 experiments like this one",
            "Seat 3 won 128 of the 300 games, and its interval (37% to 48%) lies above a fair third",
            "p = 0.0027: with fair seats, counts this uneven would come up in only about 3 sets of 300 games in 1,000",
            "300 games are already enough to say that the seats are not fair",
            "each interval is about ±5 percentage points wide")
    nb.never_says("too wide to be sure")
    assert played.games.tolist() == [300] * 3 and played.wins.sum() == 300
    nb.says('each bot keeps its seat, so bot "#1" is always seat 1, bot "#2" seat 2')
    assert [b.rsplit("#", 1)[1] for b in played.bot] == ["1", "2", "3"]
    assert not played.attrs["fast"]                          # 3 players: the step engine played
    assert int(played.wins[2]) == 128 and played.wins[2] == played.wins.max()
    assert (round(100 * played.ci_low[2]), round(100 * played.ci_high[2])) == (37, 48) and played.ci_low[2] > 1 / 3
    test = chi_squared_test(played.wins)
    assert str(test).endswith("p = 0.0027") and round(1000 * test.p_value) == 3
    assert (played.ci_high - played.ci_low).between(0.08, 0.12).all()        # about ±5 points


def test_20_000_simulated_games(nb, played, rates):
    nb.runs("simulate_games(GreedyThief(), 20_000, players=3, seed=1)", "print(chi_squared_test(rates.wins))")
    nb.says("the winning seat (`winner`, counted from 0 as Python counts: 0 is seat 1)",
            "Seats 1 and 2 win a bit less than a third of the games, and their intervals lie below the line. Seat 3 "
            "wins clearly more", "The p-value is tiny: fair seats would practically never give counts like these",
            "Going first is not an advantage: going last is")
    nb.never_says("counting from 0)")
    assert rates.games.tolist() == [20_000] * 3 and rates.wins.sum() == 20_000
    assert rates.seat.tolist() == [1, 2, 3]
    assert rates.ci_low[2] > 1 / 3 > max(rates.ci_high[0], rates.ci_high[1])
    assert chi_squared_test(rates.wins).p_value < 1e-9
    # the 300 engine games and the 20,000 simulated ones agree (pooled two-proportion z-test, |z| < 4)
    for s in range(3):
        assert abs(two_proportion_z_test(int(played.wins[s]), 300, int(rates.wins[s]), 20_000).z) < 4


def test_two_players(nb):
    nb.runs('tournament(Furglars, [GreedyThief(), GreedyThief()], 20_000, players=2,')
    duel = tournament(Furglars, [GreedyThief(), GreedyThief()], 20_000, players=2,
                      rotate_seats=False, seed=1, progress=False)
    assert duel.attrs["fast"] and duel.games.tolist() == [20_000, 20_000]
    assert duel.ci_low[1] > 0.5 > duel.ci_high[0]                     # seat 2 wins more than half


def test_2_to_6_players(nb):
    nb.runs("seat_win_rates(simulate_games(GreedyThief(), 20_000, players=n, seed=n))")
    nb.says("With every number of players the last seat is the best seat, 13% to 34% above its fair share. "
            "Seat 1 is never the best")
    above = []
    for n in range(2, 7):
        t = seat_win_rates(simulate_games(GreedyThief(), 20_000, players=n, seed=n))
        last, runner_up = t.wins.iloc[-1], t.wins.iloc[:-1].max()
        assert last == t.wins.max() and t.ci_low.iloc[-1] * n > 1.1, n   # its interval lies above fair
        # the last seat against the runner-up, in the same games (multinomial counts): z > 4
        z = (last - runner_up) / math.sqrt(last + runner_up - (last - runner_up) ** 2 / 20_000)
        assert z > 4, (n, z)
        assert t.win_rate.iloc[0] < t.ci_low.iloc[-1] and t.wins.iloc[0] < t.wins.max(), n
        above.append(t.win_rate.iloc[-1] * n - 1)
    assert (round(100 * min(above)), round(100 * max(above))) == (13, 34)


def first_roll_dice(players, seed):
    g = Furglars(players, seed=seed)
    while g.turn <= players:                # the first round
        g.step(GreedyThief())
    return {e.player: len(e.data["faces"]) for e in g.events if e.kind == "roll"}


def test_counting_the_dice(nb):
    nb.runs("for seed in range(1000)]) for n in (2, 3)}", "g.step(GreedyThief())")
    nb.says("Each die is a Hand or an X with chance 1/3 + 1/6 = 1/2",
            "seat 1 passes on average 5 × 1/2 = 2.5 dice", "Seat 2's first roll has 5 + 2.5 = 7.5 dice on average",
            "With 2 players the sample gives about 7.6 dice for seat 2: close to the exact 7.5",
            "With 3 players: 4, then about 6, then about 7 dice")
    nb.never_says("a sample never hits")
    e = expected_counts(5)
    assert 5 + e["hand"] + e["x"] == 7.5
    dice = {n: pd.DataFrame([first_roll_dice(n, seed) for seed in range(1000)]) for n in (2, 3)}
    two = dice[2]
    assert len(two) == 1000 and (two["Player 1"] == 5).all()
    assert round(two["Player 2"].mean(), 1) == 7.6
    se = two["Player 2"].std() / np.sqrt(len(two))
    assert abs(two["Player 2"].mean() - 7.5) < 4 * se                  # the exact 7.5 within 4 standard errors
    three = dice[3].mean()
    assert three["Player 1"] == 4 and round(three["Player 2"]) == 6 and round(three["Player 3"]) == 7


def test_a_longer_game(nb, rates, longer):
    nb.runs("simulate_games(GreedyThief(), 20_000, players=3, target=40, seed=2)",
            "two_proportion_z_test(int(rates.wins[2]), 20_000, int(longer.wins[2]), 20_000)",
            "chi_squared_test(longer.wins)")
    nb.says("with a new seed, so that these games are independent of the first 20,000",
            "Seat 3 won 34.8% of the games to 40, against 38.7% of the games to 15",
            "The drop, 3.9 percentage points (95% interval about 3 to 5 points), is far too big for chance (p is tiny)",
            "in a longer game the head start matters less",
            "in games to 40 the chi-squared test still finds the seats unfair (p = 6.1e-06: about 6 in a million)")
    assert round(100 * longer.win_rate[2], 1) == 34.8 and round(100 * rates.win_rate[2], 1) == 38.7
    drop = two_proportion_z_test(int(rates.wins[2]), 20_000, int(longer.wins[2]), 20_000)
    assert round(100 * drop.difference, 1) == 3.9
    assert (round(100 * drop.low), round(100 * drop.high)) == (3, 5)
    assert drop.p_value < 1e-9
    fair = chi_squared_test(longer.wins)
    assert str(fair).endswith("p = 6.1e-06") and round(1e6 * fair.p_value) == 6
    assert longer.win_rate[2] == longer.win_rate.max() and longer.ci_low[2] > 1 / 3


def test_how_many_games(nb):
    nb.runs("for n in [100, 400, 1_600, 6_400, 25_600]:", "wilson_interval(round(0.38 * n), n)")
    nb.says("4 times more games make it only half as wide", "about ±2.5 points, some 1,600 games",
            "To see half that difference takes 4 times as many games")
    widths = {n: (lambda lo_hi: lo_hi[1] - lo_hi[0])(wilson_interval(round(0.38 * n), n))
              for n in [100, 400, 1_600, 6_400, 25_600]}
    values = list(widths.values())
    assert all(1.9 < a / b < 2.1 for a, b in zip(values, values[1:]))
    assert widths[1_600] / 2 < 0.025 < widths[400] / 2


def test_rulings(nb):
    nb.says("5 dice each with 2 players, 4 with 3-5, 3 with 6; targets 21 (2 players) and 15")
    for n, dice, target in [(2, 5, 21), (3, 4, 15), (4, 4, 15), (5, 4, 15), (6, 3, 15)]:
        g = Furglars(n, seed=0)
        assert (g.dice_per_player, g.target) == (dice, target), n
