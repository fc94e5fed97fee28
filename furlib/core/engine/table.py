"""What a game and a player's view of it both show: who plays, whose turn it is, the scores, the winner.

:class:`Table` is the base of :class:`~furlib.core.engine.game.Game` (the match) and of
:class:`~furlib.core.engine.view.View` (what one player may see): the properties every game shows, read
from the state each holds (a view's with the others' secrets taken out). Each game's own properties (the
dice, a hand, the thieves) are a mixin of this class that both its game and its view inherit, so a bot or a
renderer given a view reads it as it would read the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .events import Event

__all__ = ["Table"]


class Table:
    """The read-only properties a game and its views share (see the module docstring)."""

    __slots__ = ()
    # what each reads: the game's or the view's
    _state: Any
    _rules: Any
    _players: tuple[str, ...]

    #: True for a player's view (:class:`~furlib.core.engine.view.View`), False for the game itself.
    is_view: bool = False

    if TYPE_CHECKING:  # pragma: no cover - the game's and the view's own
        viewer: str | None
        reveal: bool

        @property
        def players(self) -> tuple[str, ...]: ...
        @property
        def is_chance(self) -> bool: ...
        @property
        def n_steps(self) -> int: ...
        @property
        def events(self) -> list[Event]: ...
        @property
        def params(self) -> dict[str, Any]: ...
        def legal_actions(self) -> list[object]: ...
        def log(self, last: int | None = None, *, viewer: str | None = None,
                language: str | None = None) -> str: ...
        def events_for(self, viewer: str | None = None, *, reveal: bool | None = None) -> list[Event]: ...
        def _seat(self, player: str | None) -> int | None: ...
        def _cached(self, key: str, make: Any) -> Any: ...

    @property
    def current_player(self) -> str | None:
        """Who moves now (or whose dice are rolled); None once the game is over."""
        state = self._state
        return None if state.phase == "over" else self._players[state.current]

    @property
    def scores(self) -> dict[str, int]:
        """Each player's score, by name (empty for a game without scores)."""
        s = getattr(self._state, "scores", None)
        return {} if s is None else dict(zip(self._players, s))

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return bool(self._state.phase == "over")

    @property
    def winner(self) -> str | tuple[str, ...] | None:
        """The winner's name, a tuple of names for a shared win, or None (playing, or no winner)."""
        w = self._state.winner
        if w is None:
            return None
        if isinstance(w, list):
            return tuple(self._players[i] for i in w)
        seat: int = w
        return self._players[seat]

    @property
    def turn(self) -> int:
        """The number of the current turn, counting from 1."""
        return int(self._state.turn)

    def _over_text(self) -> str:
        w = self.winner
        if isinstance(w, tuple):
            return "shared win: " + ", ".join(w)
        return "nobody won" if w is None else f"{w} won"
