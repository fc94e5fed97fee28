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

The sweeps are the array code of :mod:`furlib.furcle.solver_engine`; the
result, a :class:`Solution` with its bot :class:`SolverBot`, lives in
:mod:`furlib.furcle.solver_solution`; :func:`solve` and the cache on disk
are here, and every name is importable from here.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from ..core.errors import check_bool, check_int, excerpt
from .exact import transition_model
from .solver_engine import FloatArray, _Engine, _leader_phase, _no_leader_phase, _reach

# The solved game and its bot live in their own module; both are importable from here too, as they always were.
from .solver_solution import Solution, SolverBot

__all__ = ["solve", "Solution", "SolverBot", "cache_dir", "MAX_SOLVE_TARGET", "MAX_SOLVE_WORK", "MAX_PATH_CHARS"]

CACHE_VERSION = 1
#: The largest target :func:`solve` takes: the solution holds ``target ** 2`` win probabilities, and its bot's
#: tables (:meth:`Solution.tables`) about ``target ** 2 * (target + D)`` values per state: at 100, about 25 s
#: and 170 MB with the printed rules (a target of 200 takes minutes and a GB).
MAX_SOLVE_TARGET = 100
#: The most work :func:`solve` takes on, in units of ``target ** 2 * (target + D) * choices`` (``D``: the
#: deficit bound, ``choices``: of every roll of a turn), checked once ``D`` is known, before the sweeps (about
#: 3.5e-9 s a unit: the printed rules to 50 are 1.6e9, to 100 7.7e9).
MAX_SOLVE_WORK = 10_000_000_000
#: The longest folder path ``cache`` may name.
MAX_PATH_CHARS = 4096


# ------------------------------------------------------------------ solve + cache
def cache_dir() -> Path:
    """Where solutions are cached: ``$FURLIB_CACHE`` or ``~/.cache/furlib``."""
    env = os.environ.get("FURLIB_CACHE", "").strip()
    return Path(env).expanduser() if env else Path.home() / ".cache" / "furlib"


def _cache_paths(key: dict[str, Any], where: Path) -> tuple[Path, Path]:
    digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:20]
    return where / f"furcle-solve-{digest}.npz", where / f"furcle-solve-{digest}.json"


def _load(key: dict[str, Any], where: Path) -> tuple[FloatArray, FloatArray, dict[str, Any]] | None:
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


def _save(key: dict[str, Any], where: Path, P: FloatArray, W: FloatArray, info: dict[str, Any]) -> None:
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
          cache: bool | str | os.PathLike[str] = True) -> Solution:
    """Optimal play of a 2-player game: every state's chance to win (see the module docstring).

    Parameters
    ----------
    target : int, default 50
        Total that makes a player the Leader (1 to ``MAX_SOLVE_TARGET``, 100).
    players : int, default 2
        Only 2 is supported.
    n_dice, sides, bonus, beekin
        The game's rules, as in :class:`~furlib.furcle.Furcle`.
    tol : float, default 1e-9
        Accuracy of every win probability (each of the three approximations,
        bound, Leader phase, levels, is held to ``tol / 100``).
    cache : bool or path, default True
        Reuse a solution saved on disk (``$FURLIB_CACHE`` or
        ``~/.cache/furlib``, or the folder given: a path of 1 to
        ``MAX_PATH_CHARS`` characters), and save new ones there (``.npz``
        arrays and a ``.json`` key; no pickle).

    Rules that would take more than ``MAX_SOLVE_WORK`` (about half a minute,
    see there) are refused before the solving starts.

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
    target = check_int("target", target, low=1, high=MAX_SOLVE_TARGET)
    players = check_int("players", players, low=1)
    if players != 2:
        raise ValueError(f"solve() handles 2-player games only, got players={excerpt(players)}")
    beekin = check_bool("beekin", beekin)
    if isinstance(tol, bool) or not isinstance(tol, (int, float)) or not 1e-14 <= tol <= 1e-2:
        raise ValueError(f"tol must be a number between 1e-14 and 1e-2, got {excerpt(tol)}")
    if not isinstance(cache, (bool, str, os.PathLike)):
        raise ValueError(f"cache must be True, False or a folder's path, got {excerpt(cache)}")
    if not isinstance(cache, bool):
        folder = os.fspath(cache)
        if not isinstance(folder, str) or not 1 <= len(folder) <= MAX_PATH_CHARS or "\0" in folder:
            raise ValueError(f"cache must be True, False or a folder's path (1 to {MAX_PATH_CHARS} characters), "
                             f"got {excerpt(cache)}")
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
    work = target ** 2 * (D + target) * sum(p.size for p in model.opt_points)
    if work > MAX_SOLVE_WORK:
        raise ValueError(f"solving these rules to {target} is {work:.2g} units of work (target ** 2 * (target + D) * "
                         f"choices, D = {D}), more than {MAX_SOLVE_WORK:.0e} (MAX_SOLVE_WORK, about half a minute): "
                         "use a lower target, fewer dice or smaller bonuses")
    W, w_sweeps = _leader_phase(engine, full, model, D, eps)
    P, p_sweeps, redone = _no_leader_phase(engine, full, model, target, W, eps)
    info = {"D": D, "leader_sweeps": w_sweeps, "level_sweeps": p_sweeps, "levels_redone": redone,
            "seconds": time.perf_counter() - wall, "cpu_seconds": time.process_time() - cpu}
    if where is not None:
        _save(key, where, P, W, info)
    return Solution(params, P, W, {**info, "cached": False})
