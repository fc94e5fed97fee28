"""What notebooks/lesson-furglars-first.ipynb says: the last seat wins most, and the tests that show it."""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np
import pandas as pd
import pytest

from furlib import Furglars
from furlib.core.engine.policy import RandomBot
from furlib.core.sim.tournament import tournament
from furlib.core.stats import chi_squared_test, two_proportion_z_test, wilson_interval
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


def test_300_games_and_what_they_can_show(nb, played):
    nb.runs("tournament(Furglars, bots, 300, players=3, rotate_seats=False, seed=1, progress=False)",
            "test = chi_squared_test(played.wins)",
            'print(f"seat 3 won {seat3.wins} of the 300 games, 95% interval {seat3.ci_low:.0%} to '
            '{seat3.ci_high:.0%}")',
            'print(f"with fair seats, {how_often} sets of 300 games would be at least this uneven")')
    nb.says("a range made by a method that catches the true win rate in 95 of 100 experiments like this one",
            "Look at seat 3's line above the table: does its interval lie above a fair third?",
            "When p is below 0.05, fair seats rarely give counts this uneven, and we call it evidence that the seats "
            "are not fair. With these bots, 300 games show it in only about 4 sets of 300 in 10: another seed may "
            "well give no evidence", "each interval is about ±5 percentage points wide",
            "seat 3 won 128 of the 300 games (interval 37% to 48%), chi-squared p = 0.0027, about 3 in 1,000 (with "
            "other seeds, 300 games give p below 0.05 only about 4 times in 10)")
    nb.never_says("too wide to be sure", "games, and its interval (37% to 48%)", "300 games are already enough")
    seat3 = played.iloc[2]
    assert (f"seat 3 won {seat3.wins} of the 300 games, 95% interval {seat3.ci_low:.0%} to {seat3.ci_high:.0%}"
            == "seat 3 won 128 of the 300 games, 95% interval 37% to 48%")
    assert played.games.tolist() == [300] * 3 and played.wins.sum() == 300
    nb.says('each bot keeps its seat, so bot "#1" is always seat 1, bot "#2" seat 2')
    assert [b.rsplit("#", 1)[1] for b in played.bot] == ["1", "2", "3"]
    assert not played.attrs["fast"]                          # 3 players: the step engine played
    assert int(played.wins[2]) == 128 and played.wins[2] == played.wins.max()
    assert (round(100 * played.ci_low[2]), round(100 * played.ci_high[2])) == (37, 48) and played.ci_low[2] > 1 / 3
    test = chi_squared_test(played.wins)
    assert str(test).endswith("p = 0.0027") and round(1000 * test.p_value) == 3
    assert f"about {1000 * test.p_value:.0f} in 1,000" == "about 3 in 1,000"
    assert (played.ci_high - played.ci_low).between(0.08, 0.12).all()        # about ±5 points


def test_300_games_show_the_edge_about_4_times_in_10(rates):
    """Other seeds: 300 games with seat chances as measured in 20,000 games (30.0%, 31.3%, 38.7%); 4,000 samples
    (multinomial), chi-squared p < 0.05 in 43 of 100 (the 4,000 samples: give or take 2.4 points at 3 standard
    errors). The 20,000 games measure each rate within about ±0.7 points: moving seats 1 and 3 to the ends of those
    ranges gives 34 to 53 in 100, still "about 4 in 10" next to the seed's lone verdict."""
    rng = np.random.default_rng(20)
    chances = rates.win_rate.to_numpy()

    def power(chances, n=300, level=0.05):
        counts = rng.multinomial(n, chances / chances.sum(), size=4000)
        statistic = ((counts - n / 3) ** 2 / (n / 3)).sum(axis=1)
        return (np.exp(-statistic / 2) < level).mean()              # chi-squared with 2 df: p = exp(-x / 2)
    assert 0.38 < power(chances) < 0.48
    assert 0.3 < power(chances + [0.007, 0, -0.007]) and power(chances + [-0.007, 0, 0.007]) < 0.55
    assert power(chances) == pytest.approx(0.43, abs=0.03)
    assert np.exp(-chi_squared_test([88, 84, 128]).statistic / 2) == pytest.approx(
        chi_squared_test([88, 84, 128]).p_value)


