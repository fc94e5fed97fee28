"""The app from Python: play a card, choose A and B, finish a round and a game; the view keeps secrets."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from furlib import FurryPoker
from furlib.poker import Play, Take, Trigger
from furlib.poker.bots import Greedy
from furlib.poker.cards import card_name
from furlib.poker.widget import PokerApp


def click(app, action) -> None:
    """Click the button of ``action``, found by its words (the app's, e.g. "Tiger: take a Public card, ...")."""
    labels = [b.description for b in app.action_buttons if b.layout.display != "none"]
    app.action_buttons[labels.index(app.label(action))].click()


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


# ------------------------------------------------------------ the teacher's switch never changes the game
def shown_text(value: str) -> str:
    import html
    import re

    value = re.sub(r"<style.*?</style>", " ", value, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def test_reveal_switch_shows_and_hides_without_changing_the_game():
    app = PokerApp(FurryPoker(["You", "Bob"], seed=2), bots={"Bob": Greedy()})
    g = app.game
    log, rows, events = g.log(), len(g.history), g.events

    app.reveal.value = True                                      # on: every card, and Bob's secrets in the status
    assert all(f'data-card="{c}"' in app.html.value for c in bob_hand(app))
    assert "Bob is dealt the" in shown_text(app.status.value)
    assert g.reveal is False and g.log() == log and len(g.history) == rows and g.events == events
    assert "Bob is dealt the" not in g.log() and "Bob is dealt the" not in g.html()

    click(app, g.legal_actions()[0])                             # play on with the switch on
    assert g.reveal is False and "Bob chooses the" not in g.log()
    app.reveal.value = False                                     # off: nothing of Bob's is shown, status redone
    hand = bob_hand(app)
    assert not any(f'data-card="{c}"' in app.html.value for c in hand)
    secrets = [e for e in g.events if e.visible_to == (1,)]
    assert secrets and not any(e.text in shown_text(app.status.value) for e in secrets)
    assert "Bob chooses the" not in shown_text(app.status.value)

    app.slider.value = 9                                         # back in History: still nothing of Bob's
    then = g.at(9)
    assert then.hands["Bob"] and not any(f'data-card="{c}"' in app.html.value for c in then.hands["Bob"])
    assert "Bob is dealt the" not in shown_text(app.html.value + app.status.value)
    assert "Looking back at step 9" in shown_text(app.status.value)
    assert g.reveal is False and "Bob is dealt the" not in g.log() + g.html()


def test_reveal_switch_in_history_shows_that_moment_without_changing_it():
    app = PokerApp(FurryPoker(["You", "Bob"], seed=2), bots={"Bob": Greedy()})
    g = app.game
    app.slider.value = 9
    app.reveal.value = True
    assert all(f'data-card="{c}"' in app.html.value for c in g.at(9).hands["Bob"])
    assert "Bob is dealt the" in shown_text(app.status.value)    # the last event of that moment, revealed
    app.reveal.value = False
    assert "Bob is dealt the" not in shown_text(app.status.value)
    assert g.reveal is False


# ------------------------------------------------------------ every text the app shows is good English
BAD_ENGLISH = {
    r"[!?]\.": "a full stop after ! or ?",
    r"\bYou: ": "a name prefix that repeats the subject",
    r"\bYou (?!pass)[a-z]+s\b": "You with a verb in -s",
    r"[;,] (You|Your|The)\b": "a capital in mid-sentence",
    r"\b(for|and|the|to) You\b": "You as an object",
    r"\bYou's\b": "You's",
    r"\b1 cards\b|\b([02-9]|\d\d+) card\b": "a wrong plural",
    r"\b0 more\b": "nothing more",
    r"(\b\w+ draws? a card)[;,] \1": "the same draw said again",
    r"(\b\w+ (is|are) dealt a card)": None,       # checked below: one card said once
}


def english_problems(text: str, status: bool = True) -> list[str]:
    """What reads badly in ``text``; ``status``: it is the status box, where cards dealt in a row make one clause
    (the view's list of recent events has one line per event, as the log)."""
    import re

    found = [f"{why}: {text[max(0, m.start() - 60):m.end() + 60]!r}" for pattern, why in BAD_ENGLISH.items()
             if why and (m := re.search(pattern, text))]
    first = re.search(r"\b(\w+ (is|are) dealt a card into \w+ hand)", text)
    if status and first and text.count(first.group(1)) > 1:
        found.append(f"one deal said twice: {text!r}")
    return found


def texts_shown(app) -> list[str]:
    """The status lines, prompt, the view's words and the labels of the buttons shown now."""
    shown = [shown_text(app.status.value), shown_text(app.html.value)]
    return shown + [b.description for b in app.action_buttons if b.layout.display != "none"]


@pytest.mark.parametrize("players, seed", [(["You", "Ann"], 3), (["Ann", "You", "Cy"], 5)])
def test_every_text_the_app_shows_is_good_english(players, seed):
    from furlib.poker.bots import Planner

    app = PokerApp(FurryPoker(players, seed=seed), bots={p: Planner() for p in players if p != "You"})
    g = app.game
    problems, seen = [], []
    for _ in range(300):
        shown = texts_shown(app)
        seen += shown
        problems += [p for i, t in enumerate(shown) for p in english_problems(t, status=i != 1)]
        buttons = [b.description for b in app.action_buttons if b.layout.display != "none"]
        assert all(b[:1].isupper() for b in buttons), buttons
        if g.is_over:
            break
        click(app, g.legal_actions()[0])
    assert g.is_over and not problems, "\n".join(problems[:8])
    everything = " ".join(seen)
    assert "Game over: " in everything and "How each area scores" in everything
    assert "Tiger!." not in everything and "You wins" not in everything
    assert "A)" not in everything and "B)" not in everything      # no button says A or B: no text does


def test_the_status_says_how_many_cards_a_bot_draws():
    app = PokerApp(FurryPoker(["You", "Ann"], seed=3), bots={"Ann": Greedy()})
    g = app.game
    lines = []
    while g.turn < 3:
        click(app, g.legal_actions()[0])
        lines.append(shown_text(app.status.value))
    said = " ".join(lines)
    assert "Ann triggers the Green 3 (Leopard): Leopard! Ann draws 3 cards; Ann keeps a card face down" in said
    assert "Ann draws a card" not in said
    assert "You choose the Yellow 1 (Tiger)." in said and "You: You" not in said
    assert "You trigger the Yellow 1 (Tiger): Tiger!" in said and "Tiger!." not in said


def test_a_new_game_says_the_deal_in_one_line():
    app = PokerApp(FurryPoker(["You", "Ann"], seed=3), bots={"Ann": Greedy()})
    text = shown_text(app.status.value)
    assert "are dealt to the Public Area; you are dealt the " in text
    assert "Ann is dealt 6 cards into their hand; you are dealt the Purple 7 (Lion) face down into your " \
           "Personal Area; Ann is dealt a card face down into their Personal Area." in text
    assert "earlier lines not shown" not in text


def test_a_shared_win_names_you_in_small_letters():
    from tests.poker.helpers import position

    g = position(("Ann", "You"), hands=[[], []], up=[["R1"], ["Y1"]])
    assert g.is_over and g.winner == ("Ann", "You")
    assert g.events[-1].text == "Ann and you share the win with 0 points each"
    app = PokerApp(g, bots={"Ann": Greedy()})
    assert "Game over: Ann and you share the win." in shown_text(app.status.value)
    assert "Ann and you share the win" in shown_text(app.html.value)


def test_a_failing_bot_is_reported_without_its_hand():
    """A bot that chooses an illegal move stops the app with an error that shows none of its hidden cards
    (its own error lists the seat's legal moves: its hand), and the game stays at its move."""
    g = FurryPoker(["You", "Bob"], seed=1)
    app = PokerApp(g, bots={"Bob": Greedy()})
    hand = [card_name(c) for c in bob_hand(app)]               # "Gray 2 (Peacock)", ...
    yours = g.hands["You"][-1]
    app.bots["Bob"] = lambda view: Play(yours)                # a card Bob does not hold: an illegal move
    try:
        g.copy().apply(Play(g.hands["You"][0])).apply(Play(yours))
    except Exception as e:  # noqa: BLE001 - whatever the game raises, its message lists Bob's hand
        assert all(card in str(e) for card in hand), str(e)
    else:
        raise AssertionError("the bot's move should be illegal")
    steps = g.n_steps
    click(app, g.legal_actions()[0])                         # You play; then Bob's bot fails
    shown = shown_text(app.error.value)
    assert "BotFailed" in shown and "the bot of Bob" in shown and "failed (" in shown
    assert not any(card in app.error.value for card in hand)
    assert g.current_player == "Bob" and g.n_steps == steps + 1   # your card played; Bob's move not made


def test_a_bear_facing_a_single_public_card_shows_both_choices_as_buttons():
    from furlib.poker import ToHand

    from .helpers import position

    g = position(("You", "Bob"), hands=[["B1", "B2", "P6", "P8", "Gy9"], ["Y1", "Y2", "Y6", "Y8", "Y9"]],
                 public=["R7"], order=[(0, "R12"), (1, "Gy12")])
    app = PokerApp(g, bots={"Bob": Greedy()})
    click(app, Trigger())
    labels = [b.description for b in app.action_buttons if b.layout.display != "none"]
    assert labels == ["Take the Red 7 (Lion) into your Personal Area", "Take the Red 7 (Lion) into your hand"]
    assert "Your turn: take the Public card into the Personal Area or into the hand." in app.status.value
    click(app, ToHand("R7"))
    assert "R7" in g.hands["You"] and g.personal["You"]["up"] == []
    assert "You take the Red 7 (Lion) into your hand" in app.status.value


@pytest.mark.parametrize("bad, message", [
    ("take R7", "label() takes a Furry Poker action (see furlib.poker.actions), e.g. Take('R7'); got 'take R7'"),
    (None, "label() takes a Furry Poker action (see furlib.poker.actions), e.g. Take('R7'); got None"),
    (Trigger(), "Trigger()'s button names the card in play, and no card is in play now"),
])
def test_label_refuses_what_is_not_a_button(bad, message):
    app = PokerApp(FurryPoker(["You", "Bob"], seed=1), bots={"Bob": Greedy()})
    before = app.game.to_json()
    with pytest.raises(ValueError) as e:
        app.label(bad)
    assert str(e.value) == message and app.game.to_json() == before
