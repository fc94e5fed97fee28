"""Nim's rules, checked against values worked out by hand (positions reached by ``apply(Take(heap, count))``)."""

from __future__ import annotations

import json

import numpy as np
import pytest

import furlib
from furlib.core import registry
from furlib.core.errors import GameOver, IllegalAction
from furlib.nim import MAX_HEAP, MAX_HEAPS, Nim, Take
from furlib.nim import events as ev
from furlib.nim.render import nim_html
from furlib.testing import parse_html, visible_text


def game(**kw) -> Nim:
    return Nim(["Ann", "Bob"], seed=1, **kw)


def refused(g: Nim, action: object, reason: str) -> None:
    """``action`` is refused with exactly ``reason`` (then "Legal now: ...") and the game is unchanged."""
    before = g.to_json()
    with pytest.raises(IllegalAction) as caught:
        g.apply(action)
    assert str(caught.value).startswith(reason + " Legal now: ")
    assert g.to_json() == before


# ---------------------------------------------------------------- registry
def test_nim_is_a_registered_demo_game():
    info = registry.get("Nim")
    assert info.cls is Nim and info.title == "Nim" and info.demo
    assert "Nim" not in [i.name for i in registry.games()] and info in registry.games(demos=True)
    assert repr(info.default_bot()) == "Optimal()"
    assert set(info.bot_classes()) == {"Optimal", "RandomBot"}
    assert "Nim" not in furlib.__all__          # a demo game: in the registry, not among furlib's names


def test_the_example_game_is_long_enough_for_the_registry_tests():
    """27 stones, at most 2 a move: at least 14 actions, whatever is played (the tests edit action 12)."""
    info = registry.get("Nim")
    g = Nim(**info.example_kwargs, seed=5)
    fastest = Nim(**info.example_kwargs, seed=5)
    while not fastest.is_over:
        fastest.apply(max(fastest.legal_actions(), key=lambda a: a.count))
    assert fastest.n_steps == 14 and sum(g.heaps) == 27 and g.take == 2


# ---------------------------------------------------------------- no chance
def test_there_is_no_chance_point():
    g = game()
    assert not g.is_chance and g.current_player == "Ann" and g.turn == 1
    with pytest.raises(ValueError, match="chance_outcomes"):
        g.chance_outcomes()
    while not g.is_over:                        # every step of a game is a decision
        assert not g.is_chance and g.legal_actions()
        g.step()


# ---------------------------------------------------------------- the moves
def test_a_move_takes_1_to_the_whole_heap_from_any_heap():
    g = game(heaps=[1, 3])
    assert g.legal_actions() == [Take(0, 1), Take(1, 1), Take(1, 2), Take(1, 3)]
    assert [str(a) for a in g.legal_actions()][:2] == ["take 1 stone from the first heap",
                                                       "take 1 stone from the second heap"]


def test_a_limit_caps_every_move_and_an_empty_heap_allows_none():
    g = game(heaps=[3, 4, 5], take=2)
    assert g.legal_actions() == [Take(h, c) for h in range(3) for c in (1, 2)]
    g.apply(Take(0, 2)).apply(Take(0, 1))         # Ann 2, Bob 1: the first heap is empty
    assert g.stones == (0, 4, 5) and g.heaps == (3, 4, 5)
    assert g.legal_actions() == [Take(1, 1), Take(1, 2), Take(2, 1), Take(2, 2)]
    g.apply(Take(1, 2)).apply(Take(1, 1))
    assert g.legal_actions() == [Take(1, 1), Take(2, 1), Take(2, 2)]   # one stone left in the second heap


def test_taking_passes_the_move_round_the_table():
    g = Nim(["Ann", "Bob", "Cy"], heaps=[5], seed=1)
    seen = []
    for _ in range(4):
        seen.append((g.current_player, g.turn))
        g.apply(Take(0, 1))
    assert seen == [("Ann", 1), ("Bob", 2), ("Cy", 3), ("Ann", 4)]
    assert g.stones == (1,) and g.current_player == "Bob" and g.turn == 5


def test_the_event_of_a_move_holds_its_data_and_reads_well():
    g = game(heaps=[3, 4, 5]).apply(Take(1, 3))
    e = g.events[-1]
    assert e.kind == ev.TAKE and e.player == "Ann" and e.data == {"heap": 1, "count": 3, "left": 1}
    assert e.text == "Ann takes 3 stones from the second heap: 1 stone left there"
    g.apply(Take(1, 1))
    assert g.events[-1].text == "Bob takes 1 stone from the second heap: that heap is empty"
    assert g.scores == {} and list(g.history.columns) == ["step", "turn", "player", "event", "text", "heap",
                                                          "count", "left"]


