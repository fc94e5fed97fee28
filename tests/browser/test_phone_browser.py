"""The four apps as a student meets them: on a phone's first screen, with no jumps, and with a quick hand.

* At 360x800 px (a phone) the play notebook's first move button is on the first
  screen, nothing of the app is cut off at 360 (all along) or 420 px, and over
  a game played by clicking the first move each time, no button above the game's
  view moves between two states that both show it (at most ``STILL`` px), nor
  the view where it is clicked to play (Oh Furcle!'s dice, the Thieves board);
  the other views, and what lies below the view, never move up (what varies
  keeps its tallest height: they move down only when a part above them grows).
* Furry Poker at 420 and 1400 px: the double click that used to tick the
  teacher's "Reveal all cards" (play the Yellow 1, then double-click "Take the
  Yellow 7 (Lion) into your Personal Area", which redraws the buttons in one
  row) makes exactly one move; the switch stays off and none of Ann's hidden
  cards shows.

Everything expected is derived by playing the same seeded game in Python, with
the same app, clicking the same buttons (``app_twin``).
"""

from __future__ import annotations

import re
import time
from collections import Counter
from pathlib import Path

import pytest

# what must be whole inside the window, and the check that nothing of the app is cut off
from .test_app_browser import OUTSIDE_JS as CUT_JS
from .test_app_browser import WHOLE

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
FIRST_TIMEOUT = 180_000  # ms: Voila starts a kernel and runs the notebook (2 busy cores: a minute or more)
TIMEOUT = 45_000  # ms: one click and its round trip to the kernel, on 2 busy cores
STILL = 3  # px: how far a control may move between two states that both show it
GAP = 0.6  # s between two clicks: a click on the spot of the last one within 500 ms is a double click, ignored
CLICKS = 14  # moves made by clicking in the jump test (fewer if the game ends first)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The enabled move buttons of the app, in page order (not History's, the settings' or the switches').
MOVES = (".furlib-app button.furlib-action-button:not([disabled]):not(.furlib-now):not(.furlib-again)"
         ":not(.furlib-new-game)")

#: Where every shown control of the app is: ``{key: [left, top, above the view]}`` from the app's top left, the
#: key a control's furlib-* classes and text (a button that changes its words, "Roll" to "Roll again", keeps
#: its class); plus the view itself.
POSITIONS_JS = r"""() => {
  const app = document.querySelector('.furlib-app');
  const view = app.querySelector('.furlib-view');
  const viewTop = view.getBoundingClientRect().top;
  const top = app.getBoundingClientRect().top;      // Voila may scroll a box of its own, not the window
  const out = {};
  const seen = new Set();
  for (const el of app.querySelectorAll('button, input[type=checkbox], .furlib-view')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const classes = [...el.classList].filter((c) => c.startsWith('furlib-') && c !== 'furlib-action-button'
                                             && c !== 'furlib-busy');
    const words = el.classList.contains('furlib-view') ? '' : (el.textContent || el.type).trim();
    let key = classes.join('.') + '|' + words;
    while (seen.has(key)) key += '+';
    seen.add(key);
    out[key] = [Math.round(r.left), Math.round(r.top - top), r.top <= viewTop + 1];
  }
  return out;
}"""

def readout(page) -> str:
    return page.locator(".furlib-history .widget-readout").inner_text().strip()


def settled(page) -> dict:
    """The positions once the page has stopped moving (two readings 250 ms apart agree) and nothing is busy."""
    page.wait_for_function("() => !document.querySelector('.furlib-busy')", timeout=TIMEOUT)
    last = page.evaluate(POSITIONS_JS)
    for _ in range(60):
        page.wait_for_timeout(250)
        now = page.evaluate(POSITIONS_JS)
        if now == last:
            return now
        last = now
    raise AssertionError("the page did not stop moving within 15 s")


#: The apps whose view is clicked to play (Oh Furcle!'s dice, the Thieves board): the view is a control too.
CLICKED_VIEW = {"furcle", "thieves"}


