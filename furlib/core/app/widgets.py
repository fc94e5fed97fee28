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

An app speaks one language (``language="en"`` or ``"fr"``), for a game whose
texts are written in it: the frame's own words come from a table per
language (:mod:`furlib.core.app.frame_words`), the events' from the game's
texts in that language (``game.texts(language)``), the settings panel's from
:mod:`furlib.core.app.settings_words`, the game's picture from
``game.html(language=...)`` and the chart from the game's app.

Both :class:`furlib.furcle.widget.FurcleApp` and
:class:`furlib.furglars.widget.FurglarsApp` are built on it. This module
imports ipywidgets and plotly; ``import furlib`` never imports it.

This module holds the play flow (starting a game, the clicks, the bots'
moves); the rest of the frame comes from mixins, each in its module: the
widgets, their layout hooks and the redraw from
:mod:`~furlib.core.app.app_layout`, what the app says (the new game, each
turn, the prompt, a refusal) from :mod:`~furlib.core.app.app_words`, and
the live chart from :mod:`~furlib.core.app.app_chart`; the helpers that need no widgets (``STATUS_BOX``, :func:`alert`,
:func:`winner_words`, :func:`bot_label`, :func:`seat_bots`,
:func:`by_turn`) from :mod:`~furlib.core.app.app_helpers`; all of them are
importable from this module.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, ClassVar

from ..charts.plotting import check_template
from ..engine.game import Game
from ..errors import excerpt
from .app_chart import _LiveChart

# The helpers lived here: this module still exports them.
from .app_helpers import STATUS_BOX, alert, bot_label, by_turn, seat_bots, winner_words
from .app_words import _AppWords
from .frame_words import FRAME_WORDS

__all__ = ["GameApp", "BotFailed", "STATUS_BOX", "alert", "bot_label", "seat_bots", "by_turn", "winner_words"]


class BotFailed(RuntimeError):
    """A bot's policy failed in an app (raised instead of its error where that would show hidden cards)."""


_APPS = itertools.count(1)  # numbers the apps of a kernel: each app's buttons are busy together


class GameApp(_AppWords):
    """The frame of a game app (see the module docstring); subclasses override the hooks they need.

    Class attributes: ``GAME`` (the game class), ``VIEW_LAYOUT`` (layout of
    the HTML view), ``CHART_SIZE``, ``STATUS_LINES`` (turns shown in the
    status box), ``VIEW_CLICK`` (``(selector, attribute)`` of the
    clickable elements of the view, e.g. ``("svg[data-die]", "data-die")``)
    and ``DEALS_CHANCE`` (True: the app plays every chance point itself).
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
    language : str, default "en"
        The language of the app: ``"en"`` (English) or ``"fr"`` (French), for a game whose texts are
        written in it (``type(game).TEXTS.languages()``; Oh Furcle! speaks both, e.g.
        ``Furcle().widget(language="fr")``) and an app that writes its own lines in it (:attr:`LANGUAGES`:
        the apps of The Furglars, Furry Poker and Thieves say ``("en",)``). The status lines, prompts, buttons,
        refusals and the settings panel are in that language, the events told by ``game.texts(language)``, the
        game's picture drawn by ``game.html(language=...)``; a game's app draws its chart in it (Oh Furcle!'s
        does; the frame's default chart is English, for the games written in English only). The "Join a class"
        part's labels are too; what it says after a click, and the class server's answers, stay English.
        Anything else is a ValueError naming the languages the app speaks.

    Attributes
    ----------
    game, bots, template, language
        The game played (changed in place), its bot seats, the chart template, the app's language.
    words : furlib.core.app.frame_words.FrameWords
        The frame's own words in that language (:data:`~furlib.core.app.frame_words.FRAME_WORDS`).
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
    #: True when the app plays every chance point itself, as Furry Poker's draws are dealt; False when the person
    #: at the screen rolls their own dice (a bot's chance points are played with its moves either way).
    DEALS_CHANCE: ClassVar[bool] = False

    def __init__(self, game: Game, *, bots: object = None, human: str | None = None, template: Any = None,
                 language: str = "en"):
        self._check(game)
        self.language = self._check_language(game, language)
        self.words = FRAME_WORDS[self.language]
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
        self._build(game)
        self.start(game, self.bots)

    # ----------------------------------------------------------------- hooks
    def default_bot(self) -> Callable[..., Any]:
        """The bot that plays a seat when ``bots=None`` (default: the game's own default bot)."""
        bot: Callable[..., Any] = self.game._default_policy()
        return bot

    def _on_start(self, game: Game) -> None:
        """Adapt the controls to a new game (e.g. one button per player)."""

    def _view_clicked(self, key: str) -> None:
        """A click on a clickable element of the view (see ``VIEW_CLICK``); ``key`` is its attribute."""

    # The chart hook comes from the mixin (furlib.core.app.app_chart, with the chart's drawing): bound here too, so that
    # GameApp's own documentation lists it with the other hooks (autodoc shows a class's own members).
    _figure = _LiveChart._figure

    # ----------------------------------------------------------------- build
    def _check(self, game: object) -> None:
        if not isinstance(game, self.GAME):
            raise ValueError(f"game must be a {self.GAME.__name__} game, got {excerpt(game)}")

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
        self._teller = self._texts_of(game)
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
            self.settings.error.value = alert(self.words.not_started, str(e))
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

    def _play_bots(self) -> None:
        """Let the bots move (and with ``DEALS_CHANCE`` play every chance point) until a person must decide, the game
        ends, or ``MAX_STEPS`` moves were made."""
        g = self.game
        moves = 0
        while not g.is_over and ((self.DEALS_CHANCE and g.is_chance) or g.current_player in self.bots):
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
        self.error.value = alert(self.words.not_played, text)

    def _guard(self, handler: Callable[[], Any]) -> None:
        """Run a callback; show any error in the app (callbacks' errors go to a hidden log otherwise)."""
        try:
            handler()
            self.error.value = ""
        except Exception as e:  # noqa: BLE001 - shown to the user instead of lost
            self.error.value = alert(f"{type(e).__name__}:", str(e))
            self._bump()  # the buttons busy with this click are free again
