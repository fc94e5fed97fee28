"""What notebooks/lesson-thieves-first.ipynb says: no edge shown in 150 games, and what that does not prove."""

from __future__ import annotations

import math

import pytest

from furlib.core.stats import chi_squared_test
from furlib.thieves.analysis import play_games, seat_table
from furlib.thieves.bots import Greedy

NOTEBOOK = "lesson-thieves-first.ipynb"
# one worker plays the 150 games once for every test here
pytestmark = pytest.mark.xdist_group("lesson-thieves-first")


@pytest.fixture(scope="module")
def games():
    return play_games([Greedy(), Greedy()], 150, seed=1, board="classic")


def test_150_games_show_no_edge(nb, games):
    nb.runs('play_games([Greedy(), Greedy()], 150, seed=1, board="classic")', "print(chi_squared_test(wins))")
    nb.says("each bot starts 75 times", "seat 1 won 72 of the 150 games (48%). Its 95% interval, 40% to 56%",
            "catches the true win rate in 95 of 100 experiments like this one. It holds 50%",
            "compares the counts with 75 and 75",
            "p = 0.62: with fair seats, counts at least this uneven come up in about 6 of every 10 sets of 150 games",
            "these games give no evidence of an edge. That is not a proof that the seats are fair")
    table = seat_table(games)
    either = table[table.bot == "either"]
    row = either[either.seat == 1].iloc[0]
    assert row.wins == 72 and row.games == 150 and round(100 * row.win_rate) == 48
    assert (round(100 * row.ci_low), round(100 * row.ci_high)) == (40, 56) and row.ci_low < 0.5 < row.ci_high
    assert table[table.bot == "bot 1"].games.tolist() == [75, 75]
    test = chi_squared_test(either.wins.tolist())
    assert str(test).endswith("p = 0.62") and test.p_value > 0.05


def test_sample_size_for_a_5_point_edge(nb):
    nb.says("To have an 80% chance of detecting an edge of 5 points (55% against 50%) with a test at the 5% "
            "level, we would need about 780 games")
    n = ((1.959964 * 0.5 + 0.841621 * math.sqrt(0.55 * 0.45)) / 0.05) ** 2
    assert round(n, -1) == 780


def test_game_length(nb, games):
    nb.says("Games last about 76 turns on average", "from 33 to 255", "over some 38 rolls each")
    lengths = [g.turn for g in games]
    mean = sum(lengths) / len(lengths)
    assert round(mean) == 76 and (min(lengths), max(lengths)) == (33, 255) and round(mean / 2) == 38
    # the game ends on the winner's turn: the first player has rolled once more or as often
    for g in games[:10]:
        first_rolls = sum(1 for e in g.events if e.kind == "roll" and e.player == g.players[0])
        second_rolls = sum(1 for e in g.events if e.kind == "roll" and e.player == g.players[1])
        assert first_rolls - second_rolls in (0, 1)
