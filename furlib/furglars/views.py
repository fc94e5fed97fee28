"""What a Furglars game shows: dice in front of each player, Furgles and Locks on the cards, the pass pile."""

from __future__ import annotations

from ..core.engine.fixed import rule
from ..core.engine.table import Facts
from ..core.engine.view import View
from ..core.errors import excerpt
from .actions import BreakLock, StealFurgle
from .faces import KINDS
from .rules import FurglarsRules
from .state import FurglarsState

__all__ = ["FurglarsFacts", "FurglarsView", "HandsPosition"]

#: :attr:`FurglarsFacts.hands_position`: (seat, the other seats, hands left, scores, furgles, locks, target actions).
HandsPosition = tuple[int, tuple[int, ...], int, tuple[int, ...], tuple[int, ...], tuple[int, ...],
                      tuple[tuple[BreakLock, StealFurgle], ...]]


class FurglarsFacts(Facts[FurglarsState, FurglarsRules]):
    """The read-only properties of a game of The Furglars and of its views."""

    dice_per_player = rule("dice_per_player", "Dice each player starts with (fixed when the game is made).")
    faces = rule("faces", "The die's faces, as a tuple of kinds (fixed when the game is made).")
    target = rule("target", "Bullion Points that win (fixed when the game is made).")
    x_factor = rule("x_factor", "Whether the X Factor variant is played (fixed when the game is made).")
    chart = rule("chart", "The Bullion chart ``{number of Furgles: points}``, a ``ChartTable`` "
                 "(:mod:`furlib.furglars.faces`) fixed when the game is made.")

    def __repr__(self) -> str:
        if self.is_over:
            where = f"over, {self._over_text()}"
        else:
            where = f"turn {self.turn}, {self.current_player} to {'roll' if self.is_chance else 'play'}"
        scores = ", ".join(f"{p}: {v}" for p, v in self.scores.items())
        rules = self._rules
        return (f"<Furglars {list(self._players)!r} {rules.dice_per_player} dice each, target {rules.target}"
                f"{', x_factor' if rules.x_factor else ''}; {where}; scores {scores}>")

    @property
    def total_dice(self) -> int:
        """How many dice are in play (constant all game)."""
        return self._rules.total_dice

    @property
    def furgles(self) -> dict[str, int]:
        """Furgles on each player's card."""
        return dict(zip(self._players, self._state.furgles))

    @property
    def locks(self) -> dict[str, int]:
        """Locks on each player's card."""
        return dict(zip(self._players, self._state.locks))

    @property
    def dice_in_front(self) -> dict[str, int]:
        """Dice in front of each player, waiting to be rolled."""
        return dict(zip(self._players, self._state.front))

    @property
    def pass_pile(self) -> dict[str, int]:
        """The current player's pass pile: ``{"hand": n, "x": n, "lock": n}`` (broken Locks)."""
        return dict(self._state.pile)

    @property
    def hands_left(self) -> int:
        """Hands of this turn not used yet."""
        return self._state.unused

    @property
    def last_roll(self) -> tuple[str, ...]:
        """The faces of the last roll of this turn (empty before the first roll)."""
        return tuple(self._state.roll)

    @property
    def dice_to_roll(self) -> int:
        """How many dice the next roll uses (0 at a decision point)."""
        return self._state.front[self._state.current] if self.is_chance else 0

    @property
    def is_bonus_roll(self) -> bool:
        """True at the chance point of an X-factor bonus roll (the roll event says ``bonus`` too)."""
        return self._state.bonus

    @property
    def dice_locations(self) -> dict[str, int]:
        """Where every die is: in front of a player, on a card (Furgles, Locks) or in the pass pile.

        The counts always add up to :attr:`total_dice`.
        """
        s = self._state
        out: dict[str, int] = {}
        for i, p in enumerate(self._players):
            out[f"{p}: in front"] = s.front[i]
            out[f"{p}: Furgles on card"] = s.furgles[i]
            out[f"{p}: Locks on card"] = s.locks[i]
        out["pass pile"] = sum(s.pile.values())
        return out

    @property
    def dice_in_play(self) -> int:
        """The dice counted over every location (always :attr:`total_dice`)."""
        return sum(self.dice_locations.values())

    @property
    def seat_counts(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """``(scores, furgles, locks)``, each a tuple in seat order, for a script or a bot that reads the counts."""
        s = self._state
        return tuple(s.scores), tuple(s.furgles), tuple(s.locks)

    @property
    def hands_position(self) -> HandsPosition | None:
        """What a bot spending Hands reads, in one tuple: ``(seat, others, hands_left, scores, furgles, locks,
        target_actions)``: the current player's seat, the other seats in the order they play next (left first),
        the counts as tuples in seat order, and :attr:`target_actions`; None unless a Hand is to be used now (a
        chance point, the game over, or a view of a player who is not to move).

        >>> from furlib.furglars import Furglars, Roll
        >>> g = Furglars(["Ann", "Bob", "Cat"], seed=1).apply(Roll(("hand", "x", "x", "lock")))
        >>> g.hands_position is None       # Ann's only Hand could take nothing: Bob is to roll
        True
        >>> g.apply(Roll(("hand", "hand", "x", "x", "lock", "furgle", "furgle"))).hands_position[:6]
        (1, (2, 0), 2, (0, 0, 0), (0, 2, 0), (1, 1, 0))
        """
        s = self._state
        if s.phase != "hands":
            return None
        seat = s.current
        if self.is_view and self.viewer != self._players[seat]:
            return None
        return (seat, self._rules.others[seat], s.unused, tuple(s.scores), tuple(s.furgles), tuple(s.locks),
                self._rules.targets)

    @property
    def target_actions(self) -> tuple[tuple[BreakLock, StealFurgle], ...]:
        """For each seat, ``(BreakLock(player), StealFurgle(player))`` aimed at that player (made once)."""
        return self._rules.targets

    def next_player(self, player: str | None = None) -> str:
        """The player to the left of ``player`` (default: of the current player)."""
        i = self._state.current if player is None else self._index(player)
        return self._players[(i + 1) % len(self._players)]

    def _index(self, player: object) -> int:
        if player not in self._players:
            raise ValueError(f"there is no player {excerpt(player)}; players are {list(self._players)}")
        return self._players.index(player)


class FurglarsView(FurglarsFacts, View):
    """What a player (or a spectator) sees of a game of The Furglars."""

    GAME = "Furglars"
    EVENT_FIELDS = ("faces", "bonus", *KINDS, "dice", "furgles", "locks", "points", "target", "to")
    HISTORY_FIELDS = (*KINDS, "target", "points")
