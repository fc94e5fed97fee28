"""notebooks/poker-play.ipynb served by Voila and played in headless Chromium: play a card, trigger its effect
(the rulebook's A: a Tiger) and take a Public card (B), finish a round, then finish the game against the bot.
And a small notebook written by the test: the teacher's Reveal switch shows and hides the bot's cards without
changing the game, and a finished game's view (cards, areas, scoring table) fits the page at 420 and 1400 px.

The notebook's game is ``FurryPoker(["You", "Ann"], seed=3)``, Ann played by
``Greedy()`` (the default bot). Everything expected is derived here by
replaying the seeded game through the protocol, as the app plays it (draws
are dealt by themselves, the bot moves until You must decide, the first
"Play ..." or "Place ..." button is the first card of the hand as the view
draws it).

Run with ``pytest -m browser``. Needs a Chromium (see ``chromium_path`` in
tests/conftest.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from furlib import FurryPoker
from furlib.core.words import capitalized
from furlib.poker import FaceDown, Play, Remove, Take, Trigger
from furlib.poker.bots import Greedy

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "poker-play.ipynb"
FIRST_TIMEOUT = 180_000  # ms: Voila starts a kernel and runs the notebook before the app shows (a loaded machine)
TIMEOUT = 45_000  # ms: one click, the bot's moves and the redraw
GAP = 600  # ms between two clicks: a click on the spot of the last one within 500 ms is a double click, ignored
#: True once every click the app took is more than ``gap`` ms old by the page's own clock, which the app reads
#: (window.__furlibClicks: furlib/core/app/click_guard.py); usually at once, since the answer to a click takes longer
QUIET = "(gap) => Object.values(window.__furlibClicks || {}).every(c => performance.now() - c.time > gap)"

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def first_button(g):
    """The action of the app's first button: the hand's first card when the buttons are hand cards to play or
    to place face down (in the hand's order), else the first legal action."""
    legal = g.legal_actions()
    if all(isinstance(a, Play | FaceDown) for a in legal):
        hand = g.hands[g.current_player]
        return next(a for c in hand for a in legal if a.card == c)
    return legal[0]


def expected():
    """Labels of the moves clicked in round 2, the clicks of action 0 to the end, and the winner."""
    g = FurryPoker(["You", "Ann"], seed=3)
    bot = Greedy()

    def bots():
        while not g.is_over and (g.is_chance or g.current_player == "Ann"):
            g.step(None if g.is_chance else bot)

    bots()
    for action in (Play("Y1"), Trigger(), Take("Y2"), Remove("Y7")):
        g.apply(action)
        bots()
    assert g.turn == 2 and g.current_player == "You"
    play = g.legal_actions()[0]
    g.apply(play)
    bots()
    assert g.step_name == "action" and isinstance(g.legal_actions()[1], Take)
    take = g.legal_actions()[1]
    g.apply(take)
    bots()
    clicks = 0
    while not g.is_over:
        g.apply(first_button(g))
        clicks += 1
        bots()
    return capitalized(str(play)), capitalized(str(take)), clicks, g.winner


@pytest.fixture
def voila_url(serve_notebook):
    return serve_notebook(NOTEBOOK)


def test_play_a_card_choose_a_and_b_finish_a_round_and_the_game(voila_url, open_page, with_voila_log):
    from playwright.sync_api import expect

    play2, take2, clicks, winner = expected()
    with with_voila_log(), open_page(voila_url, 1400, 1400) as (page, errors):
        status = page.locator(".furlib-status")
        view = page.locator(".furlib-view")

        def click(label: str) -> None:
            # the last click is answered when no control is busy; only then is the row the new one (a button
            # reused by the redraw may carry the old row's label until then: the old row's "take the Yellow 2"
            # of option B beside the Tiger's)
            expect(page.locator(".furlib-busy")).to_have_count(0, timeout=TIMEOUT)
            button = page.get_by_role("button", name=label, exact=True)
            expect(button).to_have_count(1, timeout=TIMEOUT)
            expect(button).to_be_enabled(timeout=TIMEOUT)
            page.wait_for_function(QUIET, arg=GAP, timeout=TIMEOUT)
            button.click()

        expect(page.get_by_role("button", name="Play the Yellow 1 (Tiger)", exact=True)).to_be_enabled(
            timeout=FIRST_TIMEOUT)
        expect(status).to_contain_text("Your turn: choose a card to play, in secret.")
        expect(view.locator('svg[data-card="P7"]')).to_have_count(1)        # your own face-down card
        click("Play the Yellow 1 (Tiger)")
        expect(view).to_contain_text("Cards shown, in order of play", timeout=TIMEOUT)   # recent events
        expect(status).to_contain_text("Your turn: trigger the effect of your Yellow 1 (Tiger), or take a Public "
                                       "card into your Personal Area.")
        click("Tiger: take a Public card, then remove one")                  # A: the Tiger's effect
        click("Take the Yellow 2 (Peacock) into your Personal Area")
        click("Remove the Yellow 7 (Lion) from the Public Area")
        expect(status).to_contain_text("Your turn: choose a card to play, in secret.", timeout=TIMEOUT)
        expect(view).to_contain_text("round 2", timeout=TIMEOUT)             # the round is finished

        click(play2)
        click(take2)                                                          # B: take a Public card

        for _ in range(clicks):
            button = page.locator("button.furlib-action-0")
            expect(button).to_be_enabled(timeout=TIMEOUT)
            page.wait_for_function(QUIET, arg=GAP, timeout=TIMEOUT)
            button.click()
            page.wait_for_function(
                "() => { const s = document.querySelector('.furlib-status');"
                " const b = document.querySelector('button.furlib-action-0');"
                " return (s && s.innerText.includes('Game over')) || (b && !b.disabled"
                " && b.getAttribute('aria-disabled') !== 'true' && b.offsetParent !== null); }", timeout=TIMEOUT)
        expect(status).to_contain_text("Game over", timeout=TIMEOUT)
        expect(status).to_contain_text("Game over: You win" if winner == "You" else f"Game over: {winner} wins"
                                       if isinstance(winner, str) else "share the win.")
        expect(view).to_contain_text("How each area scores")
        assert not errors, errors


# ------------------------------------------------------------------ a notebook written by the test
TWO_APPS = [
    "from furlib import FurryPoker\nfrom furlib.poker.bots import Greedy\n"
    "FurryPoker([\"You\", \"Ann\"], seed=3).widget()",
    # every seat a bot: the game is played to its end at once, and the view shows the scoring table
    "FurryPoker([\"Ann\", \"Bob\", \"Cy\", \"Dee\"], seed=5).widget("
    "bots={p: Greedy() for p in [\"Ann\", \"Bob\", \"Cy\", \"Dee\"]})",
]


@pytest.fixture
def two_apps_url(serve_notebook, tmp_path):
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(src) for src in TWO_APPS]
    path = tmp_path / "poker-two-apps.ipynb"
    nbformat.write(nb, path)
    return serve_notebook(path)


