"""The Thieves app says why a click on the board does nothing: each reason, clicked from Python on the small map.

Each position is built by hand on the small labyrinth of ``conftest.py``;
squares are named as the board labels them (columns A-D, rows 1-4). A click
that cannot be used changes nothing and the app's error line says why.
"""

import re

import pytest

from furlib import Thieves
from furlib.thieves import Roll
from furlib.thieves.bots import Greedy
from furlib.thieves.widget import ThievesApp, why_not

# written against the classic labyrinth's squares (see tests/thieves/conftest.py)
pytestmark = pytest.mark.classic_map

PALE = [(1, 5), (1, 7), (3, 1), (3, 5)]
DARK = [(5, 3), (5, 7), (7, 1), (7, 3)]


def app_at(small, pale=PALE, dark=DARK, carrier=None, roll=None, **kw):
    g = Thieves(board=small, seed=1, **kw)
    g._set_state(thieves=[list(c) for c in list(pale) + list(dark)], carrier=carrier)
    if roll:
        g.apply(Roll(roll))
    return ThievesApp(g, bots={"Dark": Greedy()})


def hint(app, *keys):
    """Click the squares ``keys`` in turn; the error line's words (the game must not change on the last click)."""
    for k in keys[:-1]:
        app.html.click(k)
    before = app.game.to_json()
    app.html.click(keys[-1])
    assert app.game.to_json() == before
    text = re.sub("<[^>]+>", "", app.error.value).replace("&#x27;", "'")
    assert text.startswith("Not played: ")
    return text[len("Not played: "):]


CASES = [
    ("roll first", {}, ["1,5"], "Roll first: click Roll, then use the keys."),
    ("no key of the doorways' colours", {"roll": ("red", "red")}, ["1,5"],
     "Pale's thief 1 (on C1) cannot use a key: the doorways beside it are green and yellow, and both keys left "
     "are red."),
    ("not your thief", {"roll": ("red", "red")}, ["5,3"],
     "Dark's thief 1 (on B3) belongs to the other gang: click one of the highlighted thieves."),
    ("a wall", {"roll": ("red", "red")}, ["3,1", "3,0"], "That is a wall: thieves go only through doorways."),
    ("no key of that colour", {"roll": ("red", "red")}, ["3,1", "3,2"],
     "The yellow doorway between A2 and B2 opens only with a yellow or a white key, and both keys left are red."),
    ("a doorway elsewhere", {"roll": ("red", "red")}, ["3,1", "1,2"],
     "That doorway is not next to Pale's thief 3 (on A2): click a highlighted doorway beside it."),
    ("taken by an accomplice", {"roll": ("green", "red")}, ["1,7", "1,6"],
     "C1 is taken by Pale's thief 1 (on C1): one thief per pathway (only a thief carrying the gold may pass it to "
     "an accomplice next to it)."),
    ("taken by an opponent", {"dark": [(5, 5), (5, 7), (7, 1), (7, 3)], "roll": ("green", "blue")}, ["3,5", "4,5"],
     "C3 is taken by Dark's thief 1 (on C3): one thief per pathway, and the gold can be stolen only from the thief "
     "carrying it."),
    ("the opponent's exit", {"pale": [(1, 5), (1, 7), (3, 1), (5, 7)], "dark": [(5, 3), (7, 1), (7, 3), (3, 7)],
                             "roll": ("blue", "yellow")}, ["5,7", "6,7"],
     "D4 is Dark's exit: no thief may step onto the other gang's exit."),
    ("one beside the opponent's exit", {"pale": [(1, 5), (1, 7), (5, 5), (3, 7)],
                                        "dark": [(5, 3), (7, 1), (7, 3), (1, 3)], "roll": ("red", "white")},
     ["3,7", "4,7"], "At most one of Pale's thieves may stand on the three pathways around Dark's exit."),
    ("two in the own exit area", {"pale": [(1, 3), (3, 1), (7, 5), (3, 5)], "carrier": 0,
                                  "roll": ("blue", "white")}, ["3,5", "3,4"],
     "At most two of Pale's thieves may stand in Pale's exit area (the exit and the three pathways around it)."),
    ("one accomplice beside the own exit", {"roll": ("green", "white")}, ["3,5", "3,3"],
     "At most one accomplice (a thief not carrying the gold) may stand on the three pathways around Pale's exit."),
    ("the gold needs black", {"roll": ("green", "white")}, ["3,5", "4,4"],
     "Taking the gold needs a black key, and the keys left are green and white."),
    ("the gold from afar", {"roll": ("green", "white")}, ["1,7", "4,4"],
     "Pale's thief 2 (on D1) is not beside the central square: only a thief on one of its four pathways can take "
     "the gold."),
    ("the gold taken", {"carrier": 4, "roll": ("green", "white")}, ["3,5", "4,4"],
     "The gold has already been taken from the central square."),
    ("too far", {"roll": ("green", "white")}, ["3,5", "7,5"],
     "C4 is not next to Pale's thief 4 (on C2): a key takes a thief through one doorway at a time."),
    ("doubling first", {"doubling": True}, ["1,5"],
     "First choose above the board: offer to double the stake, or roll without doubling."),
]


@pytest.mark.parametrize("name, where, clicks, words", CASES, ids=[c[0] for c in CASES])
def test_each_reason(small, name, where, clicks, words):
    assert hint(app_at(small, **where), *clicks) == words


def test_a_moved_thief_and_a_use_that_would_waste_a_key():
    g = Thieves(["You", "Dark"], seed=1).apply(Roll(("red", "white")))
    app = ThievesApp(g)
    # thief 2 could go up with red, but then white could not be used: the rules offer only thief 1 first
    assert hint(app, "3,5") == ("Your thief 2 (on C2) cannot use a key now. C1 is taken by your thief 1 (on C1): "
                                "one thief per pathway (only a thief carrying the gold may pass it to an accomplice "
                                "next to it).")
    app.html.click("1,5")
    app.html.click("1,3")
    assert hint(app, "1,3") == "Your thief 1 (on B1) has already moved this turn: each thief moves at most once a turn."


def test_answer_first_game_over_and_looking_back(small):
    g = Thieves(["You", "Dark"], seed=1, doubling=True)
    assert why_not(g, None, (1, 5)).startswith("First choose above the board")
    g._set_state(phase="answer")
    assert why_not(g, None, (1, 5)) == "First answer the offer to double, above the board: accept or refuse."
    g = Thieves(["You", "Dark"], seed=4).play()
    app = ThievesApp(g)
    assert hint(app, "1,5") == "The game is over: click Play again for a new game."
    g = Thieves(["You", "Dark"], seed=1).apply(Roll(("red", "white")))
    app = ThievesApp(g)
    app.slider.value = 0
    assert hint(app, "1,5").startswith("You are looking back at an earlier moment")


def test_every_square_answers_a_click_in_words():
    """No click on any square or thief is silent, in any phase of a seeded game's first turns."""
    g = Thieves(["You", "Dark"], seed=5)
    app = ThievesApp(g)
    for _ in range(4):
        for k in (f"{r},{c}" for r in range(17) for c in range(17)):
            if k in app.usable:
                continue
            app.html.click(k)
            assert app.error.value.startswith('<div role="alert"'), k
            assert "Not played:" in app.error.value and "(1, " not in app.error.value
        if g.is_chance:
            app.action_buttons[0].click()
        else:
            app.html.click(sorted(app.usable)[0])
