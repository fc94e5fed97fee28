"""The Furglars' HTML repr, checked on rigged positions whose contents are known by hand."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from furlib.furglars import BreakLock, Done, Furglars, Roll, StealFurgle
from furlib.furglars.art import SYMBOLS, furglars_die_svg
from furlib.furglars.bots import GreedyThief, Mastermind, RandomBot
from furlib.furglars.render import describe_chart, furglars_html
from furlib.testing import parse_html, visible_text

SVG = "{http://www.w3.org/2000/svg}"
F, L, H, X = "furgle", "lock", "hand", "x"
KSQ = ["Kenzie", "Sofia", "Quinn"]


def rolls(*counts: tuple[int, int, int, int]) -> list[Roll]:
    """Rigged rolls from (furgles, locks, hands, xs) counts."""
    return [Roll((F,) * f + (L,) * lk + (H,) * h + (X,) * x) for f, lk, h, x in counts]


def kenzie() -> Furglars:
    """The rulebook's example position (as in test_rules.py): Kenzie to roll 8 dice."""
    g = Furglars(KSQ, seed=0)
    for r in rolls((2, 0, 0, 2), (1, 1, 0, 4), (2, 0, 0, 6)):
        g.apply(r)
    return g


def parse(game: Furglars, **kw) -> ET.Element:
    return parse_html(furglars_html(game, **kw))   # raises unless well-formed


text_of = visible_text


def dice(root: ET.Element, **data: str) -> list[ET.Element]:
    """The dice (SVGs with data-where) whose data attributes match ``data``, in document order."""
    out = [s for s in root.iter(f"{SVG}svg") if s.get("data-where") is not None]
    return [s for s in out if all(s.get(f"data-{k}") == v for k, v in data.items())]


def kinds(svgs) -> list[str]:
    return [s.get("data-kind") for s in svgs]


def classes(el: ET.Element) -> list[str]:
    return (el.get("class") or "").split()


def titles(svgs) -> list[str]:
    return [s.find(f"{SVG}title").text for s in svgs]


def cards(root: ET.Element) -> dict[str, ET.Element]:
    return {c.get("data-player"): c for c in root.iter("div") if "fg-card" in classes(c)}


def card_dice(card: ET.Element) -> tuple[int, int]:
    ds = [s for s in card.iter(f"{SVG}svg")]
    assert all(s.get("data-where") == "card" and s.get("data-player") == card.get("data-player") for s in ds)
    return kinds(ds).count("furgle"), kinds(ds).count("lock")


def score_rows(root: ET.Element) -> dict[str, tuple[str, list[str], str | None]]:
    out = {}
    for tr in root.find(".//table").findall("tbody/tr"):
        th = tr.find("th")
        out[th.text] = (text_of(tr.find("td")), [text_of(b) for b in th.findall("span")], tr.get("class"))
    return out


def check_counts(g: Furglars, root: ET.Element) -> None:
    """Every die drawn where the game says it is."""
    for name, card in cards(root).items():
        assert card_dice(card) == (g.furgles[name], g.locks[name])
        assert (card.get("data-furgles"), card.get("data-locks")) == (str(g.furgles[name]), str(g.locks[name]))
        assert card.get("data-score") == str(g.scores[name])
    pile = dice(root, where="pile")
    assert sum(g.pass_pile.values()) == (0 if g.is_over else len(pile))
    if not g.is_over:
        assert kinds(pile).count("hand") == g.pass_pile["hand"] and kinds(pile).count("x") == g.pass_pile["x"]
        assert [s.get("data-state") for s in pile].count("broken") == g.pass_pile["lock"]
        assert [s.get("data-state") for s in pile].count("unused") == g.hands_left
        assert len(dice(root, where="front")) == (g.dice_to_roll if g.is_chance else 0)
        assert kinds(dice(root, where="roll")) == list(g.last_roll)


