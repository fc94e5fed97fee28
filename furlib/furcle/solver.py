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
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.engine.fixed import FrozenDict
from ..core.errors import check_bool, check_int, excerpt
from .exact import transition_model
from .solver_engine import (
    FloatArray,
    _Engine,
    _leader_phase,
    _leader_sweep,
    _no_leader_phase,
    _reach,
    _sweep_level,
)
from .turn import MAX_TURN_SCORE, _read_only
from .views import FurcleFacts

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

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
    info : mapping
        Bound ``D``, sweeps, seconds, whether it came from the cache (read-only).
    bot : SolverBot
        Plays the solution in a real :class:`~furlib.furcle.Furcle` game.

    A solution may be shared (:func:`furlib.furcle.advice.solution_for` keeps
    one per rule set), so ``P``, ``W`` and the arrays of :meth:`tables` are
    read-only.
    """

    def __init__(self, params: dict[str, Any], P: FloatArray, W: FloatArray, info: dict[str, Any]):
        _check_parts(params, P, W, info)
        # read-only: a solution is shared by every game of its rules (the bonus table inside too)
        self.params: Mapping[str, Any] = FrozenDict({k: FrozenDict(v) if isinstance(v, dict) else v
                                                    for k, v in params.items()})
        self.P, self.W, self.info = _read_only(P), _read_only(W), FrozenDict(info)
        self.target = int(params["target"])
        self.first_player_win = float(P[0, 0])
        self.model = transition_model(params["n_dice"], sides=params["sides"], bonus=params["bonus"],
                                      beekin=params["beekin"])
        self._tables: Mapping[str, FloatArray] | None = None
        self._bot: SolverBot | None = None

    def __repr__(self) -> str:
        return (f"<Solution target={self.target} n_dice={self.params['n_dice']} "
                f"beekin={self.params['beekin']}: first player wins {self.first_player_win:.6f}>")

    @property
    def bot(self) -> SolverBot:
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
        a = check_int("my_score", my_score, low=0, high=MAX_TURN_SCORE)
        b = check_int("opp_score", opp_score, low=0, high=MAX_TURN_SCORE)
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
        raise ValueError(f"leader must be None, 'me' or 'opponent', got {excerpt(leader)}")

    @property
    def start_table(self) -> pd.DataFrame:
        """Win probability at every no-Leader turn start (a DataFrame)."""
        import pandas as pd

        a, b = np.meshgrid(np.arange(self.target), np.arange(self.target), indexing="ij")
        return pd.DataFrame({"my_score": a.ravel(), "opp_score": b.ravel(), "win_probability": self.P.ravel()})

    @property
    def leader_table(self) -> pd.DataFrame:
        """Win probability when the opponent leads by ``deficit`` points (a DataFrame)."""
        import pandas as pd

        return pd.DataFrame({"deficit": np.arange(len(self.W)), "win_probability": self.W})

    def tables(self) -> Mapping[str, FloatArray]:
        """Pre-roll values of every turn state, rebuilt once from ``P`` and ``W`` (about a second).

        ``"pairs"``: ``Q[a, b, t, state]`` with no Leader (NaN where the turn
        score already banks a sure win); ``"leader"``: ``G[u + D, state]`` for
        surplus ``u = -D..D`` when the opponent leads. States are
        ``self.model.states``. The same read-only mapping of read-only arrays
        at every call (the bot reads it at every decision).
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
            pre.flags.writeable = lead.flags.writeable = False     # complete: kept and handed out from here on
            self._tables = FrozenDict({"pairs": pre, "leader": lead})
        return self._tables

    def _position(self, my: object, opp: object, leader: object, turn_score: object) -> tuple[int, int, bool, int]:
        """(my, opp, leader, turn_score) checked: scores 0 to ``MAX_TURN_SCORE``, below the target with no Leader,
        else the opponent's at least the target and mine."""
        a = check_int("my", my, low=0, high=MAX_TURN_SCORE)
        b = check_int("opp", opp, low=0, high=MAX_TURN_SCORE)
        led = check_bool("leader", leader)
        t = check_int("turn_score", turn_score, low=0, high=MAX_TURN_SCORE)
        if not led and (a >= self.target or b >= self.target):
            raise ValueError(f"with no Leader both scores are below the target {self.target}, got my={a}, opp={b}; "
                             "pass leader=True if the opponent leads")
        if led and (b < self.target or a > b):
            raise ValueError(f"the Leader (the opponent) has at least the target {self.target} and the top score; "
                             f"got my={a}, opp={b}")
        return a, b, led, t

    def bank_value(self, my: int, opp: int, leader: bool, turn_score: int) -> float:
        """Win probability of banking ``turn_score`` now (``leader``: the opponent leads)."""
        my, opp, leader, turn_score = self._position(my, opp, leader, turn_score)
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
        """Win probability of rolling from a turn state (-inf where banking is a sure win); ``state`` indexes
        ``self.model.states``."""
        my, opp, leader, turn_score = self._position(my, opp, leader, turn_score)
        state = check_int("state", state, low=0, high=len(self.model.states) - 1)
        D = len(self.W) - 1
        tab = self.tables()
        if leader:      # beyond -D (worth < tol) the value at -D stands in, to keep rolling
            u = turn_score - (opp - my)
            return -np.inf if u > D else float(tab["leader"][max(u, -D) + D, state])
        q = tab["pairs"][my, opp]
        v = q[turn_score, state] if turn_score < q.shape[0] else np.nan
        return -np.inf if np.isnan(v) else float(v)


