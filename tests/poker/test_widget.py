"""The app from Python: play a card, choose A and B, finish a round and a game; the view keeps secrets."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from furlib import FurryPoker  # noqa: E402
from furlib.poker import Play, Take, Trigger  # noqa: E402
from furlib.poker.bots import Greedy  # noqa: E402
from furlib.core.words import capitalized  # noqa: E402
from furlib.poker.widget import PokerApp  # noqa: E402


def click(app, action) -> None:
    labels = [b.description for b in app.action_buttons if b.layout.display != "none"]
    app.action_buttons[labels.index(capitalized(str(action)))].click()


def bob_hand(app):
    return app.game.hands["Bob"]


def test_play_a_card_then_a_and_b_and_finish_a_round():
    app = PokerApp(FurryPoker(["You", "Bob"], seed=1), bots={"Bob": Greedy()})
    g = app.game
    assert g.current_player == "You" and not g.is_chance          # the deal was drawn by itself
    assert all(c not in app.html.value for c in bob_hand(app))     # Bob's hand is not in your view
    hand = [a.card for a in g.legal_actions()]
    click(app, Play(hand[0]))
    assert g.round_order and g.current_player == "You"       # Bob (a bot) acts by himself
    assert "Cards shown, in order of play" in app.status.value  # the table's events are in the status too
    first_round = g.turn
    while g.turn == first_round and not g.is_over:
        legal = g.legal_actions()
        pick = Trigger() if Trigger() in legal else next((a for a in legal if isinstance(a, Take)), legal[0])
        click(app, pick)
    assert g.turn == first_round + 1 and "You" in g.players
    assert "Your turn: choose a card to play, in secret." in app.status.value


def test_finish_a_game_and_see_the_breakdown():
    app = PokerApp(FurryPoker(["You", "Bob"], seed=4), bots={"Bob": Greedy()})
    g = app.game
    for _ in range(400):
        if g.is_over:
            break
        click(app, g.legal_actions()[0])
    assert g.is_over and "How each area scores" in app.html.value
    assert "Game over" in app.status.value and app.again_button.disabled is False


def test_reveal_switch_shows_every_card():
    app = PokerApp(FurryPoker(["You", "Bob"], seed=2), bots={"Bob": Greedy()})
    hidden = bob_hand(app)
    assert not any(f'data-card="{c}"' in app.html.value for c in hidden)
    app.reveal.value = True
    assert all(f'data-card="{c}"' in app.html.value for c in hidden)
    app.reveal.value = False
    assert not any(f'data-card="{c}"' in app.html.value for c in hidden)


def test_game_widget_returns_the_app_box():
    box = FurryPoker(["You", "Bob"], seed=3).widget()
    assert "furlib-app" in box._dom_classes
