"""The Thieves app, driven from Python: clicks on the board and on buttons run the handlers at once."""

import pytest

from furlib import Thieves
from furlib.testing import SVG_TAG, parse_html
from furlib.thieves import Roll
from furlib.thieves.bots import Greedy
from furlib.thieves.widget import ThievesApp, click_targets

# written against the classic labyrinth's squares (see tests/thieves/conftest.py)
pytestmark = pytest.mark.classic_map


def test_roll_select_and_move_by_clicking():
    g = Thieves(["You", "Dark"], seed=1)
    app = ThievesApp(g)
    assert "Your turn: click Roll." in app.status.value and app.usable == {}
    assert [b.description for b in app.action_buttons if b.layout.display != "none"] == ["Roll"]
    g.apply(Roll(("red", "white")))
    app.refresh()
    # the only thief that can begin a plan using both keys is thief 1 on (1,5), named C1 on the board
    assert app.usable == {"1,5": "Select thief 1 (on C1)"}
    assert "Your turn: use the red and white keys." in app.status.value
    app.html.click("1,5")
    assert app.selected == 1 and "Thief 1 (on C1) is selected" in app.status.value
    # the doorways and the pathways behind them: both use the key
    assert app.usable == {"1,5": "Choose another thief", "1,4": "Thief 1 to B1 with the white key",
                          "1,3": "Thief 1 to B1 with the white key", "1,6": "Thief 1 to D1 with the white key",
                          "1,7": "Thief 1 to D1 with the white key"}
    app.html.click("1,4")                                 # the blue doorway between C1 and B1
    assert g.thieves["You"][0] == (1, 3) and app.selected is None
    assert app.usable == {"3,5": "Select thief 2 (on C2)"}
    app.html.click("3,5")
    app.html.click("1,5")                                 # the pathway behind the red doorway, up to C1
    # the turn is over: the bot played Dark's turn; it is our roll again
    assert g.current_player == "You" and g.is_chance and g.turn == 3
    assert "You open a red doorway with the red key: thief 2 moves to C1." in app.status.value


def test_only_the_usable_squares_are_highlighted_and_every_square_answers():
    g = Thieves(["You", "Dark"], seed=1).apply(Roll(("red", "white")))
    app = ThievesApp(g)
    lit = {f"{e.get('data-row')},{e.get('data-col')}" for e in parse_html(app.html.value).iter(f"{SVG_TAG}g")
           if e.get("data-target") == "true"}
    usable = {e.get("data-cell") for e in parse_html(app.html.value).iter(f"{SVG_TAG}g")
              if e.get("data-usable") == "true"}
    assert lit == set(app.usable) == {"1,5"} and usable == {"1,5"}
    assert app.html.targets == app.usable                        # nothing else is a target
    app.html.click("1,5")
    lit = {f"{e.get('data-row')},{e.get('data-col')}" for e in parse_html(app.html.value).iter(f"{SVG_TAG}g")
           if e.get("data-target") == "true"}
    assert lit == set(app.usable) == {"1,3", "1,4", "1,5", "1,6", "1,7"}


def test_clicking_the_thief_again_deselects_and_other_squares_say_why():
    g = Thieves(["You", "Dark"], seed=1).apply(Roll(("red", "white")))
    app = ThievesApp(g)
    app.html.click("1,5")
    app.html.click("1,5")
    assert app.selected is None and "1,5" in app.usable and app.error.value == ""
    before = g.to_json()
    app.html.click("9,9")                                 # not usable: the game is unchanged, the error line says why
    assert g.to_json() == before
    assert "Not played:" in app.error.value and "First click one of the highlighted thieves" in app.error.value
    app.html.click("1,5")                                 # a click that plays clears it
    assert app.error.value == ""


def test_a_colour_key_is_used_before_white():
    g = Thieves(["You", "Dark"], seed=1).apply(Roll(("blue", "white")))
    targets = click_targets(g, 1)
    assert [str(a) for a in targets["1,4"]][0].endswith("with the blue key")


def test_the_buttons_still_play_every_legal_use():
    g = Thieves(["You", "Dark"], seed=1).apply(Roll(("red", "white")))
    app = ThievesApp(g)
    shown = [b.description for b in app.action_buttons if b.layout.display != "none"]
    assert shown == ["Thief 1 to B1 with the white key", "Thief 1 to D1 with the white key"]
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
        elif app.usable:
            key = sorted(app.usable)[0] if app.selected is None else \
                sorted(k for k, v in app.usable.items() if v not in ("Choose another thief",)
                       and not v.startswith("Select"))[0]
            app.html.click(key)
        else:
            app.action_buttons[0].click()                 # a doubling choice would come here
    assert g.is_over and "Game over" in app.status.value


def test_history_slider_shows_earlier_moments_without_targets():
    g = Thieves(["You", "Dark"], seed=1).apply(Roll(("red", "white")))
    app = ThievesApp(g)
    app.slider.value = 0
    assert app.usable == {} and 'data-row="1" data-col="5"' in app.html.value
    assert 'data-target="true"' not in app.html.value                 # nothing to click: nothing highlighted
    app.html.click("1,5")
    assert "looking back at an earlier moment" in app.error.value
    app.back_button.click()
    assert app.usable == {"1,5": "Select thief 1 (on C1)"}


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
    assert "Time is up: lose the keys left" not in shown              # not a move to click
    step = g.n_steps
    app.html.click("1,5")
    app.html.click("1,4")
    app.time_up(g, step)                                               # an old timer: ignored
    assert g.current_player == "You" and g.keys == ["red"]
    app.time_up(g, g.n_steps)                                          # this decision's timer runs out
    assert "You run out of time: the red key is lost" in [e.text for e in g.events]
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
    assert [e.text for e in g.events if e.player == "You"][-1] == "You run out of time: the red and white keys are lost"
    app._clock(False)
