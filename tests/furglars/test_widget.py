"""The Furglars app, driven from Python: clicks and slider moves run the handlers at once.

Outside a kernel an Output widget captures nothing, so these tests check the
game and the widgets' state. Rolls are rigged with ``g.apply(Roll(...))`` or
derived by replaying a copy of the seeded game through the public protocol.
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import pytest

from furlib.furglars import BreakLock, Done, Furglars, Roll, StealFurgle
from furlib.furglars.bots import GreedyThief, Mastermind, RandomBot
from furlib.furglars.plots import score_race
from furlib.furglars.widget import FurglarsApp, target_label
from furlib.testing import widgets_in

F, L, H, X = "furgle", "lock", "hand", "x"
KSQ = ["Kenzie", "Sofia", "Quinn"]
GREEDY = {"Sofia": GreedyThief(), "Quinn": GreedyThief()}


def rolls(*counts):
    return [Roll((F,) * f + (L,) * lk + (H,) * h + (X,) * x) for f, lk, h, x in counts]


def without_uid(trace):
    data = trace.to_plotly_json()
    data.pop("uid", None)
    return data


def enabled(buttons):
    return [not b.disabled for b in buttons]


def labels(app):
    return [b.description for b in app.target_buttons]


def play_bots(game, bots):
    """What the app must do after a human's move: bot turns, chance by game.step()."""
    while not game.is_over and game.current_player in bots:
        game.step(None if game.is_chance else bots[game.current_player])
    return game


@pytest.fixture
def kenzie():
    """The rulebook's example: Kenzie (human) has rolled 3 Hands, 2 Furgles, 1 Lock, 2 Xs; Sofia has
    1 Lock and 1 Furgle, Quinn 2 Furgles. Sofia and Quinn are GreedyThief bots."""
    g = Furglars(KSQ, seed=0)
    for r in rolls((2, 0, 0, 2), (1, 1, 0, 4), (2, 0, 0, 6)):
        g.apply(r)
    g.apply(Roll((H, F, H, L, X, F, H, X)))
    return g, FurglarsApp(g, bots=GREEDY)


def test_widget_returns_the_apps_box():
    g = Furglars(["You", "Ann", "Bob"], seed=1)
    box = g.widget()
    assert isinstance(box, widgets.VBox) and "furlib-app" in box._dom_classes
    assert g.n_steps == 0  # nothing happens until the human rolls (seat 0 plays first)


def test_start_of_turn_only_roll_is_enabled():
    app = FurglarsApp(Furglars(["You", "Ann", "Bob"], seed=1))
    assert enabled([app.roll_button, app.done_button]) == [True, False]
    assert app.target_buttons == [] and all(b.layout.display == "none" for b in app._pool.values())
    assert "Your turn: roll the 4 dice in front of you." in app.status.value
    assert ("New game: You, Ann (Mastermind) and Bob (Mastermind). The first to 15 Bullion Points wins."
            in app.status.value)
    assert app.slider.max == app.slider.value == 0
    assert set(app.bots) == {"Ann", "Bob"} and all(isinstance(b, Mastermind) for b in app.bots.values())
    for b, cls in ((app.roll_button, "furlib-roll"), (app.done_button, "furlib-done")):
        assert cls in b._dom_classes
    assert "furlib-view" in app.html._dom_classes and "furlib-chart" in app.chart_box._dom_classes


def test_roll_button_rolls_the_games_own_dice_then_the_bots_play():
    g = Furglars(["You", "Ann", "Bob"], seed=1)
    twin = g.copy()
    app = FurglarsApp(g)
    app.roll_button.click()
    rolled = twin.step()  # the same seeded roll, through the protocol
    assert g.actions[0] == rolled and isinstance(rolled, Roll) and len(rolled.faces) == 4
    play_bots(twin, {"Ann": Mastermind(), "Bob": Mastermind()})   # nothing to steal at the first roll
    assert g.to_json() == twin.to_json()
    assert g.current_player == "You" and g.is_chance
    assert app.html.value == g._repr_html_()
    assert app.slider.max == app.slider.value == g.n_steps
    assert "Ann (Mastermind) rolled" in app.status.value and "Bob (Mastermind) rolled" in app.status.value


