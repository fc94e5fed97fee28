"""The Thieves app: roll, then click a thief and a doorway to use a key; bots play the other gang.

``Thieves.widget()`` returns the ``box`` of a :class:`ThievesApp`. The frame (status,
errors, the history slider, Play again, the settings panel, bots' moves,
clicks applied to the state they were made on) is
:class:`furlib.core.widgets.GameApp`; its default controls stay: a Roll
button and one button per legal key use (the keyboard's and the screen
reader's way to play). On the board, every square carries
``data-cell="row,col"``; while it is your turn to use a key:

1. the thieves that can use a key are clickable: click one to select it;
2. then the doorways it can open are clickable, and so are the squares
   behind them (the pathway it moves to, the accomplice it passes the gold
   to, the carrier it steals from), the central square to take the gold
   and its exit to escape: a click uses the key. When a doorway opens with
   its colour's key or with white, the colour's key is used and white is
   kept. Click the thief again to choose another, or another highlighted
   thief to select it instead.

Only what can be used is highlighted and clickable (the pointer cursor).
A click on any other square is refused and answered in words: the app's
error line says why it cannot be used now (:meth:`ThievesApp._refusal`,
from :func:`why_not`: a wall, no key of the doorway's colour, a taken
pathway, the exit rules, not your thief, roll first...).
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
from typing import Any

from ..core.game import Game
from ..core.words import capitalized, join_words, plural, possessive, sentences
from ..core.widgets import GameApp
from .actions import Escape, Move, Pass, Steal, TakeGold, TimeUp
from .bots import Greedy
from .moves import uses
from .render import thieves_html
from .rules import Thieves
from .squares import square_name

__all__ = ["ThievesApp", "click_targets", "why_not"]


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
    ['1,3', '1,4', '1,5', '1,6', '1,7']

    With a thief selected, a doorway and the square behind it do the same
    (the pathway moved to, the accomplice passed to, the carrier robbed).
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
        behind = None
        if isinstance(a, Move):
            behind = (a.row, a.col)
        elif isinstance(a, Pass):
            behind = tuple(cells[4 * seat + a.receiver - 1])
        elif isinstance(a, Steal):
            behind = tuple(cells[game._state["carrier"]])
        if behind is not None:
            out.setdefault(_key_of(b.door_between(here, behind)), []).append(a)
            out.setdefault(_key_of(behind), []).append(a)
        elif isinstance(a, TakeGold):
            out.setdefault(_key_of(b.gold_square), []).append(a)
        else:
            out.setdefault(_key_of(b.exits[seat]), []).append(a)
    # a colour's own key first, white last: a click keeps the white key when it can
    for actions in out.values():
        actions.sort(key=lambda a: getattr(a, "key", "black") == "white")
    return out


def _keys_words(keys: list[str]) -> str:
    """ "your keys are red and white", "your key is black" (the keys left this turn)."""
    if len(keys) == 1:
        return f"the key left is {keys[0]}"
    if len(keys) == 2 and keys[0] == keys[1]:
        return f"both keys left are {keys[0]}"
    return f"the keys left are {join_words(keys)}"


def _thief_words(game: Thieves, t: int) -> str:
    """ "your thief 2 (on B3)", "Dark's thief 1 (on G7)": thief ``t`` (0 to 7) for the player to move."""
    whose = possessive(game.players[t // 4], capital=False)
    return f"{whose} thief {t % 4 + 1} (on {square_name(*game._state['thieves'][t])})"


_PLAN = ("it would leave a key unused that another plan uses: every key that can be used must be used "
         "(the buttons above the board list the moves that do)")


def _door_reason(game: Thieves, t: int, here: tuple, there: tuple, colour: str) -> str:
    """Why thief ``t`` on ``here`` cannot go (or pass, or steal) through the ``colour`` doorway to ``there``."""
    s = game._state
    b = game.board
    seat = s["current"]
    keys = game.keys
    cells = [tuple(c) for c in s["thieves"]]
    if not any(k == colour or k == "white" for k in keys):
        black = " (black opens only the central square and the exit)" if "black" in keys else ""
        return (f"the {colour} doorway between {square_name(*here)} and {square_name(*there)} opens only with a "
                f"{colour} or a white key, and {_keys_words(keys)}{black}")
    owner = {c: i for i, c in enumerate(cells)}
    other = owner.get(there)
    carrier = s["carrier"]
    if other is None:
        if t in s["moved"]:
            return f"{_thief_words(game, t)} has already moved this turn: each thief moves at most once a turn"
        if there == b.exits[1 - seat]:
            return (f"{square_name(*there)} is {possessive(game.players[1 - seat], capital=False)} exit: no thief "
                    "may step onto the other gang's exit")
        after = list(cells)
        after[t] = there
        mine = range(4 * seat, 4 * seat + 4)

        def count(cs: list, where: set, skip_carrier: bool = False) -> int:
            return sum(cs[i] in where for i in mine if not (skip_carrier and i == carrier))

        opp_ring, own_ring, own_area = b.surrounds[1 - seat], b.surrounds[seat], b.areas[seat]
        if count(after, opp_ring) > max(1, count(cells, opp_ring)):
            return (f"at most one of {possessive(game.current_player, capital=False)} thieves may stand on the "
                    f"three pathways around {possessive(game.players[1 - seat], capital=False)} exit")
        if count(after, own_area) > max(2, count(cells, own_area)):
            return (f"at most two of {possessive(game.current_player, capital=False)} thieves may stand in "
                    f"{possessive(game.current_player, capital=False)} exit area (the exit and the three "
                    "pathways around it)")
        if count(after, own_ring, True) > max(1, count(cells, own_ring, True)):
            return ("at most one accomplice (a thief not carrying the gold) may stand on the three pathways "
                    f"around {possessive(game.current_player, capital=False)} exit")
        return _PLAN
    if other // 4 != seat:
        if carrier != other:
            return (f"{square_name(*there)} is taken by {_thief_words(game, other)}: one thief per pathway, and "
                    "the gold can be stolen only from the thief carrying it")
        return _PLAN
    if carrier != t:
        return (f"{square_name(*there)} is taken by {_thief_words(game, other)}: one thief per pathway (only a "
                "thief carrying the gold may pass it to an accomplice next to it)")
    if other in s["passed"]:
        return f"{_thief_words(game, other)} passed the gold on this turn: it may not come back"
    return _PLAN


def _thief_reason(game: Thieves, t: int) -> str:
    """Why thief ``t`` of the player to move has no key use now."""
    s = game._state
    b = game.board
    here = tuple(s["thieves"][t])
    keys = game.keys
    if any(u[1] == t for u in uses(b, game.position())):
        return f"{_thief_words(game, t)} could use a key, but {_PLAN}"
    if t in s["moved"]:
        return f"{_thief_words(game, t)} has already moved this turn: each thief moves at most once a turn"
    doors = b.links[here]
    openable = [(colour, there) for colour, _door, there in doors if any(k in (colour, "white") for k in keys)]
    if not openable:
        colours = join_words(sorted({colour for colour, _d, _t in doors}))
        return (f"{_thief_words(game, t)} cannot use a key: the doorways beside it are {colours}, and "
                f"{_keys_words(keys)}")
    colour, there = openable[0]
    return f"{_thief_words(game, t)} cannot use a key now. {capitalized(_door_reason(game, t, here, there, colour))}"


def why_not(game: Thieves, selected: int | None, cell: tuple[int, int]) -> str:
    """Why a click on ``cell`` does nothing now (``selected``: the thief selected, 1 to 4, or None): a sentence.

    Derived from the rules (:mod:`furlib.thieves.moves`): roll first, not
    your thief, a wall, no key of the doorway's colour, a taken pathway, a
    thief that has already moved, the opponent's exit, the limits around
    the exits, or a use that would leave a key unused.

    >>> from furlib.thieves import Roll
    >>> g = Thieves(["You", "Dark"], seed=1)
    >>> why_not(g, None, (1, 5))
    'Roll first: click Roll, then use the keys.'
    >>> why_not(g.apply(Roll(("red", "white"))), 1, (0, 5))
    'That is a wall: thieves go only through doorways.'
    """
    s = game._state
    b = game.board
    if game.is_over:
        return "The game is over: click Play again for a new game."
    phase = s["phase"]
    if phase == "roll":
        return "Roll first: click Roll, then use the keys."
    if phase == "offer":
        return "First choose above the board: offer to double the stake, or roll without doubling."
    if phase == "answer":
        return "First answer the offer to double, above the board: accept or refuse."
    seat = s["current"]
    cells = [tuple(c) for c in s["thieves"]]
    owner = {c: i for i, c in enumerate(cells)}
    cell = tuple(cell)
    t_at = owner.get(cell)
    pick = "click one of the highlighted thieves"
    if selected is None:
        if t_at is None:
            return sentences([f"First {pick} (it lights up its doorways), then where it should go"])
        if t_at // 4 != seat:
            return sentences([f"{_thief_words(game, t_at)} belongs to the other gang: {pick}"])
        return sentences([_thief_reason(game, t_at)])
    t = 4 * seat + selected - 1
    here = cells[t]
    who = _thief_words(game, t)
    r, c = cell
    if cell == b.gold_square:
        if s["carrier"] is not None:
            return "The gold has already been taken from the central square."
        if here not in b.gold_pathways:
            return sentences([f"{who} is not beside the central square: only a thief on one of its four pathways "
                              "can take the gold"])
        if "black" not in game.keys:
            return sentences([f"taking the gold needs a black key, and {_keys_words(game.keys)}"])
        return sentences([f"taking the gold now: {_PLAN}"])
    if cell in b.doors:
        ends = [x for x in ((r, c - 1), (r, c + 1)) if r % 2 == 1] + [x for x in ((r - 1, c), (r + 1, c))
                                                                       if c % 2 == 1]
        if here not in ends:
            return sentences([f"that doorway is not next to {who}: click a highlighted doorway beside it"])
        there = ends[1] if ends[0] == here else ends[0]
        return sentences([_door_reason(game, t, here, there, b.doors[cell])])
    paths = set(b.pathways)
    if cell not in paths:
        beside = abs(r - here[0]) + abs(c - here[1]) == 1
        if beside:
            return "That is a wall: thieves go only through doorways."
        if t_at is None:
            return sentences([f"that is not next to {who}: click a highlighted doorway beside it"])
    door = b.door_between(here, cell) if cell in paths else None
    if door is not None:
        return sentences([_door_reason(game, t, here, cell, b.doors[door])])
    if t_at is not None and t_at // 4 == seat:
        return sentences([_thief_reason(game, t_at)])
    if cell in paths and abs(r - here[0]) + abs(c - here[1]) == 2:
        return sentences([f"a wall stands between {square_name(*here)} and {square_name(*cell)}: thieves go only "
                          "through doorways"])
    if t_at is not None:
        return sentences([f"{_thief_words(game, t_at)} belongs to the other gang and is not next to {who}"])
    return sentences([f"{square_name(*cell)} is not next to {who}: a key takes a thief through one doorway "
                      "at a time"])


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
    # the board scales down to the width available (furlib.thieves.render): the view may be as narrow as the page
    VIEW_LAYOUT = {"flex": "1 1 560px", "max_width": "880px", "min_width": "0"}

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

    def _make_settings(self, game: Game, bots):  # noqa: ANN001, ANN202
        from .widget_settings import ThievesSettings

        return ThievesSettings(game, bots, default_bot=self.default_bot)

    def _on_start(self, game: Game) -> None:
        self.selected = None

    def _summary(self, events: list) -> str:
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
        phase = g._state["phase"]
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
                    "above it.")
        here = square_name(*g._state["thieves"][4 * g._state["current"] + self.selected - 1])
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
                for key, actions in click_targets(g, None).items():
                    self._choices.setdefault(key, ["select"])
        highlights = {tuple(int(x) for x in key.split(",")): self._words(key) for key in self._choices}
        return thieves_html(view, targets=highlights)

    def _words(self, key: str) -> str:
        """What a click on a clickable square does, in words (its tooltip for a screen reader)."""
        actions = self._choices[key]
        if actions == ["select"] or (self.selected is None and actions):
            cell = tuple(int(x) for x in key.split(","))
            t = next(i for i, c in enumerate(self.game._state["thieves"]) if tuple(c) == cell)
            return f"Select thief {t % 4 + 1} (on {square_name(*cell)})"
        return capitalized(str(actions[0])) if actions else "Choose another thief"

    def _refresh_controls(self, view: Game, live: bool) -> None:
        super()._refresh_controls(view, live)
        g = self.game
        for i, a in enumerate(self._shown_actions):         # running out of time is not a move to click
            if isinstance(a, TimeUp):
                self.action_buttons[i].layout.display = "none"
        self._clock(live and self._human_to_play() and g._state["phase"] == "keys" and g.time_limit is not None)
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
            cell = tuple(int(x) for x in key.split(","))
            self.selected = next(i for i, c in enumerate(self.game._state["thieves"]) if tuple(c) == cell) % 4 + 1
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
            cell = tuple(int(x) for x in key.split(","))
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
        """The timer of the decision at ``step`` of ``game`` ran out: the keys left are lost (if it is still that decision)."""
        g = self.game
        if game is g and g.n_steps == step and self._human_to_play() and g._is_legal(TimeUp()):
            self.selected = None
            self._guard(lambda: self._human(lambda: g.apply(TimeUp())))

    def select(self, thief: int | None) -> None:
        """Select one of your thieves (1 to 4) as a click on it would, or None to clear."""
        self.selected = thief
        self._refresh()