def test_whoever_takes_the_last_stone_wins():
    g = game(heaps=[2, 1])
    g.apply(Take(0, 2)).apply(Take(1, 1))
    assert g.is_over and g.winner == "Bob" and g.current_player is None and g.stones == (0, 0)
    assert [e.kind for e in g.events] == [ev.TAKE, ev.TAKE, ev.WIN]
    assert g.events[-1].text == "No stones are left: Bob wins"
    assert repr(g) == "<Nim ['Ann', 'Bob'] heaps=[2, 1], take=None; over, Bob won>"
    with pytest.raises(GameOver, match="the game is over"):
        g.step()


def test_texts_agree_with_a_player_called_you():
    g = Nim(["You", "Bob"], heaps=[1, 2], seed=1).apply(Take(1, 1)).apply(Take(1, 1)).apply(Take(0, 1))
    assert [e.text for e in g.events] == ["You take 1 stone from the second heap: 1 stone left there",
                                          "Bob takes 1 stone from the second heap: that heap is empty",
                                          "You take 1 stone from the first heap: that heap is empty",
                                          "No stones are left: You win"]


# ---------------------------------------------------------------- refusals
def test_each_refusal_names_the_rule_and_changes_nothing():
    g = game(heaps=[3, 1, 2], take=2).apply(Take(1, 1))
    refused(g, Take(3, 1), "there is no heap 3: the heaps are 0 to 2.")
    refused(g, Take(1, 1), "the second heap is empty.")
    refused(g, Take(0, 3), "a move takes at most 2 stones.")
    refused(game(heaps=[3, 2]), Take(1, 3), "the second heap has only 2 stones left.")
    refused(game(heaps=[3]), Take(1, 1), "there is no heap 1: the only heap is heap 0.")
    refused(g, "take 1", "'take 1' is not a Nim action (expected Take(heap, count), e.g. Take(0, 1)).")


@pytest.mark.parametrize("make, message", [
    (lambda: Take(True, 1), "Take's heap must be a whole number, e.g. Take(0, 2); got True"),
    (lambda: Take(0, 1.0), "Take's count must be a whole number, e.g. Take(0, 2); got 1.0"),
    (lambda: Take(10, 1), "Take's heap must be from 0 (the first heap) to 9, e.g. Take(0, 2); got 10"),
    (lambda: Take(0, 0), "Take's count must be from 1 to 100 stones, e.g. Take(0, 2); got 0"),
    (lambda: Take(-1, 1), "Take's heap must be from 0 (the first heap) to 9, e.g. Take(0, 2); got -1"),
])
def test_a_take_that_can_never_be_is_refused_when_made(make, message):
    with pytest.raises(IllegalAction) as caught:
        make()
    assert str(caught.value) == message


@pytest.mark.parametrize("field, value", [("heap", True), ("count", True), ("heap", 1.0), ("count", 2.0),
                                          ("heap", "1"), ("count", None)])
def test_a_take_forced_past_its_constructor_is_refused(field, value):
    """True == 1 and 1.0 == 1 in Python: Take(True, 1) equals the legal Take(1, 1), yet it is refused."""
    g = game(heaps=[3, 4, 5])
    forced = Take(1, 1)
    object.__setattr__(forced, field, value)
    before = g.to_json()
    assert not g.is_legal(forced)
    with pytest.raises(IllegalAction):
        g.apply(forced)
    assert g.to_json() == before and Nim.from_json(before).to_json() == before


# ---------------------------------------------------------------- parameters and their limits
@pytest.mark.parametrize("kwargs, message", [
    ({"heaps": []}, "heaps must list 1 to 10 heaps (MAX_HEAPS), got 0: []"),
    ({"heaps": [1] * 11}, "heaps must list 1 to 10 heaps (MAX_HEAPS), got 11: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"),
    ({"heaps": list(range(100_000))}, "heaps must list 1 to 10 heaps (MAX_HEAPS), got 100,000: "),
    ({"heaps": [3, 0]}, "heaps[1] must be between 1 and 100, got 0"),
    ({"heaps": [101]}, "heaps[0] must be between 1 and 100, got 101"),
    ({"heaps": [3, True]}, "heaps[1] must be a whole number, got True"),
    ({"heaps": [2.0]}, "heaps[0] must be a whole number, got 2.0"),
    ({"heaps": 5}, "heaps must be a list of the stones in each heap, such as [3, 4, 5], got 5"),
    ({"heaps": "345"}, "heaps must be a list of the stones in each heap, such as [3, 4, 5], got '345'"),
    ({"take": 0}, "take must be None (a move may take a whole heap) or a whole number from 1 to 100, got 0"),
    ({"take": 101}, "take must be None (a move may take a whole heap) or a whole number from 1 to 100, got 101"),
    ({"take": True}, "take must be None (a move may take a whole heap) or a whole number from 1 to 100, got True"),
    ({"take": 2.5}, "take must be None (a move may take a whole heap) or a whole number from 1 to 100, got 2.5"),
    ({"players": 1}, "players must be between 2 and 6, got 1"),
    ({"players": 7}, "players must be between 2 and 6, got 7"),
])
def test_every_parameter_is_checked_naming_what_is_accepted(kwargs, message):
    with pytest.raises(ValueError) as caught:
        Nim(**kwargs)
    assert str(caught.value).startswith(message) and len(str(caught.value)) < 200


