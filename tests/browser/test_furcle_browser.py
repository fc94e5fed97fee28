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


#: Records, in the page, each text the advice line shows and whether the advice switch was ever disabled.
WATCH_ADVICE_JS = """() => {
  const line = document.querySelector('.furlib-advice');
  const box = document.querySelector('.furlib-advice-toggle input');
  window.furlibAdvice = {texts: [], disabled: false};
  const note = () => {
    const text = line.textContent.trim();
    const seen = window.furlibAdvice.texts;
    if (text && seen[seen.length - 1] !== text) seen.push(text);
    if (box.disabled) window.furlibAdvice.disabled = true;
  };
  new MutationObserver(note).observe(line, {subtree: true, childList: true, characterData: true});
  new MutationObserver(note).observe(box, {attributes: true});
}"""

#: How far the score table and anything else in the game's view reach past the inside of the view, in px.
OVERFLOW_JS = """() => {
  const view = document.querySelector('.furlib-view .furlib');
  const style = getComputedStyle(view);
  const inner = view.getBoundingClientRect().right - parseFloat(style.paddingRight)
                - parseFloat(style.borderRightWidth);
  const table = view.querySelector('table.furlib-scores');
  let worst = 0;
  for (const el of view.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width) worst = Math.max(worst, r.right - inner);
  }
  return {table: table.getBoundingClientRect().right - inner, any: worst,
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}"""


def test_on_a_phone_the_table_fits_and_the_advice_says_it_is_working(voila_url, open_page, with_voila_log, tmp_path):
    """At 360 px: the score table (it was cut by 17 px: "50 to g") and the rest of the view fit; switching the
    advice on shows "Working out the best move..." at once (the first use of the rules solves the game, seconds),
    the switch waiting meanwhile, then the advice line."""
    from playwright.sync_api import expect

    with with_voila_log(), open_page(voila_url, 360, 800) as (page, errors):
        roll = page.locator("button.furlib-roll")
        expect(roll).to_be_enabled(timeout=FIRST_TIMEOUT)
        roll.click()
        expect(page.locator(".furlib-view svg[data-die]")).to_have_count(5, timeout=TIMEOUT)
        out = page.evaluate(OVERFLOW_JS)
        assert out["table"] <= 0.5 and out["any"] <= 0.5 and out["page"] <= 0, out
        expect(page.locator(".furlib-view table.furlib-scores")).to_contain_text("50 to go")

        advice = page.locator(".furlib-advice")
        switch = page.locator(".furlib-advice-toggle input")
        page.evaluate(WATCH_ADVICE_JS)
        switch.click()
        expect(advice).to_contain_text("Optimal bot:", timeout=TIMEOUT)
        expect(switch).to_be_enabled()
        seen = page.evaluate("() => window.furlibAdvice")
        working = [k for k, t in enumerate(seen["texts"]) if t.startswith("Working out the best move")]
        done = [k for k, t in enumerate(seen["texts"]) if "Optimal bot:" in t]
        assert working and done and working[0] < done[0], seen
        assert "(a few seconds the first time)" in seen["texts"][working[0]] and seen["disabled"], seen
        page.locator(".furlib-app").screenshot(path=str(tmp_path / "phone_advice.png"))
        assert not errors, errors
