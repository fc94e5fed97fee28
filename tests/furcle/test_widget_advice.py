"""The play widget's advice line: the optimal bot's move and the exact chance to win.

Checked on seeded games played from Python: the advised action is
``solution.bot(game)``; the chance is the solution's value of the state
(at a turn start ``solution.win_probability``), and before a roll it is the
average, over every roll, of the chance after that roll (Bellman's equation
checked on the advice itself, not on the solver's tables).
"""

from __future__ import annotations

import pytest

from furlib import Furcle
from furlib.furcle import AcceptFurcle, Beekin, Roll, Satisfied
from furlib.furcle.exact import roll_outcomes
from furlib.furcle.solver import solve
from furlib.furcle.widget import FurcleApp, best_move, position_value
from furlib.testing import widgets_in


@pytest.fixture(scope="module")
def sol20(tmp_path_factory):
    return solve(target=20, cache=tmp_path_factory.mktemp("advice-cache"))


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("FURLIB_CACHE", str(tmp_path_factory.getbasetemp() / "advice-cache-env"))


def _leader(game, me):
    if game.leader is None:
        return None
    return "me" if game.leader == me else "opponent"


def _click(app, action):
    if isinstance(action, Beekin):
        app.click_die(action.die)
    else:
        button = {Roll: app.roll_button, Satisfied: app.satisfied_button, AcceptFurcle: app.accept_button}
        button[type(action)].click()


def test_advice_follows_the_solver_through_games(sol20):
    checked = starts = beekins = 0
    for seed in range(1, 8):
        app = FurcleApp(Furcle(players=["You", "Bot"], target=20, seed=seed), bots={"Bot": sol20.bot},
                        advice=True)
        g = app.game
        while not g.is_over:
            action, chance = app.advised
            if g.is_chance:
                assert action == Roll()
                if g.turn_score == 0:
                    me = g.current_player
                    opp = next(p for p in g.players if p != me)
                    want = sol20.win_probability(g.scores[me], g.scores[opp], leader=_leader(g, me))
                    assert chance == pytest.approx(want, abs=1e-9)
                    starts += 1
            else:
                assert action == sol20.bot(g)
            assert chance == pytest.approx(position_value(g, sol20), abs=1e-12)
            assert f"{chance:.1%}" in app.advice.value
            checked += 1
            beekins += isinstance(action, Beekin)
            _click(app, action)
    assert checked >= 40 and starts >= 10 and beekins >= 1, (checked, starts, beekins)


def test_chance_before_a_roll_is_the_average_after_it(sol20):
    g = Furcle(players=["Ann", "Bob"], target=20, seed=2)
    g.roll(2, 2, 2, 4, 6)                      # three 2s: 3 dice to roll again, Beekin in hand
    g.apply(Roll())
    assert g.is_chance and g.dice_to_roll == 3 and g.beekin_available
    before = position_value(g, sol20)
    after = 0.0
    for o in roll_outcomes(3, beekin=True):
        h = g.copy()
        h.roll(*o.faces)
        after += float(o.probability) * position_value(h, sol20)
    assert before == pytest.approx(after, abs=1e-9)


def test_turn_start_value_is_the_win_probability(sol20):
    g = Furcle(players=["Ann", "Bob"], target=20, seed=1)
    action, chance = best_move(g, sol20)
    assert action == Roll() and chance == pytest.approx(sol20.first_player_win, abs=1e-12)


def test_switching_advice_on_and_off(sol20):
    app = FurcleApp(Furcle(players=["You", "Bot"], target=20, seed=6))
    assert app.advice.value == "" and app.advised is None
    app.advice_toggle.value = True
    assert app.advised is not None and "chance to win" in app.advice.value
    app.advice_toggle.value = False
    assert app.advice.value == "" and app.advised is None
    assert app.advice in widgets_in(app.box) and app.advice_toggle in widgets_in(app.box)


def test_no_advice_for_three_players_or_big_games():
    app = FurcleApp(Furcle(players=3, seed=1), advice=True)
    assert "2-player" in app.advice.value and app.advised is None
    app = FurcleApp(Furcle(players=2, target=500, seed=1), advice=True)
    assert "targets up to" in app.advice.value and app.advised is None


def test_no_advice_while_looking_back(sol20):
    app = FurcleApp(Furcle(players=["You", "Bot"], target=20, seed=6), advice=True)
    app.roll_button.click()
    app.slider.value = 0
    assert app.advised is None and "latest moment" in app.advice.value


def test_advice_must_be_a_bool():
    with pytest.raises(ValueError, match="advice"):
        FurcleApp(Furcle(players=2, seed=1), advice="yes")


def test_position_value_checks_the_game(sol20):
    with pytest.raises(ValueError, match="solved for"):
        position_value(Furcle(players=2, target=30, seed=1), sol20)
