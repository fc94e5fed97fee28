"""The Thieves map format: loading, the default labyrinth's design, and every validation error."""

import json
import re

import pytest

from furlib.thieves import Board, Thieves
from furlib.thieves.default_board import DEFAULT_MAP, MAPS
from furlib.thieves.generate import MAX_PATHWAYS, random_map


def edit(text, row, col, ch):
    lines = text.splitlines()
    lines[row] = lines[row][:col] + ch + lines[row][col + 1:]
    return "\n".join(lines) + "\n"


def edit_both(text, row, col, ch, other=None):
    """Change a square and the square opposite it through the centre (so the map stays symmetric)."""
    lines = text.splitlines()
    rows, cols = len(lines), len(lines[0])
    text = edit(text, row, col, ch)
    return edit(text, rows - 1 - row, cols - 1 - col, ch if other is None else other)


def test_small_map_loads(small):
    b = Board.load(small)
    assert (b.rows, b.cols, len(b.pathways)) == (9, 9, 16)
    assert b.exits == ((1, 1), (7, 7))
    assert b.surrounds[0] == {(1, 3), (3, 1), (3, 3)}
    assert b.areas[1] == {(7, 7), (5, 5), (5, 7), (7, 5)}
    assert b.gold_square == (4, 4) and b.gold_pathways == {(3, 3), (3, 5), (5, 3), (5, 5)}
    assert b.starts == (((1, 5), (1, 7), (3, 1), (3, 5)), ((5, 3), (5, 7), (7, 1), (7, 3)))
    assert b.door_between((1, 1), (1, 3)) == (1, 2) and b.doors[(1, 2)] == "red"
    assert b.door_between((1, 1), (3, 3)) is None
    assert Board.load(b.to_text()) == b and b.to_text() == small


def test_load_from_a_file_and_from_a_board(tmp_path, small):
    path = tmp_path / "map.txt"
    path.write_text(small)
    assert Board.load(path) == Board.from_file(path) == Board.from_file(str(path)) == Board.load(small)
    assert Board.load(Board.load(small)) == Board.load(small)
    with pytest.raises(ValueError, match="no map file at"):
        Board.load(tmp_path / "missing.txt")
    (tmp_path / "binary.txt").write_bytes(b"\x00\xff" * 50)
    with pytest.raises(ValueError, match=r"is not UTF-8 text \(byte 1\)"):
        Board.from_file(tmp_path / "binary.txt")


def test_a_string_is_map_text_never_a_files_name(tmp_path, small):
    """A save or a map from somebody else can never make furlib read a file: only a Path is read."""
    path = tmp_path / "map.txt"
    path.write_text(small)
    for text in (str(path), "/etc/passwd", "#" * 300, "."):
        with pytest.raises(ValueError, match="the map is one line .*never a file's name"):
            Board.load(text)
    d = json.loads(Thieves(board=small, seed=1).to_json())
    d["params"]["board"] = str(path)
    with pytest.raises(ValueError, match="never a file's name"):
        Thieves.from_json(json.dumps(d))


@pytest.mark.parametrize("source, message", [
    ("", "the map is empty"),
    (None, "a board is map text"),
    (b"#####\n", "a board is map text"),
    ("#" * 6_000, "the map text has 6,000 characters; a map may have at most 5,000 .MAX_MAP_CHARS."),
    ("\n".join(["#" * 35] * 35), "^the map is 35 rows; a map may have at most 33 of each .MAX_MAP_SIDE: 16 by 16 "
                                 "pathways.$"),
    ("\n".join(["#" * 35] * 33), "^the map is 33 rows by 35 columns; a map may have at most 33 of each"),
])
def test_bad_map_inputs_are_value_errors_that_say_what(source, message):
    with pytest.raises(ValueError, match=message) as info:
        Board.load(source)
    assert len(str(info.value)) < 300            # an excerpt, never the whole input echoed


def test_a_board_needs_rows_of_text():
    for grid in ([], None, [1, 2]):
        with pytest.raises(ValueError, match="a non-empty list of map rows"):
            Board(grid)


def test_any_line_ending_reads_the_same(small):
    assert Board.load(small.replace("\n", "\r\n")) == Board.load(small.replace("\n", "\r")) == Board.load(small)


def _pathway_graph(b):
    """Each pathway's neighbours through a doorway (any colour)."""
    return {p: {o for _, _, o in b.links[p]} for p in b.pathways}


def _bridges(b) -> int:
    """Doorways whose loss would cut the labyrinth in two (counted by removing each in turn)."""
    graph = _pathway_graph(b)
    edges = {(a, o) for a in graph for o in graph[a] if a < o}
    count = 0
    for a, o in edges:
        seen, stack = {a}, [a]
        while stack:
            x = stack.pop()
            for y in graph[x]:
                if {x, y} != {a, o} and y not in seen:
                    seen.add(y)
                    stack.append(y)
        count += o not in seen
    return count


