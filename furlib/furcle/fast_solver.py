"""The 2-player optimal bot of :func:`~furlib.furcle.solver.solve`, vectorised for the fast simulator
(:func:`furlib.furcle.fast.simulate_games`): its choices and bank or roll, read from its value tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .fast_tables import BANK, FURCLE, ROLL, BoolArray, IntArray, TurnResults, _Dice

if TYPE_CHECKING:  # pragma: no cover
    from .solver import Solution


class _SolverTurns:
    """The solver's bot, vectorised: choices and bank/roll from its value tables."""

    def __init__(self, solution: Solution, dice: _Dice):
        self.sol, self.dice = solution, dice
        model = solution.model
        tables = solution.tables()
        self.pairs, self.lead = tables["pairs"], tables["leader"]
        self.D, self.target = len(solution.W) - 1, solution.target
        width = dice.width
        nch = max(o.shape[1] for o in model.opt_points)
        ns = len(model.states)
        self.P = np.zeros((ns, width, nch), np.int64)
        self.R = np.zeros((ns, width, nch), np.int64)
        self.F = np.zeros((ns, width, nch), np.int64)
        for i in range(ns):
            p, r, f = model.opt_points[i], model.opt_state[i], model.opt_beekin[i]
            pad = nch - p.shape[1]
            self.P[i, : len(p)] = np.pad(p, ((0, 0), (0, pad)), mode="edge")
            self.R[i, : len(p)] = np.pad(r, ((0, 0), (0, pad)), mode="edge")
            self.F[i, : len(p)] = np.pad(f, ((0, 0), (0, pad)), mode="edge")

    def bank(self, a: IntArray, b: IntArray, led: BoolArray, d: IntArray, t: IntArray) -> npt.NDArray[np.float64]:
        W, D, target = self.sol.W, self.D, self.target
        mine = a + t
        m = mine - b
        free = np.where(mine < target, 1.0 - self.sol.P[np.minimum(b, target - 1), np.minimum(mine, target - 1)],
                        np.where(m > D, 1.0, 1.0 - W[np.clip(m, 0, D)]))
        u = t - d
        chase = np.where(u <= 0, 0.0, np.where(u > D, 1.0, 1.0 - W[np.clip(u, 0, D)]))
        return np.where(led, chase, free)

    def roll(self, a: IntArray, b: IntArray, led: BoolArray, d: IntArray, t: IntArray,
             r: IntArray) -> npt.NDArray[np.float64]:
        D, T = self.D, self.pairs.shape[2]
        rr = np.maximum(r, 0)
        free = self.pairs[np.minimum(a, self.target - 1), np.minimum(b, self.target - 1),
                          np.minimum(t, T - 1), rr]
        free = np.where((t >= T) | np.isnan(free), -np.inf, free)
        u = t - d
        chase = np.where(u > D, -np.inf, self.lead[np.clip(u, -D, D) + D, rr])
        return np.where(led, chase, free)

    def decide(self, a: IntArray, b: IntArray, led: BoolArray, t: IntArray, state: IntArray,
               c: npt.NDArray[np.int32]) -> tuple[IntArray, IntArray, IntArray, IntArray]:
        """For lanes at turn score ``t`` (before the roll) that rolled class ``c`` from ``state``:
        (points, next state, beekin face, action) of the bot's play."""
        d = np.where(led, b - a, 0)
        z = np.where(led, 0.0, 1.0 - self.sol.P[np.minimum(b, self.target - 1), np.minimum(a, self.target - 1)])
        p, r, f = self.P[state, c], self.R[state, c], self.F[state, c]          # (lanes, choices)
        aa, bb, ll, dd = a[:, None], b[:, None], led[:, None], d[:, None]
        after = t[:, None] + p
        bank = self.bank(aa, bb, ll, dd, after)
        roll = self.roll(aa, bb, ll, dd, after, r)
        value = np.where(p == 0, z[:, None], np.maximum(bank, roll))
        j = value.argmax(axis=1)[:, None]            # the first best choice: no Beekin on a tie
        p, r, f, bank, roll = (np.take_along_axis(x, j, axis=1)[:, 0] for x in (p, r, f, bank, roll))
        hopeless = led & (t + p - d <= 0)            # banking cannot pass the Leader
        act = np.where(p == 0, FURCLE, np.where((bank >= roll) & ~hopeless, BANK, ROLL))
        return p, r, f, act

    def run(self, a: IntArray, b: IntArray, led: BoolArray, rng: np.random.Generator) -> TurnResults:
        """One turn for each game: (banked, rolls, furcled, beekin_used)."""
        model, dice = self.sol.model, self.dice
        n = len(a)
        out = np.zeros(n, np.int64), np.zeros(n, np.int32), np.zeros(n, bool), np.zeros(n, bool)
        pos, t = np.arange(n), np.zeros(n, np.int64)
        state, used, k = np.full(n, model.start, np.int64), np.zeros(n, bool), 0
        while pos.size:
            k += 1
            c = dice.lookup[state * dice.codes + rng.integers(0, dice.codes, size=pos.size)]
            p, r, f, act = self.decide(a[pos], b[pos], led[pos], t, state, c)
            used |= f > 0
            done = np.flatnonzero(act != ROLL)
            where = pos[done]
            out[1][where] = k
            out[2][where] = act[done] == FURCLE
            out[0][where] = np.where(act[done] == FURCLE, 0, t[done] + p[done])
            out[3][where] = used[done]
            go = np.flatnonzero(act == ROLL)
            pos, t, state, used = pos[go], t[go] + p[go], r[go], used[go]
        return out
