"""The Thieves app: roll, then click a thief and a doorway to use a key; bots play the other gang.

``Thieves.widget()`` returns the ``box`` of a :class:`ThievesApp`. The frame (status,
errors, the history slider, Play again, the settings panel, bots' moves,
clicks applied to the state they were made on) is
:class:`furlib.core.app.widgets.GameApp`; its default controls stay, in two
places: the buttons that open a turn (Roll, and the doubling choices) above
the board, and one button per legal key use in a list below it (another
way to play, with the keyboard or a screen reader as well: the board's
squares can be reached with Tab too). So on a phone the board stays where
it was after a roll, on the first screen, and the moves come after it.
From top to bottom (:meth:`ThievesApp._rows`): the message box, the turn's
buttons, the board, the moves list, the History slider, the settings.

On the board, every square carries ``data-cell="row,col"``; while it is
your turn to use a key:

1. the thieves that can use a key are clickable: click one to select it;
2. then the doorways it can open are clickable, and so are the squares
   behind them (the pathway it moves to, the accomplice it passes the gold
   to, the carrier it steals from), the central square to take the gold
   and its exit to escape: a click uses the key. When a doorway opens with
   its colour's key or with white, the colour's key is used and white is
   kept. Click the thief again to choose another, or another highlighted
   thief to select it instead.

Only what can be used is highlighted and clickable (the pointer cursor);
each is at least 24 by 24 px on a phone (the board's pathways are wide and
its walls and doorways thin, see :func:`furlib.thieves.render.track_sizes`;
a thief covers its whole square), except the thin doorways, whose square
behind does the same.
A click on any other square is refused and answered in words: the app's
error line says why it cannot be used now (:meth:`ThievesApp._refusal`,
from :func:`why_not`: a wall, no key of the doorway's colour, a taken
pathway, the exit rules, not your thief, roll first...).
:func:`click_targets` and :func:`why_not` live in
:mod:`furlib.thieves.widget_clicks` and are re-exported here.
Squares are named as the board labels them (columns A, B..., rows 1,
2..., see :mod:`furlib.thieves.squares`).

A game made with ``time_limit`` (the printed variant: seconds per move)
runs a timer at each of your key uses; when it runs out before you move,
the app applies :class:`~furlib.thieves.actions.TimeUp` and the keys left
are lost.

This module imports ipywidgets and plotly; ``import furlib`` never imports it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import ipywidgets as widgets

from ..core.app.buttons import ActionButton
from ..core.app.widgets import GameApp
from ..core.engine.game import Game
from ..core.words import capitalized, join_words, plural, possessive, sentences
from .actions import Escape, Move, Pass, Steal, TakeGold, TimeUp
from .bots import Greedy
from .game import Thieves
from .render import thieves_html
from .squares import square_name
from .widget_clicks import _cell_of, click_targets, why_not

if TYPE_CHECKING:  # pragma: no cover
    from ..core.engine.events import Event
    from .widget_settings import ThievesSettings

__all__ = ["ThievesApp", "click_targets", "why_not"]


#: The actions listed below the board, one button each: the key uses (running out of time is no move to click).
KEY_USES = (Move, Pass, Steal, TakeGold, Escape)
_NOTE = '<div style="line-height: 1.4; margin: 6px 0 2px">{}</div>'
#: The words above the moves list (HTML): while there are moves to choose, and before the roll.
MOVES_NOTE = _NOTE.format("<b>Your moves</b>, one button each (the same as clicking the board):")
MOVES_LATER = _NOTE.format("The moves of your turn are listed here once you have rolled.")


class ThievesApp(GameApp):
    """Play Thieves against a bot in a notebook (an ipywidgets app).

    Parameters
    ----------
    game : Thieves, optional
        The game (changed in place); default ``Thieves(["You", "Dark"])``.
    bots, human, template, language
        As in :class:`furlib.core.app.widgets.GameApp`; the default bot is ``Greedy()``. Thieves is written in
        English only (:attr:`LANGUAGES`): any language but ``"en"`` is a ValueError naming the languages.

    Attributes
    ----------
    selected : int or None
        The number of the thief selected on the board (None: none).
    turn_box, turn_row : ipywidgets.VBox, ipywidgets.HBox
        Above the board: the buttons that open a turn (Roll, the doubling choices); one button high when
        empty, so the board does not move when they go.
    moves_box, moves_note, moves_row
        Below the board: the moves list (a line of words, then one button per key use).
    """

    GAME = Thieves
    VIEW_CLICK = ("g[data-cell]", "data-cell")
    # the board scales down to the width available (furlib.thieves.render): the view may be as narrow as the page
    VIEW_LAYOUT = {"flex": "1 1 560px", "max_width": "880px", "min_width": "0"}
    LANGUAGES = ("en",)   # its own lines (buttons, moves, refusals, settings) are English only

    def __init__(self, game: Thieves | None = None, *, bots: object = None, human: str | None = None,
                 template: Any = None, language: str = "en"):
        self.selected: int | None = None
        self._choices: dict[str, list[object]] = {}
        self._timer: threading.Timer | None = None
        self._timer_step: int | None = None
        super().__init__(Thieves(["You", "Dark"]) if game is None else game, bots=bots, human=human,
                         template=template, language=language)

    def default_bot(self) -> Greedy:
        """The bot of the other seats: ``Greedy()``."""
        return Greedy()

    def _make_settings(self, game: Game, bots: Mapping[str, Callable[..., Any]]) -> ThievesSettings:
        from .widget_settings import ThievesSettings

        return ThievesSettings(game, bots, default_bot=self.default_bot)

    def _on_start(self, game: Game) -> None:
        self.selected = None

    def _build_controls(self) -> list[widgets.Widget]:
        """The row of the buttons that open a turn (above the board) and the moves list (below it).

        GameApp's ``action_row`` still holds every default button as the frame keeps them, but is not shown:
        each row has buttons of its own, which :meth:`_refresh_controls` sets to the shown actions of its kind
        (:attr:`turn_row`: Roll, the doubling choices; :attr:`moves_row`: the key uses). A row's buttons only
        ever grow, the unused ones hidden: a button never moves from one row to the other (a widget moved
        between boxes while its old view was busy has been seen to leave that view's element in the page, a
        second, dead "Roll" button).
        """
        super()._build_controls()
        # one row of buttons high even when empty (the button, its host's and its own margins: 28 + 4 x 2 px), so
        # the board does not move when Roll goes; the box around it never shrinks (core/app/click_guard.py), so neither
        # does the board move when two doubling choices that took two lines go
        self.turn_row = widgets.HBox([], layout=widgets.Layout(
            flex_flow="row wrap", min_height="calc(var(--jp-widgets-inline-height, 28px) + "
                                             "4 * var(--jp-widgets-margin, 2px))"))
        self.turn_row.add_class("th-turn")
        self.turn_box = widgets.VBox([self.turn_row])
        self.turn_box.add_class("furlib-keep-height")
        self.moves_note = widgets.HTML()
        self.moves_row = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self.moves_row.add_class("th-moves-list")
        self.moves_box = widgets.VBox([self.moves_note, self.moves_row], layout=widgets.Layout(max_width="100%"))
        self.moves_box.add_class("th-moves")
        self.moves_box.add_class("furlib-keep-height")   # a shorter list leaves the History slider where it was
        #: each row's buttons, the index in the shown actions that each of them plays now, and the class it has
        #: for it (``furlib-action-<index>``, as GameApp's own buttons; "" for a hidden one)
        self._row_buttons: dict[str, list[ActionButton]] = {"turn": [], "moves": []}
        self._row_plays: dict[str, list[int]] = {"turn": [], "moves": []}
        self._row_classes: dict[str, list[str]] = {"turn": [], "moves": []}
        return [self.turn_box]

    def _on_row(self, row: str, k: int) -> None:
        """A click on button ``k`` of ``row``: the shown action it stands for, as GameApp's button would play it."""
        plays = self._row_plays[row]
        if k < len(plays):
            self._on_action(plays[k])

    def _rows(self, controls: list[widgets.Widget]) -> list[widgets.Widget]:
        """GameApp's rows with the moves list right below the board: the switches, the message box, the turn's
        buttons, the board, the moves, the History slider, the settings."""
        rows = super()._rows(controls)
        at = rows.index(self.view_row) + 1
        return [*rows[:at], self.moves_box, *rows[at:]]

    def _summary(self, events: list[Event]) -> str:
        """One sentence per turn: "You roll red and white; you open a blue doorway ... to B1."."""
        clauses = []
        for i, e in enumerate(events):
            text = e.text
            if e.player is not None and text.startswith(f"{e.player} "):
                if i == 0:
                    text = self._who(e.player) + text[len(e.player):]
                elif e.player == "You":
                    text = "you" + text[3:]
            clauses.append(text)
        return sentences(clauses)

    def _human_prompt(self) -> str:
        g = self.game
        if g.is_chance:
            return f"{self._you()} turn: click Roll."
        phase = g.phase
        if phase == "offer":
            return (f"{self._you()} turn: offer to double the stake (now {g.stake}), or roll without doubling "
                    "(the buttons above the board).")
        if phase == "answer":
            return (f"{self._you()} answer: the other gang offers to double the stake to {2 * g.stake}. Accept, "
                    "or refuse and lose the game at the present stake (the buttons above the board).")
        keys = g.keys
        which = (f"the {keys[0]} key" if len(keys) == 1 else f"both {keys[0]} keys" if keys[0] == keys[1]
                 else f"the {join_words(keys)} keys")
        clock = f" ({plural(int(g.time_limit) if g.time_limit == int(g.time_limit) else g.time_limit, 'second')} " \
                "per move)" if g.time_limit is not None else ""
        if self.selected is None:
            return (f"{self._you()} turn: use {which}{clock}. Click a highlighted thief on the board, or a move "
                    "in the list below it.")
        pos = g.position()
        here = square_name(*pos.cells[4 * pos.seat + self.selected - 1])
        return (f"{self._you()} turn: use {which}{clock}. Thief {self.selected} (on {here}) is selected: click a "
                "highlighted doorway or square to use a key, or the thief again to choose another.")

    def _view_html(self, view: Game) -> str:
        """The board with exactly the clickable squares highlighted (none at an earlier moment)."""
        live = view is self.game and self._live() and self._human_to_play()
        if not live:
            self.selected = None
            self._choices = {}
        else:
            g = self.game
            self._choices = click_targets(g, self.selected)
            if self.selected is not None:        # another thief that can use a key: click it to select it instead
                for key in click_targets(g, None):
                    self._choices.setdefault(key, ["select"])
        highlights = {_cell_of(key): self._words(key) for key in self._choices}
        return thieves_html(cast(Thieves, view), targets=highlights)      # the app's views are of its Thieves

    def _words(self, key: str) -> str:
        """What a click on a clickable square does, in words (its tooltip for a screen reader)."""
        actions = self._choices[key]
        if actions == ["select"] or (self.selected is None and actions):
            cell = _cell_of(key)
            t = next(i for i, c in enumerate(self.game.position().cells) if c == cell)
            return f"Select thief {t % 4 + 1} (on {square_name(*cell)})"
        return capitalized(str(actions[0])) if actions else "Choose another thief"

    def _refresh_controls(self, view: Game, live: bool) -> None:
        super()._refresh_controls(view, live)
        g = self.game
        plays: dict[str, list[int]] = {"turn": [], "moves": []}
        for i, a in enumerate(self._shown_actions):
            if not isinstance(a, TimeUp):                   # running out of time is not a move to click
                plays["moves" if isinstance(a, KEY_USES) else "turn"].append(i)
        for row, box in (("turn", self.turn_row), ("moves", self.moves_row)):
            self._row_plays[row] = plays[row]
            pool, classes = self._row_buttons[row], self._row_classes[row]
            while len(pool) < len(plays[row]):
                pool.append(self._button("", "", "th-button", partial(self._on_row, row, len(pool)),
                                         layout=widgets.Layout(width="auto")))
                classes.append("")
            for k, b in enumerate(pool):
                index = plays[row][k] if k < len(plays[row]) else None
                cls = "" if index is None else f"furlib-action-{index}"
                if classes[k] != cls:
                    if classes[k]:
                        b.remove_class(classes[k])
                    if cls:
                        b.add_class(cls)
                    classes[k] = cls
                _mirror(b, None if index is None else self.action_buttons[index])
            if list(box.children) != pool:
                box.children = list(pool)
        self.moves_note.value = MOVES_NOTE if plays["moves"] else MOVES_LATER if live and self._human_to_play() else ""
        self._clock(live and self._human_to_play() and g.phase == "keys" and g.time_limit is not None)
        # only the usable squares are targets: a click on any other is refused and says why (_refusal)
        self.html.targets = {key: self._words(key) for key in self._choices}

    @property
    def usable(self) -> dict[str, str]:
        """The squares a click uses now, ``{"row,col": words}``: the highlighted ones, the view's targets."""
        return dict(self.html.targets)

    def _view_clicked(self, key: str) -> None:
        actions = self._choices.get(key)
        if actions is None:
            return
        if actions == ["select"] or self.selected is None:
            cell = _cell_of(key)
            self.selected = next(i for i, c in enumerate(self.game.position().cells) if c == cell) % 4 + 1
            self._refresh()
        elif not actions:
            self.selected = None
            self._refresh()
        else:
            action = actions[0]
            self.selected = None
            self._human(lambda: self.game.apply(action))

    def _refusal(self, key: str) -> str:
        """Why a click on the square ``key`` (not usable now) does nothing: the app shows it in its error line."""
        g = self.game
        if not self._live():
            reason = ("You are looking back at an earlier moment: drag the History slider to the end or click "
                      "Back to now to play on.")
        elif self.stopped:
            reason = "The game stopped at its step limit: click Play again for a new game."
        elif not g.is_over and not self._human_to_play():
            reason = f"It is {possessive(g.current_player, capital=False)} turn."
        else:
            cell = _cell_of(key)
            reason = why_not(g, self.selected, cell)
        return reason

    def _clock(self, on: bool) -> None:
        """Start the move's timer (once per decision), or stop it."""
        g = self.game
        if on and self._timer_step == g.n_steps and self._timer is not None:
            return
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self._timer_step = None, None
        if on:
            self._timer_step = g.n_steps
            self._timer = threading.Timer(g.time_limit, self.time_up, args=(g, g.n_steps))
            self._timer.daemon = True
            self._timer.start()

    def time_up(self, game: Thieves, step: int) -> None:
        """The timer of the decision at ``step`` of ``game`` ran out: the keys left are lost (if it is still that
        decision)."""
        g = self.game
        if game is g and g.n_steps == step and self._human_to_play() and g.is_legal(TimeUp()):
            self.selected = None
            self._guard(lambda: self._human(lambda: g.apply(TimeUp())))

    def select(self, thief: int | None) -> None:
        """Select one of your thieves (1 to 4) as a click on it would, or None to clear."""
        self.selected = thief
        self._refresh()


def _mirror(button: ActionButton, shown: ActionButton | None) -> None:
    """Set a row's ``button`` to show GameApp's button ``shown``, or hide it (None)."""
    if shown is None:
        button.disabled, button.layout.display = True, "none"
        return
    button.description, button.tooltip, button.button_style = shown.description, shown.tooltip, shown.button_style
    button.disabled, button.layout.display = shown.disabled, None
