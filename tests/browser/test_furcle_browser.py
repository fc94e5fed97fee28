"""notebooks/furcle-play.ipynb served by Voila and played in headless Chromium.

The notebook's game is ``Furcle(players=["You", "Bot"], seed=1)``. The
expected dice and scores are derived here by replaying the same seeded game
through the protocol, so the page must show exactly what the rules say.

Run with ``pytest -m browser``. Needs a Chromium (see ``chromium_path`` in
tests/conftest.py); the first page takes a while (kernel start).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from furlib import Furcle
from furlib.furcle import Beekin, Satisfied

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "furcle-play.ipynb"
FIRST_TIMEOUT = 180_000  # ms: Voila starts a kernel and runs the notebook before the app shows (2 busy cores)
TIMEOUT = 45_000  # ms: one click and its round trip to the kernel, on 2 busy cores

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def voila_url(serve_notebook):
    return serve_notebook(NOTEBOOK)


def expected_play():
    """The notebook's game: the first roll, the Beekin on die 0 and the banked points."""
    g = Furcle(players=["You", "Bot"], seed=1)
    first = g.step().faces
    assert Beekin(0) in g.legal_actions(), "this seed must allow a Beekin on die 0 after the first roll"
    g.apply(Beekin(0))
    banked = g.turn_score
    g.apply(Satisfied())
    return first, g.dice, banked, g.scores["You"]


def test_play_a_turn_in_the_browser(voila_url, open_page, with_voila_log, tmp_path):
    with with_voila_log():
        play_a_turn(voila_url, open_page, tmp_path / "widget_demo.png")


def play_a_turn(voila_url: str, open_page, screenshot: Path) -> None:
    """Roll, click die 0 in the picture (Beekin), be Satisfied: check the page after each click."""
    from playwright.sync_api import expect

    first, _, banked, you_after = expected_play()
    assert first == (3, 4, 5, 6, 1) and banked == 4  # Beekin 3 -> 4: a pair of 4s scores 4
    with open_page(voila_url, 1200, 1000) as (page, errors):
        view = page.locator(".furlib-view")
        roll = page.locator("button.furlib-roll")
        satisfied = page.locator("button.furlib-satisfied")
        status = page.locator(".furlib-status")
        you_score = view.locator("table.furlib-scores tbody tr").nth(0)
        expect(roll).to_be_enabled(timeout=FIRST_TIMEOUT)
        expect(page.locator(".furlib-chart svg")).to_have_count(1, timeout=TIMEOUT)   # the chart, a light picture
        expect(view.locator("svg[data-die]")).to_have_count(0)
        expect(you_score.locator("th")).to_contain_text("You")
        expect(you_score.locator("td.furlib-num")).to_have_text("0")
        expect(satisfied).to_be_disabled()

        roll.click()
        dice = view.locator("svg[data-die]")
        expect(dice).to_have_count(5, timeout=TIMEOUT)
        assert [dice.nth(i).get_attribute("data-face") for i in range(5)] == [str(f) for f in first]
        expect(status).to_contain_text("Click die 1, 2 or 3 in the picture to say Beekin and rescue the roll")
        expect(page.locator(".furlib-dice-row")).to_contain_text("click a highlighted die in the picture below")

        clickable = re.compile(r"\bfurlib-clickable\b")
        die0 = view.locator('svg[data-die="0"]')
        expect(die0).to_have_class(clickable, timeout=TIMEOUT)
        expect(die0).to_have_attribute("role", "button")
        expect(die0).to_have_attribute("aria-label",
                                       "Beekin on die 1 (the 3 becomes a 4) makes a pair of 4s: 4 points")
        expect(view.locator('svg[data-die="3"]')).not_to_have_class(clickable)  # the 6 cannot be raised
        expect(view.locator('svg[data-die="4"]')).not_to_have_class(clickable)  # 1 -> 2 would make no pair
        view.locator('svg[data-die="4"]').click()                              # refused: the app says why
        expect(page.locator(".furlib-error")).to_contain_text("matches no other die", timeout=TIMEOUT)
        expect(dice.nth(4)).to_have_attribute("data-face", "1")
        expect(page.locator("button.furlib-die-0")).to_have_count(0)          # no glyph buttons any more
        die0.click()
        expect(dice.nth(0)).to_have_attribute("data-face", str(first[0] + 1), timeout=TIMEOUT)
        expect(status).to_contain_text(f"a {first[0]} became a {first[0] + 1}")

        expect(satisfied).to_be_enabled(timeout=TIMEOUT)
        satisfied.click()
        expect(you_score.locator("td.furlib-num")).to_have_text(str(0 + banked), timeout=TIMEOUT)
        assert you_after == banked
        expect(status).to_contain_text(f"You banked {banked} points (track score {banked})")
        expect(status).to_contain_text("Bot (BeekinSmart)")

        chart = page.locator(".furlib-chart svg")
        expect(chart).to_have_count(1)
        expect(chart.locator("title", has_text=f"You: 1, {banked}")).to_have_count(1, timeout=TIMEOUT)
        box = chart.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 1200, box   # whole inside the window
        page.locator(".furlib-app").screenshot(path=str(screenshot))
        assert not errors, errors
