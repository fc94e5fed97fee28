"""The Furry Poker app: play against bots in a notebook (imports ipywidgets; ``import furlib`` never does).

Built on :class:`furlib.core.widgets.GameApp`: one button per legal action
(the card to play, then A or B, then each choice the effect needs), bots in
the other seats, the history slider and the settings panel. Furry Poker adds:

* the view is the person's own (their hand, their face-down cards), never
  the others' secrets, and the status lines are the events they may see;
* a "Reveal all cards" switch (the teacher's), which shows every card: at the top of the app, above
  the message box, where no redrawn button can move it under a second click;
* draws are dealt by themselves (nobody clicks to draw a card);
* at the end, each player's score breakdown (in the view);
* its settings panel (:class:`~furlib.poker.widget_settings.PokerSettings`):
  seats (a person, Greedy, Planner or RandomBot) and the Advanced Rules.

>>> from furlib import FurryPoker
>>> app = PokerApp(FurryPoker(["You", "Bob"], seed=1))
>>> app.game.current_player, [b.description for b in app.action_buttons][:1]
('You', ['Play the Green 6 (Rabbit)'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from ..core.events import Event, visible
from ..core.game import Game
from ..core.widgets import GameApp
from ..core.words import act, join_words, named, sentences
from . import events as ev
from .cards import card_name
from .events import subjects
from .rules import FurryPoker
from .widget_settings import PokerSettings

__all__ = ["PokerApp"]


class PokerApp(GameApp):
    """An ipywidgets app for :class:`~furlib.poker.FurryPoker` (``game.widget()`` returns its ``box``).

    Parameters are those of :class:`~furlib.core.widgets.GameApp`. The
    person at the screen is the first seat not played by a bot.
    """

    GAME = FurryPoker
    VIEW_LAYOUT = {"flex": "1 1 640px", "max_width": "860px"}

    def _make_settings(self, game: Game, bots: Mapping[str, Callable[..., Any]]) -> PokerSettings:
        """Furry Poker's panel: seats (Human, Greedy, Planner, RandomBot), the Advanced Rules, the seed."""
        return PokerSettings(game, bots)

    def _build_controls(self) -> list[widgets.Widget]:
        self.reveal = widgets.Checkbox(value=False, description="Reveal all cards (teacher)", indent=False,
                                       tooltip="Show every hand, face-down card and draw")
        self.reveal.add_class("furlib-reveal")
        self._recent: list[Event] = []
        self.reveal.observe(lambda _: self._guard(self._on_reveal), "value")
        return super()._build_controls()

    def _switches(self) -> list[widgets.Widget]:
        """The teacher's "Reveal all cards", above the message box: no redrawn button ever lands on it."""
        return [self.reveal]

    @property
    def human(self) -> str | None:
        """The seat played at the screen (the first seat without a bot), or None if bots play every seat."""
        return next((p for p in self.game.players if p not in self.bots), None)

    def _human_to_play(self) -> bool:
        g = self.game
        return not g.is_over and not self.stopped and not g.is_chance and g.current_player not in self.bots

    def _play_bots(self) -> None:
        """Deal every draw and let the bots move, until the person must decide or the game ends."""
        g = self.game
        moves = 0
        while not g.is_over and (g.is_chance or g.current_player in self.bots):
            if moves >= g.MAX_STEPS:
                self.stopped = True
                return
            self._bot_step()
            moves += 1

    def _shows_all(self) -> bool:
        """True when the view shows every card: the teacher's switch is on, or bots play every seat."""
        return bool(getattr(self, "reveal", None) and self.reveal.value) or self.human is None

    def _on_reveal(self) -> None:
        """The switch changed: redraw the view and the status lines (the game itself is never changed)."""
        self._last = self._turn_lines(self._recent)
        self._refresh()

    def _view_html(self, view: Game) -> str:
        # drawn as if revealed (html's reveal=True): the game's own ``reveal``, log and history stay as they are
        if self._shows_all():
            return view.html(None, reveal=True)
        return view.html(self.human)

    def _visible(self, events: list[Event]) -> list[Event]:
        """The events the person at the screen may read: theirs and the public ones, or all with the switch on."""
        if self._shows_all():
            return list(events)
        seat = self.game.players.index(self.human)
        return [e for e in events if visible(e, seat)]

    def _summary(self, events: list[Event]) -> str:
        """One sentence for a run of one player's events, or of a deal (those the person may read: :meth:`_visible`).

        A secret told to its owner replaces its public twin ("You draw a
        card" / "You draw the Red 7"), and the cards dealt to or drawn by one
        player make one clause ("Ann draws 3 cards", "You are dealt the Red 7
        and the Blue 2 into your hand").
        """
        events = ev.told(events)
        clauses: list[str | list[Event]] = []
        deals: dict[tuple[str, str | None, str, tuple[int, ...] | None], list[Event]] = {}
        for e in events:
            if e.kind in (ev.DEAL, ev.DRAW) and "to" in e.data:
                key = (e.kind, e.player, e.data["to"], e.visible_to)
                if key not in deals:                   # the clause stands where its first card was dealt
                    deals[key] = []
                    clauses.append(deals[key])
                deals[key].append(e)
            else:
                clauses.append(e.text)
        return _sentence([c if isinstance(c, str) else _deal_clause(c) for c in clauses])

    def _turn_lines(self, events: list[Event]) -> list[str]:
        """As the frame's, but a line per run of one player's events (so the table's events, such as the cards
        shown, keep their own lines), and one line for a whole deal (cards dealt one by one to every player)."""
        self._recent = list(events)
        runs: list[list[Event]] = []
        for e in self._visible(events):
            last = runs[-1][-1] if runs else None
            if last is not None and ((last.turn, last.player) == (e.turn, e.player)
                                     or last.kind == e.kind == ev.DEAL):
                runs[-1].append(e)
            else:
                runs.append([e])
        return [t for t in (self._summary(r) for r in runs) if t]

    def _figure(self, now: int | None = None) -> Any:
        return None           # the scores are known only at the end: the view's table shows them

    def _intro(self, game: Game) -> str:
        return f"New game for {join_words([named(self._who(p)) for p in game.players])}."

    def _human_prompt(self) -> str:
        return f"{self._you()} turn: {self.game.step_text}."

    def _prompt(self) -> str:
        g = self.game
        if g.is_over:
            w = g.winner
            who = f"{subjects(list(w))} share the win" if isinstance(w, tuple) else act(w, "wins")
            return f"Game over: {who}. Click Play again, or change the settings below."
        return super()._prompt()


