"""What the solvers keep and share cannot be changed by a caller (audit items 3 to 7).

``transition_model()`` (one per rule set), ``bounds(model)`` (kept per rule set), ``solution_for(game)`` (one
Solution per rule set, shared by every game and the app), ``lab_numbers()`` (kept Solution and policy) and
``OptimalTurnPolicy.table`` hand out objects that later calls read again. Each test tries the change a caller
could make (the audit's proof scripts) and checks that it is refused and that later answers stay the same.
"""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from furlib.furcle import Furcle
from furlib.furcle.advice import position_value, solution_for
from furlib.furcle.bots import SatisfiedAt
from furlib.furcle.exact import transition_model
from furlib.furcle.solver import Solution, solve
from furlib.furcle.turn import bounds, optimal_turn_policy, turn_value
from furlib.furcle.turn_distribution import turn_distribution

BONUS = {2: 0, 3: 10, 4: 15, 5: 20}


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("FURLIB_CACHE", str(tmp_path / "cache"))


def _arrays(model):
    return [*model.prob, *model.opt_points, *model.opt_state, *model.opt_beekin, model.sure, model.furcle]


def _refused_array(a):
    """``a`` is read-only: writing into it, in place or by item, raises ValueError and leaves it as it was."""
    before = a.copy()
    assert not a.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        a[...] = a.flat[0]
    with pytest.raises(ValueError, match="read-only"):
        a.flat[0] = a.flat[-1]
    with pytest.raises(ValueError, match="read-only"):
        a += a
    np.testing.assert_array_equal(a, before)


# ------------------------------------------------------------ 3. transition_model()
def test_transition_model_arrays_and_mappings_are_read_only():
    bot = SatisfiedAt(20)
    value, furcled = turn_value(bot), turn_distribution(bot)[0]
    m = transition_model()
    assert transition_model() is m
    for a in _arrays(m):
        _refused_array(a)
    p = m.prob[m.start]
    with pytest.raises(ValueError, match="read-only"):
        p[:] = p[::-1].copy()                       # the audit's change: reorder "its" probabilities
    start, bonus = m.start, dict(m.bonus)
    with pytest.raises(TypeError):
        m.state_index[(5, True)] = 0
    with pytest.raises(TypeError):
        m.state_index.clear()
    with pytest.raises(TypeError):
        m.bonus[3] = 50
    with pytest.raises(TypeError):
        m.bonus.update({3: 50})
    assert transition_model().start == start == m.state_index[(5, True)] and dict(m.bonus) == bonus == BONUS
    assert turn_value(bot) == value and round(value, 4) == 3.317
    assert turn_distribution(bot)[0] == furcled


def test_transition_model_reads_as_before():
    """The mappings still read, compare, print and dump like the dicts they were."""
    m = transition_model(3, beekin=False)
    assert m.bonus == BONUS and BONUS == m.bonus and repr(m.bonus) == repr(BONUS)
    assert m.state_index == {(2, False): 0, (3, False): 1} and m.start == 1
    assert sorted(m.bonus.items()) == sorted(BONUS.items())
    g = Furcle(players=2, n_dice=3, beekin=False, seed=1)
    assert (g.n_dice, g.sides, g.bonus, g.beekin) == (m.n_dice, m.sides, m.bonus, m.beekin)


# ------------------------------------------------------------ 4. bounds(model)
def test_bounds_are_read_only():
    m = transition_model()
    b = bounds(m)
    assert bounds(m) is b
    value = optimal_turn_policy().value
    _refused_array(b.gross)
    _refused_array(b.tail)
    with pytest.raises(ValueError, match="read-only"):
        b.tail[:] = 1000.0                          # the audit's change
    opt = optimal_turn_policy()
    assert opt.value == value and round(value, 4) == 14.4964
    assert opt.bounds is bounds(m) and opt.model is m
    assert not opt.bounds.gross.flags.writeable and not opt.model.prob[0].flags.writeable


# ------------------------------------------------------------ 5. Solution and solution_for(game)
def test_solution_arrays_and_tables_are_read_only():
    sol = solve(target=10, n_dice=3, cache=False)
    win = sol.win_probability(5, 5)
    rolling = sol.roll_value(0, 10, True, 3, 0), sol.roll_value(2, 3, False, 4, 1)
    _refused_array(sol.P)
    _refused_array(sol.W)
    tables = sol.tables()
    assert sol.tables() is tables
    for a in tables.values():
        _refused_array(a)
    with pytest.raises(TypeError):
        tables["leader"] = tables["pairs"]
    with pytest.raises(TypeError):
        tables.pop("leader")                        # the audit's change: roll_value then raised KeyError
    with pytest.raises(TypeError):
        del tables["pairs"]
    assert sorted(sol.tables()) == ["leader", "pairs"]
    assert sol.win_probability(5, 5) == win
    assert (sol.roll_value(0, 10, True, 3, 0), sol.roll_value(2, 3, False, 4, 1)) == rolling


