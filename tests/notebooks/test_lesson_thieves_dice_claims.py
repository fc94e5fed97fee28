"""What notebooks/lesson-thieves-dice.ipynb says: 36 outcomes, the chance of a key, what a thief's chance to move is."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from furlib import Thieves
from furlib.core.stats import estimate
from furlib.thieves import key_probability
from furlib.thieves.analysis import move_probability, ordered_outcomes, roll_table
from furlib.thieves.bots import Greedy
from furlib.thieves.moves import plans

NOTEBOOK = "lesson-thieves-dice.ipynb"
COLOURS = ["red", "yellow", "green", "blue", "black"]


def cell(nb, cell_id: str) -> str:
    return next(c.source for c in nb.cells if c.get("id") == cell_id)


@pytest.fixture(scope="module")
def die_with(nb):
    """The notebook's own ``die_with``, run from its cell."""
    source = cell(nb, "die")
    names: dict = {}
    exec(source[:source.index("whites = ")], names)  # the notebook's own function, from this repository
    return names["die_with"]


def after(turns: int) -> Thieves:
    """The notebook's game after Greedy has played ``turns`` turns, as section 4's cell plays it."""
    g = Thieves(seed=1)
    while g.turn <= turns:
        g.step(Greedy())
    return g


def free_colours(g: Thieves, player: str, thief: int) -> set[str]:
    """The colours of the doorways from a thief's pathway to a pathway no thief stands on."""
    pos = g.position()
    cell_ = pos.cells[4 * g.players.index(player) + thief - 1]
    return {g.board.char(door) for _, door, other in g.board.links.get(cell_, ()) if other not in pos.cells}


def test_the_guess_comes_first(nb):
    ids = [c.get("id") for c in nb.cells]
    first_fraction = next(i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and "5/9" in c.source)
    assert ids.index("6") < first_fraction, "the prediction is asked after 5/9 is shown"
    nb.runs('guess = Prediction("Out of 10,000 rolls, how many open a red doorway?") guess.box()',
            'guess.compare(simulated=red, exact=10_000 * key_probability("red"))')


def test_counting(nb):
    nb.says("6 × 6 = 36 outcomes, all equally likely", "there are only 21",
            "A double such as red and red comes 1 way in 36; red and white come 2 ways, so their chance is "
            "2/36 = 1/18")
    assert len(ordered_outcomes()) == 36
    rows = {k: (n, p) for k, n, p in roll_table()}
    assert len(rows) == 21 and rows[("red", "red")] == (1, Fraction(1, 36))
    assert rows[("red", "white")] == (2, Fraction(1, 18))


def test_key_probabilities(nb):
    nb.says("both miss with (4/6)² = 16/36, and the doorway opens with 1 − 16/36 = 20/36 = 5/9",
            "Black is on one face only: 1 − (5/6)² = 11/36")
    assert key_probability("red") == 1 - Fraction(4, 6) ** 2 == Fraction(20, 36) == Fraction(5, 9)
    assert key_probability("black") == 1 - Fraction(5, 6) ** 2 == Fraction(11, 36)


def test_the_simulation_and_its_intervals(nb):
    nb.runs("rng = np.random.default_rng(1)", "rolls = faces[rng.integers(0, 6, size=(10_000, 2))]",
            'red = int(((rolls == "red") | (rolls == "white")).any(axis=1).sum())')
    nb.says("a method that catches the true chance in 95 of 100 experiments like this one",
            "about 1 interval in 20 misses", "they come from the same 10,000 rolls, and a white face counts for "
            "all four doorway colours at once")
    # the seeded figures are printed by the run, not written in the prose
    nb.never_says("0.5687", "0.95⁵", "23%", "Four of the five intervals")
    faces = np.array(["red", "yellow", "green", "blue", "white", "black"])
    rolls = faces[np.random.default_rng(1).integers(0, 6, size=(10_000, 2))]
    covers = {}
    for colour in COLOURS:
        opens = (rolls == colour).any(axis=1)
        if colour != "black":
            opens |= (rolls == "white").any(axis=1)
        covers[colour] = estimate(int(opens.sum()), 10_000).covers(key_probability(colour))
        if colour == "red":
            assert int(opens.sum()) == int(((rolls == "red") | (rolls == "white")).any(axis=1).sum())
    # the teacher notes: with the notebook's seed red's interval misses, the other four catch
    nb.says("With the notebook's seed, red's interval misses 5/9 and the other four catch their exact values",
            "the prediction: 10,000 × 5/9 ≈ 5,556 rolls")
    assert covers == {"red": False, "yellow": True, "green": True, "blue": True, "black": True}
    assert round(10_000 * 5 / 9) == 5556


