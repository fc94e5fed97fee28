"""Oh Furcle!'s ipywidgets app: play against bots, replay the game, watch the scores.

``Furcle.widget()`` returns :attr:`FurcleApp.box`, the app's top-level widget.
The app changes its game only through the public protocol (``apply``,
``step``, ``legal_actions``), so everything it does can be driven and checked
from Python: ``button.click()``, ``app.click_die(i)`` and setting ``.value``
run the handlers. The frame (history slider, live chart, errors, bots'
moves, Play again, clicks applied to the state they were made on) is
:class:`furlib.core.widgets.GameApp`; the settings panel is
:class:`furlib.furcle.widget_settings.FurcleSettings`; the chart is
:func:`~furlib.furcle.plots.score_trajectories` by turn. To say Beekin, the
player clicks a die in the picture of the game. The advice line shows
:func:`furlib.furcle.advice.best_move` (re-exported here with
:func:`~furlib.furcle.advice.position_value` and
:data:`~furlib.furcle.advice.ADVICE_LIMITS`).

This module imports ipywidgets and plotly; ``import furlib`` never imports it.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Mapping

import ipywidgets as widgets
import plotly.graph_objects as go

from ..core.game import Event
from ..core.widgets import GameApp
from . import events as ev
from .advice import ADVICE_LIMITS, advice_refused, best_move, describe_move, position_value
from .bots import BeekinSmart
from .plots import score_trajectories
from .rules import AcceptFurcle, Beekin, Furcle, Roll, Satisfied
from .widget_settings import SEAT_KINDS, FurcleSettings

__all__ = ["FurcleApp", "FurcleSettings", "SEAT_KINDS", "best_move", "position_value", "ADVICE_LIMITS"]

CHART_SIZE = (480, 330)  # px: beside the game view on a laptop screen, below it on a narrow one
ADVICE_BOX = ('<div class="furlib-advice-text" style="padding: 2px 10px; margin: 0 0 4px; '
              'border-left: 4px solid var(--jp-success-color1, #388e3c); '
              'color: var(--jp-ui-font-color1, inherit)">{}</div>')


def _faces(faces: Any) -> str:
    return ",".join(str(f) for f in faces)


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


class FurcleApp(GameApp):
    """Play Oh Furcle! against bots in a notebook (an ipywidgets app).

    Parameters
    ----------
    game : Furcle, optional
        The game to play (it is changed in place); default a new
        ``Furcle(players=["You", "Bot"])``. "New game" in the settings panel
        replaces it: the current one is always :attr:`game`.
    bots : None, policy or dict, optional
        ``None``: every seat but ``human`` is played by ``BeekinSmart()``; one
        policy: it plays every seat but ``human``; a dict ``{name: policy}``:
        those seats are bots, the others are played by people.
    human : str, optional
        The seat played at the screen when ``bots`` is not a dict (default:
        the first player).
    template : str, optional
        Plotly template of the score chart (e.g. ``"plotly_dark"``).
    advice : bool, default False
        Show what the optimal bot (:func:`~furlib.furcle.solver.solve`) would
        do now and the current player's exact chance to win; the
        ``advice_toggle`` checkbox switches it on and off. Only for 2-player
        games within :data:`ADVICE_LIMITS` (the first use of a rule set
        solves the game: a few seconds).

    Attributes
    ----------
    box : ipywidgets.VBox
        The app: display it (``Furcle.widget()`` returns it).
    roll_button, satisfied_button, accept_button, back_button, again_button
        Buttons; enabled only when the move is legal for a human seat and the
        view shows the latest moment of the game ("Play again" at game over).
    html : ClickableHTML
        The game view (``game._repr_html_()``, or an earlier moment). While
        a Beekin is legal, the dice it may raise are clickable
        (``html.targets`` holds their numbers); :meth:`click_die` clicks one.
    dice_label : ipywidgets.HTML
        What Beekin does and whether it is possible now.
    slider : ipywidgets.IntSlider
        The history: 0 .. ``game.n_steps``.
    chart : plotly.graph_objects.FigureWidget
        Scores so far by turn (``score_trajectories``), updated in place; the
        history slider's moment is marked on it.
    status, error : ipywidgets.HTML
        What just happened and what to do, in words; an error, if any.
    settings : FurcleSettings
        The settings panel and its "New game" button.
    advice_toggle : ipywidgets.Checkbox
        Show the optimal bot's advice (see ``advice``).
    advice : ipywidgets.HTML
        The advice line (empty when switched off).
    advised : tuple or None
        ``(action, chance)`` behind the advice line, None when none is shown.

    Examples
    --------
    >>> app = FurcleApp(Furcle(players=["You", "Bot"], seed=1))
    >>> app.roll_button.click()          # roll five dice
    >>> app.game.n_steps
    1
    """

    GAME = Furcle
    CHART_SIZE = CHART_SIZE
    VIEW_CLICK = ("svg[data-die]", "data-die")

    def __init__(self, game: Furcle | None = None, *, bots: object = None, human: str | None = None,
                 template: str | None = None, advice: bool = False):
        game = Furcle(players=["You", "Bot"]) if game is None else game
        if not isinstance(advice, bool):
            raise ValueError(f"advice must be True or False, got {advice!r}")
        self.advised: tuple | None = None
        self.advice_toggle = widgets.Checkbox(value=advice, indent=False, layout=widgets.Layout(width="auto"),
                                              description="Show the best move and my chance to win (2 players)")
        self.advice_toggle.add_class("furlib-advice-toggle")
        self.advice = widgets.HTML()
        self.advice.add_class("furlib-advice")
        self.advice_toggle.observe(lambda _: self._guard(self._refresh), "value")
        super().__init__(game, bots=bots, human=human, template=template)

    @staticmethod
    def default_bot() -> Callable:
        """``BeekinSmart()``: the bot that plays a seat when ``bots=None``."""
        return BeekinSmart()

    # ------------------------------------------------------------------ build
    def _build_controls(self) -> list[widgets.Widget]:
        self.roll_button = self._button("Roll", "Roll the dice (after a scoring roll: keep the turn score "
                                        "and roll the dice that scored again)", "furlib-roll", self._on_roll,
                                        icon="dice", button_style="info")
        self.satisfied_button = self._button("Satisfied", "Be Satisfied: bank the turn score and end your turn",
                                             "furlib-satisfied", self._on_satisfied, button_style="success")
        self.accept_button = self._button("Accept Furcle", "All dice differ: lose the turn score and end your turn",
                                          "furlib-accept", self._on_accept, button_style="danger")
        self.buttons = widgets.HBox([self.roll_button, self.satisfied_button, self.accept_button])
        self.dice_label = widgets.HTML()
        self.dice_row = widgets.HBox([self.dice_label])
        self.dice_row.add_class("furlib-dice-row")
        return [self.buttons, self.dice_row]

    def _rows(self, controls: list[widgets.Widget]) -> list[widgets.Widget]:
        """The advice line under the status line, its checkbox above the settings."""
        status, *middle, settings = super()._rows(controls)
        return [status, self.advice, *middle, self.advice_toggle, settings]

    def _make_settings(self, game: Furcle, bots: Mapping[str, Callable]) -> FurcleSettings:
        return FurcleSettings(game, bots)

    def _on_start(self, game: Furcle) -> None:
        """The Beekin line is hidden when the game has no Beekin."""
        self.dice_row.layout.display = None if game.beekin else "none"

    def _intro(self, game: Furcle) -> str:
        return (f"New game: {', '.join(self._who(p) for p in game.players)}. "
                f"First to {game.target} becomes the Leader.")

    # ---------------------------------------------------------------- actions
    def _on_roll(self) -> None:
        def act() -> None:
            if not self.game.is_chance:
                self.game.apply(Roll())
            self.game.step()
        self._human(act)

    def _on_satisfied(self) -> None:
        self._human(lambda: self.game.apply(Satisfied()))

    def _on_accept(self) -> None:
        self._human(lambda: self.game.apply(AcceptFurcle()))

    def _on_die(self, i: int) -> None:
        self._human(lambda: self.game.apply(Beekin(i)))

    def _view_clicked(self, key: str) -> None:
        self._on_die(int(key))

    def click_die(self, i: int) -> None:
        """Click die ``i`` (from 0) in the picture, as a player would: Beekin, if it may be raised now."""
        self.html.click(str(i))

    # ---------------------------------------------------------------- display
    def _summary(self, events: list[Event]) -> str:
        """One sentence for one player's turn (or the part of it in ``events``), in order."""
        who = events[0].player
        parts: list[str] = []
        faces: tuple = ()
        at_stake = 0
        for e in events:
            pts = e.data.get("points", 0)
            worth = _points(pts) if pts else "all different"
            if e.kind == ev.ROLL:
                faces = tuple(e.data["faces"])
                parts.append(f"{'then ' if parts else ''}rolled {_faces(faces)} ({worth})")
            elif e.kind == ev.BEEKIN:
                if not faces:  # the roll came before these events: a Beekin follows its roll at once
                    faces = next((tuple(x.data["faces"]) for x in self.game.events
                                  if x.kind == ev.ROLL and x.step == e.step - 1), ())
                raised = [f"a {a} became a {b}" for a, b in zip(faces, e.data["faces"]) if a != b]
                parts.append(f"said Beekin{': ' + raised[0] if raised else ''} ({worth})")
                faces = tuple(e.data["faces"])
            elif e.kind == ev.ROLL_AGAIN:
                at_stake = e.data["turn_score"]
            elif e.kind == ev.SATISFIED:
                parts.append(f"banked {pts} (score {e.scores[self.game.players.index(who)]})")
            elif e.kind == ev.FURCLE:
                parts.append(f"Oh Furcle! lost {at_stake}" if at_stake else "Oh Furcle! (nothing to lose)")
            elif e.kind == ev.LEADER:
                parts.append("became the Leader")
            elif e.kind == ev.WIN:
                parts.append("win the game!" if who == "You" else "wins the game!")
        text = f"{self._who(who)} " + ", ".join(parts or ["played"])
        return text if text.endswith("!") else text + "."

    def _human_prompt(self) -> str:
        g = self.game
        you = self._you()
        if g.is_chance:
            return f"{you} turn: roll {g.dice_to_roll} dice."
        beekin = any(isinstance(a, Beekin) for a in g.legal_actions())
        if g.roll_points == 0:
            return (f"{you} turn: all dice differ! Click a die in the picture to say Beekin and rescue the roll, "
                    "or accept the Furcle.")
        return (f"{you} turn: {_points(g.roll_points)} on the table, turn score {g.turn_score}. "
                f"Roll again ({g.dice_to_roll} dice){', click a die to say Beekin,' if beekin else ''} "
                "or be Satisfied.")

    def _refresh_controls(self, view: Furcle, live: bool) -> None:
        g = self.game
        self._show_advice(live)
        mine = live and self._human_to_play()
        legal = g.legal_actions() if mine else []
        can_roll = bool(mine and (g.is_chance or Roll() in legal))
        self.roll_button.disabled = not can_roll
        self.roll_button.description = "Roll again" if can_roll and not g.is_chance else "Roll"
        self.satisfied_button.disabled = Satisfied() not in legal
        self.accept_button.disabled = AcceptFurcle() not in legal
        self.html.targets = {str(a.die): f"Beekin: raise die {a.die + 1} from {g.dice[a.die]} to "
                             f"{g.dice[a.die] + 1}" for a in legal if isinstance(a, Beekin)}
        if self.html.targets:
            self.dice_label.value = ("<b>Beekin</b>: click a die in the picture below to add 1 to it "
                                     "(once a turn).")
        elif not view.dice:
            self.dice_label.value = ("<b>Beekin</b>: after a roll, click a die in the picture below to add 1 "
                                     "to it (once a turn).")
        elif view.beekin_die is not None or not view.beekin_available:
            self.dice_label.value = "<b>Beekin</b> used this turn."
        else:
            self.dice_label.value = "<b>Beekin</b> is not possible now."

    def _show_advice(self, live: bool) -> None:
        """Fill the advice line: the optimal bot's move and the exact chance to win (if switched on)."""
        self.advised = None
        g = self.game
        if not self.advice_toggle.value:
            self.advice.value = ""
            return
        why = advice_refused(g)
        if why or not live or not self._human_to_play():
            text = why or ("Advice is shown at the latest moment, when it is your move." if not live
                           else "Advice is shown when it is a person's move.")
            self.advice.value = ADVICE_BOX.format(html.escape(text))
            return
        self.advice.value = ADVICE_BOX.format("Working out the best move\u2026")
        action, chance = best_move(g)
        self.advised = (action, chance)
        self.advice.value = ADVICE_BOX.format(
            f"<b>Optimal bot:</b> {html.escape(describe_move(action, g))}. "
            f"<b>{html.escape(self._you())} chance to win now:</b> {chance:.1%} "
            "(exact, if both play their best from here).")

    def _figure(self, now: int | None = None) -> go.Figure:
        return score_trajectories(self.game, x="turn", now=now, template=self.template)