def test_default_labyrinth_design():
    """The "crossroads" labyrinth's design, counted square by square (the figures in default_board.py)."""
    b = Board.default()
    assert b.name == "crossroads" and b.to_text() == DEFAULT_MAP and Board.load(b.to_text()) == b
    assert len(b.pathways) == 64 and (b.rows, b.cols) == (17, 17)
    assert b.door_counts() == {"red": 24, "yellow": 24, "green": 24, "blue": 24}   # balanced colours
    between = [(r, c) for r in range(1, 16) for c in range(1, 16) if (r + c) % 2 == 1]
    assert len(between) == 112 and len(b.doors) == 96                              # 16 walls between pathways
    swap = {"p": "d", "d": "p", "P": "D", "D": "P"}
    for (r, c), ch in b:                                     # the same for both players under a half turn
        assert b.char((16 - r, 16 - c)) == swap.get(ch, ch)
    graph = _pathway_graph(b)
    assert all(len(graph[x]) == 2 for x in b.exits)          # a carrier on its exit can be attacked from two sides
    assert min(len(n) for n in graph.values()) >= 2          # no dead end
    assert len(b.doors) - len(b.pathways) + 1 == 33          # loops: doorways - pathways + 1 (connected)
    assert _bridges(b) == 0                                  # no doorway is the only link between two parts
    assert b.starts[0] == ((1, 5), (1, 9), (5, 1), (9, 1))   # C1, E1, A3, A5: on Pale's own edges
    dist = b.distances()
    assert all(len(d) == 64 for d in dist.values())
    near_gold = [min(dist[s][g] for s in b.starts[seat] for g in b.gold_pathways) for seat in (0, 1)]
    assert near_gold[0] == near_gold[1]                      # the race is even


def test_the_classic_labyrinth_is_kept_by_name():
    """The first default, kept for saves and lessons made on it: almost a tree, one doorway into each exit."""
    b = Board.named("classic")
    assert Board.load("classic") == b and b.name == "classic" and b != Board.default()
    assert b.to_text() == MAPS["classic"] and b.door_counts() == {"red": 16, "yellow": 16, "green": 16, "blue": 16}
    graph = _pathway_graph(b)
    assert len(b.doors) - len(b.pathways) + 1 == 1 and _bridges(b) == 44
    assert sum(len(n) == 1 for n in graph.values()) == 18 and all(len(graph[x]) == 1 for x in b.exits)
    with pytest.raises(ValueError, match=r"^there is no map named 'labyrinth'; furlib ships 'crossroads', 'classic'$"):
        Board.named("labyrinth")
    with pytest.raises(ValueError, match=r"or is the name of a map furlib ships \('crossroads', 'classic'\)"):
        Board.load("labyrinth")


@pytest.mark.parametrize("change, message", [
    ((3, 3, "x"), r"^unknown character 'x' \(U\+0078 LATIN SMALL LETTER X\) at row 3, column 3; a map holds only the "
                  r"squares #\.pdPD\*RYGB \(see furlib\.thieves\.board\), one line per row, spaces at either end "
                  r"of a line ignored$"),
    ((0, 4, "."), r"pathway '.' at row 0, column 4 is on the edge of the map"),
    ((1, 3, "#"), r"wall '#' at row 1, column 3: a square at an odd row and odd column must be a pathway"),
    ((2, 2, "R"), r"red doorway 'R' at row 2, column 2: a square at an even row and even column must be a wall"),
    ((1, 2, "."), r"pathway '.' at row 1, column 2: a square at an odd row and even column must be a wall '#' or a "
                  r"doorway"),
])
def test_bad_squares_name_row_and_column(small, change, message):
    with pytest.raises(ValueError, match=message):
        Board.load(edit(small, *change))


def test_rows_of_different_lengths(small):
    lines = small.splitlines()
    lines[4] += "#"
    with pytest.raises(ValueError, match="row 4 has 10 characters, but row 0 has 9"):
        Board.load("\n".join(lines))


def test_size_must_be_odd_and_at_least_5():
    with pytest.raises(ValueError, match="needs an odd number of each, at least 5"):
        Board.load("####\n####\n####\n####\n")
    with pytest.raises(ValueError, match="the map is empty"):
        Board.load("\n\n")


def test_counts_of_special_squares(small):
    with pytest.raises(ValueError, match=r"exactly 1 central black square \(the gold\) '\*', found 0"):
        Board.load(edit(small, 4, 4, "#"))
    with pytest.raises(ValueError, match=r"exactly 4 first player's starting place 'p', found 3"):
        Board.load(edit_both(small, 1, 5, "."))
    with pytest.raises(ValueError, match=r"exactly 1 first player's exit 'P', found 2; found at row 1, column 1, "
                                         r"row 1, column 3"):
        Board.load(edit_both(small, 1, 3, "P", "D"))


