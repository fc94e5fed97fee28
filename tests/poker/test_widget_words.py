"""What the app's buttons and prompt say: each animal's effect button, the Lion's choices, the Cat's and Dog's
prompt, no "A)"/"B)" the buttons do not show, and the "Play ..." buttons in the order the view draws the hand.

Every expected text is written out by hand from the rules (furlib/poker/effects.py) and the cards' names.
"""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("ipywidgets")

from furlib import FurryPoker
from furlib.poker import Pick, Play, Trigger
from furlib.poker.bots import Greedy
from furlib.poker.widget import EFFECT_WORDS, PokerApp

from .helpers import position
from .test_widget import click, shown_text

YOUR_HAND = ["B1", "B2", "P6", "P8", "Gy9"]
BOB_HAND = ["Y1", "Y2", "Y6", "Y8", "Y9"]


def app_at(card: str, *, players=("You", "Bob"), bots=None, up=None, specials=None) -> PokerApp:
    """The first player has played ``card`` and acts first (Bob the Gray 12); the Public Area holds the Purple 3
    and the Green 5."""
    g = position(players, hands=[list(YOUR_HAND), list(BOB_HAND)], public=["P3", "G5"], up=up or [[], []],
                 order=[(0, card), (1, "Gy12")], specials=specials)
    return PokerApp(g, bots={"Bob": Greedy()} if bots is None else bots)


def labels(app: PokerApp) -> list[str]:
    return [b.description for b in app.action_buttons if b.layout.display != "none"]


def prompt(app: PokerApp) -> str:
    """The status box's last line: what to do now."""
    return html.unescape(re.findall(r"<b>(.*?)</b>", app.status.value)[-1])


TAKES = ["Take the Purple 3 (Leopard) into your Personal Area", "Take the Green 5 (Raccoon) into your Personal Area"]

# the Red card of each number: the animal, then the words of its effect button
BUTTONS = {
    1: ("Tiger", "Tiger: take a Public card, then remove one"),
    2: ("Peacock", "Peacock: gain a Color-Change card"),
    3: ("Leopard", "Leopard: draw 3 cards, keep one face down"),
    4: ("Crow", "Crow: draw 4 cards, keep one face up"),
    5: ("Raccoon", "Raccoon: take a Public card, then discard 2 hand cards"),
    6: ("Rabbit", "Rabbit: discard a Personal card, then take 2 Public cards"),
    7: ("Lion", "Lion: activate a face-up Personal card (not a Lion)"),
    8: ("Dolphin", "Dolphin: place a hand card face up, then discard one"),
    9: ("Wolf", "Wolf: place a hand card face down"),
    10: ("Cat", "Cat: gain a plus Ability card (+1 to +4)"),
    11: ("Dog", "Dog: gain a minus Ability card (-1 to -4)"),
    12: ("Bear", "Bear: take a Public card, then one into your hand"),
}


@pytest.mark.parametrize("n", sorted(BUTTONS))
def test_each_animals_effect_button_says_what_the_effect_does(n):
    animal, words = BUTTONS[n]
    app = app_at(f"R{n}")
    assert labels(app) == [words, *TAKES]
    assert prompt(app) == (f"Your turn: trigger the effect of your Red {n} ({animal}), or take a Public card into "
                           "your Personal Area.")
    assert app.game.step_text == ("trigger the played card's effect, or take a Public card into the Personal "
                                  "Area")


def test_twelve_wordings_one_per_animal():
    assert sorted(EFFECT_WORDS) == list(range(1, 13)) and len(set(EFFECT_WORDS.values())) == 12


def test_the_effect_buttons_tooltip_is_the_printed_effect():
    tips = {n: app_at(f"R{n}").action_buttons[0].tooltip for n in (1, 7, 12)}
    assert tips == {
        1: "Trigger the Red 1 (Tiger) to take 1 Public card into your Personal Area, then remove 1 Public card",
        7: "Trigger the Red 7 (Lion) to activate the effect of a face-up card in your Personal Area",
        12: "Trigger the Red 12 (Bear) to take 2 Public cards: 1 into your Personal Area, 1 into your hand",
    }
    assert app_at("R1").action_buttons[1].tooltip == "Take the Purple 3 (Leopard) into your Personal Area"


def test_the_effect_button_triggers_the_effect():
    app = app_at("R1")
    app.action_buttons[0].click()                       # the Tiger's button: its first choice, a Public card
    assert labels(app) == TAKES
    assert "You trigger the Red 1 (Tiger): Tiger!" in shown_text(app.status.value)
    assert prompt(app) == "Your turn: take a Public card into the Personal Area."


def test_the_dog_asks_for_a_minus_ability_card_in_words():
    app = app_at("R11")
    click(app, Trigger())
    assert prompt(app) == "Your turn: take a minus Ability card (-1 to -4)."
    assert app.game.step_text == "take a minus Ability card (-1 to -4)"
    assert labels(app) == ["Take the -1 Ability card", "Take the -2 Ability card", "Take the -3 Ability card",
                           "Take the -4 Ability card"]
    click(app, Pick("-3"))
    assert "You gain the -3 Ability card" in shown_text(app.status.value)


