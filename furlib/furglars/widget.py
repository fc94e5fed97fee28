"""The Furglars' ipywidgets app: play against bots, replay the game, watch the race.

``Furglars.widget()`` returns :attr:`FurglarsApp.box`, the app's top-level
widget. The app changes its game only through the public protocol
(``step``, ``apply``, ``legal_actions``), so everything it does can be
driven and checked from Python: ``button.click()`` and setting ``.value``
run the handlers. The frame (history slider, live chart, errors, bots'
moves, Play again, clicks applied to the state they were made on) is
:class:`furlib.core.app.widgets.GameApp`; the settings panel is
:class:`furlib.furglars.widget_settings.FurglarsSettings`. The turn
summaries are built from the events' kinds and data (never from their
English text).

This module imports ipywidgets and plotly; ``import furlib`` never imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from ..core.app.widgets import GameApp
from ..core.engine.game import Event, Game
from ..core.words import act, named, plural, possessive, sentences, subjects
from . import events as ev
from .actions import BreakLock, Done, StealFurgle
from .bots import Mastermind
from .faces import describe_counts
from .game import Furglars
from .plots import score_race
from .texts import reach_words
from .widget_settings import SEAT_KINDS, FurglarsSettings

__all__ = ["FurglarsApp", "FurglarsSettings", "SEAT_KINDS", "target_label"]


def target_label(action: BreakLock | StealFurgle) -> str:
    """The words on a target button, e.g. ``"Break Bob's Lock"`` or ``"Steal a Furgle from Cy"``.

    >>> target_label(BreakLock("Bob")), target_label(StealFurgle("Cy"))
    ("Break Bob's Lock", 'Steal a Furgle from Cy')
    """
    if isinstance(action, BreakLock):
        return f"Break {possessive(action.player, capital=False)} Lock"
    return f"Steal a Furgle from {named(action.player)}"


class FurglarsApp(GameApp):
    """Play The Furglars against bots in a notebook (an ipywidgets app).

    Parameters
    ----------
    game : Furglars, optional
        The game to play (it is changed in place); default a new
        ``Furglars(["You", "Bot 1", "Bot 2"])``. "New game" in the settings
        panel replaces it: the current one is always :attr:`game`.
    bots : None, policy or dict, optional
        ``None``: every seat but ``human`` is played by ``Mastermind()``, the
        strongest bot of :mod:`furlib.furglars.bots`; one policy: it plays
        every seat but ``human``; a dict ``{name: policy}``: those seats are
        bots, the others are played by people.
    human : str, optional
        The seat played at the screen when ``bots`` is not a dict (default:
        the first player).
    template : str, optional
        Plotly template of the score chart (e.g. ``"plotly_dark"``).
    language : {"en"}, default "en"
        The app's language: The Furglars is written in English only (:attr:`LANGUAGES`); any other value is a
        ValueError naming the languages.

    Attributes
    ----------
    box : ipywidgets.VBox
        The app: display it (``Furglars.widget()`` returns it).
    roll_button, done_button : ipywidgets.Button
        Roll the dice in front of you (classes ``furlib-roll``) / leave the
        remaining Hands unused and pass the dice (``furlib-done``). Enabled
        only when the move is legal for a human seat and the view shows the
        latest moment of the game.
    target_buttons : list of ipywidgets.Button
        One button per legal :class:`~furlib.furglars.BreakLock` or
        :class:`~furlib.furglars.StealFurgle` now, in the order of
        ``game.legal_actions()``, e.g. "Break Bob's Lock"; a click spends
        one Hand on it. Every target button has the class ``furlib-target``,
        ``furlib-target-<i>`` (``i``: the target's seat, from 0) and
        ``furlib-target-break`` or ``furlib-target-steal``.
    html : ipywidgets.HTML
        The game view (``game._repr_html_()``, or an earlier moment).
    slider, back_button
        The history (0 .. ``game.n_steps``) and "Back to now".
    chart : plotly.graph_objects.Figure
        Bullion Points so far (:func:`~furlib.furglars.plots.score_race`);
        the page shows it as a picture (``chart_view``).
    status, error : ipywidgets.HTML
        What just happened and what to do, in words; an error, if any.
    settings : FurglarsSettings
        The settings panel and its "New game" button.

    Examples
    --------
    >>> app = FurglarsApp(Furglars(["You", "Bot"], seed=1))
    >>> app.roll_button.click()          # roll your five dice; the bot plays its turn
    >>> app.game.actions[0].faces
    ('furgle', 'lock', 'hand', 'hand', 'x')
    >>> app.game.current_player, app.game.is_chance
    ('You', True)
    """

    GAME = Furglars
    VIEW_LAYOUT = {"flex": "1 1 520px", "max_width": "720px"}
    CHART_SIZE = (440, 330)
    LANGUAGES = ("en",)   # its own lines (buttons, prompts, settings) are English only

    def __init__(self, game: Furglars | None = None, *, bots: object = None, human: str | None = None,
                 template: Any = None, language: str = "en"):
        game = Furglars(["You", "Bot 1", "Bot 2"]) if game is None else game
        self._pool: dict[str, widgets.Button] = {}
        self._targets: dict[str, BreakLock | StealFurgle] = {}
        self.target_buttons: list[widgets.Button] = []
        super().__init__(game, bots=bots, human=human, template=template, language=language)

    @staticmethod
    def default_bot() -> Callable[..., Any]:
        """``Mastermind()``: the bot that plays a seat when ``bots=None``."""
        return Mastermind()

    # ------------------------------------------------------------------ build
    def _build_controls(self) -> list[widgets.Widget]:
        self.roll_button = self._button("Roll", "Roll all the dice in front of you", "furlib-roll",
                                        self._on_roll, icon="dice", button_style="info")
        self.done_button = self._button("Done: pass the dice", "Leave the remaining Hands unused and pass every "
                                        "die not on your card to the next player", "furlib-done",
                                        self._on_done, button_style="success")
        self.hands_label = widgets.HTML()
        self.target_row = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self.target_row.add_class("furlib-targets")
        hands_row = widgets.HBox([self.hands_label, self.target_row],
                                 layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        hands_row.add_class("furlib-keep-height")        # never shrinks: the view under it stays put
        return [widgets.HBox([self.roll_button, self.done_button]), hands_row]

    def _make_settings(self, game: Game, bots: Mapping[str, Callable[..., Any]]) -> FurglarsSettings:
        assert isinstance(game, Furglars)  # GameApp checked it is a GAME
        return FurglarsSettings(game, bots)

    def _on_start(self, game: Game) -> None:
        """One target button per player (shown only while it is a legal target)."""
        assert isinstance(game, Furglars)  # GameApp checked it is a GAME
        if list(self._pool) != list(game.players):
            self._forget(list(self._pool.values()))
            self._pool = {}
            for i, name in enumerate(game.players):
                b = self._button(name, "", f"furlib-target-{i}", partial(self._on_target, name),
                                 button_style="warning", layout=widgets.Layout(width="auto"))
                b.add_class("furlib-target")
                self._pool[name] = b
            self.target_row.children = list(self._pool.values())

    def _intro(self, game: Game) -> str:
        assert isinstance(game, Furglars)  # GameApp checked it is a GAME
        return (f"New game: {subjects([self._who(p) for p in game.players])}. "
                f"The first to {plural(game.target, 'Bullion Point')} wins.")

    # ---------------------------------------------------------------- actions
    def _on_roll(self) -> None:
        self._human(lambda: self.game.step())

    def _on_done(self) -> None:
        self._human(lambda: self.game.apply(Done()))

    def _on_target(self, name: str) -> None:
        self._human(lambda: self.game.apply(self._targets[name]))

    # ---------------------------------------------------------------- display
    def _summary(self, events: list[Event]) -> str:
        """One sentence for one player's turn (or the part of it in ``events``), in order.

        Built from each event's kind and data; repeated breaks or steals
        against one player are told once ("stole 2 Furgles from Ann").
        """
        who = events[0].player
        parts: list[str] = []
        run: tuple[str, str] | None = None  # (kind, target) of the last break or steal told
        count = 0
        for e in events:
            d = e.data
            if e.kind in (ev.BREAK, ev.STEAL):
                if run == (e.kind, d["target"]):
                    count += 1
                    parts[-1] = _hand_words(e.kind, d["target"], count)
                else:
                    run, count = (e.kind, d["target"]), 1
                    parts.append(_hand_words(e.kind, d["target"], 1))
                continue
            run = None
            if e.kind == ev.CASH_IN:
                pts = d["points"]
                parts.append(f"cashed in {plural(d['furgles'], 'Furgle')} for {plural(pts, 'point')} "
                             f"(score {e.scores[self.game.players.index(who)]})")
            elif e.kind == ev.TAKE_BACK:
                parts.append(f"took back {plural(d['locks'], 'Lock')}")
            elif e.kind == ev.ROLL:
                counts = describe_counts({k: d[k] for k in ("furgle", "lock", "hand", "x")})
                parts.append(f"{'bonus roll' if d['bonus'] else 'rolled'} {counts}")
            elif e.kind == ev.X_FACTOR:
                parts.append("X factor: took every Lock to roll" if d["dice"] else "rolled only Xs (no Lock to take)")
            elif e.kind == ev.PASS:
                parts.append(f"passed {plural(d['dice'], 'die')} to {named(d['to'])}" if d["dice"] else
                             f"kept every die on the card (none to pass to {named(d['to'])})")
            elif e.kind == ev.NO_DICE:
                parts.append("had no dice to roll")
            elif e.kind == ev.WIN:
                total = e.scores[self.game.players.index(who)]
                parts.append(reach_words(total, self.game.target).replace("reaches", "reached", 1)
                             + " and won the game!")
        return sentences([f"{self._who(who)} {p}" if i == 0 else p for i, p in enumerate(parts or ["played"])])

    def _human_prompt(self) -> str:
        g = self.game
        if g.is_chance:
            if g.is_bonus_roll:
                return f"X factor! {self._you()} turn: roll the {plural(g.dice_to_roll, 'die')} as a bonus roll."
            return f"{self._you()} turn: roll the {plural(g.dice_to_roll, 'die')} in front of you."
        hands = plural(g.hands_left, "Hand")
        return (f"{self._you()} turn: {hands} left to spend. Click a target below to break a Lock or steal "
                f"a Furgle, or Done to pass the dice to {named(g.next_player())}.")

    def _yours(self) -> str:
        """:meth:`_you` in mid-sentence: "your", or "Ann's" with several people at the screen."""
        you = self._you()
        return "your" if you == "Your" else you

    def _you(self) -> str:
        """ "Your" with one person at the screen, else the player's possessive ("Ann's", "Your" for You)."""
        if len(self.game.players) - len(self.bots) == 1:
            return "Your"
        return possessive(self.game.current_player)

    def _refresh_controls(self, view: Game, live: bool) -> None:
        assert isinstance(view, Furglars)  # the app's game, or a copy of it at the slider's moment
        g = self.game
        mine = live and self._human_to_play()
        self.roll_button.disabled = not (mine and g.is_chance)
        self.roll_button.description = "Roll bonus dice" if mine and g.is_bonus_roll else "Roll"
        legal = g.legal_actions() if mine else []
        self.done_button.disabled = Done() not in legal
        shown = view.legal_actions() if not view.is_chance and view.current_player not in self.bots else []
        self._targets = {a.player: a for a in shown if isinstance(a, (BreakLock, StealFurgle))}
        for name, b in self._pool.items():
            action = self._targets.get(name)
            b.layout.display = None if action else "none"
            b.disabled = action is None or action not in legal
            for kind in ("break", "steal"):
                b.remove_class(f"furlib-target-{kind}")
            if action is None:
                b.description, b.tooltip = name, ""
            elif isinstance(action, BreakLock):
                b.add_class("furlib-target-break")
                b.description = target_label(action)
                b.tooltip = (f"Spend a Hand: {act(name, 'has')} {plural(view.locks[name], 'Lock')}; the broken "
                             f"Lock joins {self._yours()} pass pile")
            else:
                b.add_class("furlib-target-steal")
                b.description = target_label(action)
                b.tooltip = (f"Spend a Hand: {act(name, 'has')} {plural(view.furgles[name], 'Furgle')} and no "
                             f"Lock; the Furgle goes on {self._yours()} card")
        self.target_buttons = [self._pool[name] for name in self._targets]  # in legal_actions() order
        if self._targets:
            self.hands_label.value = f"<b>{plural(view.hands_left, 'Hand')} to spend</b>: click a target."
        elif view.is_over:
            self.hands_label.value = ""
        else:
            self.hands_label.value = ("<b>Hands</b>: after a roll with Hands, a button for each target shows "
                                      "here: break a Lock, or steal a Furgle.")

    def _figure(self, now: int | None = None) -> go.Figure:
        return score_race(self.game, now=now, template=self.template)


def _hand_words(kind: str, target: str, n: int) -> str:
    """A run of breaks or steals against one player: "broke Bob's Lock", "stole 2 Furgles from you".

    >>> _hand_words(ev.STEAL, "You", 2), _hand_words(ev.BREAK, "Bob", 1), _hand_words(ev.BREAK, "You", 2)
    ('stole 2 Furgles from you', "broke Bob's Lock", 'broke 2 of your Locks')
    """
    if kind == ev.BREAK:
        whose = possessive(target, capital=False)
        return f"broke {whose} Lock" if n == 1 else f"broke {n} of {whose} Locks"
    return f"stole {'a Furgle' if n == 1 else plural(n, 'Furgle')} from {named(target)}"
