"""Oh Furcle!'s ipywidgets app: play against bots, replay the game, watch the scores.

``Furcle.widget()`` returns :attr:`FurcleApp.box`, the app's top-level widget.
The app changes its game only through the public protocol (``apply``,
``step``, ``legal_actions``), so everything it does can be driven and checked
from Python: ``button.click()``, ``app.click_die(i)`` and setting ``.value``
run the handlers. The frame (history slider, live chart, errors, bots'
moves, Play again, clicks applied to the state they were made on) is
:class:`furlib.core.app.widgets.GameApp`; the settings panel is
:class:`furlib.furcle.widget_settings.FurcleSettings`; the chart is
:func:`~furlib.furcle.plots.score_trajectories` by turn. To say Beekin, the
player clicks a die in the picture of the game. The advice line shows
:func:`furlib.furcle.advice.best_move` (re-exported here with
:func:`~furlib.furcle.advice.position_value` and
:data:`~furlib.furcle.advice.ADVICE_LIMITS`).

The app speaks English or French (``FurcleApp(game, language="fr")``,
``game.widget(language="fr")``): its own lines come from a table per
language (:mod:`furlib.furcle.widget_words`,
:mod:`furlib.furcle.widget_words_fr`), the events' from the game's texts
(:mod:`furlib.furcle.texts_fr`), the frame's from
:mod:`furlib.core.app.frame_words`, the settings panel's from
:mod:`furlib.core.app.settings_words` and
:attr:`FurcleSettings.FIELD_WORDS`, the picture from
``game.html(language=...)`` (:mod:`furlib.furcle.picture_words_fr`) and the
chart from ``score_trajectories(..., language=...)``. The dice offered for a
Beekin come from :func:`~furlib.furcle.widget_beekin.beekin_choices`
(re-exported here), the sentence of each turn from
:mod:`furlib.furcle.widget_summary`.

This module imports ipywidgets and plotly; ``import furlib`` never imports it.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import plotly.graph_objects as go

from ..core.app.widgets import GameApp
from ..core.engine.game import Game
from ..core.errors import excerpt
from ..core.words import capitalized
from .actions import AcceptFurcle, Beekin, Roll, Satisfied
from .advice import ADVICE_LIMITS, advice_refused, best_move, describe_move, is_solved, position_value, solution_for
from .bots import BeekinSmart
from .game import Furcle
from .plots import score_trajectories
from .widget_beekin import beekin_choices
from .widget_settings import SEAT_KINDS, FurcleSettings
from .widget_summary import _FurcleSummary
from .widget_words import FurcleAppWords, app_words

if TYPE_CHECKING:  # pragma: no cover
    from .solver import Solution

__all__ = ["FurcleApp", "FurcleSettings", "SEAT_KINDS", "best_move", "position_value", "ADVICE_LIMITS",
           "beekin_choices"]

CHART_SIZE = (480, 330)  # px: beside the game view on a laptop screen, below it on a narrow one
#: The advice line while the game's rules are solved (the first use of a rule set: a few seconds), in English.
WORKING = FurcleAppWords.working
ADVICE_BOX = ('<div class="furlib-advice-text" style="padding: 2px 10px; margin: 0 0 4px; '
              'border-left: 4px solid var(--jp-success-color1, #388e3c); '
              'color: var(--jp-ui-font-color1, inherit)">{}</div>')


class FurcleApp(_FurcleSummary, GameApp):
    """Play Oh Furcle! against bots in a notebook (an ipywidgets app).

    Parameters
    ----------
    game : Furcle, optional
        The game to play (it is changed in place); default a new
        ``Furcle(players=["You", "Bot"])`` (in French ``["Vous", "Bot"]``). "New game" in the settings panel
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
    language : {"en", "fr"}, default "en"
        The language of the app: its status lines (the game's events told by
        :class:`~furlib.furcle.texts_fr.FurcleFrench` in French), prompts,
        buttons, Beekin lines, advice and refusals
        (:mod:`furlib.furcle.widget_words`, :mod:`furlib.furcle.widget_words_fr`
        and the frame's :mod:`furlib.core.app.frame_words`), the settings
        panel (labels, help, refusals), the picture of the game and the score
        chart; ``game.widget(language="fr")`` passes it on. Any other value is
        a ValueError naming the languages.

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
        What Beekin does and whether it is possible now (one short line).
    beekin_note : ipywidgets.HTML
        The dice a Beekin would not help, and why (in the message box).
    slider : ipywidgets.IntSlider
        The history: 0 .. ``game.n_steps``.
    chart : plotly.graph_objects.Figure
        Scores so far by turn (``score_trajectories``), the history slider's
        moment marked on it; the page shows it as a picture (``chart_view``).
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
    furcle_words : FurcleAppWords
        The app's own words in its language (:func:`~furlib.furcle.widget_words.app_words`).

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
                 template: str | None = None, advice: bool = False, language: str = "en"):
        game = Furcle(players=["Vous" if language == "fr" else "You", "Bot"]) if game is None else game
        if not isinstance(advice, bool):
            raise ValueError(f"advice must be True or False, got {excerpt(advice)}")
        self.furcle_words = app_words(self._check_language(game, language))
        self.advised: tuple[object, float] | None = None
        self.advice_toggle = widgets.Checkbox(value=advice, indent=False, layout=widgets.Layout(width="auto"),
                                              description=self.furcle_words.advice_switch)
        self.advice_toggle.add_class("furlib-advice-toggle")
        self.advice = widgets.HTML()
        self.advice.add_class("furlib-advice")
        self.advice_toggle.observe(self._on_advice_switch, "value")
        super().__init__(game, bots=bots, human=human, template=template, language=language)

    @staticmethod
    def default_bot() -> Callable[..., Any]:
        """``BeekinSmart()``: the bot that plays a seat when ``bots=None``."""
        return BeekinSmart()

    # ------------------------------------------------------------------ build
    def _build_controls(self) -> list[widgets.Widget]:
        w = self.furcle_words
        self.roll_button = self._button(w.roll, w.roll_tip, "furlib-roll", self._on_roll, icon="dice",
                                        button_style="info")
        self.satisfied_button = self._button(w.satisfied, w.satisfied_tip, "furlib-satisfied", self._on_satisfied,
                                             button_style="success")
        self.accept_button = self._button(w.accept, w.accept_tip, "furlib-accept", self._on_accept,
                                          button_style="danger")
        # as wide as "Roll again" from the start: the buttons beside it stay where they are when it says so
        self.roll_button.layout.min_width = "8.5em"
        self.buttons = widgets.HBox([self.roll_button, self.satisfied_button, self.accept_button])
        # one short line (two on a phone) of a height kept for two: the dice under it never move; the dice a
        # Beekin would not help are listed in the message box (beekin_note), whose height never changes
        self.dice_label = widgets.HTML()
        self.dice_row = widgets.HBox([self.dice_label], layout=widgets.Layout(min_height="3.2em"))
        self.dice_row.add_class("furlib-dice-row")
        self.dice_row.add_class("furlib-keep-height")
        self.beekin_note = widgets.HTML()
        self.beekin_note.add_class("furlib-beekin-note")
        return [self.buttons, self.dice_row]

    def _message_rows(self) -> list[widgets.Widget]:
        """The dice a Beekin would not help and the advice line under the status lines, in the message box (whose
        height never changes)."""
        status, *rest = super()._message_rows()
        return [status, self.beekin_note, self.advice, *rest]

    def _switches(self) -> list[widgets.Widget]:
        """The advice switch, above the message box: no redrawn button ever lands on it."""
        return [self.advice_toggle]

    def _make_settings(self, game: Game, bots: Mapping[str, Callable[..., Any]]) -> FurcleSettings:
        assert isinstance(game, Furcle)  # GameApp checked it is a GAME
        return FurcleSettings(game, bots, language=self.language)

    def _on_start(self, game: Game) -> None:
        """The Beekin line is hidden when the game has no Beekin."""
        assert isinstance(game, Furcle)  # GameApp checked it is a GAME
        self.dice_row.layout.display = None if game.beekin else "none"

    def _intro(self, game: Game) -> str:
        assert isinstance(game, Furcle)  # GameApp checked it is a GAME
        w = self.furcle_words
        return w.intro(w.subjects([self._who(p) for p in game.players]), game.target)

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
        """Click die ``i`` (from 0) in the picture, as a player would.

        A highlighted die says Beekin. A click on another die changes
        nothing, and the error line says why (:meth:`_refusal`): the +1
        would not help the roll (it makes no pair, breaks a group or scores
        no more), the die shows the top face, or no Beekin is possible now.
        """
        self.html.click(str(i))

    def _beekin_offers(self) -> dict[int, tuple[bool, str]]:
        """:func:`beekin_choices` now; with the advice line on, its Beekin is offered too (worked out once a step)."""
        g = self.game
        key = (id(g), g.n_steps, self.advice_toggle.value)
        if getattr(self, "_offers_key", None) != key:
            choices = beekin_choices(g, self.language)
            if choices and self.advice_toggle.value and not advice_refused(g):
                advised = self._solution().bot(g)
                if isinstance(advised, Beekin) and advised.die in choices:
                    choices[advised.die] = (True, choices[advised.die][1])
            self._offers, self._offers_key = choices, key
        return self._offers

    def _refusal(self, key: str) -> str:
        """Why a click on die ``key`` (from 0) does not say Beekin, as a sentence (nothing is played)."""
        g = self.game
        if not self._live() or g.is_over or not self._human_to_play():
            return super()._refusal(key)
        i, w = int(key), self.furcle_words
        choice = self._beekin_offers().get(i)
        if choice is not None:
            return w.not_offered(choice[1])
        if g.is_chance:
            return w.after_roll(self._prompt())
        if not g.beekin:
            return w.beekin_off
        if not g.beekin_available:
            return w.beekin_spent(g.current_player)
        if not 0 <= i < len(g.dice):
            return w.no_die(i, len(g.dice))
        return w.top_face(i, g.dice[i])

    # ---------------------------------------------------------------- display
    def _human_prompt(self) -> str:
        g, w = self.game, self.furcle_words
        turn = w.turn(self._turn_owner())
        if g.is_chance:
            return w.roll_prompt(turn, g.dice_to_roll)
        offered = [i for i, (ok, _) in self._beekin_offers().items() if ok]
        which = w.which_dice(offered) if offered else None
        if g.roll_points == 0:
            lose = w.lose(g.turn_score)
            if which:
                return w.furcle_rescue(turn, which, lose)
            return w.furcle_accept(turn, w.no_rescue(g.beekin, g.beekin_available), lose)
        return w.decide(turn, g.roll_points, g.turn_score, g.dice_to_roll, which)

    def _refresh_controls(self, view: Game, live: bool) -> None:
        assert isinstance(view, Furcle)  # the app's game, or a copy of it at the slider's moment
        g, w = self.game, self.furcle_words
        self._show_advice(live)
        mine = live and self._human_to_play()
        legal = g.legal_actions() if mine else []
        can_roll = bool(mine and (g.is_chance or Roll() in legal))
        self.roll_button.disabled = not can_roll
        self.roll_button.description = w.roll_again if can_roll and not g.is_chance else w.roll
        self.satisfied_button.disabled = Satisfied() not in legal
        self.accept_button.disabled = AcceptFurcle() not in legal
        choices = self._beekin_offers() if mine else {}
        self.html.targets = {str(i): w.beekin_on(words) for i, (ok, words) in choices.items() if ok}
        others = [words for ok, words in choices.values() if not ok]
        top = [i for i, f in enumerate(g.dice) if f >= g.sides] if choices else []
        notes = others + [w.top_face_note(i, g.sides) for i in top]
        self.beekin_note.value = w.beekin_note(html.escape(capitalized(w.notes_sep.join(notes)))) if notes else ""
        if self.html.targets:
            self.dice_label.value = w.dice_click
        elif choices:
            self.dice_label.value = w.dice_no_help
        elif not view.dice:
            self.dice_label.value = w.dice_before
        elif view.beekin_die is not None or not view.beekin_available:
            self.dice_label.value = w.dice_used
        else:
            self.dice_label.value = w.dice_not_now

    def _show_advice(self, live: bool) -> None:
        """Fill the advice line: the optimal bot's move and the exact chance to win (if switched on)."""
        self.advised = None
        g, w = self.game, self.furcle_words
        if not self.advice_toggle.value:
            self.advice.value = ""
            return
        why = advice_refused(g, self.language)
        if why or not live or not self._human_to_play():
            text = why or (w.advice_not_now if not live else w.advice_not_human)
            self.advice.value = ADVICE_BOX.format(html.escape(text))
            return
        action, chance = best_move(g, self._solution())
        self.advised = (action, chance)
        owner = w.chance_owner(self._turn_owner())
        self.advice.value = ADVICE_BOX.format(w.advice(html.escape(describe_move(action, g, self.language)),
                                                       html.escape(owner), chance))

    def _on_advice_switch(self, _: object) -> None:
        """The advice switch: switched on where advice is given, the rules are solved first (if they must be,
        under the line "Working out the best move..."), then the app is redrawn with the advice."""
        def switched() -> None:
            g = self.game
            if self.advice_toggle.value and not advice_refused(g) and self._live() and self._human_to_play():
                self._solution()
            self._refresh()
        self._guard(switched)

    def _solution(self) -> Solution:
        """:func:`solution_for` the game, saying so first when it takes seconds (the first use of a rule set).

        The advice line says :data:`WORKING` (in the app's language) and the switch waits (disabled)
        while the rules are solved: ipywidgets sends each change to the page at
        once, so the page shows them while the kernel works.
        """
        g = self.game
        if is_solved(g):
            return solution_for(g)
        self.advice.value = ADVICE_BOX.format(html.escape(self.furcle_words.working))
        self.advice_toggle.disabled = True
        try:
            return solution_for(g)
        finally:
            self.advice_toggle.disabled = False

    def _figure(self, now: int | None = None) -> go.Figure:
        return score_trajectories(self.game, x="turn", now=now, template=self.template, language=self.language)
