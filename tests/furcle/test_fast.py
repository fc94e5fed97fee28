"""Vectorised simulation: exact values, the step API, and decision-by-decision agreement with the bots."""

import math

import numpy as np
import pytest

from furlib.furcle import Furcle
from furlib.furcle.bots import BeekinSmart, SatisfiedAt
from furlib.furcle.exact import transition_model
from furlib.furcle.fast import (
    BANK,
    FURCLE,
    POINTS_SHIFT,
    ROLL,
    STATE_MASK,
    _dice,
    _SolverTurns,
    compile_policy,
    fast_tournament,
    simulate_games,
    simulate_turns,
)
from furlib.furcle.rules import MAX_TARGET
from furlib.furcle.solver import solve
from furlib.furcle.turn import optimal_turn_policy, turn_value

OPT = optimal_turn_policy()


@pytest.mark.parametrize("policy", [SatisfiedAt(10), SatisfiedAt(20), OPT], ids=["S10", "S20", "optimal"])
def test_mean_banked_matches_exact_value(policy):
    """Tolerance: 4 standard errors of the mean of 200,000 turns (seed 2)."""
    df = simulate_turns(policy, 200_000, seed=2)
    se = df.banked.std() / math.sqrt(len(df))
    assert abs(df.banked.mean() - turn_value(policy)) < 4 * se


def test_without_beekin():
    df = simulate_turns(SatisfiedAt(15), 100_000, seed=4, beekin=False)
    assert not df.beekin.any()
    se = df.banked.std() / math.sqrt(len(df))
    assert abs(df.banked.mean() - turn_value(SatisfiedAt(15), beekin=False)) < 4 * se


def step_api_turns(policy, n_turns, seed):
    g = Furcle(players=1, target=MAX_TARGET, seed=seed)
    out = []
    while len(out) < n_turns:
        if g.is_over:   # the player reached the largest target: the next turns are those of a new game
            g = Furcle(players=1, target=MAX_TARGET, seed=seed * 1_000_003 + g.turn + len(out))
        turn, before = g.turn, g.scores[g.players[0]]
        while g.turn == turn:
            g.step(policy)
        out.append(g.scores[g.players[0]] - before)
    return np.array(out)


def chi_square_two_samples(x, y, bins):
    """Two-sample chi-square statistic over ``bins`` (values put in the last bin from its edge)."""
    cx = np.bincount(np.minimum(np.searchsorted(bins, x, side="right") - 1, len(bins) - 1), minlength=len(bins))
    cy = np.bincount(np.minimum(np.searchsorted(bins, y, side="right") - 1, len(bins) - 1), minlength=len(bins))
    nx, ny = cx.sum(), cy.sum()
    keep = (cx + cy) > 0
    cx, cy = cx[keep], cy[keep]
    stat = np.sum((cx * math.sqrt(ny / nx) - cy * math.sqrt(nx / ny)) ** 2 / (cx + cy))
    return stat, keep.sum() - 1


def test_distribution_matches_the_step_api():
    """Banked points of SatisfiedAt(10): 3,000 step-API turns vs 100,000 fast turns. The
    chi-square statistic must stay below the 99.9% point (Wilson-Hilferty, z = 3.09)."""
    fast = simulate_turns(SatisfiedAt(10), 100_000, seed=8).banked.to_numpy()
    slow = step_api_turns(SatisfiedAt(10), 3000, seed=8)
    stat, df = chi_square_two_samples(slow, fast, np.array([0, 1, 10, 12, 14, 16, 18, 20, 24, 30]))
    critical = df * (1 - 2 / (9 * df) + 3.09 * math.sqrt(2 / (9 * df))) ** 3
    assert stat < critical


def test_turn_columns_and_invariants():
    df = simulate_turns(SatisfiedAt(12), 50_000, seed=1)
    assert list(df.columns) == ["banked", "rolls", "furcled", "beekin"]
    assert (df.banked[df.furcled] == 0).all() and (df.banked[~df.furcled] >= 12).all()
    assert (df.rolls >= 1).all()
    assert df.equals(simulate_turns(SatisfiedAt(12), 50_000, seed=1))
    assert not df.equals(simulate_turns(SatisfiedAt(12), 50_000, seed=2))


# ------------------------------------------------------------ decision by decision
def outcome_in_engine(g, bot):
    """What ``bot`` does with the roll on the table: (action, points, next state, Beekin used)."""
    turn, before_total = g.turn, g.scores[g.current_player]
    me, before = g.current_player, g.turn_score - g.roll_points
    n_events, steps = len(g.events), 0
    while g.turn == turn and not g.is_chance:
        g.apply(bot(g))
        steps += 1
    used = any(e.kind == "beekin" for e in g.events[n_events:])
    if g.turn != turn:
        banked = g.scores[me] - before_total
        result = (BANK, banked - before, None, used) if banked else (FURCLE, 0, None, used)
    else:
        result = (ROLL, g.turn_score - before, (g.dice_to_roll, g.beekin_available), used)
    g.undo(steps)
    return result


def decode(code):
    act, used, nxt, pts = code & 3, bool(code >> 2 & 1), (code >> 3 & STATE_MASK) - 1, code >> POINTS_SHIFT
    return act, pts, nxt, used


def roll_class(model, g):
    i = model.state_index[(len(g.dice), g.beekin_available)]
    c = [o.faces for o in model.outcomes[i]].index(tuple(sorted(g.dice)))
    return i, c


