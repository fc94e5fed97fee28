"""sweep(): the same table on one core, on joblib's processes and on a dask cluster; its counts, limits and errors.

The blocks are made small here (``STEP_BLOCK``, ``FAST_BLOCK``: the sweep reads
them when it cuts the games, in this process), so a few dozen games already
make several blocks per cell and the engines really share the work.
"""

import math
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

import furlib.core.sim.progress as progress_module
import furlib.core.sim.sweep as sweep_module
from furlib import Furcle, Furglars, RandomBot, Thieves, sweep
from furlib.furcle.bots import BeekinSmart, SatisfiedAt
from furlib.furglars.bots import GreedyThief
from furlib.pig import Pig

STEP_ARGS = (Furcle, {"target": [20, 35], "n_dice": [4, 5]}, [SatisfiedAt(10), RandomBot(seed=3)], 15)
FAST_ARGS = (Furcle, {"target": [20, 40]}, [SatisfiedAt(10), SatisfiedAt(25)], 250)


@pytest.fixture(autouse=True)
def small_blocks(monkeypatch):
    monkeypatch.setattr(sweep_module, "STEP_BLOCK", 10)
    monkeypatch.setattr(sweep_module, "FAST_BLOCK", 100)


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as local, distributed.Client(local) as client:
        yield local, client


def test_a_sweep_counts_every_game_of_every_cell():
    df = sweep(*STEP_ARGS, seed=1)
    assert list(df.columns) == ["target", "n_dice", "seat", "bot", "games", "wins", "shared", "win_rate", "low",
                                "high", "mean_score", "mean_turns", "fast"]
    assert df[["target", "n_dice", "seat"]].values.tolist() == [
        [20, 4, 1], [20, 4, 2], [20, 5, 1], [20, 5, 2], [35, 4, 1], [35, 4, 2], [35, 5, 1], [35, 5, 2]]
    assert df.bot.tolist() == ["SatisfiedAt(10)", "RandomBot(seed=3)"] * 4
    assert (df.games == 15).all() and not df.fast.any()
    assert (df.groupby(["target", "n_dice"]).wins.sum() == 15).all()    # Oh Furcle! always has one winner
    assert (df.win_rate == df.wins / 15).all() and (df.low <= df.win_rate).all() and (df.win_rate <= df.high).all()
    assert df.attrs == {"seed": 1, "game": "Furcle", "grid": ["target", "n_dice"], "blocks": 8}   # 10 + 5 games a cell
    winners = df[df.seat == 1]
    assert (winners.mean_score.to_numpy() >= winners.target.to_numpy() * winners.wins / 15 - 1e-9).all()


def test_the_step_api_block_is_the_games_of_the_engine():
    """A block plays game k with the k-th seed of its SeedSequence: replaying those games gives the same counts."""
    df = sweep(Furcle, {}, [SatisfiedAt(10), RandomBot(seed=3)], 10, seed=4)
    seeds = np.random.SeedSequence(4, spawn_key=(0, 0)).generate_state(10, np.uint64)
    games = [Furcle(players=2, seed=int(s)).play(SatisfiedAt(10), RandomBot(seed=3)) for s in seeds]
    wins = [sum(g.winner == g.players[i] for g in games) for i in range(2)]
    assert df.wins.tolist() == wins
    assert df.mean_turns.iloc[0] == np.mean([g.turn for g in games])
    assert df.mean_score.tolist() == [np.mean([list(g.scores.values())[i] for g in games]) for i in range(2)]


def test_same_seed_same_table_and_none_is_kept():
    a, b = sweep(*FAST_ARGS, seed=9), sweep(*FAST_ARGS, seed=9)
    pd.testing.assert_frame_equal(a, b)
    assert a.fast.all() and a.attrs["blocks"] == 6
    assert not a.equals(sweep(*FAST_ARGS, seed=10))
    fresh = sweep(*FAST_ARGS)
    pd.testing.assert_frame_equal(fresh, sweep(*FAST_ARGS, seed=fresh.attrs["seed"]))


def test_identical_on_one_core_and_on_two_processes():
    pytest.importorskip("joblib")
    for args in (STEP_ARGS, FAST_ARGS):
        pd.testing.assert_frame_equal(sweep(*args, seed=5), sweep(*args, seed=5, jobs=2), check_exact=True)


def test_identical_on_a_dask_cluster(cluster):
    local, client = cluster
    for args in (STEP_ARGS, FAST_ARGS):
        one = sweep(*args, seed=5)
        pd.testing.assert_frame_equal(one, sweep(*args, seed=5, scheduler=client), check_exact=True)
    pd.testing.assert_frame_equal(one, sweep(*FAST_ARGS, seed=5, scheduler=local.scheduler_address),
                                  check_exact=True)