def test_20_000_simulated_games(nb, played, rates):
    nb.runs("simulate_games(GreedyThief(), 20_000, players=3, seed=1)", "print(chi_squared_test(rates.wins))")
    nb.says("the winning seat (`winner`, counted from 0 as Python counts: 0 is seat 1)",
            "Seats 1 and 2 win a bit less than a third of the games, and their intervals lie below the line. Seat 3 "
            "wins clearly more", "The p-value is tiny: fair seats would practically never give counts like these",
            "With `GreedyThief` in every seat, going first is not an advantage: going last is",
            "a bot that plays differently might make up for its seat")
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


def test_2_to_6_players(nb, capsys):
    nb.runs("seat_win_rates(simulate_games(GreedyThief(), 20_000, players=n, seed=n))", "last_seat_edge(by_count)")
    nb.says("With `GreedyThief` in every seat and any number of players, the last seat is the best seat (the line "
            "above the table says by how much). Seat 1 is never the best")
    nb.never_says("13% to 34%", "With every number of players the last seat")
    above, tables = [], []
    for n in range(2, 7):
        t = seat_win_rates(simulate_games(GreedyThief(), 20_000, players=n, seed=n))
        last, runner_up = t.wins.iloc[-1], t.wins.iloc[:-1].max()
        assert last == t.wins.max() and t.ci_low.iloc[-1] * n > 1.1, n   # its interval lies above fair
        # the last seat against the runner-up, in the same games (multinomial counts): z > 4
        z = (last - runner_up) / math.sqrt(last + runner_up - (last - runner_up) ** 2 / 20_000)
        assert z > 4, (n, z)
        assert t.win_rate.iloc[0] < t.ci_low.iloc[-1] and t.wins.iloc[0] < t.wins.max(), n
        above.append(t.win_rate.iloc[-1] * n - 1)
        tables.append(t.assign(players=n))
    assert (round(100 * min(above)), round(100 * max(above))) == (13, 34)
    by_count = pd.concat(tables, ignore_index=True)
    by_count["vs_fair"] = by_count.win_rate * by_count.players
    nb.function("last_seat_edge")(by_count)
    assert capsys.readouterr().out == "the last seat wins 13% to 34% more than a fair share\n"


def first_roll_dice(players, seed):
    g = Furglars(players, seed=seed)
    while g.turn <= players:                # the first round
        g.step(GreedyThief())
    return {e.player: len(e.data["faces"]) for e in g.events if e.kind == "roll"}


def test_counting_the_dice(nb):
    nb.runs("for seed in range(1000)]) for n in (2, 3)}", "g.step(GreedyThief())")
    nb.says("Each die is a Hand or an X with chance 1/3 + 1/6 = 1/2",
            "seat 1 passes on average 5 × 1/2 = 2.5 dice", "Seat 2's first roll has 5 + 2.5 = 7.5 dice on average",
            "With 2 players the sample's average for seat 2 is close to the exact 7.5 (a sample rarely hits the exact "
            "value; 1,000 other games would give a slightly different number)",
            "With 3 players, seat 1 rolls 4 dice, seat 2 about 6 (4 + 4 × 1/2 on average) and seat 3 more still",
            "1,000 games of 2 players give 7.6 dice for seat 2 (exact 7.5), and with 3 players 4, about 6 and about 7 "
            "dice")
    nb.never_says("a sample never hits", "the sample gives about 7.6 dice")
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
    assert 4 + expected_counts(4)["hand"] + expected_counts(4)["x"] == 6
    se3 = dice[3].std() / np.sqrt(len(dice[3]))
    assert abs(three["Player 2"] - 6) < 4 * se3["Player 2"]             # "about 6": the exact 6, within 4 SE
    # "more still": seat 3 minus seat 2, game by game, is 10 standard errors and more above 0 (any seed agrees)
    gap = dice[3]["Player 3"] - dice[3]["Player 2"]
    assert gap.mean() / (gap.std() / np.sqrt(len(gap))) > 10


