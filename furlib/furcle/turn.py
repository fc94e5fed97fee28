"""Exact expected points of one turn of Oh Furcle!, and the turn that maximises them.

A turn is a Markov decision process. Before a roll the state is ``(t, k, b)``:
turn score so far ``t``, dice to roll ``k``, Beekin still available ``b``.
After seeing the roll the player makes a *choice* (no Beekin, or a Beekin on
one face; see :mod:`furlib.furcle.exact`) worth ``p`` points that leads to
``(k', b')``, or to a Furcle; then, at the *decision state* ``(t + p, k', b')``,
banks ``t + p`` or rolls again. With ``D`` the value of a decision state and
``R`` the value of rolling::

    R(t, k, b) = sum over outcomes o of P(o) * max over choices c of D(t + p_c, k_c, b_c)
    D(t, k, b) = max(t, R(t, k, b))          (a Furcle choice is worth 0)

A turn score can grow without limit, so the recursion needs a bound. Two
facts give it (``bounds`` returns the numbers):

* A state is *sure* when no roll from it can Furcle (with the printed rules:
  4 or 5 dice with the Beekin). There rolling always wins: it adds at least
  1 point and banking stays possible.
* From a *risky* state, every roll Furcles with probability at least ``q``
  whatever the player does (``q = 5/54`` for 5 dice without Beekin), and all
  the points the rest of the turn can still earn have expectation at most
  ``G`` (the value of "never bank", a finite 8-state problem). Rolling at turn
  score ``S`` is then worth at most ``(1 - q) S + G``, less than banking ``S``
  as soon as ``S > G / q``.

So beyond ``S* = max over risky states of floor(G / q) + 1`` (``S* = 93`` for
the printed rules) the best play is known: bank in risky states, roll in sure
ones, and the values there are ``S`` or ``S + c`` with ``c`` from a small linear
fixed point. The DP of :func:`optimal_turn_policy` runs on ``0 <= t < S*`` and
uses those tail values.

The parts live in their own modules, and every name is importable from here:
the bound (:mod:`~furlib.furcle.turn_bounds`: :func:`bounds`, :class:`TurnBounds`),
the best turn (:mod:`~furlib.furcle.turn_policy`: :func:`optimal_turn_policy`,
:class:`OptimalTurnPolicy`), and here the value of a turn played by a given
policy, :func:`turn_value` (its whole distribution:
:mod:`~furlib.furcle.turn_distribution`).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import islice
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.errors import check_bool, check_int, excerpt
from .exact import MAX_EXACT_DICE, TransitionModel, transition_model
from .rules import MAX_TARGET

# The bound and the best turn live in their own modules; every name is importable from here too, as it always was.
from .turn_bounds import PerRules as PerRules
from .turn_bounds import TurnBounds, _tail_dec, bounds
from .turn_bounds import _kept_bounds as _kept_bounds
from .turn_bounds import _tail_choice as _tail_choice
from .turn_policy import MAX_DP_CELLS, MAX_TURN_SCORE, OptimalTurnPolicy, optimal_turn_policy

__all__ = ["turn_value", "optimal_turn_policy", "OptimalTurnPolicy", "TurnBounds", "bounds", "MAX_TABLE_ENTRIES",
           "MAX_TURN_SCORE", "MAX_DP_CELLS"]


#: The most decisions a policy table (dict or DataFrame) may hold, checked before it is read: a table covering
#: every turn score up to ``MAX_TARGET`` (a bot's largest turn score) for every state has about 40,000.
MAX_TABLE_ENTRIES = 100_000


# ------------------------------------------------------------ evaluation
def _stop_rule(policy: Any, model: TransitionModel,
               bnd: TurnBounds) -> tuple[npt.NDArray[np.bool_], int, bool, OptimalTurnPolicy | None]:
    """(stop[t, i] for t < cap, cap, tail_rolls_sure, choice or None) for a supported policy."""
    from .bots import SatisfiedAt

    n = len(model.states)
    if isinstance(policy, OptimalTurnPolicy):
        m = policy.model
        if (m.n_dice, m.sides, m.bonus, m.beekin) != (model.n_dice, model.sides, model.bonus, model.beekin):
            raise ValueError(f"{excerpt(policy)} was built for other rules (n_dice={m.n_dice}, sides={m.sides}, "
                             f"bonus={m.bonus}, beekin={m.beekin})")
        cap = policy.s_star
        stop = np.arange(cap)[:, None] >= policy.roll_values[:cap]
        return stop, cap, True, policy
    if isinstance(policy, SatisfiedAt):
        cap = policy.points
        return np.zeros((cap, n), bool), cap, False, None
    table = _table_from(policy)
    bad = sorted({k for _, k, _ in table if not 2 <= k <= model.n_dice})
    if bad:
        raise ValueError(f"policy table dice must be between 2 and {model.n_dice} (dice to roll next), "
                         f"got {bad}")
    cap = max(t for t, _, _ in table) + 1
    stop = np.zeros((cap, n), bool)
    missing = []
    for t in range(1, cap):
        for i, (k, b) in enumerate(model.states):
            key = (t, k, b) if (t, k, b) in table else (t, k, None)
            if key not in table:
                missing.append((t, k, b))
            else:
                stop[t, i] = table[key]
    if missing:
        raise ValueError(f"the policy table has no decision for {len(missing)} states (turn_score, dice, "
                         f"beekin), e.g. {missing[:3]}; give every turn score from 1 to {cap - 1}")
    return stop, cap, False, None


def _table_from(policy: Any) -> dict[tuple[int, int, bool | None], bool]:
    """{(turn_score, dice, beekin or None): bank?} from a dict or DataFrame."""
    import pandas as pd

    accepted = ("a SatisfiedAt bot, an OptimalTurnPolicy, a dict {(turn_score, dice[, beekin]): "
                "'bank' or 'roll'} or a DataFrame with columns turn_score, dice, [beekin,] action")
    items: dict[tuple[object, object, object], object] = {}
    if isinstance(policy, pd.DataFrame):
        need = {"turn_score", "dice", "action"}
        if not need <= set(policy.columns):
            raise ValueError(f"a policy table needs columns {sorted(need)} (and optionally 'beekin'), "
                             f"got {excerpt(list(policy.columns))}")
        if len(policy) > MAX_TABLE_ENTRIES:
            raise ValueError(f"a policy table holds at most {MAX_TABLE_ENTRIES:,} decisions (MAX_TABLE_ENTRIES), "
                             f"got {len(policy):,} rows")
        cols = ["turn_score", "dice", "beekin", "action"] if "beekin" in policy.columns else \
            ["turn_score", "dice", "action"]
        for row in policy[cols].itertuples(index=False):
            key = (row[0], row[1], row[2]) if len(row) == 4 else (row[0], row[1], None)
            items[key] = row[-1]
    elif isinstance(policy, Mapping):
        entries = list(islice(policy.items(), MAX_TABLE_ENTRIES + 1))   # read no further than the limit
        if len(entries) > MAX_TABLE_ENTRIES:
            raise ValueError(f"a policy table holds at most {MAX_TABLE_ENTRIES:,} decisions (MAX_TABLE_ENTRIES), "
                             "got more")
        for key, act in entries:
            if not isinstance(key, tuple) or len(key) not in (2, 3):
                raise ValueError(f"policy table keys must be (turn_score, dice) or (turn_score, dice, beekin), "
                                 f"got {excerpt(key)}")
            items[(key[0], key[1], key[2] if len(key) == 3 else None)] = act
    else:
        raise ValueError(f"a turn policy must be {accepted}; got {excerpt(policy)} (bots that look at the scores "
                         "need the step API)")
    table: dict[tuple[int, int, bool | None], bool] = {}
    for (t0, k0, b0), act in items.items():
        t = check_int("turn_score", t0, low=0, high=MAX_TARGET)
        k = check_int("dice", k0, low=1, high=MAX_EXACT_DICE)
        if b0 is not None and not isinstance(b0, (bool, np.bool_)):
            raise ValueError(f"a policy table's beekin must be True or False, got {excerpt(b0)} for state "
                             f"{excerpt((t, k))}")
        b = None if b0 is None else bool(b0)
        if not isinstance(act, str) or act not in ("bank", "roll"):
            raise ValueError(f"policy actions must be 'bank' or 'roll', got {excerpt(act)} for state {(t, k, b)}")
        table[(t, k, b)] = act == "bank"
    if not table:
        raise ValueError("the policy table is empty")
    return table


def turn_value(policy: Any, *, n_dice: int = 5, sides: int = 6, bonus: Mapping[int, int] | None = None,
               beekin: bool = True) -> float:
    """Exact expected banked points of one turn played by ``policy``.

    Parameters
    ----------
    policy : SatisfiedAt, OptimalTurnPolicy, dict or DataFrame
        ``SatisfiedAt(k)`` plays exactly as the bot does (bank once the turn
        score reaches ``k``; Beekin only to escape a Furcle, with the rescue
        worth most points). A table maps ``(turn_score, dice, beekin)`` (or
        ``(turn_score, dice)``) decision states to ``"bank"`` or ``"roll"``;
        it must cover every turn score from 1 to its largest, scores above
        are banked, and the Beekin is used as ``SatisfiedAt`` uses it. A
        table holds at most ``MAX_TABLE_ENTRIES`` (100,000) decisions, turn
        scores 0 to ``MAX_TARGET`` (1000, a bot's largest) and dice 1 to ``MAX_EXACT_DICE``.
    n_dice, sides, bonus, beekin
        The game's rules.

    Returns
    -------
    float

    Examples
    --------
    >>> round(turn_value({(t, 2): "bank" for t in range(1, 30)}, n_dice=2, beekin=False) * 12, 9)
    7.0
    >>> from furlib.furcle.bots import SatisfiedAt
    >>> round(turn_value(SatisfiedAt(20)), 4), round(turn_value(optimal_turn_policy()), 4)
    (3.317, 14.4964)
    """
    beekin = check_bool("beekin", beekin)
    model = transition_model(n_dice, sides=sides, bonus=bonus, beekin=beekin)
    bnd = bounds(model)
    stop, cap, tail_sure, chooser = _stop_rule(policy, model, bnd)
    n = len(model.states)
    top = cap + model.max_points + 1
    dec = np.zeros((top, n + 1))
    t_tail = np.arange(cap, top, dtype=float)
    dec[cap:, :n] = _tail_dec(model, bnd, t_tail) if tail_sure else t_tail[:, None]
    rescue = [_rescue_choice(model, i) for i in range(n)]
    rows = [np.arange(len(model.prob[i])) for i in range(n)]
    choices = None if chooser is None else chooser.choices
    for t in range(cap - 1, -1, -1):
        roll = np.zeros(n)
        for i in range(n):
            j = choices[i][t] if choices is not None else rescue[i]
            p, r = model.opt_points[i][rows[i], j], model.opt_state[i][rows[i], j]
            roll[i] = model.prob[i] @ dec[t + p, r]
        dec[t, :n] = np.where(stop[t], t, roll)
        if t == 0:
            return float(roll[model.start])
    raise AssertionError("unreachable")  # pragma: no cover


def _rescue_choice(model: TransitionModel, i: int) -> npt.NDArray[np.intp]:
    """SatisfiedAt's Beekin: none on a scoring roll, else the rescue with the most points."""
    pts = model.opt_points[i]
    plain = pts[:, 0] > 0
    best = pts.argmax(axis=1)         # first maximum; rescue points are all different anyway
    return np.where(plain, 0, best)
