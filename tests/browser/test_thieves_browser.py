"""notebooks/thieves-play.ipynb served by Voila and played in headless Chromium: roll, click a thief and a
doorway, check that the whole board is visible at 420 and 1400 px and that an illegal click says why, then
finish the game against the bot; and on a phone (360 x 800 px), the board on the first screen after Roll,
every thief and square to tap at least 24 x 24 px, nothing cut, a turn played by tapping the board.

The notebook's game is ``Thieves(["You", "Dark"], seed=3)``, Dark played by
``Greedy()``. The second test plays a turn of it as stored, on the default
labyrinth (crossroads), at 360 px, with taps (touch events: Chromium's touch
emulation, through the DevTools protocol). The first serves it with ``board="classic"`` added, since its
clicks are on the classic labyrinth's squares (the same 17 by 17 map
size as the default, so the page's layout is the same; nbmake runs the
notebook itself, on the default labyrinth). Its first roll is red and white: the only thief that can begin
a plan using both keys is thief 1 on C1, map (1,5) (the red doorway next to
it leads to thief 2). Everything expected is derived here by replaying the
seeded game through the protocol.

Run with ``pytest -m browser``. Needs a Chromium (see ``chromium_path`` in
tests/conftest.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from furlib import Thieves
from furlib.thieves import Move
from furlib.thieves.bots import Greedy
from furlib.thieves.widget import click_targets

# what must be whole inside the window, and the check that nothing of the app is cut off
from .test_app_browser import OUTSIDE_JS as CUT_JS
from .test_app_browser import WHOLE

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "thieves-play.ipynb"
FIRST_TIMEOUT = 180_000  # ms: Voila starts a kernel and runs the notebook before the app shows (a loaded machine)
TIMEOUT = 45_000  # ms: one click, the bot's turn and the redraw

# Every square of the board, after scrolling it into view: inside the viewport's width, and the element at its
# centre is the square or a child of it (so no ancestor with hidden overflow clips it and nothing covers it).
HIDDEN_SQUARES = """() => {
  const out = [];
  const width = document.documentElement.clientWidth;
  for (const cell of document.querySelectorAll('.furlib-view g.furlib-cell')) {
    cell.scrollIntoView({block: 'center', inline: 'center'});
    const box = cell.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    const seen = hit && (cell.contains(hit) || hit.closest('g[data-cell]') &&
                         hit.closest('g[data-cell]').getAttribute('data-cell') === cell.getAttribute('data-cell'));
    if (box.left < 0 || box.right > width || box.width < 4 || !seen) out.push(cell.getAttribute('data-cell'));
  }
  return out;
}"""

# What the app makes clickable on the board (ThievesApp.VIEW_CLICK: its g[data-cell] that are targets, the
# squares and the thieves on them), each with its box on the screen and its words (aria-label).
TARGETS_JS = """() => [...document.querySelectorAll('.furlib-view .furlib-clickable')].map((el) => {
  const r = el.getBoundingClientRect();
  return {cell: el.getAttribute('data-cell'), kind: el.getAttribute('data-kind') || 'piece',
          label: el.getAttribute('aria-label'), width: r.width, height: r.height, top: r.top, bottom: r.bottom};
})"""

# The board's box in the page's coordinates (Voila scrolls a box inside the page, not the window).
BOARD_JS = """() => {
  const svg = document.querySelector('.furlib-view svg.th-board');
  let scrolled = window.scrollY;
  for (let a = svg.parentElement; a; a = a.parentElement) scrolled += a.scrollTop;
  const r = svg.getBoundingClientRect();
  return {top: r.top + scrolled, bottom: r.bottom + scrolled, left: r.left, right: r.right, scrolled: scrolled};
}"""

TO_THE_TOP_JS = """() => { for (const el of document.querySelectorAll('*')) if (el.scrollTop) el.scrollTop = 0;
                         window.scrollTo(0, 0); }"""

PHONE = (360, 800)     # px: the phone's screen
TARGET = 24            # px: WCAG 2.2's minimum target size (2.5.8)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def small_targets(targets: list[dict]) -> list[str]:
    """The targets under 24 x 24 px but the doorways whose square behind does the same (the same words) and
    is large enough."""
    large = {t["label"] for t in targets if t["kind"] != "doorway" and min(t["width"], t["height"]) >= TARGET}
    return [f"{t['kind']} {t['cell']} {t['width']:.1f} x {t['height']:.1f} px" for t in targets
            if min(t["width"], t["height"]) < TARGET and not (t["kind"] == "doorway" and t["label"] in large)]


def touchscreen(page):
    """``tap(locator)``: a finger's tap at the middle of an element (touch events; Chromium makes the pointer
    events and the click of a tap from them, as on a phone)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})

    def tap(locator):
        locator.scroll_into_view_if_needed()
        box = locator.bounding_box()
        point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    return tap


