"""Refused settings speak the page's words (issue 30): every field of every game's panel, as a student reads it.

Each case sets one field to a bad value through its widget, clicks "New game"
and compares the app's error line with the sentence written out here by
hand: it starts with the label the page shows ("Dice per player:", "Seat 2:",
"Seed:"), names the value and what would be accepted, and names no Python
keyword (``dice_per_player``) or ``key=[...]``; the game shown goes on
unchanged. The panel's ranges are held to the games' own checks at the end,
so they cannot drift. The scripting API keeps the keyword (last test).
"""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("ipywidgets")

from furlib import Furcle, Furglars, FurryPoker, Thieves
from furlib.core import registry
from furlib.core.app.settings import GameSettings, in_words, read_whole
from furlib.furcle.bots import SatisfiedAt
from furlib.furcle.widget import FurcleApp
from furlib.furcle.widget_settings import MAX_APP_TARGET as FURCLE_MAX_TARGET
from furlib.furcle.widget_settings import FurcleSettings
from furlib.furglars.widget import FurglarsApp
from furlib.furglars.widget_settings import MAX_APP_TARGET as FURGLARS_MAX_TARGET
from furlib.furglars.widget_settings import FurglarsSettings
from furlib.pig import Pig
from furlib.poker.widget import PokerApp
from furlib.thieves.widget import ThievesApp
from furlib.thieves.widget_settings import MAX_APP_TURNS, MAX_TIME_LIMIT, ThievesSettings

#: A Python name in a sentence: a keyword with an underscore, or a keyword given a list (``faces=[``).
PYTHON = re.compile(r"\b[a-z]+_[a-z_]+\b|\w=[\[(]|\bNone\b|\bstr\b|\bstring\b|\bint\(")


def furcle():
    return FurcleApp(Furcle(players=["You", "Bot"], seed=1))


def furglars():
    return FurglarsApp(Furglars(["You", "Ann", "Bob"], seed=1))     # 3 players: 4 dice each, 12 in play


def poker():
    return PokerApp(FurryPoker(["You", "Ann"], seed=1))


def thieves():
    return ThievesApp(Thieves(["You", "Dark"], seed=1))


def pig():
    g = Pig(players=["You", "Bot"], seed=1)
    return registry.get(g).app_class()(g)                          # the core's frame: seats and seed only


APPS = {"furcle": furcle, "furglars": furglars, "poker": poker, "thieves": thieves, "pig": pig}


def refused(game: str, change) -> str:
    """The app's error line (as the page shows it) after ``change(settings)`` and New game; the game goes on."""
    app = APPS[game]()
    g, bots = app.game, dict(app.bots)
    before = g.to_json()
    change(app.settings)
    app.settings.new_game_button.click()
    assert app.game is g and g.to_json() == before and app.bots == bots     # the game shown goes on, unchanged
    if hasattr(app, "_clock"):
        app._clock(False)
    shown = app.settings.error.value
    assert shown.startswith('<div role="alert"') and "<b>Not started:</b> " in shown
    text = html.unescape(re.sub(r"<(?!br>)[^>]*>", "", shown)).replace("<br>", "\n")
    return text.removeprefix("Not started: ")


def box(path: str, value):
    """A change of one widget of the panel: ``"target"``, ``"seats.1.at"``, ..."""
    def change(settings):
        w = settings
        for part in path.split("."):
            w = w[int(part)] if part.isdigit() else getattr(w, part)
        w.value = value
    return change


def boxes(*changes):
    def change(settings):
        for c in changes:
            c(settings)
    return change


SATISFIED = box("seats.1.kind", "SatisfiedAt")
TABLE = box("chart_kind", "table")

