"""What a game shows: views of one player, the events each player may see, the log, history and HTML.

A game with hidden information (``HIDDEN_INFO = True``) shows each player
only what they may see: :meth:`_Views.view` is a game object of the same
class with the others' secrets removed, which can show but not play, and
the events say who may see them (:func:`furlib.core.events.visible`). In a
game without hidden information a view is the whole state. The HTML and the
app come from the registry (:mod:`furlib.core.registry`); pandas is imported
only by the history.

:class:`_Views` is a mixin of :class:`furlib.core.game.Game`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import check_bool, check_int
from .events import Event, visible
from .undo import _copy
from .errors import excerpt

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from .game import Game


class _Views:
    """What a :class:`~furlib.core.game.Game` shows, and to whom (a mixin)."""

    @property
    def reveal(self) -> bool:
        """The teacher's switch of a game with hidden information: show every
        secret in the repr, the log and the history (off by default; always
        on in a game without secrets). True or False, nothing else."""
        return self._show_all

    @reveal.setter
    def reveal(self, value: bool) -> None:
        self._show_all = check_bool("reveal", value)

    def view(self, player: str | None = None) -> "Game":
        """What ``player`` may see of the game now (None: a spectator), as a game object that only shows.

        The view has the game's parameters, the state with every secret of
        the others removed (not hidden: absent), the events that player may
        see, and ``legal_actions()`` if it is that player's move. It has no
        seed, no random generator and no actions, so nothing in it can
        reveal a secret; it cannot be played. In a game without hidden
        information it is the whole state.

        Raises
        ------
        ValueError
            If ``player`` is not one of the players.
        """
        seat = self._seat(player)
        v = self._bare()
        v._seed = None                  # a view has no seed (set past the fixed parameter)
        v.viewer, v.is_view = player, True
        v.reveal = not self.HIDDEN_INFO
        v._state = self._redact(_copy(self._state), seat) if self.HIDDEN_INFO else _copy(self._state)
        v._rng = None
        v._events = [e for e in self._events if visible(e, seat, not self.HIDDEN_INFO)]
        v._actions, v._checkpoints = [], []
        v._base = self.n_steps
        return v

    def _seat(self, player: str | None) -> int | None:
        if player is None:
            return None
        if player not in self._players:
            raise ValueError(f"unknown player {excerpt(player)}; players are {list(self._players)} "
                             "(or None for a spectator)")
        return self._players.index(player)

    def _perspective(self, viewer: str | None, reveal: bool | None = None) -> "Game":
        """The game as ``viewer`` sees it: itself if it shows everything to everyone.

        ``reveal=True`` (a spectator only): everything, whatever ``self.reveal``
        says, as a snapshot that shares the state and never changes the game.
        """
        if self._reveals(viewer, reveal):
            if self.reveal:
                return self
            shown = self._bare()        # read-only: shares the state and events, which drawing never changes
            for key in ("_state", "_events", "_actions", "_checkpoints", "_base"):
                setattr(shown, key, getattr(self, key))
            shown._rng = None
            shown._show_all = True
            return shown
        if self.is_view:
            return self
        return self.view(viewer)

    def _reveals(self, viewer: str | None, reveal: bool | None) -> bool:
        """Whether to show everything: ``reveal`` if given (True only for a spectator of a whole game), else the switch."""
        if reveal is None:
            return viewer is None and self.reveal and not self.is_view
        reveal = check_bool("reveal", reveal)
        if reveal and viewer is not None:
            raise ValueError(f"reveal=True shows everything, to nobody in particular: pass viewer=None, "
                             f"not {excerpt(viewer)} (a player's view never shows another player's secrets)")
        if reveal and self.is_view and not self.reveal:
            raise ValueError("a view cannot reveal what it does not hold: ask the game itself, "
                             "e.g. game.html(reveal=True)")
        return reveal

    # -------------------------------------------------------------- history
    @property
    def events(self) -> list[Event]:
        """Every event so far, oldest first (secret ones too: see :meth:`events_for`)."""
        return list(self._events)

    def events_for(self, viewer: str | None = None, *, reveal: bool | None = None) -> list[Event]:
        """The events ``viewer`` may see (None: the spectator, or everything once ``reveal`` is on).

        A view shows its own events (``viewer`` is then None or the view's player).
        ``reveal=True`` gives every event and ``reveal=False`` only the public
        ones (a spectator's), whatever the game's own :attr:`reveal` says,
        without changing it (None, the default: as the game's switch says).

        Raises
        ------
        ValueError
            If ``viewer`` is not a player, or ``reveal=True`` is asked with a
            ``viewer`` or of a view.
        """
        if reveal is not None:
            if self._reveals(viewer, reveal):
                return list(self._events)
            if viewer is None and not self.is_view:
                return [e for e in self._events if visible(e, None)]
        if self.is_view:
            if viewer is not None and viewer != self.viewer:
                raise ValueError(f"this view shows what {self.viewer or 'a spectator'} sees; "
                                 f"ask the game itself for {viewer}'s events")
            return list(self._events)
        if viewer is None and self.reveal:
            return list(self._events)
        seat = self._seat(viewer)
        return [e for e in self._events if visible(e, seat)]

    @property
    def history(self) -> "pd.DataFrame":
        """One row per event: step, turn, player, event, text, each player's score, details.

        In a game with hidden information: the events a spectator sees (every
        event once ``reveal`` is on); see :meth:`history_for`.
        """
        return self.history_for(None)

    def history_for(self, viewer: str | None = None) -> "pd.DataFrame":
        """The history as ``viewer`` may see it."""
        from .history import history_frame

        fields = self.EVENT_FIELDS if self.HISTORY_FIELDS is None else self.HISTORY_FIELDS
        return history_frame(self.events_for(viewer), self._players, bool(self.scores), fields)

    def log(self, last: int | None = None, *, viewer: str | None = None) -> str:
        """The event log as text, one line per event (the last ``last`` only if given).

        ``viewer`` shows the log as that player may see it (None: the spectator,
        or everything once ``reveal`` is on).

        Raises
        ------
        ValueError
            If ``last`` is not a whole number >= 0 or ``viewer`` is not a player.
        """
        events = self.events_for(viewer)
        if last is not None:
            last = check_int("last", last, low=0)
            events = events[len(events) - last:] if last else []
        return "\n".join(str(e) for e in events)

    # ------------------------------------------------------------ display
    def __repr__(self) -> str:
        params = ", ".join(f"{k}={v!r}" for k, v in self._params().items() if k != "players")
        scores = ", ".join(f"{p}: {s}" for p, s in self.scores.items())
        if self.is_over:
            where = f"over, {self._over_text()}"
        else:
            where = f"turn {self.turn}, {self.current_player} to {self.CHANCE_VERB if self.is_chance else 'play'}"
        whose = "" if not self.is_view else f" as {self.viewer} sees it" if self.viewer else " as a spectator sees it"
        tail = f"; scores {scores}" if scores else ""
        return f"<{type(self).__name__}{whose} {list(self._players)!r} {params}; {where}{tail}>"

    def html(self, viewer: str | None = None, *, reveal: bool | None = None) -> str:
        """The game drawn as HTML, as ``viewer`` may see it (None: the spectator, or all once ``reveal`` is on).

        ``reveal=True`` draws everything (every hand, every face-down card)
        and ``reveal=False`` what a spectator sees, whatever the game's own
        :attr:`reveal` says, and without changing it: a teacher's "show all"
        that leaves the game, its log and history as they were.

        Raises
        ------
        ValueError
            If ``viewer`` is not a player, or ``reveal=True`` is asked with a
            ``viewer`` or of a view.
        """
        from .registry import get

        return get(self).renderer()(self._perspective(viewer, reveal))

    def _repr_html_(self) -> str:
        return self.html(self.viewer if self.is_view else None)

    def widget(self, **kwargs: Any):
        """An ipywidgets app to play this game against bots (the game's app in the registry, or the core's frame)."""
        from .registry import get

        app = get(self).app_class()
        if app is None:   # every game plays in the core frame: one button per legal action
            from .widgets import GameApp as app
        return app(self, **kwargs).box

