"""The shared settings panel (furlib.core.app.settings): seats, fields, blanks, every bad field at once."""

from __future__ import annotations

import pytest

from furlib import Furcle, Furglars
from furlib.core.app.settings import HUMAN, Field, GameSettings, SeatKind, SettingsError, random_seat
from furlib.core.engine.policy import RandomBot
from furlib.furcle.bots import BeekinSmart, SatisfiedAt
from furlib.furcle.widget_settings import FurcleSettings
from furlib.furglars.widget_settings import FurglarsSettings

KINDS = (HUMAN, SeatKind("BeekinSmart", lambda i, at: BeekinSmart(), policy=BeekinSmart),
         SeatKind("SatisfiedAt", lambda i, at: SatisfiedAt(at), policy=SatisfiedAt, at=20,
                  at_of=lambda b: b.points, at_low=1, at_high=99), random_seat())
FIELDS = (Field("target", "Target", default="50", low=1, high=500), Field("beekin", "Beekin", kind="bool"))


def panel(game=None, bots=None, **kw):
    game = game or Furcle(players=["You", "Bot"], seed=1)
    return GameSettings(game, {"Bot": BeekinSmart()} if bots is None else bots,
                        seat_kinds=kw.pop("seat_kinds", KINDS), fields=kw.pop("fields", FIELDS), **kw)


def test_a_panel_shows_a_game_and_reads_it_back():
    g = Furcle(players=["Ann", "Bob", "Cy"], target=30, beekin=False, n_dice=4, sides=8, seed=1)
    s = panel(g, {"Bob": SatisfiedAt(7), "Cy": RandomBot(seed=9)})
    assert [(x.name.value, x.kind.value, x.at.value) for x in s.seats] == [
        ("Ann", "Human", ""), ("Bob", "SatisfiedAt", "7"), ("Cy", "RandomBot", "")]
    assert (s.target.value, s.beekin.value) == ("30", False) and s.fields["target"] is s.target
    game, bots = s.read()
    assert (game.players, game.target, game.beekin) == (("Ann", "Bob", "Cy"), 30, False)
    assert (game.n_dice, game.sides) == (4, 8)       # no field for them: kept from the game shown
    assert repr(bots["Bob"]) == "SatisfiedAt(7)" and repr(bots["Cy"]) == "RandomBot(seed=2)" and "Ann" not in bots


def test_a_blank_field_is_the_games_default():
    s = panel(Furcle(players=["You", "Bot"], target=30, seed=1), {"Bot": SatisfiedAt(5)})
    s.target.value = ""
    s.seats[1].at.value = "  "
    game, bots = s.read()
    assert game.target == 50 and repr(bots["Bot"]) == "SatisfiedAt(20)"
    assert s.target.placeholder == "blank: 50" and s.seed.placeholder == "blank: random"


def test_every_bad_field_is_reported_at_once_with_what_is_accepted():
    s = panel()
    s.target.value, s.seed.value = "ten", "1.5"
    s.seats[1].kind.value, s.seats[1].at.value = "SatisfiedAt", "100"
    s.seats[0].name.value = "Bot"
    with pytest.raises(SettingsError) as info:
        s.read()
    problems = info.value.problems
    assert problems == [                          # in the page's words, the seats first and the seed last
        "Seat 1 and Seat 2: the names must be different, both are 'Bot'",
        "Seat 2, SatisfiedAt at: must be a whole number from 1 to 99, got 100",
        "Target: must be blank (the default, 50) or a whole number from 1 to 500, got 'ten'",
        "Seed: must be blank (random) or a whole number >= 0, got '1.5'",
    ]
    assert str(info.value).startswith("4 settings need a change:\n- Seat 1 and Seat 2: the names")
    assert isinstance(info.value, ValueError)


def test_the_games_own_checks_speak_for_each_field_on_its_own():
    s = panel(fields=(Field("target", "Target", default="50"), Field("n_dice", "Dice", default="5")))
    s.target.value, s.n_dice.value = "0", "99"     # no range in the panel: the game refuses both
    with pytest.raises(SettingsError) as info:
        s.read()
    assert info.value.problems == ["Target: must be >= 1, got 0", "Dice: must be between 2 and 10, got 99"]


