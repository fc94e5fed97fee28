"""The Thieves app's rows: the buttons that open a turn above the board, the moves listed below it.

On a phone (360 x 800 px) the 14 move buttons of a turn used to stack above
the board and push it 507 px down; now the board stays where it was after a
roll and the moves come after it (tests/browser/test_thieves_browser.py
measures it in Chromium). Every text that points to the moves says where
they are.
"""

from __future__ import annotations

import json
from pathlib import Path

from furlib import Thieves
from furlib.core.words import capitalized
from furlib.thieves import OfferDouble, Roll
from furlib.thieves.refusals import PLAN
from furlib.thieves.widget import MOVES_LATER, MOVES_NOTE, ThievesApp, why_not

ROOT = Path(__file__).resolve().parents[2]


def shown(row) -> list[str]:
    return [b.description for b in row.children if b.layout.display != "none"]


def test_the_rows_top_to_bottom():
    app = ThievesApp(Thieves(["You", "Dark"], seed=1))
    rows = list(app.box.children)
    assert rows[:5] == [app.app_style, app.switches, app.messages, app.turn_box, app.view_row]
    assert list(app.turn_box.children) == [app.turn_row]
    assert rows[5] is app.moves_box and rows[6].children == (app.slider, app.back_button)
    assert rows[7:] == [app.settings_panel]
    assert list(app.view_row.children) == [app.html, app.chart_box]               # the board alone in its row
    assert list(app.moves_box.children) == [app.moves_note, app.moves_row]
    assert app.action_row not in rows                  # GameApp's row of every button: kept, not shown


def test_roll_above_the_board_and_the_moves_below_it():
    g = Thieves(["You", "Dark"], seed=1)
    app = ThievesApp(g)
    assert shown(app.turn_row) == ["Roll"] and shown(app.moves_row) == []
    assert app.moves_note.value == MOVES_LATER
    app.action_buttons[0].click()                                             # Roll
    moves = [b for b in app.moves_row.children if b.layout.display != "none"]
    assert g.phase == "keys" and len(moves) == len(g.legal_actions()) > 1
    assert shown(app.turn_row) == [] and list(app.moves_row.children) == moves
    assert [b.description for b in moves] == [capitalized(str(a)) for a in g.legal_actions()]
    # Roll's button stays in its row, hidden and refusing clicks: a button never moves from one row to the other
    (roll,) = app.turn_row.children
    assert roll.layout.display == "none" and roll.disabled and not any(c.startswith("furlib-action-")
                                                                       for c in roll._dom_classes)
    # each shown button carries the class of the action it plays, as GameApp's own buttons do
    assert [[c for c in b._dom_classes if c.startswith("furlib-action-")] for b in moves] == [
        [f"furlib-action-{i}"] for i in range(len(moves))]
    assert app.moves_note.value == MOVES_NOTE
    # the empty row keeps one button's height (28 px and two margins of 2 px on each side): the board does not jump
    # up after the roll; the boxes around the turn's buttons and the moves never shrink (core/app/click_guard.py)
    assert app.turn_row.layout.min_height == ("calc(var(--jp-widgets-inline-height, 28px) + "
                                              "4 * var(--jp-widgets-margin, 2px))")
    assert "furlib-keep-height" in app.turn_box._dom_classes and "furlib-keep-height" in app.moves_box._dom_classes
    assert "Click a highlighted thief on the board, or a move in the list below it." in app.status.value
    moves[0].click()                                                          # a move from the list plays
    assert g.n_steps == 2


def test_the_doubling_choices_open_the_turn_above_the_board():
    g = Thieves(["You", "Dark"], seed=1, doubling=True)
    app = ThievesApp(g)
    assert shown(app.turn_row) == ["Roll without doubling", "Offer to double the stake"]
    assert shown(app.moves_row) == [] and "(the buttons above the board)" in app.status.value
    g = Thieves(["You", "Dark"], seed=1, doubling=True)
    g.apply(OfferDouble())
    assert g.phase == "answer"
    app = ThievesApp(g, bots={})                                              # two people at one screen: Dark
    assert shown(app.turn_row) == ["Accept the doubled stake", "Refuse and forfeit"]
    assert "(the buttons above the board)" in app.status.value and shown(app.moves_row) == []


def test_no_moves_when_looking_back_or_at_game_over():
    g = Thieves(["You", "Dark"], seed=1).apply(Roll(("red", "white")))
    app = ThievesApp(g)
    assert app.moves_note.value == MOVES_NOTE
    app.slider.value = 0
    assert app.moves_note.value == "" and shown(app.moves_row) == [] == shown(app.turn_row)
    g = Thieves(["You", "Dark"], seed=4).play()
    app = ThievesApp(g)
    assert app.moves_note.value == "" and shown(app.moves_row) == []


def test_the_refusals_point_below_the_board():
    """A use that would leave a key unused is refused with a pointer to the moves list (below the board now)."""
    g = Thieves(["You", "Dark"], seed=1)
    g.step()                                                   # the seeded roll
    words = why_not(g, None, (1, 5))
    assert PLAN in words and words.endswith(f"{PLAN} (the list of moves below the board shows the ones that do).")
    # the buttons that open a turn stay above it, and the texts about them say so
    assert why_not(Thieves(seed=1, doubling=True), None, (1, 5)) == \
        "First choose above the board: offer to double the stake, or roll without doubling."


def test_no_text_sends_anyone_to_moves_above_the_board():
    import furlib.thieves.widget as widget
    import furlib.thieves.widget_clicks as clicks

    source = Path(widget.__file__).read_text() + Path(clicks.__file__).read_text()   # the app, and its refusals
    assert "buttons above the board list" not in source and "a move above it" not in source
    nb = json.loads((ROOT / "notebooks" / "thieves-play.ipynb").read_text())
    how = next("".join(c["source"]) for c in nb["cells"] if "".join(c["source"]).startswith("## How to play"))
    text = " ".join(how.split())
    assert "buttons above the board" not in text
    assert "The list of moves below the board does the same, one button per move." in text
    assert "Key to the board" in text
