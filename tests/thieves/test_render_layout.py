"""The board on a phone: wide pathways, thin walls and doorways, every target at least 24 by 24 px; its key.

WCAG 2.2's target size (2.5.8): whatever a person must hit is at least 24 by
24 CSS px. At 360 px a phone leaves the board about 300 px (the notebook's
and the frame's margins: 313.6 px measured in Voila, tests/browser); the
board's natural width is 518 px, so a square of the drawing is drawn at
``size * width / 518`` px. Each target's box is read from the SVG itself
(the rectangles of its ``g[data-cell]``, the element the app makes
clickable), then scaled to the rendered width.
"""

from __future__ import annotations

import pytest

from furlib import Thieves
from furlib.core.show.board_svg import board_svg
from furlib.testing import SVG_TAG, parse_html, visible_text
from furlib.thieves import Escape, Pass, Roll, Steal, TakeGold
from furlib.thieves.bots import Greedy
from furlib.thieves.render import board_key, board_picture, board_size, thieves_html, track_sizes
from furlib.thieves.widget import ThievesApp, click_targets

PHONE = 300           # px: the board's width on a 360 px phone (at least: 313.6 measured)
TARGET = 24           # px: WCAG 2.2's minimum target size


def groups(svg, cls):
    return [g for g in svg.iter(f"{SVG_TAG}g") if cls in (g.get("class") or "").split()]


def extent(g) -> tuple[float, float, float, float]:
    """The box ``(left, top, right, bottom)`` of a group's rectangles and circles, in the drawing's px (what
    getBoundingClientRect measures of it, but for the strokes and letters)."""
    xs, ys = [], []
    for r in g.iter(f"{SVG_TAG}rect"):
        x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
        xs += [x, x + w]
        ys += [y, y + h]
    for c in g.iter(f"{SVG_TAG}circle"):
        cx, cy, rad = (float(c.get(k)) for k in ("cx", "cy", "r"))
        xs += [cx - rad, cx + rad]
        ys += [cy - rad, cy + rad]
    return min(xs), min(ys), max(xs), max(ys)


def scale(svg, width_px: float) -> float:
    """px on the screen per px of the drawing, for a board drawn ``width_px`` wide."""
    return width_px / float(svg.get("viewBox").split()[2])


def sizes_on_screen(svg, width_px: float) -> dict[str, tuple[str, float, float]]:
    """``{"row,col": (kind, width, height)}`` of every square, in screen px."""
    k = scale(svg, width_px)
    out = {}
    for g in groups(svg, "furlib-cell"):
        left, top, right, bottom = extent(g)
        out[g.get("data-cell")] = (g.get("data-kind"), (right - left) * k, (bottom - top) * k)
    return out


def test_the_grid_is_wide_pathways_between_thin_walls():
    g = Thieves(seed=1)
    rows, cols = track_sizes(g.board)
    # pathways 42, walls and doorways a third (14), the map's edge a fifth (8), the central square's lines 42
    assert cols == rows == [8, 42, 14, 42, 14, 42, 14, 42, 42, 42, 14, 42, 14, 42, 14, 42, 8]
    assert board_size(g.board) == sum(cols) + 4 + 2 * 18 == 518
    svg = parse_html(board_picture(g))
    cells = {c.get("data-cell"): c.find(f"{SVG_TAG}rect") for c in groups(svg, "furlib-cell")}
    size = {k: (float(r.get("width")), float(r.get("height"))) for k, r in cells.items()}
    assert size["1,1"] == (42, 42) and size["1,2"] == (14, 42) and size["2,1"] == (42, 14)      # exit, doorways
    assert size["8,8"] == (42, 42) and size["0,0"] == (8, 8) and size["2,2"] == (14, 14)        # gold, edge, post
    x = {k: float(r.get("x")) for k, r in cells.items() if k.startswith("1,")}
    assert [x[f"1,{c}"] for c in range(4)] == [2, 2 + 8, 2 + 8 + 42, 2 + 8 + 42 + 14]          # side by side


