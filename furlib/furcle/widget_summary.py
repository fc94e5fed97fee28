"""The sentence Oh Furcle!'s app writes for each player's turn, in the app's language.

:class:`_FurcleSummary` is the part of :class:`furlib.furcle.widget.FurcleApp`
that overrides the frame's :meth:`~furlib.core.app.app_words._AppWords._summary`
(a mixin, as the core's :class:`~furlib.core.app.app_chart._LiveChart`): the
rolls, Beekins, banked points and Furcles of a turn as one sentence, from the
app's words (:mod:`furlib.furcle.widget_words`). This module imports no widget
library.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.engine.game import Event
from . import events as ev
from .actions import AcceptFurcle
from .widget_words import FurcleAppWords

__all__: list[str] = []


class _FurcleSummary:
    """The turn sentences of a :class:`~furlib.furcle.widget.FurcleApp` (see the module docstring)."""

    # what the sentences read of the app (set by FurcleApp and GameApp)
    game: Any
    furcle_words: FurcleAppWords
    _who: Callable[[str], str]

    def _summary(self, events: list[Event]) -> str:
        """One sentence for one player's turn (or the part of it in ``events``), in order."""
        name, w = events[0].player, self.furcle_words
        who = w.who(self._who(name))
        parts: list[str] = []
        faces: tuple[int, ...] = ()
        for e in events:
            pts = e.data.get("points", 0)
            worth = w.worth(pts)
            if e.kind == ev.ROLL:
                faces = tuple(e.data["faces"])
                parts.append(w.rolled(name, faces, worth, then=bool(parts)))
            elif e.kind == ev.BEEKIN:
                if not faces:  # the roll came before these events: a Beekin follows its roll at once
                    faces = next((tuple(x.data["faces"]) for x in self.game.events
                                  if x.kind == ev.ROLL and x.step == e.step - 1), ())
                raised = [(a, b) for a, b in zip(faces, e.data["faces"]) if a != b]
                parts.append(w.said_beekin(name, raised[0] if raised else None, worth))
                faces = tuple(e.data["faces"])
            elif e.kind == ev.SATISFIED:
                parts.append(w.banked(name, pts, e.scores[self.game.players.index(name)]))
            elif e.kind == ev.FURCLE:
                lost = e.data["lost"]  # the turn score the Furcle lost (the rules record it)
                if isinstance(self.game.actions[e.step - 1], AcceptFurcle):
                    parts.append(w.accepted(name, lost))
                else:
                    parts += [w.oh_furcle, w.lost(name, lost)]
            elif e.kind == ev.LEADER:
                parts.append(w.became_leader(name))
            elif e.kind == ev.WIN:
                parts.append(w.wins(name))
        return self._clauses(who, parts or [w.played(name)])

    def _clauses(self, who: str, parts: list[str]) -> str:
        """The clauses of a turn as one sentence; a clause after "Oh Furcle!" starts with the player again."""
        out: list[str] = []
        for p in parts:
            if not out or out[-1].endswith("!"):
                p = f"{who} {p}" if p != self.furcle_words.oh_furcle else p
            out.append(p)
        return self.furcle_words.clauses(out)
