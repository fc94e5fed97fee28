"""The Thieves repr: well-formed HTML, the labyrinth, thieves told apart without colour, the gold, arrows."""

import pytest

from furlib import Thieves
from furlib.testing import SVG_TAG, parse_html, visible_text
from furlib.thieves import Move, Roll, TakeGold
from furlib.thieves.render import gang_letters, thieves_html

# written against the classic labyrinth's squares (see tests/thieves/conftest.py)
pytestmark = pytest.mark.classic_map


def cells(root, **attrs):
    out = []
    for e in root.iter(f"{SVG_TAG}g"):
        if all(e.get(f"data-{k}") == v for k, v in attrs.items()):
            out.append(e)
    return out


def test_the_board_and_its_parts():
    g = Thieves(seed=1)
    root = parse_html(g._repr_html_())
    assert len(cells(root, kind="doorway")) == 64
    assert {e.get("data-letter") for e in cells(root, kind="doorway")} == {"R", "Y", "G", "B"}
    assert len(cells(root, kind="exit")) == 2 and len(cells(root, kind="special")) == 1
    pieces = [e for e in root.iter(f"{SVG_TAG}g") if e.get("class") == "furlib-piece"]
    assert len(pieces) == 8
    assert sorted(p.get("data-letter") for p in pieces) == ["D1", "D2", "D3", "D4", "P1", "P2", "P3", "P4"]
    titles = [p.find(f"{SVG_TAG}title").text for p in pieces]
    assert "Pale's thief 1 on C1" in titles and any(t.startswith("Dark's thief 4 on ") for t in titles)
    beside = [e.find(f"{SVG_TAG}title").text for e in cells(root, kind="pathway")]
    assert sum("beside Pale's exit" in t for t in beside) == 3 and sum("beside the gold" in t for t in beside) == 4
    text = visible_text(root)
    assert "Turn 1: Pale to roll" in text and "The gold lies on the central square." in text
    assert "Pale: thieves P1 to P4 (light, solid), exit A1" in text and "exit H8" in text


def test_dice_targets_and_arrows_during_a_turn():
    g = Thieves(seed=1).apply(Roll(("red", "white")))
    html = g._repr_html_()
    root = parse_html(html)
    dice = [e for e in root.iter() if e.get("data-key")]
    assert [(d.get("data-key"), d.get("data-state")) for d in dice] == [("red", "unused"), ("white", "unused")]
    targets = cells(root, target="true")
    assert {(int(e.get("data-row")), int(e.get("data-col"))) for e in targets} == {(1, 3), (1, 7)}
    g.apply(Move(1, 1, 3, "white"))
    root = parse_html(g._repr_html_())
    dice = [e for e in root.iter() if e.get("data-key")]
    assert [d.get("data-state") for d in dice] == ["unused", "used"]
    arrows = [e for e in root.iter(f"{SVG_TAG}g") if e.get("class") == "furlib-arrow"]
    assert [(a.get("data-from"), a.get("data-to")) for a in arrows] == [("1,5", "1,3")]
    # after the turn the arrows stay, the dice go
    g.apply(g.legal_actions()[0])
    root = parse_html(g._repr_html_())
    assert len([e for e in root.iter(f"{SVG_TAG}g") if e.get("class") == "furlib-arrow"]) == 2
    assert "Turn 2: Dark to roll" in visible_text(root)


def test_the_carrier_and_the_end(small):
    g = Thieves(board=small, seed=1)
    g._set_state(thieves=[[1, 5], [1, 7], [5, 1], [3, 3], [5, 3], [5, 7], [7, 1], [7, 3]])
    g.apply(Roll(("black", "black"))).apply(TakeGold(4))
    root = parse_html(g._repr_html_())
    carrier = [e for e in root.iter(f"{SVG_TAG}g") if e.get("data-marker") == "carries the gold"]
    assert [c.get("data-letter") for c in carrier] == ["P4"]
    assert "Pale's thief 4 carries the gold (on B2)." in visible_text(root)
    g = Thieves(["You", "Dark"], seed=4).play()
    text = visible_text(parse_html(g._repr_html_()))
    assert ("You escape with the gold and win!" in text) if g.winner == "You" else \
        "Dark escapes with the gold and wins!" in text