def test_target_buttons_are_the_legal_targets(kenzie):
    g, app = kenzie
    assert g.legal_actions() == [BreakLock("Sofia"), StealFurgle("Quinn"), Done()]
    assert labels(app) == ["Break Sofia's Lock", "Steal a Furgle from Quinn"]
    assert enabled(app.target_buttons) == [True, True]
    sofia, quinn = app.target_buttons
    assert {"furlib-target", "furlib-target-1", "furlib-target-break"} <= set(sofia._dom_classes)
    assert {"furlib-target", "furlib-target-2", "furlib-target-steal"} <= set(quinn._dom_classes)
    assert "furlib-target-steal" not in sofia._dom_classes
    assert sofia.tooltip == "Spend a Hand: Sofia has 1 Lock; the broken Lock joins your pass pile"
    assert app._pool["Kenzie"].layout.display == "none"           # never a target of your own Hands
    assert enabled([app.roll_button, app.done_button]) == [False, True]
    assert "Your turn: 3 Hands left to spend." in app.status.value
    assert "3 Hands to spend" in app.hands_label.value


def test_a_double_click_on_a_target_spends_one_hand(kenzie):
    g, app = kenzie
    sofia = app.target_buttons[0]
    shown = sofia.version
    for _ in range(2):   # both clicks leave the page before the kernel answers
        sofia._handle_message(sofia, {"event": "click", "version": shown}, [])
    assert g.actions[4:] == [BreakLock("Sofia")] and g.hands_left == 2


def test_spending_every_hand_plays_the_rulebook_example(kenzie):
    g, app = kenzie
    app.target_buttons[0].click()                                  # break Sofia's Lock
    assert g.actions[-1] == BreakLock("Sofia")
    assert labels(app) == ["Steal a Furgle from Sofia", "Steal a Furgle from Quinn"]
    assert "furlib-target-steal" in app.target_buttons[0]._dom_classes
    assert "furlib-target-break" not in app.target_buttons[0]._dom_classes
    assert "Kenzie broke Sofia's Lock." in html.unescape(app.status.value)
    app.target_buttons[0].click()                                  # steal Sofia's Furgle
    assert labels(app) == ["Steal a Furgle from Quinn"]
    twin = g.copy()
    app.target_buttons[0].click()                                  # the last Hand: the turn ends by itself
    twin.apply(StealFurgle("Quinn"))
    assert twin.furgles == {"Kenzie": 4, "Sofia": 0, "Quinn": 1} and twin.locks["Kenzie"] == 1
    play_bots(twin, GREEDY)
    assert g.to_json() == twin.to_json()
    assert "Kenzie stole a Furgle from Quinn; passed 6 dice to Sofia." in app.status.value
    assert g.current_player == "Kenzie" and g.is_chance and app.target_buttons == []


def test_done_passes_the_dice_with_hands_unused(kenzie):
    g, app = kenzie
    twin = g.copy()
    app.done_button.click()
    twin.apply(Done())
    pass_event = next(e for e in twin.events[::-1] if e.kind == "pass")
    d = pass_event.data                                          # 3 unused Hands and 2 Xs
    assert (d["dice"], d["to"], d["hands"], d["unused"], d["xs"]) == (5, "Sofia", 3, 3, 2)
    play_bots(twin, GREEDY)
    assert g.to_json() == twin.to_json()
    assert g.actions[4] == Done()
    assert "Kenzie passed 5 dice to Sofia." in app.status.value


