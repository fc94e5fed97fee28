"""The "tweak the rules" lab, driven from Python: every number equals solve() / optimal_turn_policy()."""

from __future__ import annotations

import pytest

from furlib.furcle import lab as lab_module
from furlib.furcle.lab import lab_numbers, rules_lab
from furlib.furcle.lab_plots import strategy_map
from furlib.furcle.solver import solve
from furlib.furcle.turn import optimal_turn_policy


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("FURLIB_CACHE", str(tmp_path_factory.getbasetemp() / "lab-cache"))


def _shown(lab):
    return lab.first_player_win.value, lab.turn_value.value


def _check(lab, target, n_dice, bonus, beekin):
    sol = solve(target, n_dice=n_dice, bonus=bonus, beekin=beekin, cache=False)
    opt = optimal_turn_policy(n_dice=n_dice, bonus=bonus, beekin=beekin)
    assert lab.result["rules"] == {"target": target, "n_dice": n_dice, "bonus": bonus, "beekin": beekin}
    assert lab.result["first_player_win"] == pytest.approx(sol.first_player_win, abs=1e-9)
    assert lab.result["turn_value"] == opt.value
    assert f"{sol.first_player_win:.2%}" in lab.first_player_win.value
    assert f"{opt.value:.3f}" in lab.turn_value.value
    want = strategy_map(opt)
    assert [t.name for t in lab.strategy.data] == [t.name for t in want.data]
    heat = [t for t in want.data if t.type == "heatmap"]
    for got, exp in zip(lab.strategy.data, heat):
        assert [list(r) for r in got.z] == [list(r) for r in exp.z]
    assert lab.error.value == ""


def test_controls_recompute_live():
    lab = rules_lab(target=20, n_dice=3)
    bonus = {2: 0, 3: 10, 4: 15, 5: 20}
    _check(lab, 20, 3, bonus, True)
    lab.n_dice.value = 4
    _check(lab, 20, 4, bonus, True)
    lab.beekin.value = False
    _check(lab, 20, 4, bonus, False)
    assert len(lab.strategy.data) == 3                 # one panel: no Beekin
    lab.bonus[3].value = 25
    _check(lab, 20, 4, {2: 0, 3: 25, 4: 15, 5: 20}, False)
    lab.target.value = 30
    _check(lab, 30, 4, {2: 0, 3: 25, 4: 15, 5: 20}, False)
    assert "ready in" in lab.status.value


def test_memory_cache_and_status():
    lab = rules_lab(target=20, n_dice=2)
    lab.n_dice.value = 3
    lab.n_dice.value = 2                               # seen before: from memory
    assert "from memory" in lab.status.value
    assert lab_numbers(20, 2, {2: 0, 3: 10, 4: 15, 5: 20}, True)["seconds"] == 0.0


def test_memory_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(lab_module, "CACHE_SIZE", 2)
    for n in (2, 3, 4):
        lab_numbers(20, n, {2: 0, 3: 10, 4: 15, 5: 20}, False)
    assert len(lab_module._RESULTS) == 2
    # the oldest rule set (2 dice) was dropped: asking again runs the solver again
    solved = []
    real_solve = lab_module.solve
    monkeypatch.setattr(lab_module, "solve", lambda *a, **kw: solved.append(kw["n_dice"]) or real_solve(*a, **kw))
    lab_numbers(20, 4, {2: 0, 3: 10, 4: 15, 5: 20}, False)
    assert solved == []                                # 4 dice is still in memory
    lab_numbers(20, 2, {2: 0, 3: 10, 4: 15, 5: 20}, False)
    assert solved == [2]


def test_an_error_is_shown_and_the_numbers_stay(monkeypatch):
    lab = rules_lab(target=20, n_dice=3)
    before = _shown(lab)

    def broken(**rules):
        raise ValueError("the solver broke")

    monkeypatch.setattr(lab_module, "lab_numbers", broken)
    lab.n_dice.value = 4
    assert "the solver broke" in lab.error.value and 'role="alert"' in lab.error.value
    assert "not computed" in lab.status.value
    assert _shown(lab) == before
    monkeypatch.undo()
    lab.n_dice.value = 3
    assert lab.error.value == ""


def test_slider_ranges_keep_it_fast():
    lab = rules_lab(target=20, n_dice=2)
    assert (lab.target.min, lab.target.max, lab.target.step) == (20, 60, 10)
    assert (lab.n_dice.min, lab.n_dice.max) == (2, 5)
    assert all((w.min, w.max) == (0, 30) for w in lab.bonus.values())
    assert lab.target.continuous_update is False


@pytest.mark.parametrize("kw, match", [
    ({"target": 15}, "target"), ({"target": 70}, "target"), ({"n_dice": 6}, "n_dice"),
    ({"beekin": 1}, "beekin"), ({"bonus": {3: 10}}, "bonus"), ({"bonus": {2: 1, 3: 1, 4: 1, 5: 1}}, "bonus"),
    ({"bonus": {3: 40, 4: 1, 5: 1}}, "bonus"), ({"template": "nope"}, "template"),
])
def test_bad_starting_values_are_refused(kw, match):
    with pytest.raises(ValueError, match=match):
        rules_lab(**kw)