def test_letters_when_initials_clash():
    assert gang_letters(("Pale", "Dark")) == ("P", "D")
    assert gang_letters(("Ann", "Amy")) == ("A", "B")
    root = parse_html(thieves_html(Thieves(["Ann", "Amy"], seed=1)))
    letters = sorted(e.get("data-letter") for e in root.iter(f"{SVG_TAG}g") if e.get("class") == "furlib-piece")
    assert letters == ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]


def test_doubling_shows_the_stake(small):
    g = Thieves(board=small, doubling=True, seed=1)
    text = visible_text(parse_html(g._repr_html_()))
    assert "stake 1" in text and "Pale may offer to double before rolling" in text


def test_the_board_is_labelled_and_names_its_squares_so():
    """Columns A to H and rows 1 to 8 on the edges; every title names squares by those labels."""
    g = Thieves(seed=1).apply(Roll(("red", "white"))).apply(Move(1, 1, 3, "white"))
    root = parse_html(g._repr_html_())
    labels = [e for e in root.iter(f"{SVG_TAG}g") if e.get("class") == "furlib-board-labels"]
    assert len(labels) == 1 and labels[0].get("aria-hidden") == "true"
    texts = [t.text for t in labels[0].iter(f"{SVG_TAG}text")]
    assert sorted(set(texts)) == [str(n) for n in range(1, 9)] + sorted("ABCDEFGH")
    assert all(texts.count(x) == 2 for x in set(texts))      # both edges
    title = {(e.get("data-row"), e.get("data-col")): e.find(f"{SVG_TAG}title").text for e in cells(root)
             if "furlib-cell" in (e.get("class") or "")}
    assert title[("1", "3")].startswith("pathway B1") and title[("15", "15")] == "Dark's exit H8"
    assert title[("1", "4")] == "blue doorway between B1 and C1" and title[("0", "4")] == "wall"
    assert title[("2", "1")] == "wall between A1 and A2"
    assert not any("row" in t or "column" in t for t in title.values())
    arrow = next(e for e in root.iter(f"{SVG_TAG}g") if e.get("class") == "furlib-arrow")
    assert arrow.find(f"{SVG_TAG}title").text == "Pale's thief 1 moved: C1 to B1"
    assert "thief 1 moves to B1" in visible_text(root)


def test_the_board_scales_to_the_width_available():
    root = parse_html(thieves_html(Thieves(seed=1)))
    svg = next(e for e in root.iter(f"{SVG_TAG}svg") if "th-board" in (e.get("class") or ""))
    w = int(svg.get("width"))
    # 17 columns: 8 of pathways (42 px), the central square's (42), 6 of walls and doorways (14), the map's two
    # edges (8 each); the 2 px frame on both sides, and the coordinates' margins (0.6 of 30 px each side)
    assert w == 8 * 42 + 42 + 6 * 14 + 2 * 8 + 4 + 2 * 18 == 518
    assert svg.get("viewBox") == f"0 0 {w} {svg.get('height')}" and svg.get("height") == "518"   # square
    assert svg.get("style") == f"width: 100%; max-width: {w}px; height: auto;"
    html = thieves_html(Thieves(seed=1))
    assert f"flex: 3 1 320px; max-width: {w}px;}}" in html             # the board's column: up to its natural size


def test_the_app_highlights_exactly_the_squares_it_passes():
    g = Thieves(seed=1).apply(Roll(("red", "white")))
    root = parse_html(thieves_html(g, targets={(1, 5): "Select thief 1"}))
    assert [(e.get("data-row"), e.get("data-col")) for e in cells(root, target="true")] == [("1", "5")]
    usable = [e for e in root.iter(f"{SVG_TAG}g") if e.get("data-usable") == "true"]
    assert [u.get("data-letter") for u in usable] == ["P1"]
    root = parse_html(thieves_html(g, targets={}))
    assert cells(root, target="true") == []


def test_the_row_of_dice_keeps_its_place_before_a_roll():
    """The board does not jump down after a roll: the dice's row is there, empty, before it."""
    from furlib import Thieves
    from furlib.thieves.actions import Roll

    before = Thieves(["You", "Dark"], seed=1)
    assert '<div class="th-dice" data-roll=""></div>' in before._repr_html_()
    after = before.copy().apply(Roll(("red", "white")))
    assert 'data-roll="red white"' in after._repr_html_()
