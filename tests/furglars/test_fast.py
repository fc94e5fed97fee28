"""The vectorised Furglars simulator against the step engine: same games with the same dice,
same statistics at fixed seeds, and much faster."""

from __future__ import annotations

import math

import numpy as np
import pytest

from furlib.core.engine.policy import RandomBot
from furlib.core.sim.tournament import tournament
from furlib.core.stats import wilson_interval
from furlib.furglars import Furglars
from furlib.furglars.analysis import roll_probabilities
from furlib.furglars.bots import GreedyThief, Mastermind
from furlib.furglars.faces import KINDS
from furlib.furglars.fast import (
    MAX_SIM_GAMES,
    MAX_SIM_TURNS,
    TABLE_DICE,
    _play,
    _roller,
    fast_tournament,
    seat_win_rates,
    simulate_games,
    supports,
)

# ------------------------------------------------------------------ helpers


def replay_roller(game: Furglars, seeds: list[int]):
    """Roll, for game i, exactly the dice the engine rolls with seed seeds[i] (its own generator)."""
    gens = [np.random.Generator(np.random.PCG64(np.random.SeedSequence(s))) for s in seeds]
    kind = np.array([KINDS.index(f) for f in game.faces])

    def roll(games, k):
        return np.array([np.bincount(kind[gens[g].integers(len(game.faces), size=int(kk))], minlength=4)
                         for g, kk in zip(games, k)])
    return roll


def engine_summary(g: Furglars) -> dict:
    ev = g.history["event"]
    xf = [e for e in g.events if e.kind == "x factor"]
    return {"winner": g.players.index(g.winner), "turns": g.turn - 1, "rolls": int((ev == "roll").sum()),
            "steals": int((ev == "steal").sum()), "breaks": int((ev == "break").sum()),
            "bonus_rolls": sum(e.data["dice"] > 0 for e in xf), "scores": list(g.scores.values())}