def test_a_bots_repeated_steals_are_told_once():
    g = Furglars(KSQ, seed=0)
    for r in rolls((0, 0, 0, 4), (3, 0, 0, 5), (0, 0, 0, 9), (0, 0, 2, 7)):   # Sofia keeps 3 Furgles, no Lock
        g.apply(r)
    app = FurglarsApp(g, bots={"Kenzie": GreedyThief(), "Quinn": GreedyThief()})   # Sofia plays at the screen
    assert g.actions[4:] == [StealFurgle("Sofia"), StealFurgle("Sofia")]
    assert g.furgles == {"Kenzie": 2, "Sofia": 0, "Quinn": 0} and g.scores["Sofia"] == 1   # she cashed in 1
    status = html.unescape(app.status.value)
    assert "Kenzie (GreedyThief) stole 2 Furgles from Sofia; passed 9 dice to Sofia." in status
    assert "Sofia cashed in 1 Furgle for 1 point (score 1)." in status
    assert "Your turn: roll the 10 dice in front of you." in status


def test_clicking_a_hidden_target_changes_nothing(kenzie):
    g, app = kenzie
    before = g.to_json()
    app._pool["Kenzie"].click()      # hidden and disabled; click() still calls the handler
    assert g.to_json() == before and app.error.value == ""


def test_game_over_disables_every_button():
    g = Furglars(["You", "Bot"], target=2, seed=1)
    app = FurglarsApp(g, bots={"Bot": GreedyThief()})
    g.apply(Roll((F, F, X, X, X)))          # from Python; Bot then rolls 8 Xs, You cash in 2 and win
    g.apply(Roll((X,) * 8))
    app.refresh()
    assert g.is_over and g.winner == "You"
    assert not any(enabled([app.roll_button, app.done_button, *app._pool.values()]))
    assert "Game over: You win. Click Play again" in app.status.value and app.hands_label.value == ""
    assert app.again_row.layout.display is None


def test_an_all_bot_table_plays_to_the_end():
    bots = {"Ann": Mastermind(), "Bob": GreedyThief(), "Cy": RandomBot(seed=2)}
    g = Furglars(["Ann", "Bob", "Cy"], seed=5)
    app = FurglarsApp(g, bots=bots)
    expected = Furglars(["Ann", "Bob", "Cy"], seed=5).play(bots)
    assert g.is_over and g.to_json() == expected.to_json()
    assert not any(enabled([app.roll_button, app.done_button]))


def test_history_slider_shows_an_earlier_moment_and_blocks_play(kenzie):
    g, app = kenzie
    n = g.n_steps
    app.slider.value = 3                  # Quinn has just rolled; Kenzie has not
    assert app.html.value == g.at(3)._repr_html_()
    assert "Looking back at step 3 of 4" in app.status.value
    assert not any(enabled([app.roll_button, app.done_button, *app._pool.values()]))
    assert not app.back_button.disabled
    before = g.to_json()
    app.done_button.click()               # ignored while looking back
    app._human(lambda: g.apply(Done()))
    assert g.to_json() == before
    app.back_button.click()
    assert app.slider.value == n and app.html.value == g._repr_html_()
    assert app.back_button.disabled and enabled(app.target_buttons) == [True, True]


def test_chart_follows_the_history(kenzie):
    g, app = kenzie
    view = app.chart_view
    assert [t.name for t in app.chart.data] == KSQ
    app.done_button.click()
    chart = app.chart
    assert app.chart_view is view         # the same picture widget, redrawn
    h = g.history
    ends = h.groupby("turn").last()
    for i, name in enumerate(KSQ):
        assert list(chart.data[i].x) == [0] + ends.index.tolist()
        assert list(chart.data[i].y) == [0] + ends[name].tolist()
    fresh = score_race(g).update_layout(width=app.CHART_SIZE[0], height=app.CHART_SIZE[1])
    assert chart.layout.to_plotly_json() == fresh.layout.to_plotly_json()
    assert [without_uid(t) for t in chart.data] == [without_uid(t) for t in fresh.data]
    app.slider.value = 2                  # looking back: the moment is marked
    chart = app.chart
    assert [s.name for s in chart.layout.shapes if s.name == "now"] == ["now"] and ">step 2<" in view.value
    fresh = score_race(g, now=2).update_layout(width=app.CHART_SIZE[0], height=app.CHART_SIZE[1])
    assert chart.layout.to_plotly_json() == fresh.layout.to_plotly_json()
    assert [without_uid(t) for t in chart.data] == [without_uid(t) for t in fresh.data]


