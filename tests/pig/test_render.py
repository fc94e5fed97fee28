"""Pig's HTML repr: well-formed, the die as a picture, the turn total, scores toward the target, the winner."""

import pytest

from furlib.pig import Die, Hold, Pig, Roll
from furlib.pig.render import pig_html
from furlib.testing import parse_html, visible_text


def test_a_new_game_shows_a_blank_die_and_who_rolls():
    g = Pig(["Ann", "Bob"], seed=1)
    html = g._repr_html_()
    text = visible_text(parse_html(html))
    assert html.startswith('<div class="furlib furlib-pig">')
    assert "the die, not rolled yet" in html and "turn 1: Ann to roll" in text and "target 100, one die" in text
    assert "Ann's turn: 0 points at stake." in text and "100 to go" in text


def test_mid_turn_the_die_and_the_turn_total():
    g = Pig(["Ann", "You"], seed=1).apply(Die(5)).apply(Roll()).apply(Die(2))
    text = visible_text(parse_html(pig_html(g)))
    assert "<title>die showing 2</title>" in pig_html(g)
    assert "turn 1: Ann to decide" in text and "Ann's turn: 7 points at stake." in text
    assert "Ann rolls a 2: 7 points this turn" in text
    g.apply(Hold()).apply(Die(3))
    assert "Your turn: 3 points at stake." in visible_text(parse_html(pig_html(g)))
    g.apply(Roll()).apply(Die(1))
    html = pig_html(g)
    assert "die showing 1, lost" in html
    assert "Ann's turn: 0 points at stake." in visible_text(parse_html(html))
    assert "You roll a 1 and lose 3 points" in visible_text(parse_html(html))


def test_the_end_shows_the_winner():
    g = Pig(["Ann", "Bob"], seed=1, target=3).apply(Die(4)).apply(Hold())
    text = visible_text(parse_html(g._repr_html_()))
    assert "\u2605 Ann wins with 4 points!" in text and "game over" in text and "The game is over." in text
    assert "winner" in text


def test_only_a_pig_game_and_a_whole_number_of_events():
    with pytest.raises(ValueError, match="pig_html needs a Pig game, got str"):
        pig_html("Pig")
    with pytest.raises(ValueError, match="last_events must be >= 0"):
        pig_html(Pig(seed=1), last_events=-1)
    assert "Recent events" not in pig_html(Pig(seed=1).apply(Die(3)), last_events=0)
