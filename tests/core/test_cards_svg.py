"""Playing cards: parsed structure, titles, data attributes, letters, face-down secrecy, bad input."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from furlib.core.show.cards_svg import CARD_COLOURS, CARD_MARKS, card_back_svg, card_row, card_svg
from furlib.core.show.markup import PALETTE
from furlib.testing import parse_html

SVG = "{http://www.w3.org/2000/svg}"


def title(svg: ET.Element) -> str:
    return svg.find(f"{SVG}title").text


def texts(svg: ET.Element) -> list[str]:
    """The words drawn on the card (not the title)."""
    return ["".join(t.itertext()) for t in svg.iter(f"{SVG}text")]


def fills(svg: ET.Element) -> set[str]:
    return {e.get("fill") for e in svg.iter() if e.get("fill")}


def strokes(svg: ET.Element) -> set[str]:
    return {e.get("stroke") for e in svg.iter() if e.get("stroke")}


def classes(svg: ET.Element) -> list[str]:
    return svg.get("class").split()


@pytest.mark.parametrize("colour, letter", list(zip(CARD_COLOURS, ["R", "Y", "G", "B", "P", "Gy"])))
def test_numbered_card_says_its_colour_by_letter_title_and_data(colour, letter):
    svg = parse_html(card_svg(7, colour, subtitle="Lion"))
    assert svg.tag == f"{SVG}svg" and svg.get("role") == "img"
    assert title(svg) == f"{colour.capitalize()} 7, Lion" == svg.get("aria-label")
    assert (svg.get("data-number"), svg.get("data-colour")) == ("7", colour)
    assert svg.get("data-face-down") is None and svg.get("data-label") is None
    assert texts(svg) == [letter, "7", "Lion"]                # the letter, the number, the subtitle
    assert PALETTE[colour][0] in fills(svg)                   # the band in the colour
    assert classes(svg) == ["furlib-card", "furlib-card-number"]
    assert (svg.get("height"), svg.get("width")) == ("84", "59")


def test_each_colour_has_its_own_shape_besides_the_letter():
    shapes = set()
    for colour in CARD_COLOURS:
        svg = parse_html(card_svg(3, colour))
        g = next(e for e in svg.iter(f"{SVG}g") if (e.get("transform") or "").startswith("translate"))
        assert g.get("fill") == PALETTE[colour][1]            # drawn in the ink that contrasts with the band
        shapes.add(ET.tostring(g[0]) + ET.tostring(g[-1]))
    assert len(shapes) == len(CARD_COLOURS) == 6


def test_letters_can_be_changed_and_colours_are_forgiving():
    svg = parse_html(card_svg(12, "Grey", letters={"gray": "K"}))
    assert svg.get("data-colour") == "gray" and texts(svg) == ["K", "12"]
    assert title(svg) == "Gray 12"


def test_special_cards_show_a_label_instead_of_a_number():
    plus = parse_html(card_svg("+2", None))
    assert title(plus) == "+2 card" and plus.get("data-label") == "+2"
    assert plus.get("data-number") is None and plus.get("data-colour") is None
    assert texts(plus) == ["+2"] and "furlib-card-special" in classes(plus)
    change = parse_html(card_svg("Color change", None, title="Color-Change card: any colour at the end"))
    assert texts(change) == ["Color", "change"]               # two lines
    assert title(change) == "Color-Change card: any colour at the end"
    red = parse_html(card_svg("-3", "red"))
    assert title(red) == "Red -3 card" and red.get("data-colour") == "red" and texts(red) == ["R", "-3"]


def test_title_given_by_the_caller_and_escaped():
    html = card_svg(7, "red", title="Red 7, Lion: activate <one> & more", subtitle="<Lion>")
    assert "<one>" not in html and "<Lion>" not in html
    svg = parse_html(html)
    assert title(svg) == "Red 7, Lion: activate <one> & more"
    assert texts(svg)[-1] == "<Lion>"
    long = parse_html(card_svg(1, "blue", subtitle="Hippopotamus"))
    assert texts(long)[-1] == "Hippopota\u2026" and title(long) == "Blue 1, Hippopotamus"


def test_marks_draw_rings_and_are_said():
    plain = parse_html(card_svg(5, "green"))
    svg = parse_html(card_svg(5, "green", marked=["selected", "target"]))
    assert title(svg) == "Green 5, selected, can be chosen"
    assert {"furlib-card-selected", "furlib-card-target"} <= set(classes(svg))
    assert CARD_MARKS["selected"][0] in strokes(svg) and CARD_MARKS["selected"][0] not in strokes(plain)
    assert any(e.get("stroke-dasharray") for e in svg.iter())     # "target" is dashed, not just blue


def test_face_down_card_carries_nothing_of_its_face():
    html = card_svg(7, "red", title="Red 7, Lion", subtitle="Lion", face_down=True, marked="selected",
                    attrs={"data-card": 4})
    svg = parse_html(html)
    assert svg.get("data-face-down") == "true" and svg.get("data-card") == "4"
    assert title(svg) == "face-down card, selected"
    for name in ("data-number", "data-colour", "data-label"):
        assert svg.get(name) is None
    assert texts(svg) == []
    assert not re.search(r"red|lion|\b7\b", " ".join(svg.itertext()), re.I)
    assert PALETTE["red"][0] not in html
    assert "furlib-card-back" in classes(svg)
    # the back is the same whatever the face
    assert card_svg(3, "blue", face_down=True) == card_svg("+4", None, face_down=True) == card_back_svg()


def test_card_back_names_the_card_but_refuses_face_attributes():
    svg = parse_html(card_back_svg(title="Ann's face-down card", size=60))
    assert title(svg) == "Ann's face-down card" and svg.get("height") == "60"
    with pytest.raises(ValueError, match=re.escape("must not carry its face: drop the attributes "
                                                   "['data-colour', 'data-number']")):
        card_svg(7, "red", face_down=True, attrs={"data-number": 7, "data-colour": "red"})


def test_card_row_is_a_labelled_group():
    row = parse_html(card_row([card_svg(1, "red"), card_back_svg()], label="Ann's <hand>"))
    assert row.tag == "div" and row.get("role") == "group" and row.get("aria-label") == "Ann's <hand>"
    assert row.get("class") == "furlib-cards" and len(row.findall(f"{SVG}svg")) == 2


@pytest.mark.parametrize("args, kwargs, message", [
    ((13.5, "red"), {}, "number must be a whole number from 0 to 99 or a special card's label"),
    ((100, "red"), {}, "got 100"),
    ((True, "red"), {}, "got True"),
    (("", "red"), {}, "got ''"),
    (("a very long label indeed", None), {}, "at most 16 characters"),
    ((7, None), {}, "colour must be one of ['red', 'yellow', 'green', 'blue', 'purple', 'gray'] "
                    "for a numbered card, got None"),
    ((7, "pink"), {}, "colour must be one of ['red', 'yellow', 'green', 'blue', 'purple', 'gray'], got 'pink'"),
    ((7, "black"), {}, "got 'black'"),
    ((7, "pink"), {"face_down": True}, "got 'pink'"),
    ((7, "red"), {"face_down": "yes"}, "face_down must be True or False, got 'yes'"),
    ((7, "red"), {"marked": "gold"}, "marked must be None, one of ['scoring', 'selected', 'target']"),
    ((7, "red"), {"size": 10}, "size (pixels) must be a whole number from 24 to 400, got 10"),
    ((7, "red"), {"subtitle": 3}, "subtitle must be None or a string"),
    ((7, "red"), {"letters": {"red": "RED"}}, "letters['red'] must be 1 or 2 characters"),
    ((7, "red"), {"letters": {"pink": "P"}}, "letters key must be one of"),
    ((7, "red"), {"attrs": {"on click": 1}}, "attribute names must be plain names"),
])
def test_bad_input_is_refused_with_a_clear_message(args, kwargs, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        card_svg(*args, **kwargs)