def test_each_seat_rolls_more_dice_than_the_one_before_it_with_4_to_6_players(nb):
    """Section 4, "each seat rolls more dice than the one before it", for the counts of players beyond 2 and 3
    (checked above): first rounds of 1,000 games with 4 and 5 players and 4,000 with 6 (seeds from 0), and for each
    pair of neighbouring seats the game-by-game gap in dice, tested with a one-sample z-test on its mean: z > 4
    (p < 0.0001) for every pair. The smallest gap, seat 6 over seat 5, is about 0.15 dice: hence 4,000 games."""
    nb.says("So each seat rolls more dice than the one before it, and has more Furgles in front of it to steal")
    for n, games in [(4, 1000), (5, 1000), (6, 4000)]:
        dice = pd.DataFrame([first_roll_dice(n, seed) for seed in range(games)])
        assert list(dice.columns) == [f"Player {k}" for k in range(1, n + 1)] and not dice.isna().any().any()
        for k in range(1, n):
            gap = dice[f"Player {k + 1}"] - dice[f"Player {k}"]
            assert gap.mean() / (gap.std() / np.sqrt(len(gap))) > 4, (n, k)


def test_a_longer_game(nb, rates, longer):
    nb.runs("simulate_games(GreedyThief(), 20_000, players=3, target=40, seed=2)",
            "two_proportion_z_test(int(rates.wins[2]), 20_000, int(longer.wins[2]), 20_000)",
            "chi_squared_test(longer.wins)")
    nb.says("with a new seed, so that these games are independent of the first 20,000",
            "Seat 3 wins less often in the games to 40 than in the games to 15 (the cell below prints both shares)",
            "The drop is far too big for chance (p is tiny), and its interval says by how much",
            "in a longer game the head start matters less",
            "in games to 40 the chi-squared test still finds the seats unfair (the p-value in the last line is below "
            "0.05). The head start fades, but it lasts",
            "seat 3 won 34.8% of the games to 40 against 38.7% of the games to 15, a drop of 3.9 percentage points "
            "(95% interval about 3 to 5 points), and the games to 40 still give chi-squared p = 6.1e-06, about 6 in "
            "a million")
    nb.never_says("won 34.8% of the games to 40, against", "The drop, 3.9 percentage points")
    nb.runs('print(f"seat 3 won {rates.win_rate[2]:.1%} of the games to 15 and {longer.win_rate[2]:.1%} of the games '
            'to 40")')
    assert round(100 * longer.win_rate[2], 1) == 34.8 and round(100 * rates.win_rate[2], 1) == 38.7
    drop = two_proportion_z_test(int(rates.wins[2]), 20_000, int(longer.wins[2]), 20_000)
    assert round(100 * drop.difference, 1) == 3.9
    assert (round(100 * drop.low), round(100 * drop.high)) == (3, 5)
    assert drop.p_value < 1e-9
    fair = chi_squared_test(longer.wins)
    assert str(fair).endswith("p = 6.1e-06") and round(1e6 * fair.p_value) == 6
    assert longer.win_rate[2] == longer.win_rate.max() and longer.ci_low[2] > 1 / 3
    # other seeds: the drop is 8 standard errors (so p is tiny for any seed), and with the seats' chances as
    # measured, 20,000 games to 40 give chi-squared p < 0.05 in more than 99 samples of 100 (4,000 multinomial ones)
    assert drop.z > 8
    rng = np.random.default_rng(40)
    counts = rng.multinomial(20_000, longer.win_rate.to_numpy() / longer.win_rate.sum(), size=4000)
    statistic = ((counts - 20_000 / 3) ** 2 / (20_000 / 3)).sum(axis=1)
    assert (np.exp(-statistic / 2) < 0.05).mean() > 0.99