_MID = {"You": "you", "Your": "your", "The": "the"}


def _sentence(clauses: list[str]) -> str:
    """Clauses as one sentence (:func:`~furlib.core.words.sentences`), "You", "Your" and "The" in small letters
    in the middle of it ("You take the Red 7; your Blue 1 joins the Public Area.").

    >>> _sentence(["You trigger the Red 1 (Tiger): Tiger!", "Your Red 1 (Tiger) joins the Public Area"])
    'You trigger the Red 1 (Tiger): Tiger! Your Red 1 (Tiger) joins the Public Area.'
    >>> _sentence(["Ann takes the Red 7 (Lion) into their Personal Area", "Your Red 1 (Tiger) joins the Public Area"])
    'Ann takes the Red 7 (Lion) into their Personal Area; your Red 1 (Tiger) joins the Public Area.'
    """
    out: list[str] = []
    for c in (c.strip() for c in clauses):
        if not c:
            continue
        first, _, rest = c.partition(" ")
        if out and out[-1][-1] not in ".!?" and first in _MID:
            c = f"{_MID[first]} {rest}"
        out.append(c)
    return sentences(out)


def _deal_clause(run: list[Event]) -> str:
    """Cards dealt or drawn in a row as one clause: "Ann draws 3 cards", "You draw the Red 7 and the Blue 2"."""
    first = run[0]
    if len(run) == 1:
        return first.text
    if all("card" in e.data for e in run):
        return ev.dealt_text(first.player, [card_name(e.data["card"]) for e in run], first.data["to"])
    return ev.dealt_text(first.player, len(run), first.data["to"])
