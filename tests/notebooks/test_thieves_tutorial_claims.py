"""What notebooks/thieves-tutorial.ipynb says: the map, the imperative, the rulebook's situations, fairness."""

from __future__ import annotations

import pytest

from furlib import Thieves
from furlib.thieves import Board, Escape, Move, Pass, Roll, Steal
from furlib.thieves.analysis import play_games, seat_table
from furlib.thieves.bots import Greedy

NOTEBOOK = "thieves-tutorial.ipynb"
SMALL = "#########\n#PR.YpGp#\n#B#G#Y#R#\n#pY.BpG.#\n#R#G*G#R#\n#.GdB.Yd#\n#R#Y#G#B#\n#dGdY.RD#\n#########\n"


def situation(pale, dark, carrier):
    g = Thieves(board=SMALL, seed=1)
    g._set_state(thieves=[list(c) for c in pale + dark], carrier=carrier)
    return g


def test_the_map(nb):
    nb.runs("#PR.YpGp#", "#dGdY.RD#", 'Board.load(board.to_text().replace("#PG.", "#PX.", 1))')
    nb.says("furlib's labyrinth has 64 pathways and 16 doorways of each colour, and it is the same for both "
            "players under a half turn", "a mistake is reported with its row and column")
    b = Board.default()
    assert len(b.pathways) == 64 and set(b.door_counts().values()) == {16}
    with pytest.raises(ValueError, match="at row 1, column 2"):
        Board.load(b.to_text().replace("#PG.", "#PX.", 1))
    assert Board.load(SMALL).rows == 9


def test_the_imperative(nb):
    nb.runs('g.apply(Roll(("red", "white")))', 'g.apply(Move(1, 1, 3, "white"))')
    nb.says("Only two moves are offered, both by thief 1 with the white key",
            "then thief 2 can go through the red doorway: a plan that uses both keys")
    g = Thieves(seed=1).apply(Roll(("red", "white")))
    assert g.legal_actions() == [Move(1, 1, 3, "white"), Move(1, 1, 7, "white")]
    assert g.apply(Move(1, 1, 3, "white")).legal_actions() == [Move(2, 1, 5, "red")]


def test_the_situations(nb):
    nb.says("Dark's thief 1 carries the gold on B3 (the board's column B, row 3; map row 5, column 3)",
            "thief 4 moves next to it with the yellow key, then steals the gold through the green doorway",
            "Passing it straight back in the same turn would be forbidden",
            "Pale's carrier reaches the exit with the red key, thief 2 already waits beside it")
    g = situation([(1, 5), (1, 7), (5, 1), (3, 1)], [(5, 3), (5, 7), (7, 1), (7, 3)], carrier=4)
    g.apply(Roll(("yellow", "green"))).apply(Move(4, 3, 3, "yellow")).apply(Steal(4, "green"))
    assert g.carrier == ("Pale", 4)
    g = situation([(3, 5), (1, 7), (7, 5), (3, 3)], [(5, 3), (5, 7), (7, 1), (7, 3)], carrier=3)
    g.apply(Roll(("blue", "green"))).apply(Pass(4, 1, "blue"))
    assert not any(isinstance(a, Pass) for a in g.legal_actions())
    g.apply(Move(1, 3, 7, "green"))
    assert g.carrier == ("Pale", 1) and g.thieves["Pale"][0] == (3, 7)
    g = situation([(1, 3), (3, 1), (7, 5), (3, 5)], [(5, 3), (5, 7), (7, 1), (7, 3)], carrier=0)
    g.apply(Roll(("red", "black"))).apply(Move(1, 1, 1, "red")).apply(Escape(1))
    assert g.winner == "Pale"


def test_fairness(nb):
    nb.runs("play_games([Greedy(), Greedy()], 100, seed=1)")
    nb.says("The first player won 50 of the 100 games. The 95% interval, 40% to 60%",
            "catches the true win rate in 95 of 100 experiments like this one; it holds 50%, so these games "
            "show no edge for either seat, but they are too few to rule out an edge")
    table = seat_table(play_games([Greedy(), Greedy()], 100, seed=1))
    row = table[(table.bot == "either") & (table.seat == 1)].iloc[0]
    assert row.wins == 50 and row.games == 100
    assert (round(100 * row.ci_low), round(100 * row.ci_high)) == (40, 60) and row.ci_low < 0.5 < row.ci_high
