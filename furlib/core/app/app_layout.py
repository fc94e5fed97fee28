"""The widgets of a game app and how they are drawn: the rows, the buttons, the message box, the redraw.

:class:`_AppLayout` is the part of :class:`furlib.core.app.widgets.GameApp` that builds the app's widgets
(``_build``: status, error line, view, history slider, "Back to now", "Play again", chart box, settings
toggle and panel, message box, switches) and draws them for the slider's moment (``_refresh``), with the
layout hooks a game's app overrides (its controls, rows, message rows, switches and settings panel, the
default buttons, the view's HTML). What the app says is :mod:`~furlib.core.app.app_words`; the play flow
(starting a game, the clicks, the bots' moves) is :mod:`~furlib.core.app.widgets`.

This module imports ipywidgets; ``import furlib`` never imports it.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

import ipywidgets as widgets

from ..engine.events import Event, visible
from ..engine.game import Game
from ..words import capitalized
from .app_chart import _LiveChart
from .app_helpers import APP_CSS, STATUS_BOX
from .buttons import ActionButton, ClickableHTML
from .frame_words import FrameWords
from .settings import GameSettings

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

__all__: list[str] = []


class _AppLayout(_LiveChart):
    """The widgets of a :class:`~furlib.core.app.widgets.GameApp` and their redraw (see the module docstring)."""

    GAME: ClassVar[type] = Game
    VIEW_LAYOUT: ClassVar[dict[str, str]]
    STATUS_LINES: ClassVar[int]
    VIEW_CLICK: ClassVar[tuple[str, str]]

    # the app's state (set by GameApp before _build)
    language: str
    words: FrameWords
    bots: dict[str, Callable[..., Any]]
    version: int
    _group: str
    _versioned: list[Any]
    _syncing: bool
    _intro_line: str
    _last: list[str]

    if TYPE_CHECKING:  # pragma: no cover - the play flow and the words (widgets.GameApp, app_words._AppWords)
        def default_bot(self) -> Callable[..., Any]: ...
        def _guard(self, handler: Callable[[], Any]) -> None: ...
        def _view_clicked(self, key: str) -> None: ...
        def _show_refusal(self, key: str) -> None: ...
        def _on_action(self, i: int) -> None: ...
        def new_game(self) -> None: ...
        def play_again(self) -> None: ...
        def _chance_label(self) -> str: ...
        def _prompt(self) -> str: ...
        def _tell(self, event: Event) -> str: ...

    def _build(self, game: Game) -> None:
        """Make the app's widgets (the game's controls and settings panel by their hooks) and its ``box``."""
        self.status = widgets.HTML()
        self.status.add_class("furlib-status")
        self.error = widgets.HTML()
        self.error.add_class("furlib-error")
        selector, key = self.VIEW_CLICK
        self.html = ClickableHTML(selector=selector, key=key, group=self._group,
                                  layout=widgets.Layout(**self.VIEW_LAYOUT))
        self.html.add_class("furlib-view")
        self.html.add_class("furlib-keep-height")      # never shrinks: the rows below it stay (click_guard.py)
        self.html.on_click(lambda _, key: self._guard(lambda: self._view_clicked(key)))
        self.html.on_stale(lambda _: self._guard(self._refresh))
        self.html.on_refused(lambda _, key: self._show_refusal(key))
        self._versioned.append(self.html)
        w = self.words
        self.slider = widgets.IntSlider(min=0, max=0, description=w.history, continuous_update=True,
                                        layout=widgets.Layout(width="420px", max_width="100%"), tooltip=w.history_tip)
        self.slider.add_class("furlib-history")
        self.slider.observe(lambda _: None if self._syncing else self._guard(self._refresh), "value")
        self.back_button = self._button(w.back, w.back_tip, "furlib-now", self._back_to_now, icon="forward")
        self.again_button = self._button(w.again, w.again_tip, "furlib-again", self.play_again, icon="repeat",
                                         button_style="primary")
        self.again_row = widgets.HBox([self.again_button])
        self.again_row.add_class("furlib-again-row")
        self.chart: go.Figure | None = None
        self.chart_view = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.chart_box = widgets.Box([self.chart_view], layout=widgets.Layout(
            flex="1 1 300px", max_width=f"{self.CHART_SIZE[0]}px", min_width="0"))
        self.chart_box.add_class("furlib-chart")
        self.view_row = widgets.HBox([self.html, self.chart_box], layout=widgets.Layout(flex_flow="row wrap"))
        self.action_buttons: list[ActionButton] = []
        self._shown_actions: list[object] = []
        controls = self._build_controls()
        self.settings = self._make_settings(game, self.bots)
        new_game = self.settings.new_game_button
        new_game.on_click(lambda _: self._guard(self.new_game))
        new_game.description, new_game.tooltip = w.new_game, w.new_game_tip   # in the app's language
        if isinstance(new_game, ActionButton):  # busy with the app's buttons; a stale click only redraws
            new_game.group, new_game.version = self._group, self.version
            new_game.on_stale(lambda _: self._guard(self._refresh))
            self._versioned.append(new_game)
        # A toggle button, not an Accordion: an Accordion's title cannot be reached with Tab.
        self.settings_toggle = widgets.ToggleButton(
            value=False, description=w.settings, icon="cog", tooltip=w.settings_tip,
            layout=widgets.Layout(width="auto"))
        self.settings_toggle.add_class("furlib-settings-toggle")
        self.settings.box.layout.display = "none"
        self.settings_toggle.observe(lambda change: self._show_settings(change["new"]), "value")
        self.settings_panel = widgets.VBox([self.settings_toggle, self.settings.box],
                                           layout=widgets.Layout(max_width="100%"))
        self.settings_panel.add_class("furlib-settings-panel")
        # Hook for "Join a class" (all its logic in furlib/classroom/join.py): its part at the end of the settings,
        # its line ("Sent to class 4KQ7: 12 games so far") beside Play again; _advance shows it every game.
        from ...classroom.join import JoinPart  # ipywidgets and the standard library only
        self.join = JoinPart(self)
        for name, traits in (w.join_labels or {}).items():   # its labels in the app's language
            part = getattr(self.join, name)
            for trait, text in traits.items():
                setattr(part, trait, text)
        self.settings.box.children = (*self.settings.box.children, self.join.box)
        self.again_row.children = (*self.again_row.children, self.join.line)
        # the message box: status lines, then what a game adds (advice), the error and Play again, in a box of a
        # fixed height (APP_CSS) whose newest line is at its bottom: a reversed column of the widgets, bottom up
        self.messages = widgets.VBox(list(reversed(self._message_rows())),
                                     layout=widgets.Layout(flex_flow="column-reverse"))
        self.messages.add_class("furlib-messages")
        switches = self._switches()
        self.switches = widgets.HBox(switches, layout=widgets.Layout(display=None if switches else "none"))
        self.switches.add_class("furlib-switches")
        css = APP_CSS.replace(FrameWords.working, w.working)   # "Working…" in the app's language
        self.app_style = widgets.HTML(css, layout=widgets.Layout(display="none"))
        self.box = widgets.VBox([self.app_style, *self._rows(controls)])
        self.box.add_class("furlib-app")

    # ----------------------------------------------------------------- hooks
    def _build_controls(self) -> list[widgets.Widget]:
        """Create the game's controls; return the rows to show above the view.

        The default is one row of :attr:`action_buttons`, filled by
        :meth:`_refresh_controls`: a game's app works on its first day.
        """
        self.action_row = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self.action_row.add_class("furlib-actions")
        self.action_row.add_class("furlib-keep-height")  # fewer moves than before leave the view where it was
        return [self.action_row]

    def _make_settings(self, game: Game, bots: Mapping[str, Callable[..., Any]]) -> Any:
        """The settings panel: has ``box``, ``new_game_button``, ``error``, ``seed``, ``fill`` and ``read``.

        The default is the shared panel: seats (a person, the default bot or
        RandomBot), the seed, and the parameters of ``game`` kept.
        """
        return GameSettings(game, bots, game_class=self.GAME if self.GAME is not Game else None,
                            default_bot=self.default_bot, language=self.language)

    def _rows(self, controls: list[widgets.Widget]) -> list[widgets.Widget]:
        """The app's rows, top to bottom: the switches, the message box, ``controls``, view and chart, history,
        settings.

        A subclass may extend the list (its own widgets must exist before ``super().__init__``). The rows above
        the controls keep their height whatever happens in the game, so a button never moves under the
        pointer between two clicks.
        """
        return [self.switches, self.messages, *controls, self.view_row,
                widgets.HBox([self.slider, self.back_button], layout=widgets.Layout(flex_flow="row wrap")),
                self.settings_panel]

    def _message_rows(self) -> list[widgets.Widget]:
        """What the message box holds, top to bottom: the status lines, the error line and Play again.

        A subclass may add a line (Oh Furcle!'s advice): the box keeps its height (``APP_CSS``), so no line
        that comes and goes moves the buttons.
        """
        return [self.status, self.error, self.again_row]

    def _switches(self) -> list[widgets.Widget]:
        """The switches above the message box (a teacher's "Reveal all cards", Oh Furcle!'s advice); none here.

        Above everything that changes: no redraw ever moves a switch, or moves a button onto one.
        """
        return []

    def _refresh_controls(self, view: Game, live: bool) -> None:
        """Enable, label and show the game's buttons for ``view`` (the slider's moment).

        The default shows one button per legal action of the person to
        play (or one to roll or draw at a chance point), only at the latest
        moment.
        """
        g = self.game
        actions: list[object] = []
        if live and self._human_to_play():
            actions = [None] if g.is_chance else list(g.legal_actions())
        while len(self.action_buttons) < len(actions):
            i = len(self.action_buttons)
            self.action_buttons.append(self._button("", "", f"furlib-action-{i}", partial(self._on_action, i),
                                                    layout=widgets.Layout(width="auto")))
        for i, b in enumerate(self.action_buttons):
            b.disabled = i >= len(actions)
            b.layout.display = None if i < len(actions) else "none"
            if i < len(actions):
                a = actions[i]
                b.description = self._chance_label() if a is None else capitalized(str(a))
                b.tooltip = self.words.chance_tip(self._chance_label()) if a is None else capitalized(str(a))
                b.button_style = "info" if a is None else ""
        if list(self.action_row.children) != self.action_buttons:
            self.action_row.children = list(self.action_buttons)
        self._shown_actions = actions

    @property
    def viewer(self) -> str | None:
        """Whose view a game with hidden information shows: the one person at the screen, else None.

        None (no person, or several taking turns at one screen) shows what a
        spectator sees; the teacher's ``game.reveal`` shows everything.
        """
        people = [p for p in self.game.players if p not in self.bots]
        return people[0] if len(people) == 1 else None

    def _view_html(self, view: Game) -> str:
        """The HTML of the game view at the slider's moment: in a game with hidden cards, :attr:`viewer`'s view; in
        the app's language (``view.html(language=...)``; in English, the HTML repr)."""
        if self.language != "en":
            return view.html(None if not view.HIDDEN_INFO or view.reveal else self.viewer, language=self.language)
        if not view.HIDDEN_INFO or view.reveal:
            return view._repr_html_()
        return view.html(self.viewer)

    def _visible(self, events: list[Event]) -> list[Event]:
        """The events the person at the screen may read (all of them in a game without hidden information)."""
        g = self.game
        if not g.HIDDEN_INFO or g.reveal:
            return list(events)
        seat = None if self.viewer is None else g.players.index(self.viewer)
        return [e for e in events if visible(e, seat)]

    # ----------------------------------------------------------------- build
    def _button(self, description: str, tooltip: str, cls: str, handler: Callable[[], None],
                **kw: Any) -> ActionButton:
        """A button of this app: a click made on an earlier view, or on a disabled button, only redraws."""
        # made while the app draws: it carries the version that drawing ends with (see _bump), so the browser
        # never shows it with an older one that would make its first click stale
        b = ActionButton(description=description, tooltip=tooltip, group=self._group, version=self.version + 1,
                         **kw)
        b.add_class(cls)
        b.on_click(lambda b: self._guard(self._refresh) if b.disabled else self._guard(handler))
        b.on_stale(lambda b: self._guard(self._refresh))
        self._versioned.append(b)
        return b

    def _forget(self, buttons: list[Any]) -> None:
        """Close buttons that are no longer shown."""
        for b in buttons:
            if b in self._versioned:
                self._versioned.remove(b)
            b.close()

    def _back_to_now(self) -> None:
        self.slider.value = self.slider.max

    def _show_settings(self, shown: bool) -> None:
        """Show or hide the settings panel (the "Settings" toggle)."""
        self.settings.box.layout.display = None if shown else "none"

    # --------------------------------------------------------------- display
    def _live(self) -> bool:
        return bool(self.slider.value == self.slider.max)

    def _human_to_play(self) -> bool:
        g = self.game
        return not g.is_over and not self.stopped and g.current_player not in self.bots

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

    def _status_lines(self) -> list[str]:
        """The status box's lines (escaped HTML): the new game, the last few turns, the prompt."""
        lines = [self._intro_line] if self._intro_line else []
        last = self._last
        if len(last) > self.STATUS_LINES:
            hidden = len(last) - self.STATUS_LINES
            lines.append(self.words.hidden_lines(hidden))
            last = last[-self.STATUS_LINES:]
        return [html.escape(x) for x in lines + last] + [f"<b>{html.escape(self._prompt())}</b>"]

    def _refresh(self) -> None:
        """Redraw the view, buttons, chart and status for the slider's moment."""
        g, k = self.game, self.slider.value
        live = self._live()
        view = g if live else g.at(k)
        self.html.value = self._view_html(view)
        self.back_button.disabled = live
        self.again_row.layout.display = None if live and (g.is_over or self.stopped) else "none"
        self.again_button.disabled = not (g.is_over or self.stopped)
        if live:
            self.status.value = STATUS_BOX.format("<br>".join(self._status_lines()))
        else:
            shown = self._visible(view.events)
            last = self._tell(shown[-1]) if shown else self.words.the_start
            self.status.value = STATUS_BOX.format(self.words.looking_back(k, g.n_steps, html.escape(last)))
        self._refresh_controls(view, live)
        self._draw_chart()
        self._bump()

    def _bump(self) -> None:
        """A new version of the view: clicks made on the one before are now stale."""
        self.version += 1
        for w in self._versioned:
            w.version = self.version
