"""Exact distribution of the points banked in one turn of Oh Furcle!, under a turn policy.

:func:`~furlib.furcle.turn.turn_value` gives the *mean* points of a turn;
this module gives the whole distribution: the chance of banking 0 points (a
Furcle), 2, 3, ... points. It pushes probability forward through the turn's
roll model (:mod:`furlib.furcle.exact`): the mass at each pre-roll state
``(turn score t, dice, Beekin in hand)`` spreads over the outcome classes of
the roll; each class, with the choice the policy takes, either Furcles (0
points banked), banks ``t + p`` or carries the mass to the next pre-roll
state ``(t + p, ...)``. Turn scores only grow, so one pass over ``t`` from 0
upwards is exact. The optimal policy keeps rolling from *sure* states (no
Furcle possible) at any turn score; that tail shrinks geometrically and is
followed until less than ``1e-15`` of the mass is left in it (that last
mass is banked as it stands, so the probabilities still add up to 1).

Examples
--------
>>> from furlib.furcle.bots import SatisfiedAt
>>> d = turn_distribution(SatisfiedAt(1), n_dice=2, beekin=False)
>>> {k: round(v, 6) for k, v in d.items()}          # one roll of 2 dice: a pair or a Furcle
{0: 0.833333, 1: 0.027778, 2: 0.027778, 3: 0.027778, 4: 0.027778, 5: 0.027778, 6: 0.027778}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.errors import check_bool
from .exact import transition_model
from .turn import _rescue_choice, _stop_rule, _tail_choice, bounds

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["turn_distribution", "turn_distribution_frame"]

#: Mass still rolling below which the forward pass stops (it is banked as it stands).
TAIL_MASS = 1e-15


def _banked_array(policy: Any, n_dice: int, sides: int, bonus: Mapping[int, int] | None,
                  beekin: bool) -> np.ndarray:
    """``out[s]`` = chance of banking exactly ``s`` points (``out[0]``: a Furcle or nothing)."""
    beekin = check_bool("beekin", beekin)
    model = transition_model(n_dice, sides=sides, bonus=bonus, beekin=beekin)
    bnd = bounds(model)
    stop, cap, tail_sure, chooser = _stop_rule(policy, model, bnd)
    choices = None if chooser is None else chooser.choices
    n = len(model.states)
    rows = [np.arange(len(model.prob[i])) for i in range(n)]
    rescue = [_rescue_choice(model, i) for i in range(n)]
    tail = [_tail_choice(model, bnd, i) for i in range(n)] if chooser is not None else rescue
    size = cap + 2 * model.max_points + 2
    mass = np.zeros((size, n))           # pre-roll mass at (turn score, state)
    out = np.zeros(size)
    mass[0, model.start] = 1.0
    t = 0
    while True:
        if t >= cap and mass[t:].sum() < TAIL_MASS:
            for s in range(t, mass.shape[0]):           # what is left (< 1e-15) banks as it stands
                out[s] += mass[s].sum()
            break
        if t + model.max_points + 1 >= mass.shape[0]:
            mass = np.vstack([mass, np.zeros_like(mass)])
            out = np.concatenate([out, np.zeros_like(out)])
        for i in np.flatnonzero(mass[t] > 0):
            if choices is not None:   # a chooser: the optimal turn policy
                j = choices[i][t] if t < cap else tail[i]
            else:
                j = rescue[i]
            p, r = model.opt_points[i][rows[i], j], model.opt_state[i][rows[i], j]
            w = mass[t, i] * model.prob[i]
            furcle = r < 0
            out[0] += w[furcle].sum()
            after, nxt, w = t + p[~furcle], r[~furcle], w[~furcle]
            inside = after < cap
            bank = np.empty(len(after), bool)
            bank[inside] = stop[after[inside], nxt[inside]]
            bank[~inside] = ~model.sure[nxt[~inside]] if tail_sure else True
            np.add.at(out, after[bank], w[bank])
            np.add.at(mass, (after[~bank], nxt[~bank]), w[~bank])
        t += 1
    last = np.flatnonzero(out > 0).max()
    return out[: last + 1]


def turn_distribution(policy: Any, *, n_dice: int = 5, sides: int = 6,
                      bonus: Mapping[int, int] | None = None, beekin: bool = True) -> dict[int, float]:
    """Exact chance of each number of points banked in one turn played by ``policy``.

    Parameters
    ----------
    policy : SatisfiedAt, OptimalTurnPolicy, dict or DataFrame
        Any policy :func:`~furlib.furcle.turn.turn_value` accepts, played the
        same way (the Beekin as ``SatisfiedAt`` uses it, or the optimal
        policy's own choices).
    n_dice, sides, bonus, beekin
        The game's rules (as in :class:`~furlib.furcle.Furcle`).

    Returns
    -------
    dict
        ``{points: probability}`` for every total with a chance above 0,
        sorted by points; ``0`` is a turn that ended in a Furcle. The
        probabilities add up to 1 and their mean is ``turn_value(policy)``.

    Raises
    ------
    ValueError
        For a policy or rules that ``turn_value`` refuses.

    Examples
    --------
    >>> from furlib.furcle.bots import SatisfiedAt
    >>> from furlib.furcle.turn import turn_value
    >>> d = turn_distribution(SatisfiedAt(20))
    >>> round(sum(d.values()), 12), round(sum(k * p for k, p in d.items()), 3)
    (1.0, 3.317)
    """
    arr = _banked_array(policy, n_dice, sides, bonus, beekin)
    return {int(s): float(arr[s]) for s in np.flatnonzero(arr > 0)}


def turn_distribution_frame(policy: Any, *, n_dice: int = 5, sides: int = 6,
                            bonus: Mapping[int, int] | None = None, beekin: bool = True) -> pd.DataFrame:
    """:func:`turn_distribution` as a table: ``points``, ``probability``, ``at_least``.

    ``at_least`` is the chance of banking at least that many points.

    >>> from furlib.furcle.bots import SatisfiedAt
    >>> df = turn_distribution_frame(SatisfiedAt(1), n_dice=2, beekin=False)
    >>> df.points.tolist()[:3], round(float(df.at_least.iloc[1]), 6)
    ([0, 1, 2], 0.166667)
    """
    import pandas as pd

    d = turn_distribution(policy, n_dice=n_dice, sides=sides, bonus=bonus, beekin=beekin)
    probs = np.array(list(d.values()))
    return pd.DataFrame({"points": list(d), "probability": probs,
                         "at_least": np.cumsum(probs[::-1])[::-1]})
