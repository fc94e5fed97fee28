"""What the furlib game apps share: bots at the table, history slider, live chart, errors in view.

:class:`GameApp` is the frame of a game's ipywidgets app (``furlib.<game>.widget``):
a status line, an error line, the game's own controls, the game view
(``game._repr_html_()``) beside a live plotly chart, a history slider with
"Back to now", and a settings panel with "New game". A game's app subclasses
it and fills in the hooks (its controls, prompt, turn summary, chart and
settings panel). The app changes its game only through the public protocol,
so everything can be driven from Python: ``button.click()`` and setting
``.value`` run the handlers at once.

Both :class:`furlib.furcle.widget.FurcleApp` and
:class:`furlib.furglars.widget.FurglarsApp` are built on it. This module
imports ipywidgets and plotly; ``import furlib`` never imports it.
"""

from __future__ import annotations

import html
from typing import Any, Callable, ClassVar, Mapping

import ipywidgets as widgets
import plotly.graph_objects as go

from .game import Event, Game
from .plotting import check_template

__all__ = ["GameApp", "STATUS_BOX", "alert", "bot_label", "seat_bots", "by_turn"]

STATUS_BOX = ('<div class="furlib-status-text" role="status" style="padding: 4px 10px; margin: 2px 0 6px; '
              'border-left: 4px solid var(--jp-brand-color1, #1976d2); line-height: 1.5; '
              'color: var(--jp-ui-font-color1, inherit)">{}</div>')


def alert(title: str, text: str) -> str:
    """An error line for the app: ``title`` in bold, then ``text`` (both escaped)."""
    return (f'<div role="alert" style="color: var(--jp-error-color1, #c62828)"><b>{html.escape(title)}</b> '
            f"{html.escape(text)}</div>")


def bot_label(policy: object) -> str:
    """A short name for a bot: its repr if at most 16 characters long, else (or for ``Bot()``) its class name.

    >>> from furlib.core.policy import RandomBot
    >>> bot_label(RandomBot(seed=1))          # "RandomBot(seed=1)" has 17 characters
    'RandomBot'
    >>> class Careful:
    ...     def __repr__(self):
    ...         return "Careful()"
    >>> bot_label(Careful())
    'Careful'
    """
    text = repr(policy)
    return text if len(text) <= 16 and not text.endswith("()") else type(policy).__name__


def seat_bots(players: tuple[str, ...], bots: object, human: object,
              default: Callable[[], Callable]) -> dict[str, Callable]:
    """Which seats are bots: ``{player name: policy}``; the other seats are played by people.

    ``bots=None`` makes every seat but ``human`` (default: the first player)
    a ``default()`` bot; a single policy plays every seat but ``human``; a
    dict ``{name: policy}`` names the bot seats (the rest are humans).

    Raises
    ------
    ValueError
        For an unknown name, a policy that is not callable, or a human seat
        that is also a bot.
    """
    if human is not None and human not in players:
        raise ValueError(f"human must be one of the player names {list(players)}, got {human!r}")
    if bots is None or callable(bots) and not isinstance(bots, Mapping):
        me = players[0] if human is None else human
        return {p: (default() if bots is None else bots) for p in players if p != me}
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


def by_turn(events: list[Event]) -> list[list[Event]]:
    """Split events into runs of the same player and turn (events without a player are dropped)."""
    runs: list[list[Event]] = []
    for e in events:
        if runs and (runs[-1][0].turn, runs[-1][0].player) == (e.turn, e.player):
            runs[-1].append(e)
        else:
            runs.append([e])
    return [r for r in runs if r[0].player is not None]


