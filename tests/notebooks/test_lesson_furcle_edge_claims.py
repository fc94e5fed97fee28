"""What notebooks/lesson-furcle-edge.ipynb says: the first player's edge, simulated and exact."""

from __future__ import annotations

import inspect

import pytest

from furlib import Furcle
from furlib.core.stats import estimate
from furlib.furcle.fast import simulate_games
from furlib.furcle.solver import solve

NOTEBOOK = "lesson-furcle-edge.ipynb"


@pytest.fixture(scope="module")
def sol(solved):
    return solved(50)


def test_one_game_between_perfect_players(nb, sol):
    nb.runs('Furcle(players=["Ann", "Bob"], target=50, seed=8).play(sol.bot, sol.bot)')
    nb.says("Ann goes first", "the other player gets one more turn to beat your score")
    g = Furcle(players=["Ann", "Bob"], target=50, seed=8).play(sol.bot, sol.bot)
    assert g.players[0] == "Ann" and g.events[0].player == "Ann"
    assert g.scores[g.winner] >= g.target and g.leader == g.winner


def test_the_simulation_and_its_interval(nb, sol):
    nb.runs("simulate_games(sol.bot, 20_000, seed=1, target=50)", "(games.winner == 0).sum()")
    nb.says("the first player (seat 1) always starts", "in the column `winner`, 0 means seat 1 won",
            "Going first wins about 6 games in 10",
            "A 95% interval comes from a method that catches the true chance in 95 of 100 simulations like this one",
            "another seed gives another interval, and about 19 in 20 of those intervals catch the true chance",
            "The solver gives the exact chance; here it is printed to 4 decimals")
    nb.never_says("most likely between", "seat 0", "to 9 decimals")
    games = simulate_games(sol.bot, 20_000, seed=1, target=50)
    first = estimate(int((games.winner == 0).sum()), len(games))
    assert round(first.p, 1) == 0.6
    assert first.covers(sol.first_player_win), first
    assert abs(sol.first_player_win - 0.6174) < 1e-4
    assert '{sol.first_player_win:.4f}' in nb.code


def test_how_the_computer_knows(nb):
    nb.says("If I bank enough to reach or pass the target I become the Leader",
            "the solver stops where it is below 1 in 100 billion")
    nb.never_says("bank past the target")
    tol = inspect.signature(solve).parameters["tol"].default
    assert tol / 100 == pytest.approx(1e-11)                     # values held to tol / 100 (see furlib.furcle.solver)


def test_chances_from_every_score(nb, sol):
    nb.runs("for my, opp in [(0, 0), (0, 7), (0, 8), (20, 20), (40, 40)]:")
    nb.says("At a tie, the player about to roll is always the favourite, and more so near the end",
            "Even 7 points behind, the player about to roll is still slightly more likely to win")
    ties = [sol.win_probability(a, a) for a in range(50)]
    assert min(ties) > 0.5
    assert sol.win_probability(40, 40) > sol.win_probability(20, 20) > sol.win_probability(0, 0)
    assert sol.win_probability(0, 7) > 0.5 > sol.win_probability(0, 8)


@pytest.mark.slow
def test_the_edge_shrinks_with_the_target(nb, solved):
    nb.runs("targets = [10, 20, 30, 40, 50, 60]")
    nb.says("The longer the race, the smaller the edge, but slowly: even at 60 the first player wins more than "
            "6 games in 10")
    edge = [solved(t).first_player_win for t in (10, 20, 30, 40, 50, 60)]
    assert all(x > y for x, y in zip(edge, edge[1:])), edge
    assert edge[-1] > 0.6 and 0.69 < edge[0] < 0.7


def test_the_rules_lab(nb, solved, monkeypatch):
    from furlib.furcle.lab import rules_lab

    nb.runs("lab = rules_lab(target=50)")
    nb.says("In the lab, switch the Beekin off. Fairer or less fair?")
    solved(50, True), solved(50, False)
    monkeypatch.setenv("FURLIB_CACHE", str(solved.cache))           # the lab finds both solutions there
    lab = rules_lab(target=50)
    lab.beekin.value = False
    assert lab.first_player_win.value.count("55.43%") == 1
    lab.beekin.value = True
    assert "61.74%" in lab.first_player_win.value and lab.error.value == ""