def test_how_many_games(nb):
    nb.runs("for n in [100, 400, 1_600, 6_400, 25_600]:", "wilson_interval(round(0.38 * n), n)")
    nb.says("4 times more games make it only half as wide")
    widths = {n: (lambda lo_hi: lo_hi[1] - lo_hi[0])(wilson_interval(round(0.38 * n), n))
              for n in [100, 400, 1_600, 6_400, 25_600]}
    values = list(widths.values())
    assert all(1.9 < a / b < 2.1 for a, b in zip(values, values[1:]))
    nb.never_says("the intervals should be narrower than that difference", "some 1,600 games", "stop overlapping so")


def power_games(p1, p2, level=0.05, power=0.80):
    """Games in each of two independent sets for a two-sided two-proportion z-test (pooled variance)."""
    z = NormalDist().inv_cdf
    average = (p1 + p2) / 2
    return (z(1 - level / 2) + z(power)) ** 2 * 2 * average * (1 - average) / (p1 - p2) ** 2


def test_a_power_calculation(nb):
    nb.runs("p1, p2 = 0.38, 0.33", "level, power = 0.05, 0.80", "z_level = NormalDist().inv_cdf(1 - level / 2)",
            "z_power = NormalDist().inv_cdf(power)",
            "games = (z_level + z_power) ** 2 * 2 * average * (1 - average) / (p1 - p2) ** 2")
    nb.says("Intervals that stop overlapping are not the right yardstick: a conclusion comes from a test",
            "the effect to find: 5 percentage points, say 38% against 33%, measured in two separate sets of games",
            "the level: the two-proportion z-test calls a difference real when p < 0.05",
            "the power: the test should find a difference of this size in 80 of 100 pairs of samples",
            "To tell apart two win rates that differ by 5 percentage points, how many games do we need?",
            "About 1,440 games in each set", "With fewer games, the test would miss a real 5-point difference (p above "
            "0.05) more often than 20 times in 100",
            "A difference half as big needs about 4 times as many games (change `p2` to 0.355)",
            "(1.96 + 0.84)² × 2 × 0.355 × 0.645 / 0.05² ≈ 1,440",
            "telling them apart by 5 points takes about 2,220 games")
    n = power_games(0.38, 0.33)
    assert round(n, -1) == 1440                                                    # 1,437.8
    assert round((1.96 + 0.84) ** 2 * 2 * 0.355 * 0.645 / 0.05 ** 2, -1) == 1440
    assert 3.9 < power_games(0.38, 0.355) / n < 4.1
    # two seats of the same games: Var(p1^ - p2^) = (p1 + p2 - (p1 - p2)^2) / n
    z = NormalDist().inv_cdf
    same = (z(0.975) + z(0.8)) ** 2 * (0.38 + 0.33 - 0.05 ** 2) / 0.05 ** 2
    assert round(same, -1) == 2220
    # the power holds: 20,000 seeded pairs of samples of 1,438 games, tested as two_proportion_z_test does
    games = math.ceil(n)
    rng = np.random.default_rng(0)
    a, b = rng.binomial(games, 0.38, 20_000), rng.binomial(games, 0.33, 20_000)
    pooled = (a + b) / (2 * games)
    z_stat = (a - b) / games / np.sqrt(pooled * (1 - pooled) * 2 / games)
    assert 0.79 < (np.abs(z_stat) > z(0.975)).mean() < 0.81
    # fewer games, less power (the normal approximation the formula inverts): below 80% under 1,438 games
    def power_at(games):
        return NormalDist().cdf(0.05 / math.sqrt(2 * 0.355 * 0.645 / games) - z(0.975))
    assert power_at(1_000) < power_at(1_437) < 0.8 < power_at(1_438) < power_at(2_000)
    assert abs(two_proportion_z_test(int(a[0]), games, int(b[0]), games).z - z_stat[0]) < 1e-9


