"""Square-grid boards: cells found by data attributes, pieces, arrows, highlights, titles, bad input."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from furlib.core.show.board_svg import CELL_KINDS, board_svg
from furlib.core.show.markup import PALETTE
from furlib.testing import parse_html

SVG = "{http://www.w3.org/2000/svg}"


def cells(svg: ET.Element) -> dict[tuple[int, int], ET.Element]:
    out = {}
    for g in svg.iter(f"{SVG}g"):
        if "furlib-cell" in (g.get("class") or "").split():
            out[int(g.get("data-row")), int(g.get("data-col"))] = g
    return out


def of_class(svg: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in svg.iter(f"{SVG}g") if cls in (g.get("class") or "").split()]


def title(el: ET.Element) -> str:
    return el.find(f"{SVG}title").text


def texts(el: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in el.iter(f"{SVG}text")]


LAYOUT = {(0, 1): "wall", (1, 0): {"kind": "doorway", "colour": "red"},
          (1, 1): {"kind": "special", "colour": "black", "letter": "$", "title": "the gold square"},
          (2, 2): {"kind": "exit", "letter": "P"}, (0, 2): "empty"}


def test_grid_cells_carry_their_position_and_kind():
    svg = parse_html(board_svg(3, 3, LAYOUT, cell_size=30))
    assert svg.tag == f"{SVG}svg" and svg.get("role") == "img" and svg.get("class") == "furlib-board"
    assert title(svg) == "board of 3 by 3 squares" == svg.get("aria-label")
    assert (svg.get("width"), svg.get("height"), svg.get("data-rows"), svg.get("data-cols")) == ("94", "94", "3", "3")
    cs = cells(svg)
    assert sorted(cs) == [(r, c) for r in range(3) for c in range(3) if (r, c) != (0, 2)]   # empty: not drawn
    kinds = {k: g.get("data-kind") for k, g in cs.items()}
    assert kinds[(0, 0)] == "pathway" and kinds[(0, 1)] == "wall" and kinds[(1, 0)] == "doorway"
    assert kinds[(1, 1)] == "special" and kinds[(2, 2)] == "exit"
    assert title(cs[(0, 0)]) == "pathway, row 0, column 0"
    assert title(cs[(0, 1)]) == "wall, row 0, column 1"
    assert title(cs[(2, 2)]) == "exit P, row 2, column 2" and texts(cs[(2, 2)]) == ["P"]
    assert title(cs[(1, 1)]) == "the gold square" and texts(cs[(1, 1)]) == ["$"]


def test_doorways_show_colour_and_letter():
    svg = parse_html(board_svg(1, 4, {(0, c): {"kind": "doorway", "colour": col}
                                      for c, col in enumerate(["red", "yellow", "green", "blue"])},
                               letters={"blue": "Bl"}))
    cs = cells(svg)
    assert [cs[(0, c)].get("data-colour") for c in range(4)] == ["red", "yellow", "green", "blue"]
    assert [texts(cs[(0, c)]) for c in range(4)] == [["R"], ["Y"], ["G"], ["Bl"]]
    assert [cs[(0, c)].get("data-letter") for c in range(4)] == ["R", "Y", "G", "Bl"]
    assert title(cs[(0, 0)]) == "red doorway, row 0, column 0"
    for c, col in enumerate(["red", "yellow", "green", "blue"]):
        rect = cs[(0, c)].find(f"{SVG}rect")
        text = cs[(0, c)].find(f"{SVG}text")
        assert (rect.get("fill"), text.get("fill")) == PALETTE[col][:2]   # contrasting ink on the fill


def test_default_kind_and_the_walls_differ_from_pathways():
    svg = parse_html(board_svg(2, 2, {(0, 0): "pathway"}, default="wall"))
    kinds = {k: g.get("data-kind") for k, g in cells(svg).items()}
    assert kinds == {(0, 0): "pathway", (0, 1): "wall", (1, 0): "wall", (1, 1): "wall"}
    wall, path = cells(svg)[(0, 1)].find(f"{SVG}rect"), cells(svg)[(0, 0)].find(f"{SVG}rect")
    assert float(wall.get("fill-opacity")) > 3 * float(path.get("fill-opacity"))


def test_pieces_have_letters_titles_markers_and_data():
    pieces = [{"cell": (0, 0), "fill": "white", "letter": "P", "title": "Pale thief 1", "marker": "carries the gold",
               "data": {"piece": "pale-1"}},
              {"cell": (2, 1), "fill": "black", "letter": "D", "title": "Dark <thief> 2", "pattern": "ring"},
              {"cell": (1, 2), "fill": "black", "pattern": "dashed"}]
    html = board_svg(3, 3, pieces=pieces)
    assert "<thief>" not in html
    svg = parse_html(html)
    ps = of_class(svg, "furlib-piece")
    assert [(p.get("data-row"), p.get("data-col")) for p in ps] == [("0", "0"), ("2", "1"), ("1", "2")]
    assert [title(p) for p in ps] == ["Pale thief 1, carries the gold", "Dark <thief> 2", "piece"]
    assert [texts(p) for p in ps] == [["P"], ["D"], []]
    assert [p.get("data-fill") for p in ps] == ["white", "black", "black"]
    assert ps[0].get("data-marker") == "carries the gold" and ps[1].get("data-marker") is None
    assert ps[0].get("data-piece") == "pale-1"
    assert len(ps[0].findall(f"{SVG}polygon")) == 1 and ps[1].find(f"{SVG}polygon") is None   # the star badge
    assert len(ps[1].findall(f"{SVG}circle")) == 2                                        # the ring pattern
    assert ps[2].find(f"{SVG}circle").get("stroke-dasharray")
    circle = ps[0].find(f"{SVG}circle")
    assert circle.get("fill") == PALETTE["white"][0] and circle.get("stroke") == "currentColor"
    assert ps[1].find(f"{SVG}text").get("fill") == PALETTE["black"][1]
    assert svg.find(f"{SVG}desc").text == "Pale thief 1, carries the gold; Dark <thief> 2; piece"


def test_pieces_are_drawn_above_cells_and_arrows():
    svg = parse_html(board_svg(2, 2, pieces=[{"cell": (0, 0)}], arrows=[((1, 1), (0, 0))]))
    order = [(g.get("class") or "").split()[0] for g in svg if g.tag == f"{SVG}g"]
    assert order == ["furlib-cell"] * 4 + ["furlib-arrow", "furlib-piece"]


def test_arrows_join_cells_and_say_the_move():
    svg = parse_html(board_svg(3, 3, arrows=[((0, 0), (0, 2)),
                                             {"from": (2, 2), "to": (1, 2), "title": "Dark 1 moved up",
                                              "colour": "red"}]))
    a, b = of_class(svg, "furlib-arrow")
    assert (a.get("data-from"), a.get("data-to")) == ("0,0", "0,2")
    assert title(a) == "move from row 0, column 0 to row 0, column 2"
    assert title(b) == "Dark 1 moved up" and b.find(f"{SVG}line").get("stroke") == PALETTE["red"][0]
    assert a.get("pointer-events") == b.get("pointer-events") == "none"   # a click goes to the square beneath
    line = a.find(f"{SVG}line")
    assert float(line.get("y1")) == float(line.get("y2")) == 2 + 36 / 2          # along row 0
    assert float(line.get("x1")) < float(line.get("x2"))                         # left to right
    tip = a.find(f"{SVG}polygon").get("points").split()[0]
    assert float(tip.split(",")[0]) > float(line.get("x2"))                      # the head at the end


def test_highlighted_cells_are_marked_and_findable():
    svg = parse_html(board_svg(3, 3, {(1, 1): "wall"}, highlights=[(0, 1), (2, 2)]))
    targets = [g for g in cells(svg).values() if g.get("data-target") == "true"]
    assert sorted((int(g.get("data-row")), int(g.get("data-col"))) for g in targets) == [(0, 1), (2, 2)]
    assert all("furlib-cell-target" in g.get("class").split() for g in targets)
    assert title(cells(svg)[(0, 1)]) == "pathway, row 0, column 1, legal target"
    assert any(e.get("stroke-dasharray") for e in targets[0].iter())
    named = parse_html(board_svg(2, 2, highlights={(1, 0): "move Pale 2 here"}))
    assert title(cells(named)[(1, 0)]) == "pathway, row 1, column 0, move Pale 2 here"
    assert sum(g.get("data-target") == "true" for g in cells(named).values()) == 1


def test_custom_title_class_and_no_script():
    html = board_svg(2, 3, title="Thieves: <Pale> to move", attrs={"class": "th-board", "data-turn": 4})
    svg = parse_html(html)
    assert title(svg) == "Thieves: <Pale> to move" and svg.get("class") == "furlib-board th-board"
    assert svg.get("data-turn") == "4"
    assert "<script" not in html and not re.search(r"\son[a-z]+=", html)
    assert set(CELL_KINDS) == {"pathway", "wall", "doorway", "special", "exit", "empty"}


@pytest.mark.parametrize("kwargs, message", [
    ({"rows": 0}, "rows must be a whole number from 1 to 60, got 0"),
    ({"cols": "3"}, "cols must be a whole number from 1 to 60, got '3'"),
    ({"cell_size": 4}, "cell_size (pixels) must be a whole number from 8 to 120, got 4"),
    ({"default": "lava"}, "default must be one of ['pathway', 'wall', 'doorway', 'special', 'exit', 'empty'], "
                          "got 'lava'"),
    ({"cells": {(3, 0): "wall"}}, "cells key (3, 0) is off the 3 x 3 board (rows 0-2, columns 0-2)"),
    ({"cells": {"a1": "wall"}}, "cells key must be a (row, col) pair of whole numbers, got 'a1'"),
    ({"cells": {(0, 0): "lava"}}, "cells[(0, 0)]['kind'] must be one of"),
    ({"cells": {(0, 0): {"kind": "doorway"}}}, "cells[(0, 0)] is a doorway and needs a 'colour'"),
    ({"cells": {(0, 0): {"kind": "doorway", "colour": "pink"}}}, "cells[(0, 0)]['colour'] must be one of"),
    ({"cells": {(0, 0): {"kind": "wall", "size": 2}}}, "cells[(0, 0)] has unknown keys ['size']; accepted:"),
    ({"cells": {(0, 0): {"kind": "exit", "letter": "EXIT"}}}, "cells[(0, 0)]['letter'] must be 1 or 2 characters"),
    ({"pieces": [{"fill": "white"}]}, "pieces[0] must be a dict with at least 'cell'"),
    ({"pieces": [{"cell": (0, 0)}, {"cell": (0, 0), "title": "B"}]},
     "pieces[1] is on (0, 0), where 'piece' already stands: one piece per cell"),
    ({"pieces": [{"cell": (0, 0), "fill": "gold"}]}, "pieces[0]['fill'] must be one of"),
    ({"pieces": [{"cell": (0, 0), "pattern": "stripes"}]},
     "pieces[0]['pattern'] must be one of ['solid', 'ring', 'dashed'], got 'stripes'"),
    ({"pieces": [{"cell": (0, 0), "colour": "red"}]}, "pieces[0] has unknown keys ['colour']"),
    ({"pieces": [{"cell": (0, 0), "data": "x"}]}, "pieces[0]['data'] must be a dict"),
    ({"arrows": [((0, 0),)]}, "arrows[0] must be ((row, col), (row, col)) or a dict with 'from' and 'to'"),
    ({"arrows": [((0, 0), (0, 0))]}, "arrows[0] goes from (0, 0) to itself"),
    ({"arrows": [((0, 0), (0, 5))]}, "arrows[0]['to'] (0, 5) is off the 3 x 3 board"),
    ({"highlights": [(9, 9)]}, "highlights entry (9, 9) is off the 3 x 3 board"),
    ({"title": ""}, "title must be None or a non-empty string"),
])
def test_bad_input_is_refused_with_a_clear_message(kwargs, message):
    args = {"rows": 3, "cols": 3}
    args.update(kwargs)
    with pytest.raises(ValueError, match=re.escape(message)):
        board_svg(args.pop("rows"), args.pop("cols"), **args)
