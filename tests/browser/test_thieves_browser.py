"""notebooks/thieves-play.ipynb served by Voila and played in headless Chromium: roll, click a thief and a
doorway, then finish the game against the bot.

The notebook's game is ``Thieves(["You", "Dark"], seed=3)``, Dark played by
``Greedy()``. Its first roll is red and white: the only thief that can begin
a plan using both keys is thief 1 on (1,5) (the red doorway next to it
leads to thief 2). Everything expected is derived here by replaying the
seeded game through the protocol.

Run with ``pytest -m browser``. Needs a Chromium (see ``chromium_path`` in
tests/conftest.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from furlib import Thieves
from furlib.thieves import Move
from furlib.thieves.bots import Greedy
from furlib.thieves.widget import click_targets

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "thieves-play.ipynb"
FIRST_TIMEOUT = 90_000  # ms: Voila starts a kernel and runs the notebook before the app shows
TIMEOUT = 20_000  # ms: one click, the bot's turn and the redraw

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def expected():
    """The targets after the first roll, after selecting thief 1, and the number of button clicks to the end."""
    g = Thieves(["You", "Dark"], seed=3)
    g.step()
    assert g.keys == ["red", "white"]
    first = sorted(click_targets(g, None))
    selected = sorted(click_targets(g, 1))
    g.apply(Move(1, 1, 3, "white"))
    second = sorted(click_targets(g, None))
    g.apply(Move(2, 1, 5, "red"))
    bot = Greedy()

    def bots():
        while not g.is_over and g.current_player == "Dark":
            g.step(None if g.is_chance else bot)

    bots()
    clicks = 0
    while not g.is_over:
        if g.is_chance:
            g.step()
        else:
            g.apply(g.legal_actions()[0])
        clicks += 1
        bots()
    return first, selected, second, clicks, g.winner


@pytest.fixture
def voila_url(serve_notebook):
    return serve_notebook(NOTEBOOK)


def test_roll_click_a_thief_and_a_door_then_finish(voila_url, open_page, with_voila_log):
    from playwright.sync_api import expect

    first, selected, second, clicks, winner = expected()
    assert first == ["1,5"] and selected == ["1,4", "1,5", "1,6"] and second == ["3,5"]
    with with_voila_log(), open_page(voila_url, 1400, 1200) as (page, errors):
        view = page.locator(".furlib-view")
        roll = page.locator("button.furlib-action-0")
        status = page.locator(".furlib-status")
        expect(roll).to_be_enabled(timeout=FIRST_TIMEOUT)
        expect(roll).to_have_text("Roll")
        expect(status).to_contain_text("Your turn: click Roll.")

        roll.click()
        cells = view.locator("g.furlib-cell.furlib-clickable")          # a square (its piece is clickable too)
        thief = view.locator('g.furlib-piece.furlib-clickable[data-cell="1,5"]')
        expect(thief).to_have_count(1, timeout=TIMEOUT)
        expect(cells).to_have_count(1)
        thief.click()
        expect(cells).to_have_count(3, timeout=TIMEOUT)
        view.locator('g.furlib-cell.furlib-clickable[data-cell="1,4"]').click()   # the blue doorway to (1,3)
        expect(view.locator('g.furlib-piece[data-cell="1,3"]')).to_have_attribute("data-letter", "Y1",
                                                                                    timeout=TIMEOUT)
        expect(cells).to_have_count(1)
        view.locator('g.furlib-piece.furlib-clickable[data-cell="3,5"]').click()
        view.locator('g.furlib-cell.furlib-clickable[data-cell="2,5"]').click(timeout=TIMEOUT)   # red, up to (1,5)
        expect(view.locator('g.furlib-piece[data-cell="1,5"]')).to_have_attribute("data-letter", "Y2",
                                                                                    timeout=TIMEOUT)
        expect(roll).to_have_text("Roll", timeout=TIMEOUT)                 # Dark has played: our roll again
        expect(status).to_contain_text("Your turn: click Roll.")

        for _ in range(clicks):
            button = page.locator("button.furlib-action-0")
            expect(button).to_be_enabled(timeout=TIMEOUT)
            button.click()
            page.wait_for_function(
                "() => { const s = document.querySelector('.furlib-status');"
                " const b = document.querySelector('button.furlib-action-0');"
                " return (s && s.innerText.includes('Game over')) || (b && !b.disabled); }", timeout=TIMEOUT)
        expect(status).to_contain_text("Game over", timeout=TIMEOUT)
        expect(status).to_contain_text(f"{winner} wins" if winner != "You" else "You win")
        assert not errors, errors