def ann_at_first_decision():
    """Ann's hand and face-down card when You first decide, and Ann's hand after the first 9 steps (the deal)."""
    g = FurryPoker(["You", "Ann"], seed=3)
    while g.is_chance:
        g.step()
    return list(g.hands["Ann"]) + list(g.personal["Ann"]["down"]), list(g.at(9).hands["Ann"])


# every element matched is inside the viewport's width, inside the game's box, and not cut off by an ancestor
# that clips (overflow)
OUTSIDE = """(selector) => {
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0) continue;
    if (r.left < -0.5 || r.right > window.innerWidth + 0.5)
      out.push(`${selector} ${el.getAttribute('data-card') || el.className.baseVal || el.className}`
               + ` spans ${Math.round(r.left)}..${Math.round(r.right)} in a ${window.innerWidth} px page`);
    const box = el.parentElement && el.parentElement.closest('.furlib-poker');
    if (box) {
      const b = box.getBoundingClientRect();
      if (r.left < b.left - 0.5 || r.right > b.right + 0.5)
        out.push(`${selector} ${el.getAttribute('data-card') || ''} sticks out of the game's box`);
    }
    for (let a = el.parentElement; a; a = a.parentElement) {
      const ox = getComputedStyle(a).overflowX;
      if (ox === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (r.left < b.left - 0.5 || r.right > b.right + 0.5)
        out.push(`${selector} ${el.getAttribute('data-card') || ''} is cut off by ${a.className} (overflow-x ${ox})`);
    }
  }
  return out;
}"""