def test_fast_and_step_paths_agree(monkeypatch):
    """The vectorised simulator and the step API play the same rules: win rate, scores and length agree
    (each difference within 4 standard errors: a false alarm about 1 in 16,000 per figure; seeds fixed)."""
    monkeypatch.setattr(sweep_module, "FAST_BLOCK", 20_000)
    bots = [SatisfiedAt(10), SatisfiedAt(20)]
    fast = sweep(Furcle, {"target": [30]}, bots, 20_000, seed=2)
    step = sweep(Furcle, {"target": [30]}, bots, 600, seed=2, fast=False)
    assert fast.fast.all() and not step.fast.any()
    p, q = fast.win_rate.iloc[0], step.win_rate.iloc[0]
    assert abs(p - q) < 4 * math.sqrt(p * (1 - p) * (1 / 20_000 + 1 / 600))
    # the spread of one game (measured on 200,000 simulated games): final scores' SD 8.4 and 17.2 points,
    # the length's 4.7 turns
    for sd, a, b in ((8.4, fast.mean_score.iloc[0], step.mean_score.iloc[0]),
                     (17.2, fast.mean_score.iloc[1], step.mean_score.iloc[1]),
                     (4.7, fast.mean_turns.iloc[0], step.mean_turns.iloc[0])):
        assert abs(a - b) < 4 * sd * math.sqrt(1 / 20_000 + 1 / 600)


def test_furglars_simulator_seats_every_player_and_thieves_has_no_scores():
    df = sweep(Furglars, {"x_factor": [False, True]}, [GreedyThief()] * 4, 300, seed=1)
    assert df.fast.all() and df.seat.tolist() == [1, 2, 3, 4] * 2
    assert df.bot.tolist() == [f"GreedyThief() #{i}" for i in range(1, 5)] * 2
    assert (df.groupby("x_factor").wins.sum() == 300).all()
    thieves = sweep(Thieves, {"max_turns": [30]}, [RandomBot(seed=1), RandomBot(seed=2)], 3, seed=1)
    assert "mean_score" not in thieves and not thieves.fast.any() and (thieves.games == 3).all()


def test_no_bar_unless_asked(capsys):
    sweep(Furcle, {}, [SatisfiedAt(10), SatisfiedAt(20)], 20, seed=1)
    assert capsys.readouterr().err == ""
    sweep(Furcle, {}, [SatisfiedAt(10), SatisfiedAt(20)], 20, seed=1, progress=True)
    assert "20/20 games" in capsys.readouterr().err


def test_import_furlib_loads_no_engine_and_no_bar():
    code = ("import sys, furlib; print(sorted(m for m in ('tqdm', 'joblib', 'dask', 'distributed', 'plotly', "
            "'ipywidgets') if m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "[]\n"


def test_without_the_scale_extra_jobs_1_works_and_the_error_names_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "joblib", None)
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert sweep(Furcle, {}, [SatisfiedAt(10), SatisfiedAt(20)], 10, seed=1).games.tolist() == [10, 10]
    with pytest.raises(ImportError, match=r"jobs=2 needs joblib.*pip install 'furlib\[scale\]'"):
        sweep(Furcle, {}, [SatisfiedAt(10), SatisfiedAt(20)], 10, jobs=2)
    with pytest.raises(ImportError, match=r"scheduler needs distributed.*furlib\[scale\]"):
        sweep(Furcle, {}, [SatisfiedAt(10), SatisfiedAt(20)], 10, scheduler="tcp://127.0.0.1:8786")


BOTS = [SatisfiedAt(10), SatisfiedAt(20)]
SEED_MESSAGE = r"^seed must be None or a whole number from 0 to 2\*\*128 - 1 \(MAX_SEED\), got "


