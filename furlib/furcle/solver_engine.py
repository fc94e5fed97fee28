"""The numerical engine of :func:`furlib.furcle.solver.solve` (value iteration).

The recursion it solves, the bounds on the scores and the order of the sweeps
are written out in :mod:`furlib.furcle.solver`; this module holds the array
code: one turn's expectimax over all (my score, opponent score) pairs at
once, the Leader phase (values by deficit) and the no-Leader phase (values
by score pair, level by level).
"""

from __future__ import annotations

from typing import Literal, overload

import numpy as np
import numpy.typing as npt

from .exact import TransitionModel

#: Values and probabilities; scores, rows and offsets.
FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


class _Engine:
    """The roll model flattened for sweeps over many lanes (one lane = one game state).

    Values live in arrays ``(lanes, rows * S)``: row ``t`` (a turn score or a
    surplus), column ``S * t + r`` for decision state ``r`` (``r = S - 1``: a
    Furcle). ``step`` gathers every choice of every outcome class at once.
    """

    def __init__(self, model: TransitionModel, prune: bool):
        n = len(model.states)
        self.n, self.S, self.start, self.pmax = n, n + 1, model.start, model.max_points
        singles: dict[tuple[int, int, int], float] = {}
        multi: dict[tuple[int, tuple[tuple[int, int], ...]], float] = {}
        for i in range(n):
            for c, w in enumerate(model.prob[i]):
                opts = sorted({(int(p), int(r) if r >= 0 else n)
                               for p, r in zip(model.opt_points[i][c], model.opt_state[i][c])})
                if prune:
                    opts = _undominated(opts, model)
                if len(opts) == 1:
                    key = (i, *opts[0])
                    singles[key] = singles.get(key, 0.0) + w
                else:
                    multi[(i, tuple(opts))] = multi.get((i, tuple(opts)), 0.0) + w
        S = self.S
        self.off1 = np.array([p * S + r for _, p, r in singles], np.int64)
        self.w1 = np.zeros((len(singles), n))
        for j, (key, w) in enumerate(singles.items()):
            self.w1[j, key[0]] = w
        width = max((len(o) for _, o in multi), default=1)
        self.off2 = np.zeros((width, len(multi)), np.int64)      # choice slot, class
        self.w2 = np.zeros((len(multi), n))
        for j, ((i, kept), w) in enumerate(multi.items()):
            padded = list(kept) + [kept[0]] * (width - len(kept))
            self.off2[:, j] = [p * S + r for p, r in padded]
            self.w2[j, i] = w
        self._lanes = 0

    def _buffers(self, lanes: int) -> None:
        # Preallocated: fresh 100 kB+ temporaries cost a page fault storm on every step.
        if lanes > self._lanes:
            self._lanes = lanes
            self._g1 = np.empty((lanes, len(self.off1)))
            self._g2 = np.empty((lanes,) + self.off2.shape)
            self._gb = np.empty((lanes,) + self.off2.shape)
            self._best = np.empty((lanes, self.off2.shape[1]))
            self._pick = np.empty((lanes, self.off2.shape[1]))
            self._mask = np.empty((lanes, self.off2.shape[1]), bool)

    def step(self, dec: FloatArray, row: int, na: int,
             decb: FloatArray | None = None) -> tuple[FloatArray, FloatArray | None]:
        """Q (lanes, states) at one turn score for the first ``na`` lanes, and dQ/dz if ``decb``."""
        self._buffers(na)
        idx1, idx2 = row + self.off1, row + self.off2
        g1 = np.take(dec[:na], idx1, axis=1, out=self._g1[:na], mode="clip")
        g2 = np.take(dec[:na], idx2, axis=1, out=self._g2[:na], mode="clip")
        best = np.max(g2, axis=1, out=self._best[:na])
        q = g1 @ self.w1 + best @ self.w2
        if decb is None:
            return q, None
        gb = np.take(decb[:na], idx2, axis=1, out=self._gb[:na], mode="clip")
        pick, mask = self._pick[:na], self._mask[:na]
        pick[...] = gb[:, -1]
        for w in range(gb.shape[1] - 2, -1, -1):          # the first best choice wins ties
            np.equal(g2[:, w], best, out=mask)
            np.copyto(pick, gb[:, w], where=mask)
        g1b = np.take(decb[:na], idx1, axis=1, out=self._g1[:na], mode="clip")
        return q, g1b @ self.w1 + pick @ self.w2