def expected():
    """The targets after the first roll, after selecting thief 1, and the number of button clicks to the end."""
    g = Thieves(["You", "Dark"], seed=3, board="classic")
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
def voila_url(serve_notebook, tmp_path):
    text = NOTEBOOK.read_text()
    game = 'Thieves([\\"You\\", \\"Dark\\"], seed=3)'
    assert text.count(game) == 1, "the play notebook's game changed: update this test"
    path = tmp_path / NOTEBOOK.name
    path.write_text(text.replace(game, 'Thieves([\\"You\\", \\"Dark\\"], seed=3, board=\\"classic\\")'))
    return serve_notebook(path)


def test_roll_click_a_thief_and_a_door_then_finish(voila_url, open_page, with_voila_log):
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import expect

    first, selected, second, clicks, winner = expected()
    assert first == ["1,5"] and selected == ["1,3", "1,4", "1,5", "1,6", "1,7"] and second == ["3,5"]
    with with_voila_log(), open_page(voila_url, 1400, 1200) as (page, errors):
        view = page.locator(".furlib-view")
        roll = page.locator("button.furlib-action-0")
        status = page.locator(".furlib-status")
        expect(roll).to_be_enabled(timeout=FIRST_TIMEOUT)
        expect(roll).to_have_text("Roll")
        expect(status).to_contain_text("Your turn: click Roll.")

        cells = view.locator("g.furlib-cell")
        expect(cells).to_have_count(17 * 17)
        for width in (420, 1400):                                        # the whole board, narrow and wide
            page.set_viewport_size({"width": width, "height": 900})
            page.wait_for_timeout(500)
            assert page.evaluate(HIDDEN_SQUARES) == [], f"squares hidden at {width} px"
        hint = page.locator(".furlib-error")                          # a refused click says why there
        view.locator('g.furlib-piece[data-cell="1,5"]').click()          # before the roll: it says why
        expect(hint).to_contain_text("Roll first: click Roll", timeout=TIMEOUT)

        roll.click()
        cells = view.locator('g.furlib-cell.furlib-clickable[data-target="true"]')  # usable (its piece too)
        thief = view.locator('g.furlib-piece.furlib-clickable[data-usable="true"][data-cell="1,5"]')
        expect(thief).to_have_count(1, timeout=TIMEOUT)
        expect(cells).to_have_count(1)
        # only what can be used looks clickable: a pointer on the thief, none on a pathway
        expect(thief).to_have_css("cursor", "pointer")
        expect(view.locator('g.furlib-cell[data-cell="3,3"]')).not_to_have_class(re.compile("furlib-clickable"))
        expect(view.locator(".furlib-clickable")).to_have_count(2)              # the thief and its square
        view.locator('g.furlib-piece[data-cell="3,5"]').click()             # thief 2 cannot begin the plan
        expect(hint).to_contain_text("Your thief 2 (on C2) cannot use a key now", timeout=TIMEOUT)
        page.wait_for_timeout(600)                      # not a double click (the core ignores one within 500 ms)
        thief.click()
        expect(cells).to_have_count(5, timeout=TIMEOUT)
        expect(hint).to_have_text("")
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

        # the rest by the first button: a click made on a view that changed meanwhile is ignored (it only redraws),
        # so click until the game is over, at most twice the clicks the replay needs
        # answered: game over, or the button shown and free (a busy button is aria-disabled, not disabled)
        # and no click within 550 ms near the spot of the next one (by the page's own clock, which the app reads:
        # window.__furlibClicks, furlib/core/app/click_guard.py), since a second click on the same spot (within
        # 8 px) less
        # than DOUBLE_CLICK_MS (500 ms) after the last is ignored. The clicks alternate between two spots of the
        # button, at 30 % and 70 % of its width (84 px or more), so the next click need not wait out those 500 ms.
        ready = ("(f) => { const s = document.querySelector('.furlib-status');"
                 " if (s && s.innerText.includes('Game over')) return true;"
                 # one button shown: while the row is redrawn the new buttons may be in the page beside the old
                 " const shown = [...document.querySelectorAll('button.furlib-action-0')]"
                 ".filter(x => x.offsetParent !== null);"
                 " if (shown.length !== 1) return false;"
                 " const b = shown[0];"
                 " if (b.disabled || b.getAttribute('aria-disabled') === 'true') return false;"
                 " const r = b.getBoundingClientRect(), x = r.left + f * r.width, y = r.top + r.height / 2;"
                 " return Object.values(window.__furlibClicks || {}).every(c => performance.now() - c.time > 550"
                 " || Math.abs(c.x - x) > 12 || Math.abs(c.y - y) > 12); }")
        made = 0
        for _ in range(4 * clicks):                            # at most 2 x clicks made, and as many asks again
            if made == 2 * clicks:
                break
            spot = 0.3 if made % 2 else 0.7                    # of the button's width
            # the last click answered: game over, or a button (a busy one is aria-disabled: the answer may come late)
            page.wait_for_function(ready, arg=spot, timeout=TIMEOUT)
            if "Game over" in status.inner_text():
                break
            # the button as it is now (a handle, not a locator that would find the next one if this is redrawn)
            button = page.locator("button.furlib-action-0 >> visible=true").first.element_handle(timeout=TIMEOUT)
            box = button.bounding_box()
            if box is None:      # the row was redrawn between the check and now (a busy machine): ask again
                continue
            try:
                button.click(position={"x": spot * box["width"], "y": box["height"] / 2}, timeout=5_000)
            except PlaywrightError:    # redrawn (detached, or another button now over that spot): ask again
                continue
            made += 1
        expect(status).to_contain_text("Game over", timeout=TIMEOUT)
        expect(status).to_contain_text(f"{winner} wins" if winner != "You" else "You win")
        assert not errors, errors


