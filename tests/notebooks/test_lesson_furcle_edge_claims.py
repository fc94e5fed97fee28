"""What notebooks/lesson-furcle-edge.ipynb says: the first player's edge, simulated and exact."""

from __future__ import annotations

import inspect
import math

import pytest

import furlib.furcle.solver as solver_module
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
            "Compare the first player's share with your guess. How exact is it?",
            "Going first wins 61.74% of the games: about 6 games in 10, a big edge. The second line says whether the "
            "simulation's interval caught it",
            "A 95% interval comes from a method that catches the true chance in 95 of 100 simulations like this one",
            "another seed gives another interval, and about 19 in 20 of those intervals catch the true chance",
            "The solver gives the exact chance; here it is printed to 4 decimals")
    nb.never_says("most likely between", "seat 0", "to 9 decimals")
    games = simulate_games(sol.bot, 20_000, seed=1, target=50)
    first = estimate(int((games.winner == 0).sum()), len(games))
    assert round(first.p, 1) == 0.6
    assert first.covers(sol.first_player_win), first
    assert abs(sol.first_player_win - 0.6174) < 1e-4 and round(sol.first_player_win, 1) == 0.6
    assert f"{sol.first_player_win:.2%}" == "61.74%"
    nb.never_says("Going first wins about 6 games in 10: a big edge")      # read from the seeded run: now exact
    nb.runs('''print("the simulation's interval", "catches it" if first.covers(sol.first_player_win) '''
            '''else "misses it")''')
    assert '{sol.first_player_win:.4f}' in nb.code


def test_how_the_computer_knows(nb):
    nb.says("If I bank enough to reach or pass the target I become the Leader",
            "the solver stops where it is below 1 in 100 billion")
    nb.never_says("bank past the target", "so it goes from high scores down to 0 to 0")
    tol = inspect.signature(solve).parameters["tol"].default
    assert tol / 100 == pytest.approx(1e-11)                     # values held to tol / 100 (see furlib.furcle.solver)


def test_p_a_b_and_p_b_a_are_solved_together(nb, sol):
    """A Furcle ties P(a, b) to P(b, a): the solver solves each level's equations together (its docstring says how)."""
    nb.says("Banking adds at least one point, so P(a, b) needs the P's of bigger totals a + b",
            "But a Furcle adds nothing: P(a, b) needs P(b, a), and P(b, a) needs P(a, b) in the same way",
            "so they cannot be worked out one after the other in a single pass: the solver solves them together",
            "solves the equations that tie every P(a, b) to its P(b, a), and repeats until the best play stops "
            "changing (in a race to 50: mostly 3 rounds, never more than 4)", "W(d) needs W(u) in the same circular "
            "way; it is found first, by repeating until its values stop moving")
    nb.never_says("(2 or 3 rounds)")          # one total of the race to 50 takes 4 (see the next test)
    doc = " ".join(solver_module.__doc__.split())
    assert "``P(b, a)`` at the same level (a Furcle)" in doc
    assert "solving those linear equations for the whole level (``z_ab = 1 - P(b, a)``)" in doc
    assert "exact policy iteration" in doc and "``W`` comes first, by value iteration" in doc
    # the two chances of one pair of scores are different numbers, neither the complement of the other
    assert sol.win_probability(10, 20) + sol.win_probability(20, 10) != pytest.approx(1)


def test_the_rounds_of_each_total(nb, sol, tmp_path, monkeypatch):
    """What the solver does, not what its docstring says: each round for a total a + b is one call of the level
    sweep from the no-Leader phase (the one given the finished tail), counted here per total while the race to 50
    is solved again; the counts add up to the solver's own ``info["level_sweeps"]``."""
    from collections import Counter

    import furlib.furcle.solver_engine as engine

    nb.says("in a race to 50: mostly 3 rounds, never more than 4")
    sweep, rounds = engine._sweep_level, Counter()

    def counted(eng, a, b, *args, **kwargs):
        if kwargs.get("tail") is not None:                  # a round of the no-Leader phase, for the total a + b
            assert len(set((a + b).tolist())) == 1
            rounds[int(a[0] + b[0])] += 1
        return sweep(eng, a, b, *args, **kwargs)

    monkeypatch.setattr(engine, "_sweep_level", counted)
    again = solve(50, cache=tmp_path)
    monkeypatch.undo()
    assert not again.info["cached"] and again.info["levels_redone"] == 0
    assert (again.P == sol.P).all()                        # the same solution as the notebook's
    assert sorted(rounds) == list(range(99))               # the totals 0 to 98 (both below 50)
    assert sum(rounds.values()) == again.info["level_sweeps"] == 279
    per_total = Counter(rounds.values())
    assert per_total == {2: 19, 3: 79, 4: 1}, per_total   # mostly 3; the total 98 (49 to 49) takes 4
    assert rounds[98] == 4 and max(rounds.values()) == 4


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


def test_teacher_notes_answer_every_try_it(nb, sol, solved):
    nb.says("Try it yourself", "1. In section 2, play 80,000 games instead of 20,000",
            "2. How big a head start", "3. In the lab, switch the Beekin off")
    nb.says("exact 61.74% for the first player; the seed-1 simulation gives 62.1% (interval 61.5% to 62.8%), which "
            "catches it")
    games = simulate_games(sol.bot, 20_000, seed=1, target=50)
    first = estimate(int((games.winner == 0).sum()), len(games))
    assert f"{first.p:.1%} {first.low:.1%} {first.high:.1%}" == "62.1% 61.5% 62.8%"
    assert f"{sol.first_player_win:.2%}" == "61.74%"
    # (1) the half-width of a 95% interval, 1.96 √(p(1 - p) / n), at the exact p
    p = sol.first_player_win
    half = {n: 100 * 1.959964 * math.sqrt(p * (1 - p) / n) for n in (20_000, 80_000)}
    assert (round(half[20_000], 2), round(half[80_000], 2)) == (0.67, 0.34)
    nb.says("(1) about half as wide: 4 times the games, and the width shrinks like 1/√games, from about ±0.67 to "
            "about ±0.34 percentage points")
    # (2) the head start
    assert f"{sol.win_probability(0, 7):.1%}" == "50.6%" and f"{sol.win_probability(0, 8):.1%}" == "48.9%"
    assert min(range(0, 20), key=lambda b: abs(sol.win_probability(0, b) - 0.5)) == 7
    nb.says("(2) 7 points still leave the first player at 50.6%, with 8 the second player is slightly favoured "
            "(the first wins 48.9%): no whole number of points makes it exactly fair, 7 comes closest")
    # (3) the Beekin off
    assert f"{solved(50, False).first_player_win:.2%}" == "55.43%"
    nb.says("(3) fairer: without the Beekin the first player wins 55.43% instead of 61.74%")
