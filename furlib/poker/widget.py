"""The Furry Poker app: play against bots in a notebook (imports ipywidgets; ``import furlib`` never does).

Built on :class:`furlib.core.widgets.GameApp`: one button per legal action
(the card to play, then A or B, then each choice the effect needs), bots in
the other seats, the history slider and the settings panel. Furry Poker adds:

* the view is the person's own (their hand, their face-down cards), never
  the others' secrets, and the status lines are the events they may see;
* a "Reveal all cards" switch (the teacher's), which shows every card;
* draws are dealt by themselves (nobody clicks to draw a card);
* at the end, each player's score breakdown (in the view).

>>> from furlib import FurryPoker
>>> app = PokerApp(FurryPoker(["You", "Bob"], seed=1))
>>> app.game.current_player, [b.description for b in app.action_buttons][:1]
('You', ['Play the Green 6 (Rabbit)'])
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..core.events import Event, visible
from ..core.game import Game
from ..core.widgets import GameApp
from .rules import FurryPoker

__all__ = ["PokerApp"]


class PokerApp(GameApp):
    """An ipywidgets app for :class:`~furlib.poker.FurryPoker` (``game.widget()`` returns its ``box``).

    Parameters are those of :class:`~furlib.core.widgets.GameApp`. The
    person at the screen is the first seat not played by a bot.
    """

    GAME = FurryPoker
    VIEW_LAYOUT = {"flex": "1 1 640px", "max_width": "860px"}

    def _build_controls(self) -> list[widgets.Widget]:
        rows = super()._build_controls()
        self.reveal = widgets.Checkbox(value=False, description="Reveal all cards (teacher)", indent=False,
                                       tooltip="Show every hand, face-down card and draw")
        self.reveal.add_class("furlib-reveal")
        self.reveal.observe(lambda _: self._guard(self._refresh), "value")
        return rows + [self.reveal]

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
            g.step(None if g.is_chance else self.bots[g.current_player])
            moves += 1

    def _shows_all(self) -> bool:
        return bool(getattr(self, "reveal", None) and self.reveal.value) or self.human is None

    def _view_html(self, view: Game) -> str:
        if self._shows_all():
            view.reveal = True
            return view.html(None)
        return view.html(self.human)

    def _summary(self, events: list[Event]) -> str:
        if not self._shows_all():
            seat = self.game.players.index(self.human)
            events = [e for e in events if visible(e, seat)]
        # a secret told to its owner replaces its public twin ("You draw a card" / "You draw the Red 7")
        events = [e for i, e in enumerate(events) if not (
            e.visible_to is None and i + 1 < len(events) and events[i + 1].visible_to is not None
            and events[i + 1].step == e.step and events[i + 1].kind == e.kind)]
        if not events:
            return ""
        who = events[0].player
        head = f"{self._who(who)}: " if who else ""
        return head + "; ".join(e.text for e in events) + "."

    def _turn_lines(self, events: list[Event]) -> list[str]:
        """As the frame's, but a line per run of one player's events, so the table's events (the cards shown,
        the deck shuffled) keep their own lines."""
        runs: list[list[Event]] = []
        for e in events:
            if runs and (runs[-1][0].turn, runs[-1][0].player) == (e.turn, e.player):
                runs[-1].append(e)
            else:
                runs.append([e])
        return [t for t in (self._summary(r) for r in runs) if t]

    def _figure(self, now: int | None = None) -> Any:
        return None           # the scores are known only at the end: the view's table shows them

    def _human_prompt(self) -> str:
        return f"{self._you()} turn: {self.game.step_text}."
