"""notebooks/poker-play.ipynb served by Voila and played in headless Chromium: play a card, choose A (a
Tiger) and B (take a Public card), finish a round, then finish the game against the bot.

The notebook's game is ``FurryPoker(["You", "Ann"], seed=3)``, Ann played by
``Greedy()`` (the default bot). Everything expected is derived here by
replaying the seeded game through the protocol, as the app plays it (draws
are dealt by themselves, the bot moves until You must decide).

Run with ``pytest -m browser``. Needs a Chromium (see ``chromium_path`` in
tests/conftest.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from furlib import FurryPoker
from furlib.poker import Play, Remove, Take, Trigger
from furlib.poker.bots import Greedy

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "poker-play.ipynb"
FIRST_TIMEOUT = 90_000  # ms: Voila starts a kernel and runs the notebook before the app shows
TIMEOUT = 20_000  # ms: one click, the bot's moves and the redraw

pytestmark = [pytest.mark.browser, pytest.mark.slow]


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
        g.apply(g.legal_actions()[0])
        clicks += 1
        bots()
    return str(play), str(take), clicks, g.winner


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
            button = page.get_by_role("button", name=label, exact=True)
            expect(button).to_be_enabled(timeout=TIMEOUT)
            button.click()

        expect(page.get_by_role("button", name="Play the Yellow 1 (Tiger)", exact=True)).to_be_enabled(
            timeout=FIRST_TIMEOUT)
        expect(status).to_contain_text("Your turn: choose a card to play, in secret.")
        expect(view.locator('svg[data-card="P7"]')).to_have_count(1)        # your own face-down card
        click("Play the Yellow 1 (Tiger)")
        expect(view).to_contain_text("Cards shown, in order of play", timeout=TIMEOUT)   # recent events
        expect(status).to_contain_text("Your turn: A) trigger the effect of the played card, or B) take a Public card.")
        click("trigger the card's effect")                                   # A: the Tiger
        click("take the Yellow 2 (Peacock) into your Personal Area")
        click("remove the Yellow 7 (Lion) from the Public Area")
        expect(status).to_contain_text("Your turn: choose a card to play, in secret.", timeout=TIMEOUT)
        expect(view).to_contain_text("round 2", timeout=TIMEOUT)             # the round is finished

        click(play2)
        click(take2)                                                          # B: take a Public card

        for _ in range(clicks):
            button = page.locator("button.furlib-action-0")
            expect(button).to_be_enabled(timeout=TIMEOUT)
            button.click()
            page.wait_for_function(
                "() => { const s = document.querySelector('.furlib-status');"
                " const b = document.querySelector('button.furlib-action-0');"
                " return (s && s.innerText.includes('Game over')) || (b && !b.disabled); }", timeout=TIMEOUT)
        expect(status).to_contain_text("Game over", timeout=TIMEOUT)
        expect(status).to_contain_text("You win" if winner == "You" else f"{winner} wins"
                                       if isinstance(winner, str) else "share the win")
        expect(view).to_contain_text("How each area scores")
        assert not errors, errors