def jumps(before: dict, after: dict, still_view: bool) -> tuple[list[str], list[str]]:
    """The controls above the view that moved more than ``STILL`` px (and the view itself, if ``still_view``),
    and those below it (and the view, if not ``still_view``) that moved up, between two states that both show
    them."""
    above, up = [], []
    for key in before.keys() & after.keys():
        (x0, y0, over0), (x1, y1, over1) = before[key], after[key]
        if key.startswith("furlib-view") and not still_view:
            over0 = over1 = False
        if over0 and over1 and max(abs(x1 - x0), abs(y1 - y0)) > STILL:
            above.append(f"{key}: ({x0}, {y0}) -> ({x1}, {y1})")
        elif not over0 and not over1 and y1 < y0 - STILL:
            up.append(f"{key}: y {y0} -> {y1}")
    return above, up


@pytest.mark.parametrize("name", ["furcle", "furglars", "poker", "thieves"])
def test_a_phone_sees_the_first_move_and_no_click_moves_the_controls(serve_notebook, open_page, with_voila_log,
                                                                    name):
    from playwright.sync_api import expect

    url = serve_notebook(NOTEBOOKS / f"{name}-play.ipynb")
    with with_voila_log(), open_page(url, 360, 800) as (page, errors):
        first = page.locator(MOVES).locator("visible=true").first
        expect(first).to_be_visible(timeout=FIRST_TIMEOUT)
        positions = settled(page)
        box = first.bounding_box()
        assert page.evaluate("() => window.scrollY") == 0
        assert 0 <= box["y"] and box["y"] + box["height"] <= 800, \
            f"the first move ({first.inner_text()!r}) is at y {box['y']:.0f}, below an 800 px phone screen"
        assert page.evaluate(CUT_JS, WHOLE) == [], "cut off at 360 px"
        moved_above, moved_up = [], []
        for _ in range(CLICKS):
            if page.locator("button.furlib-again").is_visible():          # the game is over: so is the test
                break
            before = readout(page)
            page.locator(MOVES).locator("visible=true").first.click()
            clicked = time.monotonic()
            expect(page.locator(".furlib-history .widget-readout")).not_to_have_text(before, timeout=TIMEOUT)
            now = settled(page)
            above, up = jumps(positions, now, still_view=name in CLICKED_VIEW)
            moved_above += above
            moved_up += up
            positions = now
            time.sleep(max(0.0, clicked + GAP - time.monotonic()))      # the next click is not a double click
            assert page.evaluate(CUT_JS, WHOLE) == [], f"cut off at 360 px at step {readout(page)}"
        assert moved_above == [], f"controls above the view (or the view) moved: {moved_above}"
        assert moved_up == [], f"controls below the view moved up: {moved_up}"
        page.set_viewport_size({"width": 420, "height": 800})
        settled(page)
        assert page.evaluate(CUT_JS, WHOLE) == [], "cut off at 420 px"
        expect(page.locator(".furlib-error")).to_have_text("")
        assert not errors, errors


def poker_twin():
    """The notebook's Furry Poker app played in Python: the button (its class) that plays the Yellow 1, the one
    that then takes the Yellow 7, the steps after one click on each, and the titles of the cards the person
    must not see then (those the revealed view shows beyond the person's own)."""
    from furlib import FurryPoker
    from furlib.core.registry import get
    from furlib.poker import Play, Take

    g = FurryPoker(["You", "Ann"], seed=3)                    # as notebooks/poker-play.ipynb
    app = get(g).app_class()(g)
    play = app._shown_actions.index(Play("Y1"))
    app.action_buttons[play].click()
    after_play = g.n_steps
    take = app._shown_actions.index(Take("Y7"))
    app.action_buttons[take].click()
    titles = re.compile(r"<title>([^<]*)</title>")
    hidden = Counter(titles.findall(g.html(None, reveal=True))) - Counter(titles.findall(g.html("You")))
    assert hidden, "Ann holds cards You may not see"
    return f"furlib-action-{play}", after_play, f"furlib-action-{take}", g.n_steps, sorted(hidden)