CASES = [
    # Oh Furcle!: Target, Number of dice, Sides of a die, Bonus, a SatisfiedAt seat's "at", names, Seed
    ("furcle", box("target", "abc"),
     "Target: must be blank (the default, 50) or a whole number from 1 to 1000, got 'abc'"),
    ("furcle", box("target", "0"), "Target: must be a whole number from 1 to 1000, got 0"),
    ("furcle", box("target", "1001"), "Target: must be a whole number from 1 to 1000, got 1001"),
    ("furcle", box("target", "9" * 5000), "Target: must be a whole number from 1 to 1000, got a number of 5000 digits"),
    ("furcle", box("target", "\u00b2"),
     "Target: must be blank (the default, 50) or a whole number from 1 to 1000, got '\u00b2'"),
    ("furcle", box("n_dice", "1"), "Number of dice: must be a whole number from 2 to 10, got 1"),
    ("furcle", box("n_dice", "2.5"),
     "Number of dice: must be blank (the default, 5) or a whole number from 2 to 10, got '2.5'"),
    ("furcle", box("sides", "21"), "Sides of a die: must be a whole number from 2 to 20, got 21"),
    ("furcle", box("sides", "six"),
     "Sides of a die: must be blank (the default, 6) or a whole number from 2 to 20, got 'six'"),
    ("furcle", box("bonus", "0, ten"), "Bonus for 2, 3, 4, 5 ... of a kind: must be blank (0, 10, 15, 20) or "
                                       "whole numbers >= 0 separated by commas, got '0, ten'"),
    ("furcle", box("bonus", "0, -5"), "Bonus for 2, 3, 4, 5 ... of a kind: must be blank (0, 10, 15, 20) or "
                                      "whole numbers >= 0 separated by commas, got '0, -5'"),
    ("furcle", boxes(SATISFIED, box("seats.1.at", "0")),
     "Seat 2, SatisfiedAt at: must be a whole number from 1 to 1000, got 0"),
    ("furcle", boxes(SATISFIED, box("seats.1.at", "x")),
     "Seat 2, SatisfiedAt at: must be blank (20) or a whole number from 1 to 1000, got 'x'"),
    ("furcle", box("seats.1.name", "You"), "Seat 1 and Seat 2: the names must be different, both are 'You'"),
    ("furcle", box("seats.0.name", "   "), "Seat 1: must be a name (1 to 24 characters), got a blank box"),
    ("furcle", box("seats.0.name", "x" * 30),
     "Seat 1: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' has 30 characters; a name is printable text: letters, digits, "
     "spaces and punctuation, 1 to 24 characters"),
    ("furcle", box("seats.1.name", "step"), "Seat 2: 'step' names a column of the game's history; choose another name"),
    ("furcle", box("seed", "-1"), "Seed: must be a whole number >= 0, got -1"),
    ("furcle", box("seed", "x"), "Seed: must be blank (random) or a whole number >= 0, got 'x'"),
    ("furcle", box("seed", "+-5"), "Seed: must be blank (random) or a whole number >= 0, got '+-5'"),
    ("furcle", box("seed", "9" * 1001),
     "Seed: must be a whole number >= 0 of at most 1000 digits, got a number of 1001 digits"),
    # The Furglars: Target, Dice per player, Faces of a die, the Bullion chart's two boxes, names, Seed
    ("furglars", box("target", "abc"),
     "Target: must be blank (15, or 21 with 2 players) or a whole number from 1 to 200, got 'abc'"),
    ("furglars", box("target", "201"), "Target: must be a whole number from 1 to 200, got 201"),
    ("furglars", box("dice_per_player", "0"), "Dice per player: must be a whole number from 1 to 10, got 0"),
    ("furglars", box("dice_per_player", "11"), "Dice per player: must be a whole number from 1 to 10, got 11"),
    ("furglars", box("dice_per_player", "four"), "Dice per player: must be blank (5, 4 or 3 by the number of "
                                                 "players) or a whole number from 1 to 10, got 'four'"),
    ("furglars", box("faces", "furgle, banana"),
     "Faces of a die: 'banana' is not a face (furgle, lock, hand or x), got 'furgle, banana'"),
    ("furglars", box("faces", "Furgle, BANANA, kiwi, plum, fig"),
     "Faces of a die: 'BANANA', 'kiwi', 'plum' and 1 more are not faces (furgle, lock, hand or x), "
     "got 'Furgle, BANANA, kiwi, plum, fig'"),
    ("furglars", box("faces", "furgle,,lock"), "Faces of a die: must be blank (furgle, furgle, lock, hand, hand, x) "
                                               "or face names separated by commas (furgle, lock, hand or x), "
                                               "got 'furgle,,lock'"),
    ("furglars", box("faces", "Hand, X"),
     "Faces of a die: must include a 'furgle', or nobody could ever score; got 'Hand, X'"),
    ("furglars", box("faces", ", ".join(["furgle"] * 25)), "Faces of a die: must list at most 24 faces, got 25"),
    ("furglars", box("per_furgle", "-1"), "points per Furgle: must be a whole number >= 0, got -1"),
    ("furglars", box("per_furgle", "one"),
     "points per Furgle: must be blank (the default, 1) or a whole number >= 0, got 'one'"),
    ("furglars", box("per_furgle", "0"),
     "points per Furgle: no number of Furgles pays any points in this chart, so nobody could ever win; got 0"),
    ("furglars", boxes(TABLE, box("chart_table", "1")),
     "points for 1, 2, ... Furgles: 12 dice are in play, so list 12 numbers (points for 1, 2, ..., 12 Furgles), "
     "got 1 number: '1'"),
    ("furglars", boxes(TABLE, box("chart_table", "1, 3")),
     "points for 1, 2, ... Furgles: 12 dice are in play, so list 12 numbers (points for 1, 2, ..., 12 Furgles), "
     "got 2 numbers: '1, 3'"),
    ("furglars", boxes(TABLE, box("chart_table", "1, two")), "points for 1, 2, ... Furgles: must be blank "
                                                             "(1 per Furgle) or whole numbers >= 0 separated by "
                                                             "commas, e.g. 1, 3, 6, 10; got '1, two'"),
    ("furglars", boxes(TABLE, box("chart_table", ", ".join(["0"] * 12))),
     "points for 1, 2, ... Furgles: no number of Furgles pays any points in this chart, so nobody could ever win; "
     "got '0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0'"),
    # each fine alone, refused together: the two fields whose change would start the game are named
    ("furglars", boxes(box("faces", "furgle, lock, lock, lock, lock, lock"), TABLE,
                       box("chart_table", "0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3")),
     "Faces of a die and points for 1, 2, ... Furgles do not work together: the chart pays nothing for fewer than "
     "2 Furgles, and a player's own 4 dice show that many with chance 0.132, less than 1 in 6, so a game to the "
     "target could run past the 100,000 actions a game may hold: pay for fewer Furgles, or give more dice or "
     "Furgle faces"),
    # faces without a Hand or an X and a chart that pays nothing for 4 Furgles or fewer: nobody could score;
    # the chart alone is named, as the default chart would start the game (it also pays too little on its own)
    ("furglars", boxes(box("faces", "furgle, lock"), TABLE, box("chart_table", "0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1")),
     "points for 1, 2, ... Furgles: nobody could ever score: with no Hand or X on the faces nobody's dice ever "
     "move, so a player cashes in at most 4 Furgles at once, and the chart pays 0 for each of those counts; pay "
     "at least 1 point for some count, or change the faces or the dice; got '0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1'"),
    ("furglars", box("seats.2.name", "You"), "Seat 1 and Seat 3: the names must be different, both are 'You'"),
    ("furglars", boxes(box("seats.1.name", "Bo"), box("seats.2.name", "Bo"), box("seats.0.name", "Bo")),
     "Seat 1, Seat 2 and Seat 3: the names must be different, all are 'Bo'"),
    ("furglars", box("seats.2.name", "dice"), "Seat 3: 'dice' names a column of the game's history; "
                                              "choose another name"),
    ("furglars", box("seed", "4.2"), "Seed: must be blank (random) or a whole number >= 0, got '4.2'"),
    # Furry Poker: names (a card's word is refused by the game, in its own words), Seed
    ("poker", box("seats.1.name", "Red"), "Seat 2: 'Red' is a word of the game's cards (a card's code, colour or "
                                          "animal), so the log could read it as a card; choose another name"),
    ("poker", box("seats.1.name", "You"), "Seat 1 and Seat 2: the names must be different, both are 'You'"),
    ("poker", box("seed", "-3"), "Seed: must be a whole number >= 0, got -3"),
    # Thieves: Seconds per move, Turn limit, names, Seed
    *[("thieves", box("time_limit", typed),
       f"Seconds per move: must be blank (no time limit) or a number of seconds above 0 and at most 3600, "
       f"such as 10; got '{typed}'") for typed in ("ten", "0", "-1", "3601", "nan", "inf")],
    ("thieves", box("max_turns", "0"), "Turn limit: must be a whole number from 1 to 20000, got 0"),
    ("thieves", box("max_turns", "20001"), "Turn limit: must be a whole number from 1 to 20000, got 20001"),
    ("thieves", box("max_turns", "many"),
     "Turn limit: must be blank (no limit) or a whole number from 1 to 20000, got 'many'"),
    ("thieves", box("seats.0.name", ""), "Seat 1: must be a name (1 to 24 characters), got a blank box"),
    ("thieves", box("seed", "seven"), "Seed: must be blank (random) or a whole number >= 0, got 'seven'"),
    # a game without a panel of its own (Pig: the core's seats and seed)
    ("pig", box("seats.1.name", "You"), "Seat 1 and Seat 2: the names must be different, both are 'You'"),
    ("pig", box("seats.0.name", "step"), "Seat 1: 'step' names a column of the game's history; choose another name"),
    ("pig", box("seed", "1e3"), "Seed: must be blank (random) or a whole number >= 0, got '1e3'"),
]


