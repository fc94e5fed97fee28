"""What notebooks/sweep-the-rules.ipynb says about its four sweeps, checked on the notebook's own run."""

from __future__ import annotations

import pytest

NOTEBOOK = "sweep-the-rules.ipynb"


@pytest.fixture(scope="module")
def run(nb):
    """The notebook's variables after running every code cell (its sweeps, with its seeds)."""
    return nb.execute()[1]


def seat(df, n):
    return df[df.seat == n]


def test_furcle_going_first(nb, run):
    nb.runs('sweep(Furcle, {"target": [20, 40, 60, 80, 100], "n_dice": [5, 6]}, '
            '[SatisfiedAt(20), SatisfiedAt(20)], 2000, seed=1)', "sweep_chart(furcle, seat=1)")
    nb.says("Two identical bots, both `SatisfiedAt(20)` (bank at 20 points), play 2,000 games for each target and "
            "each dice count.",
            "With a target of 20, the first player wins more than half of the games with 5 dice and with 6: both "
            "intervals lie above 50%.",
            "With a target of 100 the first player's win rate is lower than with 20, for both dice counts, and both "
            "intervals contain 50%: there, 2,000 games show no edge for either seat.")
    first = seat(run["furcle"], 1).set_index(["target", "n_dice"])
    assert (first.games == 2000).all()
    for dice in (5, 6):
        assert first.loc[(20, dice), "low"] > 0.5
        assert first.loc[(100, dice), "win_rate"] < first.loc[(20, dice), "win_rate"]
        assert first.loc[(100, dice), "low"] < 0.5 < first.loc[(100, dice), "high"]


def test_furglars_six_seats(nb, run):
    nb.runs('sweep(Furglars, {"x_factor": [False, True]}, [GreedyThief()] * 6, 2000, seed=2)')
    nb.says("At a fair table each seat wins 1 game in 6, about 16.7%: the dotted line.",
            "The last seat, seat 6, wins more than its fair share with both rules: its interval lies above the "
            "dotted line. The X factor does not take that edge away.")
    assert round(100 / 6, 1) == 16.7
    last = seat(run["furglars"], 6)
    assert len(last) == 2 and (last.games == 2000).all() and (last.low > 1 / 6).all()


def test_poker_skill(nb, run):
    nb.runs('sweep(FurryPoker, {"advanced": [False, True]}, [PokerGreedy(), RandomBot()], 12, seed=3)')
    nb.says("12 games per rule set keep this cell short.",
            "Greedy wins most games under both rule sets, and even with 12 games its interval lies above 50%")
    greedy = seat(run["poker"], 1)
    assert greedy.bot.tolist() == ["Greedy()", "Greedy()"] and not run["poker"].fast.any()
    assert (greedy.games == 12).all() and (greedy.win_rate > 0.5).all() and (greedy.low > 0.5).all()


def test_thieves_turn_limit(nb, run):
    nb.runs('sweep(Thieves, {"max_turns": [20, 40, 60]}, [ThievesGreedy(), RandomBot()], 12, seed=4)')
    nb.says("With a limit of 20 turns no game is decided. With 60, Greedy wins most of them, and RandomBot wins none "
            "at any limit: the games it does not lose end undecided.")
    table = run["thieves"].set_index(["max_turns", "seat"])
    assert table.loc[(20, 1), "wins"] == table.loc[(20, 2), "wins"] == table.loc[(20, 1), "shared"] == 0
    assert table.loc[(60, 1), "win_rate"] > 0.5
    assert (seat(run["thieves"], 2).wins == 0).all() and (run["thieves"].shared == 0).all()


def test_more_cores_same_table(nb):
    nb.says("`jobs=2` plays the games on two processes of this computer", "pip install 'furlib[scale]'",
            "each block has its own seeds, so the table is exactly the same however many processes play it")
    # tests/core/test_sweep.py checks the claim: the same table with jobs=1, jobs=2 and on a dask cluster
    from furlib.core.sim.sweep import sweep

    assert "jobs" in sweep.__doc__ and "scheduler" in sweep.__doc__


def test_what_an_interval_means(nb):
    nb.says("an interval made this way catches the true win rate in 95 of 100 samples of 2,000 games like this one")