@pytest.mark.parametrize("args, kwargs, match", [
    (("Furcle", {}, BOTS, 5), {}, "game must be a registered furlib game class"),
    ((type("Furcle2", (Furcle,), {}), {}, BOTS, 5), {}, "registered furlib game class .* got 'Furcle2'"),
    ((Furcle, [("target", [20])], BOTS, 5), {}, "grid must be a dict"),
    ((Furcle, {"targt": [20]}, BOTS, 5), {}, "'targt' is not a rule of Furcle; its rules are target, n_dice"),
    ((Furcle, {"players": [2, 3]}, BOTS, 5), {}, "not a rule to sweep: the bots set the players"),
    ((Furcle, {"seed": [1, 2]}, BOTS, 5), {}, "not a rule to sweep: the sweep seeds every game"),
    ((Furcle, {"target": 20}, BOTS, 5), {}, r"grid\['target'\] must be a list, tuple, range or 1-D array"),
    ((Furcle, {"target": {20, 30}}, BOTS, 5), {}, r"must be a list, tuple, range"),
    ((Furcle, {"target": []}, BOTS, 5), {}, r"must list 1 to 1,000 values \(MAX_VALUES\), got 0"),
    ((Furcle, {"target": range(1, 1002)}, BOTS, 5), {}, r"got 1,001"),
    ((Furcle, {"target": [20, 30, 20]}, BOTS, 5), {}, r"lists 20 twice"),
    ((Furcle, {"target": range(1, 201), "sides": range(2, 62)}, BOTS, 5), {}, r"12,000 cells \(200 x 60\).*10,000"),
    ((Furcle, {"target": [20, -1]}, BOTS, 5), {}, r"Furcle\(players=2, target=-1\) is refused .*target must be"),
    ((Furcle, {}, "SatisfiedAt(10)", 5), {}, "bots must be a list with one bot per seat"),
    ((Furcle, {}, [], 5), {}, "bots must list one bot per seat, got none"),
    ((Furcle, {}, [SatisfiedAt(10), "greedy"], 5), {}, "each bot must be callable"),
    ((Thieves, {}, [RandomBot()] * 3, 5), {}, r"^bots must list one bot per seat, and Thieves seats at most 2 "
                                               r"players; got 3 bots$"),
    ((Pig, {}, [RandomBot()], 5), {}, r"^Pig\(players=1\) is refused \(1 bot, one per seat\): players must be"),
    ((Furcle, {}, BOTS, 0), {}, "games must be between 1 and 10000000, got 0"),
    ((Furcle, {}, BOTS, 2.5), {}, "games must be a whole number"),
    ((Furcle, {"target": range(20, 40)}, BOTS, 10_000_000), {}, r"200,000,000 games on vectorised.*100,000,000"),
    ((Furcle, {"target": [20, 30]}, [BeekinSmart(), SatisfiedAt(9)], 600_000), {}, r"1,200,000 games through the step"),
    ((Furcle, {}, BOTS, 5), {"seed": -1}, SEED_MESSAGE + "-1$"),
    ((Furcle, {}, BOTS, 5), {"seed": 2**128}, SEED_MESSAGE + f"{2**128}$"),
    ((Furcle, {}, BOTS, 5), {"seed": 10**100_000}, SEED_MESSAGE + "a whole number of about 100001 digits$"),
    ((Furcle, {}, BOTS, 5), {"jobs": 0}, "jobs must be 1 to 256 processes, or -1 for one per CPU; got 0"),
    ((Furcle, {}, BOTS, 5), {"jobs": 257}, "jobs must be between -1 and 256, got 257"),
    ((Furcle, {}, BOTS, 5), {"jobs": "2"}, "jobs must be a whole number"),
    ((Furcle, {}, BOTS, 5), {"jobs": 2, "scheduler": "tcp://127.0.0.1:8786"}, "give jobs or a scheduler, not both"),
    ((Furcle, {}, BOTS, 5), {"scheduler": "tcp://a b"}, "scheduler must be a dask scheduler's address"),
    ((Furcle, {}, BOTS, 5), {"scheduler": ""}, "scheduler must be a dask scheduler's address"),
    ((Furcle, {}, BOTS, 5), {"scheduler": 8786}, "scheduler must be a dask distributed.Client or"),
    ((Furcle, {}, BOTS, 5), {"fast": "yes"}, "fast must be True or False"),
    ((Furcle, {}, BOTS, 5), {"progress": 1}, "progress must be True or False"),
    ((Furcle, {}, [BeekinSmart(), SatisfiedAt(9)], 5), {"fast": True}, "no vectorised simulator for these bots"),
])
def test_bad_input_is_refused_before_any_game(args, kwargs, match, monkeypatch):
    monkeypatch.setattr(sweep_module, "_table", None)     # the sweep would fail loudly if it got as far as a table
    monkeypatch.setattr("furlib.core.sim.sweep_backends.run_block", None)
    with pytest.raises(ValueError, match=match) as info:
        sweep(*args, **kwargs)
    assert len(str(info.value)) <= 400


class _Interrupt:
    """A progress bar that raises KeyboardInterrupt at the first finished block, as Ctrl+C would."""

    def __init__(self, *args, **kwargs):
        self.closed = False

    def update(self, n):
        raise KeyboardInterrupt

    def close(self):
        self.closed = True


def test_an_interrupt_stops_joblibs_workers(monkeypatch):
    psutil = pytest.importorskip("psutil")
    pytest.importorskip("joblib")
    monkeypatch.setattr(progress_module, "progress_bar", _Interrupt)
    me = psutil.Process()
    with pytest.raises(KeyboardInterrupt):
        sweep(Thieves, {"max_turns": [40, 60]}, [RandomBot(seed=1), RandomBot(seed=2)], 100, seed=1, jobs=2)
    workers = [p for p in me.children(recursive=True) if "popen_loky" in " ".join(p.cmdline())]
    gone, alive = psutil.wait_procs(workers, timeout=30)
    assert not alive
    monkeypatch.undo()
    pd.testing.assert_frame_equal(sweep(*STEP_ARGS, seed=5), sweep(*STEP_ARGS, seed=5, jobs=2))   # joblib recovers


def test_an_interrupt_cancels_the_clusters_tasks(cluster, monkeypatch):
    local, client = cluster
    monkeypatch.setattr(progress_module, "progress_bar", _Interrupt)
    with pytest.raises(KeyboardInterrupt):
        sweep(Thieves, {"max_turns": [40, 60]}, [RandomBot(seed=1), RandomBot(seed=2)], 100, seed=1,
              scheduler=client)
    left = client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))
    for _ in range(100):   # the scheduler forgets cancelled tasks as the cancellation reaches it
        if left == 0:
            break
        import time

        time.sleep(0.1)
        left = client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))
    assert left == 0
