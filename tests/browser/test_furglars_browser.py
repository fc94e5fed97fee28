"""notebooks/furglars-play.ipynb served by Voila and played in headless Chromium.

The notebook's game is ``Furglars(["Ann", "Bob", "You"], seed=25)`` with
``human="You"``: the bots Ann and Bob (Mastermind) play first, so when You
roll there is something to steal. Every expected count is derived here by
replaying the same seeded game through the protocol, so the page must show
exactly what the rules say.

Run with ``pytest -m browser``. Needs a Chromium (see ``chromium_path`` in
tests/conftest.py); the first page takes a while (kernel start).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from furlib.furglars import Done, Furglars, StealFurgle
from furlib.furglars.bots import Mastermind

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "furglars-play.ipynb"
FIRST_TIMEOUT = 180_000  # ms: Voila starts a kernel and runs the notebook before the app shows (2 busy cores)
TIMEOUT = 45_000  # ms: one click and its round trip to the kernel, on 2 busy cores
PLAYERS = ["Ann", "Bob", "You"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def voila_url(serve_notebook):
    return serve_notebook(NOTEBOOK)


def snapshot(g: Furglars) -> dict:
    return {"furgles": g.furgles, "locks": g.locks, "scores": g.scores, "hands_left": g.hands_left,
            "dice_to_roll": g.dice_to_roll, "pile": sum(g.pass_pile.values())}


def expected_play() -> list[dict]:
    """The notebook's game at each moment the test looks at: loaded, rolled, after the steal, after Done."""
    bots = {"Ann": Mastermind(), "Bob": Mastermind()}
    g = Furglars(PLAYERS, seed=25)

    def bots_play():
        while not g.is_over and g.current_player in bots:
            g.step(None if g.is_chance else bots[g.current_player])

    bots_play()
    moments = [snapshot(g)]
    g.step()
    moments.append(snapshot(g))
    assert g.legal_actions()[0] == StealFurgle("Ann"), "this seed must let You steal from Ann first"
    g.apply(StealFurgle("Ann"))
    moments.append(snapshot(g))
    assert g.current_player == "You" and Done() in g.legal_actions(), "You must still hold a Hand to leave unused"
    g.apply(Done())
    bots_play()
    assert g.current_player == "You" and g.is_chance
    moments.append(snapshot(g))
    return moments


def test_play_a_turn_in_the_browser(voila_url, open_page, with_voila_log, tmp_path):
    with with_voila_log():
        play_a_turn(voila_url, open_page, tmp_path / "furglars_widget_demo.png")


def play_a_turn(voila_url: str, open_page, screenshot: Path) -> None:
    """Roll, steal a Furgle from Ann, click Done: check the page after each click."""
    from playwright.sync_api import expect

    loaded, rolled, stolen, done = expected_play()
    assert rolled["hands_left"] == 2 and stolen["hands_left"] == 1
    with open_page(voila_url, 1280, 1100) as (page, errors):
        view = page.locator(".furlib-view")
        roll = page.locator("button.furlib-roll")
        done_button = page.locator("button.furlib-done")
        status = page.locator(".furlib-status")

        def card(name):
            return view.locator(f'.fg-card[data-player="{name}"]')

        def expect_cards(moment):
            for name in PLAYERS:
                c = card(name)
                expect(c).to_have_attribute("data-furgles", str(moment["furgles"][name]), timeout=TIMEOUT)
                expect(c).to_have_attribute("data-locks", str(moment["locks"][name]))
                expect(c).to_have_attribute("data-score", str(moment["scores"][name]))
                expect(c.locator('svg[data-kind="furgle"]')).to_have_count(moment["furgles"][name])
                expect(c.locator('svg[data-kind="lock"]')).to_have_count(moment["locks"][name])

        # Loaded: Ann and Bob have played; You are to roll.
        expect(roll).to_be_enabled(timeout=FIRST_TIMEOUT)
        expect(page.locator(".furlib-chart svg")).to_have_count(1, timeout=TIMEOUT)   # the chart, a light picture
        expect_cards(loaded)
        expect(view.locator('svg[data-where="front"]')).to_have_count(loaded["dice_to_roll"])
        expect(done_button).to_be_disabled()
        expect(page.locator("button.furlib-target:visible")).to_have_count(0)
        expect(status).to_contain_text(f"Your turn: roll the {loaded['dice_to_roll']} dice in front of you.")

        roll.click()
        steal = page.get_by_role("button", name="Steal a Furgle from Ann")
        expect(steal).to_be_enabled(timeout=TIMEOUT)
        expect(steal).to_have_class(re.compile(r"\bfurlib-target-steal\b"))
        expect_cards(rolled)
        expect(view.locator('svg[data-where="pile"][data-state="unused"]')).to_have_count(2)
        expect(view.locator('svg[data-where="front"]')).to_have_count(0)
        expect(done_button).to_be_enabled()
        expect(roll).to_be_disabled()
        expect(status).to_contain_text("Your turn: 2 Hands left to spend.")

        steal.click()
        expect(view.locator('svg[data-where="pile"][data-state="unused"]')).to_have_count(1, timeout=TIMEOUT)
        expect_cards(stolen)
        expect(steal).to_be_hidden()
        expect(status).to_contain_text("You stole a Furgle from Ann.")

        done_button.click()
        expect(status).to_contain_text(f"You passed {stolen['pile']} dice to Ann.", timeout=TIMEOUT)
        expect_cards(done)
        expect(view.locator('svg[data-where="pile"]')).to_have_count(0)
        expect(view.locator('svg[data-where="front"][data-player="You"]')).to_have_count(done["dice_to_roll"])
        expect(status).to_contain_text(f"Your turn: roll the {done['dice_to_roll']} dice in front of you.")
        expect(roll).to_be_enabled()
        expect(done_button).to_be_disabled()

        chart = page.locator(".furlib-chart svg")
        expect(chart).to_have_count(1)
        bob = done["scores"]["Bob"]
        assert bob > 0, "Bob cashes in before You roll again: the chart must move"
        bob_point = chart.locator("title", has_text=re.compile(rf"^Bob: \d+, {bob}$"))
        expect(bob_point).not_to_have_count(0, timeout=TIMEOUT)
        page.locator(".furlib-app").screenshot(path=str(screenshot))
        assert not errors, errors
