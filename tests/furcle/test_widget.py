"""The Oh Furcle! app, driven from Python: clicks and slider moves run the handlers at once.

Outside a kernel an Output widget captures nothing, so these tests check the
game and the widgets' state. Rolls are rigged with ``g.apply(Dice(...))`` or
derived by replaying a copy of the seeded game through the public protocol.
A click from the browser is a message carrying the version of the view it
was made on: ``browser_click`` sends one, as the page would.
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import pytest

from furlib import Furcle
from furlib.core.app.widgets import by_turn
from furlib.core.words import capitalized
from furlib.furcle import AcceptFurcle, Beekin, Dice, Roll, Satisfied
from furlib.furcle.bots import BeekinSmart, RandomBot, SatisfiedAt
from furlib.furcle.plots import score_trajectories
from furlib.furcle.widget import CHART_SIZE, FurcleApp
from furlib.testing import widgets_in


def without_uid(trace):
    data = trace.to_plotly_json()
    data.pop("uid", None)
    return data


def enabled(buttons):
    return [not b.disabled for b in buttons]


def browser_click(widget, version=None, **content):
    """What the page sends on a click: the version of the view it showed (default: the current one)."""
    widget._handle_message(widget, {"event": "click", "version": widget.version if version is None else version,
                                    **content}, [])


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
    assert app.html.targets == {}  # no dice on the table: nothing to click in the picture
    assert "after a roll, click a die in the picture below" in app.dice_label.value
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


def test_the_dice_in_the_picture_are_clickable_exactly_for_legal_beekins(rigged):
    g, app = rigged
    # 6 is the top face: the rules allow a Beekin on every die but die 3 (from 0) ...
    assert app.html.selector == "svg[data-die]" and app.html.key == "data-die"
    legal = {str(a.die) for a in g.legal_actions() if isinstance(a, Beekin)}
    assert legal == {"0", "1", "2", "4"}
    # ... but the 1 becoming a 2 makes no pair: only the three rescues are offered
    assert sorted(app.html.targets) == ["0", "1", "2"]
    assert app.html.targets["0"] == "Beekin on die 1 (the 3 becomes a 4) makes a pair of 4s: 4 points"
    for key in app.html.targets:   # each target is a die drawn in the view
        assert f'data-die="{key}"' in app.html.value
    label = html.unescape(app.dice_label.value)
    assert "click a highlighted die in the picture below to add 1 to it" in label
    assert "Not offered" not in label                 # one short line above the dice: they never move
    assert html.unescape(app.beekin_note.value) == ("<i>Beekin not offered:</i> Die 5 (the 1 becomes a 2) matches "
                                                    "no other die: still all different; die 4 shows the top face, 6.")
    assert app.beekin_note in widgets_in(app.messages)
    assert not hasattr(app, "die_buttons")  # the small glyph buttons are gone
    # All different: only the Furcle can be accepted (or rescued by Beekin).
    assert enabled([app.roll_button, app.satisfied_button, app.accept_button]) == [False, False, True]
    assert ("Your turn: all dice differ, Oh Furcle! Click die 1, 2 or 3 in the picture to say Beekin and rescue "
            "the roll, or accept the Furcle and end the turn (no turn score to lose).") in app.status.value


def test_clicking_a_die_says_beekin(rigged):
    g, app = rigged
    app.click_die(0)
    assert g.actions[-1] == Beekin(0)
    assert g.dice == (4, 4, 5, 6, 1) and g.roll_points == 4  # a pair of 4s
    assert app.html.targets == {}  # once a turn
    assert "Beekin</b> used this turn" in app.dice_label.value
    assert enabled([app.roll_button, app.satisfied_button, app.accept_button]) == [True, True, False]
    assert "a 3 became a 4" in app.status.value


def test_a_click_on_the_view_from_the_browser_says_beekin(rigged):
    g, app = rigged
    browser_click(app.html, key="1")
    assert g.actions[-1] == Beekin(1) and g.dice == (3, 5, 5, 6, 1)


def test_clicking_a_die_that_cannot_be_raised_changes_nothing(rigged):
    g, app = rigged
    before = g.to_json()
    browser_click(app.html, key="3")   # the 6: not clickable, Beekin(3) is not legal
    app.click_die(3)
    assert g.to_json() == before
    assert "Not played:</b> Die 4 shows 6, the top face: it cannot be raised." in app.error.value


def test_a_die_whose_beekin_makes_no_pair_is_not_offered_and_a_click_says_why(rigged):
    g, app = rigged
    before = g.to_json()
    assert Beekin(4) in g.legal_actions() and "4" not in app.html.targets   # legal, but useless
    app.click_die(4)                                                          # the 1 would become a 2
    assert g.to_json() == before
    assert ("Not played:</b> Beekin on die 5 (the 1 becomes a 2) matches no other die: still all different. "
            "Click a highlighted die, if any, or choose another move.") in app.error.value
    app.click_die(0)                                                          # a rescue: said, the error cleared
    assert g.actions[-1] == Beekin(0) and app.error.value == ""


@pytest.mark.parametrize("faces, offered, words", [
    ((1, 1, 1, 2), [], "die 4 (the 2 becomes a 3) changes nothing: still 11 points"),
    ((1, 1, 1, 2), [], "die 1 (the 1 becomes a 2) leaves a pair of 2s and a pair of 1s: only 3 points instead "
                       "of 11 (though 4 dice would roll again instead of 3)"),
    ((2, 2, 1, 4, 6), [2], "die 1 (the 2 becomes a 3) breaks a pair of 2s: all different, a Furcle"),
    ((4, 5, 5, 1, 6), [0, 1, 2], "die 1 (the 4 becomes a 5) makes three 5s: 15 points instead of 5"),
    ((3, 5, 2, 6, 1), [1, 2, 4], "die 1 (the 3 becomes a 4) matches no other die: still all different"),
])
def test_beekin_is_offered_only_where_it_helps(faces, offered, words):
    g = Furcle(players=["You", "Bot"], n_dice=len(faces), seed=1)
    g.apply(Dice(faces))
    app = FurcleApp(g)
    assert sorted(int(k) for k in app.html.targets) == offered
    shown = html.unescape(app.beekin_note.value) + " " + " ".join(app.html.targets.values())
    assert words in shown or capitalized(words) in shown    # the note's first clause starts with a capital
    status = html.unescape(app.status.value)
    if offered:
        assert "say Beekin on die" in status or "Click die" in status
    else:
        assert "Beekin" not in status.split("<b>")[-1]   # the prompt does not invite a useless Beekin


def test_satisfied_banks_and_the_bot_plays_its_whole_turn(rigged):
    g, app = rigged
    app.click_die(0)
    twin = g.copy()
    app.satisfied_button.click()
    twin.apply(Satisfied())
    play_bots(twin, {"Bot": BeekinSmart()})
    assert g.to_json() == twin.to_json()  # same moves, same dice
    assert g.scores["You"] == 4
    assert g.is_over or (g.current_player == "You" and g.is_chance)
    bot_events = [e for e in g.events if e.step > 3]
    assert bot_events and {e.player for e in bot_events} == {"Bot"}
    assert "You banked 4 points (track score 4)" in app.status.value
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
    assert not any(enabled([app.roll_button, app.satisfied_button, app.accept_button]))
    assert app.html.targets == {}
    assert "Game over: Solo wins. Click Play again" in app.status.value
    assert app.again_row.layout.display is None and not app.again_button.disabled


def test_an_all_bot_table_plays_to_the_end():
    bots = {"Ann": SatisfiedAt(15), "Bob": RandomBot(seed=2)}
    g = Furcle(players=["Ann", "Bob"], seed=5)
    app = FurcleApp(g, bots=bots)
    expected = Furcle(players=["Ann", "Bob"], seed=5).play(bots)
    assert g.is_over and g.to_json() == expected.to_json()
    assert not any(enabled([app.roll_button, app.satisfied_button, app.accept_button]))


def test_history_slider_shows_an_earlier_moment_and_blocks_play(rigged):
    g, app = rigged
    app.click_die(0)
    app.satisfied_button.click()
    n = g.n_steps
    assert app.slider.max == app.slider.value == n and n >= 4
    app.slider.value = 1
    assert app.html.value == g.at(1)._repr_html_()
    assert "Looking back at step 1 of" in app.status.value
    assert not any(enabled([app.roll_button, app.satisfied_button, app.accept_button]))
    assert app.html.targets == {}
    assert not app.back_button.disabled
    before = g.to_json()
    app.roll_button.click()  # ignored while looking back
    assert g.to_json() == before
    app.back_button.click()
    assert app.slider.value == n and app.html.value == g._repr_html_()
    assert app.back_button.disabled and app.roll_button.disabled == g.is_over


def test_chart_follows_the_history_by_turn(rigged):
    g, app = rigged
    app.click_die(0)
    app.satisfied_button.click()
    you, bot = app.chart.data[0], app.chart.data[1]
    assert (you.name, bot.name) == ("You", "Bot")
    ends = {}
    for e in g.events:
        ends[e.turn] = e.scores
    assert list(you.x) == [0, *ends] and list(you.x)[-1] <= g.turn   # turns, not steps
    assert list(you.y) == [0] + [s[0] for s in ends.values()]
    assert list(bot.y) == [0] + [s[1] for s in ends.values()]
    assert you.y[1] == 4 and you.y[-1] == g.scores["You"]
    assert app.chart.layout.xaxis.title.text.startswith("Turn")


def test_the_history_sliders_moment_is_marked_on_the_chart(rigged):
    g, app = rigged
    app.click_die(0)
    app.satisfied_button.click()
    view = app.chart_view

    def now_lines():
        return [s for s in app.chart.layout.shapes if s.name == "now"]

    assert now_lines() == [] and "step 2" not in view.value   # at the latest moment: no marker
    app.slider.value = 2                           # after the Beekin: turn 1 is under way
    (line,) = now_lines()
    assert 0 < line.x0 < 1 and app.chart_view is view   # between the start and the end of turn 1
    assert [a.text for a in app.chart.layout.annotations if a.name == "now"] == ["step 2"]
    assert ">step 2<" in view.value                # the picture shows it too
    app.slider.value = 3                           # You banked: the end of turn 1
    assert now_lines()[0].x0 == 1
    app.back_button.click()
    assert now_lines() == [] and "step 2" not in view.value


def test_chart_gets_a_leader_trace():
    g = Furcle(players=["You", "Bot"], target=20, seed=3)
    g.apply(Dice((6, 6, 6, 6, 6)))
    app = FurcleApp(g, bots={"Bot": SatisfiedAt(100)})
    view, picture = app.chart_view, app.chart_view.value
    assert [t.name for t in app.chart.data] == ["You", "Bot"] and "New Leader" not in picture
    app.satisfied_button.click()  # 26 >= 20: You becomes the Leader
    chart = app.chart
    assert app.chart_view is view and "New Leader" in view.value  # the same picture widget, redrawn
    names = [t.name for t in chart.data]
    assert names[:2] == ["You", "Bot"] and "New Leader" in names
    assert list(chart.data[names.index("New Leader")].y)[0] == 26  # five 6s: 6 + 20
    # The chart is exactly a freshly drawn figure of the game.
    fresh = score_trajectories(g, x="turn").update_layout(width=CHART_SIZE[0], height=CHART_SIZE[1])
    assert chart.layout.to_plotly_json() == fresh.layout.to_plotly_json()
    assert [without_uid(t) for t in chart.data] == [without_uid(t) for t in fresh.data]


def test_settings_start_a_new_game():
    old = Furcle(players=["You", "Bot"], seed=1)
    app = FurcleApp(old)
    s = app.settings
    assert (s.n_players.value, s.target.value, s.n_dice.value, s.beekin.value) == (2, "50", "5", True)
    assert [(x.name.value, x.kind.value) for x in s.seats] == [("You", "Human"), ("Bot", "BeekinSmart")]
    s.n_players.value = 3
    s.seats[1].kind.value = "SatisfiedAt"
    s.seats[1].at.value = "15"
    s.seats[2].name.value, s.seats[2].kind.value = "Cat", "RandomBot"
    s.target.value, s.n_dice.value, s.beekin.value, s.seed.value = "30", "4", False, "5"
    s.new_game_button.click()
    g = app.game
    assert g is not old and old.n_steps == 0
    assert (g.players, g.target, g.n_dice, g.beekin, g.seed) == (("You", "Bot", "Cat"), 30, 4, False, 5)
    assert repr(app.bots["Bot"]) == "SatisfiedAt(15)" and isinstance(app.bots["Cat"], RandomBot)
    assert "You" not in app.bots and g.current_player == "You" and g.n_steps == 0
    assert app.dice_row.layout.display == "none"   # no Beekin in this game
    assert [t.name for t in app.chart.data] == ["You", "Bot", "Cat"]
    assert s.error.value == ""
    app.roll_button.click()
    assert len(g.dice) == 4 and g.n_steps >= 1


def test_blank_fields_mean_the_defaults():
    app = FurcleApp(Furcle(players=["You", "Bot"], target=30, n_dice=4, seed=1))
    s = app.settings
    s.target.value = s.n_dice.value = "  "
    s.seats[1].kind.value = "SatisfiedAt"
    s.seats[1].at.value = ""
    game, bots = s.read()
    assert (game.target, game.n_dice) == (50, 5) and repr(bots["Bot"]) == "SatisfiedAt(20)"
    assert s.target.placeholder == "blank: 50" and s.seats[1].at.placeholder == "blank: 20"


def test_the_at_box_shows_only_for_satisfied_at():
    s = FurcleApp(Furcle(players=["You", "Bot"], seed=1), bots={"Bot": SatisfiedAt(12)}).settings
    you, bot = s.seats
    assert bot.kind.value == "SatisfiedAt" and bot.at.value == "12" and bot.at.layout.display is None
    assert you.at.layout.display == "none"
    for kind, shown in (("BeekinSmart", False), ("RandomBot", False), ("Human", False), ("SatisfiedAt", True)):
        bot.kind.value = kind
        assert (bot.at.layout.display is None) == shown, kind


def test_every_bad_setting_is_reported_at_once(rigged):
    g, app = rigged
    s = app.settings
    s.target.value, s.n_dice.value, s.seed.value = "abc", "11", "-1"
    s.seats[1].kind.value, s.seats[1].at.value = "SatisfiedAt", "0"
    s.new_game_button.click()
    text = html.unescape(app.settings.error.value)
    assert "4 settings need a change" in text
    for words in ("Target: must be blank (the default, 50) or a whole number from 1 to 1000, got 'abc'",
                  "Number of dice: must be a whole number from 2 to 10, got 11",
                  "Seed: must be a whole number >= 0, got -1",
                  "Seat 2, SatisfiedAt at: must be a whole number from 1 to 1000, got 0"):
        assert words in text
    assert app.game is g


@pytest.mark.parametrize("change, words", [
    (lambda s: setattr(s.target, "value", "0"), "Target: must be a whole number from 1 to 1000, got 0"),
    (lambda s: setattr(s.target, "value", "1000000"), "from 1 to 1000, got 1000000"),
    (lambda s: setattr(s.n_dice, "value", "11"), "Number of dice: must be a whole number from 2 to 10, got 11"),
    (lambda s: setattr(s.seats[1].name, "value", "You"), "Seat 1 and Seat 2: the names must be different"),
    (lambda s: setattr(s.seats[0].name, "value", "  "), "Seat 1: must be a name (1 to 24 characters), got a blank"),
    (lambda s: setattr(s.seed, "value", "abc"), "Seed: must be blank (random) or a whole number"),
    (lambda s: (setattr(s.seats[1].kind, "value", "SatisfiedAt"), setattr(s.seats[1].at, "value", "0")),
     "Seat 2, SatisfiedAt at: must be a whole number from 1 to 1000, got 0"),
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
    assert app.error in widgets_in(app.box)
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


def seed_with_a_scoring_first_roll():
    """A seed whose first roll scores: after it, Roll (again) is legal, so a second click could roll."""
    for seed in range(100):
        g = Furcle(players=["You", "Bot"], seed=seed)
        if g.step() and g.roll_points > 0:
            return seed
    raise AssertionError("no seed below 100 scores on its first roll")


def test_a_double_click_on_roll_rolls_once():
    """Both clicks of a double click leave the page before the kernel answers: both carry the first view."""
    g = Furcle(players=["You", "Bot"], seed=seed_with_a_scoring_first_roll())
    app = FurcleApp(g)
    shown = app.roll_button.version
    browser_click(app.roll_button, version=shown)
    assert g.n_steps == 1 and g.roll_points > 0 and Roll() in g.legal_actions()
    assert app.roll_button.version > shown and not app.roll_button.disabled   # "Roll again" is legal now
    browser_click(app.roll_button, version=shown)   # the second click, made on the view before the roll
    assert g.n_steps == 1 and g.turn_score == g.roll_points   # not rolled again: the turn score is safe
    browser_click(app.roll_button)                  # a click on the view now shown rolls again
    assert g.n_steps == 3 and g.actions[1] == Roll()


def test_a_stale_click_on_another_button_or_the_view_is_ignored(rigged):
    g, app = rigged
    shown = app.version
    browser_click(app.accept_button, version=shown)           # accept the Furcle: the bot plays its turn
    n = g.n_steps
    assert n > 1
    for widget, content in ((app.accept_button, {}), (app.html, {"key": "0"}), (app.roll_button, {})):
        browser_click(widget, version=shown, **content)       # made on the view before the first click
    assert g.n_steps == n and app.error.value == ""


def test_every_redraw_raises_the_version_of_every_button_and_the_view(rigged):
    g, app = rigged
    widgets_ = [app.roll_button, app.satisfied_button, app.accept_button, app.back_button, app.again_button, app.html]
    assert len({w.group for w in widgets_}) == 1 and widgets_[0].group   # busy together in the browser
    before = app.version
    assert {w.version for w in widgets_} == {before}
    app.slider.value = 0                                      # looking back is a new view too
    assert {w.version for w in widgets_} == {app.version} and app.version > before


def test_play_again_starts_the_same_game_with_new_dice():
    g = Furcle(players=["Ann", "Bob"], target=20, n_dice=4, seed=3)
    bots = {"Ann": SatisfiedAt(10), "Bob": BeekinSmart()}
    app = FurcleApp(g, bots=bots)
    assert g.is_over and app.again_row.layout.display is None
    app.again_button.click()
    new = app.game
    assert new is not g and new.n_steps > 0 and new.seed != g.seed
    assert (new.players, new.target, new.n_dice, new.beekin) == (("Ann", "Bob"), 20, 4, True)
    assert app.bots == bots and new.is_over   # the same bots played it through
    assert app.settings.target.value == "20"


def test_the_status_shows_the_last_few_turns_of_a_bots_only_game():
    g = Furcle(players=["Ann", "Bob"], seed=5)
    app = FurcleApp(g, bots={"Ann": SatisfiedAt(15), "Bob": RandomBot(seed=2)})
    turns = len(by_turn(g.events))   # one line per turn (the win opens a turn of its own)
    assert turns > app.STATUS_LINES
    text = html.unescape(app.status.value)
    assert text.count("<br>") == app.STATUS_LINES + 2   # new game, "... earlier turns", the turns, the prompt
    assert f"{turns - app.STATUS_LINES} earlier lines not shown" in text
    assert "New game: Ann (SatisfiedAt(15)) and Bob (RandomBot)." in text


def test_a_game_at_its_step_limit_says_so():
    g = Furcle(players=["Ann", "Bob"], target=1000, seed=1)
    g.MAX_STEPS = 30   # this game's limit only
    app = FurcleApp(g, bots={"Ann": SatisfiedAt(20), "Bob": SatisfiedAt(20)})
    assert g.n_steps == 30 and not g.is_over and app.stopped
    assert "Stopped: the game did not end within 30 moves" in app.status.value
    assert "smaller target" in app.status.value
    assert app.again_row.layout.display is None




def test_accepting_a_furcle_says_what_the_log_says():
    g = Furcle(players=["You", "Bot"], seed=1)
    app = FurcleApp(g)
    g.apply(Dice((2, 2, 3, 4, 6)))
    g.apply(Roll())
    g.apply(Dice((1, 3)))                  # all different, and no +1 makes a pair
    app.refresh()
    prompt = html.unescape(app.status.value).split("<b>")[-1]
    assert prompt.startswith("Your turn: all dice differ, Oh Furcle! No Beekin can make a pair: accept the Furcle "
                             "and lose your turn score of 2 points.")
    assert app.html.targets == {} and "no die's +1 would help this roll" in app.dice_label.value
    app.accept_button.click()
    assert g.events[3].text == "Oh Furcle! You lose 2 and the turn ends"
    assert "You accepted the Furcle and lost 2 points." in app.status.value
    assert "nothing to lose" not in app.status.value


def test_a_furcle_with_nothing_at_stake_and_one_point_read_well():
    g = Furcle(players=["You", "Bot"], seed=1)
    g.apply(Dice((3, 4, 5, 6, 1)))
    app = FurcleApp(g)
    app.accept_button.click()
    assert g.events[1].text == "Oh Furcle! Your turn ends with nothing to bank"
    assert "You accepted the Furcle (no turn score to lose)." in app.status.value
    g2 = Furcle(players=["Ann", "You"], seed=1)
    app2 = FurcleApp(g2, bots={})                                    # two people at one screen
    g2.apply(Dice((1, 1, 3, 4, 6)))
    app2.refresh()
    assert ("Ann's turn: 1 point on the table, turn score 1. Roll again (2 dice), say Beekin on die 3, or be "
            "Satisfied.") in html.unescape(app2.status.value)
    app2.satisfied_button.click()
    assert "Ann banked 1 point (track score 1)." in app2.status.value
    assert "Your turn: roll 5 dice." in app2.status.value            # You, not "You's"
    g2.apply(Dice((2, 3, 4, 5, 6)))
    app2.refresh()
    assert "Your turn: all dice differ" in app2.status.value
    app2.accept_button.click()
    assert "You accepted the Furcle (no turn score to lose)." in app2.status.value


def test_settings_offer_every_variant_sides_and_bonus_too():
    app = FurcleApp(Furcle(players=["You", "Bot"], sides=8, bonus={2: 1, 3: 5}, target=30, n_dice=4,
                           beekin=False, seed=1))
    s = app.settings
    assert (s.target.value, s.n_dice.value, s.sides.value, s.bonus.value, s.beekin.value) == (
        "30", "4", "8", "1, 5", False)
    assert s.bonus.placeholder == "blank: 0, 10, 15, 20" and s.sides.placeholder == "blank: 6"
    s.sides.value, s.bonus.value, s.beekin.value = "4", "0, 10, 15, 20, 30", True
    s.new_game_button.click()
    g = app.game
    assert s.error.value == "" and (g.sides, dict(g.bonus), g.beekin, g.n_dice) == (
        4, {2: 0, 3: 10, 4: 15, 5: 20, 6: 30}, True, 4)
    s.sides.value = s.bonus.value = ""                               # blank: the printed dice and bonus
    game, _ = s.read()
    assert (game.sides, dict(game.bonus)) == (6, {2: 0, 3: 10, 4: 15, 5: 20})


@pytest.mark.parametrize("field, value, words", [
    ("sides", "abc", "Sides of a die: must be blank (the default, 6) or a whole number from 2 to 20, got 'abc'"),
    ("sides", "1", "Sides of a die: must be a whole number from 2 to 20, got 1"),
    ("bonus", "0, ten", "Bonus for 2, 3, 4, 5 ... of a kind: must be blank (0, 10, 15, 20) or whole numbers >= 0 "
                        "separated by commas, got '0, ten'"),
    ("bonus", "0,,3", "got '0,,3'"),
    ("target", "abc", "Target: must be blank (the default, 50) or a whole number from 1 to 1000, got 'abc'"),
    ("n_dice", "2.5", "Number of dice: must be blank (the default, 5) or a whole number from 2 to 10, got '2.5'"),
])
def test_a_bad_variant_is_named_and_never_clamped(field, value, words):
    g = Furcle(players=["You", "Bot"], seed=1)
    app = FurcleApp(g)
    getattr(app.settings, field).value = value
    app.settings.new_game_button.click()
    assert app.game is g and words in html.unescape(app.settings.error.value)