def test_reveal_switch_and_the_finished_view_fit_the_page(two_apps_url, open_page, with_voila_log, tmp_path):
    from playwright.sync_api import expect

    ann_cards, ann_then = ann_at_first_decision()
    with with_voila_log(), open_page(two_apps_url, 1400, 1200) as (page, errors):
        play, done = page.locator(".furlib-app").nth(0), page.locator(".furlib-app").nth(1)
        view, status = play.locator(".furlib-view"), play.locator(".furlib-status")
        expect(play.get_by_role("button", name="Play the Yellow 1 (Tiger)", exact=True)).to_be_enabled(
            timeout=FIRST_TIMEOUT)
        expect(done.locator(".fp-explain")).to_contain_text("How each area scores", timeout=FIRST_TIMEOUT)

        def anns_cards_shown() -> int:
            return sum(view.locator(f'svg[data-card="{c}"]').count() for c in ann_cards)

        assert anns_cards_shown() == 0 and "Ann is dealt the" not in status.inner_text()
        switch = play.locator(".furlib-reveal input")
        switch.check()                                                   # the teacher's switch: every card
        expect(status).to_contain_text("Ann is dealt the", timeout=TIMEOUT)
        for c in ann_cards:
            expect(view.locator(f'svg[data-card="{c}"]')).to_have_count(1, timeout=TIMEOUT)
        # a second click on the switch's spot within 500 ms would be the second half of a double click, dropped
        # (one page-wide guard for every control of the app): a teacher's second click comes later
        page.wait_for_timeout(GAP)
        switch.uncheck()                                                 # off again: nothing of Ann's
        expect(status).not_to_contain_text("Ann is dealt the", timeout=TIMEOUT)
        expect(status).to_contain_text("Ann is dealt 6 cards into their hand")
        assert anns_cards_shown() == 0 and "Ann is dealt the" not in view.inner_text()

        readout = play.locator(".furlib-history .widget-readout")        # History back to step 9 (Ann's deal)
        readout.click()
        page.keyboard.press("Control+A")
        page.keyboard.type("9")
        page.keyboard.press("Enter")
        expect(status).to_contain_text("Looking back at step 9", timeout=TIMEOUT)
        # the game's own reveal was never turned on: its events at that moment say no card of Ann's
        expect(status).to_contain_text("(Ann is dealt a card into their hand)")
        assert "Ann is dealt the" not in status.inner_text() + view.inner_text()
        assert sum(view.locator(f'svg[data-card="{c}"]').count() for c in ann_then) == 0
        play.get_by_role("button", name="Back to now").click()
        expect(status).to_contain_text("Your turn: choose a card to play, in secret.", timeout=TIMEOUT)

        for width in (420, 1400):
            page.set_viewport_size({"width": width, "height": 1200})
            page.wait_for_timeout(500)                                   # the layout settles
            problems = []
            for selector in (".furlib-app .fp-areas", ".furlib-app .fp-explain", ".furlib-app svg.furlib-card",
                             ".furlib-app .furlib-poker"):
                problems += page.evaluate(OUTSIDE, selector)
            done.locator(".furlib-poker").screenshot(path=str(tmp_path / f"poker-over-{width}.png"))
            play.locator(".furlib-poker").screenshot(path=str(tmp_path / f"poker-play-{width}.png"))
            assert not problems, problems[:6]
            assert done.locator(".fp-explain tbody tr").count() == 4
        print("screenshots in", tmp_path)
        assert not errors, errors
