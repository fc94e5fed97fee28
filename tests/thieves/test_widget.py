"""The Thieves app, driven from Python: clicks on the board and on buttons run the handlers at once."""

import pytest

from furlib import Thieves
from furlib.thieves import Move, Roll
from furlib.thieves.bots import Greedy
from furlib.thieves.widget import ThievesApp, click_targets


def test_roll_select_and_move_by_clicking():
    g = Thieves(["You", "Dark"], seed=1)
    app = ThievesApp(g)
    assert "Your turn: click Roll." in app.status.value and app.html.targets == {}
    assert [b.description for b in app.action_buttons if b.layout.display != "none"] == ["Roll"]
    g.apply(Roll(("red", "white")))
    app.refresh()
    # the only thief that can begin a plan using both keys is thief 1 on (1,5)
    assert app.html.targets == {"1,5": "Select thief 1"}
    app.html.click("1,5")
    assert app.selected == 1
    assert app.html.targets == {"1,5": "Choose another thief", "1,4": "thief 1 to (1, 3) with the white key",
                                "1,6": "thief 1 to (1, 7) with the white key"}
    app.html.click("1,4")                                 # the blue doorway between (1,5) and (1,3)
    assert g.thieves["You"][0] == (1, 3) and app.selected is None
    assert app.html.targets == {"3,5": "Select thief 2"}
    app.html.click("3,5")
    app.html.click("2,5")                                 # red doorway up to (1,5)
    # the turn is over: the bot played Dark's turn; it is our roll again
    assert g.current_player == "You" and g.is_chance and g.turn == 3


def test_clicking_the_thief_again_deselects_and_stale_keys_are_ignored():
    g = Thieves(["You", "Dark"], seed=1).apply(Roll(("red", "white")))
    app = ThievesApp(g)
    app.html.click("1,5")
    app.html.click("1,5")
    assert app.selected is None and "1,5" in app.html.targets
    before = g.to_json()
    app.html.click("9,9")                                 # not a target: nothing happens
    assert g.to_json() == before


def test_a_colour_key_is_used_before_white():
    g = Thieves(["You", "Dark"], seed=1).apply(Roll(("blue", "white")))
    targets = click_targets(g, 1)
    assert [str(a) for a in targets["1,4"]][0].endswith("with the blue key")


def test_the_buttons_still_play_every_legal_use():
    g = Thieves(["You", "Dark"], seed=1).apply(Roll(("red", "white")))
    app = ThievesApp(g)
    shown = [b.description for b in app.action_buttons if b.layout.display != "none"]
    assert shown == ["Thief 1 to (1, 3) with the white key", "Thief 1 to (1, 7) with the white key"]
    app.action_buttons[1].click()
    assert g.thieves["You"][0] == (1, 7)


def test_finish_a_game_against_the_bot_by_clicking():
    g = Thieves(["You", "Dark"], seed=3, max_turns=200)
    app = ThievesApp(g, bots={"Dark": Greedy()})
    for _ in range(2000):
        if g.is_over:
            break
        if g.is_chance:
            app.action_buttons[0].click()
        elif app.html.targets:
            key = sorted(app.html.targets)[0] if app.selected is None else \
                sorted(k for k, v in app.html.targets.items() if v != "Choose another thief")[0]
            app.html.click(key)
        else:
            app.action_buttons[0].click()                 # a doubling choice would come here
    assert g.is_over and "Game over" in app.status.value


def test_history_slider_shows_earlier_moments_without_targets():
    g = Thieves(["You", "Dark"], seed=1).apply(Roll(("red", "white")))
    app = ThievesApp(g)
    app.slider.value = 0
    assert app.html.targets == {} and 'data-row="1" data-col="5"' in app.html.value
    app.back_button.click()
    assert app.html.targets == {"1,5": "Select thief 1"}


def test_widget_from_the_game_and_a_bad_game():
    box = Thieves(seed=1).widget()
    assert box.__class__.__name__ == "VBox"
    with pytest.raises(ValueError, match="game must be a Thieves game"):
        ThievesApp("not a game")


def test_time_limit_loses_the_keys_left():
    g = Thieves(["You", "Dark"], seed=1, time_limit=3600).apply(Roll(("red", "white")))
    app = ThievesApp(g)
    assert "3600 seconds per move" in app.status.value
    shown = [b.description for b in app.action_buttons if b.layout.display != "none"]
    assert "time is up: lose the keys left" not in shown              # not a move to click
    step = g.n_steps
    app.html.click("1,5")
    app.html.click("1,4")
    app.time_up(g, step)                                               # an old timer: ignored
    assert g.current_player == "You" and g.keys == ["red"]
    app.time_up(g, g.n_steps)                                          # this decision's timer runs out
    assert "You run out of time: red is lost" in [e.text for e in g.events]
    assert g.current_player == "You" and g.is_chance                   # Dark has played its turn
    app._clock(False)


def test_a_real_timer_runs_out():
    import time

    g = Thieves(["You", "Dark"], seed=1, time_limit=0.2).apply(Roll(("red", "white")))
    app = ThievesApp(g)
    for _ in range(200):                                               # wait (up to 20 s) for the timer's thread
        if any(e.kind == "lost" and e.player == "You" for e in g.events):
            break
        time.sleep(0.1)
    assert [e.text for e in g.events if e.player == "You"][-1] == "You run out of time: red and white are lost"
    app._clock(False)