# ------------------------------------------------------------------ states
def test_fresh_game_shows_empty_cards_and_dice_to_roll():
    g = Furglars(["Ann", "Bob", "Cy"], seed=1)
    root = parse(g)
    assert root.tag == "div" and "furlib-furglars" in classes(root)
    cs = cards(root)
    assert list(cs) == ["Ann", "Bob", "Cy"]
    assert all(card_dice(c) == (0, 0) and c.get("data-front") == "4" for c in cs.values())
    assert "fg-card-current" in classes(cs["Ann"]) and "fg-card-current" not in classes(cs["Bob"])
    front = dice(root, where="front")
    assert len(front) == 4 and set(kinds(front)) == {"unrolled"} and {s.get("data-player") for s in front} == {"Ann"}
    assert dice(root, where="roll") == [] and dice(root, where="pile") == []
    text = text_of(root)
    assert "turn 1: Ann to roll" in text
    assert "target 15, 4 dice each (12 in play); die: 2 Furgles, 1 Lock, 2 Hands and 1 X; 1 point per Furgle" in text
    assert "Next: Ann to roll 4 dice." in text
    assert text.count("empty card") == 3
    assert score_rows(root) == {"Ann": ("0", ["to play"], "furlib-current"), "Bob": ("0", [], None),
                                "Cy": ("0", [], None)}
    assert root.find(".//ol") is None


def test_kenzie_about_to_roll():
    g = kenzie()
    root = parse(g)
    check_counts(g, root)
    cs = cards(root)
    assert card_dice(cs["Sofia"]) == (1, 1) and card_dice(cs["Quinn"]) == (2, 0) and card_dice(cs["Kenzie"]) == (0, 0)
    assert text_of(cs["Kenzie"]) == "Kenzie to play 2 points (target 15) empty card 8 dice in front, to roll"
    assert text_of(cs["Quinn"]) == ("Quinn 0 points (target 15) 2 Furgles worth 2 points at the next cash-in, "
                                    "unprotected")
    assert text_of(cs["Sofia"]) == "Sofia 0 points (target 15) 1 Furgle worth 1 point at the next cash-in"
    assert titles(dice(root, player="Sofia")) == ["Furgle on Sofia's card", "Lock on Sofia's card"]
    assert len(dice(root, where="front", player="Kenzie")) == 8
    text = text_of(root)
    assert "In front of Kenzie: 8 dice to roll" in text and "Dice to roll 8" in text
    assert text_of(root.find(".//ol/li[last()]")) == "Kenzie cashes in 2 Furgles for 2 Bullion Points (total 2)"
    assert score_rows(root)["Kenzie"] == ("2", ["to play"], "furlib-current")


def test_kenzie_rolls_three_hands_and_spends_them():
    g = kenzie().apply(Roll((H, F, H, L, X, F, H, X)))
    root = parse(g)
    check_counts(g, root)
    roll = dice(root, where="roll")
    assert kinds(roll) == [H, F, H, L, X, F, H, X]
    assert ["furlib-die-scoring" in classes(d) for d in roll] == [k in (F, L) for k in kinds(roll)]
    assert titles(roll)[:2] == ["Hand", "Furgle, kept on the card"]
    pile = dice(root, where="pile")
    assert kinds(pile) == [H, H, H, X, X]
    assert [d.get("data-state") for d in pile] == ["unused"] * 3 + [None, None]
    assert all("furlib-die-selected" in classes(d) for d in pile[:3])
    assert card_dice(cards(root)["Kenzie"]) == (2, 1)
    text = text_of(root)
    assert "Kenzie rolled 2 Furgles, 1 Lock, 3 Hands and 2 Xs" in text
    assert "Pass pile for Sofia: 5 dice (3 unused Hands and 2 Xs)" in text
    assert "Hands left 3" in text and "turn 4: Kenzie to use the Hands" in text
    assert ("3 Hands to spend. Each may break Sofia's Lock or steal a Furgle from Quinn. "
            "Hands need not be used; when the turn ends, the dice pass to Sofia.") in text
    assert "green: kept on the card; blue: Hand still to spend" in text

    g.apply(BreakLock("Sofia")).apply(StealFurgle("Sofia"))
    root = parse(g)
    check_counts(g, root)
    pile = dice(root, where="pile")
    assert [d.get("data-state") for d in pile] == ["unused", "used", "used", None, None, "broken"]
    assert titles(pile)[-1] == "broken Lock" and "furlib-die-lost" in classes(pile[-1])
    assert card_dice(cards(root)["Kenzie"]) == (3, 1) and card_dice(cards(root)["Sofia"]) == (0, 0)
    text = text_of(root)
    assert "Pass pile for Sofia: 6 dice (3 Hands (1 unused), 2 Xs and 1 broken Lock)" in text
    assert "1 Hand to spend. Each may steal a Furgle from Quinn." in text
    assert "red: broken Lock" in text

    g.apply(StealFurgle("Quinn"))        # the last Hand: the turn ends, 6 dice pass to Sofia
    root = parse(g)
    check_counts(g, root)
    assert dice(root, where="roll") == [] and dice(root, where="pile") == []
    assert len(dice(root, where="front", player="Sofia")) == 6
    assert card_dice(cards(root)["Kenzie"]) == (4, 1) and card_dice(cards(root)["Quinn"]) == (1, 0)
    assert "turn 5: Sofia to roll" in text_of(root)


