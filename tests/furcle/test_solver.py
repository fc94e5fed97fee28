"""The 2-player solver: Bellman's equation checked through the real rules engine, simulation, play."""

import json
import math
import sys

import numpy as np
import pytest

from furlib.core.sim.tournament import tournament
from furlib.core.stats import wilson_interval
from furlib.furcle import Furcle, Satisfied
from furlib.furcle.bots import BeekinSmart, SatisfiedAt
from furlib.furcle.fast import simulate_games
from furlib.furcle.solver import cache_dir, solve


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("FURLIB_CACHE", str(tmp_path / "cache"))


@pytest.fixture(scope="session")
def sol50(tmp_path_factory):
    """The printed game (target 50), solved once per test session into a private cache."""
    return solve(target=50, cache=tmp_path_factory.mktemp("furlib-cache"))


@pytest.fixture(scope="module")
def sol20(tmp_path_factory):
    return solve(target=20, cache=tmp_path_factory.mktemp("furlib-cache"))


# ------------------------------------------------------------ Bellman through the engine
def position(sol, me, opp, leader=None):
    """A game with Me to roll, the scores set by hand (the engine's rules apply from here)."""
    p = sol.params
    g = Furcle(players=["Me", "You"], seed=0, target=p["target"], n_dice=p["n_dice"], sides=p["sides"],
               bonus=p["bonus"], beekin=p["beekin"])
    return g._set_state(scores=[me, opp], leader={None: None, "opponent": 1}[leader])


def value_after_turn(sol, g, me):
    """My chance to win once my turn is over, from the solution's values of the next position."""
    if g.is_over:
        return 1.0 if g.winner == me else 0.0
    opp_leads = g.leader == me              # the opponent moves; from their side I am "opponent"
    mover, other = g.current_player, me
    v = sol.win_probability(g.scores[mover], g.scores[other], leader="opponent" if opp_leads else None)
    return 1.0 - v


def one_turn(sol, g, bot=None):
    """My win probability if I play this turn (every legal action tried, or ``bot``), then the
    solution's values take over. Enumerates the engine's own chance outcomes."""
    me, turn, memo = g.current_player, g.turn, {}

    def chance():
        key = (g.turn_score, g.dice_to_roll, g.beekin_available)
        if key not in memo:
            total = 0.0
            for dice, p in g.chance_outcomes():
                g.apply(dice)
                total += float(p) * decide()
                g.undo()
            memo[key] = total
        return memo[key]

    def decide():
        if g.turn != turn:
            return value_after_turn(sol, g, me)
        if g.is_chance:
            return chance()
        # banking first: once it is a sure win there is nothing better to look for
        actions = [bot(g)] if bot else sorted(g.legal_actions(), key=lambda a: a != Satisfied())
        best = -1.0
        for a in actions:
            g.apply(a)
            best = max(best, decide())
            g.undo()
            if best >= 1.0:
                break
        return best

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        return chance()
    finally:
        sys.setrecursionlimit(limit)


@pytest.mark.parametrize("state", [(0, 0, None), (5, 3, None), (3, 5, None), (7, 7, None),
                                   (2, 9, "opponent"), (9, 9, "opponent"), (0, 12, "opponent")])
def test_bellman_optimality_through_the_engine_two_dice(state):
    """Playing one turn in the real engine, the best of every legal action (and the bot's own
    play) gives exactly the solved value: no deviation from the solution helps (tol 1e-9)."""
    sol = solve(target=8, n_dice=2)
    g = position(sol, *state)
    want = sol.win_probability(state[0], state[1], leader=state[2])
    assert one_turn(sol, g) == pytest.approx(want, abs=1e-9)
    assert one_turn(sol, position(sol, *state), sol.bot) == pytest.approx(want, abs=1e-9)


def test_bellman_optimality_through_the_engine_three_dice():
    sol = solve(target=15, n_dice=3)
    assert one_turn(sol, position(sol, 0, 0)) == pytest.approx(sol.first_player_win, abs=1e-9)
    g = position(sol, 10, 16, "opponent")
    assert one_turn(sol, g, sol.bot) == pytest.approx(sol.W[6], abs=1e-9)


@pytest.mark.parametrize("state", [(90, 5, None), (60, 0, None), (0, 0, None)])
def test_big_lead_below_a_far_target(state):
    """With 2 dice the deficit bound D (64) is below the target (100): a lead over D does
    not yet win, since banking below the target makes nobody Leader (this used to crash)."""
    sol = solve(target=100, n_dice=2)
    assert len(sol.W) - 1 < 85, "the case of interest: a lead beyond D while below the target"
    want = sol.win_probability(state[0], state[1], leader=state[2])
    assert 0.0 < want < 1.0
    assert one_turn(sol, position(sol, *state)) == pytest.approx(want, abs=1e-9)


@pytest.mark.slow
def test_bot_play_through_the_engine_five_dice():
    sol = solve(target=15)
    assert one_turn(sol, position(sol, 0, 0), sol.bot) == pytest.approx(sol.first_player_win, abs=1e-9)


# ------------------------------------------------------------ shape of the solution
def test_values_are_probabilities_and_monotone(sol20):
    sol = sol20
    P, W = sol.P, sol.W
    assert np.all((P > 0) & (P < 1)) and np.all((W >= 0) & (W < 1))
    assert np.all(np.diff(P, axis=1) <= 1e-12)          # more points for the opponent: worse for me
    assert np.all(np.diff(W) <= 1e-12)                  # a bigger deficit: worse
    assert W[-1] < 1e-10                                 # the bound D: W is negligible there
    assert sol.first_player_win > 0.5                    # moving first is an advantage
    assert sol.info["levels_redone"] == 0                # the pruning's assumption held


