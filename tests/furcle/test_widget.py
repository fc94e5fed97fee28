"""The Oh Furcle! app, driven from Python: clicks and slider moves run the handlers at once.

Outside a kernel an Output widget captures nothing, so these tests check the
game and the widgets' state. Rolls are rigged with ``g.apply(Dice(...))`` or
derived by replaying a copy of the seeded game through the public protocol.
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import pytest

from furlib import Furcle
from furlib.furcle import AcceptFurcle, Beekin, Dice, Roll, Satisfied
from furlib.furcle.bots import BeekinSmart, RandomBot, SatisfiedAt
from furlib.furcle.plots import score_trajectories
from furlib.furcle.widget import CHART_SIZE, FurcleApp


def without_uid(trace):
    data = trace.to_plotly_json()
    data.pop("uid", None)
    return data


def enabled(buttons):
    return [not b.disabled for b in buttons]


def play_bots(game, bots):
    """What the app must do after a human's turn: whole bot turns, chance by game.step()."""
    while not game.is_over and game.current_player in bots:
        game.step(None if game.is_chance else bots[game.current_player])
    return game


@pytest.fixture
def rigged():
    """You to decide on 3,4,5,6,1 (all different, Beekin unused), Bot is BeekinSmart()."""
    g = Furcle(players=["You", "Bot"], seed=1)
    g.apply(Dice((3, 4, 5, 6, 1)))
    return g, FurcleApp(g)


def test_widget_returns_the_apps_box():
    g = Furcle(players=["You", "Bot"], seed=1)
    box = g.widget()
    assert isinstance(box, widgets.VBox)
    assert g.n_steps == 0  # nothing happens until the human rolls (the human plays first)


def test_start_of_turn_only_roll_is_enabled():
    app = FurcleApp(Furcle(players=["You", "Bot"], seed=1))
    assert enabled([app.roll_button, app.satisfied_button, app.accept_button]) == [True, False, False]
    assert len(app.die_buttons) == 5 and not any(enabled(app.die_buttons))
    assert all(b.layout.visibility == "hidden" for b in app.die_buttons)  # no dice on the table
    assert "Your turn: roll 5 dice." in app.status.value
    assert app.slider.max == 0 and app.slider.value == 0
    assert isinstance(app.bots["Bot"], BeekinSmart) and "You" not in app.bots


def test_roll_button_rolls_the_games_own_dice():
    g = Furcle(players=["You", "Bot"], seed=1)
    twin = g.copy()
    app = FurcleApp(g)
    app.roll_button.click()
    expected = twin.step()  # the same seeded roll, through the protocol
    assert g.n_steps == 1
    assert g.dice == expected.faces and len(g.dice) == 5
    assert app.html.value == g._repr_html_()
    assert app.html.value.count('data-die="') == 5
    assert app.slider.max == app.slider.value == 1


def test_die_buttons_enabled_exactly_for_legal_beekins(rigged):
    g, app = rigged
    # 6 is the top face: every die but die 3 may be raised.
    assert enabled(app.die_buttons) == [True, True, True, False, True]
    legal = {a.die for a in g.legal_actions() if isinstance(a, Beekin)}
    assert legal == {i for i, b in enumerate(app.die_buttons) if not b.disabled}
    assert [b.description[-1] for b in app.die_buttons] == ["3", "4", "5", "6", "1"]
    # All different: only the Furcle can be accepted (or rescued by Beekin).
    assert enabled([app.roll_button, app.satisfied_button, app.accept_button]) == [False, False, True]
    assert "Beekin a die to rescue the roll" in app.status.value


def test_clicking_a_die_says_beekin(rigged):
    g, app = rigged
    app.die_buttons[0].click()
    assert g.actions[-1] == Beekin(0)
    assert g.dice == (4, 4, 5, 6, 1) and g.roll_points == 4  # a pair of 4s
    assert not any(enabled(app.die_buttons))  # once a turn
    assert enabled([app.roll_button, app.satisfied_button, app.accept_button]) == [True, True, False]
    assert "a 3 became a 4" in app.status.value


def test_clicking_a_disabled_die_changes_nothing(rigged):
    g, app = rigged
    before = g.to_json()
    app.die_buttons[3].click()  # the 6: Beekin(3) is not legal; click() still calls the handler
    assert g.to_json() == before
    assert app.error.value == ""


