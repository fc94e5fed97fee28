"""What a game of Oh Furcle! shows, to the game itself and to a view: the dice, the turn score, the Leader."""

from __future__ import annotations

from collections import Counter

from ..core.engine.fixed import rule
from ..core.engine.table import Facts
from ..core.engine.view import View
from ..core.errors import check_int
from .actions import Beekin
from .rules import FurcleRules
from .state import FurcleState

__all__ = ["FurcleFacts", "FurcleView"]


class FurcleFacts(Facts[FurcleState, FurcleRules]):
    """The read-only properties of a game of Oh Furcle! and of its views."""

    target = rule("target", "Track score that makes a player the Leader, or None (fixed when the game is made).")
    n_dice = rule("n_dice", "Dice rolled at the start of each turn (fixed when the game is made).")
    sides = rule("sides", "Faces per die, numbered 1 to ``sides`` (fixed when the game is made).")
    beekin = rule("beekin", "Whether the once-a-turn Beekin may be used (fixed when the game is made).")
    bonus = rule("bonus", "The bonus table ``{group size: bonus points}``, a ``BonusTable`` "
                 "(:mod:`furlib.furcle.scoring`) fixed when the game is made (the scores of rolls are worked "
                 "out for it).")

    @property
    def leader(self) -> str | None:
        """The Leader, or None while nobody has reached the target."""
        i = self._state.leader
        return None if i is None else self.players[i]

    @property
    def dice(self) -> tuple[int, ...]:
        """The faces of the last roll of this turn (empty before the first roll)."""
        return self._state.dice

    @property
    def dice_to_roll(self) -> int:
        """How many dice the next roll of this turn uses."""
        return self._state.to_roll

    @property
    def roll_points(self) -> int:
        """Points of the roll on the table (0 before a roll, or for a Furcle)."""
        return self._state.points

    @property
    def turn_score(self) -> int:
        """Points at stake this turn: earlier rolls plus the roll on the table."""
        return self._state.turn_score + self._state.points

    @property
    def beekin_available(self) -> bool:
        """True while the current player may still say Beekin this turn."""
        return self.beekin and not self._state.beekin_used and not self.is_over

    def beekin_points(self, die: int) -> int:
        """Points the roll on the table would score with ``die`` raised by 1 (a Beekin on it; 0: a Furcle).

        A question only: it does not ask whether a Beekin is still allowed (see :attr:`beekin_available`).

        >>> from furlib import Furcle
        >>> g = Furcle(seed=1).roll(2, 2, 4, 5, 6)
        >>> g.roll_points, g.beekin_points(2), g.beekin_points(0)   # 4 -> 5 makes a pair of 5s; 2 -> 3 breaks the 2s
        (2, 7, 0)
        """
        dice = self._state.dice
        if self._state.phase != "decide":
            raise ValueError("there is no roll on the table: beekin_points() asks about the dice just rolled")
        die = check_int("die", die, low=0, high=len(dice) - 1)
        if dice[die] >= self.sides:
            raise ValueError(f"die {die} shows {dice[die]}, the top face: it cannot be raised (Beekin raises "
                             f"a die showing 1 to {self.sides - 1})")
        return self._rules.score(dice[:die] + (dice[die] + 1,) + dice[die + 1:])[0]

    @property
    def beekin_options(self) -> list[tuple[int, Beekin]]:
        """Every Beekin legal now, with the points the roll would then score: ``[(points, Beekin(die)), ...]``.

        Empty when no Beekin may be said (none left this turn, switched off, no roll on the table, or every
        die shows the top face). Worked out once per roll of faces.

        >>> from furlib import Furcle
        >>> Furcle(seed=1).roll(2, 2, 4, 5, 6).beekin_options
        [(0, Beekin(die=0)), (0, Beekin(die=1)), (7, Beekin(die=2)), (8, Beekin(die=3))]
        """
        return list(self._rules.beekins(self._state)[0])

    @property
    def best_beekin(self) -> tuple[int, Beekin] | None:
        """The Beekin legal now that scores most, with those points (the first such): ``(points, Beekin(die))``.

        None when no Beekin may be said (see :attr:`beekin_options`, whose largest it is). Worked out once per
        roll of faces.

        >>> from furlib import Furcle
        >>> Furcle(seed=1).roll(2, 2, 4, 5, 6).best_beekin
        (8, Beekin(die=3))
        """
        return self._rules.beekins(self._state)[1]

    @property
    def beekin_die(self) -> int | None:
        """Position of the die raised by this turn's Beekin in the roll on the table."""
        return self._state.beekin_die

    @property
    def scoring_mask(self) -> tuple[bool, ...]:
        """For each die on the table, whether it is in a scoring group."""
        counts = Counter(self._state.dice)
        return tuple(counts[f] >= 2 for f in self._state.dice)


class FurcleView(FurcleFacts, View):
    """What a player (or a spectator) sees of a game of Oh Furcle!."""

    GAME = "Furcle"
    EVENT_FIELDS = ("faces", "points", "turn_score")