def test_win_probability_lookup(sol20):
    sol = sol20
    assert sol.win_probability(3, 7) == sol.P[3, 7]
    assert sol.win_probability(20, 20, leader="me") == 1.0
    assert sol.win_probability(12, 25, leader="opponent") == sol.W[13]
    assert sol.win_probability(0, 10_000, leader="opponent") == 0.0
    df = sol.start_table
    assert len(df) == 400 and df.win_probability.iloc[0] == sol.first_player_win
    assert list(sol.leader_table.columns) == ["deficit", "win_probability"]
    for kwargs, match in [(dict(my_score=20, opp_score=3), "both scores are below the target"),
                          (dict(my_score=3, opp_score=10, leader="opponent"), "the Leader"),
                          (dict(my_score=3, opp_score=10, leader="nobody"), "leader must be"),
                          (dict(my_score=-1, opp_score=10), r"^my_score must be between 0 and 1000000000, got -1$"),
                          (dict(my_score=0, opp_score=10**9 + 1, leader="opponent"),
                           r"^opp_score must be between 0 and 1000000000, got 1000000001$")]:
        with pytest.raises(ValueError, match=match):
            sol.win_probability(**kwargs)


@pytest.mark.parametrize("kwargs, match", [
    (dict(players=3), "2-player games only, got players=3"),
    (dict(tol=0.5), "tol must be a number between"),
    (dict(target=0), r"^target must be between 1 and 100, got 0$"),
    (dict(target=101), r"^target must be between 1 and 100, got 101$"),
    (dict(n_dice=1), "n_dice must be at least 2"),
])
def test_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        solve(**kwargs)


# ------------------------------------------------------------ simulation and play
def test_first_player_win_matches_fast_simulation(sol20):
    """Both seats play the solver's bot; tolerance: 4 standard errors of 40,000 games (seed 7)."""
    sol = sol20
    df = simulate_games(sol.bot, 40_000, seed=7, target=20)
    p = (df.winner == 0).mean()
    se = math.sqrt(sol.first_player_win * (1 - sol.first_player_win) / len(df))
    assert abs(p - sol.first_player_win) < 4 * se


def test_first_player_win_matches_step_api_games(sol20):
    """The bot in real games through the step API; 4 standard errors of 600 games (seeds 0..599)."""
    sol = sol20
    wins = sum(Furcle(players=["A", "B"], target=20, seed=s).play(sol.bot).winner == "A" for s in range(600))
    se = math.sqrt(sol.first_player_win * (1 - sol.first_player_win) / 600)
    assert abs(wins / 600 - sol.first_player_win) < 4 * se


@pytest.mark.parametrize("other", [SatisfiedAt(20), BeekinSmart()])
def test_solver_bot_beats_the_heuristics(sol50, other):
    """Seeded tournament through the step API, seats rotated: the 95% Wilson interval of the
    solver's win rate lies above 1/2 (400 games)."""
    df = tournament(Furcle, [sol50.bot, other], 400, seed=3, fast=False)
    row = df.iloc[0]
    assert row.games == 400 and row.ci_low > 0.5
    assert (row.ci_low, row.ci_high) == wilson_interval(int(row.wins), 400)


def test_bot_checks_the_game(sol50):
    with pytest.raises(ValueError, match="solved for a 2-player game"):
        sol50.bot(Furcle(players=3, seed=1).roll())
    with pytest.raises(ValueError, match="solved for a 2-player game"):
        sol50.bot(Furcle(players=2, target=30, seed=1).roll())


def test_bot_keeps_rolling_when_banking_cannot_pass_the_leader(sol50):
    from furlib.furcle import Dice, Roll

    g = position(sol50, 10, 60, "opponent")
    g.apply(Dice((6, 6, 6, 6, 6)))          # 26 < 50: banking now would lose at once
    assert sol50.bot(g) == Roll()


# ------------------------------------------------------------ the cache
def test_cache_round_trip(tmp_path):
    where = tmp_path / "c"
    first = solve(target=12, n_dice=3, cache=where)
    files = sorted(p.suffix for p in where.iterdir())
    assert files == [".json", ".npz"] and not first.info["cached"]
    again = solve(target=12, n_dice=3, cache=where)
    assert again.info["cached"] and np.array_equal(again.P, first.P) and np.array_equal(again.W, first.W)
    with np.load(next(where.glob("*.npz")), allow_pickle=False) as data:      # plain arrays, no pickle
        assert set(data.files) == {"P", "W"}
    meta = json.loads(next(where.glob("*.json")).read_text())
    assert meta["key"]["target"] == 12 and meta["key"]["n_dice"] == 3
    other = solve(target=12, n_dice=3, beekin=False, cache=where)              # another key, another file
    assert not other.info["cached"] and len(list(where.glob("*.npz"))) == 2


def test_cache_survives_a_corrupt_file(tmp_path):
    where = tmp_path / "c"
    good = solve(target=10, n_dice=2, cache=where)
    next(where.glob("*.npz")).write_bytes(b"not an npz")
    again = solve(target=10, n_dice=2, cache=where)
    assert not again.info["cached"] and np.array_equal(again.P, good.P)


def test_cache_location(tmp_path, monkeypatch):
    monkeypatch.setenv("FURLIB_CACHE", str(tmp_path / "env"))
    assert cache_dir() == tmp_path / "env"
    solve(target=10, n_dice=2)
    assert len(list((tmp_path / "env").glob("*.npz"))) == 1
    solve(target=11, n_dice=2, cache=False)
    assert len(list((tmp_path / "env").glob("*.npz"))) == 1
