"""The HTML: well-formed, cards as SVG with letters and titles, each viewer's own cards only."""

from __future__ import annotations

import re

from IPython.core.formatters import DisplayFormatter

from furlib import FurryPoker
from furlib.poker.render import card_html
from furlib.testing import parse_html, visible_text

from .helpers import position


def test_a_card_names_its_colour_animal_and_effect():
    svg = card_html("R7")
    assert "<title>Red 7, Lion: activate the effect of a face-up card in your Personal Area</title>" in svg
    assert 'data-card="R7"' in svg and ">R<" in svg                 # the colour's letter, not colour alone
    back = card_html(None, owner="Ann")
    assert re.search("Ann(&#x27;|')s face-down card", back) and "data-card" not in back
    assert "<title>Color-Change card</title>" in card_html("CC1")
    assert "<title>-4 Ability card</title>" in card_html("-4")


def test_views_show_only_what_each_may_see():
    g = position(("Ann", "Bob"), hands=[["B1", "B2"], ["Y1", "Y2"]], public=["R3"], up=[["G4"], ["P5"]],
                 down=[["Gy6"], ["Gy7"]], order=[(0, "R9"), (1, "Gy12")])
    ann = g.html("Ann")
    parse_html(ann)
    assert 'data-card="B1"' in ann and 'data-card="Y1"' not in ann
    assert 'data-card="Gy6"' in ann and 'data-card="Gy7"' not in ann and re.search("Bob(&#x27;|')s face-down card", ann)
    assert 'data-card="R3"' in ann and 'data-card="P5"' in ann
    text = visible_text(parse_html(ann))
    assert "Order of play this round" in text and "Ann's Red 9 (Wolf)" in text
    spectator = g._repr_html_()                     # the game's own repr is the spectator's view
    assert 'data-card="B1"' not in spectator and 'data-card="Gy6"' not in spectator
    g.reveal = True
    assert 'data-card="B1"' in g._repr_html_() and 'data-card="Gy7"' in g._repr_html_()


def test_the_end_shows_each_players_explanation():
    g = FurryPoker(["You", "Bob"], seed=6).play()
    html = g._repr_html_()
    root = parse_html(html)
    assert "How each area scores" in visible_text(root)
    formats, _ = DisplayFormatter().format(g)
    assert "text/html" in formats and formats["text/plain"].startswith("<FurryPoker")


def test_recent_events_tell_a_secret_once_to_its_owner():
    from furlib import FurryPoker

    g = FurryPoker(["You", "Ann"], seed=3)
    while g.is_chance:
        g.step()
    text = visible_text(parse_html(g.html("You")))
    assert "You are dealt the Purple 7 (Lion) face down into your Personal Area" in text
    assert "You are dealt a card face down" not in text             # its public twin is left out
    assert "Ann is dealt a card face down into their Personal Area" in text