def test_every_thief_and_square_to_tap_is_24_px_on_a_phone():
    """Over whole seeded games (Greedy against Greedy), every target of every key use, before and after a
    thief is selected, is at least 24 x 24 px at 300 px; a doorway is thinner, and the square behind it does
    the same (the same actions)."""
    svg = parse_html(board_picture(Thieves(seed=1)))
    screen = sizes_on_screen(svg, PHONE)
    # the narrowest board that keeps a pathway (42 of 518 px) at 24 px
    narrowest = TARGET * 518 / 42
    assert narrowest == pytest.approx(296.0, abs=0.1) and narrowest < PHONE
    seen_kinds, seen_actions, checked = set(), set(), 0
    for seed in range(4):
        g = Thieves(["You", "Dark"], seed=seed)
        bot = Greedy()
        while not g.is_over:
            if g.is_chance:
                g.step()
                continue
            if g.phase == "keys":
                first = click_targets(g, None)
                for selected in [None, *sorted({_thief(g, key) for key in first})]:
                    targets = first if selected is None else click_targets(g, selected)
                    for key, actions in targets.items():
                        kind, w, h = screen[key]
                        seen_kinds.add(kind)
                        seen_actions |= {type(a) for a in actions}
                        checked += 1
                        if kind == "doorway":
                            behind = [k for k, a in targets.items() if a == actions and k != key]
                            assert behind and all(screen[k][0] != "doorway" and min(screen[k][1:]) >= TARGET
                                                  for k in behind), (seed, g.n_steps, key)
                        else:
                            assert w >= TARGET and h >= TARGET, (seed, g.n_steps, key, kind, w, h)
            g.step(bot)
    assert seen_kinds == {"pathway", "doorway", "exit", "special"}    # the central square and the exits too
    assert {TakeGold, Escape, Steal, Pass} <= seen_actions and checked > 2000
    assert min(min(w, h) for kind, w, h in screen.values() if kind != "doorway" and kind != "wall") == \
        pytest.approx(42 * PHONE / 518) == pytest.approx(24.3, abs=0.05)


def _thief(game, key):
    pos = game.position()
    return pos.cells.index(tuple(int(x) for x in key.split(","))) % 4 + 1


@pytest.mark.parametrize("select", [None, 2])
def test_the_clickable_thieves_cover_their_squares(select):
    """What the app makes clickable (``ThievesApp.VIEW_CLICK``: every ``g[data-cell]`` that is a target, the
    square and the thief on it) has a box of at least 24 x 24 px at 300 px, but the doorways; a thief's group
    covers its whole square with an invisible rectangle."""
    g = Thieves(["You", "Dark"], seed=3)
    g.apply(Roll(("red", "white")))
    app = ThievesApp(g)
    if select is not None:
        app.select(select)
    svg = next(e for e in parse_html(app.html.value).iter(f"{SVG_TAG}svg") if "th-board" in e.get("class"))
    selector, attribute = ThievesApp.VIEW_CLICK
    assert (selector, attribute) == ("g[data-cell]", "data-cell")
    clickable = [e for e in svg.iter(f"{SVG_TAG}g") if e.get("data-cell") in app.usable]
    k = scale(svg, PHONE)
    pieces = [e for e in clickable if "furlib-piece" in e.get("class")]
    # the four thieves that can begin a plan (derived in tests/browser/test_thieves_browser.py); once thief 2 is
    # selected, it (to choose another) and the three others (to select one instead)
    assert len(pieces) == 4 and len(clickable) > len(pieces)
    cell_box = {e.get("data-cell"): extent(e) for e in groups(svg, "furlib-cell")}
    for e in clickable:
        left, top, right, bottom = extent(e)
        w, h = (right - left) * k, (bottom - top) * k
        if e.get("data-kind") == "doorway":
            assert min(w, h) < TARGET <= max(w, h)              # thin, but the square behind does the same
            continue
        assert w >= TARGET and h >= TARGET, (e.get("data-cell"), w, h)
        if e in pieces:
            hit = e.find(f"{SVG_TAG}rect")
            assert hit.get("class") == "furlib-hit" and hit.get("fill-opacity") == "0"
            assert extent(e) == cell_box[e.get("data-cell")]     # exactly its square
            circle = e.find(f"{SVG_TAG}circle")
            assert 2 * float(circle.get("r")) * k < TARGET       # the drawn thief alone would be too small


def test_a_non_uniform_grid_in_board_svg():
    svg = parse_html(board_svg(3, 3, {(1, 1): {"kind": "doorway", "colour": "red"}}, row_sizes=[10, 30, 10],
                               col_sizes=[30, 10, 30], pieces=[{"cell": (0, 0), "letter": "P1"}],
                               arrows=[((0, 0), (0, 2))], highlights=[(2, 2)]))
    assert (svg.get("width"), svg.get("height")) == ("74", "54")
    door = next(g for g in groups(svg, "furlib-cell") if g.get("data-kind") == "doorway")
    assert extent(door) == (32, 12, 42, 42)
    assert float(door.find(f"{SVG_TAG}text").get("font-size")) == pytest.approx(8.5)   # fills its 10 px
    piece = groups(svg, "furlib-piece")[0]
    assert extent(piece) == (2, 2, 32, 12)                      # the whole cell, 30 x 10
    assert float(piece.find(f"{SVG_TAG}circle").get("r")) == pytest.approx(3.6)      # 0.36 of its 10 px side
    line = groups(svg, "furlib-arrow")[0].find(f"{SVG_TAG}line")
    assert float(line.get("y1")) == float(line.get("y2")) == 7   # along the middle of row 0
    for bad, words in [([10, 30], "row_sizes must have 3 sizes, one per row, got 2"),
                       ([10, 30, 1], r"row_sizes\[2\] \(pixels\)"), ("10", "row_sizes must be None or a list")]:
        with pytest.raises(ValueError, match=words):
            board_svg(3, 3, row_sizes=bad)


