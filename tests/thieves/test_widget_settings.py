"""The Thieves app's settings panel: the variants (doubling, seconds per move, turn limit), refused never clamped."""

import pytest

from furlib import Thieves
from furlib.thieves.bots import Greedy
from furlib.thieves.widget import ThievesApp
from furlib.thieves.widget_settings import ThievesSettings, parse_seconds


def test_the_panel_shows_the_game_and_starts_a_variant():
    g = Thieves(["You", "Dark"], seed=1, doubling=True, time_limit=10, max_turns=50)
    app = ThievesApp(g)
    s = app.settings
    assert isinstance(s, ThievesSettings)
    assert (s.doubling.value, s.time_limit.value, s.max_turns.value) == (True, "10", "50")
    assert [seat.kind.value for seat in s.seats] == ["Human", "Greedy"]
    assert (s.n_players.min, s.n_players.max) == (2, 2)
    s.doubling.value, s.time_limit.value, s.max_turns.value, s.seed.value = False, "7.5", "", "3"
    s.new_game_button.click()
    new = app.game
    assert new is not g and (new.doubling, new.time_limit, new.max_turns) == (False, 7.5, None)
    assert new.players == ("You", "Dark") and isinstance(app.bots["Dark"], Greedy) and "You" not in app.bots
    assert app.settings.error.value == ""
    app._clock(False)


def test_blank_fields_mean_the_defaults():
    app = ThievesApp(Thieves(["You", "Dark"], seed=1))
    s = app.settings
    assert (s.doubling.value, s.time_limit.value, s.max_turns.value) == (False, "", "")
    s.new_game_button.click()
    assert (app.game.doubling, app.game.time_limit, app.game.max_turns) == (False, None, None)


@pytest.mark.parametrize("field, text, words", [
    ("time_limit", "ten", "Seconds per move: must be blank (no time limit) or a number of seconds above 0 and at "
                          "most 3600, such as 10; got 'ten'"),
    ("time_limit", "0", "got '0'"),
    ("time_limit", "5000", "got '5000'"),
    ("time_limit", "nan", "got 'nan'"),
    ("max_turns", "0", "Turn limit: must be a whole number from 1 to 20000, got 0"),
    ("max_turns", "many", "Turn limit: must be blank (no limit) or a whole number from 1 to 20000, got 'many'"),
])
def test_bad_values_are_refused_with_what_is_accepted(field, text, words):
    g = Thieves(["You", "Dark"], seed=1)
    app = ThievesApp(g)
    getattr(app.settings, field).value = text
    app.settings.new_game_button.click()
    assert app.game is g                                   # not started: the game goes on
    assert "Not started:" in app.settings.error.value and words.replace("'", "&#x27;") in app.settings.error.value


def test_every_bad_field_at_once():
    app = ThievesApp(Thieves(["You", "Dark"], seed=1))
    app.settings.time_limit.value, app.settings.max_turns.value = "-1", "x"
    app.settings.new_game_button.click()
    assert "2 settings need a change" in app.settings.error.value


def test_parse_seconds():
    assert parse_seconds("10") == 10.0
    with pytest.raises(ValueError, match="got 'inf'"):
        parse_seconds("inf")


def test_a_seat_can_be_the_strongest_bot():
    from furlib.thieves.bots import Foresight
    from furlib.thieves.widget_settings import SEAT_KINDS

    assert SEAT_KINDS == ("Human", "Greedy", "Foresight", "RandomBot")
    app = ThievesApp(Thieves(["You", "Dark"], seed=1))
    s = app.settings
    s.seats[1].kind.value = "Foresight"
    s.new_game_button.click()
    assert isinstance(app.bots["Dark"], Foresight) and "You" not in app.bots and app.settings.error.value == ""
    app._clock(False)
