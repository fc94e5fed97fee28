"""The round, the final round, scoring and shared wins; conformance with leak checks; a golden playthrough."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import furlib
from furlib import FurryPoker
from furlib.core.engine.policy import RandomBot
from furlib.poker import Draw, FaceDown, Take, best_score
from furlib.poker.bots import Greedy, Planner
from furlib.testing import check_game, check_golden, check_no_leak

from .helpers import position, texts

GOLDEN = Path(__file__).with_name("golden_playthrough.txt")


def final_position(bob_takes: str) -> FurryPoker:
    g = position(("Ann", "Bob"), hands=[["B12", "P2", "P3", "G10", "G12"], ["Gy2", "Gy3", "Gy4", "Gy5", "Gy6"]],
                 public=["B1", "Y7", "R9"], up=[["R1", "Y1", "G1", "B5", "P8", "Gy11"],
                                                ["Y3", "Y4", "Y5", "Y6", "G9", "P11"]],
                 order=[(0, "R7"), (1, "Gy12")])
    g.apply(Take("B1"))
    assert g.final_round and "Ann has 7 Personal cards: this is the final round" in texts(g)
    g.apply(Take(bob_takes))
    assert g.is_chance and g.current_player == "Ann"        # refill to 6 before the final card
    g.apply(Draw("R10")).apply(Draw("R11"))
    assert g.step_text == "place a hand card face down in the Personal Area"
    g.apply(FaceDown("G10"))
    assert g.view("Bob").personal["Ann"]["down"] == 1
    g.apply(FaceDown("Gy2"))
    return g


def test_the_final_round_ends_with_a_face_down_card_and_scoring():
    g = final_position("Y7")
    # Ann: four 1s (7); Bob: straight flush Yellow 3-7 (9)
    assert g.is_over and g.scores == {"Ann": 7, "Bob": 9} and g.winner == "Bob"
    assert g.area_size("Ann") == 8 and g.personal["Ann"]["down"] == ["G10"]
    assert g.view("Bob").personal["Ann"]["down"] == ["G10"]       # revealed at the end
    assert texts(g)[-1] == "Bob wins with 9 points"


def test_ties_share_the_win():
    g = final_position("R9")
    # Bob: straight flush Yellow 3-6 (6) and a pair of 9s (1)
    assert g.scores == {"Ann": 7, "Bob": 7} and g.winner == ("Ann", "Bob")
    assert texts(g)[-1] == "Ann and Bob share the win with 7 points each"
    assert best_score([(9, "red"), (9, "green"), (3, "yellow"), (4, "yellow"), (5, "yellow"), (6, "yellow"),
                       (11, "purple"), (2, "gray")]).points == 7


def test_furlib_exports_the_game():
    assert furlib.FurryPoker is FurryPoker and "FurryPoker" in furlib.__all__


@pytest.mark.parametrize("bad, match", [
    ({"players": 1}, "players"), ({"players": 7}, "players"), ({"advanced": "yes"}, "advanced must be True or False"),
])
def test_bad_settings_are_refused(bad, match):
    with pytest.raises(ValueError, match=match):
        FurryPoker(**bad)


def test_secret_picks_are_hidden_until_all_have_chosen():
    g = position(("Ann", "Bob"), hands=[["Y5", "R9"], ["R5", "B2"]], public=["P1"])
    g.apply(furlib.poker.Play("Y5"))
    bob = g.view("Bob")
    assert bob.has_chosen("Ann") and "Y5" not in str(bob._state) and "Yellow 5" not in bob.log()
    check_no_leak(g, "after Ann's pick")


# the quick run checks a third of the games; the full run all 50
@pytest.mark.parametrize("players, n_games", [(2, 10), (3, 4), (4, 3)] + [
    pytest.param(p, n, marks=pytest.mark.slow) for p, n in ((2, 30), (3, 12), (4, 8))])
def test_check_game_with_leak_checks(players, n_games):
    """50 seeded games in all: undo at every step, JSON and leak checks every 8 steps, the 86 cards always."""
    report = check_game(FurryPoker, n_games=n_games, seed=100 * players, kwargs={"players": players},
                        json_every=8, leak_every=8)
    assert report.games == n_games and report.chance_steps > 0


def test_check_game_advanced_and_six_players_with_bots():
    report = check_game(FurryPoker, n_games=2, seed=7, kwargs={"players": 6, "advanced": True}, json_every=9,
                        leak_every=9, policy=Greedy())
    assert report.games == 2


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_check_game_on_500_games(players):
    # Undo at every step; JSON round trips every 25 steps and leak checks (every viewer's view, repr,
    # HTML, log and history) every 100, each game starting one step later, so that over 100 games
    # every step of a game (modulo 100) is leak-checked once (the quick blocks above check every 8 steps)
    report = check_game(FurryPoker, n_games=100, seed=10_000 * players, kwargs={"players": players},
                        json_every=25, leak_every=100)
    assert report.games == 100 and report.leak_checks > 0


def test_bots_play_on_views_and_finish():
    for bot in (Greedy(), Planner(), RandomBot(seed=3)):
        g = FurryPoker(["Ann", "Bob", "Cy"], seed=4).play(bot)
        assert g.is_over and set(g.scores) == {"Ann", "Bob", "Cy"}


def play_golden() -> str:
    g = FurryPoker(["Ann", "Bob", "Cy"], seed=2026)
    g.play(Greedy(), Planner(), RandomBot(seed=1))
    g.reveal = True
    return g.log() + f"\nwinner: {g.winner}; scores: {g.scores}\n"


def test_golden_playthrough():
    check_golden(play_golden(), GOLDEN, "python -m pytest tests/poker/test_rules.py -k golden")


@pytest.mark.parametrize("name", ["R7", "r7", "CC1", "+2", "-4", "B", "Gy", "Red", "gray", "Grey", "Lion", "tiger"])
def test_a_player_may_not_be_called_by_a_word_of_the_cards(name):
    """'R7 plays the Red 7 (Lion)' could be read either way: card codes, colours and animals are not names."""
    with pytest.raises(ValueError, match=re.escape(f"player name {name!r} is a word of the game's cards")):
        FurryPoker([name, "Bob"], seed=1)
    assert FurryPoker(["Ann", "Rex"], seed=1).players == ("Ann", "Rex")
