"""Pig's rules, checked against values worked out by hand (rigged rolls: ``apply(Die(face))``)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import furlib
from furlib.core import registry
from furlib.core.errors import GameOver, IllegalAction
from furlib.pig import MAX_TARGET, Die, Hold, Pig, Roll
from furlib.pig import events as ev
from furlib.pig.bots import HoldAt


def game(**kw) -> Pig:
    return Pig(["Ann", "Bob"], seed=1, **kw)


def turn(g: Pig, *faces: int, hold: bool = True) -> Pig:
    """One turn: roll ``faces`` (rolling again between them), then hold unless the last face is a 1."""
    for i, f in enumerate(faces):
        if i:
            g.apply(Roll())
        g.apply(Die(f))
    if hold and faces[-1] != 1:
        g.apply(Hold())
    return g


# ---------------------------------------------------------------- registry
def test_pig_is_a_registered_demo_game():
    info = registry.get("Pig")
    assert info.cls is Pig and info.name == Pig.__name__ and info.title == "Pig" and info.demo
    assert "Pig" not in [i.name for i in registry.games()]
    assert info in registry.games(demos=True)
    assert repr(info.default_bot()) == "HoldAt(20)"
    assert set(info.bot_classes()) == {"HoldAt", "RandomBot"}
    assert "Pig" not in furlib.__all__          # a demo game: in the registry, not among furlib's names


# ----------------------------------------------------------------- chance
def test_one_roll_has_six_equally_likely_faces():
    g = game()
    assert g.is_chance and g.legal_actions() == [] and g.current_player == "Ann"
    outcomes = g.chance_outcomes()
    assert outcomes == [(Die(f), Fraction(1, 6)) for f in range(1, 7)]
    assert sum(p for _, p in outcomes) == 1
    g.apply(Die(4)).apply(Roll())
    assert g.chance_outcomes() == outcomes      # every roll of the turn is the same die


def test_a_roll_of_2_to_6_adds_to_the_turn_total_and_asks_for_a_decision():
    g = game().apply(Die(4))
    assert g.turn_total == 4 and g.last_roll == 4 and not g.is_chance
    assert g.legal_actions() == [Roll(), Hold()]
    assert g.events[-1].text == "Ann rolls a 4: 4 points this turn"
    assert g.events[-1].kind == ev.ROLL and g.events[-1].data == {"face": 4, "turn_total": 4}
    g.apply(Roll()).apply(Die(6))
    assert g.turn_total == 10 and g.scores == {"Ann": 0, "Bob": 0} and g.current_player == "Ann"
    assert g.events[-2].text == "Ann risks 4 points and rolls again"


# -------------------------------------------------------------- the turn
def test_a_1_ends_the_turn_and_the_turn_scores_nothing():
    g = turn(game(), 5, 2, 1)
    assert g.scores == {"Ann": 0, "Bob": 0} and g.turn_total == 0
    assert g.current_player == "Bob" and g.turn == 2 and g.is_chance
    e = g.events[-1]
    assert e.kind == ev.ONE and e.text == "Ann rolls a 1 and loses 7 points" and e.data == {"face": 1, "lost": 7}


def test_a_1_on_the_first_roll_loses_nothing_it_did_not_have():
    g = turn(game(), 1)
    assert g.events[-1].text == "Ann rolls a 1: the turn scores nothing"
    assert g.current_player == "Bob" and g.scores == {"Ann": 0, "Bob": 0}


def test_holding_banks_the_turn_total_and_passes_the_die():
    g = turn(game(), 3, 6, 2)                       # 3 + 6 + 2 = 11
    assert g.scores == {"Ann": 11, "Bob": 0} and g.turn_total == 0
    assert g.current_player == "Bob" and g.turn == 2 and g.is_chance
    assert g.events[-1].text == "Ann holds and banks 11 points: 11 in all"
    assert g.events[-1].data == {"banked": 11}
    turn(g, 4)                                      # Bob
    turn(g, 2, 1)                                   # Ann loses 2, keeps her 11
    turn(g, 6, 6, 5)                                # Bob: 4 + 17 = 21
    assert g.scores == {"Ann": 11, "Bob": 21} and g.turn == 5 and g.current_player == "Ann"


def test_reaching_the_target_ends_the_game_at_once():
    g = game(target=10)
    turn(g, 6, 3)                                   # Ann 9
    turn(g, 2)                                      # Bob 2
    turn(g, 4, 1)                                   # Ann still 9
    turn(g, 5)                                      # Bob 7
    turn(g, 2, hold=False)                          # Ann: 9 + 2 = 11 if she holds
    assert not g.is_over                            # a turn total counts only when banked
    g.apply(Hold())
    assert g.is_over and g.winner == "Ann" and g.current_player is None
    assert g.scores == {"Ann": 11, "Bob": 7}
    assert [e.text for e in g.events[-2:]] == ["Ann holds and banks 2 points: 11 in all",
                                              "Ann reaches the target of 10 and wins"]
    assert g.legal_actions() == []
    with pytest.raises(IllegalAction, match="the game is over \\(Ann won\\)"):
        g.apply(Roll())
    with pytest.raises(GameOver):
        g.step()


def test_exactly_the_target_wins_and_the_default_target_is_100():
    assert Pig().target == 100
    g = turn(game(target=6), 6)
    assert g.winner == "Ann" and g.scores["Ann"] == 6


def test_texts_for_you_and_for_one_point():
    g = Pig(["You", "Bob"], seed=1, target=2)
    turn(g, 5, 1)
    assert g.events[-1].text == "You roll a 1 and lose 5 points"
    turn(g, 1)                                      # Bob
    turn(g, 2)
    assert [e.text for e in g.events[-2:]] == ["You hold and bank 2 points: 2 in all",
                                              "You reach the target of 2 and win"]
    assert "You win with 2 points!" in g._repr_html_()


# --------------------------------------------------------------- refusals
@pytest.mark.parametrize("bad, match", [
    (Roll(), r"Ann is about to roll the die: call step\(\) to roll it, or give the face, e\.g\. apply\(Die\(4\)\)"),
    (Hold(), r"about to roll the die"),
    ("banana", r"got 'banana'"),
    (4, r"got 4"),
])
def test_a_decision_at_a_roll_is_refused_and_changes_nothing(bad, match):
    g = game()
    before = g.to_json()
    with pytest.raises(IllegalAction, match=match):
        g.apply(bad)
    assert g.to_json() == before


@pytest.mark.parametrize("bad, match", [
    (Die(3), r"roll a 3 is a roll of the die, but Ann must decide now: Roll\(\) or Hold\(\)\. "
             r"Legal now: roll again, hold\."),
    ("hold", r"'hold' is not a Pig action \(expected Roll\(\) or Hold\(\)\)"),
    (None, r"None is not a Pig action"),
])
def test_a_roll_at_a_decision_is_refused_and_changes_nothing(bad, match):
    g = game().apply(Die(5))
    before = g.to_json()
    with pytest.raises(IllegalAction, match=match) as caught:
        g.apply(bad)
    assert caught.value.legal == [Roll(), Hold()]
    assert g.to_json() == before


@pytest.mark.parametrize("face, match", [
    (0, "from 1 to 6, e.g. Die\\(4\\); got 0"),
    (7, "from 1 to 6, e.g. Die\\(4\\); got 7"),
    (2.0, "Die's face must be a whole number, e.g. Die\\(4\\); got 2.0"),
    (True, "whole number"),
    ("6", "whole number"),
])
def test_a_die_that_cannot_be_rolled_cannot_be_made(face, match):
    with pytest.raises(IllegalAction, match=match):
        Die(face)


@pytest.mark.parametrize("kw, match", [
    ({"target": 0}, r"^target must be between 1 and 1000, got 0$"),
    ({"target": MAX_TARGET + 1}, r"^target must be between 1 and 1000, got 1001$"),
    ({"target": 50.0}, r"^target must be a whole number, got 50\.0$"),
    ({"target": True}, r"^target must be a whole number, got True$"),
    ({"players": 1}, r"players must be between 2 and 6, got 1"),
    ({"players": 7}, r"players must be between 2 and 6, got 7"),
    ({"players": ["Ann", "Ann"]}, "must be different"),
    ({"players": ["Ann", "face"]}, "face"),        # an event field cannot be a player's name
    ({"seed": -1}, "seed must be"),
])
def test_bad_parameters_are_refused_with_the_value_and_the_limit(kw, match):
    with pytest.raises(ValueError, match=match):
        Pig(**kw)


def test_the_target_is_fixed_when_the_game_is_made():
    g = game()
    with pytest.raises(AttributeError, match=r"make a new game, e\.g\. Pig\(target=50\)"):
        g.target = 50
    assert g.target == 100


# ----------------------------------------------------- seeds and saves
def test_a_seeded_game_is_reproducible():
    a = Pig(["Ann", "Bob", "Cy"], seed=2026).play()
    b = Pig(["Ann", "Bob", "Cy"], seed=2026).play()
    assert a.log() == b.log() and a.to_json() == b.to_json()
    assert a.winner == b.winner and a.n_steps == b.n_steps
    c = Pig(["Ann", "Bob", "Cy"], seed=2027).play()
    assert c.log() != a.log()


def test_json_round_trip_mid_turn_and_at_the_end():
    g = Pig(["Ann", "Bob"], seed=8, target=40)
    for _ in range(7):
        g.step()
    text = g.to_json()
    h = Pig.from_json(text)
    assert h.to_json() == text and h.turn_total == g.turn_total and h.scores == g.scores
    assert json.loads(text)["params"] == {"players": ["Ann", "Bob"], "target": 40}
    g.play()
    h.play()                                        # the loaded game rolls on exactly as the original
    assert h.to_json() == g.to_json()
    assert Pig.from_json(g.to_json()).log() == g.log()


def test_undo_takes_back_a_lost_turn():
    g = turn(game(), 6, 5)
    before = g.to_json()
    turn(g, 4, 1)
    assert g.undo(3).to_json() == before


def test_the_default_bot_holds_at_20_or_when_holding_wins():
    g = game(target=30)
    turn(g, 6, 6, 6, 2, hold=False)
    assert g.turn_total == 20 and HoldAt(20)(g) == Hold() and HoldAt(21)(g) == Roll()
    g.apply(Hold())
    turn(g, 2)
    turn(g, 6, 4, hold=False)                       # Ann: 20 + 10 reaches 30
    assert HoldAt(20)(g) == Hold()
    with pytest.raises(ValueError, match="n must be between 1 and 1000, got 0"):
        HoldAt(0)


def test_a_refusal_agrees_with_a_player_named_you():
    # "You are about to roll", never "You is" (found in review)
    with pytest.raises(IllegalAction, match="^You are about to roll the die: call step"):
        Pig(["You", "Bob"], seed=1).apply(Hold())