class GameApp:
    """The frame of a game app (see the module docstring); subclasses fill in the hooks.

    Class attributes: ``GAME`` (the game class), ``VIEW_LAYOUT`` (layout of
    the HTML view) and ``CHART_SIZE``. Hooks: :meth:`default_bot`,
    :meth:`_build_controls`, :meth:`_make_settings`, :meth:`_rows`, :meth:`_on_start`,
    :meth:`_intro`, :meth:`_summary`, :meth:`_human_prompt`,
    :meth:`_refresh_controls` and :meth:`_figure`.

    Attributes
    ----------
    game, bots, template
        The game played (changed in place), its bot seats, the chart template.
    box : ipywidgets.VBox
        The whole app (what ``game.widget()`` returns).
    html, status, error, slider, back_button, chart, chart_box, settings, settings_panel
        The shared widgets (``chart`` is a plotly FigureWidget, new for each game).
    """

    GAME: ClassVar[type] = Game
    VIEW_LAYOUT: ClassVar[dict[str, str]] = {"flex": "1 1 360px", "max_width": "560px"}
    CHART_SIZE: ClassVar[tuple[int, int]] = (480, 330)

    def __init__(self, game: Game, *, bots: object = None, human: str | None = None, template: Any = None):
        self._check(game)
        self.bots = seat_bots(game.players, bots, human, self.default_bot)
        self.game = game
        self.template = check_template(template)
        self._syncing = False
        self._last: list[str] = []
        self._chart_json: list[dict] = []
        self._layout_json: dict | None = None
        self.status = widgets.HTML()
        self.status.add_class("furlib-status")
        self.error = widgets.HTML()
        self.error.add_class("furlib-error")
        self.html = widgets.HTML(layout=widgets.Layout(**self.VIEW_LAYOUT))
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
        controls = self._build_controls()
        self.settings = self._make_settings(game, self.bots)
        self.settings.new_game_button.on_click(lambda _: self.new_game())
        self.settings_panel = widgets.Accordion(children=[self.settings.box], titles=("Settings",),
                                                selected_index=None)
        self.box = widgets.VBox(self._rows(controls))
        self.box.add_class("furlib-app")
        self.start(game, self.bots)

    # ----------------------------------------------------------------- hooks
    @staticmethod
    def default_bot() -> Callable:
        """The bot that plays a seat when ``bots=None``."""
        raise NotImplementedError

    def _build_controls(self) -> list[widgets.Widget]:
        """Create the game's buttons; return the rows to show above the view."""
        raise NotImplementedError

    def _make_settings(self, game: Game, bots: Mapping[str, Callable]) -> Any:
        """The settings panel: has ``box``, ``new_game_button``, ``error`` and ``read() -> (game, bots)``."""
        raise NotImplementedError

    def _rows(self, controls: list[widgets.Widget]) -> list[widgets.Widget]:
        """The app's rows, top to bottom: status, error, ``controls``, view and chart, history, settings.

        A subclass may extend the list (its own widgets must exist before ``super().__init__``).
        """
        return [self.status, self.error, *controls, self.view_row,
                widgets.HBox([self.slider, self.back_button]), self.settings_panel]

    def _on_start(self, game: Game) -> None:
        """Adapt the controls to a new game (e.g. one button per player)."""

    def _intro(self, game: Game) -> str:
        """The status line that announces a new game."""
        return f"New game: {', '.join(self._who(p) for p in game.players)}."

    def _summary(self, events: list[Event]) -> str:
        """One sentence for one player's turn (or the part of it in ``events``)."""
        return f"{self._who(events[0].player)}: " + "; ".join(e.text for e in events) + "."

    def _prompt(self) -> str:
        """What the player at the screen should do now, in words."""
        g = self.game
        if g.is_over:
            return f"Game over: {g.winner} wins. Start a new game in the settings below."
        me = g.current_player
        if me in self.bots:
            return f"{self._who(me)} to play."
        return self._human_prompt()

    def _human_prompt(self) -> str:
        """What the human should do now (the game is on and it is their move)."""
        raise NotImplementedError

    def _refresh_controls(self, view: Game, live: bool) -> None:
        """Enable, label and show the game's buttons for ``view`` (the slider's moment)."""
        raise NotImplementedError

    def _figure(self) -> go.Figure:
        """The chart of :attr:`game` as a plain figure."""
        raise NotImplementedError

    # ----------------------------------------------------------------- build
    def _check(self, game: object) -> None:
        if not isinstance(game, self.GAME):
            raise ValueError(f"game must be a {self.GAME.__name__} game, got {game!r}")

    def _button(self, description: str, tooltip: str, cls: str, handler: Callable[[], None], **kw: Any):
        b = widgets.Button(description=description, tooltip=tooltip, **kw)
        b.add_class(cls)
        b.on_click(lambda b: b.disabled or self._guard(handler))  # a late click on a disabled button: ignored
        return b

    # --------------------------------------------------------------- actions
    def start(self, game: Game, bots: object = None, human: str | None = None) -> None:
        """Play another game in this app from now on.

        Parameters
        ----------
        game : Game
            The game (of this app's kind); if a bot is to play, the bots move
            until a human must decide.
        bots, human
            As in the constructor.

        Raises
        ------
        ValueError
            If ``game`` is of another kind, or ``bots``/``human`` do not fit its players.
        """
        self._check(game)
        self.bots = seat_bots(game.players, bots, human, self.default_bot)
        self.game = game
        self._on_start(game)
        self._advance(lambda: None, new=self._intro(game), new_chart=True)

    def new_game(self) -> None:
        """Start a new game as the settings panel says (the "New game" button).

        A bad setting is shown in the panel (``settings.error``) and the
        current game goes on unchanged.
        """
        try:
            game, bots = self.settings.read()
        except ValueError as e:
            self.settings.error.value = alert("Not started:", str(e))
            return
        self.settings.error.value = ""
        self.start(game, bots)

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
            self._last = ([new] if new else []) + [self._summary(t) for t in by_turn(g.events[before:])]
            self._sync_slider()
            self._new_chart() if new_chart else self._update_chart()
            self._refresh()

    def refresh(self) -> None:
        """Redraw after the game was changed from Python (e.g. a rigged roll).

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
            self.error.value = alert(f"{type(e).__name__}:", str(e))

    # --------------------------------------------------------------- display
    def _live(self) -> bool:
        return self.slider.value == self.slider.max

    def _human_to_play(self) -> bool:
        g = self.game
        return not g.is_over and g.current_player not in self.bots

    def _who(self, name: str) -> str:
        bot = self.bots.get(name)
        return name if bot is None else f"{name} ({bot_label(bot)})"

    def _you(self) -> str:
        """The owner of the turn in a prompt: "Your" with one person at the screen, else "Ann's"."""
        return "Your" if len(self.game.players) - len(self.bots) == 1 else f"{self.game.current_player}'s"

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
        self._refresh_controls(view, live)

    def _sized_figure(self) -> go.Figure:
        return self._figure().update_layout(width=self.CHART_SIZE[0], height=self.CHART_SIZE[1])

    def _new_chart(self) -> None:
        """A new chart widget holding the whole figure (its first state is sent in full).

        A FigureWidget sends later changes as messages that a view not yet
        shown may miss (as in Voila), so each game starts with a fresh one.
        """
        fig = self._sized_figure()
        old, self.chart = self.chart, go.FigureWidget(fig)
        self._chart_json = [t.to_plotly_json() for t in fig.data]
        self._layout_json = fig.layout.to_plotly_json()
        self.chart_box.children = [self.chart]
        if old is not None:
            old.close()

    def _update_chart(self) -> None:
        """Bring the chart up to date in place: only the traces and layout that changed are sent."""
        fig = self._sized_figure()
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
