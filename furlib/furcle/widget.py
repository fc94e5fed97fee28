"""Oh Furcle!'s ipywidgets app: play against bots, replay the game, watch the scores.

``Furcle.widget()`` returns :attr:`FurcleApp.box`, the app's top-level widget.
The app changes its game only through the public protocol (``apply``,
``step``, ``legal_actions``), so everything it does can be driven and checked
from Python: ``button.click()`` and setting ``.value`` run the handlers.

This module imports ipywidgets and plotly; ``import furlib`` never imports it.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Mapping

import ipywidgets as widgets
import plotly.graph_objects as go

from ..core.game import Event
from ..core.plotting import check_template
from .bots import BeekinSmart
from .plots import score_trajectories
from .rules import AcceptFurcle, Beekin, Furcle, Roll, Satisfied
from .widget_settings import SEAT_KINDS, FurcleSettings, _Seat  # noqa: F401 - re-exported

__all__ = ["FurcleApp", "FurcleSettings", "SEAT_KINDS", "best_move", "position_value", "ADVICE_LIMITS"]

CHART_SIZE = (480, 330)  # px: beside the game view on a laptop screen, below it on a narrow one
DIE_GLYPHS = "\u2680\u2681\u2682\u2683\u2684\u2685"  # die faces 1-6


STATUS_BOX = ('<div class="furlib-status-text" role="status" style="padding: 4px 10px; margin: 2px 0 6px; '
              'border-left: 4px solid var(--jp-brand-color1, #1976d2); line-height: 1.5; '
              'color: var(--jp-ui-font-color1, inherit)">{}</div>')


def _alert(title: str, text: str) -> str:
    return (f'<div role="alert" style="color: var(--jp-error-color1, #c62828)"><b>{html.escape(title)}</b> '
            f"{html.escape(text)}</div>")


def _bot_label(policy: object) -> str:
    text = repr(policy)
    return text if len(text) <= 16 else type(policy).__name__


def _faces(faces: Any) -> str:
    return ",".join(str(f) for f in faces)


def _seat_bots(game: Furcle, bots: object = None, human: object = None) -> dict[str, Callable]:
    """Which seats of ``game`` are bots: ``{player name: policy}``; the others are humans.

    ``bots=None`` makes every seat but ``human`` (default: the first player) a
    ``BeekinSmart()``; a single policy plays every seat but ``human``; a dict
    ``{name: policy}`` names the bot seats (the rest are humans).
    """
    players = game.players
    if human is not None and human not in players:
        raise ValueError(f"human must be one of the player names {list(players)}, got {human!r}")
    if bots is None or callable(bots) and not isinstance(bots, Mapping):
        me = players[0] if human is None else human
        return {p: (BeekinSmart() if bots is None else bots) for p in players if p != me}
    if not isinstance(bots, Mapping):
        raise ValueError(f"bots must be None, one policy (game -> action) or a dict {{name: policy}}, got {bots!r}")
    unknown = [name for name in bots if name not in players]
    if unknown:
        raise ValueError(f"bots names unknown players {unknown}; players are {list(players)}")
    for name, policy in bots.items():
        if not callable(policy):
            raise ValueError(f"the bot for {name} must be callable (game -> action), got {policy!r}")
    if human is not None and human in bots:
        raise ValueError(f"{human!r} cannot be both the human seat and a bot")
    return {p: bots[p] for p in players if p in bots}


class FurcleApp:
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
    roll_button, satisfied_button, accept_button, die_buttons, back_button
        Buttons; enabled only when the move is legal for a human seat and the
        view shows the latest moment of the game.
    html : ipywidgets.HTML
        The game view (``game._repr_html_()``, or an earlier moment).
    slider : ipywidgets.IntSlider
        The history: 0 .. ``game.n_steps``.
    chart : plotly.graph_objects.FigureWidget
        Scores so far (``score_trajectories``), updated in place.
    status : ipywidgets.HTML
        What just happened and what to do, in words.
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

    def __init__(self, game: Furcle | None = None, *, bots: object = None, human: str | None = None,
                 template: str | None = None, advice: bool = False):
        game = Furcle(players=["You", "Bot"]) if game is None else game
        if not isinstance(advice, bool):
            raise ValueError(f"advice must be True or False, got {advice!r}")
        if not isinstance(game, Furcle):
            raise ValueError(f"game must be a Furcle game, got {game!r}")
        self.bots = _seat_bots(game, bots, human)
        self.game = game
        self.template = check_template(template)
        self._syncing = False
        self._last: list[str] = []
        self._chart_json: list[dict] = []
        self._layout_json: dict | None = None
        self._build(game)
        self.settings = FurcleSettings(game, self.bots)
        self.settings.new_game_button.on_click(lambda _: self.new_game())
        self.settings_panel = widgets.Accordion(children=[self.settings.box], titles=("Settings",),
                                                selected_index=None)
        self.advised: tuple | None = None
        self.advice_toggle = widgets.Checkbox(value=advice, indent=False, layout=widgets.Layout(width="auto"),
                                              description="Show the best move and my chance to win (2 players)")
        self.advice_toggle.add_class("furlib-advice-toggle")
        self.advice = widgets.HTML()
        self.advice.add_class("furlib-advice")
        self.advice_toggle.observe(lambda _: self._guard(self._refresh), "value")
        self.box = widgets.VBox([self.status, self.advice, self.error, self.buttons, self.dice_row,
                                 self.view_row,
                                 widgets.HBox([self.slider, self.back_button]), self.advice_toggle,
                                 self.settings_panel])
        self.box.add_class("furlib-app")
        self.start(game, self.bots)

    # ------------------------------------------------------------------ build
    def _button(self, description: str, tooltip: str, cls: str, handler: Callable[[], None], **kw: Any):
        b = widgets.Button(description=description, tooltip=tooltip, **kw)
        b.add_class(cls)
        b.on_click(lambda b: b.disabled or self._guard(handler))  # a late click on a disabled button: ignored
        return b

    def _build(self, game: Furcle) -> None:
        self.status = widgets.HTML()
        self.status.add_class("furlib-status")
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
        self.die_buttons: list[widgets.Button] = []
        self.html = widgets.HTML(layout=widgets.Layout(flex="1 1 360px", max_width="560px"))
        self.html.add_class("furlib-view")
        self.slider = widgets.IntSlider(min=0, max=0, description="History", continuous_update=True,
                                        layout=widgets.Layout(width="420px"),
                                        tooltip="Drag to see any earlier moment of the game")
        self.slider.add_class("furlib-history")
        self.slider.observe(lambda _: self._syncing or self._guard(self._refresh), "value")
        self.back_button = self._button("Back to now", "Show the latest moment of the game, to play on",
                                        "furlib-now", self._back_to_now, icon="forward")
        self.chart: go.FigureWidget | None = None
        self.chart_box = widgets.Box()  # holds the chart (an anywidget: it ignores add_class)
        self.chart_box.add_class("furlib-chart")
        self.view_row = widgets.HBox([self.html, self.chart_box], layout=widgets.Layout(flex_flow="row wrap"))
        self.error = widgets.HTML()
        self.error.add_class("furlib-error")

    def _make_die_buttons(self, n: int) -> None:
        if len(self.die_buttons) != n:
            self.die_buttons = [self._button("", "", f"furlib-die-{i}", lambda i=i: self._on_die(i),
                                             layout=widgets.Layout(width="64px"))
                                for i in range(n)]
            self.dice_row.children = [self.dice_label, *self.die_buttons]

    # ------------------------------------------------------------- actions
    def start(self, game: Furcle, bots: object = None, human: str | None = None) -> None:
        """Play another game in this app from now on.

        Parameters
        ----------
        game : Furcle
            The game; if a bot is to play, the bots move until a human must decide.
        bots, human
            As in the constructor.

        Raises
        ------
        ValueError
            If ``game`` is not a Furcle game, or ``bots``/``human`` do not fit its players.
        """
        if not isinstance(game, Furcle):
            raise ValueError(f"game must be a Furcle game, got {game!r}")
        self.bots = _seat_bots(game, bots, human)
        self.game = game
        self._make_die_buttons(game.n_dice)
        self.dice_row.layout.display = None if game.beekin else "none"
        self._advance(lambda: None, new=f"New game: {', '.join(self._who(p) for p in game.players)}. "
                      f"First to {game.target} becomes the Leader.", new_chart=True)

    def new_game(self) -> None:
        """Start a new game as the settings panel says (the "New game" button).

        A bad setting is shown in the panel (``settings.error``) and the
        current game goes on unchanged.
        """
        try:
            game, bots = self.settings.read()
        except ValueError as e:
            self.settings.error.value = _alert("Not started:", str(e))
            return
        self.settings.error.value = ""
        self.start(game, bots)

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

    def _human(self, act: Callable[[], None]) -> None:
        if self.slider.max != self.game.n_steps:  # changed from Python since the last redraw:
            self.refresh()  # show it, and let the player decide again
        elif self._live() and self._human_to_play():
            self._advance(act)

    def _advance(self, act: Callable[[], None], new: str = "", new_chart: bool = False) -> None:
        """Do ``act``, let the bots play until a human must decide, then redraw everything."""
        g = self.game
        before = len(g.events)
        try:
            act()
            for _ in range(g.MAX_STEPS):
                if g.is_over or g.current_player not in self.bots:
                    break
                g.step(None if g.is_chance else self.bots[g.current_player])
        finally:
            self._last = ([new] if new else []) + [self._summary(t) for t in _by_turn(g.events[before:])]
            self._sync_slider()
            self._new_chart() if new_chart else self._update_chart()
            self._refresh()

    def refresh(self) -> None:
        """Redraw after the game was changed from Python (e.g. ``g.apply(Dice(...))``).

        If a bot is to play, the bots move first. A click on a button of a
        game changed since the last redraw only redraws (nothing is played).
        """
        self._advance(lambda: None)

    def _back_to_now(self) -> None:
        self.slider.value = self.slider.max

    def _guard(self, handler: Callable[[], Any]) -> None:
        """Run a callback; show any error in the app (callbacks' errors go to a hidden log otherwise)."""
        try:
            handler()
            self.error.value = ""
        except Exception as e:  # noqa: BLE001 - shown to the user instead of lost
            self.error.value = _alert(f"{type(e).__name__}:", str(e))

    # ------------------------------------------------------------- display
    def _live(self) -> bool:
        return self.slider.value == self.slider.max

    def _human_to_play(self) -> bool:
        g = self.game
        return not g.is_over and g.current_player not in self.bots

    def _who(self, name: str) -> str:
        bot = self.bots.get(name)
        return name if bot is None else f"{name} ({_bot_label(bot)})"

    def _sync_slider(self) -> None:
        n = self.game.n_steps
        self._syncing = True
        try:
            if n >= self.slider.max:
                self.slider.max, self.slider.value = n, n
            else:
                self.slider.value, self.slider.max = n, n
        finally:
            self._syncing = False

    def _summary(self, events: list[Event]) -> str:
        """One sentence for one player's turn (or the part of it in ``events``), in order."""
        who = events[0].player
        parts: list[str] = []
        faces: tuple = ()
        at_stake = 0
        for e in events:
            pts = e.data.get("points", 0)
            worth = f"{pts} points" if pts else "all different"
            if e.kind == "roll":
                faces = tuple(e.data["faces"])
                parts.append(f"{'then ' if parts else ''}rolled {_faces(faces)} ({worth})")
            elif e.kind == "beekin":
                if not faces:  # the roll came before these events: a Beekin follows its roll at once
                    faces = next((tuple(x.data["faces"]) for x in self.game.events
                                  if x.kind == "roll" and x.step == e.step - 1), ())
                raised = [f"a {a} became a {b}" for a, b in zip(faces, e.data["faces"]) if a != b]
                parts.append(f"said Beekin{': ' + raised[0] if raised else ''} ({worth})")
                faces = tuple(e.data["faces"])
            elif e.kind == "roll again":
                at_stake = e.data["turn_score"]
            elif e.kind == "satisfied":
                parts.append(f"banked {pts} (score {e.scores[self.game.players.index(who)]})")
            elif e.kind == "furcle":
                parts.append(f"Oh Furcle! lost {at_stake}" if at_stake else "Oh Furcle! (nothing to lose)")
            elif e.kind == "leader":
                parts.append("became the Leader")
            elif e.kind == "win":
                parts.append("wins the game!")
        text = f"{self._who(who)} " + ", ".join(parts or ["played"])
        return text if text.endswith("!") else text + "."

    def _prompt(self) -> str:
        g = self.game
        if g.is_over:
            return f"Game over: {g.winner} wins. Start a new game in the settings below."
        me = g.current_player
        if me in self.bots:
            return f"{self._who(me)} to play."
        you = "Your" if len(g.players) - len(self.bots) == 1 else f"{me}'s"
        if g.is_chance:
            return f"{you} turn: roll {g.dice_to_roll} dice."
        beekin = any(isinstance(a, Beekin) for a in g.legal_actions())
        if g.roll_points == 0:
            return f"{you} turn: all dice differ! Beekin a die to rescue the roll, or accept the Furcle."
        return (f"{you} turn: {g.roll_points} points on the table, turn score {g.turn_score}. "
                f"Roll again ({g.dice_to_roll} dice){', Beekin a die,' if beekin else ''} or be Satisfied.")

    def _refresh(self) -> None:
        """Redraw the view, buttons and status for the slider's moment."""
        g, k = self.game, self.slider.value
        live = self._live()
        view = g if live else g.at(k)
        self.html.value = view._repr_html_()
        self.back_button.disabled = live
        if live:
            lines = [html.escape(x) for x in self._last] + [f"<b>{html.escape(self._prompt())}</b>"]
            self.status.value = STATUS_BOX.format("<br>".join(lines))
        else:
            last = view.events[-1].text if view.events else "the start"
            self.status.value = STATUS_BOX.format(
                f"<b>Looking back at step {k} of {g.n_steps}</b> ({html.escape(last)}). "
                "Drag the slider to the end or click <i>Back to now</i> to play on.")
        self._show_advice(live)
        legal = g.legal_actions() if live and self._human_to_play() else []
        can_roll = bool(live and self._human_to_play() and (g.is_chance or Roll() in legal))
        self.roll_button.disabled = not can_roll
        self.roll_button.description = "Roll again" if can_roll and not g.is_chance else "Roll"
        self.satisfied_button.disabled = Satisfied() not in legal
        self.accept_button.disabled = AcceptFurcle() not in legal
        for i, b in enumerate(self.die_buttons):
            self._show_die(b, i, view, Beekin(i) in legal)
        if not view.dice:
            self.dice_label.value = "<b>Beekin</b>: after a roll, click a die here to add 1 to it (once a turn)."
        elif any(isinstance(a, Beekin) for a in legal):
            self.dice_label.value = "<b>Beekin</b>: click a die to add 1 to it (once a turn):"
        else:
            self.dice_label.value = "<b>Beekin</b> " + ("used this turn:" if view.beekin_die is not None
                                                        or not view.beekin_available else "not possible now:")

    def _show_advice(self, live: bool) -> None:
        """Fill the advice line: the optimal bot's move and the exact chance to win (if switched on)."""
        self.advised = None
        g = self.game
        if not self.advice_toggle.value:
            self.advice.value = ""
            return
        why = _advice_refused(g)
        if why or not live or not self._human_to_play():
            text = why or ("Advice is shown at the latest moment, when it is your move." if not live
                           else "Advice is shown when it is a person's move.")
            self.advice.value = ADVICE_BOX.format(html.escape(text))
            return
        self.advice.value = ADVICE_BOX.format("Working out the best move\u2026")
        action, chance = best_move(g)
        self.advised = (action, chance)
        you = "Your" if len(g.players) - len(self.bots) == 1 else f"{g.current_player}'s"
        self.advice.value = ADVICE_BOX.format(
            f"<b>Optimal bot:</b> {html.escape(_describe(action, g))}. "
            f"<b>{html.escape(you)} chance to win now:</b> {chance:.1%} "
            "(exact, if both play their best from here).")

    def _show_die(self, b: widgets.Button, i: int, view: Furcle, enabled: bool) -> None:
        dice = view.dice
        b.disabled = not enabled
        b.layout.visibility = "visible" if i < len(dice) else "hidden"
        if i >= len(dice):
            b.description, b.tooltip = "", ""
            return
        f = dice[i]
        b.description = (DIE_GLYPHS[f - 1] + " " if f <= 6 else "") + str(f)
        if enabled:
            b.tooltip = f"Beekin: raise die {i + 1} from {f} to {f + 1}"
        elif view.beekin_die == i:
            b.tooltip = f"Die {i + 1} was raised by this turn's Beekin"
        elif f >= view.sides:
            b.tooltip = f"Die {i + 1} shows {f}, the top face: it cannot be raised"
        else:
            b.tooltip = f"Die {i + 1} shows {f} (Beekin is not possible now)"

    def _figure(self) -> go.Figure:
        fig = score_trajectories(self.game, template=self.template)
        return fig.update_layout(height=CHART_SIZE[1], width=CHART_SIZE[0])

    def _new_chart(self) -> None:
        """A new chart widget holding the whole figure (its first state is sent in full).

        A FigureWidget sends later changes as messages that a view not yet
        shown may miss (as in Voila), so each game starts with a fresh one.
        """
        fig = self._figure()
        old, self.chart = self.chart, go.FigureWidget(fig)
        self._chart_json = [t.to_plotly_json() for t in fig.data]
        self._layout_json = fig.layout.to_plotly_json()
        self.chart_box.children = [self.chart]
        if old is not None:
            old.close()

    def _update_chart(self) -> None:
        """Bring the chart up to date in place: only the traces and layout that changed are sent."""
        fig = self._figure()
        new = [t.to_plotly_json() for t in fig.data]
        old, fw = self._chart_json, self.chart
        same = 0
        while same < min(len(old), len(new)) and old[same].get("type") == new[same].get("type"):
            same += 1
        with fw.batch_update():
            for i in range(same):
                if old[i] != new[i]:
                    fw.data[i].update(new[i], overwrite=True)
            layout, before = fig.layout.to_plotly_json(), self._layout_json or {}
            changed = {k: layout.get(k) for k in {*layout, *before} if layout.get(k) != before.get(k)}
            if changed:  # only the parts that changed (the template stays put)
                fw.layout.update(changed, overwrite=True)
            self._layout_json = layout
        if len(fw.data) != same or len(new) != same:
            fw.data = fw.data[:same]
            fw.add_traces(list(fig.data[same:]))
        self._chart_json = new


def _by_turn(events: list[Event]) -> list[list[Event]]:
    """Split events into runs of the same player and turn."""
    runs: list[list[Event]] = []
    for e in events:
        if runs and (runs[-1][0].turn, runs[-1][0].player) == (e.turn, e.player):
            runs[-1].append(e)
        else:
            runs.append([e])
    return [r for r in runs if r[0].player is not None]


# ------------------------------------------------------------------ advice
#: The games the advice line works out (a bigger game takes too long to solve here).
ADVICE_LIMITS = {"players": 2, "max_target": 60, "max_dice": 5}
ADVICE_BOX = ('<div class="furlib-advice-text" style="padding: 2px 10px; margin: 0 0 4px; '
              'border-left: 4px solid var(--jp-success-color1, #388e3c); '
              'color: var(--jp-ui-font-color1, inherit)">{}</div>')
_SOLUTIONS: dict[tuple, Any] = {}


def _advice_refused(game: Furcle) -> str:
    """Why there is no advice for this game ("" when there is)."""
    if len(game.players) != ADVICE_LIMITS["players"]:
        return "Advice is worked out for 2-player games only."
    if game.target > ADVICE_LIMITS["max_target"] or game.n_dice > ADVICE_LIMITS["max_dice"]:
        return (f"Advice is worked out for targets up to {ADVICE_LIMITS['max_target']} and up to "
                f"{ADVICE_LIMITS['max_dice']} dice (bigger games take too long to solve).")
    if game.is_over:
        return "The game is over."
    return ""


def _solution(game: Furcle) -> Any:
    from .solver import solve

    key = (game.target, game.n_dice, game.sides, tuple(sorted(game.bonus.items())), game.beekin)
    if key not in _SOLUTIONS:
        if len(_SOLUTIONS) >= 4:
            _SOLUTIONS.pop(next(iter(_SOLUTIONS)))
        _SOLUTIONS[key] = solve(game.target, n_dice=game.n_dice, sides=game.sides, bonus=dict(game.bonus),
                                beekin=game.beekin)
    return _SOLUTIONS[key]


def position_value(game: Furcle, solution: Any = None) -> float:
    """Exact chance that the player to move wins from here, both playing optimally.

    Parameters
    ----------
    game : Furcle
        A 2-player game that is not over, at any moment of a turn.
    solution : Solution, optional
        ``solve(...)`` for the game's rules (default: solved, and cached).

    Returns
    -------
    float
        Before a roll: the value of rolling from the turn score and dice in
        hand (at the start of a turn this is ``solution.win_probability``).
        After a roll: the best of the moves left (bank, roll again, a Beekin,
        or the Furcle's value).

    Raises
    ------
    ValueError
        If the game is over or does not fit the solution.
    """
    sol = _solution(game) if solution is None else solution
    sol.bot._check(game)
    if game.is_over:
        raise ValueError("the game is over: nobody is about to move")
    model = sol.model
    me = game.current_player
    opp = next(p for p in game.players if p != me)
    a, b = game.scores[me], game.scores[opp]
    led = game.leader == opp
    if game.is_chance:
        state = model.state_index[(game.dice_to_roll, game.beekin_available)]
        return sol.roll_value(a, b, led, game.turn_score, state)

    def value(t: int, state: int) -> float:
        return max(sol.bank_value(a, b, led, t), sol.roll_value(a, b, led, t, state))

    furcle = 0.0 if led else 1.0 - float(sol.P[b, a])
    legal = game.legal_actions()
    if any(isinstance(x, Beekin) for x in legal):
        i = model.state_index[(len(game.dice), True)]
        out = next(o for o in model.outcomes[i] if o.faces == tuple(sorted(game.dice)))
        before = game.turn_score - game.roll_points
        return max(furcle if ch.points == 0 else
                   value(before + ch.points, model.state_index[(ch.next_dice, ch.beekin is None)])
                   for ch in out.choices)
    if game.roll_points == 0:
        return furcle
    return value(game.turn_score, model.state_index[(game.dice_to_roll, game.beekin_available)])


def best_move(game: Furcle, solution: Any = None) -> tuple[object, float]:
    """What the optimal bot would do now, and the mover's exact chance to win.

    Returns
    -------
    (action, float)
        ``Roll()`` before a roll (the only move), else ``solution.bot(game)``;
        and :func:`position_value`.
    """
    sol = _solution(game) if solution is None else solution
    action = Roll() if game.is_chance else sol.bot(game)
    return action, position_value(game, sol)


def _describe(action: object, game: Furcle) -> str:
    if isinstance(action, Beekin):
        f = game.dice[action.die]
        return f"say Beekin on die {action.die + 1} (the {f} becomes a {f + 1})"
    if isinstance(action, Satisfied):
        return f"be Satisfied and bank {game.turn_score}"
    if isinstance(action, AcceptFurcle):
        return "accept the Furcle (nothing can save this roll)"
    if game.is_chance:
        return f"roll {game.dice_to_roll} dice"
    return f"roll again ({game.dice_to_roll} dice)"