def test_half_turn_symmetry(small):
    with pytest.raises(ValueError, match=r"not the same for both players under a half turn: red doorway 'R' at "
                                         r"row 1, column 2 but .*row 7, column 6.*\(it must be 'R'\)"):
        Board.load(edit(small, 7, 6, "G"))
    with pytest.raises(ValueError, match="half turn"):
        Board.load(edit(small, 1, 2, "#"))


def test_exit_must_be_a_corner(small):
    text = edit_both(edit_both(small, 1, 1, "."), 1, 3, "P", "D")
    with pytest.raises(ValueError, match=r"first player's exit at row 1, column 3 has 5 surrounding pathways; "
                                         r"an exit must be a corner pathway, with exactly 3"):
        Board.load(text)


def test_every_pathway_reachable(small):
    # wall (1,1) off: its two doorways (1,2) and (2,1), and the opposite ones
    text = edit_both(edit_both(small, 1, 2, "#"), 2, 1, "#")
    with pytest.raises(ValueError, match=r"the first player's exit at row 1, column 1 cannot be reached through "
                                         r"doorways from the "
                                         r"pathway at row 3, column 3; every pathway must be reachable"):
        Board.load(text)


# Two 4 by 4 labyrinths, each the same under a half turn (p<->d, P<->D swapped), where a pathway is
# reachable only through an exit. On an empty board every pathway is reachable, so only the rules' check
# (no thief ever moves onto the opponent's exit) refuses them.
#
# B1 (row 1, column 3) is a dead end behind Pale's exit A1: Dark may never pass through A1, so Dark cannot reach
# B1 (and, opposite it, Pale cannot reach C4 behind Dark's exit; B1 comes first in reading order).
BEHIND_PALES_EXIT = """\
#########
#PR.#pGp#
#B###Y#G#
#pB.RpY.#
#G#B*B#G#
#.YdR.Bd#
#G#Y###B#
#dGd#.RD#
#########
"""
# Column D (D1, D2, D3) joins the rest only through Dark's exit D4: Pale cannot reach D1 (and, opposite it,
# Dark cannot reach column A below Pale's exit; D1 comes first in reading order).
BEHIND_DARKS_EXIT = """\
#########
#PR.Yp#.#
#B#R#Y#G#
#p#.Rp#d#
#G#B*B#G#
#p#dR.#d#
#G#Y#R#B#
#.#dY.RD#
#########
"""
# The same walls with one of Pale's thieves starting on D1, cut off from the other three.
PALE_START_BEHIND_DARKS_EXIT = """\
#########
#PR.Yp#p#
#B#R#Y#G#
#p#.Rp#.#
#G#B*B#G#
#.#dR.#d#
#G#Y#R#B#
#d#dY.RD#
#########
"""
# A dead end behind nothing: B1 joins only B2 (not the exit), and opposite it C4 only C3. It loads.
DEAD_END = """\
#########
#P#.#pGp#
#B#R#Y#G#
#pB.RpY.#
#G#B*B#G#
#.YdR.Bd#
#G#Y#R#B#
#dGd#.#D#
#########
"""


def _reachable_without(board, seat):
    """The pathways a player's thieves can reach from each starting place, never onto the opponent's exit."""
    barred = board.exits[1 - seat]
    out = []
    for start in board.starts[seat]:
        seen, todo = {start}, [start]
        while todo:
            for _, _, b in board.links[todo.pop()]:
                if b not in seen and b != barred:
                    seen.add(b)
                    todo.append(b)
        out.append(seen)
    return out


@pytest.mark.parametrize("text, message", [
    (BEHIND_PALES_EXIT,
     "Dark (the second player) cannot reach the pathway at row 1, column 3 (B1): from Dark's starting places it "
     "is reachable only through Pale's exit at row 1, column 1 (A1), and no thief may move onto the opponent's "
     "exit"),
    (BEHIND_DARKS_EXIT,
     "Pale (the first player) cannot reach the pathway at row 1, column 7 (D1): from Pale's starting places it "
     "is reachable only through Dark's exit at row 7, column 7 (D4), and no thief may move onto the opponent's "
     "exit"),
    (PALE_START_BEHIND_DARKS_EXIT,
     "Pale (the first player) cannot reach the first player's starting place at row 1, column 7 (D1): from "
     "Pale's starting places at row 1, column 5 (C1), row 3, column 1 (A2) and row 3, column 5 (C2), it is "
     "reachable only through Dark's exit at row 7, column 7 (D4), and no thief may move onto the opponent's exit"),
])
def test_a_pathway_reachable_only_through_an_exit_is_refused(text, message, monkeypatch):
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        Board.load(text)
    # that is the only error: without the rules' check the map loads (every other check passes), and on an
    # empty board every pathway is reachable
    with monkeypatch.context() as m:
        m.setattr(Board, "_reachable_by_rules", lambda self: None)
        b = Board.load(text)
    assert all(len(d) == 16 for d in b.distances().values())


