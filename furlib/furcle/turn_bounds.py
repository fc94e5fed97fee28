"""The bound on a turn's score in Oh Furcle!: ``G``, the sure states' tail values and ``S*`` (:func:`bounds`).

Why the bound holds is written out in :mod:`furlib.furcle.turn`. This module
works the numbers out from a roll model (:mod:`furlib.furcle.exact`), keeps
them per rule set (:class:`PerRules`, which the fast simulator's tables use
too) and gives the values and choices beyond ``S*`` that the turn's dynamic
programs start from.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np
import numpy.typing as npt

from ..core.errors import excerpt
from .exact import TransitionModel

__all__ = ["TurnBounds", "bounds", "PerRules", "RulesKey"]


@dataclass(frozen=True)
class TurnBounds:
    """The numbers behind the turn-score bound (see :mod:`furlib.furcle.turn`).

    ``gross[i]``: most expected points still to come from state ``i`` (never
    banking); ``tail[i]``: value above the turn score of a sure state played
    "roll while sure, else bank"; ``s_star``: from this turn score on,
    banking beats rolling in every risky state. Kept per rule set and shared
    (:func:`bounds`), so both arrays are read-only.
    """

    gross: npt.NDArray[np.float64]
    tail: npt.NDArray[np.float64]
    s_star: int


_Scalar = TypeVar("_Scalar", bound=np.generic)


def _read_only(a: npt.NDArray[_Scalar]) -> npt.NDArray[_Scalar]:
    """A view of ``a`` that cannot be written to."""
    v = a.view()
    v.flags.writeable = False
    return v


def _fixed_point(model: TransitionModel, keep: npt.NDArray[np.bool_], what: str) -> npt.NDArray[np.float64]:
    """x[i] = sum_o P(o) max_c (p_c + keep[r_c] x[r_c]) by value iteration (x = 0 off ``keep``)."""
    x = np.zeros(len(model.states) + 1)           # last entry: the Furcle (0)
    mask = np.append(keep, False)
    for _ in range(100_000):
        new = np.zeros_like(x)
        for i in range(len(model.states)):
            if keep[i]:
                r = model.opt_state[i]
                vals = model.opt_points[i] + np.where(mask[r], x[r], 0.0)
                vals = np.where(r < 0, 0.0, vals)
                new[i] = model.prob[i] @ vals.max(axis=1)
        if np.max(np.abs(new - x)) < 1e-13 * max(1.0, np.max(np.abs(new))):
            return new[:-1]
        if np.max(new) > 1e12:
            break
        x = new
    raise ValueError(f"the {what} of a turn does not converge with these rules: a turn could go on forever")


#: What :class:`PerRules` keeps a table by: the rules of a roll model, ``(n_dice, sides, sorted bonus items, beekin)``.
RulesKey = tuple[int, int, tuple[tuple[int, int], ...], bool]
_Table = TypeVar("_Table")


class PerRules(Generic[_Table]):
    """A table worked out from a roll model once per rule set: ``tables = PerRules(make, kept)``, then
    ``tables(model)`` is ``make(model)``, kept for the ``kept`` rule sets last used (the least recently used is
    dropped first, so a sweep over many bonus tables does not keep them all)."""

    def __init__(self, make: Callable[[TransitionModel], _Table], kept: int) -> None:
        self._make, self.kept = make, kept
        self._tables: OrderedDict[RulesKey, _Table] = OrderedDict()

    def __call__(self, model: TransitionModel) -> _Table:
        key = (model.n_dice, model.sides, tuple(sorted(model.bonus.items())), model.beekin)
        got = self._tables.get(key)
        if got is None:
            got = self._tables[key] = self._make(model)
            while len(self._tables) > self.kept:
                self._tables.popitem(last=False)
        else:
            self._tables.move_to_end(key)
        return got

    def __len__(self) -> int:
        return len(self._tables)

    def rule_sets(self) -> list[RulesKey]:
        """The rule sets kept, the least recently used first."""
        return list(self._tables)

    def clear(self) -> None:
        """Forget every table."""
        self._tables.clear()


def bounds(model: TransitionModel) -> TurnBounds:
    """Compute ``G``, the sure-state tail values ``c`` and ``S*`` for a roll model (kept for the 16 rule sets
    last used); a ValueError names a ``model`` that is not a ``TransitionModel``."""
    if not isinstance(model, TransitionModel):
        raise ValueError(f"bounds() takes a roll model (a TransitionModel, from transition_model(...)), got "
                         f"{excerpt(model)}")
    return _kept_bounds(model)


def _bounds(model: TransitionModel) -> TurnBounds:
    n = len(model.states)
    gross = _fixed_point(model, np.ones(n, bool), "expected points (never banking)")
    tail = _fixed_point(model, model.sure, "expected points (rolling while sure)")
    tail = np.where(model.sure, tail, 0.0)
    risky = ~model.sure
    s_star = max([int(np.floor(gross[i] / model.furcle[i])) + 1 for i in np.flatnonzero(risky)], default=1)
    return TurnBounds(_read_only(gross), _read_only(tail), s_star)


_kept_bounds = PerRules(_bounds, 16)


def _tail_dec(model: TransitionModel, bnd: TurnBounds, t: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Decision values D(t, r) for t >= S*: t in risky states, t + c in sure ones."""
    return t[:, None] + bnd.tail[None, :]


def _tail_choice(model: TransitionModel, bnd: TurnBounds, i: int) -> npt.NDArray[np.intp]:
    c = np.append(bnd.tail, 0.0)
    vals = np.where(model.opt_state[i] < 0, -np.inf, model.opt_points[i] + c[model.opt_state[i]])
    best: npt.NDArray[np.intp] = vals.argmax(axis=1)
    return best