def test_satisfied_banks_and_the_bot_plays_its_whole_turn(rigged):
    g, app = rigged
    app.die_buttons[0].click()
    twin = g.copy()
    app.satisfied_button.click()
    twin.apply(Satisfied())
    play_bots(twin, {"Bot": BeekinSmart()})
    assert g.to_json() == twin.to_json()  # same moves, same dice
    assert g.scores["You"] == 4
    assert g.is_over or (g.current_player == "You" and g.is_chance)
    bot_events = [e for e in g.events if e.step > 3]
    assert bot_events and {e.player for e in bot_events} == {"Bot"}
    assert "You banked 4 (score 4)" in app.status.value
    assert "Bot (BeekinSmart)" in app.status.value
    assert enabled([app.roll_button, app.satisfied_button, app.accept_button]) == [not g.is_over, False, False]


def test_roll_again_rolls_the_scoring_dice():
    g = Furcle(players=["You", "Bot"], seed=2)
    g.apply(Dice((2, 2, 3, 5, 6)))
    app = FurcleApp(g)
    assert app.roll_button.description == "Roll again"
    app.roll_button.click()
    assert g.actions[1] == Roll() and isinstance(g.actions[2], Dice)
    assert len(g.actions[2].faces) == 2  # the pair of 2s scored
    assert g.events[1].kind == "roll again" and g.events[1].data["turn_score"] == 2


def test_accept_furcle_ends_the_turn(rigged):
    g, app = rigged
    twin = g.copy()
    app.accept_button.click()
    twin.apply(AcceptFurcle())
    play_bots(twin, {"Bot": BeekinSmart()})
    assert g.to_json() == twin.to_json()
    assert g.events[1].kind == "furcle" and g.scores["You"] == 0


def test_game_over_disables_every_button():
    g = Furcle(players=["Solo"], target=10, seed=4)
    g.apply(Dice((6, 6, 6, 6, 6)))  # five 6s: 6 + 20 = 26 points
    app = FurcleApp(g, bots={})
    app.satisfied_button.click()  # 26 >= 10: Leader, and still Leader at the next turn: wins
    assert g.is_over and g.winner == "Solo" and g.scores == {"Solo": 26}
    assert not any(enabled([app.roll_button, app.satisfied_button, app.accept_button, *app.die_buttons]))
    assert "Game over: Solo wins" in app.status.value


def test_an_all_bot_table_plays_to_the_end():
    bots = {"Ann": SatisfiedAt(15), "Bob": RandomBot(seed=2)}
    g = Furcle(players=["Ann", "Bob"], seed=5)
    app = FurcleApp(g, bots=bots)
    expected = Furcle(players=["Ann", "Bob"], seed=5).play(bots)
    assert g.is_over and g.to_json() == expected.to_json()
    assert not any(enabled([app.roll_button, app.satisfied_button, app.accept_button]))


def test_history_slider_shows_an_earlier_moment_and_blocks_play(rigged):
    g, app = rigged
    app.die_buttons[0].click()
    app.satisfied_button.click()
    n = g.n_steps
    assert app.slider.max == app.slider.value == n and n >= 4
    app.slider.value = 1
    assert app.html.value == g.at(1)._repr_html_()
    assert "Looking back at step 1 of" in app.status.value
    assert not any(enabled([app.roll_button, app.satisfied_button, app.accept_button, *app.die_buttons]))
    assert not app.back_button.disabled
    before = g.to_json()
    app.roll_button.click()  # ignored while looking back
    assert g.to_json() == before
    app.back_button.click()
    assert app.slider.value == n and app.html.value == g._repr_html_()
    assert app.back_button.disabled and app.roll_button.disabled == g.is_over


def test_chart_follows_the_history(rigged):
    g, app = rigged
    app.die_buttons[0].click()
    app.satisfied_button.click()
    you, bot = app.chart.data[0], app.chart.data[1]
    assert (you.name, bot.name) == ("You", "Bot")
    assert list(you.x) == [0] + [e.step for e in g.events]
    assert list(you.y) == [0] + [e.scores[0] for e in g.events]
    assert list(bot.y) == [0] + [e.scores[1] for e in g.events]
    assert 4 in you.y and you.y[-1] == g.scores["You"]


def test_chart_gets_a_leader_trace_in_place():
    g = Furcle(players=["You", "Bot"], target=20, seed=3)
    g.apply(Dice((6, 6, 6, 6, 6)))
    app = FurcleApp(g, bots={"Bot": SatisfiedAt(100)})
    chart = app.chart
    assert [t.name for t in chart.data] == ["You", "Bot"]
    app.satisfied_button.click()  # 26 >= 20: You becomes the Leader
    assert app.chart is chart  # updated in place, not replaced
    names = [t.name for t in chart.data]
    assert names[:2] == ["You", "Bot"] and "New Leader" in names
    assert list(chart.data[names.index("New Leader")].y)[0] == 26  # five 6s: 6 + 20
    # After the in-place updates the chart is exactly a freshly drawn figure.
    fresh = score_trajectories(g).update_layout(width=CHART_SIZE[0], height=CHART_SIZE[1])
    assert chart.layout.to_plotly_json() == fresh.layout.to_plotly_json()
    assert [without_uid(t) for t in chart.data] == [without_uid(t) for t in fresh.data]


