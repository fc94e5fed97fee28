"""What a game of Thieves shows, to the game itself and to a view: the thieves, the gold, the keys, the stake."""

from __future__ import annotations

from ..core.engine.fixed import rule
from ..core.engine.table import Facts
from ..core.engine.view import View
from .board import check_cell
from .moves import Pos
from .rules import ThievesRules
from .state import ThievesState

__all__ = ["ThievesFacts", "ThievesView"]


class ThievesFacts(Facts[ThievesState, ThievesRules]):
    """The read-only properties of a game of Thieves and of its views."""

    board = rule("board", "The labyrinth (:class:`~furlib.thieves.board.Board`), fixed when the game is made.")
    dice = rule("dice", "The six faces of each key die, as colours (fixed when the game is made).")
    doubling = rule("doubling", "Whether the doubling variant is played (fixed when the game is made).")
    max_turns = rule("max_turns", "Turns after which the game ends undecided, or None (fixed when the game "
                     "is made).")
    time_limit = rule("time_limit", "Seconds to decide each move in the app, or None (fixed when the game "
                      "is made).")

    @property
    def thieves(self) -> dict[str, list[tuple[int, int]]]:
        """Each gang's thieves' squares, thieves 1 to 4 in order."""
        cells = [(r, c) for r, c in self._state.thieves]
        return {self.players[0]: cells[:4], self.players[1]: cells[4:]}

    @property
    def carrier(self) -> tuple[str, int] | None:
        """``(player, thief number)`` of the thief carrying the gold, or None while it lies on the central square."""
        c = self._state.carrier
        return None if c is None else (self.players[c // 4], c % 4 + 1)

    @property
    def keys(self) -> list[str]:
        """The keys of this turn's roll not used yet (empty before the roll)."""
        return list(self._state.keys)

    @property
    def roll(self) -> list[str]:
        """This turn's roll (empty before it); after the turn, the last roll is in the history."""
        return list(self._state.roll)

    @property
    def stake(self) -> int:
        """The stake (1, doubled at each accepted offer)."""
        return self._state.stake

    @property
    def phase(self) -> str:
        """What happens next: "offer" (to double or not), "answer" (the offer), "roll", "keys" (use them) or "over"."""
        return self._state.phase

    @property
    def escaped(self) -> bool:
        """True once a thief has escaped with the gold (the game is then over)."""
        return self._state.escaped

    @property
    def uses(self) -> tuple[tuple[str, int, tuple[int, int], tuple[int, int]], ...]:
        """This turn's key uses so far: ``(kind, thief 0-7, from, to)``, kind "move", "pass", "steal" or "take"."""
        return tuple((k, t, tuple(a), tuple(b)) for k, t, a, b in self._state.uses)

    @property
    def last_uses(self) -> tuple[tuple[str, int, tuple[int, int], tuple[int, int]], ...]:
        """The key uses of the last finished turn, as :attr:`uses` (empty before the first)."""
        return tuple((k, t, tuple(a), tuple(b)) for k, t, a, b in self._state.last_uses)

    def position(self) -> Pos:
        """The position as :mod:`furlib.thieves.moves` reads it (an immutable record, made once per state)."""
        return self._cached("position", lambda: self._rules.position(self._state))  # type: ignore[no-any-return]  # the memo holds Any

    def thief_at(self, cell: tuple[int, int]) -> tuple[str, int] | None:
        """``(player, thief number)`` of the thief on ``cell`` (a square ``(row, col)`` of the map), or None.

        >>> from furlib import Thieves
        >>> Thieves().thief_at((1, 5)), Thieves().thief_at((1, 1))
        (('Pale', 1), None)

        Raises
        ------
        ValueError
            If ``cell`` is not a square of the map (naming it and the map's rows and columns).
        """
        r, c = check_cell(self.board, "cell", cell)
        for t, (tr, tc) in enumerate(self._state.thieves):
            if tr == r and tc == c:
                return self.players[t // 4], t % 4 + 1
        return None


class ThievesView(ThievesFacts, View):
    """What a player (or a spectator) sees of a game of Thieves."""

    GAME = "Thieves"
    EVENT_FIELDS = ("keys", "thief", "key", "src", "dst", "stake")
