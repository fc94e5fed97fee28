"""The exact chance that the first player wins a 2-player game of Oh Furcle! between two copies of one bot.

:func:`furlib.furcle.solver.solve` gives the first player's chance when both
play their best, adapting every choice to the scores. The lessons' sweeps
play simpler bots, such as ``SatisfiedAt(20)``, whose turns do not depend on
the scores at all: each turn banks points with the chances of
:func:`furlib.furcle.turn_distribution.turn_distribution`, whatever the
game looks like. For such a bot the game is a race of independent turns, and
:func:`first_seat_win` computes its first player's chance exactly (to
rounding), Leader rule included:

* **no Leader yet** (both totals below the target): with ``P(a, b)`` the
  chance that the player about to roll, with total ``a`` against ``b``,
  wins, ``P(a, b) = f(0) (1 - P(b, a)) + sum over T >= 1 of f(T) (1 - next)``,
  where ``next`` is ``P(b, a + T)`` below the target and ``W(a + T - b)`` once
  the turn makes the player the Leader;
* **a Leader**: only the deficit ``d`` of the player about to roll matters: the
  turn must bank more than ``d`` points, or the Leader wins at the start of
  their turn, so ``W(d) = sum over T > d of f(T) (1 - W(T - d))`` (a linear
  system, solved at once).

``P(a, b)`` needs ``P`` at higher totals (a turn that scores adds points) and
``P(b, a)`` (a Furcle hands the turn over with nothing changed): the two are
solved together, level by level from the target down.

numpy only.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from ..core.errors import check_int, excerpt

__all__ = ["first_seat_win", "MAX_RACE_TARGET", "MAX_TURN_POINTS"]

#: The largest target :func:`first_seat_win` takes (it works through ``target ** 2`` pairs of totals).
MAX_RACE_TARGET = 200
#: The most points one turn may bank in the chances given.
MAX_TURN_POINTS = 1000


def _chances(turn_chances: Mapping[int, float]) -> npt.NDArray[np.float64]:
    """The chances as an array ``f[points]``, checked: whole points from 0 to MAX_TURN_POINTS, chances adding up to 1,
    and some chance to score."""
    if not isinstance(turn_chances, Mapping) or not turn_chances:
        raise ValueError(f"turn_chances must be a dict {{points: chance}} such as turn_distribution() gives, "
                         f"got {excerpt(turn_chances)}")
    if len(turn_chances) > MAX_TURN_POINTS + 1:
        raise ValueError(f"turn_chances holds {len(turn_chances):,} entries; points go from 0 to {MAX_TURN_POINTS} "
                         f"(MAX_TURN_POINTS)")
    f = np.zeros(MAX_TURN_POINTS + 1)
    for points, chance in turn_chances.items():
        points = check_int("a turn's points", points, low=0, high=MAX_TURN_POINTS)
        if isinstance(chance, bool) or not isinstance(chance, (int, float, np.integer, np.floating)) \
                or not 0 <= float(chance) <= 1:
            raise ValueError(f"the chance of {points} points must be a number from 0 to 1, got {excerpt(chance)}")
        f[points] = float(chance)
    if abs(f.sum() - 1) > 1e-9:
        raise ValueError(f"the chances must add up to 1, got {f.sum():.12g}")
    if f[0] >= 1:
        raise ValueError("a turn must score with some chance: with {0: 1} nobody ever wins")
    return f[: int(np.flatnonzero(f).max()) + 1]


def _leader_phase(f: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """W[d]: the chance that the player about to roll, ``d`` points behind the Leader, wins (0 past the last turn)."""
    m = len(f) - 1                                   # the largest turn: W(d) = 0 for d >= m
    if m == 0:
        return np.zeros(1)
    a = np.zeros((m, m))
    c = np.zeros(m)
    for d in range(m):
        turns = np.arange(d + 1, m + 1)              # the turns that pass the Leader
        c[d] = f[turns].sum()
        ahead = turns - d                            # the new lead, 1 to m - d
        inside = ahead < m
        np.add.at(a[d], ahead[inside], f[turns[inside]])
    solved: npt.NDArray[np.float64] = np.linalg.solve(np.eye(m) + a, c).astype(np.float64)
    return solved


def first_seat_win(turn_chances: Mapping[int, float], *, target: int) -> float:
    """The chance that the first player wins when both players' turns bank points with these chances.

    Parameters
    ----------
    turn_chances : dict
        ``{points: chance}`` of one turn (0: a Furcle), as
        :func:`~furlib.furcle.turn_distribution.turn_distribution` gives for a
        bot whose turns do not depend on the scores (``SatisfiedAt(k)``).
        Points are whole numbers from 0 to :data:`MAX_TURN_POINTS`; the chances
        add up to 1, and the chance of 0 is below 1.
    target : int
        The game's target (1 to :data:`MAX_RACE_TARGET`).

    Returns
    -------
    float

    Examples
    --------
    A turn scores 1 point or nothing, each half the time, and the target is 1:
    the first player to score becomes the Leader and the other cannot pass,
    so the first player wins with ``P = 1/2 + 1/2 (1 - P)``, that is 2/3.

    >>> round(first_seat_win({0: 0.5, 1: 0.5}, target=1), 12)
    0.666666666667
    >>> from furlib.furcle.bots import SatisfiedAt
    >>> from furlib.furcle.turn_distribution import turn_distribution
    >>> round(first_seat_win(turn_distribution(SatisfiedAt(20)), target=50), 4)
    0.5151
    """
    target = check_int("target", target, low=1, high=MAX_RACE_TARGET)
    f = _chances(turn_chances)
    m = len(f) - 1
    lead = np.zeros(m + target + 1)                  # W(d) for every deficit a turn can leave
    w = _leader_phase(f)
    lead[: len(w)] = w
    scores = np.flatnonzero(f[1:]) + 1               # the turns that bank points
    chance = f[scores]
    f0 = f[0]
    p = np.zeros((target, target))

    def rest(x: npt.NDArray[np.intp], y: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
        """The part of P(x, y) from turns that bank points, for pairs of totals (x, y) of one level."""
        new = x[:, None] + scores[None, :]
        below = new < target
        nxt = np.where(below, p[y[:, None], np.minimum(new, target - 1)],
                       lead[np.maximum(new - y[:, None], 0)])
        out: npt.NDArray[np.float64] = (1 - nxt) @ chance
        return out

    for level in range(2 * target - 2, -1, -1):      # a + b from the highest down; a level's pairs at once
        a = np.arange(max(0, level - target + 1), level // 2 + 1)
        b = level - a
        rab, rba = rest(a, b), rest(b, a)
        pab = (f0 - f0 * f0 - f0 * rba + rab) / (1 - f0 * f0)
        p[b, a] = f0 * (1 - pab) + rba
        p[a, b] = pab                                # last: on the diagonal (a == b) both are this value
    return float(p[0, 0])