def _undominated(opts: list[tuple[int, int]], model: TransitionModel) -> list[tuple[int, int]]:
    """Drop choices that cannot be best when values grow with points and with the Beekin."""
    n = len(model.states)
    keep = []
    for p, r in opts:
        beaten = False
        for p2, r2 in opts:
            if (p2, r2) == (p, r) or r2 == n:
                continue
            if r == n:
                beaten = True
                break
            (k, e), (k2, e2) = model.states[r], model.states[r2]
            if k == k2 and e2 >= e and p2 >= p:
                beaten = True
                break
        if not beaten:
            keep.append((p, r))
    return keep


def _monotone(dec: FloatArray, model: TransitionModel, floor: FloatArray, eps: float) -> bool:
    """Values (lanes, rows, S) grow with the row, with the Beekin, and beat the Furcle ``floor``."""
    v = dec[:, 1:, :-1]
    if np.any(np.diff(v, axis=1) < -eps) or np.any(v < floor[:, None, None] - eps):
        return False
    for i, (k, e) in enumerate(model.states):
        if e and np.any(v[:, :, i] < v[:, :, model.state_index[(k, False)]] - eps):
            return False
    return True


def _reach(engine: _Engine, eps: float, limit: int = 5000) -> int:
    """Smallest deficit D with R(D) <= eps, R(d) = best chance that one turn banks more than d."""
    S, size = engine.S, limit + engine.pmax + 2
    dec = np.zeros((1, size, S))
    dec[0, limit + 1:, :-1] = 1.0                         # surplus > 0: a pass, banked
    flat = dec.reshape(1, size * S)
    for idx in range(limit, -1, -1):
        q, _ = engine.step(flat, idx * S, 1)
        dec[0, idx, :-1] = q[0]
        if q[0, engine.start] <= eps:
            return limit - idx
    raise ValueError(f"a turn can bank more than {limit} points with probability above {eps}: "
                     "these rules are too generous to solve")


def _leader_sweep(engine: _Engine, W: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray]:
    """One sweep of the Leader phase: (new W, pre-roll values G (2D+1, n), values (1, rows, S))."""
    S, n, D = engine.S, engine.n, len(W) - 1
    size = 2 * D + engine.pmax + 2
    u = np.arange(size) - D
    bank = np.zeros(size)
    inside = (u >= 1) & (u <= D)
    bank[inside] = 1.0 - W[u[inside]]
    bank[u > D] = 1.0
    dec = np.zeros((1, size, S))
    dec[0, :, :-1] = bank[:, None]
    pre = np.zeros((2 * D + 1, n))
    flat = dec.reshape(1, size * S)
    for idx in range(2 * D, -1, -1):
        q, _ = engine.step(flat, idx * S, 1)
        pre[idx] = q[0]
        dec[0, idx, :-1] = np.maximum(bank[idx], q[0])
    return pre[D::-1, engine.start].copy(), pre, dec


def _leader_phase(engine: _Engine, full: _Engine, model: TransitionModel, D: int,
                  eps: float) -> tuple[FloatArray, int]:
    """W(0..D) by value iteration; solved again with every choice if monotonicity fails."""
    W, sweeps = np.zeros(D + 1), 0
    for eng in (engine, full):
        for _ in range(10_000):
            new, _, dec = _leader_sweep(eng, W)
            sweeps += 1
            change, W = np.max(np.abs(new - W)), new
            if change <= eps:
                break
        else:  # pragma: no cover
            raise RuntimeError("the Leader phase did not converge")
        if eng is full or _monotone(dec, model, np.zeros(1), 1e-12):
            return W, sweeps
    raise AssertionError("unreachable")  # pragma: no cover


def _bank_values(a: IntArray, b: IntArray, t: IntArray, P: FloatArray, W: FloatArray, target: int) -> FloatArray:
    """B(t) (lanes, rows) for lanes (a, b): 1 - P(b, a + t) below the target, 1 - W(a + t - b) from it."""
    mine = a[:, None] + t[None, :]
    m = mine - b[:, None]
    D = len(W) - 1
    below = mine < target
    out = np.where(m > D, 1.0, 1.0 - W[np.clip(m, 0, D)])
    out[below] = 1.0 - P[np.broadcast_to(b[:, None], mine.shape)[below], mine[below]]
    return out