def test_x_factor_bonus_roll_has_a_banner():
    g = Furglars(KSQ, seed=0, x_factor=True)
    for r in rolls((0, 1, 0, 3), (0, 2, 0, 5), (0, 0, 0, 9)):     # Kenzie, Sofia lock up; Quinn rolls only Xs
        g.apply(r)
    assert g.is_bonus_roll and g.current_player == "Quinn" and g.dice_to_roll == 3
    root = parse(g)
    check_counts(g, root)
    banner = root.find(".//div[@role='status']")
    assert text_of(banner) == ("X factor! Quinn rolled only Xs: Kenzie gives 1 Lock and Sofia gives 2 Locks; "
                               "Quinn rolls them as a bonus roll.")
    assert "fg-banner-bonus" in classes(banner)
    text = text_of(root)
    assert "In front of Quinn: 3 bonus dice to roll" in text
    assert "Pass pile for Kenzie: 9 dice (9 Xs)" in text
    assert "Next: Quinn to roll the 3 dice handed over by the X factor, as a bonus roll." in text


def test_game_over_shows_the_winner():
    g = Furglars(["Ann", "Bob"], target=2, seed=1)
    for r in rolls((2, 0, 0, 3), (0, 0, 0, 8)):
        g.apply(r)
    assert g.is_over and g.winner == "Ann"
    root = parse(g)
    check_counts(g, root)
    assert text_of(root.find(".//div[@role='status']")) == "\u2605 Ann wins with 2 Bullion Points after 2 turns!"
    cs = cards(root)
    assert "fg-card-winner" in classes(cs["Ann"]) and text_of(cs["Ann"]).startswith("Ann winner 2 points (target 2)")
    assert not any("fg-card-current" in classes(c) for c in cs.values())
    assert dice(root, where="front") == [] and dice(root, where="roll") == [] and dice(root, where="pile") == []
    assert score_rows(root) == {"Ann": ("2", ["winner"], None), "Bob": ("0", [], None)}
    assert "game over" in text_of(root)
    assert text_of(root.find(".//ol/li[last()]")) == "Ann reaches the target of 2 points and wins!"


def test_custom_faces_chart_and_many_dice():
    g = Furglars(6, dice_per_player=10, faces=(F, H), chart=lambda n: n * n, seed=2)
    root = parse(g)
    text = text_of(root)
    assert "target 15, 10 dice each (60 in play); die: 1 Furgle and 1 Hand; chart 1:1, 2:4, 3:9, 4:16, ..." in text
    assert len(dice(root, where="front")) == 10
    assert dice(root, where="front")[0].get("width") == "40"
    g.apply(Roll((H,) * 10))             # nobody to rob: 10 unused Hands pass to Player 2
    assert len(dice(parse(g), where="front")) == 20 and dice(parse(g), where="front")[0].get("width") == "32"
    g.apply(Roll((F,) * 20))
    root = parse(g)
    check_counts(g, root)
    assert card_dice(cards(root)["Player 2"]) == (20, 0)
    assert "20 Furgles worth 400 points at the next cash-in, unprotected" in text_of(cards(root)["Player 2"])


