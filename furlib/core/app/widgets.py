"""What the furlib game apps share: bots at the table, history slider, live chart, errors in view.

:class:`GameApp` is the frame of a game's ipywidgets app (``furlib.<game>.widget``):
a status box (the last few turns and what to do now), an error line, a
"Play again" button at game over, the game's controls, the game view
(``game._repr_html_()``) beside a live score chart, a history slider with
"Back to now", and a settings panel with "New game".

It works for a new game with no game-specific code at all: one button per
legal action (labelled ``str(action)`` with a capital) and one to roll or draw at a chance
point, the shared settings panel (:class:`furlib.core.app.settings.GameSettings`:
seats, seed, the game's parameters kept), and the shared score race
(:func:`furlib.core.charts.plotting.score_race`) if the game keeps scores (else no
chart). A game's app subclasses it and overrides the hooks it wants (its
controls, prompt, turn summary, chart and settings panel).

A click is applied to the state it was made on: every button (and the
clickable view) is a :mod:`furlib.core.app.buttons` widget that carries the
version of the view it shows; the browser disables it on click until the
kernel answers, and the app ignores a click made on a view that has
changed since (it only redraws). The app changes its game only through the
public protocol, so everything can be driven from Python: ``button.click()``
and setting ``.value`` run the handlers at once.

Both :class:`furlib.furcle.widget.FurcleApp` and
:class:`furlib.furglars.widget.FurglarsApp` are built on it. This module
imports ipywidgets and plotly; ``import furlib`` never imports it.

This module holds the frame (the widgets, the hooks, the clicks and the
redraw); the live chart comes from a mixin, :mod:`~furlib.core.app.app_chart`,
and the helpers that need no widgets (``STATUS_BOX``, :func:`alert`,
:func:`winner_words`, :func:`bot_label`, :func:`seat_bots`,
:func:`by_turn`) from :mod:`~furlib.core.app.app_helpers`; all of them are
importable from this module.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, ClassVar

import ipywidgets as widgets
import plotly.graph_objects as go

from ..charts.plotting import check_template
from ..engine.events import Event, visible
from ..engine.game import Game
from ..errors import excerpt
from ..words import capitalized, plural, possessive, sentence, sentences, subjects
from .app_chart import _LiveChart

# The helpers lived here: this module still exports them.
from .app_helpers import APP_CSS, STATUS_BOX, alert, bot_label, by_turn, seat_bots, winner_words
from .buttons import ActionButton, ClickableHTML
from .settings import GameSettings

__all__ = ["GameApp", "BotFailed", "STATUS_BOX", "alert", "bot_label", "seat_bots", "by_turn", "winner_words"]

class BotFailed(RuntimeError):
    """A bot's policy failed in an app (raised instead of its error where that would show hidden cards)."""


_APPS = itertools.count(1)  # numbers the apps of a kernel: each app's buttons are busy together