def key_items(html: str) -> tuple[list[str], list]:
    root = parse_html(html)
    ul = next(e for e in root.iter("ul") if e.get("class") == "th-key")
    items = ul.findall("li")
    return [visible_text(li) for li in items], ul


def test_the_key_to_the_board_says_what_every_mark_means():
    g = Thieves(["You", "Dark"], seed=1)
    html = thieves_html(g)
    words, ul = key_items(html)
    assert ul.get("aria-label") == "Key to the board"
    assert "Key to the board" in visible_text(parse_html(html))               # its visible heading too
    assert words == [
        "Y1 to Y4: your thieves, light. D1 to D4: Dark's thieves, dark with a ring inside.",
        "A gold star on a thief: it carries the gold.",
        "* on the black square in the middle: the gold lies there at the start. A thief on a pathway beside it "
        "takes the gold with a black key.",
        "Y with a double border: your exit (D: Dark's). The thief carrying the gold escapes from its own exit with "
        "a black key, while an accomplice stands beside it.",
        "y in lower case: the three pathways around your exit (d: around Dark's). The exit rules: only one thief "
        "of the other gang and one accomplice of the exit's own gang may stand on them, and the carrier escapes "
        "only with an accomplice there.",
        "A letter on a doorway is its colour: R red, Y yellow, G green, B blue. A key of that colour or a white "
        "key opens it; a black key opens only the central square and the exits.",
        "A dashed blue square: you can click it now (a thief to choose, or where it goes).",
        "Arrows: the last turn's moves (blue: a thief moved; yellow: the gold was taken, passed or stolen).",
    ]
    # the pictures are hidden from screen readers (the words say it all) and are not squares of the board
    for li in ul.findall("li"):
        icons = li.findall(f".//{SVG_TAG}svg")
        assert icons and all(s.get("aria-hidden") == "true" and s.get("focusable") == "false" for s in icons)
        assert not [e for e in li.iter() if e.get("data-cell") or e.get("data-row")]


def test_the_key_names_what_the_board_draws():
    """The letters in the key are those on the board: the gangs' exits and the pathways around them, the
    doorways' colours; with other names, other letters."""
    g = Thieves(["Pale", "Dark"], seed=1)
    svg = parse_html(board_picture(g))
    letter = {c.get("data-cell"): c.get("data-letter") for c in groups(svg, "furlib-cell")}
    ex0, ex1 = g.board.exits
    assert letter[f"{ex0[0]},{ex0[1]}"] == "P" and letter[f"{ex1[0]},{ex1[1]}"] == "D"
    assert {letter[f"{r},{c}"] for r, c in g.board.surrounds[0]} == {"p"}
    doors = {c.get("data-letter") for c in groups(svg, "furlib-cell") if c.get("data-kind") == "doorway"}
    words, _ = key_items(str(board_key(g)).join(["<div>", "</div>"]))
    assert words[0].startswith("P1 to P4: Pale's thieves, light. D1 to D4: Dark's thieves")
    assert words[3].startswith("P with a double border: Pale's exit (D: Dark's).")
    assert words[4].startswith("p in lower case: the three pathways around Pale's exit (d: around Dark's).")
    listed = words[5].split(": ")[1].split(".")[0].split(", ")
    assert sorted(w.split()[0] for w in listed) == sorted(doors) == ["B", "G", "R", "Y"]


def test_the_key_stands_beside_the_board_and_under_it_on_a_phone():
    html = thieves_html(Thieves(seed=1))
    assert "flex: 1 1 220px; order: 2;}" in html                                          # after the board
    assert ".furlib-thieves {padding: 10px min(14px, 2vw);}" in html                     # a phone: more board
    root = parse_html(html)
    side = next(e for e in root.iter("div") if e.get("class") == "furlib-side")
    assert side.find(".//ul[@class='th-key']") is not None