def test_can_this_thief_move_at_the_start(nb):
    nb.runs("turns = 0", "g = Thieves(seed=1)", "move_probability(g, thief, player=player)")
    nb.says("Pale's thief 1 has two blue doorways and a green one: it can move when the roll shows blue, green or "
            "white, which is 1 − (3/6)² = 3/4",
            "At the start every thief, Pale's and Dark's, has free doorways of two colours, so each can move with "
            "chance 3/4")
    nb.never_says("classic", "4/9")
    g = after(0)
    assert g.board.name == "crossroads" and g.turn == 1
    pos = g.position()
    doors = sorted(g.board.char(d) for _, d, _ in g.board.links[pos.cells[0]])
    assert doors == ["B", "B", "G"]
    for player in g.players:
        for thief in (1, 2, 3, 4):
            assert len(free_colours(g, player, thief)) == 2, (player, thief)
            assert move_probability(g, thief, player) == Fraction(3, 4) == 1 - Fraction(3, 6) ** 2


def test_the_imperative_can_keep_a_thief_still(nb):
    """Try it 2 and its answer: after 10 turns Pale's thief 2 has 18/36, not the 20/36 of its blue doorways."""
    nb.says("change `turns = 0` to `turns = 10`",
            "Pale's thief 2 is least likely to move: 1/2 = 18/36. Its free doorways are both blue, so blue or white "
            "would give 20/36; but with black and white (2 of the 36 outcomes) the only plan that uses both keys "
            "moves thief 3 next to the gold with white and takes the gold with black, so thief 2 stays put",
            "with some rolls the only plans that use both keys move other thieves, and this thief stays put")
    g = after(10)
    assert g.current_player == "Pale"
    chances = {(p, t): move_probability(g, t, p) for p in g.players for t in (1, 2, 3, 4)}
    assert min(chances.values()) == chances[("Pale", 2)] == Fraction(1, 2) == Fraction(18, 36)
    assert [k for k, v in chances.items() if v == Fraction(1, 2)] == [("Pale", 2)]
    assert free_colours(g, "Pale", 2) == {"B"}
    assert 1 - Fraction(4, 6) ** 2 == Fraction(20, 36)
    pos = g.position()._replace(keys=("black", "white"))
    assert [[(u[0], u[1], u[3]) for u in p] for p, _ in plans(g.board, pos)] == \
        [[("move", 2, "white"), ("take", 2, "black")]]                    # thief 3 (index 2), then the gold


def test_try_it_white_faces(nb, die_with):
    """Try it 1 starts from the game's die (one white face, as section 2 counts) and adds white faces."""
    nb.runs("whites = 1", 'key_probability("red", dice=die_with(whites))')
    nb.says("The last cell builds the game's die (1 white face) and prints the chance of a red doorway: 5/9, as in "
            "section 2. Change `whites = 1` to `whites = 2`, then `3`",
            "With the game's die (1 white face), 1 − (4/6)² = 5/9; with 2 white faces, 1 − (3/6)² = 3/4; with 3, "
            "1 − (2/6)² = 8/9")
    nb.never_says("from 2 to 3, then 4")
    assert die_with(1) == ["red", "yellow", "green", "blue", "white", "black"]
    game_die = [first for first, _ in ordered_outcomes()[::6]]           # the six faces of the game's die
    assert sorted(die_with(1)) == sorted(game_die) and key_probability("red", die_with(1)) == key_probability("red")
    for whites, p in [(1, Fraction(5, 9)), (2, Fraction(3, 4)), (3, Fraction(8, 9))]:
        assert die_with(whites).count("white") == whites and "red" in die_with(whites)
        assert key_probability("red", die_with(whites)) == p == 1 - Fraction(5 - whites, 6) ** 2


def test_teacher_notes(nb):
    nb.says("Time (45 minutes", "Try it 1", "Try it 2")
