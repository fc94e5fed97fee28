"""furlib.furcle.advice without the app: refusals, the solution cache, Bellman checks, the words.

The chances are checked against the solver's own start-of-turn table
(``solution.win_probability``) one decision later, never against numbers
typed in.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from furlib import Furcle
from furlib.furcle import AcceptFurcle, Beekin, Roll, Satisfied, advice
from furlib.furcle.advice import ADVICE_LIMITS, advice_refused, best_move, describe_move, position_value, solution_for
from furlib.furcle.bots import SatisfiedAt
from furlib.furcle.solver import solve


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("FURLIB_CACHE", str(tmp_path_factory.getbasetemp() / "advice-unit-cache"))
    monkeypatch.setattr(advice, "_SOLUTIONS", {})


@pytest.fixture(scope="module")
def sol10():
    return solve(target=10, cache=False)


def test_which_games_get_advice():
    assert ADVICE_LIMITS == {"players": 2, "max_target": 60, "max_dice": 5}
    assert advice_refused(Furcle(players=2, target=60, n_dice=5, seed=1)) == ""
    assert advice_refused(Furcle(players=3, seed=1)) == "Advice is worked out for 2-player games only."
    assert "targets up to 60" in advice_refused(Furcle(players=2, target=61, seed=1))
    assert "up to 5 dice" in advice_refused(Furcle(players=2, n_dice=6, seed=1))
    g = Furcle(players=2, target=10, seed=3)
    g.play(SatisfiedAt(5), SatisfiedAt(5))
    assert g.is_over and advice_refused(g) == "The game is over."


def test_solution_cache_is_keyed_by_rules_and_bounded():
    g = Furcle(players=2, target=8, seed=1)
    first = solution_for(g)
    assert first.target == 8 and first.params["n_dice"] == 5 and first.params["beekin"] is True
    assert solution_for(Furcle(players=["A", "B"], target=8, seed=9)) is first   # same rules: same solution
    other = solution_for(Furcle(players=2, target=8, beekin=False, seed=1))
    assert other is not first and other.params["beekin"] is False
    for target in (5, 6, 7):
        solution_for(Furcle(players=2, target=target, seed=1))
    assert len(advice._SOLUTIONS) == 4 and first not in advice._SOLUTIONS.values()  # oldest dropped


def test_turn_start_value_is_the_solvers_table(sol10):
    g = Furcle(players=["Ann", "Bob"], target=10, seed=1)
    assert position_value(g, sol10) == pytest.approx(sol10.first_player_win, abs=1e-12)
    assert best_move(g, sol10)[0] == Roll()


def test_after_a_furcle_the_value_is_the_best_rescue_or_giving_up(sol10):
    g = Furcle(players=["Ann", "Bob"], target=10, seed=1)
    g.roll(1, 2, 3, 4, 6)                      # all different, Beekin in hand
    legal = g.legal_actions()
    assert AcceptFurcle() in legal and Beekin(0) in legal
    give_up = g.copy()
    give_up.apply(AcceptFurcle())              # Bob starts his turn at 0 to 0
    assert give_up.current_player == "Bob" and give_up.turn_score == 0
    after = {AcceptFurcle(): 1 - sol10.win_probability(0, 0)}
    for action in legal:
        if isinstance(action, Beekin):
            h = g.copy()
            h.apply(action)
            after[action] = position_value(h, sol10) if h.current_player == "Ann" else 1 - position_value(h, sol10)
    action, chance = best_move(g, sol10)
    assert chance == pytest.approx(max(after.values()), abs=1e-12)
    assert after[action] == pytest.approx(chance, abs=1e-12)


def test_banking_is_never_worth_more_than_the_advice(sol10):
    checked = 0
    for seed in range(1, 30):
        g = Furcle(players=["Ann", "Bob"], target=10, seed=seed)
        g.step()
        if Satisfied() not in g.legal_actions():
            continue
        h = g.copy()
        h.apply(Satisfied())
        bank = 1 - position_value(h, sol10) if not h.is_over else 1.0
        action, chance = best_move(g, sol10)
        assert chance >= bank - 1e-12
        if action == Satisfied():
            assert chance == pytest.approx(bank, abs=1e-12)
        checked += 1
    assert checked >= 10


def test_position_value_refuses_a_finished_or_foreign_game(sol10):
    g = Furcle(players=2, target=10, seed=3)
    g.play(SatisfiedAt(5), SatisfiedAt(5))
    with pytest.raises(ValueError, match="over"):
        position_value(g, sol10)
    with pytest.raises(ValueError, match="solved for"):
        best_move(Furcle(players=2, target=12, seed=1), sol10)


def test_moves_in_words():
    g = Furcle(players=2, sides=8, seed=1)     # 8 sides: a 6 may be raised
    assert describe_move(Roll(), g) == "roll 5 dice"
    g.roll(2, 2, 2, 4, 6)                      # three 2s score: those 3 dice are rolled again
    assert describe_move(Roll(), g) == "roll again (3 dice)"
    assert describe_move(Satisfied(), g) == "be Satisfied and bank 12"
    assert describe_move(Beekin(4), g) == "say Beekin on die 5 (the 6 becomes a 7)"
    g = Furcle(players=2, seed=1).roll(1, 2, 3, 4, 6)      # a Furcle, which a Beekin on the 1, 2 or 3 saves
    assert describe_move(AcceptFurcle(), g) == "accept the Furcle (a Beekin could save this roll)"


def test_no_widget_or_plotting_import():
    code = ("import sys, furlib.furcle.advice; "
            "print(sorted(m for m in ('ipywidgets', 'plotly', 'IPython') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