@pytest.mark.parametrize("width", [1400, 420])
def test_a_double_click_in_furry_poker_makes_one_move_and_reveals_nothing(serve_notebook, open_page,
                                                                          with_voila_log, width):
    from playwright.sync_api import expect

    play, after_play, take, after_take, hidden = poker_twin()
    url = serve_notebook(NOTEBOOKS / "poker-play.ipynb")
    with with_voila_log(), open_page(url, width, 1000) as (page, errors):
        history = page.locator(".furlib-history .widget-readout")
        button = page.locator(f"button.{play}")
        expect(button).to_be_enabled(timeout=FIRST_TIMEOUT)
        button.click()
        expect(history).to_have_text(str(after_play), timeout=TIMEOUT)
        take_button = page.locator(f"button.{take}")
        expect(take_button).to_be_enabled(timeout=TIMEOUT)
        settled(page)
        take_button.scroll_into_view_if_needed()
        box = take_button.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.click(x, y)                                   # a person's double click: two clicks,
        page.wait_for_timeout(150)                               # 150 ms apart, on the same spot
        page.mouse.click(x, y)
        expect(history).to_have_text(str(after_take), timeout=TIMEOUT)
        settled(page)
        page.wait_for_timeout(1000)              # a second move, had it been made, would have shown by now
        assert readout(page) == str(after_take), "the double click made two moves"
        expect(page.locator(".furlib-reveal input[type=checkbox]")).not_to_be_checked()
        view = page.locator(".furlib-view").inner_html()
        shown = [t for t in hidden if f"<title>{t}</title>" in view]
        assert shown == [], f"hidden cards show after the double click: {shown}"
        expect(page.locator(".furlib-error")).to_have_text("")
        assert not errors, errors


#: A game whose bot thinks for 1.5 s a move: the person's click waits that long for its answer.
SLOW_BOT = """import time
from furlib import Furcle
from furlib.furcle import Satisfied


def slow(game):
    time.sleep(1.5)
    return Satisfied() if Satisfied() in game.legal_actions() else game.legal_actions()[0]


g = Furcle(players=["You", "Bot"], seed=1)
g.widget(bots={"Bot": slow})"""


def test_a_click_that_takes_time_says_working_at_once(serve_notebook, open_page, with_voila_log, tmp_path):
    """The answer to a click takes over half a second: "Working…" shows in the message box until it comes."""
    import nbformat
    from playwright.sync_api import expect

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(SLOW_BOT)]
    nbformat.write(nb, tmp_path / "slow.ipynb")
    with with_voila_log(), open_page(serve_notebook(tmp_path / "slow.ipynb"), 1000, 900) as (page, errors):
        roll = page.locator("button.furlib-roll")
        expect(roll).to_be_enabled(timeout=FIRST_TIMEOUT)
        roll.click()                                            # a roll is quick: no "Working…"
        expect(page.locator(".furlib-history .widget-readout")).to_have_text("1", timeout=TIMEOUT)
        assert "furlib-working" not in page.locator(".furlib-app").get_attribute("class")
        page.wait_for_timeout(600)
        # the turn ends (seed 1 rolls 3,4,5,6,1, a Furcle, accepted): the bot's turn, 1.5 s a move
        page.locator("button.furlib-satisfied:not([disabled]), button.furlib-accept:not([disabled])").first.click()
        app = page.locator(".furlib-app")
        expect(app).to_have_class(re.compile(r"\bfurlib-working\b"), timeout=TIMEOUT)
        working = page.evaluate("() => getComputedStyle(document.querySelector('.furlib-messages'), '::before')"
                                ".content")
        assert working == '"Working\u2026"'
        expect(app).not_to_have_class(re.compile(r"\bfurlib-working\b"), timeout=TIMEOUT)   # the answer came
        expect(roll).to_be_enabled(timeout=TIMEOUT)
        assert not errors, errors