def test_symbol_dice_draw_an_icon_for_each_furglars_face():
    bodies = set()
    for name in ("furgle", "lock", "hand", "x"):
        svg = parse_html(furglars_die_svg(name, size=50))
        assert svg.find(f"{SVG}title").text == f"die showing {name}"
        assert f"furlib-sym-{name}" in classes(svg)
        assert svg.find(f".//{SVG}text") is None          # an icon, not the word
        bodies.add(ET.tostring(svg))
    assert len(bodies) == 4 and set(SYMBOLS) == {"furgle", "lock", "hand", "x"}
    icon = parse_html(furglars_die_svg("Furgle!", symbol="furgle"))
    assert icon.find(f"{SVG}text") is None and icon.find(f"{SVG}title").text == "die showing Furgle!"
    word = parse_html(furglars_die_svg("Gold"))                # no icon: the word
    assert "".join(word.find(f"{SVG}text").itertext()) == "Gold"


def test_describe_chart():
    assert describe_chart({0: 0, 1: 1, 2: 2}) == "1 point per Furgle"
    assert describe_chart({0: 0, 1: 3, 2: 6}) == "3 points per Furgle"
    assert describe_chart({0: 0, 1: 1, 2: 3}) == "chart 1:1, 2:3"


def test_player_names_are_escaped():
    name = "<b>&"
    g = Furglars([name, "Bob"], seed=1).apply(Roll((F, F, L, H, X)))
    html = furglars_html(g)
    assert "<b>&" not in html and "&lt;b&gt;&amp;" in html
    root = ET.fromstring(html)
    assert name in cards(root) and name in score_rows(root)
    assert card_dice(cards(root)[name]) == (2, 1)
    assert f"{name} rolls 5 dice" in text_of(root.find(".//ol"))


def test_every_state_of_seeded_games_renders():
    for g in (Furglars(["Ann", "Bob", "Cat", "Dan"], seed=73, x_factor=True),
              Furglars(2, seed=5, faces=(F, L, H, X))):
        bots = [Mastermind(), GreedyThief(), RandomBot(1), GreedyThief()][:len(g.players)]
        policy = dict(zip(g.players, bots))
        seen = set()
        for _ in range(2000):
            html = furglars_html(g)
            root = ET.fromstring(html)
            check_counts(g, root)
            assert "<script" not in html and not re.search(r"\son[a-z]+=", html)
            seen.add("bonus" if g.is_bonus_roll else "over" if g.is_over else "roll" if g.is_chance else "hands")
            if g.is_over:
                break
            g.step(None if g.is_chance else policy[g.current_player])
        assert g.is_over
    assert seen >= {"roll", "hands", "over"}


def test_last_events_and_bad_arguments():
    g = kenzie()
    assert [li.text for li in parse(g, last_events=2).find(".//ol")] == [e.text for e in g.events[-2:]]
    assert parse(g, last_events=0).find(".//ol") is None
    with pytest.raises(ValueError, match="last_events must be >= 0, got -1"):
        furglars_html(g, last_events=-1)
    with pytest.raises(ValueError, match="furglars_html needs a Furglars game, got str"):
        furglars_html("Kenzie")


def test_css_is_scoped_to_the_repr():
    style = ET.fromstring(furglars_html(Furglars(seed=1))).find("style").text
    for selector in re.findall(r"([^{}]+)\{", style):
        for part in selector.split(","):
            assert part.strip().startswith(".furlib-furglars"), part


def test_ipython_display_formatter_gives_html():
    from IPython.core.formatters import DisplayFormatter

    g = kenzie().apply(Roll((H, F, H, L, X, F, H, X))).apply(Done())
    data, _ = DisplayFormatter().format(g)
    assert data["text/html"] == furglars_html(g)
    assert data["text/plain"] == repr(g)


def test_import_furlib_and_render_import_no_display_library():
    code = ("import sys, furlib; g = furlib.Furglars(seed=1); g._repr_html_(); "
            "print(sorted(m for m in ('IPython', 'ipywidgets', 'plotly') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_any_viewer_sees_the_page_while_hands_are_to_spend():
    """html(viewer) of a player who is not the mover drew 'Each may ...' from a view's empty move list."""
    g = Furglars(["Ann", "Bob"], seed=1).roll(*["lock"] * 5).roll(*["hand"] * 5)
    for viewer in (None, "Ann", "Bob"):
        page = g.html(viewer)
        assert "5 Hands to spend." in page
        assert "Hands need not be used; when the turn ends, the dice pass to Ann" in page
