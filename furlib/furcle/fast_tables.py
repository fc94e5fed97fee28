"""The fast simulator's tables (:mod:`furlib.furcle.fast`): a roll's outcome class, a turn policy compiled, and
the turns played from them.

Every roll is one random integer in ``[0, sides**k)``, the ``k`` faces written
in base ``sides``; the dice table maps it to its outcome class
(:mod:`furlib.furcle.exact`), and :func:`compile_policy` turns a policy into
the table of what the player does with that roll at that turn score.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.errors import excerpt
from .exact import MAX_EXACT_DICE, TransitionModel
from .turn import PerRules, _rescue_choice, _stop_rule, _tail_choice, bounds

__all__ = ["compile_policy", "TurnTable", "MAX_CODES", "MAX_DICE_CELLS", "MAX_TABLE_CELLS"]

FURCLE, BANK, ROLL = 0, 1, 2
#: The most different ordered rolls (``sides ** n_dice``) the simulator tabulates ...
MAX_CODES = 1 << 22
#: ... and the most cells of its dice tables (``sides ** n_dice`` times the turn's states and dice: at most about
#: 400 MB), checked before they are built.
MAX_DICE_CELLS = 1 << 26
#: The most cells of a compiled turn policy (turn scores up to its cap, times states, times outcome classes: 8 bytes
#: each, at most 128 MB), checked before it is built.
MAX_TABLE_CELLS = 1 << 24
#: How a compiled roll is packed in one int64: action (2 bits), Beekin used (1 bit), next state + 1 (``STATE_BITS``
#: bits: a turn of ``MAX_EXACT_DICE`` dice with the Beekin has 2 * (MAX_EXACT_DICE - 1) states), then the points.
STATE_BITS = max(2 * (MAX_EXACT_DICE - 1), 1).bit_length()
STATE_MASK = (1 << STATE_BITS) - 1
POINTS_SHIFT = 3 + STATE_BITS

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
#: Per turn: (banked points, rolls, furcled, Beekin used).
TurnResults = tuple[IntArray, npt.NDArray[np.int32], BoolArray, BoolArray]


# ----------------------------------------------------------------- dice -> class
@dataclass(frozen=True)
class _Dice:
    codes: int                 # sides ** n_dice
    lookup: npt.NDArray[np.int32]   # state * codes + code -> outcome class of the first k digits
    width: int                 # most classes of one state


def _build_dice(model: TransitionModel) -> _Dice:
    m, n = model.sides, model.n_dice
    codes = m ** n
    if codes > MAX_CODES:
        raise ValueError(f"the fast simulator rolls at most {MAX_CODES} different ordered rolls; "
                         f"{n} dice with {m} sides have {codes}")
    if codes * (len(model.states) + n) > MAX_DICE_CELLS:
        raise ValueError(f"the fast simulator's dice tables for {n} dice with {m} sides would have "
                         f"{codes * (len(model.states) + n):,} cells, more than {MAX_DICE_CELLS:,} (MAX_DICE_CELLS): "
                         "use fewer dice or sides")
    digits = (np.arange(codes)[:, None] // m ** np.arange(n - 1, -1, -1)[None, :]) % m + 1
    lookup = np.zeros((len(model.states), codes), np.int32)
    for i, (k, _) in enumerate(model.states):
        weights = (m + 1) ** np.arange(k)
        table = {int(np.dot(o.faces, weights)): c for c, o in enumerate(model.outcomes[i])}
        keys = np.sort(digits[:, :k], axis=1) @ weights
        uniq, inv = np.unique(keys, return_inverse=True)
        lookup[i] = np.array([table[int(u)] for u in uniq], np.int32)[inv]
    return _Dice(codes, lookup.ravel(), max(len(o) for o in model.outcomes))


#: The dice tables of the 8 rule sets last used.
_dice = PerRules(_build_dice, 8)


# ----------------------------------------------------------------- turn tables
@dataclass(frozen=True)
class TurnTable:
    """A turn policy compiled for simulation (see :func:`compile_policy`).

    ``code[(row * n_states + state) * width + class]`` packs what happens
    after that roll: ``action | beekin_used << 2 | (next_state + 1) << 3 |
    points << (3 + STATE_BITS)``; ``row`` is the turn score before the roll, capped at
    ``cap`` (one row serves every score from ``cap`` on).
    """

    model: TransitionModel
    cap: int
    code: IntArray


def compile_policy(policy: Any, model: TransitionModel) -> TurnTable:
    """Compile a turn policy (``SatisfiedAt``, ``OptimalTurnPolicy``, table) for ``model``."""
    bnd = bounds(model)
    stop, cap, tail_sure, chooser = _stop_rule(policy, model, bnd)
    choices = None if chooser is None else chooser.choices
    n, width = len(model.states), max(len(o) for o in model.outcomes)
    if (cap + 1) * n * width > MAX_TABLE_CELLS:
        raise ValueError(f"{excerpt(policy)} plays turn scores up to {cap} here: compiled for {n} states of "
                         f"{width} rolls that is {(cap + 1) * n * width:,} cells, more than {MAX_TABLE_CELLS:,} "
                         "(MAX_TABLE_CELLS); use a lower turn score, or fewer dice")
    code = np.zeros((cap + 1, n, width), np.int64)
    for i in range(n):
        nc = len(model.prob[i])
        rows = np.arange(nc)
        for t in range(cap + 1):
            if choices is not None:   # a chooser: the optimal turn policy
                j = choices[i][t] if t < cap else _tail_choice(model, bnd, i)
            else:
                j = _rescue_choice(model, i)
            p, r = model.opt_points[i][rows, j], model.opt_state[i][rows, j]
            used = model.opt_beekin[i][rows, j] > 0
            after = t + p
            inside = after < cap
            banks = np.where(inside, stop[np.minimum(after, cap - 1), np.maximum(r, 0)],
                             ~model.sure[np.maximum(r, 0)] if tail_sure else True)
            act = np.where(p == 0, FURCLE, np.where(banks, BANK, ROLL))
            code[t, i, :nc] = act | used.astype(np.int64) << 2 | (r + 1) << 3 | p << POINTS_SHIFT
    return TurnTable(model, cap, code.ravel())


def _run_turns(tab: TurnTable, dice: _Dice, n: int, rng: np.random.Generator) -> TurnResults:
    """Simulate ``n`` turns: (banked, rolls, furcled, beekin_used) arrays."""
    model = tab.model
    ns, width = len(model.states), dice.width
    banked = np.zeros(n, np.int64)
    rolls = np.zeros(n, np.int32)
    furcled = np.zeros(n, bool)
    used_out = np.zeros(n, bool)
    pos = np.arange(n)
    t = np.zeros(n, np.int64)
    state = np.full(n, model.start, np.int64)
    used = np.zeros(n, bool)
    k = 0
    while pos.size:
        k += 1
        c = dice.lookup[state * dice.codes + rng.integers(0, dice.codes, size=pos.size)]
        row = np.minimum(t, tab.cap)
        packed = tab.code[(row * ns + state) * width + c]
        act = packed & 3
        used |= (packed & 4).astype(bool)
        points = packed >> POINTS_SHIFT
        done = np.flatnonzero(act != ROLL)
        if done.size:
            where = pos[done]
            rolls[where] = k
            fur = act[done] == FURCLE
            furcled[where] = fur
            banked[where] = np.where(fur, 0, t[done] + points[done])
            used_out[where] = used[done]
            go = np.flatnonzero(act == ROLL)
            pos, t, state, used = pos[go], t[go] + points[go], ((packed[go] >> 3) & STATE_MASK) - 1, used[go]
        else:
            t += points
            state = ((packed >> 3) & STATE_MASK) - 1
    return banked, rolls, furcled, used_out