def z_proportions(w1: int, n1: int, w2: int, n2: int) -> float:
    """Two-sample z statistic for proportions (pooled variance)."""
    p = (w1 + w2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    return 0.0 if se == 0 else (w1 / n1 - w2 / n2) / se


def z_means(a, b) -> float:
    """Two-sample z statistic for means (Welch)."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    return (a.mean() - b.mean()) / math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))


def engine_games(n_players: int, policies, games: int, seed0: int, **rules):
    """Winners and lengths of seeded step-engine games (seat 0 starts)."""
    winners, turns = [], []
    for i in range(games):
        g = Furglars(n_players, seed=seed0 + i, **rules).play(*policies)
        winners.append(g.players.index(g.winner))
        turns.append(g.turn - 1)
    return np.array(winners), np.array(turns)


def worst_z(n_players, eng_winners, eng_turns, fast_df) -> float:
    zs = [z_proportions(int((eng_winners == s).sum()), len(eng_winners), int((fast_df.winner == s).sum()),
                        len(fast_df)) for s in range(n_players)]
    zs.append(z_means(eng_turns, fast_df.turns))
    return max(abs(z) for z in zs)


# ------------------------------------------------------------------ same dice, same game

RULES = [
    (2, {}),
    (3, {}),
    (4, {"x_factor": True}),
    (6, {"x_factor": True}),
    (3, {"faces": ("hand", "lock", "x", "furgle"), "x_factor": True}),
    (5, {"chart": {n: n * n for n in range(1, 21)}, "target": 30}),
    (2, {"dice_per_player": 2, "target": 6}),
]


@pytest.mark.parametrize("n_players, rules", RULES)
def test_greedy_replays_the_engine_game_by_game(n_players, rules):
    # Feed the simulator the dice the engine rolls: every game must come out identical.
    seeds = list(range(500, 530))
    proto = Furglars(n_players, seed=0, **rules)
    out = _play(proto, np.zeros(n_players, int), len(seeds), replay_roller(proto, seeds),
                np.random.default_rng(0), 10_000)
    by_dice = np.zeros((2, proto.total_dice + 1), int)
    for i, s in enumerate(seeds):
        g = Furglars(n_players, seed=s, **rules).play(GreedyThief())
        want = engine_summary(g)
        got = {key: int(out[key][i]) for key in ("winner", "turns", "rolls", "steals", "breaks", "bonus_rolls")}
        got["scores"] = out["scores"][i].tolist()
        assert got == want, (s, rules)
        for e in g.events:
            if e.kind == "roll":
                k = len(e.data["faces"])
                by_dice[:, k] += (1, e.data["x"] == k)
    assert (out["by_dice"] == by_dice).all()


def test_replay_covers_the_x_factor_and_games_without_it():
    seeds = list(range(40))
    proto = Furglars(6, seed=0, x_factor=True)
    out = _play(proto, np.zeros(6, int), len(seeds), replay_roller(proto, seeds), np.random.default_rng(0), 10_000)
    assert out["bonus_rolls"].sum() > 10          # the bonus roll path really ran
    assert (out["all_x"] >= out["bonus_rolls"]).all()
    off = _play(Furglars(6, seed=0), np.zeros(6, int), len(seeds), replay_roller(proto, seeds),
                np.random.default_rng(0), 10_000)
    assert off["bonus_rolls"].sum() == 0 and off["all_x"].sum() > 0


# ------------------------------------------------------------------ the dice


@pytest.mark.parametrize("faces, total_dice", [
    (("furgle", "furgle", "lock", "hand", "hand", "x"), 12),                 # the table
    (("furgle", "furgle", "lock", "hand", "hand", "x"), TABLE_DICE + 10),    # rng.multinomial
    (("hand", "hand", "lock"), 8),                                           # kinds missing from the die
])
def test_rolls_follow_the_exact_multinomial(faces, total_dice):
    # 100000 rolls of 4 dice and of 1 die: each outcome's count vs its exact chance, |z| < 4
    p = np.array([faces.count(kind) for kind in KINDS], float) / len(faces)
    roll = _roller(p, total_dice, np.random.default_rng(8))
    for k in (4, 1):
        counts = roll(np.arange(100_000), np.full(100_000, k))
        assert counts.shape == (100_000, 4) and (counts.sum(axis=1) == k).all()
        seen = {}
        for row in map(tuple, counts):
            seen[row] = seen.get(row, 0) + 1
        exact = roll_probabilities(k, faces)
        assert set(seen) <= set(exact)                           # nothing impossible ever shows
        for outcome, prob in exact.items():
            q = float(prob)
            z = (seen.get(outcome, 0) - 1e5 * q) / math.sqrt(1e5 * q * (1 - q)) if q < 1 else 0.0
            assert abs(z) < 4, (outcome, seen.get(outcome, 0), q)


# ------------------------------------------------------------------ same statistics

@pytest.fixture(scope="module")
def engine_2_players():
    """400 seeded engine games (seeds 10000...) of 2 GreedyThieves."""
    return engine_games(2, [GreedyThief()], 400, 10_000)


def test_seat_win_rates_and_game_length_agree_with_the_engine_2_players(engine_2_players):
    # 400 engine games vs 20000 simulated (seed 1): every seat's win rate and
    # the mean game length must agree by a two-sample z-test, |z| < 4.
    eng_w, eng_t = engine_2_players
    df = simulate_games(GreedyThief(), 20_000, players=2, seed=1)
    assert worst_z(2, eng_w, eng_t, df) < 4


def test_seat_win_rates_and_game_length_agree_with_the_engine_4_players_x_factor():
    eng_w, eng_t = engine_games(4, [GreedyThief()], 300, 20_000, x_factor=True)
    df = simulate_games(GreedyThief(), 20_000, players=4, x_factor=True, seed=2)
    assert worst_z(4, eng_w, eng_t, df) < 4


def test_random_bots_agree_with_the_engine_in_distribution():
    # RandomBot is simulated with the simulator's own random choices: only the statistics match.
    bots = [RandomBot(1), GreedyThief(), RandomBot(2)]
    eng_w, eng_t = engine_games(3, bots, 300, 30_000)
    df = simulate_games(bots, 20_000, players=3, seed=3)
    assert worst_z(3, eng_w, eng_t, df) < 4


def test_the_comparison_can_fail(engine_2_players):
    # The same test must catch a wrong policy: GreedyThief in the engine, RandomBot in seat 0 here.
    eng_w, eng_t = engine_2_players
    df = simulate_games([RandomBot(), GreedyThief()], 20_000, players=2, seed=1)
    assert worst_z(2, eng_w, eng_t, df) > 4


def test_all_x_rolls_happen_as_often_as_the_exact_chance_says():
    # Each roll of k dice shows only Xs with chance (1/6)**k, so per game the count of all-X rolls
    # and the sum of those chances have the same mean: z-test on the paired difference, |z| < 4.
    df = simulate_games(n=20_000, players=3, seed=4)
    diff = df.all_x - df.x_chance
    z = diff.mean() / (diff.std(ddof=1) / math.sqrt(len(diff)))
    assert abs(z) < 4 and df.all_x.sum() > 1000
    # by number of dice: all-X rolls of k dice vs rolls * (1/6)**k (Poisson-like z, |z| < 4)
    table = df.attrs["rolls_by_dice"]
    assert sum(table["rolls"]) == df.rolls.sum() and sum(table["all_x"]) == df.all_x.sum()
    for k, rolls, all_x in zip(table["dice"], table["rolls"], table["all_x"]):
        expected = rolls * (1 / 6) ** k
        assert abs(all_x - expected) <= 4 * math.sqrt(expected), k     # k = 0: no rolls, 0 <= 0


# ------------------------------------------------------------------ the table and its parts

def test_result_table():
    df = simulate_games(n=500, players=["Ann", "Bob", "Cy"], target=10, seed=5)
    assert list(df.columns) == ["winner", "turns", "rolls", "all_x", "bonus_rolls", "x_chance", "steals",
                                "breaks", "score_0", "score_1", "score_2"]
    assert df.attrs["players"] == ["Ann", "Bob", "Cy"] and df.attrs["target"] == 10
    scores = df[["score_0", "score_1", "score_2"]].to_numpy()
    winners = df.winner.to_numpy()
    assert (scores[np.arange(500), winners] >= 10).all()
    assert ((scores >= 10).sum(axis=1) == 1).all()        # only the winner reached the target
    assert (df.rolls <= df.turns).all() and (df.bonus_rolls == 0).all()     # at most one roll a turn
    assert (df.rolls >= 1).all() and (df.steals >= 0).all()


def test_same_seed_same_games():
    a = simulate_games(n=300, players=4, seed=9, x_factor=True)
    b = simulate_games(n=300, players=4, seed=9, x_factor=True)
    c = simulate_games(n=300, players=4, seed=10, x_factor=True)
    assert a.equals(b) and not a.equals(c)


def test_seat_win_rates():
    df = simulate_games(n=1000, players=3, seed=6)
    rates = seat_win_rates(df)
    assert rates.seat.tolist() == [1, 2, 3] and rates.player.tolist() == ["Player 1", "Player 2", "Player 3"]
    assert rates.wins.sum() == 1000 and (rates.games == 1000).all()
    for row in rates.itertuples():
        assert (row.ci_low, row.ci_high) == pytest.approx(wilson_interval(int(row.wins), 1000))
        assert row.win_rate == row.wins / 1000
    with pytest.raises(ValueError, match="DataFrame of simulate_games"):
        seat_win_rates([0, 1])


@pytest.mark.parametrize("call, words", [
    (lambda: simulate_games(Mastermind(), 10), "cannot play Mastermind"),
    (lambda: simulate_games([GreedyThief()] * 2, 10, players=3), "got 2 policies for 3 players"),
    (lambda: simulate_games(n=0), r"^n must be between 1 and 200000, got 0$"),
    (lambda: simulate_games(n=MAX_SIM_GAMES + 1), r"^n must be between 1 and 200000, got 200001$"),
    (lambda: simulate_games(n=10, players=7), "7"),
    (lambda: simulate_games(n=10, faces=["paw"]), "got 'paw'"),
    (lambda: simulate_games(n=10, seed=-1),
     r"seed must be None or a whole number from 0 to 2\*\*128 - 1 \(MAX_SEED\), got -1"),
    (lambda: simulate_games(n=10, max_turns=0), r"^max_turns must be between 1 and 1000000, got 0$"),
    (lambda: simulate_games(n=10, max_turns=MAX_SIM_TURNS + 1),
     r"^max_turns must be between 1 and 1000000, got 1000001$"),
])
def test_bad_input_names_the_value(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_max_turns_stops_a_runaway():
    with pytest.raises(RuntimeError, match="did not end within max_turns=3"):
        simulate_games(n=50, players=3, max_turns=3, seed=0)


def test_supports():
    assert supports(GreedyThief()) and supports(RandomBot(3))
    assert not supports(Mastermind()) and not supports(lambda g: None)


# ------------------------------------------------------------------ the tournament's fast path

def test_fast_tournament_hook():
    out = fast_tournament([GreedyThief(), RandomBot(0)], [(0, 1, 30), (1, 0, 20)], seed=3)
    assert [len(w) for w in out] == [30, 20] and all(set(np.unique(w)) <= {0, 1} for w in out)
    assert fast_tournament([GreedyThief(), Mastermind()], [(0, 1, 5)]) is None
    assert fast_tournament([GreedyThief(), GreedyThief()], [(0, 1, 5)], players=3) is None
    assert fast_tournament([GreedyThief(), GreedyThief()], [(0, 1, 5)], colour="red") is None


def test_tournament_uses_the_fast_path_and_agrees_with_the_step_api():
    bots = [GreedyThief(), RandomBot(1)]
    fast = tournament(Furglars, bots, 4000, players=2, seed=1, progress=False)
    slow = tournament(Furglars, bots, 300, players=2, seed=1, progress=False, fast=False)
    assert fast.attrs["fast"] and not slow.attrs["fast"]
    z = z_proportions(int(fast.wins[0]), int(fast.games[0]), int(slow.wins[0]), int(slow.games[0]))
    assert abs(z) < 4, (fast, slow)
    assert fast.win_rate[0] > 0.5            # the thief beats the random bot