def test_settings_show_the_game_and_start_a_new_one():
    old = Furglars(["You", "Ann", "Bob"], seed=1)
    app = FurglarsApp(old)
    s = app.settings
    assert (s.n_players.value, s.target.value, s.dice_per_player.value) == (3, "15", "4")
    assert s.faces.value == "furgle, furgle, lock, hand, hand, x"
    assert (s.chart_kind.value, s.per_furgle.value, s.x_factor.value) == ("points per Furgle", "1", False)
    assert s.chart_table.layout.display == "none" and s.per_furgle.layout.display is None
    assert [(x.name.value, x.kind.value) for x in s.seats] == [("You", "Human"), ("Ann", "Mastermind"),
                                                               ("Bob", "Mastermind")]
    chart = app.chart
    s.n_players.value = 2                 # the target still shows the rulebook's value: it follows (21)
    assert (s.target.value, s.dice_per_player.value) == ("21", "5")
    s.seats[1].kind.value = "GreedyThief"
    s.dice_per_player.value, s.faces.value = "2", "Furgle, LOCK, hand , x"       # any letter case
    s.chart_kind.value, s.chart_table.value = "table", "1, 3, 6, 10"
    s.x_factor.value, s.seed.value, s.target.value = True, "5", "9"
    assert s.per_furgle.layout.display == "none" and s.chart_table.layout.display is None
    assert all(w.layout.display is None for w in (s.faces, s.target, s.dice_per_player, s.x_factor, s.seed))
    s.new_game_button.click()
    g = app.game
    assert g is not old and old.n_steps == 0 and s.error.value == ""
    assert (g.players, g.target, g.dice_per_player, g.faces, g.x_factor, g.seed) == (
        ("You", "Ann"), 9, 2, (F, L, H, X), True, 5)
    assert g.chart == {0: 0, 1: 1, 2: 3, 3: 6, 4: 10}
    assert isinstance(app.bots["Ann"], GreedyThief) and "You" not in app.bots
    assert app.chart is not chart and [t.name for t in app.chart.data] == ["You", "Ann"]
    assert list(app._pool) == ["You", "Ann"]
    app.roll_button.click()
    assert g.actions[0] == Furglars(["You", "Ann"], dice_per_player=2, faces=(F, L, H, X), seed=5).step()


def test_settings_fill_a_table_chart_and_per_furgle_points():
    g = Furglars(["You", "Bot"], dice_per_player=2, chart=lambda n: n * n, seed=1)
    s = FurglarsApp(g).settings
    assert (s.chart_kind.value, s.chart_table.value) == ("table", "1, 4, 9, 16")
    s.chart_kind.value, s.per_furgle.value = "points per Furgle", "3"
    game, bots = s.read()
    assert game.chart == {0: 0, 1: 3, 2: 6, 3: 9, 4: 12} and isinstance(bots["Bot"], Mastermind)
    s.seats[1].kind.value = "RandomBot"
    s.target.value = s.dice_per_player.value = ""           # blank: the rulebook's values
    game, bots = s.read()
    assert (game.target, game.dice_per_player) == (21, 5) and repr(bots["Bot"]) == "RandomBot(seed=1)"


def test_blank_fields_mean_the_defaults_faces_and_chart_too():
    s = FurglarsApp(Furglars(["You", "Bot"], dice_per_player=2, faces=(F, L, H, X), chart=lambda n: 2 * n,
                             target=9, x_factor=True, seed=1)).settings
    assert s.faces.value == "furgle, lock, hand, x" and s.per_furgle.value == "2"
    for field in (s.target, s.dice_per_player, s.faces, s.per_furgle):
        field.value = " "
    game, _ = s.read()
    default = Furglars(["You", "Bot"], x_factor=True, seed=1)
    assert (game.target, game.dice_per_player, game.faces, game.chart) == (
        default.target, default.dice_per_player, default.faces, default.chart)
    s.chart_kind.value, s.chart_table.value = "table", ""
    assert s.read()[0].chart == default.chart
    assert "blank" in s.faces.placeholder and "blank" in s.chart_table.placeholder