def test_the_largest_game_is_accepted_and_ends_within_max_steps():
    assert (MAX_HEAPS, MAX_HEAP, Nim.MAX_STEPS) == (10, 100, 1000)
    g = Nim(6, heaps=[MAX_HEAP] * MAX_HEAPS, take=1, seed=1).play()   # one stone a move: the longest game
    assert g.is_over and g.n_steps == Nim.MAX_STEPS == 1000 and g.winner == "Player 4"   # 1000 = 6 * 166 + 4
    assert Nim.from_json(g.to_json()).to_json() == g.to_json()


def test_a_list_with_a_boolean_is_refused_even_after_the_same_list_of_numbers():
    """The rules are kept per set of parameters, found by ==; (3, True) == (3, 1), but it is still refused."""
    assert Nim(heaps=(3, 1)).heaps == (3, 1)
    with pytest.raises(ValueError, match=r"heaps\[1\] must be a whole number, got True"):
        Nim(heaps=(3, True))


def test_numpy_numbers_are_read_as_plain_numbers():
    g = Nim(heaps=[np.int64(3), np.int64(4)], take=np.int64(2))
    assert g.heaps == (3, 4) and type(g.heaps[0]) is int and g.take == 2 and type(g.take) is int
    assert json.loads(g.to_json())["params"] == {"players": ["Player 1", "Player 2"], "heaps": [3, 4], "take": 2}


def test_the_parameters_are_fixed_and_the_stones_are_what_is_left():
    g = game(heaps=[3, 4, 5], take=3).apply(Take(2, 3))
    assert g.heaps == (3, 4, 5) and g.stones == (3, 4, 2) and g.take == 3
    with pytest.raises(AttributeError, match="a game's heaps is fixed when the game is made"):
        g.heaps = (1, 1)
    assert g.params == {"players": ["Ann", "Bob"], "heaps": [3, 4, 5], "take": 3}


# ---------------------------------------------------------------- going back, saving, views
def test_undo_and_a_save_loaded_mid_game():
    g = game(heaps=[3, 4, 5], take=3)
    g.apply(Take(0, 2)).apply(Take(2, 3)).apply(Take(1, 1))
    assert g.stones == (1, 3, 2) and g.current_player == "Bob"
    again = Nim.from_json(g.to_json())
    assert again.to_json() == g.to_json() and again.log() == g.log()
    g.undo(2)
    assert g.stones == (1, 4, 5) and g.current_player == "Bob" and g.turn == 2 and len(g.events) == 1


def test_a_save_that_lies_about_the_stones_is_refused():
    doc = json.loads(game(heaps=[3, 4]).apply(Take(0, 1)).to_json())
    doc["state"]["heaps"] = [3, 3]
    with pytest.raises(ValueError, match=r"state.heaps\[0\] must be 2, got 3"):
        Nim.from_json(json.dumps(doc))


def test_a_view_shows_everything_and_cannot_be_played():
    g = game(heaps=[3, 4]).apply(Take(0, 1))
    v = g.view("Ann")
    assert v.stones == (2, 4) and v.heaps == (3, 4) and v.take is None and v.legal_actions() == []
    assert g.view("Bob").legal_actions() == g.legal_actions()
    with pytest.raises(ValueError, match="cannot be played"):
        v.apply(Take(0, 1))


# ---------------------------------------------------------------- the HTML
def test_the_html_shows_every_heap_whose_move_and_the_winner():
    g = Nim(["Ann", "You"], heaps=[3, 1], take=2, seed=1)
    start = visible_text(parse_html(nim_html(g)))
    assert "turn 1: Ann to move" in start and "at most 2 stones a move" in start
    assert "Ann's move: 4 stones left" in start
    assert "First heap 3 of 3" in start and "Second heap 1 of 1" in start
    g.apply(Take(0, 2)).apply(Take(1, 1)).apply(Take(0, 1))
    html = nim_html(g)
    end = visible_text(parse_html(html))
    assert "game over" in end and "Ann takes the last stone and wins!" in end and "First heap 0 of 3" in end
    assert "<title>first heap: 0 stones left of 3</title>" in html and html.count("<circle") == 4
    assert html == g._repr_html_() == nim_html(g.view("You"))


def test_the_html_reads_well_for_you():
    g = Nim(["You", "Bob"], heaps=[1], seed=1)
    assert "Your move: 1 stone left." in visible_text(parse_html(nim_html(g)))
    assert "You take the last stone and win!" in visible_text(parse_html(nim_html(g.apply(Take(0, 1)))))


def test_nim_html_refuses_what_is_not_nim():
    from furlib.pig import Pig

    with pytest.raises(ValueError, match="^nim_html needs a Nim game, got Pig$"):
        nim_html(Pig(seed=1))
    with pytest.raises(ValueError, match="last_events must be >= 0, got -1"):
        nim_html(game(), last_events=-1)