def _finish_tail(engine: _Engine, model: TransitionModel, W: FloatArray) -> FloatArray:
    """Values (rows m = 0..D + pmax + 1, S - 1) of "bank when a Furcle is possible, else roll".

    Row ``m`` is a lead of ``m`` over the opponent once I have reached the
    target. No Furcle can happen under this play, so the values do not depend
    on the Furcle value ``z``; ``_sweep_level`` uses them where this play is
    proved best (see ``_tail_start``).
    """
    S, D = engine.S, len(W) - 1
    size = D + engine.pmax + 2
    m = np.arange(size)
    bank = np.where(m > D, 1.0, 1.0 - W[np.clip(m, 0, D)])
    bank[0] = 0.0
    risky = ~model.sure
    dec = np.zeros((1, size, S))
    dec[0, :, :-1] = bank[:, None]
    dec[0, :, -1] = -1.0                               # never choose a Furcle here
    flat = dec.reshape(1, size * S)
    for t in range(D, 0, -1):
        q, _ = engine.step(flat, t * S, 1)
        dec[0, t, :-1] = np.where(risky, bank[t], np.maximum(bank[t], q[0]))
    return dec[0, :, :-1].copy()


def _tail_start(W: FloatArray, q_min: float, z: FloatArray) -> IntArray:
    """Per lane, the lead M0 from which banking beats rolling in every risky state.

    Rolling from a risky state is worth at most ``(1 - q) + q z`` (a Furcle,
    probability at least ``q``, is worth ``z``; anything else at most 1), and
    banking with lead ``m`` is worth ``1 - W(m)``: banking is at least as good
    once ``W(m') <= q_min (1 - z)`` for every ``m' >= m``.
    """
    suffix = np.maximum.accumulate(W[::-1])[::-1]
    ok = suffix[None, :] <= q_min * (1.0 - z[:, None])
    first = np.where(ok.any(axis=1), ok.argmax(axis=1), len(W))
    return np.maximum(first, 1)


@overload
def _sweep_level(engine: _Engine, a: IntArray, b: IntArray, z: FloatArray, P: FloatArray, W: FloatArray, target: int,
                 with_beta: Literal[True] = True, keep_pre: Literal[False] = False, tail: FloatArray | None = None,
                 q_min: float = 0.0) -> tuple[FloatArray, FloatArray, FloatArray, None]: ...
@overload
def _sweep_level(engine: _Engine, a: IntArray, b: IntArray, z: FloatArray, P: FloatArray, W: FloatArray, target: int,
                 with_beta: Literal[False], keep_pre: Literal[True], tail: FloatArray | None = None,
                 q_min: float = 0.0) -> tuple[FloatArray, None, FloatArray, FloatArray]: ...
@overload
def _sweep_level(engine: _Engine, a: IntArray, b: IntArray, z: FloatArray, P: FloatArray, W: FloatArray, target: int,
                 with_beta: bool = True, keep_pre: bool = False, tail: FloatArray | None = None,
                 q_min: float = 0.0) -> tuple[FloatArray, FloatArray | None, FloatArray, FloatArray | None]: ...

