"""Bots for Oh Furcle!: callable policies ``bot(game) -> action`` with readable reprs."""

from __future__ import annotations

from ..core.engine.policy import RandomBot
from ..core.errors import check_int
from .actions import AcceptFurcle, Roll, Satisfied
from .game import Furcle
from .rules import MAX_DICE, MAX_TARGET

__all__ = ["RandomBot", "SatisfiedAt", "BeekinSmart", "default_bot", "MAX_BOT_POINTS"]

#: The largest turn score a bot waits for (``SatisfiedAt(k)``, ``BeekinSmart(points=...)``) and the largest gain it
#: asks of a Beekin (``min_gain``): the largest target, ``MAX_TARGET`` (1000), as a turn banking that much reaches any
#: target. It also bounds the tables the exact analysis builds for a bot (one row per turn score below ``k``).
MAX_BOT_POINTS = MAX_TARGET


_ROLL, _SATISFIED, _ACCEPT = Roll(), Satisfied(), AcceptFurcle()

class SatisfiedAt:
    """Be Satisfied once the turn score reaches ``points`` (1 to ``MAX_BOT_POINTS``, 1000); Beekin only to escape
    a Furcle.

    >>> SatisfiedAt(20)
    SatisfiedAt(20)
    """

    def __init__(self, points: int = 20):
        self.points = check_int("points", points, low=1, high=MAX_BOT_POINTS)

    def __repr__(self) -> str:
        return f"SatisfiedAt({self.points})"

    def __call__(self, game: Furcle) -> object:
        if game.roll_points == 0:  # a Furcle on the table, rescued by the Beekin that scores most (the first such)
            best = game.best_beekin
            return best[1] if best is not None and best[0] > 0 else _ACCEPT
        if game.turn_score >= self.points:
            return _SATISFIED
        return _ROLL


class BeekinSmart:
    """A heuristic that spends its Beekin well.

    * Bank when the turn score reaches ``points``, or when the next roll would
      use ``min_dice`` dice or fewer and no Beekin is left to rescue it (a
      Furcle is then very likely), or when banking makes it the Leader.
    * Beekin to escape a Furcle (best rescue), or, while the turn score is
      already worth banking, to turn a roll into a bigger group (e.g.
      4,5,5 -> 5,5,5) when that gains at least ``min_gain`` points.

    ``points`` and ``min_gain`` are 1 to ``MAX_BOT_POINTS`` (1000), ``min_dice`` 0 to ``MAX_DICE`` (10).

    >>> BeekinSmart(min_dice=11)
    Traceback (most recent call last):
    ...
    ValueError: min_dice must be between 0 and 10, got 11
    """

    def __init__(self, points: int = 25, min_dice: int = 2, min_gain: int = 8):
        self.points = check_int("points", points, low=1, high=MAX_BOT_POINTS)
        self.min_dice = check_int("min_dice", min_dice, low=0, high=MAX_DICE)
        self.min_gain = check_int("min_gain", min_gain, low=1, high=MAX_BOT_POINTS)

    def __repr__(self) -> str:
        return f"BeekinSmart(points={self.points}, min_dice={self.min_dice}, min_gain={self.min_gain})"

    def __call__(self, game: Furcle) -> object:
        best = game.best_beekin   # the Beekin that scores most (the first such), if one may be said
        now = game.roll_points
        if now == 0:              # a Furcle on the table: the best rescue, if any
            return best[1] if best is not None and best[0] > 0 else _ACCEPT
        if best is not None and best[0] - now >= self.min_gain:
            return best[1]
        me: str = game.current_player  # type: ignore[assignment]  # a bot is asked only while someone plays
        total = game.scores[me] + game.turn_score
        lead = game.leader
        lead_total = game.scores[lead] if lead is not None else -1
        if game.target is not None and total >= game.target and total > lead_total:
            return _SATISFIED
        if game.turn_score >= self.points:
            return _SATISFIED
        if game.dice_to_roll <= self.min_dice and not game.beekin_available:
            return _SATISFIED
        return _ROLL


def default_bot() -> BeekinSmart:
    """The bot used when no policy is given: ``BeekinSmart()``."""
    return BeekinSmart()
