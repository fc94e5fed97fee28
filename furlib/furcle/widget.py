"""Oh Furcle!'s ipywidgets app: play against bots, replay the game, watch the scores.

``Furcle.widget()`` returns :attr:`FurcleApp.box`, the app's top-level widget.
The app changes its game only through the public protocol (``apply``,
``step``, ``legal_actions``), so everything it does can be driven and checked
from Python: ``button.click()`` and setting ``.value`` run the handlers.

This module imports ipywidgets and plotly; ``import furlib`` never imports it.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Callable, Mapping

import ipywidgets as widgets
import plotly.graph_objects as go

from ..core.game import Event
from ..core.plotting import check_template
from ..core.policy import RandomBot
from .bots import BeekinSmart, SatisfiedAt
from .plots import score_trajectories
from .rules import AcceptFurcle, Beekin, Furcle, Roll, Satisfied

__all__ = ["FurcleApp", "FurcleSettings", "SEAT_KINDS"]

#: What a seat of the settings panel can be: a person at the screen, or a bot.
SEAT_KINDS = ("Human", "BeekinSmart", "SatisfiedAt", "RandomBot")
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


@dataclass
class _Seat:
    name: widgets.Text
    kind: widgets.Dropdown
    points: widgets.IntText
    box: widgets.HBox


class FurcleSettings:
    """The settings panel: players (names, human or which bot), target, dice, Beekin, seed.

    Attributes ``n_players``, ``seats`` (each with ``.name``, ``.kind`` and
    ``.points``, the k of ``SatisfiedAt(k)``), ``target``, ``n_dice``,
    ``beekin``, ``seed`` (blank: random), ``new_game_button`` and ``error``
    are the widgets; ``box`` holds them. Values are never clamped: a bad one
    is reported by :meth:`read`.
    """

    def __init__(self, game: Furcle, bots: Mapping[str, Callable]):
        style = {"description_width": "110px"}
        self.n_players = widgets.IntSlider(min=1, max=8, description="Players", style=style,
                                           tooltip="How many players sit at the table")
        self.seats: list[_Seat] = []
        self.seat_box = widgets.VBox()
        self.target = widgets.IntText(description="Target", style=style,
                                      tooltip="Track score that makes a player the Leader")
        self.n_dice = widgets.IntText(description="Number of dice", style=style,
                                      tooltip="Dice rolled at the start of each turn (2 to 10)")
        self.beekin = widgets.Checkbox(description="Beekin allowed (+1 to one die, once a turn)",
                                       indent=False)
        self.seed = widgets.Text(description="Seed", placeholder="blank: random", style=style,
                                 tooltip="Same seed and same moves: same game")
        self.new_game_button = widgets.Button(description="New game", button_style="primary", icon="refresh",
                                              tooltip="Start a new game with these settings")
        self.new_game_button.add_class("furlib-new-game")
        self.error = widgets.HTML()
        self.error.add_class("furlib-settings-error")
        self.n_players.observe(lambda _: self._resize(), "value")
        self.box = widgets.VBox([self.n_players, self.seat_box, self.target, self.n_dice, self.beekin,
                                 self.seed, self.new_game_button, self.error])
        self.box.add_class("furlib-settings")
        self.fill(game, bots)

    def _resize(self) -> None:
        while len(self.seats) < self.n_players.value:
            i = len(self.seats)
            name = widgets.Text(value=f"Player {i + 1}", description=f"Seat {i + 1}",
                                layout=widgets.Layout(width="220px"), style={"description_width": "50px"})
            kind = widgets.Dropdown(options=SEAT_KINDS, value="BeekinSmart", layout=widgets.Layout(width="130px"))
            points = widgets.IntText(value=20, description="at", layout=widgets.Layout(width="100px"),
                                     style={"description_width": "20px"},
                                     tooltip="SatisfiedAt(k) banks once the turn score reaches k")
            kind.observe(lambda _, k=kind, p=points: setattr(p, "disabled", k.value != "SatisfiedAt"), "value")
            points.disabled = True
            self.seats.append(_Seat(name, kind, points, widgets.HBox([name, kind, points])))
        del self.seats[self.n_players.value:]
        self.seat_box.children = [s.box for s in self.seats]

    def fill(self, game: Furcle, bots: Mapping[str, Callable]) -> None:
        """Show the settings of a game in the panel.

        Parameters
        ----------
        game : Furcle
            Its players, target, number of dice and Beekin rule are shown.
        bots : dict
            ``{player name: policy}`` for the bot seats; the other seats show
            "Human". A policy that is not one of :data:`SEAT_KINDS` shows as
            BeekinSmart.
        """
        self.n_players.max = max(8, len(game.players))
        self.n_players.value = len(game.players)
        self._resize()
        for seat, name in zip(self.seats, game.players):
            seat.name.value = name
            bot = bots.get(name)
            kind = "Human" if bot is None else type(bot).__name__
            seat.kind.value = kind if kind in SEAT_KINDS else "BeekinSmart"
            if isinstance(bot, SatisfiedAt):
                seat.points.value = bot.points
        self.target.value, self.n_dice.value, self.beekin.value = game.target, game.n_dice, game.beekin
        self.error.value = ""

    def read(self) -> tuple[Furcle, dict[str, Callable]]:
        """A new game and its bots, as the panel says.

        Returns
        -------
        (Furcle, dict)
            The new game and ``{player name: policy}`` for its bot seats.

        Raises
        ------
        ValueError
            Naming the bad setting and what is accepted (from ``Furcle`` for
            names, target and dice; here for the seed and ``SatisfiedAt(k)``).
        """
        text = self.seed.value.strip()
        if text and not text.isdigit():
            raise ValueError(f"seed must be blank (random) or a whole number >= 0, got {self.seed.value!r}")
        names = [s.name.value.strip() for s in self.seats]
        game = Furcle(players=names, target=self.target.value, n_dice=self.n_dice.value,
                      beekin=self.beekin.value, seed=int(text) if text else None)
        bots: dict[str, Callable] = {}
        for i, (seat, name) in enumerate(zip(self.seats, names)):
            kind = seat.kind.value
            if kind == "SatisfiedAt":
                if seat.points.value < 1:
                    raise ValueError(f"SatisfiedAt(k) for {name} needs k >= 1, got {seat.points.value}")
                bots[name] = SatisfiedAt(seat.points.value)
            elif kind == "BeekinSmart":
                bots[name] = BeekinSmart()
            elif kind == "RandomBot":
                bots[name] = RandomBot(seed=i)
        return game, bots


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

    Examples
    --------
    >>> app = FurcleApp(Furcle(players=["You", "Bot"], seed=1))
    >>> app.roll_button.click()          # roll five dice
    >>> app.game.n_steps
    1
    """

    def __init__(self, game: Furcle | None = None, *, bots: object = None, human: str | None = None,
                 template: str | None = None):
        game = Furcle(players=["You", "Bot"]) if game is None else game
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
        self.box = widgets.VBox([self.status, self.error, self.buttons, self.dice_row,
                                 self.view_row,
                                 widgets.HBox([self.slider, self.back_button]), self.settings_panel])
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
