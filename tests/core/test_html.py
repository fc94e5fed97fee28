"""The shared HTML building blocks: well-formed, accessible, escaped, themed."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from furlib.core.show.html import (
    MARKS,
    Markup,
    attrs_html,
    badge,
    blank_die_svg,
    die_svg,
    escape,
    event_list,
    score_table,
    symbol_die_svg,
    theme_css,
)
from furlib.core.show.page import game_page
from furlib.testing import visible_text

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    """Parse as XML: raises if a tag is unclosed, an attribute unquoted or a & unescaped."""
    return ET.fromstring(markup)


def pips(svg: ET.Element) -> int:
    return len(svg.findall(f"{SVG}circle"))


def title(svg: ET.Element) -> str:
    return svg.find(f"{SVG}title").text


def text_of(el: ET.Element) -> str:
    return "".join(el.itertext())


def stroke_colours(svg: ET.Element) -> set[str]:
    return {e.get("stroke") for e in svg.iter() if e.get("stroke")}


# ------------------------------------------------------------------ escape
def test_escape_handles_markup_chars_and_is_idempotent():
    assert escape("<b>&") == "&lt;b&gt;&amp;"
    assert escape('say "hi" \'x\'') == "say &quot;hi&quot; &#x27;x&#x27;"
    once = escape("a & b")
    assert isinstance(once, Markup)
    assert escape(once) == "a &amp; b"          # not &amp;amp;
    assert escape(3) == "3"


def test_attrs_html_escapes_values_skips_none_and_refuses_bad_names():
    assert attrs_html({"data-die": 2, "title": None, "aria-label": 'a "&" b'}) == \
        ' data-die="2" aria-label="a &quot;&amp;&quot; b"'
    with pytest.raises(ValueError, match="onclick x"):
        attrs_html({"onclick x": "1"})


# ------------------------------------------------------------------- theme
def css_rules(style: str) -> list[tuple[str, str]]:
    body = parse(style).text
    return re.findall(r"([^{}]+)\{([^{}]*)\}", body)


def test_theme_css_scopes_every_selector_and_uses_jp_variables():
    style = theme_css("furlib-test", {".extra, .other b": "color: red;", "": "margin: 0;"})
    rules = css_rules(style)
    assert len(rules) > 10
    for selector, _ in rules:
        for part in selector.split(","):
            part = part.strip()
            assert part == ".furlib-test" or part.startswith(".furlib-test "), part
    assert (".furlib-test .extra, .furlib-test .other b", "color: red;") in [(s.strip(), b) for s, b in rules]
    root = next(b for s, b in rules if s.strip() == ".furlib-test")
    for var in ("var(--jp-ui-font-color1, inherit)", "var(--jp-layout-color1, transparent)",
                "var(--jp-border-color1, #ccc)"):
        assert var in root


def test_theme_is_game_neutral():
    css = theme_css("furlib-x").lower()
    for word in ("beekin", "furcle", "leader", "furgle", "scoring", "bullion", "cash-in"):
        assert word not in css, word
    assert ".furlib-x .furlib-badge-winner" in css and ".furlib-x .furlib-badge-to-play" in css


def test_badge_escapes_and_classes_by_kind():
    span = parse(badge("<to> play", kind="to play"))
    assert span.tag == "span" and span.text == "<to> play"
    assert span.get("class").split() == ["furlib-badge", "furlib-badge-to-play"]
    assert parse(badge("off")).get("class") == "furlib-badge"


def test_theme_css_accepts_leading_dot_and_refuses_bad_scopes():
    assert theme_css(".furlib-x") == theme_css("furlib-x")
    for bad in ("furlib x", "1abc", "", "a{b}", None, 7):
        with pytest.raises(ValueError, match="scope must be a CSS class name"):
            theme_css(bad)
    with pytest.raises(ValueError, match="without '<'"):
        theme_css("ok", {".a": "content: '</style>';"})


# -------------------------------------------------------------------- dice
@pytest.mark.parametrize("face", range(1, 7))
def test_d6_shows_as_many_pips_as_its_face(face):
    svg = parse(die_svg(face, size=40))
    assert svg.tag == f"{SVG}svg"
    assert svg.get("role") == "img"
    assert title(svg) == f"die showing {face}" == svg.get("aria-label")
    assert (svg.get("width"), svg.get("height")) == ("40", "40")
    assert pips(svg) == face
    assert svg.find(f"{SVG}text") is None
    assert stroke_colours(svg).isdisjoint(c for c, _ in MARKS.values())


def test_big_dice_show_numbers_and_6_9_are_underlined():
    svg = parse(die_svg(17, sides=20))
    assert text_of(svg.find(f"{SVG}text")) == "17"
    assert pips(svg) == 0
    assert title(svg) == "die showing 17"
    rects = lambda s: len(parse(s).findall(f"{SVG}rect"))  # noqa: E731 - a one-line helper beside its use
    assert rects(die_svg(9, sides=20)) == rects(die_svg(8, sides=20)) + 1
    assert rects(die_svg(6, sides=6, pips=False)) == rects(die_svg(5, sides=6, pips=False))  # no 9 on a d6


def test_marked_dice_look_different_and_say_so():
    plain = parse(die_svg(4))
    scoring = parse(die_svg(4, marked="scoring"))
    assert title(scoring) == "die showing 4, scoring"
    assert "furlib-die-scoring" in scoring.get("class").split()
    assert MARKS["scoring"][0] in stroke_colours(scoring)
    assert MARKS["scoring"][0] not in stroke_colours(plain)
    both = parse(die_svg(6, marked=["scoring", "beekin"]))
    assert title(both) == "die showing 6, scoring, raised by Beekin"
    assert {MARKS["scoring"][0], MARKS["beekin"][0]} <= stroke_colours(both)
    assert "+1" in [text_of(t) for t in both.iter(f"{SVG}text")]
    assert pips(both) == 6 + 1                    # the six pips and the badge
    lost = parse(die_svg(2, marked="lost"))
    assert title(lost) == "die showing 2, lost" and MARKS["lost"][0] in stroke_colours(lost)


def test_die_attrs_and_custom_title():
    svg = parse(die_svg(3, attrs={"data-die": 0, "class": "mine"}, title="Ann's & die"))
    assert svg.get("data-die") == "0"
    assert svg.get("class").split() == ["furlib-die", "mine"]
    assert title(svg) == "Ann's & die"


@pytest.mark.parametrize("kwargs, message", [
    ({"face": 0}, "face must be a whole number from 1 to 6, got 0"),
    ({"face": 7}, "face must be a whole number from 1 to 6, got 7"),
    ({"face": 2.5}, "got 2.5"),
    ({"face": True}, "got True"),
    ({"face": 3, "marked": "gold"}, "marked must be None, one of"),
    ({"face": 3, "size": 0}, "size (pixels) must be a whole number from 8 to 400, got 0"),
    ({"face": 12, "sides": 20, "pips": True}, "pips can show faces 1 to 6 only"),
])
def test_die_svg_refuses_bad_input(kwargs, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        die_svg(**kwargs)


def test_blank_die_is_dashed_and_has_no_pips():
    svg = parse(blank_die_svg(size=30))
    assert title(svg) == "die to roll"
    assert "furlib-die-blank" in svg.get("class").split() and "furlib-die" not in svg.get("class").split()
    assert any(e.get("stroke-dasharray") for e in svg.iter())
    assert pips(svg) == 0 and text_of(svg.find(f"{SVG}text")) == "?"


# ----------------------------------------------------------------- symbols
RING = Markup('<circle cx="50" cy="50" r="25" fill="none" stroke-width="8" stroke="currentColor"/>')
BAR = Markup('<rect x="25" y="45" width="50" height="10" fill="currentColor"/>')


def test_symbol_die_draws_the_icon_given_by_the_caller():
    svg = parse(symbol_die_svg("ring", icon=RING, size=50, attrs={"data-kind": "ring"}))
    assert title(svg) == "die showing ring" and svg.get("data-kind") == "ring"
    assert "furlib-sym-ring" in svg.get("class").split()
    assert svg.find(f".//{SVG}text") is None                    # the icon, not the word
    assert [c.get("r") for c in svg.iter(f"{SVG}circle")] == ["25"]
    other = parse(symbol_die_svg("bar", icon=BAR, marked="scoring"))
    assert title(other) == "die showing bar, scoring" and MARKS["scoring"][0] in stroke_colours(other)
    assert ET.tostring(svg) != ET.tostring(other)


def test_symbol_die_refuses_untrusted_icons():
    with pytest.raises(ValueError, match="icon must be None or trusted SVG markup wrapped in .*Markup, got str"):
        symbol_die_svg("ring", icon='<circle r="5"/>')
    with pytest.raises(ValueError, match="symbol must be None or a short name"):
        symbol_die_svg("ring", icon=RING, symbol="  ")


def test_symbol_die_falls_back_to_text_escaped_and_truncated():
    svg = parse(symbol_die_svg("<&>"))
    assert text_of(svg.find(f"{SVG}text")) == "<&>"
    long = parse(symbol_die_svg("treasure chest", marked="selected"))
    assert text_of(long.find(f"{SVG}text")) == "treasur\u2026"
    assert title(long) == "die showing treasure chest, selected"
    icon = parse(symbol_die_svg("Furgle!", symbol="furgle", icon=RING))
    assert icon.find(f"{SVG}text") is None and title(icon) == "die showing Furgle!"
    assert "furlib-sym-furgle" in icon.get("class").split()
    with pytest.raises(ValueError, match="label must be a non-empty string"):
        symbol_die_svg("  ")


# ------------------------------------------------------------------- table
ROWS = [{"name": "Ann", "score": 20, "marks": ["to play"]},
        {"name": "<b>&", "score": 60, "marks": ["Leader"]},
        {"name": "Cy", "score": 0}]


def test_score_table_is_a_real_table_with_bars_toward_the_target():
    table = parse(score_table(ROWS, target=50, highlight="Ann", caption="Track"))
    assert table.tag == "table"
    assert text_of(table.find("caption")) == "Track"
    heads = table.findall("thead/tr/th")
    assert [h.get("scope") for h in heads] == ["col"] * 3
    assert [text_of(h) for h in heads] == ["Player", "Score", "Toward 50"]
    rows = table.findall("tbody/tr")
    assert [r.find("th").get("scope") for r in rows] == ["row"] * 3
    assert [r.find("th").text for r in rows] == ["Ann", "<b>&", "Cy"]
    assert [text_of(r.find("td")) for r in rows] == ["20", "60", "0"]
    widths = [r.find(".//span[@class='furlib-bar-fill']").get("style") for r in rows]
    assert widths == ["width: 40.0%", "width: 100.0%", "width: 0.0%"]   # 20/50, capped, 0
    togo = [text_of(r.find(".//span[@class='furlib-togo']")) for r in rows]
    assert togo == ["30 to go", "reached", "50 to go"]
    assert [r.get("class") for r in rows] == ["furlib-current", None, None]
    assert rows[0].get("aria-current") == "true"
    badges = [[b.get("class").split()[-1] for b in r.iter("span") if "furlib-badge" in b.get("class")]
              for r in rows]
    assert badges == [["furlib-badge-to-play"], ["furlib-badge-leader"], []]


def _rule(css: str, selector: str) -> str:
    """The declarations of one rule of a scoped style block."""
    m = re.search(re.escape(selector) + r" \{([^}]*)\}", css)
    assert m, selector
    return m.group(1)


def test_score_table_fits_a_phone():
    """At 360 px the view holds 300 px: the bar toward the target shrinks (the points to go wrap under it if
    need be) and a name wraps before its badges; nothing is cut (the browser test measures it)."""
    table = parse(score_table(ROWS, target=50, highlight="Ann"))
    cell = table.findall("tbody/tr")[0].findall("td")[-1]
    assert cell.get("class") == "furlib-toward-cell"
    (toward,) = cell
    assert toward.get("class") == "furlib-toward" and [c.get("class") for c in toward] == ["furlib-bar",
                                                                                           "furlib-togo"]
    css = theme_css("furlib-demo")
    assert "flex-wrap: wrap" in _rule(css, ".furlib-demo .furlib-toward")
    bar = _rule(css, ".furlib-demo .furlib-bar")
    assert "min-width: 40px" in bar and "max-width: 110px" in bar and "flex: 1 1 40px" in bar
    assert not re.search(r"(?<![-\w])width: \d", bar)                   # no fixed width: it shrinks
    assert "white-space: normal" in _rule(css, ".furlib-demo table.furlib-scores tbody th")
    assert "min-width: 240px" in _rule(css, ".furlib-demo table.furlib-scores")


def test_score_table_without_target_and_with_extra_columns():
    table = parse(score_table([{"name": "Ann", "score": 3, "Locks": 2, "Dice": Markup(die_svg(1))}],
                              columns=["Locks", "Dice"]))
    assert [text_of(h) for h in table.findall("thead/tr/th")] == ["Player", "Score", "Locks", "Dice"]
    cells = table.findall("tbody/tr/td")
    assert text_of(cells[1]) == "2"
    assert cells[2].find(f"{SVG}svg") is not None          # Markup is not escaped
    assert table.find(".//span[@class='furlib-bar']") is None


@pytest.mark.parametrize("kwargs, message", [
    ({"highlight": "Zed"}, "highlight must be None or one of the row names ['Ann', '<b>&', 'Cy'], got 'Zed'"),
    ({"target": 0}, "target must be None or a number > 0, got 0"),
    ({"target": "50"}, "got '50'"),
])
def test_score_table_refuses_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        score_table(ROWS, **kwargs)
    with pytest.raises(ValueError, match="each row must be a dict with 'name' and 'score'"):
        score_table([{"name": "Ann"}])


# ------------------------------------------------------------------ events
def test_event_list_escapes_and_classes_by_kind():
    ol = parse(event_list(["Ann & <Bob> roll", "Oh Furcle!"], kinds=["roll", "furcle"]))
    assert [li.text for li in ol] == ["Ann & <Bob> roll", "Oh Furcle!"]
    assert [li.get("class") for li in ol] == ["furlib-ev-roll", "furlib-ev-furcle"]
    assert len(parse(event_list([]))) == 0
    with pytest.raises(ValueError, match="one entry per text"):
        event_list(["a", "b"], kinds=["roll"])


# -------------------------------------------------------------------- page
class Ev:
    def __init__(self, text, kind):
        self.text, self.kind = text, kind


def page(**kw):
    args = {"title": "Demo & co", "main": Markup("<p>scores</p>")}
    args.update(kw)
    return parse(game_page("demo", **args))


def test_game_page_frames_header_banner_columns_and_events():
    events = [Ev(f"event {i}", "roll") for i in range(7)] + [Ev("Ann <wins>", "win")]
    root = page(status="turn 2: <Ann> to roll", info="target 50", badges=["X factor"],
                banner="Ann & Bob tie", banner_class="demo-tie", top=Markup('<p class="top">cards</p>'),
                side=Markup('<p class="side">dice</p>'), events=events, last_events=3,
                css={".x": "color: red;", ".furlib-side": "flex: 1 1 99px;"})
    assert root.tag == "div" and root.get("class") == "furlib furlib-demo"
    kids = list(root)
    assert [k.tag for k in kids] == ["style", "div", "div", "p", "div", "div", "ol"]
    head, banner, top, body, label, ol = kids[1:]
    assert head.get("class") == "furlib-head"
    assert [(e.get("class"), visible_text(e)) for e in head] == [
        ("furlib-title", "Demo & co"), (None, "turn 2: <Ann> to roll"), ("furlib-muted", "target 50"),
        ("furlib-badge furlib-badge-x-factor", "X factor")]
    assert banner.get("class").split() == ["furlib-banner", "demo-tie"] and banner.get("role") == "status"
    assert visible_text(banner) == "Ann & Bob tie"
    assert top.get("class") == "top"
    assert [c.get("class") for c in body] == ["furlib-side", "furlib-main"]
    assert visible_text(body) == "dice scores"
    assert visible_text(label) == "Recent events"
    assert [li.text for li in ol] == ["event 5", "event 6", "Ann <wins>"]
    assert [li.get("class") for li in ol][-1] == "furlib-ev-win"
    rules = dict((s.strip(), b) for s, b in css_rules(ET.tostring(kids[0]).decode()))
    assert rules[".furlib-demo .x"] == "color: red;"
    side = rules[".furlib-demo .furlib-side"]
    assert side.index("260px") < side.index("99px") and "min-width: 0" in side   # the game's rule wins


def test_game_page_drops_empty_parts():
    root = page(events=[Ev("a", "roll")], last_events=0)
    assert [k.tag for k in root] == ["style", "div", "div"]
    assert [c.get("class") for c in root[2]] == ["furlib-main"]
    assert [e.get("class") for e in root[1]] == ["furlib-title"]
    assert root.find(".//div[@role='status']") is None and root.find(".//ol") is None


@pytest.mark.parametrize("kwargs, message", [
    ({"game": "Furcle"}, "game must be a short lower-case name such as 'furcle', got 'Furcle'"),
    ({"title": ""}, "title must be a non-empty string"),
    ({"badges": "winner"}, "badges must be a list of labels, not one string, got 'winner'"),
    ({"banner_class": "a b"}, "banner_class must be None or a class name"),
    ({"last_events": -1}, "last_events must be >= 0, got -1"),
    ({"events": ["Ann rolls"]}, "events must have .text and .kind"),
    ({"css": {".a": "content: '<';"}}, "without '<'"),
])
def test_game_page_refuses_bad_arguments(kwargs, message):
    args = {"game": "demo", "title": "Demo"}
    args.update(kwargs)
    with pytest.raises(ValueError, match=re.escape(message)):
        game_page(args.pop("game"), **args)


def test_html_module_imports_no_display_library():
    code = ("import sys, furlib.core.show.html as h, furlib.core.show.page, furlib.core.show.cards_svg, "
            "furlib.core.show.board_svg; "
            "h.die_svg(3); "
            "print(sorted(m for m in ('IPython', 'ipywidgets', 'plotly') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
