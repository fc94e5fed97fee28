"""Oh Furcle!'s HTML repr, checked on rigged positions whose contents are known by hand."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from furlib.furcle import AcceptFurcle, Beekin, Dice, Furcle, Roll, Satisfied
from furlib.furcle.render import furcle_html
from furlib.testing import parse_html, visible_text

SVG = "{http://www.w3.org/2000/svg}"


def parse(game: Furcle, **kw) -> ET.Element:
    return parse_html(furcle_html(game, **kw))   # raises unless well-formed


text_of = visible_text


def dice(root: ET.Element) -> list[ET.Element]:
    """The dice on the table: the SVGs with a data-die attribute, in document order."""
    return [s for s in root.iter(f"{SVG}svg") if s.get("data-die") is not None]


def classes(el: ET.Element) -> list[str]:
    return (el.get("class") or "").split()


def blanks(root: ET.Element) -> int:
    return sum("furlib-die-blank" in classes(s) for s in root.iter(f"{SVG}svg"))


def titles(svgs) -> list[str]:
    return [s.find(f"{SVG}title").text for s in svgs]


def score_rows(root: ET.Element) -> dict[str, tuple[str, list[str], str | None]]:
    """name -> (score text, badge texts, row class) from the score table."""
    out = {}
    for tr in root.find(".//table").findall("tbody/tr"):
        th = tr.find("th")
        badges = [text_of(b) for b in th.findall("span")]
        out[th.text] = (text_of(tr.find("td")), badges, tr.get("class"))
    return out


def test_fresh_game_shows_dice_to_roll_and_empty_scores():
    g = Furcle(players=["Ann", "Bob"], seed=1)
    root = parse(g)
    assert root.tag == "div" and "furlib-furcle" in classes(root)
    assert dice(root) == [] and blanks(root) == 5
    text = text_of(root)
    assert "Ann is about to roll 5 dice" in text
    assert "Toward 50" in text and "target 50" in text
    assert "No Leader yet" in text and "Beekin available" in text
    assert score_rows(root) == {"Ann": ("0", ["to play"], "furlib-current"), "Bob": ("0", [], None)}
    assert root.find(".//ol") is None                  # no events yet


def test_rigged_roll_marks_the_scoring_dice():
    g = Furcle(players=["Ann", "Bob"], seed=1).apply(Dice((3, 3, 5, 6, 1)))
    root = parse(g)
    ds = dice(root)
    assert len(ds) == len(g.dice) == 5
    assert [d.get("data-die") for d in ds] == ["0", "1", "2", "3", "4"]
    assert [int(d.get("data-face")) for d in ds] == [3, 3, 5, 6, 1]
    assert g.scoring_mask == (True, True, False, False, False)       # the pair of 3s
    assert ["furlib-die-scoring" in classes(d) for d in ds] == list(g.scoring_mask)
    assert titles(ds) == ["die showing 3, scoring", "die showing 3, scoring", "die showing 5",
                          "die showing 6", "die showing 1"]
    text = text_of(root)
    assert "This roll 3 Turn score 3" in text
    assert "A pair of 3s scores 3. Ann may be Satisfied with 3 or roll the 2 scoring dice again." in text
    assert "green: scoring dice" in text
    assert "turn 1: Ann to decide" in text


def test_beekin_die_is_marked_and_the_roll_rescored():
    g = Furcle(players=["Ann", "Bob"], seed=1).apply(Dice((3, 3, 5, 6, 1))).apply(Beekin(2))
    root = parse(g)
    ds = dice(root)
    assert [int(d.get("data-face")) for d in ds] == [3, 3, 6, 6, 1]
    assert g.beekin_die == 2
    assert ["furlib-die-beekin" in classes(d) for d in ds] == [False, False, True, False, False]
    assert ["furlib-die-scoring" in classes(d) for d in ds] == [True, True, True, True, False]
    assert titles(ds)[2] == "die showing 6, scoring, raised by Beekin"
    text = text_of(root)
    assert "This roll 9 Turn score 9" in text                         # pair of 3s + pair of 6s
    assert "Beekin used a 5 became a 6." in text and "Beekin available" not in text
    assert "purple +1: raised by Beekin" in text


def test_chance_point_mid_turn_shows_last_roll_and_dice_to_roll():
    g = Furcle(players=["Ann", "Bob"], seed=1).apply(Dice((3, 3, 5, 6, 1))).apply(Beekin(2)).apply(Roll())
    root = parse(g)
    assert len(dice(root)) == len(g.dice) == 5                        # the last roll, faded
    assert blanks(root) == g.dice_to_roll == 4
    text = text_of(root)
    assert "Last roll" in text and "Next roll: 4 dice" in text
    assert "Turn score 9" in text and "This roll" not in text
    assert "Ann is not Satisfied and rolls the 4 scoring dice again" in text


def test_after_a_furcle_the_banner_shows_the_lost_roll():
    g = Furcle(players=["Ann", "Bob"], seed=1).apply(Dice((3, 3, 5, 6, 1))).apply(Beekin(2)).apply(Roll())
    g.apply(Dice((1, 2, 4, 5)))                 # Beekin already used: an immediate Furcle
    assert g.current_player == "Bob" and g.dice == ()
    root = parse(g)
    assert dice(root) == [] and blanks(root) == 5
    banner = root.find(".//div[@role='status']")
    assert text_of(banner) == "Oh Furcle! Ann loses 9 and the turn ends."
    lost = list(banner.iter(f"{SVG}svg"))
    assert titles(lost) == [f"die showing {f}, lost" for f in (1, 2, 4, 5)]
    assert score_rows(root)["Bob"] == ("0", ["to play"], "furlib-current")


def test_pending_furcle_offers_beekin():
    g = Furcle(players=["Ann", "Bob"], seed=1).apply(Dice((1, 2, 4, 5, 6)))
    root = parse(g)
    ds = dice(root)
    assert len(ds) == 5 and not any("furlib-die-scoring" in classes(d) for d in ds)
    assert "All different! Ann can say Beekin to raise one die, or accept the Furcle." in text_of(root)


def test_leader_then_winner():
    g = Furcle(players=["Ann", "Bob"], target=5, seed=1)
    g.apply(Dice((6, 6, 1, 2, 3))).apply(Satisfied())                 # Ann banks 6 >= 5
    root = parse(g)
    assert score_rows(root) == {"Ann": ("6", ["Leader"], None), "Bob": ("0", ["to play"], "furlib-current")}
    text = text_of(root)
    assert "Ann is Satisfied and banks 6: track score 6. Ann reaches 5 and becomes the Leader." in text
    assert "Ann is the Leader with 6" in text
    g.apply(Dice((6, 6, 6, 1, 2))).apply(Satisfied())                 # Bob banks 16, passes Ann
    g.apply(Dice((1, 2, 3, 4, 6))).apply(AcceptFurcle())              # Ann furcles; Bob wins
    assert g.is_over and g.winner == "Bob"
    root = parse(g)
    assert dice(root) == [] and blanks(root) == 0
    assert text_of(root.find(".//div[@role='status']")) == "\u2605 Bob wins with 16 points after 3 turns!"
    assert score_rows(root) == {"Ann": ("6", [], None), "Bob": ("16", ["winner"], None)}
    assert "game over" in text_of(root)
    assert text_of(root.find(".//ol/li[last()]")) == "Bob is still the Leader at the start of their turn and wins!"


def test_player_names_are_escaped():
    name = "<b>&"
    g = Furcle(players=[name, "Bob"], seed=1).apply(Dice((2, 2, 3, 4, 5)))
    html = furcle_html(g)
    assert "<b>&" not in html and "&lt;b&gt;&amp;" in html
    root = ET.fromstring(html)
    assert name in score_rows(root)
    assert f"{name} rolls 2,2,3,4,5" in text_of(root.find(".//ol"))


def test_big_games_12_players_10_dice_d20():
    g = Furcle(players=12, n_dice=10, sides=20, seed=1)
    g.apply(Dice((20, 20, 1, 2, 3, 4, 5, 6, 7, 19)))
    root = parse(g)
    ds = dice(root)
    assert len(ds) == 10
    assert titles(ds)[:3] == ["die showing 20, scoring", "die showing 20, scoring", "die showing 1"]
    assert [d.find(f"{SVG}text").text for d in ds[:2]] == ["20", "20"]
    assert ds[0].findall(f"{SVG}circle") == []           # numbers, not pips
    rows = score_rows(root)
    assert len(rows) == 12 and rows["Player 1"][2] == "furlib-current"
    assert "target 50, 10 dice, d20" in text_of(root)


def test_one_player_without_beekin():
    g = Furcle(players=1, beekin=False, seed=1).apply(Dice((1, 2, 3, 4, 6)))   # a Furcle at once
    root = parse(g)
    assert list(score_rows(root)) == ["Player 1"]
    assert "Beekin off" in text_of(root) and "no Beekin" in text_of(root)


def test_last_events_and_bad_arguments():
    g = Furcle(players=["Ann", "Bob"], seed=1).apply(Dice((3, 3, 5, 6, 1))).apply(Beekin(2)).apply(Roll())
    assert [li.text for li in parse(g, last_events=2).find(".//ol")] == [e.text for e in g.events[-2:]]
    assert parse(g, last_events=0).find(".//ol") is None
    with pytest.raises(ValueError, match="last_events must be >= 0, got -1"):
        furcle_html(g, last_events=-1)
    with pytest.raises(ValueError, match=r"furcle_html needs a Furcle game \(or a view of one\), got str"):
        furcle_html("Ann")


def test_every_state_of_a_seeded_game_renders():
    g = Furcle(players=["Ann", "Bob", "Cy"], target=30, seed=11)
    seen_over = False
    for _ in range(400):
        html = furcle_html(g)
        root = ET.fromstring(html)
        assert len(dice(root)) == len(g.dice)
        assert blanks(root) == (g.dice_to_roll if g.is_chance else 0)
        assert "<script" not in html and not re.search(r"\son[a-z]+=", html)
        if g.is_over:
            seen_over = True
            assert f"{g.winner} wins with {g.scores[g.winner]} points" in text_of(root)
            break
        g.step()
    assert seen_over


def test_css_is_scoped_to_the_repr():
    style = ET.fromstring(furcle_html(Furcle(seed=1))).find("style").text
    for selector in re.findall(r"([^{}]+)\{", style):
        for part in selector.split(","):
            assert part.strip().startswith(".furlib-furcle"), part


def test_ipython_display_formatter_gives_html():
    from IPython.core.formatters import DisplayFormatter

    g = Furcle(players=["Ann", "Bob"], seed=1).apply(Dice((3, 3, 5, 6, 1)))
    data, _ = DisplayFormatter().format(g)
    assert data["text/html"] == furcle_html(g)
    assert data["text/plain"] == repr(g)


def test_import_furlib_and_render_import_no_display_library():
    code = ("import sys, furlib; g = furlib.Furcle(seed=1); g._repr_html_(); "
            "print(sorted(m for m in ('IPython', 'ipywidgets', 'plotly') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