def test_no_seat_of_the_furglars_has_an_at_box():
    s = FurglarsApp(Furglars(["You", "Ann", "Bob"], seed=1)).settings
    for seat in s.seats:
        for kind in s.kinds:
            seat.kind.value = kind
            assert seat.at.layout.display == "none"


@pytest.mark.parametrize("change, words", [
    (lambda s: setattr(s.target, "value", "abc"),
     "Target: must be blank (15, or 21 with 2 players) or a whole number from 1 to 200, got 'abc'"),
    (lambda s: setattr(s.target, "value", "0"), "Target: must be a whole number from 1 to 200, got 0"),
    (lambda s: setattr(s.dice_per_player, "value", "11"),
     "Dice per player: must be a whole number from 1 to 10, got 11"),
    (lambda s: setattr(s.faces, "value", "furgle,,lock"), "or face names separated by commas"),
    (lambda s: setattr(s.faces, "value", "furgle, banana"), "Faces of a die: 'banana' is not a face"),
    (lambda s: setattr(s.faces, "value", "hand, x"), "must include a 'furgle'"),
    (lambda s: (setattr(s.chart_kind, "value", "table"), setattr(s.chart_table, "value", "1, 2")),
     "points for 1, 2, ... Furgles: 12 dice are in play, so list 12 numbers"),
    (lambda s: (setattr(s.chart_kind, "value", "table"), setattr(s.chart_table, "value", "1, two")),
     "points for 1, 2, ... Furgles: must be blank (1 per Furgle) or whole numbers >= 0 separated by commas"),
    (lambda s: setattr(s.per_furgle, "value", "-1"), "points per Furgle: must be a whole number >= 0, got -1"),
    (lambda s: setattr(s.seats[1].name, "value", "Kenzie"), "the names must be different, both are 'Kenzie'"),
    (lambda s: setattr(s.seed, "value", "-3"), "Seed: must be a whole number >= 0, got -3"),
])
def test_bad_settings_show_an_error_and_keep_the_game(kenzie, change, words):
    g, app = kenzie
    before, chart = g.to_json(), app.chart
    change(app.settings)
    app.settings.new_game_button.click()
    assert app.game is g and g.to_json() == before and app.chart is chart
    assert words in html.unescape(app.settings.error.value) and 'role="alert"' in app.settings.error.value
    assert enabled(app.target_buttons) == [True, True]  # still playable


def test_every_bad_setting_is_reported_at_once(kenzie):
    g, app = kenzie
    s = app.settings
    s.target.value, s.faces.value, s.seed.value = "-5", "furgle, banana, Lock", "x"
    s.seats[2].name.value = "Kenzie"
    s.new_game_button.click()
    text = html.unescape(s.error.value)
    assert text.count("<br>- ") == 4 and "4 settings need a change" in text
    for words in ("Target: must be a whole number from 1 to 200, got -5", "got 'furgle, banana, Lock'",
                  "Seed: must be blank (random) or a whole number >= 0, got 'x'", "the names must be different"):
        assert words in text
    assert app.game is g


def test_a_bot_error_is_shown_in_the_app(kenzie):
    g, _ = kenzie
    app = FurglarsApp(g, bots={"Sofia": lambda game: "banana", "Quinn": GreedyThief()})
    app.done_button.click()
    assert "IllegalAction" in app.error.value and "banana" in app.error.value
    assert app.error in widgets_in(app.box)
    assert g.current_player == "Sofia" and app.slider.max == g.n_steps  # the view shows where it stopped