def test_the_at_box_shows_only_for_the_kind_that_uses_it():
    s = panel()
    seat = s.seats[1]
    for kind in ("Human", "BeekinSmart", "RandomBot"):
        seat.kind.value = kind
        assert seat.at.layout.display == "none"
    seat.kind.value = "SatisfiedAt"
    assert seat.at.layout.display is None and seat.at.placeholder == "blank: 20"
    assert s.seats[0].at is s.seats[0].points


def test_seats_follow_the_number_of_players_and_defaults_follow_too():
    g = Furglars(["Ann", "Bob", "Cy"], seed=1)
    s = FurglarsSettings(g, {})
    assert (s.target.value, s.dice_per_player.value) == ("15", "4")
    s.n_players.value = 2
    assert len(s.seats) == 2 and (s.target.value, s.dice_per_player.value) == ("21", "5")
    s.target.value = "30"                               # changed by hand: it stays
    s.n_players.value = 4                               # Cy's seat comes back, then a new one
    assert [x.name.value for x in s.seats] == ["Ann", "Bob", "Cy", "Player 4"]
    assert (s.target.value, s.dice_per_player.value) == ("30", "4")
    assert s.seats[3].kind.value == "Mastermind"        # a new seat is the default bot
    assert [x.name.description for x in s.seats] == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]


def test_default_seat_kinds_come_from_the_default_bot():
    s = GameSettings(Furcle(players=["You", "Bot"], seed=1), {"Bot": BeekinSmart()}, default_bot=BeekinSmart)
    assert list(s.kinds) == ["Human", "BeekinSmart", "RandomBot"]
    assert [x.kind.value for x in s.seats] == ["Human", "BeekinSmart"]
    game, bots = s.read()
    assert game.target == 50 and isinstance(bots["Bot"], BeekinSmart)


def test_an_unknown_bot_shows_as_the_default_kind():
    s = FurcleSettings(Furcle(players=["You", "Bot"], seed=1), {"Bot": lambda game: game.legal_actions()[0]})
    assert s.seats[1].kind.value == "BeekinSmart"


def test_furglars_faces_accept_any_letter_case():
    s = FurglarsSettings(Furglars(["Ann", "Bob"], seed=1), {})
    s.faces.value = " FURGLE, Furgle,lock , Hand, x "
    game, _ = s.read()
    assert game.faces == ("furgle", "furgle", "lock", "hand", "x")


def test_labels_are_never_cut_off():
    """Every label is as wide as its words (ipywidgets cuts a label at a fixed width)."""
    for s in (FurcleSettings(Furcle(players=3, seed=1), {}), FurglarsSettings(Furglars(3, seed=1), {})):
        labelled = [s.n_players, s.seed, *s.fields.values(), *(w for seat in s.seats for w in (seat.name, seat.at))]
        for w in labelled:
            if hasattr(w.style, "description_width"):
                assert w.style.description_width == "initial", w.description
        rows = [seat.box for seat in s.seats]
        assert all(r.layout.flex_flow == "row wrap" for r in rows)   # a narrow page wraps a seat's row


def test_fewer_players_keep_a_person_who_sits_after_the_bots():
    """Any panel: the last bot seat goes first, so the person at the screen is never dropped."""
    s = GameSettings(Furcle(players=["Bot", "Cat", "You"], seed=1), {"Bot": BeekinSmart(), "Cat": BeekinSmart()},
                     default_bot=BeekinSmart)
    s.n_players.value = 2
    assert [(x.name.value, x.kind.value) for x in s.seats] == [("Bot", "BeekinSmart"), ("You", "Human")]
    s.n_players.value = 1
    assert [(x.name.value, x.kind.value) for x in s.seats] == [("You", "Human")]
    s.n_players.value = 3                               # the bots come back where they sat
    assert [x.name.value for x in s.seats] == ["Bot", "Cat", "You"]
    game, bots = s.read()
    assert game.players == ("Bot", "Cat", "You") and set(bots) == {"Bot", "Cat"}
