"""The Furry Poker settings panel: seat kinds, the Advanced Rules, the person's seat kept, bad values refused."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from furlib import FurryPoker
from furlib.core.engine.policy import RandomBot
from furlib.poker import FaceDown
from furlib.poker.bots import Greedy, Planner
from furlib.poker.widget import PokerApp
from furlib.poker.widget_settings import SEAT_KINDS, PokerSettings


def app():
    return PokerApp(FurryPoker(["You", "Ann"], seed=1), bots={"Ann": Greedy()})


def test_the_app_uses_the_poker_panel_showing_the_game():
    a = app()
    s = a.settings
    assert isinstance(s, PokerSettings) and SEAT_KINDS == ("Human", "Greedy", "Planner", "RandomBot")
    assert s.advanced.value is False and [x.kind.value for x in s.seats] == ["Human", "Greedy"]
    assert [x.name.value for x in s.seats] == ["You", "Ann"]
    assert "furlib-setting-advanced" in s.advanced._dom_classes


def test_a_new_game_with_the_advanced_rules_and_each_kind_of_bot():
    a = app()
    s = a.settings
    s.n_players.value = 4
    for seat, name, kind in zip(s.seats, ["You", "Ann", "Bob", "Cy"], ["Human", "Planner", "RandomBot", "Greedy"]):
        seat.name.value, seat.kind.value = name, kind
    s.advanced.value = True
    s.seed.value = "7"
    s.new_game_button.click()
    g = a.game
    assert s.error.value == "" and g.players == ("You", "Ann", "Bob", "Cy") and g.advanced is True
    assert isinstance(a.bots["Ann"], Planner) and isinstance(a.bots["Bob"], RandomBot)
    assert isinstance(a.bots["Cy"], Greedy) and "You" not in a.bots
    assert g.current_player == "You" and all(isinstance(x, FaceDown) for x in g.legal_actions())  # 7 cards: one down
    assert len(g.hands["You"]) == 7
    shown = [b.description for b in a.action_buttons if b.layout.display != "none"]
    assert shown and all(b.startswith("Place the ") and b.endswith(" face down in your Personal Area") for b in shown)
    a.play_again()                                        # Play again keeps the rules and the bots
    assert a.game.advanced is True and isinstance(a.bots["Ann"], Planner) and s.advanced.value is True


def test_fewer_players_keep_the_persons_seat():
    s = PokerSettings(FurryPoker(["Ann", "Bob", "You", "Cy"], seed=1),
                      {"Ann": Greedy(), "Bob": Planner(), "Cy": Greedy()})
    assert [x.kind.value for x in s.seats] == ["Greedy", "Planner", "Human", "Greedy"]
    s.n_players.value = 2
    assert [(x.name.value, x.kind.value) for x in s.seats] == [("Ann", "Greedy"), ("You", "Human")]
    s.n_players.value = 3                                 # more: Bob's seat comes back where it was
    assert [(x.name.value, x.kind.value) for x in s.seats] == [("Ann", "Greedy"), ("Bob", "Planner"),
                                                               ("You", "Human")]
    game, bots = s.read()
    assert game.players == ("Ann", "Bob", "You") and set(bots) == {"Ann", "Bob"}
    assert isinstance(bots["Bob"], Planner)


def test_fewer_players_leave_a_kept_person_where_they_are():
    s = PokerSettings(FurryPoker(["You", "Ann", "Bob"], seed=1), {"Ann": Greedy(), "Bob": Greedy()})
    s.n_players.value = 2
    assert [(x.name.value, x.kind.value) for x in s.seats] == [("You", "Human"), ("Ann", "Greedy")]


def test_bad_values_are_named_and_refused_never_clamped():
    a = app()
    s = a.settings
    before = a.game
    s.seed.value = "-3"
    s.seats[1].name.value = "You"
    s.new_game_button.click()
    assert a.game is before                               # the game goes on unchanged
    err = s.error.value
    assert "Not started" in err and "Seed: must be a whole number &gt;= 0, got -3" in err
    assert "Seat 1 and Seat 2: the names must be different, both are &#x27;You&#x27;" in err
    assert "2 settings need a change" in err
    assert s.seed.value == "-3"                           # nothing was changed or clamped
    assert s.n_players.min == 2 and s.n_players.max == 6  # FurryPoker's 2 to 6 players