def test_a_solution_leaves_the_callers_arrays_alone():
    """Solution(...) seals its own views: arrays passed in by a caller stay writeable for that caller."""
    sol = solve(target=10, n_dice=3, cache=False)
    P, W = np.array(sol.P), np.array(sol.W)
    again = Solution(dict(sol.params), P, W, {})
    assert P.flags.writeable and W.flags.writeable
    assert not again.P.flags.writeable and not again.W.flags.writeable
    assert again.win_probability(5, 5) == sol.win_probability(5, 5)


def test_solution_for_is_shared_but_cannot_be_changed():
    g = Furcle(["Ann", "Bob"], target=10, n_dice=3, seed=1)
    fresh = Furcle(["X", "Y"], target=10, n_dice=3, seed=9)
    sol = solution_for(g)
    assert solution_for(fresh) is sol
    value, win = position_value(fresh), sol.win_probability(5, 5)
    with pytest.raises(ValueError, match="read-only"):
        sol.tables()["pairs"][0, 0] = 0.0           # the audit's changes, through the shared solution
    with pytest.raises(ValueError, match="read-only"):
        solution_for(fresh).P[5, 5] = 0.123
    with pytest.raises(ValueError, match="read-only"):
        solution_for(fresh).W[:] = 0.0
    with pytest.raises(TypeError):
        solution_for(fresh).model.state_index.clear()
    with pytest.raises(TypeError):                  # its parameters (the bonus table too) and its facts
        sol.params["target"] = 50
    with pytest.raises(TypeError):
        sol.params["bonus"][3] = 99
    with pytest.raises(TypeError):
        sol.info["cached"] = True
    assert sol.params == {"target": 10, "n_dice": 3, "sides": 6, "bonus": {2: 0, 3: 10, 4: 15, 5: 20}, "beekin": True}
    sol.bot.check(fresh)                            # still the solution of these rules (it raises otherwise)
    assert position_value(fresh) == value == pytest.approx(sol.first_player_win, abs=1e-12)
    assert solution_for(g).win_probability(5, 5) == win
    assert solution_for(g).model is transition_model(3)


# ------------------------------------------------------------ 6. lab_numbers()
def test_lab_numbers_hand_out_read_only_objects():
    pytest.importorskip("ipywidgets")
    from furlib.furcle.lab import lab_numbers

    r1 = lab_numbers(20, 3, BONUS, True)
    win, table = r1["solution"].win_probability(5, 5), r1["policy"].table
    with pytest.raises(ValueError, match="read-only"):
        r1["solution"].P[5, 5] = 0.0                # the audit's change
    given = r1["policy"].table
    given.loc[:, "action"] = "roll"                 # changes a copy only
    r2 = lab_numbers(20, 3, BONUS, True)
    assert r2["solution"] is r1["solution"] and r2["policy"] is r1["policy"]
    assert r2["solution"].win_probability(5, 5) == win
    assert r2["policy"].table.equals(table)


# ------------------------------------------------------------ 7. OptimalTurnPolicy.table / .beekin_table
def test_policy_tables_are_copies():
    opt = optimal_turn_policy(n_dice=3)
    table, beekin = opt.table, opt.beekin_table
    assert opt.table is not table and opt.table.equals(table)
    assert {"bank", "roll"} <= set(table.action)
    banks = opt.banks(12, 2, False)
    table.loc[:, "action"] = "roll"                 # the audit's change
    beekin.loc[:, "raise_face"] = 0
    fresh, fresh_beekin = opt.table, opt.beekin_table
    assert {"bank", "roll"} <= set(fresh.action) and (fresh_beekin.raise_face > 0).all()
    assert fresh.equals(optimal_turn_policy(n_dice=3).table)
    assert opt.banks(12, 2, False) == banks
    _refused_array(opt.roll_values)
    for c in opt.choices:
        _refused_array(c)


# ------------------------------------------------------------ copies still work (sweep() deep-copies its bots)
def test_policies_and_solutions_still_copy_and_pickle():
    opt = optimal_turn_policy(n_dice=3)
    sol = solve(target=10, n_dice=3, cache=False)
    sol.tables()
    for obj in (opt, sol.bot, opt.model, bounds(opt.model)):
        for again in (copy.deepcopy(obj), pickle.loads(pickle.dumps(obj))):
            assert type(again) is type(obj)
    again = pickle.loads(pickle.dumps(sol.bot)).solution
    assert again.win_probability(5, 5) == sol.win_probability(5, 5)
    np.testing.assert_array_equal(again.tables()["pairs"], sol.tables()["pairs"])
    assert copy.deepcopy(opt).value == opt.value
    assert turn_value(copy.deepcopy(opt), n_dice=3) == turn_value(opt, n_dice=3)