def test_the_dog_with_two_minus_cards_left_and_the_cat():
    left = ["CC1", "CC2", "CC3", "CC4", "CC5", "CC6", "+1", "+2", "+3", "+4", "-2", "-4"]
    app = app_at("R11", specials=left, up=[["-1"], ["-3"]])
    click(app, Trigger())
    assert prompt(app) == "Your turn: take a minus Ability card (-1 to -4)."
    assert labels(app) == ["Take the -2 Ability card", "Take the -4 Ability card"]
    cat = app_at("R10")
    click(cat, Trigger())
    assert prompt(cat) == "Your turn: take a plus Ability card (+1 to +4)."
    assert labels(cat) == ["Take the +1 Ability card", "Take the +2 Ability card", "Take the +3 Ability card",
                           "Take the +4 Ability card"]


def test_the_lions_choices_say_each_cards_effect():
    app = app_at("R7", up=[["Gy3", "B6", "G7"], []])     # the Green 7 is a Lion: not a choice
    click(app, Trigger())
    assert prompt(app) == "Your turn: activate a face-up Personal card (not a Lion)."
    assert labels(app) == ["Gray 3 (Leopard): draw 3 cards, keep one face down",
                           "Blue 6 (Rabbit): discard a Personal card, then take 2 Public cards"]
    assert app.action_buttons[0].tooltip == ("Activate the Gray 3 (Leopard) to draw 3 cards, keep 1 face down in "
                                             "your Personal Area, discard the rest")
    app.action_buttons[0].click()
    assert "You activate the Gray 3 (Leopard): Leopard!" in shown_text(app.status.value)


def test_two_people_at_one_screen_read_whose_turn_it_is():
    app = app_at("R1", players=("Ann", "Bob"), bots={})
    assert prompt(app) == ("Ann's turn: trigger the effect of their Red 1 (Tiger), or take a Public card into their "
                           "Personal Area.")


def test_the_play_buttons_are_in_the_order_the_view_draws_the_hand():
    app = PokerApp(FurryPoker(["You", "Bob"], seed=1), bots={"Bob": Greedy()})
    g = app.game
    assert g.hands["You"] == ["R11", "Gy8", "Y11", "G6", "P10", "G7"]
    view = app.html.value
    drawn = re.findall(r'data-card="(\w+)"', view[view.index("Your hand"):])[:6]
    assert drawn == ["R11", "Gy8", "Y11", "G6", "P10", "G7"]                  # the hand as the view draws it
    assert labels(app) == ["Play the Red 11 (Dog)", "Play the Gray 8 (Dolphin)", "Play the Yellow 11 (Dog)",
                           "Play the Green 6 (Rabbit)", "Play the Purple 10 (Cat)", "Play the Green 7 (Lion)"]
    # the game's own order (the order of play) is unchanged: seeded bots pick by it
    assert [a.card for a in g.legal_actions()] == ["G6", "G7", "Gy8", "P10", "R11", "Y11"]
    app.action_buttons[1].click()                                              # the second button: the Gray 8
    assert ("You", "Gy8") in g.round_order
    assert "You choose the Gray 8 (Dolphin)" in shown_text(app.status.value)


def test_the_face_down_buttons_of_the_advanced_setup_follow_the_hand_too():
    app = PokerApp(FurryPoker(["You", "Bob"], seed=2, advanced=True), bots={"Bob": Greedy()})
    g = app.game
    assert g.hands["You"] == ["P11", "R6", "B9", "P5", "Y2", "R4", "Y9"]
    assert labels(app) == [f"Place the {name} face down in your Personal Area" for name in (
        "Purple 11 (Dog)", "Red 6 (Rabbit)", "Blue 9 (Wolf)", "Purple 5 (Raccoon)", "Yellow 2 (Peacock)",
        "Red 4 (Crow)", "Yellow 9 (Wolf)")]
    assert [a.card for a in g.legal_actions()] == ["Y2", "R4", "P5", "R6", "Y9", "B9", "P11"]
    app.action_buttons[0].click()
    assert g.personal["You"]["down"] == ["P11"]


def test_a_seeded_game_clicked_in_the_app_is_the_game_played_by_the_protocol():
    """The buttons change only their order: clicking the button of ``legal_actions()[0]`` each time plays the
    very game the protocol plays with the same choices (same save)."""
    app = PokerApp(FurryPoker(["You", "Bob"], seed=7), bots={"Bob": Greedy()})
    g = app.game
    chosen = []
    while not g.is_over:
        chosen.append(g.legal_actions()[0])
        click(app, chosen[-1])
    twin, bot, mine = FurryPoker(["You", "Bob"], seed=7), Greedy(), iter(chosen)
    while not twin.is_over:
        if twin.is_chance:
            twin.step()
        elif twin.current_player == "Bob":
            twin.step(bot)
        else:
            twin.apply(next(mine))
    assert twin.to_json() == g.to_json() and isinstance(chosen[0], Play)


def test_the_play_notebook_says_what_the_buttons_say():
    """notebooks/poker-play.ipynb's "How to play" quotes the buttons' words, and names no A or B (no button does)."""
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).resolve().parents[2] / "notebooks" / "poker-play.ipynb").read_text())
    how = next(" ".join("".join(c["source"]).split()) for c in nb["cells"]
               if c["cell_type"] == "markdown" and "".join(c["source"]).startswith("## How to play"))
    tiger, take = labels(app_at("R1"))[:2]          # the words of the Tiger's button and of a Take button
    assert tiger == "Tiger: take a Public card, then remove one" and f'"{tiger}"' in how
    assert take.startswith("Take the ") and take.endswith(" into your Personal Area")
    assert '"Take the ... into your Personal Area"' in how
    assert '"Play ..."' in how and "order of your hand" in how
    assert not re.search(r"\*\*[AB]\*\*|\b[AB]\)", how)