def expected_default():
    """On the default labyrinth (the notebook as stored): the thieves usable after the first roll, thief 2's
    targets, the squares usable with the key left after thief 2 goes through the white doorway at (1,10), and
    the first of those uses."""
    g = Thieves(["You", "Dark"], seed=3)
    assert g.board.name == "crossroads"
    g.step()
    assert g.keys == ["red", "white"]
    first = sorted(click_targets(g, None))
    selected = sorted(click_targets(g, 2))
    g.apply(Move(2, 1, 11, "white"))
    after = click_targets(g, None)
    return first, selected, sorted(after)


def test_a_phone_sees_the_board_after_roll_and_plays_a_turn_by_tapping_it(serve_notebook, open_page,
                                                                           with_voila_log):
    from playwright.sync_api import expect

    first, selected, after = expected_default()
    assert first == ["1,5", "1,9", "5,1", "9,1"] and selected == ["1,10", "1,11", "1,9", "2,9", "3,9"]
    assert after == ["5,1", "9,1"]
    with with_voila_log(), open_page(serve_notebook(NOTEBOOK), *PHONE) as (page, errors):
        tap = touchscreen(page)
        view = page.locator(".furlib-view")
        roll = page.locator("button.furlib-action-0")
        status = page.locator(".furlib-status")
        expect(roll).to_be_enabled(timeout=FIRST_TIMEOUT)
        expect(view.locator("g.furlib-cell")).to_have_count(17 * 17)
        page.wait_for_timeout(500)
        assert page.evaluate(HIDDEN_SQUARES) == [], "squares hidden at 360 px"
        page.evaluate(TO_THE_TOP_JS)                            # the first screen, as the page opened
        before = page.evaluate(BOARD_JS)
        tap(roll)
        usable = view.locator('g.furlib-piece.furlib-clickable[data-usable="true"]')
        expect(usable).to_have_count(len(first), timeout=TIMEOUT)
        assert sorted(usable.nth(i).get_attribute("data-cell") for i in range(len(first))) == first
        # the moves are listed below the board: the board is where it was, whole on the first screen
        board = page.evaluate(BOARD_JS)
        assert board["scrolled"] == 0 and abs(board["top"] - before["top"]) <= 1, (before, board)
        assert 0 <= board["top"] and board["bottom"] <= PHONE[1], f"the board spans y {board['top']:.0f}.." \
            f"{board['bottom']:.0f} after Roll, past the {PHONE[1]} px screen"
        moves = page.locator(".th-moves-list button")
        expect(moves.first).to_be_visible()
        assert moves.first.bounding_box()["y"] > board["bottom"]
        targets = page.evaluate(TARGETS_JS)
        assert sorted(t["cell"] for t in targets) == sorted(first * 2)          # each thief and its square
        assert small_targets(targets) == [], "targets under 24 x 24 px after Roll"
        assert all(0 <= t["top"] and t["bottom"] <= PHONE[1] for t in targets)   # all on the first screen
        assert page.evaluate(CUT_JS, WHOLE) == [], "cut off at 360 px"
        print(f"board y {board['top']:.1f}..{board['bottom']:.1f}, smallest target "
              f"{min(min(t['width'], t['height']) for t in targets):.1f} px")

        tap(view.locator('g.furlib-piece.furlib-clickable[data-cell="1,9"]'))           # thief 2, on E1
        targets_now = view.locator('g.furlib-cell.furlib-clickable[data-target="true"]')
        clickable = sorted(set(selected) | set(first))   # thief 2's squares, and the other usable thieves
        expect(targets_now).to_have_count(len(clickable), timeout=TIMEOUT)
        assert sorted(targets_now.nth(i).get_attribute("data-cell") for i in range(len(clickable))) == clickable
        targets = page.evaluate(TARGETS_JS)
        assert small_targets(targets) == [], "targets under 24 x 24 px with thief 2 selected"
        doors = [t for t in targets if t["kind"] == "doorway"]
        assert sorted(t["cell"] for t in doors) == ["1,10", "2,9"]      # thin, but the squares behind them count
        tap(view.locator('g.furlib-cell.furlib-clickable[data-cell="1,11"]'))   # through the white doorway (1,10)
        expect(view.locator('g.furlib-piece[data-cell="1,11"]')).to_have_attribute("data-letter", "Y2",
                                                                                     timeout=TIMEOUT)
        expect(usable).to_have_count(len(after), timeout=TIMEOUT)               # the red key: thieves 3 and 4
        assert sorted(usable.nth(i).get_attribute("data-cell") for i in range(len(after))) == after
        page.wait_for_timeout(600)                      # not a double tap (the core ignores one within 500 ms)
        tap(view.locator('g.furlib-piece.furlib-clickable[data-cell="9,1"]'))
        square = view.locator('g.furlib-cell.furlib-clickable[data-cell="11,1"]')   # red, through (10,1)
        expect(square).to_have_count(1, timeout=TIMEOUT)
        tap(square)
        expect(view.locator('g.furlib-piece[data-cell="11,1"]')).to_have_attribute("data-letter", "Y4",
                                                                                     timeout=TIMEOUT)
        expect(roll).to_have_text("Roll", timeout=TIMEOUT)                 # Dark has played: our roll again
        expect(status).to_contain_text("Your turn: click Roll.")
        assert page.evaluate(HIDDEN_SQUARES) == [], "squares hidden at 360 px after a turn"
        assert page.evaluate(CUT_JS, WHOLE) == [], "cut off at 360 px after a turn"
        for width in (420, 1400):                                       # nothing cut at the other widths either
            page.set_viewport_size({"width": width, "height": 900})
            page.wait_for_timeout(500)
            assert page.evaluate(CUT_JS, WHOLE) == [], f"cut off at {width} px"
        expect(page.locator(".furlib-error")).to_have_text("")
        assert not errors, errors
