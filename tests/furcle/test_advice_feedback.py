"""The advice switch answers at once: "Working out the best move..." before the game is solved.

The first use of a rule set solves the game (seconds). The advice line must
say so, and the switch wait (disabled), before the solve begins: ipywidgets
sends each change to the page at once, so the page shows them while the
kernel works. Checked by recording the app's advice line and switch when
:func:`~furlib.furcle.advice.solution_for` is called.
"""

from __future__ import annotations

import pytest

from furlib import Furcle
from furlib.furcle import advice
from furlib.furcle import widget as furcle_widget
from furlib.furcle.widget import WORKING, FurcleApp


@pytest.fixture(autouse=True)
def nothing_solved(tmp_path, monkeypatch):
    """A fresh memory of solutions and an empty disk cache: the first use of a rule set solves it."""
    monkeypatch.setenv("FURLIB_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(advice, "_SOLUTIONS", {})


@pytest.fixture
def calls(monkeypatch):
    """Each call of solution_for by the app: (advice line, switch disabled, already solved) at that moment."""
    seen: list[tuple[str, bool, bool]] = []
    real = furcle_widget.solution_for

    def recording(game):
        app = recording.app
        seen.append((app.advice.value, app.advice_toggle.disabled, advice.is_solved(game)))
        return real(game)
    monkeypatch.setattr(furcle_widget, "solution_for", recording)
    return seen, recording


def _app(calls, advice_on: bool = False) -> FurcleApp:
    app = FurcleApp(Furcle(players=["You", "Bot"], target=20, seed=1))
    calls[1].app = app
    app.advice_toggle.value = advice_on
    return app


@pytest.mark.parametrize("rolled", [False, True], ids=["before a roll", "after a roll"])
def test_switching_on_says_working_before_the_solve_begins(calls, rolled):
    seen, _ = calls
    app = _app(calls)
    if rolled:
        app.roll_button.click()                       # 3, 4, 5, 6, 1: Beekin offers would solve first
        assert app.game.dice and not app.game.is_chance
    assert seen == [] and app.advice.value == ""
    app.advice_toggle.value = True
    first, disabled, solved = seen[0]
    assert not solved and WORKING in first and disabled          # said, and the switch waits, before the solve
    assert "Working out" not in app.advice.value and "Optimal bot:" in app.advice.value
    assert not app.advice_toggle.disabled
    assert all(s for _, _, s in seen[1:])                        # solved once: every later call answers at once


def test_a_solved_rule_set_shows_no_working_line(calls):
    seen, _ = calls
    app = _app(calls, advice_on=True)                  # solved when switched on
    assert "Optimal bot:" in app.advice.value
    seen.clear()
    app.advice_toggle.value = False
    assert app.advice.value == ""
    app.advice_toggle.value = True
    assert seen and all(solved and WORKING not in line and not disabled for line, disabled, solved in seen)
    assert "Optimal bot:" in app.advice.value


def test_a_new_game_with_new_rules_says_working_too(calls):
    seen, _ = calls
    app = _app(calls, advice_on=True)
    seen.clear()
    app.start(Furcle(players=["You", "Bot"], target=25, seed=2))
    line, disabled, solved = seen[0]
    assert not solved and WORKING in line and disabled
    assert "Optimal bot:" in app.advice.value and not app.advice_toggle.disabled


def test_no_solve_where_no_advice_is_given(calls):
    seen, _ = calls
    app = FurcleApp(Furcle(players=["You", "Ann", "Bob"], target=20, seed=1))
    calls[1].app = app
    app.advice_toggle.value = True
    assert seen == [] and "2-player games only" in app.advice.value and not app.advice_toggle.disabled


def test_a_failed_solve_frees_the_switch_and_says_why(calls, monkeypatch):
    app = _app(calls)

    def broken(game):
        raise MemoryError("no room to solve")
    monkeypatch.setattr(furcle_widget, "solution_for", broken)
    app.advice_toggle.value = True
    assert not app.advice_toggle.disabled
    assert "MemoryError" in app.error.value and "no room to solve" in app.error.value
