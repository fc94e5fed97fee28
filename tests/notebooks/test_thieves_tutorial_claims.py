"""What notebooks/thieves-tutorial.ipynb says: the map, the imperative, the rulebook's situations, fairness."""

from __future__ import annotations

import math

import pytest

from furlib import Thieves
from furlib.thieves import Board, Escape, Move, Pass, Roll, Steal
from furlib.thieves.analysis import play_games, seat_table
from furlib.thieves.bots import Greedy
from furlib.thieves.moves import uses
from furlib.thieves.squares import square_name

NOTEBOOK = "thieves-tutorial.ipynb"
SMALL = "#########\n#PR.YpGp#\n#B#G#Y#R#\n#pY.BpG.#\n#R#G*G#R#\n#.GdB.Yd#\n#R#Y#G#B#\n#dGdY.RD#\n#########\n"


def mcnemar_exact(b: int, c: int) -> float:
    """McNemar's exact test, two-sided: with no difference, each of the b + c discordant pairs goes either way with
    chance 1/2; the p-value is the binomial chance of a split at least as uneven as b against c."""
    n, low = b + c, min(b, c)
    return min(1.0, 2 * sum(math.comb(n, k) for k in range(low + 1)) / 2 ** n)


def situation(pale, dark, carrier):
    g = Thieves(board=SMALL, seed=1)
    g._set_state(thieves=[list(c) for c in pale + dark], carrier=carrier)
    return g


def test_the_map(nb):
    nb.runs("#PR.YpGp#", "#dGdY.RD#", 'Board.load(board.to_text().replace("#PG.", "#PX.", 1))')
    nb.says("furlib's labyrinth, \"crossroads\", has 64 pathways and 24 doorways of each colour, and it is the "
            "same for both players under a half turn", "first labyrinth is kept as \"classic\"",
            "a mistake is reported with its row and column")
    b = Board.default()
    assert b.name == "crossroads" and len(b.pathways) == 64 and set(b.door_counts().values()) == {24}
    assert Board.named("classic") == Thieves(board="classic").board != b
    with pytest.raises(ValueError, match="at row 1, column 2"):
        Board.load(b.to_text().replace("#PG.", "#PX.", 1))
    assert Board.load(SMALL).rows == 9


def test_the_imperative(nb):
    nb.runs('g.apply(Roll(("red", "yellow")))', 'g.apply(Move(4, 9, 3, "yellow"))')
    nb.says("Four moves are offered, though there are five ways to use one key: thief 4 may not go to A6 with "
            "the red key", "Only thief 4 can use the yellow key (to B5)", "red is left for thief 2 or thief 3")
    g = Thieves(seed=1).apply(Roll(("red", "yellow")))
    assert g.legal_actions() == [Move(2, 3, 9, "red"), Move(3, 3, 1, "red"), Move(3, 7, 1, "red"),
                                 Move(4, 9, 3, "yellow")]
    assert len(uses(g.board, g.position())) == 5 and Move(4, 11, 1, "red") not in g.legal_actions()
    assert [square_name(*c) for c in [(11, 1), (9, 3)]] == ["A6", "B5"]
    assert [m.thief for m in g.apply(Move(4, 9, 3, "yellow")).legal_actions()] == [2, 3, 3]


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
    nb.says("The first player won 43 of the 100 games. The 95% interval, 34% to 53%",
            "catches the true win rate in 95 of 100 experiments like this one; it holds 50%, so these games "
            "show no edge for either seat, but they are too few to rule out an edge")
    table = seat_table(play_games([Greedy(), Greedy()], 100, seed=1))
    row = table[(table.bot == "either") & (table.seat == 1)].iloc[0]
    assert row.wins == 43 and row.games == 100
    assert (round(100 * row.ci_low), round(100 * row.ci_high)) == (34, 53) and row.ci_low < 0.5 < row.ci_high


@pytest.mark.slow
def test_why_this_labyrinth(nb):
    """The table of section 6, counted again: 400 seeded games of Greedy against Greedy on each labyrinth."""
    nb.runs('Board.named("classic").to_text()', 'steal_share("classic"), steal_share("crossroads")')
    nb.says("one loop, 18 dead ends, and a single doorway into each exit",
            "| games with at least one steal | 50 (12.5%) | 284 (71%) |",
            "| the first thief to take the gold wins | 377 (94%) | 246 (61.5%) |",
            "| median game, in turns | 65 | 46 |", "| keys that could not be used | 21.9% | 16.9% |",
            "| the first player (Pale) wins | 184 (46%) | 189 (47%) |",
            "On both labyrinths the first player wins a little less than half of these games",
            "both exits open through two doorways")
    import statistics

    from furlib.thieves import events as ev

    figures, stolen, kept = {}, {}, {}
    for name in ("classic", "crossroads"):
        games = play_games([Greedy(), Greedy()], 400, seed=5000, rotate_seats=False, board=name)
        stolen[name] = [any(e.kind == ev.STEAL for e in g.events) for g in games]
        kept[name] = [next(e.player for e in g.events if e.kind == ev.TAKE) == g.winner for g in games]
        steals, first = sum(stolen[name]), sum(kept[name])
        rolls = sum(e.kind == ev.ROLL for g in games for e in g.events)
        lost = sum(len(e.data["keys"]) for g in games for e in g.events if e.kind == ev.LOST)
        pale = sum(g.winner == "Pale" == g.players[0] for g in games)
        assert all(g.winner is not None for g in games)
        figures[name] = (steals, first, statistics.median(g.turn for g in games), round(100 * lost / (2 * rolls), 1),
                         pale)
    assert figures == {"classic": (50, 377, 65, 21.9, 184), "crossroads": (284, 246, 46, 16.9, 189)}
    # "Does the shape of the labyrinth change the game?": yes, for steals and for the first thief to take the gold.
    # Both labyrinths use the same seeds, so the games come in pairs: McNemar's exact test (two-sided) on the pairs
    # where the two labyrinths disagree, p < 0.001 for both
    for share, more, less in ((stolen, "crossroads", "classic"), (kept, "classic", "crossroads")):
        only_more = sum(a and not b for a, b in zip(share[more], share[less]))
        only_less = sum(b and not a for a, b in zip(share[more], share[less]))
        assert only_more > only_less and mcnemar_exact(only_more, only_less) < 0.001, (more, only_more, only_less)
    b = Board.named("classic")
    assert len(b.doors) - len(b.pathways) + 1 == 1 and all(len(b.links[x]) == 1 for x in b.exits)
    assert sum(len(b.links[p]) == 1 for p in b.pathways) == 18