class GameApp(_LiveChart):
    """The frame of a game app (see the module docstring); subclasses override the hooks they need.

    Class attributes: ``GAME`` (the game class), ``VIEW_LAYOUT`` (layout of
    the HTML view), ``CHART_SIZE``, ``STATUS_LINES`` (turns shown in the
    status box) and ``VIEW_CLICK`` (``(selector, attribute)`` of the
    clickable elements of the view, e.g. ``("svg[data-die]", "data-die")``).
    Hooks: :meth:`default_bot`, :meth:`_build_controls`,
    :meth:`_make_settings`, :meth:`_rows`, :meth:`_on_start`, :meth:`_intro`,
    :meth:`_summary`, :meth:`_human_prompt`, :meth:`_refresh_controls`,
    :meth:`_view_html`, :meth:`_view_clicked`, :meth:`_turn_lines` and
    :meth:`_figure`.

    Parameters
    ----------
    game : Game
        The game to play (changed in place; "New game" and "Play again"
        replace it: the current one is always :attr:`game`).
    bots : None, policy or dict, optional
        ``None``: every seat but ``human`` is played by :meth:`default_bot`;
        one policy: it plays every seat but ``human``; a dict ``{name:
        policy}``: those seats are bots, the others are played by people.
    human : str, optional
        The seat played at the screen when ``bots`` is not a dict (default:
        the first player).
    template : str, optional
        Plotly template of the chart (e.g. ``"plotly_dark"``).

    Attributes
    ----------
    game, bots, template
        The game played (changed in place), its bot seats, the chart template.
    box : ipywidgets.VBox
        The whole app (what ``game.widget()`` returns).
    html : ClickableHTML
        The game view (``game._repr_html_()``, or an earlier moment).
    status, error : ipywidgets.HTML
        What just happened and what to do, in words; an error, if any.
    action_buttons : list of ActionButton
        The default controls: one button per legal action (or one to roll
        or draw), only while a person is to play (a game's own controls may
        replace them).
    again_button, back_button : ActionButton
        "Play again" (shown at game over, or when the game stopped at its
        step limit) and "Back to now" (for the history slider).
    slider : ipywidgets.IntSlider
        The history: 0 .. ``game.n_steps``.
    chart : plotly.graph_objects.Figure or None
        The figure of the chart at the slider's moment (a plain figure, for
        scripts and tests; None for a game without a chart).
    chart_view, chart_box
        The chart as the page shows it: an SVG picture of ``chart`` in an
        ``ipywidgets.HTML`` that scales to its box (see
        :mod:`furlib.core.app.app_chart`), and the box holding it.
    settings, settings_toggle, settings_panel
        The settings panel (:class:`~furlib.core.app.settings.GameSettings`),
        the "Settings" toggle button that shows and hides it (reached with
        Tab like every control), and the box holding both.
    version : int
        The version of the view shown; every redraw raises it, and a click
        made on an earlier version is ignored.
    stopped : bool
        True when the bots' moves stopped at the game's step limit
        (``MAX_STEPS``) without a winner.
    """

    GAME: ClassVar[type] = Game
    VIEW_LAYOUT: ClassVar[dict[str, str]] = {"flex": "1 1 300px", "max_width": "560px", "min_width": "0"}
    CHART_SIZE: ClassVar[tuple[int, int]] = (480, 330)
    STATUS_LINES: ClassVar[int] = 4
    VIEW_CLICK: ClassVar[tuple[str, str]] = ("", "")

    def __init__(self, game: Game, *, bots: object = None, human: str | None = None, template: Any = None):
        self._check(game)
        self.game = game
        self.bots = seat_bots(game.players, bots, human, self.default_bot)
        self.template = check_template(template)
        self.version = 0
        self.stopped = False
        self._group = f"furlib-app-{next(_APPS)}"
        self._versioned: list[Any] = []
        self._syncing = False
        self._intro_line = ""
        self._last: list[str] = []
        self._chart_key: tuple[Any, ...] | None = None
        self.status = widgets.HTML()
        self.status.add_class("furlib-status")
        self.error = widgets.HTML()
        self.error.add_class("furlib-error")
        selector, key = self.VIEW_CLICK
        self.html = ClickableHTML(selector=selector, key=key, group=self._group,
                                  layout=widgets.Layout(**self.VIEW_LAYOUT))
        self.html.add_class("furlib-view")
        self.html.add_class("furlib-keep-height")      # never shrinks: the rows below it stay (core/app/buttons.py)
        self.html.on_click(lambda _, key: self._guard(lambda: self._view_clicked(key)))
        self.html.on_stale(lambda _: self._guard(self._refresh))
        self.html.on_refused(lambda _, key: self._show_refusal(key))
        self._versioned.append(self.html)
        self.slider = widgets.IntSlider(min=0, max=0, description="History", continuous_update=True,
                                        layout=widgets.Layout(width="420px", max_width="100%"),
                                        tooltip="Drag to see any earlier moment of the game")
        self.slider.add_class("furlib-history")
        self.slider.observe(lambda _: None if self._syncing else self._guard(self._refresh), "value")
        self.back_button = self._button("Back to now", "Show the latest moment of the game, to play on",
                                        "furlib-now", self._back_to_now, icon="forward")
        self.again_button = self._button("Play again", "A new game with the same players, bots and rules "
                                         "(new dice)", "furlib-again", self.play_again, icon="repeat",
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
        if isinstance(new_game, ActionButton):  # busy with the app's buttons; a stale click only redraws
            new_game.group, new_game.version = self._group, self.version
            new_game.on_stale(lambda _: self._guard(self._refresh))
            self._versioned.append(new_game)
        # A toggle button, not an Accordion: an Accordion's title cannot be reached with Tab.
        self.settings_toggle = widgets.ToggleButton(
            value=False, description="Settings", icon="cog", tooltip="Show or hide the settings (players, "
            "bots, rules, seed) and start a new game", layout=widgets.Layout(width="auto"))
        self.settings_toggle.add_class("furlib-settings-toggle")
        self.settings.box.layout.display = "none"
        self.settings_toggle.observe(lambda change: self._show_settings(change["new"]), "value")
        self.settings_panel = widgets.VBox([self.settings_toggle, self.settings.box],
                                           layout=widgets.Layout(max_width="100%"))
        self.settings_panel.add_class("furlib-settings-panel")
        # Hook for "Join a class" (all its logic in furlib/classroom/join.py): its part at the end of the settings,
        # its line ("Sent to class 4KQ7: 12 games so far") beside Play again; _advance shows it every game.
        from ...classroom.join import JoinPart  # noqa: PLC0415  (ipywidgets and the standard library only)
        self.join = JoinPart(self)
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
        self.app_style = widgets.HTML(APP_CSS, layout=widgets.Layout(display="none"))
        self.box = widgets.VBox([self.app_style, *self._rows(controls)])
        self.box.add_class("furlib-app")
        self.start(game, self.bots)

    # ----------------------------------------------------------------- hooks
    def default_bot(self) -> Callable[..., Any]:
        """The bot that plays a seat when ``bots=None`` (default: the game's own default bot)."""
        bot: Callable[..., Any] = self.game._default_policy()
        return bot

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
                            default_bot=self.default_bot)

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

    def _on_start(self, game: Game) -> None:
        """Adapt the controls to a new game (e.g. one button per player)."""

    def _intro(self, game: Game) -> str:
        """The status line that announces a new game."""
        return sentence(f"New game: {subjects([self._who(p) for p in game.players])}")

    def _summary(self, events: list[Event]) -> str:
        """One sentence for one player's turn (or the part of it in ``events``).

        The events' texts are joined by :func:`~furlib.core.words.sentences`;
        the player is named once, with their bot's label ("Bob (Greedy)
        plays ..."), and not again before a text that starts with the name.
        """
        player = events[0].player
        texts = [e.text for e in events]
        who = self._who(player)
        if texts and player and texts[0].startswith(f"{player} "):
            texts[0] = who + texts[0][len(player):]
        elif player:
            texts[0] = f"{who}: {texts[0]}"
        return sentences(texts)

    def _prompt(self) -> str:
        """What the player at the screen should do now, in words."""
        g = self.game
        if g.is_over:
            return f"Game over: {winner_words(g)}. Click Play again, or change the settings below."
        if self.stopped:
            hint = " (for example with a smaller target)" if isinstance(getattr(g, "target", None), int) else ""
            return (f"Stopped: the game did not end within {g.MAX_STEPS:,} moves, its step limit (MAX_STEPS). "
                    f"Click Play again, or start a new game in the settings below{hint}.")
        me = g.current_player
        if me in self.bots:
            return f"{self._who(me)} to play."
        return self._human_prompt()

    def _human_prompt(self) -> str:
        """What the human should do now (the game is on and it is their move)."""
        g = self.game
        if g.is_chance:
            return f"{self._you()} turn: click {self._chance_label()}."
        return f"{self._you()} turn: choose a move below."

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
                b.tooltip = (f"{self._chance_label()}: let chance decide" if a is None else capitalized(str(a)))
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
        """The HTML of the game view at the slider's moment: in a game with hidden cards, :attr:`viewer`'s view."""
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

    def _view_clicked(self, key: str) -> None:
        """A click on a clickable element of the view (see ``VIEW_CLICK``); ``key`` is its attribute."""

    def _refusal(self, key: str) -> str:
        """Why the element of the view with this ``key`` cannot be clicked now, in a sentence.

        Called for a click on an element that matches ``VIEW_CLICK`` but is
        not clickable at the moment shown (nothing is played); the app shows
        the sentence in its error line. A game's app says the real reason.
        """
        if not self._live():
            return "You are looking back at an earlier moment: click Back to now to play on."
        if self.game.is_over:
            return "The game is over: click Play again, or change the settings below."
        if not self._human_to_play():
            return f"It is not your move: {self._prompt()}"
        return f"That cannot be played now. {self._prompt()}"

    # The chart hook comes from the mixin (furlib.core.app.app_chart, with the chart's drawing): bound here too, so that
    # GameApp's own documentation lists it with the other hooks (autodoc shows a class's own members).
    _figure = _LiveChart._figure

    # ----------------------------------------------------------------- build
    def _check(self, game: object) -> None:
        if not isinstance(game, self.GAME):
            raise ValueError(f"game must be a {self.GAME.__name__} game, got {excerpt(game)}")

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

    def _chance_label(self) -> str:
        return str(getattr(self.game, "CHANCE_VERB", "roll")).capitalize()

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

        A bad setting is shown in the panel (``settings.error``: every bad
        field at once) and the current game goes on unchanged.
        """
        try:
            game, bots = self.settings.read()
        except ValueError as e:
            self.settings.error.value = alert("Not started:", str(e))
            return
        self.settings.error.value = ""
        self.start(game, bots)

    def play_again(self) -> None:
        """A new game with the same players, bots and rules, and new dice (the "Play again" button)."""
        g = self.game
        params = {k: v for k, v in g._params().items() if k != "players"}
        game = type(g)(players=list(g.players), seed=None, **params)
        bots = dict(self.bots)
        self.settings.fill(game, bots)
        self.start(game, bots)

    def _on_action(self, i: int) -> None:
        """A click on the default action button ``i``."""
        if i >= len(self._shown_actions):
            return
        action = self._shown_actions[i]
        self._human(self.game.step if action is None else lambda: self._decide(action))

    def _decide(self, action: object) -> None:
        """Apply the person's ``action``, then the chance points that follow in the same person's turn.

        A roll or a draw is never a choice, so a decision followed by its dice
        ("Roll again", then the dice) is one click. The roll that opens a turn
        keeps its own button (the person starts the turn).
        """
        g = self.game
        me = g.current_player
        g.apply(action)
        while not g.is_over and g.is_chance and g.current_player == me:
            g.step()

    def _human(self, act: Callable[[], Any]) -> None:
        if self.slider.max != self.game.n_steps:  # changed from Python since the last redraw:
            self.refresh()  # show it, and let the player decide again
        elif self._live() and self._human_to_play():
            self._advance(act)
        else:
            self._refresh()

    def _advance(self, act: Callable[[], Any], new: str = "", new_chart: bool = False) -> None:
        """Do ``act``, let the bots play until a human must decide, then redraw everything.

        ``new`` is the line that announces a new game (the status box then starts with it).
        """
        g = self.game
        before = len(g.events)
        self.stopped = False
        self._intro_line = new
        try:
            act()
            self._play_bots()
        finally:
            self._last = self._turn_lines(g.events[before:])
            self._sync_slider()
            self._draw_chart(new=new_chart)
            self._refresh()
            self.join.seen(g)  # the "Join a class" hook: sends a finished game once, in the background; never raises

    def _turn_lines(self, events: list[Event]) -> list[str]:
        """The status lines for ``events`` (the moves since the last click): one line per turn."""
        return [self._summary(t) for t in by_turn(self._visible(events))]

    def _play_bots(self) -> None:
        """Let the bots move until a person must decide, the game ends, or ``MAX_STEPS`` moves were made."""
        g = self.game
        moves = 0
        while not g.is_over and g.current_player in self.bots:
            if moves >= g.MAX_STEPS:
                self.stopped = True
                return
            self._bot_step()
            moves += 1

    def _bot_step(self) -> None:
        """One move of the bots: chance's, or the seat to play's policy.

        A policy that raises or chooses an illegal move stops the bots with
        an error the person at the screen may read: in a game with hidden
        information it names the seat and the kind of error, never the
        message, which may list that seat's legal moves (its hand). The game
        is left as it was before that move.
        """
        g = self.game
        if g.is_chance:
            g.step()
            return
        seat: str = g.current_player
        try:
            g.step(self.bots[seat])
        except Exception as e:
            if not g.HIDDEN_INFO or g.reveal or seat == self.viewer:
                raise
            raise BotFailed(f"the bot of {seat} ({bot_label(self.bots[seat])}) failed ({type(e).__name__}); "
                            "its hidden cards are not shown here. The game waits at its move.") from None

    def refresh(self) -> None:
        """Redraw after the game was changed from Python (e.g. a rigged roll).

        If a bot is to play, the bots move first. A click on a button of a
        game changed since the last redraw only redraws (nothing is played).
        """
        self._advance(lambda: None)

    def _show_refusal(self, key: str) -> None:
        """A refused click on the view: say why in the error line (the game is not changed)."""
        try:
            text = self._refusal(key)
        except Exception as e:  # noqa: BLE001 - shown to the user instead of lost
            text = f"{type(e).__name__}: {e}"
        self.error.value = alert("Not played:", text)

    def _back_to_now(self) -> None:
        self.slider.value = self.slider.max

    def _show_settings(self, shown: bool) -> None:
        """Show or hide the settings panel (the "Settings" toggle)."""
        self.settings.box.layout.display = None if shown else "none"

    def _guard(self, handler: Callable[[], Any]) -> None:
        """Run a callback; show any error in the app (callbacks' errors go to a hidden log otherwise)."""
        try:
            handler()
            self.error.value = ""
        except Exception as e:  # noqa: BLE001 - shown to the user instead of lost
            self.error.value = alert(f"{type(e).__name__}:", str(e))
            self._bump()  # the buttons busy with this click are free again

    # --------------------------------------------------------------- display
    def _live(self) -> bool:
        return bool(self.slider.value == self.slider.max)

    def _human_to_play(self) -> bool:
        g = self.game
        return not g.is_over and not self.stopped and g.current_player not in self.bots

    def _who(self, name: str) -> str:
        bot = self.bots.get(name)
        return name if bot is None else f"{name} ({bot_label(bot)})"

    def _you(self) -> str:
        """The owner of the turn in a prompt: "Your" with one person at the screen, else "Ann's" (or "Your")."""
        return "Your" if len(self.game.players) - len(self.bots) == 1 else possessive(self.game.current_player or "")

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
            lines.append(f"\u2026 {plural(hidden, 'earlier line')} not shown "
                         "(the History slider replays every move) \u2026")
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
            last = shown[-1].text if shown else "the start"
            self.status.value = STATUS_BOX.format(
                f"<b>Looking back at step {k} of {g.n_steps}</b> ({html.escape(last)}). "
                "Drag the slider to the end or click <i>Back to now</i> to play on.")
        self._refresh_controls(view, live)
        self._draw_chart()
        self._bump()

    def _bump(self) -> None:
        """A new version of the view: clicks made on the one before are now stale."""
        self.version += 1
        for w in self._versioned:
            w.version = self.version
