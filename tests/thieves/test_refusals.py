"""The engine's refusals name the rule that forbids a key use, in good English (furlib.thieves.refusals).

Each position is built by hand on the small labyrinth of ``conftest.py``
(drawn there); the sentences were written by reading the drawing. A refused
action changes nothing.
"""

import re

import pytest

from furlib import Thieves
from furlib.core.errors import IllegalAction
from furlib.thieves import Escape, Move, Pass, Roll, Steal, TakeGold

# written against the classic labyrinth's squares (see tests/thieves/conftest.py)
pytestmark = pytest.mark.classic_map

PALE = [(1, 5), (1, 7), (3, 1), (3, 5)]
DARK = [(5, 3), (5, 7), (7, 1), (7, 3)]


def at(small, pale=PALE, dark=DARK, carrier=None, roll=("red", "red")):
    g = Thieves(board=small, seed=1)
    g._set_state(thieves=[list(c) for c in list(pale) + list(dark)], carrier=carrier)
    return g.apply(Roll(roll))


def refused(g, action):
    before = g.to_json()
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    assert g.to_json() == before
    text = str(info.value)
    assert "Legal now:" in text or not g.legal_actions()
    return text.split(" Legal now:")[0]


CASES = [
    ("too far", {}, Move(4, 7, 5, "red"),
     "Pale cannot move thief 4 to C4 with the red key. Pale's thief 4 (on C2) is not next to C4: a key takes a "
     "thief through one doorway at a time."),
    ("not a pathway", {}, Move(4, 4, 4, "red"),
     "Pale cannot move thief 4 to (4, 4) of the map with the red key. (4, 4) of the map is not a pathway of the "
     "labyrinth: thieves stand only on pathways."),
    ("already there", {}, Move(4, 3, 5, "red"),
     "Pale cannot move thief 4 to C2 with the red key. Thief 4 is already on C2."),
    ("the wrong key", {}, Move(3, 3, 3, "red"),
     "Pale cannot move thief 3 to B2 with the red key. The yellow doorway between A2 and B2 opens only with a "
     "yellow or a white key, not the red key."),
    ("black opens no doorway", {"roll": ("black", "red")}, Move(3, 3, 3, "black"),
     "Pale cannot move thief 3 to B2 with the black key. The yellow doorway between A2 and B2 opens only with a "
     "yellow or a white key: the black key opens no doorway (it takes the gold or escapes)."),
    ("taken by an accomplice", {"roll": ("green", "red")}, Move(2, 1, 5, "green"),
     "Pale cannot move thief 2 to C1 with the green key. C1 is taken by Pale's thief 1 (on C1): one thief per "
     "pathway (only a thief carrying the gold may pass it to an accomplice next to it)."),
    ("taken by an opponent", {"dark": [(5, 5), (5, 7), (7, 1), (7, 3)], "roll": ("green", "blue")},
     Move(4, 5, 5, "green"),
     "Pale cannot move thief 4 to C3 with the green key. C3 is taken by Dark's thief 1 (on C3): one thief per "
     "pathway, and the gold can be stolen only from the thief carrying it."),
    ("the opponent's exit", {"pale": [(1, 5), (1, 7), (3, 1), (5, 7)], "dark": [(5, 3), (7, 1), (7, 3), (3, 7)],
                             "roll": ("blue", "yellow")}, Move(4, 7, 7, "blue"),
     "Pale cannot move thief 4 to D4 with the blue key. D4 is Dark's exit: no thief may step onto the other "
     "gang's exit."),
    ("one beside the opponent's exit", {"pale": [(1, 5), (1, 7), (5, 5), (3, 7)],
                                        "dark": [(5, 3), (7, 1), (7, 3), (1, 3)], "roll": ("red", "white")},
     Move(4, 5, 7, "red"),
     "Pale cannot move thief 4 to D3 with the red key. At most one of Pale's thieves may stand on the three "
     "pathways around Dark's exit."),
    ("two in the own exit area", {"pale": [(1, 3), (3, 1), (7, 5), (3, 5)], "carrier": 0,
                                  "roll": ("blue", "white")}, Move(4, 3, 3, "blue"),
     "Pale cannot move thief 4 to B2 with the blue key. At most two of Pale's thieves may stand in Pale's exit "
     "area (the exit and the three pathways around it)."),
    ("one accomplice beside the own exit", {"roll": ("green", "white")}, Move(4, 3, 3, "white"),
     "Pale cannot move thief 4 to B2 with the white key. At most one accomplice (a thief not carrying the gold) "
     "may stand on the three pathways around Pale's exit."),
    ("the gold from afar", {"roll": ("black", "white")}, TakeGold(2),
     "Pale cannot take the gold with thief 2. Pale's thief 2 (on D1) is not beside the central square: only a "
     "thief on one of its four pathways can take the gold."),
    ("the gold taken", {"carrier": 4, "roll": ("black", "white")}, TakeGold(4),
     "Pale cannot take the gold with thief 4. The gold has already been taken from the central square: Dark's "
     "thief 1 (on B3) carries it."),
    ("no carrier to pass", {}, Pass(1, 2, "red"),
     "Pale cannot pass the gold from thief 1 to thief 2 with the red key. Pale's thief 1 (on C1) is not carrying "
     "the gold: only the thief carrying it may pass it."),
    ("pass to itself", {"carrier": 0}, Pass(1, 1, "red"),
     "Pale cannot pass the gold from thief 1 to thief 1 with the red key. Pale's thief 1 (on C1) cannot pass the "
     "gold to itself: name an accomplice next to it."),
    ("nothing to steal", {}, Steal(4, "red"),
     "Pale cannot steal the gold with thief 4 and the red key. There is no gold to steal: nobody carries it yet, "
     "and only a thief of the other gang carrying it can be robbed."),
    ("steal through the wrong door", {"carrier": 4, "roll": ("red", "yellow")}, Steal(4, "red"),
     "Pale cannot steal the gold with thief 4 and the red key. Pale's thief 4 (on C2) is not next to Dark's thief "
     "1 (on B3): a key takes a thief through one doorway at a time."),
    ("escape without the gold", {"roll": ("black", "red")}, Escape(1),
     "Pale cannot escape with thief 1. Only the thief carrying the gold can escape, and nobody carries it yet."),
    ("escape away from the exit", {"carrier": 0, "roll": ("black", "red")}, Escape(1),
     "Pale cannot escape with thief 1. Pale's thief 1 (on C1) is not on Pale's exit (A1): the carrier escapes "
     "from its own exit."),
    ("escape alone", {"pale": [(1, 1), (1, 7), (5, 1), (3, 5)], "carrier": 0, "roll": ("black", "red")}, Escape(1),
     "Pale cannot escape with thief 1. Escaping needs an accomplice on one of the three pathways around Pale's "
     "exit."),
]