def _sweep_level(engine: _Engine, a: IntArray, b: IntArray, z: FloatArray, P: FloatArray, W: FloatArray, target: int,
                 with_beta: bool = True, keep_pre: bool = False, tail: FloatArray | None = None,
                 q_min: float = 0.0) -> tuple[FloatArray, FloatArray | None, FloatArray, FloatArray | None]:
    """One pass over lanes (a, b) with Furcle values z.

    Returns Q(0, start), dQ/dz (or None), values (lanes, rows, S) and, with
    ``keep_pre``, pre-roll values (lanes, rows, n) (NaN where a sure win is
    banked). With ``tail`` (from ``_finish_tail``) a lane stops at the lead
    given by ``_tail_start`` and takes the tail values beyond it.
    """
    S, n, L, D = engine.S, engine.n, len(a), len(W) - 1
    # Rows past tmax bank a sure win: they need a total at the target (so a Leader)
    # and a lead over D. Below the target banking never wins at once, whatever the lead.
    tmax = np.maximum(D + b - a, target - a - 1)
    if tail is not None:
        tmax = np.minimum(tmax, np.maximum(target - a - 1, _tail_start(W, q_min, z) + b - a - 1))
    order = np.argsort(-tmax, kind="stable")
    a, b, z, tmax = a[order], b[order], z[order], tmax[order]
    top = int(tmax[0])
    size = top + engine.pmax + 2
    dec = np.ones((L, size, S))
    if tail is not None:
        rows = np.arange(size)
        m = a[:, None] + rows[None, :] - b[:, None]
        beyond = rows[None, :] > tmax[:, None]
        dec[beyond, :-1] = tail[np.clip(m[beyond], 0, len(tail) - 1)]
    dec[:, :, -1] = z[:, None]
    decb = np.zeros((L, size, S)) if with_beta else None
    if decb is not None:   # with_beta
        decb[:, :, -1] = 1.0
    pre = np.full((L, top + 1, n), np.nan) if keep_pre else None
    bank = _bank_values(a, b, np.arange(top + 1), P, W, target)
    flat = dec.reshape(L, size * S)
    flatb = decb.reshape(L, size * S) if decb is not None else None
    for t in range(top, -1, -1):
        na = int(np.searchsorted(-tmax, -t, side="right"))
        q, qb = engine.step(flat, t * S, na, flatb)
        if pre is not None:   # keep_pre
            pre[:na, t] = q
        if t == 0:
            x, xb = q[:, engine.start], (qb[:, engine.start] if qb is not None else None)   # qb: with_beta
            break
        stop = bank[:na, t, None] >= q
        dec[:na, t, :-1] = np.where(stop, bank[:na, t, None], q)
        if decb is not None and qb is not None:   # with_beta
            decb[:na, t, :-1] = np.where(stop, 0.0, qb)
    inv = np.empty_like(order)
    inv[order] = np.arange(L)
    return (x[inv], xb[inv] if xb is not None else None, dec[inv], pre[inv] if pre is not None else None)


def _guess(P: FloatArray, mine: IntArray, theirs: IntArray, target: int) -> FloatArray:
    """Guess P(mine, theirs) from the next two levels (already solved)."""
    out = np.full(len(mine), 0.5)
    for k, (x, y) in enumerate(zip(mine, theirs)):
        if x + 1 < target and y + 1 < target:
            out[k] = P[x + 1, y] + P[x, y + 1] - P[x + 1, y + 1]
        elif y + 1 < target:
            out[k] = P[x, y + 1]
        elif x + 1 < target:
            out[k] = P[x + 1, y]
    return out


def _no_leader_phase(engine: _Engine, full: _Engine, model: TransitionModel, target: int, W: FloatArray,
                     eps: float) -> tuple[FloatArray, int, int]:
    """P(a, b) for all totals below the target, level by level (Newton on the Furcle values)."""
    P = np.zeros((target, target))
    sweeps = redone = 0
    tails = {id(eng): _finish_tail(eng, model, W) for eng in (engine, full)}
    q_min = float(model.furcle[~model.sure].min())
    for s in range(2 * target - 2, -1, -1):
        a_all = np.arange(max(0, s - target + 1), min(s, target - 1) + 1)
        b_all = s - a_all
        z0 = 1.0 - _guess(P, b_all, a_all, target)
        for eng in (engine, full):
            x_all, z_all = np.zeros(len(a_all)), z0.copy()
            todo = np.arange(len(a_all))                  # lanes still moving (closed under partners)
            dec_parts = []
            for _ in range(100):
                a, b, z = a_all[todo], b_all[todo], z_all[todo]
                x, beta, dec, _ = _sweep_level(eng, a, b, z, P, W, target, tail=tails[id(eng)], q_min=q_min)
                sweeps += 1
                pos = {int(v): k for k, v in enumerate(a)}
                j = np.array([pos[int(v)] for v in b])    # lane of the partner (b, a)
                alpha = x - beta * z
                new = (alpha + beta * (1.0 - alpha[j] - beta[j])) / (1.0 - beta * beta[j])
                moving = np.abs(new - x) > eps
                moving |= moving[j]
                x_all[todo] = new
                z_all[todo] = 1.0 - new[j]
                dec_parts.append((dec[~moving], z[~moving]))
                if not moving.any():
                    break
                todo = todo[moving]
            else:  # pragma: no cover
                raise RuntimeError(f"the level a + b = {s} did not converge")
            if eng is full or all(_monotone(d, model, zz, 1e-12) for d, zz in dec_parts):
                break
            redone += 1
        P[a_all, b_all] = x_all
    return P, sweeps, redone