@pytest.mark.parametrize("bot", [SatisfiedAt(15), OPT], ids=["S15", "optimal"])
def test_compiled_table_agrees_with_the_bot(bot):
    model = transition_model()
    tab = compile_policy(bot, model)
    width = max(len(o) for o in model.outcomes)
    checked = 0
    for seed in range(40):
        g = Furcle(players=["Ann", "Bob"], seed=seed)
        while not g.is_over:
            g.step()                                     # a roll
            if g.is_over or g.is_chance or g.turn_score - g.roll_points < 0:
                continue
            if g.legal_actions():
                before = g.turn_score - g.roll_points
                i, c = roll_class(model, g)
                act, pts, nxt, used = decode(int(tab.code[(min(before, tab.cap) * len(model.states) + i)
                                                          * width + c]))
                want = outcome_in_engine(g, bot)
                got = (act, pts if act != FURCLE else 0, model.states[nxt] if act == ROLL else None, used)
                assert got == want, (seed, g.dice, before)
                checked += 1
            while not g.is_over and not g.is_chance:
                g.step(bot)
    assert checked > 500


def test_vectorised_solver_bot_agrees_with_the_step_bot():
    sol = solve(target=20, cache=False)
    model = sol.model
    runner = _SolverTurns(sol, _dice(model))
    checked = leader_states = 0
    for seed in range(200):
        g = Furcle(players=["Ann", "Bob"], target=20, seed=seed)
        seats = {"Ann": sol.bot, "Bob": SatisfiedAt(8)}
        while not g.is_over:
            g.step()
            if g.is_over or g.is_chance:
                continue
            me = g.current_player
            if seats[me] is sol.bot and g.legal_actions():
                opp = "Bob" if me == "Ann" else "Ann"
                before = g.turn_score - g.roll_points
                i, c = roll_class(model, g)
                led = g.leader == opp
                leader_states += led
                arr = lambda v, t=np.int64: np.array([v], t)  # noqa: E731 - a one-line helper beside its use
                p, r, f, act = runner.decide(arr(g.scores[me]), arr(g.scores[opp]), arr(led, bool), arr(before),
                                             arr(i), arr(c))
                want = outcome_in_engine(g, sol.bot)
                got = (int(act[0]), int(p[0]) if act[0] != FURCLE else 0,
                       model.states[int(r[0])] if act[0] == ROLL else None, bool(f[0] > 0))
                assert got == want, (seed, g.dice, before, g.scores)
                checked += 1
            while not g.is_over and not g.is_chance:
                g.step(seats[g.current_player])
    assert checked > 500 and leader_states > 50, (checked, leader_states)


# ------------------------------------------------------------ games
def test_game_invariants():
    df = simulate_games([SatisfiedAt(10), SatisfiedAt(20)], 20_000, seed=5, target=30)
    assert list(df.columns) == ["winner", "score_0", "score_1", "turns"]
    # the Leader wins at the start of their turn: seat 0 wins exactly when an even number of turns was played
    assert (df.winner == df.turns % 2).all()
    win = np.where(df.winner == 0, df.score_0, df.score_1)
    lose = np.where(df.winner == 0, df.score_1, df.score_0)
    # the Leader reached the target; a tie does not unseat a Leader, so the loser may equal them
    assert (win >= 30).all() and (win >= lose).all() and (win == lose).any()
    assert df.equals(simulate_games([SatisfiedAt(10), SatisfiedAt(20)], 20_000, seed=5, target=30))


def test_games_match_the_step_api():
    """Win rate of SatisfiedAt(10) (seat 0) over SatisfiedAt(25): 100,000 fast games vs 1,000 real
    games; the difference must stay within 4 standard errors."""
    fast = (simulate_games([SatisfiedAt(10), SatisfiedAt(25)], 100_000, seed=9, target=30).winner == 0).mean()
    wins = sum(Furcle(players=["A", "B"], target=30, seed=s).play(SatisfiedAt(10), SatisfiedAt(25)).winner == "A"
               for s in range(1000))
    slow = wins / 1000
    se = math.sqrt(fast * (1 - fast) / 1000 + fast * (1 - fast) / 100_000)
    assert abs(fast - slow) < 4 * se


def test_bad_input():
    with pytest.raises(ValueError, match="cannot play BeekinSmart"):
        simulate_games([BeekinSmart(), SatisfiedAt(10)], 10)
    with pytest.raises(ValueError, match="give one policy or two"):
        simulate_games([SatisfiedAt(10)] * 3, 10)
    with pytest.raises(ValueError, match=r"^n must be between 1 and 25000000, got 0$"):
        simulate_turns(SatisfiedAt(10), 0)
    with pytest.raises(RuntimeError, match="did not end within 2 turns"):
        simulate_games(SatisfiedAt(10), 10, seed=1, max_turns=2)
    sol = solve(target=12, n_dice=3, cache=False)
    with pytest.raises(ValueError, match="solved for"):
        simulate_games(sol.bot, 10, target=20, n_dice=3)
    assert fast_tournament([BeekinSmart(), SatisfiedAt(3)], [(0, 1, 10)]) is None
    assert fast_tournament([SatisfiedAt(9), SatisfiedAt(3)], [(0, 1, 10)], players=3) is None
