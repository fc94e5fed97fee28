"""The lab's figures and the exact turn distribution they draw.

The distribution is checked against hand-counted cases, against the exact
mean (turn_value) and against simulate_turns at fixed seeds with a
chi-square test (statistic below df + 4 sqrt(2 df), a tail far beyond 99.9%).
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go
import pytest

from furlib.core.stats import wilson_interval
from furlib.furcle.bots import SatisfiedAt
from furlib.furcle.fast import simulate_turns
from furlib.furcle.lab_plots import (
    strategy_map,
    turn_distribution_chart,
    turn_value_convergence_chart,
    win_probability_map,
)
from furlib.furcle.solver import solve
from furlib.furcle.turn import optimal_turn_policy, turn_value
from furlib.furcle.turn_distribution import turn_distribution, turn_distribution_frame


@pytest.fixture(scope="module")
def sol20(tmp_path_factory):
    return solve(target=20, cache=tmp_path_factory.mktemp("furlib-cache"))


# ------------------------------------------------------------ distribution
def test_one_roll_of_two_dice_by_hand():
    # SatisfiedAt(1) banks the first pair: 6 pairs of 36 rolls, a pair of f scores f.
    d = turn_distribution(SatisfiedAt(1), n_dice=2, beekin=False)
    assert d == pytest.approx({0: 30 / 36, **{f: 1 / 36 for f in range(1, 7)}}, abs=1e-15)


def test_two_dice_with_beekin_by_hand():
    # One roll of 2 dice, Beekin only to rescue: 20/36 Furcles; 5,6 and 6,5 -> 6,6 scores 6.
    d = turn_distribution(SatisfiedAt(1), n_dice=2, beekin=True)
    assert d[0] == pytest.approx(20 / 36, abs=1e-15)
    assert d[6] == pytest.approx(3 / 36, abs=1e-15)      # 6,6 or a rescued 5,6 / 6,5
    assert d[1] == pytest.approx(1 / 36, abs=1e-15)      # only 1,1: nothing raises to a 1


@pytest.mark.parametrize("policy, rules", [
    (SatisfiedAt(20), {}), (SatisfiedAt(7), {"n_dice": 3}), (SatisfiedAt(15), {"beekin": False}),
    (None, {}), (None, {"n_dice": 4, "beekin": False}), (None, {"bonus": {2: 0, 3: 5, 4: 30, 5: 30}}),
])
def test_sums_to_one_and_mean_is_turn_value(policy, rules):
    policy = optimal_turn_policy(**rules) if policy is None else policy
    d = turn_distribution(policy, **rules)
    assert sum(d.values()) == pytest.approx(1.0, abs=1e-12)
    assert all(p > 0 for p in d.values()) and list(d) == sorted(d)
    assert sum(s * p for s, p in d.items()) == pytest.approx(turn_value(policy, **rules), rel=1e-12)


def _chi_square(dist: dict, banked: np.ndarray) -> tuple[float, int]:
    n = len(banked)
    pts = np.array(list(dist))
    exp = np.array(list(dist.values())) * n
    obs = np.array([(banked == s).sum() for s in pts], float)
    assert obs.sum() == n                      # no simulated total outside the exact support
    big = exp >= 5
    e = np.append(exp[big], exp[~big].sum())
    o = np.append(obs[big], obs[~big].sum())
    return float(((o - e) ** 2 / e).sum()), len(e) - 1


@pytest.mark.parametrize("policy, rules, seed", [
    (SatisfiedAt(20), {}, 1), (None, {}, 2), (None, {"n_dice": 3}, 3), (SatisfiedAt(10), {"beekin": False}, 4),
])
def test_matches_simulation_chi_square(policy, rules, seed):
    policy = optimal_turn_policy(**rules) if policy is None else policy
    banked = simulate_turns(policy, 200_000, seed=seed, **rules)["banked"].to_numpy()
    stat, df = _chi_square(turn_distribution(policy, **rules), banked)
    assert stat < df + 4 * math.sqrt(2 * df), (stat, df)


def test_chi_square_catches_a_wrong_distribution():
    banked = simulate_turns(SatisfiedAt(20), 200_000, seed=1)["banked"].to_numpy()
    stat, df = _chi_square(turn_distribution(SatisfiedAt(19)), banked)
    assert stat > df + 4 * math.sqrt(2 * df)


def test_frame():
    df = turn_distribution_frame(SatisfiedAt(1), n_dice=2, beekin=False)
    assert df.points.tolist() == [0, 1, 2, 3, 4, 5, 6]
    assert df.at_least.iloc[0] == pytest.approx(1.0) and df.at_least.iloc[-1] == pytest.approx(1 / 36)


def test_bad_policy_is_refused():
    with pytest.raises(ValueError, match="policy"):
        turn_distribution("bank at 20")


# ------------------------------------------------------------ strategy map
def test_strategy_map_matches_the_table():
    opt = optimal_turn_policy()
    fig = strategy_map(opt, max_score=80)
    assert isinstance(fig, go.Figure)
    assert [t.name for t in fig.data] == ["Beekin in hand", "no Beekin (used, or not in the rules)",
                                          "Roll again", "Be Satisfied"]
    tab = opt.table.set_index(["turn_score", "dice", "beekin"]).action
    for trace, beekin in zip(fig.data[:2], (True, False)):
        assert list(trace.x) == list(range(1, 81)) and list(trace.y) == [2, 3, 4, 5]
        for k, row in zip(trace.y, trace.z):
            assert list(row) == [int(tab[(t, k, beekin)] == "roll") for t in trace.x]
    # hand-checkable rows: 5 dice without Beekin roll up to 68, 2 dice without Beekin always bank
    z = dict(zip(fig.data[1].y, fig.data[1].z))
    assert sum(z[5]) == 68 and z[5][67] == 1 and z[5][68] == 0 and sum(z[2]) == 0


def test_strategy_map_without_beekin_rules_has_one_panel():
    fig = strategy_map(n_dice=2, beekin=False, max_score=5)
    assert fig.data[0].name.startswith("no Beekin") and [list(r) for r in fig.data[0].z] == [[0] * 5]
    assert sum(isinstance(t, go.Heatmap) for t in fig.data) == 1


def test_strategy_map_past_s_star_uses_the_proved_rule():
    opt = optimal_turn_policy()
    fig = strategy_map(opt, max_score=opt.s_star + 5)
    z = dict(zip(fig.data[0].y, fig.data[0].z))        # Beekin in hand: 4 and 5 dice are sure, 2 and 3 are not
    assert z[5][-1] == 1 and z[4][-1] == 1 and z[3][-1] == 0 and z[2][-1] == 0


def test_strategy_map_of_a_solution(sol20):
    fig = strategy_map(sol20, my_score=15, opp_score=0)
    assert list(fig.data[0].x) == list(range(1, 21))
    z = dict(zip(fig.data[1].y, fig.data[1].z))
    # 15 + 5 reaches the target 20 points ahead: bank with 2 dice and no Beekin left
    assert list(z[2][4:]) == [0] * 16
    for k, row in z.items():
        for t, roll in zip(fig.data[1].x, row):
            i = sol20.model.state_index[(k, False)]
            assert roll == int(sol20.roll_value(15, 0, False, int(t), i) > sol20.bank_value(15, 0, False, int(t)))


@pytest.mark.parametrize("kw, match", [
    ({"source": "optimal"}, "source"), ({"max_score": 0}, "max_score"), ({"my_score": 3}, "Solution"),
    ({"beekin": "yes"}, "beekin"), ({"template": "nope"}, "template"), ({"n_dice": 1}, "n_dice"),
])
def test_strategy_map_refuses_bad_arguments(kw, match):
    with pytest.raises(ValueError, match=match):
        strategy_map(**kw)


def test_strategy_map_of_a_solution_needs_scores(sol20):
    with pytest.raises(ValueError, match="my_score and opp_score"):
        strategy_map(sol20)
    with pytest.raises(ValueError, match="my_score"):
        strategy_map(sol20, my_score=20, opp_score=0)


# ------------------------------------------------------------ win map
def test_win_probability_map(sol20):
    fig = win_probability_map(sol20)
    assert np.array(fig.data[0].z).shape == (20, 20)
    assert np.array_equal(np.array(fig.data[0].z), sol20.P)      # z[my][opp]: y = my score
    assert fig.data[0].z[0][0] == sol20.first_player_win
    surf = win_probability_map(sol20, kind="surface")
    assert isinstance(surf.data[0], go.Surface)
    with pytest.raises(ValueError, match="kind"):
        win_probability_map(sol20, kind="3d")
    with pytest.raises(ValueError, match="Solution"):
        win_probability_map(0.6)


# ------------------------------------------------------------ turn charts
def test_turn_distribution_chart_bars_and_dots():
    fig = turn_distribution_chart(SatisfiedAt(20), n_turns=5000, seed=9, max_points=60)
    exact = turn_distribution(SatisfiedAt(20))
    assert dict(zip(fig.data[0].x, fig.data[0].y)) == pytest.approx(exact)
    banked = simulate_turns(SatisfiedAt(20), 5000, seed=9)["banked"].to_numpy()
    dots = fig.data[1]
    for x, y, up, down in zip(dots.x, dots.y, dots.error_y.array, dots.error_y.arrayminus):
        assert y == pytest.approx((banked == x).mean())
        low, high = wilson_interval(int((banked == x).sum()), 5000)     # 95% Wilson interval of each dot
        assert (y - down, y + up) == pytest.approx((low, high), abs=1e-12)


def test_turn_distribution_chart_cut_is_reported():
    fig = turn_distribution_chart(n_turns=0)
    assert len(fig.data) == 1 and "bank more than" in fig.layout.title.text
    with pytest.raises(ValueError, match="n_turns"):
        turn_distribution_chart(n_turns=-1)
    with pytest.raises(ValueError, match="seed"):
        turn_distribution_chart(seed=-3)


def test_convergence_chart_ends_at_the_simulated_mean():
    fig = turn_value_convergence_chart(SatisfiedAt(4), n_turns=3000, seed=5)
    names = [t.name for t in fig.data]
    assert names == ["95% band top", "95% confidence band", "Running mean", "Exact value"]
    banked = simulate_turns(SatisfiedAt(4), 3000, seed=5)["banked"].to_numpy()
    assert fig.data[2].y[-1] == pytest.approx(banked.mean())
    half = 1.959963984540054 * banked.std(ddof=1) / math.sqrt(3000)
    assert fig.data[0].y[-1] == pytest.approx(banked.mean() + half)
    assert fig.data[3].y[0] == pytest.approx(turn_value(SatisfiedAt(4)))
    assert fig.data[1].y[-1] < turn_value(SatisfiedAt(4)) < fig.data[0].y[-1]   # this seed's band covers it


def test_convergence_chart_refuses_bad_arguments():
    with pytest.raises(ValueError, match="n_turns"):
        turn_value_convergence_chart(n_turns=1)
    with pytest.raises(ValueError, match="log_x"):
        turn_value_convergence_chart(log_x="yes")