def test_settings_start_a_new_game():
    old = Furcle(players=["You", "Bot"], seed=1)
    app = FurcleApp(old)
    s = app.settings
    assert (s.n_players.value, s.target.value, s.n_dice.value, s.beekin.value) == (2, 50, 5, True)
    assert [(x.name.value, x.kind.value) for x in s.seats] == [("You", "Human"), ("Bot", "BeekinSmart")]
    s.n_players.value = 3
    s.seats[1].kind.value = "SatisfiedAt"
    s.seats[1].points.value = 15
    s.seats[2].name.value, s.seats[2].kind.value = "Cat", "RandomBot"
    s.target.value, s.n_dice.value, s.beekin.value, s.seed.value = 30, 4, False, "5"
    s.new_game_button.click()
    g = app.game
    assert g is not old and old.n_steps == 0
    assert (g.players, g.target, g.n_dice, g.beekin, g.seed) == (("You", "Bot", "Cat"), 30, 4, False, 5)
    assert repr(app.bots["Bot"]) == "SatisfiedAt(15)" and isinstance(app.bots["Cat"], RandomBot)
    assert "You" not in app.bots and g.current_player == "You" and g.n_steps == 0
    assert len(app.die_buttons) == 4 and app.dice_row.layout.display == "none"
    assert [t.name for t in app.chart.data] == ["You", "Bot", "Cat"]
    assert s.error.value == ""
    app.roll_button.click()
    assert len(g.dice) == 4 and g.n_steps >= 1


@pytest.mark.parametrize("change, words", [
    (lambda s: setattr(s.target, "value", 0), "target must be >= 1"),
    (lambda s: setattr(s.n_dice, "value", 11), "n_dice must be between 2 and 10"),
    (lambda s: setattr(s.seats[1].name, "value", "You"), "player names must be different"),
    (lambda s: setattr(s.seats[0].name, "value", "  "), "non-empty string"),
    (lambda s: setattr(s.seed, "value", "abc"), "seed must be blank (random) or a whole number"),
    (lambda s: (setattr(s.seats[1].kind, "value", "SatisfiedAt"), setattr(s.seats[1].points, "value", 0)),
     "needs k >= 1, got 0"),
])
def test_bad_settings_show_an_error_and_keep_the_game(rigged, change, words):
    g, app = rigged
    before, chart = g.to_json(), app.chart
    change(app.settings)
    app.settings.new_game_button.click()
    assert app.game is g and g.to_json() == before and app.chart is chart
    assert words in html.unescape(app.settings.error.value) and 'role="alert"' in app.settings.error.value
    assert not app.accept_button.disabled  # still playable


def test_a_bot_error_is_shown_in_the_app():
    g = Furcle(players=["You", "Bot"], seed=1)
    g.apply(Dice((3, 3, 5, 6, 1)))
    app = FurcleApp(g, bots={"Bot": lambda game: "banana"})
    app.satisfied_button.click()
    assert "IllegalAction" in app.error.value and "banana" in app.error.value
    assert app.error in app.box.children
    assert g.current_player == "Bot" and app.slider.max == g.n_steps  # the view shows where it stopped


def test_refresh_after_changes_from_python():
    g = Furcle(players=["You", "Bot"], seed=1)
    app = FurcleApp(g)
    g.apply(Dice((2, 2, 2, 5, 6)))
    app.refresh()
    assert app.html.value == g._repr_html_() and app.slider.max == 1
    assert "12 points on the table" in app.status.value  # three 2s: 2 + 10


def test_a_click_on_a_stale_view_only_redraws():
    g = Furcle(players=["You", "Bot"], seed=1)
    app = FurcleApp(g)
    g.apply(Dice((2, 2, 2, 5, 6)))  # from Python, no refresh: the app still shows the start
    app.roll_button.click()
    assert g.n_steps == 1  # the click did not roll: the player had not seen these dice
    assert app.html.value == g._repr_html_() and app.slider.max == 1
    assert enabled([app.roll_button, app.satisfied_button]) == [True, True]