#: The keys of a :class:`Solution`'s ``params`` (the rules it was solved for, as :func:`solve` writes them).
_PARAM_KEYS = ("target", "n_dice", "sides", "bonus", "beekin")


def _check_parts(params: object, P: object, W: object, info: object) -> None:
    """Raise ValueError, naming it, for a part of a :class:`Solution` that is not what :func:`solve` passes."""
    if not isinstance(params, Mapping) or any(k not in params for k in _PARAM_KEYS):
        raise ValueError(f"Solution(...) takes params, a dict with the keys {list(_PARAM_KEYS)} (as solve() makes "
                         f"it), got {excerpt(params)}")
    check_int("params['target']", params["target"], low=1)
    for name, array, dims in (("P", P, 2), ("W", W, 1)):
        if not isinstance(array, np.ndarray) or array.ndim != dims or not array.size:
            raise ValueError(f"Solution(...) takes {name}, a {dims}-D numpy array of win probabilities (as solve() "
                             f"makes it), got {excerpt(array)}")
    if not isinstance(info, Mapping):
        raise ValueError(f"Solution(...) takes info, a dict (as solve() makes it), got {excerpt(info)}")


class SolverBot:
    """The optimal 2-player policy of a :class:`Solution` (``bot(game) -> action``).

    It picks the choice (no Beekin, or which die to raise) and then bank or
    roll by comparing the exact win probabilities; ties go to no Beekin and
    to banking. It plays a game or a view of one (``bot(game.view(player))``,
    a player's or a spectator's): the same move for the player to move, as
    Oh Furcle! hides nothing.
    """

    def __init__(self, solution: Solution):
        if not isinstance(solution, Solution):
            raise ValueError(f"SolverBot plays a Solution (from solve()), got {excerpt(solution)}")
        self.solution = solution
        self._index = [{o.faces: c for c, o in enumerate(outs)} for outs in solution.model.outcomes]

    def __repr__(self) -> str:
        p = self.solution.params
        return f"SolverBot(target={p['target']}, n_dice={p['n_dice']}, beekin={p['beekin']})"

    def check(self, game: Any) -> None:
        """Raise ValueError unless ``game`` is a 2-player game (or a view of one) with the rules this solution was
        solved for."""
        p = self.solution.params
        if not isinstance(game, FurcleFacts):
            raise ValueError(f"{excerpt(self)} plays a game of Oh Furcle! (a Furcle, or a view of one), got "
                             f"{excerpt(game)}")
        have = dict(target=game.target, n_dice=game.n_dice, sides=game.sides, bonus=dict(game.bonus),
                    beekin=game.beekin)
        want = {k: p[k] for k in have}
        if have != want or len(game.players) != 2:
            raise ValueError(f"{excerpt(self)} was solved for a 2-player game with {want}; this game has "
                             f"{len(game.players)} players and {have}")

    def __call__(self, game: Any) -> object:
        from .actions import AcceptFurcle, Beekin, Roll, Satisfied

        self.check(game)
        if game.is_over or game.is_chance:   # read from what a view shows too, whoever it is for
            raise ValueError("SolverBot was asked to move where there is no decision to take (the game is over, "
                             "or the dice are to be rolled)")
        sol, model = self.solution, self.solution.model
        me = game.current_player
        opp = next(p for p in game.players if p != me)
        a, b = game.scores[me], game.scores[opp]
        led = game.leader == opp
        furcle = 0.0 if led else 1.0 - float(sol.P[b, a])

        def value(t: int, state: int) -> float:
            return max(sol.bank_value(a, b, led, t), sol.roll_value(a, b, led, t, state))

        dice = tuple(game.dice)
        if game.beekin_options:              # a Beekin may be said
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
        if game.roll_points == 0:           # a Furcle on the table, and no Beekin chosen to rescue it
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