@pytest.mark.parametrize("game, change, words", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_a_refused_setting_names_its_field_as_the_page_shows_it(game, change, words):
    text = refused(game, change)
    assert text == words
    assert not PYTHON.search(text), PYTHON.search(text).group(0)
    assert len(text) <= 400


def test_every_bad_field_at_once_the_seats_first_and_the_seed_last():
    def change(s):
        s.seats[1].name.value = "You"
        s.target.value, s.n_dice.value, s.sides.value = "0", "x", "99"
        s.seed.value = "-1"
    assert refused("furcle", change) == (
        "5 settings need a change:\n"
        "- Seat 1 and Seat 2: the names must be different, both are 'You'\n"
        "- Target: must be a whole number from 1 to 1000, got 0\n"
        "- Number of dice: must be blank (the default, 5) or a whole number from 2 to 10, got 'x'\n"
        "- Sides of a die: must be a whole number from 2 to 20, got 99\n"
        "- Seed: must be a whole number >= 0, got -1")


def test_every_bad_field_at_once_lists_each_one():
    def change(s):
        s.target.value, s.bonus.value, s.seed.value = "0", "a", "x"
        s.seats[1].kind.value, s.seats[1].at.value = "SatisfiedAt", "1001"
    assert refused("furcle", change) == (
        "4 settings need a change:\n"
        "- Seat 2, SatisfiedAt at: must be a whole number from 1 to 1000, got 1001\n"
        "- Target: must be a whole number from 1 to 1000, got 0\n"
        "- Bonus for 2, 3, 4, 5 ... of a kind: must be blank (0, 10, 15, 20) or whole numbers >= 0 separated by "
        "commas, got 'a'\n"
        "- Seed: must be blank (random) or a whole number >= 0, got 'x'")


def test_furglars_every_bad_field_at_once():
    def change(s):
        s.dice_per_player.value, s.faces.value = "0", "lock"
        s.per_furgle.value, s.seats[0].name.value = "0", "to"
    assert refused("furglars", change) == (
        "3 settings need a change:\n"
        "- Seat 1: 'to' names a column of the game's history; choose another name\n"
        "- Dice per player: must be a whole number from 1 to 10, got 0\n"
        "- Faces of a die: must include a 'furgle', or nobody could ever score; got 'lock'")
    # the chart is not judged while the dice in play are unknown (Dice per player refused)


def test_a_value_typed_long_is_echoed_in_at_most_60_characters():
    text = refused("furglars", box("faces", "furgle, " + "b" * 500))
    # a bad name in 20 characters (a quote, 15 b, " ..."), what was typed in 60 ("'furgle, ", 47 b, " ...")
    assert text == ("Faces of a die: '" + "b" * 15 + " ... is not a face (furgle, lock, hand or x), "
                    "got 'furgle, " + "b" * 47 + " ...")
    text = refused("thieves", box("time_limit", "9" * 500))
    assert text.endswith("got '" + "9" * 55 + " ...") and len(text) < 200


def test_the_hidden_box_of_the_chart_is_not_read_and_the_table_follows_the_dice():
    app = furglars()
    s = app.settings
    s.per_furgle.value = "nonsense"                  # hidden once the table is chosen
    s.chart_kind.value, s.dice_per_player.value, s.chart_table.value = "table", "2", "1, 3, 6, 10, 15, 21"
    s.new_game_button.click()
    assert s.error.value == "" and app.game.total_dice == 6 and app.game.chart[6] == 21


def test_checkboxes_and_lists_cannot_hold_a_bad_value():
    """Beekin, X factor, Advanced Rules, Doubling, the Bullion chart, the seat kinds and Players: nothing to refuse."""
    from traitlets import TraitError

    for make, key in ((furcle, "beekin"), (furglars, "x_factor"), (poker, "advanced"), (thieves, "doubling")):
        app = make()
        with pytest.raises(TraitError):
            app.settings.fields[key].value = "yes"
        for value in (True, False):
            app.settings.fields[key].value = value
            game, _ = app.settings.read()
            assert getattr(game, key) is value
        if hasattr(app, "_clock"):
            app._clock(False)
    s = furglars().settings
    with pytest.raises(TraitError):
        s.chart_kind.value = "a pie"
    with pytest.raises(TraitError):
        s.seats[0].kind.value = "Cheater"
    s.n_players.value = 99                           # the slider keeps to the game's players
    assert s.n_players.value == 6 and len(s.seats) == 6


# ------------------------------------------------------------------ the panel's ranges are the games' own
@pytest.mark.parametrize("settings, game, tops", [
    (FurcleSettings, lambda **kw: Furcle(players=2, **kw), {"target": FURCLE_MAX_TARGET}),
    (FurglarsSettings, lambda **kw: Furglars(2, **kw), {"target": FURGLARS_MAX_TARGET}),
    (ThievesSettings, lambda **kw: Thieves(**kw), {"max_turns": MAX_APP_TURNS}),
])
def test_the_ranges_of_the_fields_are_the_games_own(settings, game, tops):
    """The game accepts the ends of each whole-number field and refuses one below and one above: the
    panel offers exactly what the game takes (the targets and the turn limit are the games' own limits,
    MAX_TARGET and MAX_TURNS, which keep a game between bots to seconds)."""
    checked = 0
    for spec in settings.FIELDS:
        if spec.kind != "int" or spec.key in settings(game(), {})._combined_keys() | {"per_furgle"}:
            continue
        game(**{spec.key: spec.low})
        game(**{spec.key: spec.high})
        with pytest.raises(ValueError):
            game(**{spec.key: spec.low - 1})
        with pytest.raises(ValueError):
            game(**{spec.key: spec.high + 1})
        if spec.key in tops:
            assert spec.high == tops[spec.key]
        checked += 1
    assert checked == {FurcleSettings: 3, FurglarsSettings: 2, ThievesSettings: 1}[settings]


def test_the_other_limits_are_the_games_own():
    Thieves(time_limit=MAX_TIME_LIMIT)
    with pytest.raises(ValueError):
        Thieves(time_limit=MAX_TIME_LIMIT + 0.001)
    kind = FurcleSettings(Furcle(players=2, seed=1), {}).kinds["SatisfiedAt"]
    SatisfiedAt(kind.at_low)
    with pytest.raises(ValueError):
        SatisfiedAt(kind.at_low - 1)
    with pytest.raises(ValueError):                  # 0 points per Furgle: the chart pays nothing
        Furglars(2, chart=lambda n: 0 * n)


# ------------------------------------------------------------------ the helpers, and Python keeps its words
def test_in_words_and_read_whole():
    assert in_words("n_dice must be between 2 and 10, got 99", "n_dice", "Dice", 99, "99") == \
        "Dice: must be between 2 and 10, got 99"
    assert [read_whole(t) for t in ("7", " +7 ", "-0", "7.0", "", "+-5", "-", "\u0667")] == [
        7, 7, 0, None, None, None, None, 7]


def test_a_panel_without_ranges_speaks_the_games_check_in_its_words():
    from furlib.core.app.settings import Field

    s = GameSettings(Furcle(players=["You", "Bot"], seed=1), {}, fields=(
        Field("target", "Target", default="50"), Field("n_dice", "Number of dice", default="5")))
    s.target.value, s.n_dice.value = "0", "99"
    with pytest.raises(ValueError) as info:
        s.read()
    assert info.value.problems == ["Target: must be >= 1, got 0", "Number of dice: must be between 2 and 10, got 99"]


def test_the_scripting_api_keeps_naming_the_python_keyword():
    with pytest.raises(ValueError, match=r"^target must be >= 1, got 0$"):
        Furcle(target=0)
    with pytest.raises(ValueError, match=r"^dice_per_player must be between 1 and 10, got 0$"):
        Furglars(3, dice_per_player=0)
    with pytest.raises(ValueError, match=r"faces=\['hand', 'x'\]"):
        Furglars(3, faces=["hand", "x"])