@pytest.mark.parametrize("name, where, action, words", CASES, ids=[c[0] for c in CASES])
def test_each_rule_is_named(small, name, where, action, words):
    assert refused(at(small, **where), action) == words


def test_the_gold_cannot_come_back_to_the_thief_that_passed_it(small):
    # Pale's thief 1 (C1) carries the gold and passes it to thief 2 (D1) through the green doorway; D1 -> C1 again
    g = at(small, carrier=0, roll=("green", "green"))
    g.apply(Pass(1, 2, "green"))
    assert refused(g, Pass(2, 1, "green")) == (
        "Pale cannot pass the gold from thief 2 to thief 1 with the green key. Pale's thief 1 (on C1) passed the "
        "gold on this turn: it may not come back.")


def test_a_wall_on_the_default_labyrinth():
    # the default map: C2 (row 3, col 5) has walls to its left (B2) and right (D2)
    g = Thieves(seed=1).apply(Roll(("red", "white")))
    assert refused(g, Move(2, 3, 3, "white")) == (
        "Pale cannot move thief 2 to B2 with the white key. A wall stands between C2 and B2: thieves go only through "
        "doorways.")


def test_a_thief_that_has_moved(small):
    g = at(small, roll=("green", "white"))
    first = next(a for a in g.legal_actions() if isinstance(a, Move))
    here = g.position().cells[first.thief - 1]
    g.apply(first)
    key = g.keys[0]
    assert refused(g, Move(first.thief, *here, key)).endswith(
        "has already moved this turn: each thief moves at most once a turn.")


def test_a_use_that_would_waste_a_key():
    """A single use the rules allow alone, but after which a key could not be used: refused by the plan rule."""
    from furlib.thieves.bots import Greedy
    from furlib.thieves.moves import legal_uses, uses
    from furlib.thieves.rules import use_to_action

    found = 0
    for seed in range(4):
        g = Thieves(seed=seed, max_turns=30)
        while not g.is_over:
            if not g.is_chance and g.position().keys:
                pos = g.position()
                legal = legal_uses(g.board, pos)
                for u in uses(g.board, pos):
                    if u not in legal:
                        found += 1
                        assert refused(g, use_to_action(u)).endswith(
                            ". It would leave a key unused that another plan uses: every key that can be used must "
                            "be used.")
            g.step(None if g.is_chance else Greedy())
    assert found >= 5


def test_every_refusal_in_seeded_games_is_a_sentence_without_python(small):
    """Every illegal key use of the thieves, at every key use of seeded games, is refused in words (no tuples)."""
    from furlib.thieves.bots import Greedy

    count = 0
    for seed in range(3):
        g = Thieves(seed=seed, max_turns=20)
        while not g.is_over:
            if not g.is_chance and g.position().keys:
                legal = set(g.legal_actions())
                for t in range(1, 5):
                    for a in [TakeGold(t), Escape(t), Steal(t, g.keys[0])] + [
                            Move(t, r, c, g.keys[0]) for r in (1, 3, 5) for c in (1, 3, 5)]:
                        if a in legal:
                            continue
                        text = refused(g, a)
                        count += 1
                        assert text.endswith(".") and "Move(" not in text, text
                        assert not re.search(r"\(\d+, \d+\)(?! of the map)", text), text
                        assert re.match(r"^(Pale|Dark) (cannot [a-z]|has no [a-z]+ key left)", text), text
            g.step(Greedy() if not g.is_chance else None)
    assert count > 500


def test_refusals_agree_with_a_player_named_you():
    # "You have no red key", "You are to use a key", never "You has" or "You is" (found in review); 2 games, < 0.1 s
    g = Thieves(["You", "Bob"], seed=1)
    g.step()   # the roll: green and blue
    with pytest.raises(IllegalAction, match=r"^You have no red key left \(keys left: green and blue\)\."):
        g.apply(Move(thief=1, row=1, col=3, key="red"))
    with pytest.raises(IllegalAction, match=r"^'x' is not a Thieves action: You are to use a key \(green and blue\)\."):
        g.apply("x")