def test_a_dead_end_behind_no_exit_loads():
    b = Board.load(DEAD_END)
    assert [other for _, _, other in b.links[(1, 3)]] == [(3, 3)]
    assert [other for _, _, other in b.links[(7, 5)]] == [(5, 5)]
    for seat in (0, 1):
        for seen in _reachable_without(b, seat):
            assert seen == set(b.pathways) - {b.exits[1 - seat]}


@pytest.mark.parametrize("n", range(4, MAX_PATHWAYS + 1, 2))
def test_every_random_map_is_reachable_as_the_rules_allow(n):
    """random_map redraws a map that fails any check, the rules' reachability included (sizes 4 to 16 pathways
    a side are all it allows)."""
    for seed in range(4):
        b = Board.load(random_map(n, seed=seed))
        for seat in (0, 1):
            for seen in _reachable_without(b, seat):
                assert seen == set(b.pathways) - {b.exits[1 - seat]}


def test_the_default_labyrinth_is_reachable_as_the_rules_allow():
    b = Board.default()
    for seat in (0, 1):
        for seen in _reachable_without(b, seat):
            assert seen == set(b.pathways) - {b.exits[1 - seat]}


def test_starting_places(small):
    # a Pale start in Dark's exit area (5,5), and its mirror (3,3) a Dark start in Pale's area
    text = edit_both(edit_both(small, 3, 5, "."), 5, 5, "p", "d")
    with pytest.raises(ValueError, match=r"first player's starting place at row 5, column 5 is in the opponent's "
                                         r"exit area"):
        Board.load(text)
    # two Pale starts on the three pathways around Pale's exit
    text = edit_both(edit_both(small, 1, 5, "."), 3, 3, "p", "d")
    with pytest.raises(ValueError, match=r"2 of the first player's starting places \(row 3, column 1, row 3, "
                                         r"column 3\) are on the three pathways around their own exit; at most 1"):
        Board.load(text)


def test_a_board_cannot_change_so_games_sharing_it_keep_their_labyrinth():
    """Every game on furlib's labyrinth shares one Board: a change to it would change them all (and their
    saves, which keep only the map text), so it is refused, naming the value, and nothing changes."""
    import copy
    import pickle

    from furlib import Thieves

    g, other = Thieves(seed=1), Thieves(seed=2)
    board = g.board
    assert other.board is board
    doors, links = dict(board.doors), dict(board.links)
    door = next(iter(board.doors))
    with pytest.raises(TypeError, match=rf"\[{re.escape(repr(door))}\] = 'red' was not set: a Board cannot change"):
        board.doors[door] = "red"
    for change in (lambda: board.links.clear(), lambda: board.doors.update({door: "red"}),
                   lambda: board.links.pop(next(iter(board.links)))):
        with pytest.raises(TypeError, match=r"Board\.load\(board\.to_text\(\)"):
            change()
    with pytest.raises(AttributeError, match="rows = 3 was not set: a Board cannot change"):
        board.rows = 3
    assert board.doors == doors and board.links == links and board.rows == 17
    assert copy.deepcopy(board) == board and pickle.loads(pickle.dumps(board)).doors == doors
    assert Thieves.from_json(g.play().to_json()).board == board


def test_saves_name_their_labyrinth_and_a_save_made_before_the_change_loads_on_the_classic_one(small):
    import json

    from furlib import Thieves
    from furlib.thieves.bots import Greedy

    new = Thieves(seed=4, max_turns=12).play(Greedy(), Greedy())
    assert json.loads(new.to_json())["params"]["board"] == "crossroads"
    assert Thieves.from_json(new.to_json()).to_json() == new.to_json()
    classic = Thieves(seed=4, max_turns=12, board="classic").play(Greedy(), Greedy())
    doc = json.loads(classic.to_json())
    assert doc["params"]["board"] == "classic"
    doc["params"]["board"] = None            # what a save of the default labyrinth held before December 2026
    old = Thieves.from_json(json.dumps(doc))
    assert old.board == Board.named("classic") and old.to_json() == classic.to_json()
    own = Thieves(seed=4, max_turns=12, board=small).play(Greedy(), Greedy())
    assert json.loads(own.to_json())["params"]["board"] == Board.load(small).to_text()
