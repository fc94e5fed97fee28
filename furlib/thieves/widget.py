"""The Thieves app: roll, then click a thief and a doorway to use a key; bots play the other gang.

``Thieves.widget()`` returns the ``box`` of a :class:`ThievesApp`. The frame (status,
errors, the history slider, Play again, the settings panel, bots' moves,
clicks applied to the state they were made on) is
:class:`furlib.core.widgets.GameApp`; its default controls stay: a Roll
button and one button per legal key use (the keyboard's and the screen
reader's way to play). On the board, every square carries
``data-cell="row,col"``; while it is your turn to use a key:

1. the thieves that can use a key are clickable: click one to select it;
2. then the doorways it can open are clickable (and the central square to
   take the gold, its exit to escape): a click uses the key. When a
   doorway opens with its colour's key or with white, the colour's key is
   used and white is kept. Click the thief again to choose another.

A game made with ``time_limit`` (the printed variant: seconds per move)
runs a timer at each of your key uses; when it runs out before you move,
the app applies :class:`~furlib.thieves.actions.TimeUp` and the keys left
are lost.

This module imports ipywidgets and plotly; ``import furlib`` never imports it.
"""

from __future__ import annotations

import threading
from typing import Any

from ..core.game import Game
from ..core.widgets import GameApp
from .actions import Escape, Move, Pass, Steal, TakeGold, TimeUp
from .bots import Greedy
from .rules import Thieves

__all__ = ["ThievesApp", "click_targets"]


def _thief_of(action: object) -> int | None:
    if isinstance(action, Pass):
        return action.giver
    return getattr(action, "thief", None)


def _key_of(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def click_targets(game: Thieves, selected: int | None) -> dict[str, list[object]]:
    """``{"row,col": [actions]}`` of the squares to click now: the thieves, or the selected thief's doorways.

    >>> g = Thieves(seed=1)
    >>> from furlib.thieves import Roll
    >>> sorted(click_targets(g.apply(Roll(("red", "white"))), None))
    ['1,5']
    >>> sorted(click_targets(g, 1))
    ['1,4', '1,5', '1,6']
    """
    if game.is_over or game.is_chance or game._state["phase"] != "keys":
        return {}
    seat = game._state["current"]
    cells = game._state["thieves"]
    b = game.board
    legal = [a for a in game.legal_actions() if not isinstance(a, TimeUp)]
    if selected is None:
        out: dict[str, list[object]] = {}
        for a in legal:
            n = _thief_of(a)
            out.setdefault(_key_of(tuple(cells[4 * seat + n - 1])), []).append(a)
        return out
    here = tuple(cells[4 * seat + selected - 1])
    out = {_key_of(here): []}                        # click the thief again: choose another
    for a in legal:
        if _thief_of(a) != selected:
            continue
        if isinstance(a, Move):
            where = b.door_between(here, (a.row, a.col))
        elif isinstance(a, Pass):
            where = b.door_between(here, tuple(cells[4 * seat + a.receiver - 1]))
        elif isinstance(a, Steal):
            victim = game._state["carrier"]
            where = b.door_between(here, tuple(cells[victim]))
        elif isinstance(a, TakeGold):
            where = b.gold_square
        else:
            where = b.exits[seat]
        out.setdefault(_key_of(where), []).append(a)
    # a colour's own key first, white last: a click keeps the white key when it can
    for actions in out.values():
        actions.sort(key=lambda a: getattr(a, "key", "black") == "white")
    return out


class ThievesApp(GameApp):
    """Play Thieves against a bot in a notebook (an ipywidgets app).

    Parameters
    ----------
    game : Thieves, optional
        The game (changed in place); default ``Thieves(["You", "Dark"])``.
    bots, human, template
        As in :class:`furlib.core.widgets.GameApp`; the default bot is ``Greedy()``.

    Attributes
    ----------
    selected : int or None
        The number of the thief selected on the board (None: none).
    """

    GAME = Thieves
    VIEW_CLICK = ("g[data-cell]", "data-cell")
    VIEW_LAYOUT = {"flex": "1 1 560px", "max_width": "760px"}

    def __init__(self, game: Thieves | None = None, *, bots: object = None, human: str | None = None,
                 template: Any = None):
        self.selected: int | None = None
        self._choices: dict[str, list[object]] = {}
        self._timer: threading.Timer | None = None
        self._timer_step: int | None = None
        super().__init__(Thieves(["You", "Dark"]) if game is None else game, bots=bots, human=human,
                         template=template)

    def default_bot(self):  # noqa: ANN201
        """The bot of the other seats: ``Greedy()``."""
        return Greedy()

    def _on_start(self, game: Game) -> None:
        self.selected = None

    def _human_prompt(self) -> str:
        g = self.game
        if g.is_chance:
            return f"{self._you()} turn: click Roll."
        if g._state["phase"] != "keys":
            return f"{self._you()} turn: choose below."
        keys = " and ".join(g.keys)
        clock = f" ({g.time_limit:g} seconds per move)" if g.time_limit is not None else ""
        if self.selected is None:
            return (f"{self._you()} turn, keys {keys}{clock}: click a thief on the board (or a move below).")
        return (f"{self._you()} turn, keys {keys}: thief {self.selected} is selected; click a highlighted "
                "doorway to use a key (or the thief again to choose another).")

    def _refresh_controls(self, view: Game, live: bool) -> None:
        super()._refresh_controls(view, live)
        g = self.game
        if not (live and self._human_to_play()):
            self.selected = None
            self._choices = {}
        else:
            self._choices = click_targets(g, self.selected)
        for i, a in enumerate(self._shown_actions):         # running out of time is not a move to click
            if isinstance(a, TimeUp):
                self.action_buttons[i].layout.display = "none"
        self._clock(live and self._human_to_play() and g._state["phase"] == "keys" and g.time_limit is not None)
        words = {}
        for key, actions in self._choices.items():
            words[key] = (f"Select thief {_thief_of(actions[0])}" if self.selected is None and actions
                          else str(actions[0]) if actions else "Choose another thief")
        self.html.targets = words

    def _view_clicked(self, key: str) -> None:
        actions = self._choices.get(key)
        if actions is None:
            return
        if self.selected is None:
            self.selected = _thief_of(actions[0])
            self._refresh()
        elif not actions:
            self.selected = None
            self._refresh()
        else:
            action = actions[0]
            self.selected = None
            self._human(lambda: self.game.apply(action))

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
        """The timer of the decision at ``step`` of ``game`` ran out: the keys left are lost (if it is still that decision)."""
        g = self.game
        if game is g and g.n_steps == step and self._human_to_play() and TimeUp() in g.legal_actions():
            self.selected = None
            self._guard(lambda: self._human(lambda: g.apply(TimeUp())))

    def select(self, thief: int | None) -> None:
        """Select one of your thieves (1 to 4) as a click on it would, or None to clear."""
        self.selected = thief
        self._refresh()
