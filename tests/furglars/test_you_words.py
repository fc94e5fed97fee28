"""Texts about a player called "You" read as English: "break your Lock", never "You's"."""

import html
import re

from furlib.furglars import Furglars, Roll
from furlib.furglars.actions import BreakLock, StealFurgle
from furlib.furglars.widget import FurglarsApp, target_label


def test_actions_and_buttons_about_you():
    assert str(BreakLock("You")) == "break your Lock"
    assert str(BreakLock("Ann")) == "break Ann's Lock"
    assert target_label(BreakLock("You")) == "Break your Lock"
    assert str(StealFurgle("You")) == "steal a Furgle from you"
    assert target_label(StealFurgle("You")) == "Steal a Furgle from you"


F, L, H, X = "furgle", "lock", "hand", "x"


def _you_win_with(furgles, target):
    g = Furglars(["You", "Ann"], target=target, seed=1)
    g.apply(Roll((F,) * furgles + (X,) * (5 - furgles)))      # no Hand: the turn passes at once
    g.apply(Roll((X,) * g.dice_to_roll))                       # Ann rolls only Xs
    return g


def test_a_win_past_the_target_says_the_score_and_the_target():
    g = _you_win_with(3, 2)
    assert g.winner == "You"
    assert g.events[-1].text == "You reach 3 points, past the target of 2, and win!"
    exact = _you_win_with(2, 2)
    assert exact.events[-1].text == "You reach the target of 2 points and win!"
    text = html.unescape(g._repr_html_())
    assert re.search(r"<b>3</b> <span[^>]*>points \(target 2\)</span>", text) and " of 2 points" not in text


def test_the_card_says_1_point_not_1_of_points():
    g = Furglars(["You", "Ann"], target=2, seed=1)
    g.apply(Roll((F, X, X, X, X)))
    g.apply(Roll((X,) * g.dice_to_roll))                       # You cash in 1 Furgle: 1 point
    assert g.scores["You"] == 1
    assert re.search(r"<b>1</b> <span[^>]*>point \(target 2\)</span>", g._repr_html_())


def test_the_app_tells_a_win_and_passes_to_you_in_good_english():
    g = Furglars(["Ann", "You"], target=2, seed=1)
    app = FurglarsApp(g, bots={})                                # two people: nothing moves by itself
    g.apply(Roll((F, F, F, X, X)))                              # Ann keeps 3 Furgles, passes 2 Xs to you
    assert g.events[-1].text == "Ann keeps 3 Furgles on the card and passes 2 dice to you: 2 Xs"
    k = len(g.events)
    g.apply(Roll((X,) * g.dice_to_roll))                        # then Ann cashes in 3: past the target
    assert app._turn_lines(g.events[:k]) == ["Ann rolled 3 Furgles and 2 Xs; passed 2 dice to you."]
    assert app._turn_lines(g.events[k:])[-1] == ("Ann cashed in 3 Furgles for 3 points (score 3); reached 3 "
                                                 "points, past the target of 2, and won the game!")
    app.refresh()
    assert "Game over: Ann wins." in app.status.value


def test_x_factor_texts_agree_with_you():
    g = Furglars(["You", "Ann", "Bob"], x_factor=True, seed=1)
    g.apply(Roll((X, X, X, L)))          # You: a Lock
    g.apply(Roll((X, X, X, X, X, X, X)))  # Ann: only Xs; You hand over your Lock
    texts = [e.text for e in g.events]
    assert any(t.startswith("X factor! Ann rolled only Xs: You give 1 Lock; Ann rolls them as a bonus roll")
               for t in texts), texts