def test_try_it_answers(nb, rates):
    """Every Try-it has an answer in the teacher notes, computed with the notebook's numbers of games."""
    duel = tournament(Furglars, [GreedyThief(), RandomBot()], 20_000, players=2, rotate_seats=True, seed=1,
                      progress=False)
    assert int(duel.wins[0]) == 18_850 and f"{duel.win_rate[0]:.0%}" == "94%"
    x = seat_win_rates(simulate_games(GreedyThief(), 20_000, players=3, x_factor=True, seed=1))
    assert f"{x.win_rate[2]:.1%}" == "38.5%" and str(chi_squared_test(x.wins)).endswith("p = 1.3e-52")
    to_40 = seat_win_rates(simulate_games(GreedyThief(), 20_000, players=3, target=40, seed=2))
    to_100 = seat_win_rates(simulate_games(GreedyThief(), 20_000, players=3, target=100, seed=3))
    drop = two_proportion_z_test(int(to_40.wins[2]), 20_000, int(to_100.wins[2]), 20_000)
    assert f"{to_100.win_rate[2]:.1%}" == "33.1%" and round(100 * drop.difference, 1) == 1.7
    assert str(drop).endswith("p = 0.00024") and str(chi_squared_test(to_100.wins)).endswith("p = 0.63")
    rnd = seat_win_rates(simulate_games(RandomBot(), 20_000, players=3, seed=1))
    assert f"{rnd.win_rate[2]:.1%}" == "37.5%" and str(chi_squared_test(rnd.wins)).endswith("p = 1.2e-36")
    for n in range(2, 7):
        t = seat_win_rates(simulate_games(RandomBot(), 20_000, players=n, seed=n))
        assert t.wins.iloc[-1] == t.wins.max() and t.ci_low.iloc[-1] * n > 1, n
        # "the last seat is also the best": as for GreedyThief, the last seat against the runner-up in the same games
        # (multinomial counts, Var(a - b) = a + b - (a - b)^2 / n): z > 4, so p < 0.0001 (z is 6.7 to 14 here)
        last, runner_up = t.wins.iloc[-1], t.wins.iloc[:-1].max()
        assert (last - runner_up) / math.sqrt(last + runner_up - (last - runner_up) ** 2 / 20_000) > 4, n
    nb.says("(1) `GreedyThief` wins 18,850 of 20,000 games (94%) against `RandomBot`",
            "(2) yes: with the X factor seat 3 still wins 38.5% of 20,000 games (seed 1), chi-squared p = 1.3e-52",
            "(3) yes, it keeps shrinking: in 20,000 games to 100 (a new seed, 3) seat 3 wins 33.1%, 1.7 points less "
            "than in games to 40 (z-test p = 0.00024), and the chi-squared test finds no evidence that the seats are "
            "unfair (p = 0.63; that does not prove them fair)",
            "(4) yes: with `RandomBot` in every seat seat 3 wins 37.5% of 20,000 games (seed 1, chi-squared p = "
            "1.2e-36), and the last seat is also the best with 2 to 6 players",
            "(5) open; one answer: play a match of as many games as players, each player starting once, fair by "
            "symmetry")
    tries = [c.source for c in nb.cells if c.cell_type == "markdown" and "## Try it yourself" in c.source][0]
    assert tries.count("\n1. ") + tries.count("\n2. ") + tries.count("\n5. ") == 3 and "\n6. " not in tries


def test_rulings(nb):
    nb.says("5 dice each with 2 players, 4 with 3-5, 3 with 6; targets 21 (2 players) and 15")
    for n, dice, target in [(2, 5, 21), (3, 4, 15), (4, 4, 15), (5, 4, 15), (6, 3, 15)]:
        g = Furglars(n, seed=0)
        assert (g.dice_per_player, g.target) == (dice, target), n


def test_the_lesson_fits_45_minutes(nb):
    nb.says("Time (45 min): question and guesses 5 min; section 1, 6 min; section 2, 8 min; section 3, 6 min; "
            "section 4, 8 min; section 5, 5 min; section 6, 5 min; wrap-up 2 min")
    assert 5 + 6 + 8 + 6 + 8 + 5 + 5 + 2 == 45
    nb.never_says("45-60 min")
