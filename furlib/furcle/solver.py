r"""Optimal play of a 2-player game of Oh Furcle!, Leader rule included.

The recursion
-------------
Win probabilities are those of the player about to roll. A turn is the MDP
of :mod:`furlib.furcle.turn`: before a roll the state is ``(t, k, e)`` (turn
score, dice to roll, Beekin available); after a roll the player picks a
choice worth ``p`` points leading to ``(k', e')`` (or a Furcle) and then, at
the decision state ``(t + p, k', e')``, banks or rolls. Only what happens at
the end of the turn differs between the phases of the game.

*No Leader yet* (both totals below the target): the state is ``(a, b)``, my
total and the opponent's. With ``P(a, b)`` my chance to win::

    Q(t, k, e) = sum_o P(o) max_c V(t + p_c, k_c, e_c)      (a Furcle choice: 1 - P(b, a))
    V(t, k, e) = max(B(t), Q(t, k, e))
    B(t) = 1 - P(b, a + t)          if a + t <  target  (the opponent moves next)
         = 1 - W(a + t - b)         if a + t >= target  (I become the Leader)
    P(a, b) = Q(0, n_dice, beekin)

*The opponent is the Leader* with total ``L``; I have ``s <= L``. Only the
deficit ``d = L - s`` matters: my turn must bank more than ``d`` points, or
the Leader wins at the start of their turn. If I bank ``T > d`` I become the
Leader and the opponent faces deficit ``T - d``. In surplus coordinates
``u = t - d``::

    G(u, k, e) = sum_o P(o) max_c H(u + p_c, k_c, e_c)      (a Furcle choice: 0)
    H(u, k, e) = max(1 - W(u) if u >= 1 else 0, G(u, k, e))
    W(d) = G(-d, n_dice, beekin)

*I am the Leader* at the start of my turn: I have won.

Bounding the scores
-------------------
Scores can pass the target without limit, but ``W(d)`` is at most ``R(d)``,
the largest chance that one turn banks more than ``d`` points (a one-pass
"reach" DP). ``R`` falls geometrically (``R(100) ~ 1e-6``, ``R(150) ~ 1.6e-10``
for the printed rules), so with ``D`` the first deficit where
``R(D) <= tol / 100`` (``D = 166`` for ``tol = 1e-9``) we set ``W(d) = 0`` for
``d > D``; every value moves by at most ``tol / 100``. In the no-Leader phase
a turn score with ``a + t - b > D`` then banks a sure win, so turn scores stop
at ``D + b - a``.

Closer in, once I have reached the target with a lead ``m``, rolling from a
state where a Furcle is possible (probability at least ``q``, the smallest
such chance, ``5/54``) is worth at most ``(1 - q) + q z`` (``z`` = the value of
a Furcle), and banking ``1 - W(m)``. So when ``W(m') <= q (1 - z)`` for every
``m' >= m``, banking is best in every such state, and rolling is best where no
Furcle can happen (it adds points and banking stays possible). Play there no
longer depends on ``z``, its values are computed once (``_finish_tail``) and
each state's sweep stops at that lead (``_tail_start``): a 4x speed-up.

Solving
-------
``W`` comes first, by value iteration (sweeps over ``u`` from high to low,
until no value moves by ``tol / 100``). Then ``P`` level by level: ``P(a, b)``
needs ``P`` at higher ``a + b`` (banking adds at least 1 point) and
``P(b, a)`` at the same level (a Furcle). For one level, a sweep with guessed
Furcle values ``z`` gives ``P = alpha + beta z`` under the greedy policy;
solving those linear equations for the whole level (``z_ab = 1 - P(b, a)``)
is a Newton step, repeated until the greedy policy reproduces its own
prediction within ``tol / 100``: exact policy iteration, 2-3 sweeps (only
the pairs still moving are swept again). Choices that cannot be best if
values grow with the turn score and with the Beekin in hand are skipped
(about 1.4x faster); that monotonicity is checked on the result, and a level
that breaks it is solved again with every choice.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path
from typing import Any, Mapping

import numpy as np

from ..core.errors import check_bool, check_int
from .exact import TransitionModel, transition_model

__all__ = ["solve", "Solution", "SolverBot", "cache_dir"]

CACHE_VERSION = 1


# ------------------------------------------------------------------ engine
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
        multi: dict[tuple[int, tuple], float] = {}
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
        for j, ((i, opts), w) in enumerate(multi.items()):
            padded = list(opts) + [opts[0]] * (width - len(opts))
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

    def step(self, dec: np.ndarray, row: int, na: int, decb: np.ndarray | None = None):
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


def _monotone(dec: np.ndarray, model: TransitionModel, floor: np.ndarray, eps: float) -> bool:
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


def _leader_sweep(engine: _Engine, W: np.ndarray):
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


def _leader_phase(engine: _Engine, full: _Engine, model: TransitionModel, D: int, eps: float):
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


def _bank_values(a, b, t, P, W, target):
    """B(t) (lanes, rows) for lanes (a, b): 1 - P(b, a + t) below the target, 1 - W(a + t - b) from it."""
    mine = a[:, None] + t[None, :]
    m = mine - b[:, None]
    D = len(W) - 1
    below = mine < target
    out = np.where(m > D, 1.0, 1.0 - W[np.clip(m, 0, D)])
    out[below] = 1.0 - P[np.broadcast_to(b[:, None], mine.shape)[below], mine[below]]
    return out


def _finish_tail(engine: _Engine, model: TransitionModel, W: np.ndarray) -> np.ndarray:
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


def _tail_start(W: np.ndarray, q_min: float, z: np.ndarray) -> np.ndarray:
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


def _sweep_level(engine, a, b, z, P, W, target, with_beta=True, keep_pre=False, tail=None, q_min=0.0):
    """One pass over lanes (a, b) with Furcle values z.

    Returns Q(0, start), dQ/dz (or None), values (lanes, rows, S) and, with
    ``keep_pre``, pre-roll values (lanes, rows, n) (NaN where a sure win is
    banked). With ``tail`` (from ``_finish_tail``) a lane stops at the lead
    given by ``_tail_start`` and takes the tail values beyond it.
    """
    S, n, L, D = engine.S, engine.n, len(a), len(W) - 1
    tmax = D + b - a
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
    if with_beta:
        decb[:, :, -1] = 1.0
    pre = np.full((L, top + 1, n), np.nan) if keep_pre else None
    bank = _bank_values(a, b, np.arange(top + 1), P, W, target)
    flat = dec.reshape(L, size * S)
    flatb = decb.reshape(L, size * S) if with_beta else None
    for t in range(top, -1, -1):
        na = int(np.searchsorted(-tmax, -t, side="right"))
        q, qb = engine.step(flat, t * S, na, flatb)
        if keep_pre:
            pre[:na, t] = q
        if t == 0:
            x, xb = q[:, engine.start], (qb[:, engine.start] if with_beta else None)
            break
        stop = bank[:na, t, None] >= q
        dec[:na, t, :-1] = np.where(stop, bank[:na, t, None], q)
        if with_beta:
            decb[:na, t, :-1] = np.where(stop, 0.0, qb)
    inv = np.empty_like(order)
    inv[order] = np.arange(L)
    return (x[inv], xb[inv] if with_beta else None, dec[inv], pre[inv] if keep_pre else None)


def _guess(P: np.ndarray, mine: np.ndarray, theirs: np.ndarray, target: int) -> np.ndarray:
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


def _no_leader_phase(engine, full, model, target, W, eps):
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


# ------------------------------------------------------------------ results
class Solution:
    """The solved game (built by :func:`solve`).

    Attributes
    ----------
    first_player_win : float
        Chance that the first player wins when both play optimally.
    P : numpy.ndarray
        ``P[my, opp]``: chance that the player about to start a turn wins,
        with no Leader yet (both totals below the target).
    W : numpy.ndarray
        ``W[d]``: the same when the opponent is the Leader ``d`` points ahead
        (``W[d] = 0`` beyond ``D = len(W) - 1``, see the module docstring).
    start_table, leader_table : pandas.DataFrame
        The same numbers as tables.
    info : dict
        Bound ``D``, sweeps, seconds, whether it came from the cache.
    bot : SolverBot
        Plays the solution in a real :class:`~furlib.furcle.Furcle` game.
    """

    def __init__(self, params: dict, P: np.ndarray, W: np.ndarray, info: dict):
        self.params, self.P, self.W, self.info = params, P, W, info
        self.target = int(params["target"])
        self.first_player_win = float(P[0, 0])
        self.model = transition_model(params["n_dice"], sides=params["sides"], bonus=params["bonus"],
                                      beekin=params["beekin"])
        self._tables: dict | None = None
        self._bot: SolverBot | None = None

    def __repr__(self) -> str:
        return (f"<Solution target={self.target} n_dice={self.params['n_dice']} "
                f"beekin={self.params['beekin']}: first player wins {self.first_player_win:.6f}>")

    @property
    def bot(self) -> "SolverBot":
        """The optimal policy, a callable ``game -> action``."""
        if self._bot is None:
            self._bot = SolverBot(self)
        return self._bot

    def win_probability(self, my_score: int, opp_score: int, *, leader: str | None = None) -> float:
        """Chance that the player about to start a turn wins, with optimal play.

        ``leader`` is None (nobody has reached the target yet), ``"opponent"``
        or ``"me"`` (a Leader at the start of their turn has won: 1.0).

        >>> sol = solve(target=20, cache=False)
        >>> sol.win_probability(0, 0) == sol.first_player_win
        True
        >>> sol.win_probability(15, 30, leader="opponent") == float(sol.W[15])
        True
        """
        a = check_int("my_score", my_score, low=0)
        b = check_int("opp_score", opp_score, low=0)
        if leader is None:
            if a >= self.target or b >= self.target:
                raise ValueError(f"with no Leader both scores are below the target {self.target}, got "
                                 f"my_score={a}, opp_score={b}; pass leader='me' or leader='opponent'")
            return float(self.P[a, b])
        if leader in ("me", "opponent"):
            lead, other = (a, b) if leader == "me" else (b, a)
            if lead < self.target or other > lead:
                raise ValueError(f"the Leader ({leader}) has at least the target {self.target} and the top "
                                 f"score; got my_score={a}, opp_score={b}")
            if leader == "me":
                return 1.0
            d = b - a
            return float(self.W[d]) if d < len(self.W) else 0.0
        raise ValueError(f"leader must be None, 'me' or 'opponent', got {leader!r}")

    @property
    def start_table(self):
        """Win probability at every no-Leader turn start (a DataFrame)."""
        import pandas as pd

        a, b = np.meshgrid(np.arange(self.target), np.arange(self.target), indexing="ij")
        return pd.DataFrame({"my_score": a.ravel(), "opp_score": b.ravel(), "win_probability": self.P.ravel()})

    @property
    def leader_table(self):
        """Win probability when the opponent leads by ``deficit`` points (a DataFrame)."""
        import pandas as pd

        return pd.DataFrame({"deficit": np.arange(len(self.W)), "win_probability": self.W})

    def tables(self) -> dict:
        """Pre-roll values of every turn state, rebuilt once from ``P`` and ``W`` (about a second).

        ``"pairs"``: ``Q[a, b, t, state]`` with no Leader (NaN where the turn
        score already banks a sure win); ``"leader"``: ``G[u + D, state]`` for
        surplus ``u = -D..D`` when the opponent leads. States are
        ``self.model.states``.
        """
        if self._tables is None:
            engine = _Engine(self.model, prune=False)
            D, target = len(self.W) - 1, self.target
            _, lead, _ = _leader_sweep(engine, self.W)
            pre = np.full((target, target, D + target + 1, engine.n), np.nan)
            for s in range(2 * target - 2, -1, -1):
                a = np.arange(max(0, s - target + 1), min(s, target - 1) + 1)
                b = s - a
                q = _sweep_level(engine, a, b, 1.0 - self.P[b, a], self.P, self.W, target,
                                 with_beta=False, keep_pre=True)[3]
                pre[a, b, : q.shape[1]] = q
            self._tables = {"pairs": pre, "leader": lead}
        return self._tables

    def bank_value(self, my: int, opp: int, leader: bool, turn_score: int) -> float:
        """Win probability of banking ``turn_score`` now (``leader``: the opponent leads)."""
        D = len(self.W) - 1
        if leader:
            u = turn_score - (opp - my)
            return 0.0 if u <= 0 else (1.0 - self.W[u] if u <= D else 1.0)
        mine = my + turn_score
        if mine < self.target:
            return 1.0 - float(self.P[opp, mine])
        m = mine - opp
        return 1.0 - float(self.W[m]) if m <= D else 1.0

    def roll_value(self, my: int, opp: int, leader: bool, turn_score: int, state: int) -> float:
        """Win probability of rolling from a turn state (-inf where banking is a sure win)."""
        D = len(self.W) - 1
        tab = self.tables()
        if leader:      # beyond -D (worth < tol) the value at -D stands in, to keep rolling
            u = turn_score - (opp - my)
            return -np.inf if u > D else float(tab["leader"][max(u, -D) + D, state])
        q = tab["pairs"][my, opp]
        v = q[turn_score, state] if turn_score < q.shape[0] else np.nan
        return -np.inf if np.isnan(v) else float(v)


class SolverBot:
    """The optimal 2-player policy of a :class:`Solution` (``bot(game) -> action``).

    It picks the choice (no Beekin, or which die to raise) and then bank or
    roll by comparing the exact win probabilities; ties go to no Beekin and
    to banking.
    """

    def __init__(self, solution: Solution):
        self.solution = solution
        self._index = [{o.faces: c for c, o in enumerate(outs)} for outs in solution.model.outcomes]

    def __repr__(self) -> str:
        p = self.solution.params
        return f"SolverBot(target={p['target']}, n_dice={p['n_dice']}, beekin={p['beekin']})"

    def _check(self, game: Any) -> None:
        p = self.solution.params
        have = dict(target=game.target, n_dice=game.n_dice, sides=game.sides, bonus=dict(game.bonus),
                    beekin=game.beekin)
        want = {k: p[k] for k in have}
        if have != want or len(game.players) != 2:
            raise ValueError(f"{self!r} was solved for a 2-player game with {want}; this game has "
                             f"{len(game.players)} players and {have}")

    def __call__(self, game: Any) -> object:
        from .rules import AcceptFurcle, Beekin, Roll, Satisfied

        self._check(game)
        legal = game.legal_actions()
        if not legal:
            raise ValueError("SolverBot was asked to move where there is no decision to take")
        sol, model = self.solution, self.solution.model
        me = game.current_player
        opp = next(p for p in game.players if p != me)
        a, b = game.scores[me], game.scores[opp]
        led = game.leader == opp
        furcle = 0.0 if led else 1.0 - float(sol.P[b, a])

        def value(t: int, state: int) -> float:
            return max(sol.bank_value(a, b, led, t), sol.roll_value(a, b, led, t, state))

        dice = tuple(game.dice)
        if any(isinstance(x, Beekin) for x in legal):
            i = model.state_index[(len(dice), True)]
            out = model.outcomes[i][self._index[i][tuple(sorted(dice))]]
            before = game.turn_score - game.roll_points
            best, pick = -np.inf, out.choices[0]
            for ch in out.choices:
                if ch.points == 0:
                    v = furcle
                else:
                    v = value(before + ch.points, model.state_index[(ch.next_dice, ch.beekin is None)])
                if v > best:
                    best, pick = v, ch
            if pick.beekin is not None:
                return Beekin(dice.index(pick.beekin))
        if AcceptFurcle() in legal:
            return AcceptFurcle()
        t = game.turn_score
        if led and t <= b - a:
            return Roll()           # banking cannot pass the Leader: a sure loss
        state = model.state_index[(game.dice_to_roll, game.beekin_available)]
        bank = sol.bank_value(a, b, led, t)
        return Satisfied() if bank >= sol.roll_value(a, b, led, t, state) else Roll()


# ------------------------------------------------------------------ solve + cache
def cache_dir() -> Path:
    """Where solutions are cached: ``$FURLIB_CACHE`` or ``~/.cache/furlib``."""
    env = os.environ.get("FURLIB_CACHE", "").strip()
    return Path(env).expanduser() if env else Path.home() / ".cache" / "furlib"


def _cache_paths(key: dict, where: Path) -> tuple[Path, Path]:
    digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:20]
    return where / f"furcle-solve-{digest}.npz", where / f"furcle-solve-{digest}.json"


def _load(key: dict, where: Path):
    npz, meta = _cache_paths(key, where)
    try:
        doc = json.loads(meta.read_text())
        if doc.get("key") != key:
            return None
        with np.load(npz, allow_pickle=False) as data:
            P, W = np.array(data["P"], float), np.array(data["W"], float)
        t = key["target"]
        if P.shape != (t, t) or W.ndim != 1 or not (np.all(np.isfinite(P)) and np.all(np.isfinite(W))):
            return None
        return P, W, dict(doc.get("info", {}))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _save(key: dict, where: Path, P: np.ndarray, W: np.ndarray, info: dict) -> None:
    import warnings

    npz, meta = _cache_paths(key, where)
    try:
        where.mkdir(parents=True, exist_ok=True)
        tmp = npz.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(tmp, P=P, W=W)
        os.replace(tmp, npz)
        tmp = meta.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"key": key, "info": info}, sort_keys=True))
        os.replace(tmp, meta)
    except OSError as e:
        warnings.warn(f"could not cache the Furcle solution in {where}: {e}", RuntimeWarning, stacklevel=3)


def solve(target: int = 50, players: int = 2, *, n_dice: int = 5, sides: int = 6,
          bonus: Mapping[int, int] | None = None, beekin: bool = True, tol: float = 1e-9,
          cache: bool | str | os.PathLike = True) -> Solution:
    """Optimal play of a 2-player game: every state's chance to win (see the module docstring).

    Parameters
    ----------
    target : int, default 50
        Total that makes a player the Leader.
    players : int, default 2
        Only 2 is supported.
    n_dice, sides, bonus, beekin
        The game's rules, as in :class:`~furlib.furcle.Furcle`.
    tol : float, default 1e-9
        Accuracy of every win probability (each of the three approximations,
        bound, Leader phase, levels, is held to ``tol / 100``).
    cache : bool or path, default True
        Reuse a solution saved on disk (``$FURLIB_CACHE`` or
        ``~/.cache/furlib``, or the folder given), and save new ones there
        (``.npz`` arrays and a ``.json`` key; no pickle).

    Returns
    -------
    Solution

    Examples
    --------
    >>> sol = solve(target=20, cache=False)
    >>> 0.5 < sol.first_player_win < 0.7
    True
    >>> sol.bot
    SolverBot(target=20, n_dice=5, beekin=True)
    """
    target = check_int("target", target, low=1)
    players = check_int("players", players, low=1)
    if players != 2:
        raise ValueError(f"solve() handles 2-player games only, got players={players}")
    beekin = check_bool("beekin", beekin)
    if isinstance(tol, bool) or not isinstance(tol, (int, float)) or not 1e-14 <= tol <= 1e-2:
        raise ValueError(f"tol must be a number between 1e-14 and 1e-2, got {tol!r}")
    model = transition_model(n_dice, sides=sides, bonus=bonus, beekin=beekin)
    params = dict(target=target, n_dice=model.n_dice, sides=model.sides, bonus=dict(model.bonus),
                  beekin=beekin)
    key = {"version": CACHE_VERSION, **{k: v for k, v in params.items() if k != "bonus"},
           "bonus": [[k, v] for k, v in sorted(model.bonus.items())], "tol": float(tol)}
    where = None
    if cache is not False:
        where = cache_dir() if cache is True else Path(os.fspath(cache)).expanduser()
        hit = _load(key, where)
        if hit is not None:
            P, W, info = hit
            return Solution(params, P, W, {**info, "cached": True})
    wall, cpu = time.perf_counter(), time.process_time()
    eps = tol / 100
    engine, full = _Engine(model, prune=True), _Engine(model, prune=False)
    D = _reach(full, eps)
    W, w_sweeps = _leader_phase(engine, full, model, D, eps)
    P, p_sweeps, redone = _no_leader_phase(engine, full, model, target, W, eps)
    info = {"D": D, "leader_sweeps": w_sweeps, "level_sweeps": p_sweeps, "levels_redone": redone,
            "seconds": time.perf_counter() - wall, "cpu_seconds": time.process_time() - cpu}
    if where is not None:
        _save(key, where, P, W, info)
    return Solution(params, P, W, {**info, "cached": False})
