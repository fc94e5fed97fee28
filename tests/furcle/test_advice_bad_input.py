"""Bad input to the advice, turn bounds, Solution and lab functions of Oh Furcle!: a ValueError naming it.

Audit items 33-35: each refusal names the bad value and what would be accepted; the valid calls (a game,
or a view of one, where a view was accepted before) still answer as before.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from furlib import Furcle
from furlib.core.errors import excerpt
from furlib.furcle import advice, turn
from furlib.furcle.actions import AcceptFurcle, Beekin, Dice, Roll, Satisfied
from furlib.furcle.advice import (
    advice_refused,
    best_move,
    describe_move,
    is_solved,
    position_value,
    solution_for,
)
from furlib.furcle.exact import transition_model
from furlib.furcle.lab import lab_numbers
from furlib.furcle.scoring import DEFAULT_BONUS
from furlib.furcle.solver import Solution, solve
from furlib.pig import Pig

NOT_A_GAME = [None, "x", 5, Pig(seed=1), {"target": 10}]
GAME_WORDS = r"takes a game of Oh Furcle! \(a Furcle, or a view of one\), got "


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("FURLIB_CACHE", str(tmp_path_factory.getbasetemp() / "advice-bad-input-cache"))
    monkeypatch.setattr(advice, "_SOLUTIONS", {})


@pytest.fixture(scope="module")
def sol10():
    return solve(target=10, cache=False)


def shown(value: object) -> str:
    """The start of how an error message shows ``value`` (its excerpt), as a regex."""
    return re.escape(excerpt(value)[:20])


# ------------------------------------------------------------ 33. the advice functions
@pytest.mark.parametrize("bad", NOT_A_GAME, ids=repr)
@pytest.mark.parametrize("fn", [is_solved, solution_for, position_value, best_move, advice_refused],
                         ids=lambda f: f.__name__)
def test_the_advice_refuses_what_is_not_a_furcle_game(fn, bad):
    with pytest.raises(ValueError, match=rf"{fn.__name__}\(\) {GAME_WORDS}{shown(bad)}"):
        fn(bad)


def test_advice_refused_in_french_refuses_it_too():
    with pytest.raises(ValueError, match=rf"advice_refused\(\) {GAME_WORDS}None"):
        advice_refused(None, "fr")


@pytest.mark.parametrize("bad", ["x", 5, True, [0.5], {"P": 1}], ids=repr)
@pytest.mark.parametrize("fn", [position_value, best_move], ids=lambda f: f.__name__)
def test_a_solution_that_is_not_a_solution_is_refused(fn, bad):
    g = Furcle(players=2, target=10, seed=1)
    with pytest.raises(ValueError, match=rf"{fn.__name__}\(\): solution must be a Solution .* got {shown(bad)}"):
        fn(g, solution=bad)


def test_the_valid_calls_still_answer(sol10):
    g = Furcle(players=2, target=10, seed=1)
    view = g.view()
    assert advice_refused(view) == advice_refused(g) == ""
    assert not is_solved(view)
    assert solution_for(view) is solution_for(g) and is_solved(g)
    assert best_move(g, sol10) == (Roll(), position_value(g, sol10))
    assert describe_move(Roll(), view) == describe_move(Roll(), g) == "roll 5 dice"
    # position_value and best_move take a view too now (SolverBot plays one), with the game's answer
    chance = position_value(g, sol10)
    assert chance == pytest.approx(sol10.first_player_win, abs=1e-12)
    assert position_value(view, sol10) == chance and best_move(view, sol10) == best_move(g, sol10) == (Roll(), chance)


# ------------------------------------------------------------ 34. describe_move
@pytest.mark.parametrize("bad", ["banana", None, 5, "Roll()", ("Beekin", 1)], ids=repr)
def test_describe_move_refuses_what_is_not_an_oh_furcle_action(bad):
    g = Furcle(players=2, seed=1)
    g.step()
    for language in ("en", "fr"):
        with pytest.raises(ValueError, match=rf"describe_move\(\) takes an action of Oh Furcle! .* got {shown(bad)}"):
            describe_move(bad, g, language)


@pytest.mark.parametrize("bad", NOT_A_GAME, ids=repr)
def test_describe_move_refuses_a_game_that_is_not_oh_furcle(bad):
    with pytest.raises(ValueError, match=rf"describe_move\(\) {GAME_WORDS}{shown(bad)}"):
        describe_move(Roll(), bad)


def test_describe_move_refuses_a_beekin_on_a_die_not_on_the_table():
    g = Furcle(players=2, seed=1).roll(2, 2, 2, 4, 6)
    with pytest.raises(ValueError, match=r"Beekin\(die=5\) names no die of the roll on the table \(dice \(2, 2, 2"):
        describe_move(Beekin(5), g)
    # before a roll there is no die to name: refused as any move but the roll is, the same as before a roll again
    with pytest.raises(ValueError, match=r"Beekin\(die=0\) is not a legal action now: Player 1 is about to roll 5 "):
        describe_move(Beekin(0), Furcle(players=2, seed=1))


def test_describe_move_still_words_every_action():
    """Each action at a moment it is legal (describe_move refuses the others: test_advice_legal_moves.py)."""
    start = Furcle(players=2, seed=1)
    scoring = Furcle(players=2, seed=1).roll(2, 2, 2, 4, 6)
    furcle = Furcle(players=2, seed=1).roll(1, 2, 3, 4, 6)
    words = [describe_move(a, g) for a, g in ((Beekin(3), scoring), (Satisfied(), scoring), (AcceptFurcle(), furcle),
                                              (Roll(), scoring), (Roll(), start), (Dice((1, 2, 3, 4, 5)), start))]
    assert words == ["say Beekin on die 4 (the 4 becomes a 5)", "be Satisfied and bank 12",
                     "accept the Furcle (a Beekin could save this roll)", "roll again (3 dice)", "roll 5 dice",
                     "roll 5 dice"]


# ------------------------------------------------------------ 35. bounds, Solution, lab_numbers
@pytest.mark.parametrize("bad", [None, "x", 5, Furcle(seed=1)], ids=repr)
def test_bounds_refuses_what_is_not_a_roll_model(bad):
    with pytest.raises(ValueError, match=rf"bounds\(\) takes a roll model \(a TransitionModel, .* got {shown(bad)}"):
        turn.bounds(bad)


def test_bounds_of_a_model_still_answers():
    assert turn.bounds(transition_model(5)).s_star == 93


def test_solution_checks_its_parts(sol10):
    params, P, W = dict(sol10.params), np.array(sol10.P), np.array(sol10.W)
    with pytest.raises(ValueError, match=r"Solution\(\.\.\.\) takes params, a dict with the keys \[.target.*got \{\}"):
        Solution({}, None, None, {})
    with pytest.raises(ValueError, match=r"takes params, .* got None"):
        Solution(None, P, W, {})
    with pytest.raises(ValueError, match=r"takes params, .* got \{'target': 10\}"):
        Solution({"target": 10}, P, W, {})
    with pytest.raises(ValueError, match=r"params\['target'\] must be a whole number, got 'x'"):
        Solution({**params, "target": "x"}, P, W, {})
    for bad in (None, [[0.5]], np.zeros(3), np.zeros((0, 0))):
        with pytest.raises(ValueError, match=rf"takes P, a 2-D numpy array of win probabilities .* got {shown(bad)}"):
            Solution(params, bad, W, {})
    for bad in (None, P, np.zeros(0)):
        with pytest.raises(ValueError, match=r"takes W, a 1-D numpy array of win probabilities .* got "):
            Solution(params, P, bad, {})
    with pytest.raises(ValueError, match=r"takes info, a dict .* got None"):
        Solution(params, P, W, None)
    again = Solution(params, P, W, {})                   # the valid call, as solve() makes it
    assert again.first_player_win == sol10.first_player_win and again.bot.check(Furcle(players=2, target=10)) is None


@pytest.mark.parametrize("bad", ["x", 5, [3, 4], {3: 10}, {2: 0, 3: "ten"}], ids=repr)
def test_lab_numbers_checks_bonus_as_the_game_does(bad):
    with pytest.raises(ValueError) as lab_error:
        lab_numbers(50, 5, bad, True)
    with pytest.raises(ValueError) as game_error:
        Furcle(bonus=bad)
    assert str(lab_error.value) == str(game_error.value) and "bonus" in str(lab_error.value)


def test_lab_numbers_checks_the_other_rules():
    with pytest.raises(ValueError, match=r"target must be a whole number, got 20\.0"):
        lab_numbers(20.0, 2, DEFAULT_BONUS, True)
    with pytest.raises(ValueError, match=r"n_dice must be a whole number, got '2'"):
        lab_numbers(20, "2", DEFAULT_BONUS, True)
    with pytest.raises(ValueError, match=r"beekin must be True or False, got 'no'"):
        lab_numbers(20, 2, DEFAULT_BONUS, "no")


def test_lab_numbers_with_none_is_the_printed_table_as_in_the_game():
    printed = lab_numbers(20, 2, dict(DEFAULT_BONUS), False)
    again = lab_numbers(20, 2, None, False)                 # Furcle(bonus=None): the printed table
    assert again["seconds"] == 0.0 and again["solution"] is printed["solution"]