def test_refresh_and_a_click_on_a_stale_view():
    g = Furglars(["You", "Ann", "Bob"], seed=1)
    app = FurglarsApp(g, bots={"Ann": GreedyThief(), "Bob": GreedyThief()})
    g.apply(Roll((F, H, H, X)))            # from Python, no refresh: the app still shows the start
    app.roll_button.click()                # only redraws: the bots play, nothing is rolled for You
    assert g.actions[0] == Roll((F, H, H, X)) and g.current_player == "You" and g.is_chance
    assert app.html.value == g._repr_html_() and app.slider.max == g.n_steps
    assert not app.roll_button.disabled


def test_play_again_and_the_status_of_a_bots_only_game():
    bots = {"Ann": Mastermind(), "Bob": GreedyThief(), "Cy": RandomBot(seed=2)}
    app = FurglarsApp(Furglars(["Ann", "Bob", "Cy"], seed=5), bots=bots)
    g = app.game
    assert g.is_over and app.again_row.layout.display is None
    text = html.unescape(app.status.value)
    assert text.count("<br>") <= app.STATUS_LINES + 2 and "earlier lines not shown" in text
    app.again_button.click()
    assert app.game is not g and app.game.is_over and app.game.players == g.players
    assert app.bots == bots and app.game.seed != g.seed


def test_summaries_come_from_event_kinds_not_their_text(kenzie, monkeypatch):
    g, app = kenzie
    from furlib.core.engine.game import Event
    monkeypatch.setattr(Event, "text", property(lambda e: "(no text)"), raising=False)
    app.target_buttons[0].click()                                  # break Sofia's Lock
    assert "Kenzie broke Sofia's Lock." in html.unescape(app.status.value)


def test_target_label():
    assert target_label(BreakLock("Bob")) == "Break Bob's Lock"
    assert target_label(StealFurgle("Cy")) == "Steal a Furgle from Cy"


def seats(s):
    return [(x.name.description, x.name.value, x.kind.value) for x in s.seats]


def test_fewer_players_keeps_the_persons_seat_after_the_bots():
    """The play notebook seats You third, after the bots Ann and Bob: 2 players must keep You."""
    app = FurglarsApp(Furglars(["Ann", "Bob", "You"], seed=25), human="You")
    s = app.settings
    s.n_players.value = 2
    assert seats(s) == [("Seat 1", "Ann", "Mastermind"), ("Seat 2", "You", "Human")]
    s.new_game_button.click()
    assert app.game.players == ("Ann", "You") and list(app.bots) == ["Ann"] and s.error.value == ""
    assert app.game.current_player == "You" and app.game.is_chance and not app.game.is_over
    assert not app.roll_button.disabled


def test_more_players_again_brings_back_the_seats_taken_away():
    app = FurglarsApp(Furglars(["Ann", "Bob", "You", "Cy"], seed=1), bots={"Ann": Mastermind(),
                                                                         "Bob": GreedyThief(), "Cy": RandomBot()})
    s = app.settings
    s.seats[1].name.value = "Bobby"                                   # a choice made before the change
    s.n_players.value = 2                                             # Cy, then Bobby: the last bots go first
    assert seats(s) == [("Seat 1", "Ann", "Mastermind"), ("Seat 2", "You", "Human")]
    s.n_players.value = 4                                             # back where they sat, as they were
    assert seats(s) == [("Seat 1", "Ann", "Mastermind"), ("Seat 2", "Bobby", "GreedyThief"),
                        ("Seat 3", "You", "Human"), ("Seat 4", "Cy", "RandomBot")]
    s.n_players.value = 5                                             # a new seat at the end
    assert seats(s)[-1] == ("Seat 5", "Player 5", "Mastermind")
    game, bots = s.read()
    assert game.players == ("Ann", "Bobby", "You", "Cy", "Player 5") and "You" not in bots


def test_only_people_left_the_last_seat_goes():
    app = FurglarsApp(Furglars(["Ann", "Bob", "Cy"], seed=1), bots={})
    s = app.settings
    s.n_players.value = 2
    assert seats(s) == [("Seat 1", "Ann", "Human"), ("Seat 2", "Bob", "Human")]
