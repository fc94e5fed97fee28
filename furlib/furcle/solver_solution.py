"""The solved 2-player game of Oh Furcle!: :class:`Solution`, made by :func:`furlib.furcle.solver.solve`, and its
optimal bot, :class:`SolverBot`.

A solution holds every win probability (``P`` with no Leader yet, ``W`` by
the Leader's lead; the recursion and its bounds are written out in
:mod:`furlib.furcle.solver`), rebuilds the turn's values from them when asked
(:meth:`Solution.tables`, with :mod:`furlib.furcle.solver_engine`) and
answers what banking or rolling is worth at any position.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.engine.fixed import FrozenDict
from ..core.errors import check_bool, check_int, excerpt
from .exact import transition_model
from .solver_engine import FloatArray, _Engine, _leader_sweep, _sweep_level
from .turn_bounds import _read_only
from .turn_policy import MAX_TURN_SCORE
from .views import FurcleFacts

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["Solution", "SolverBot"]


class Solution:
    """The solved game (built by :func:`~furlib.furcle.solver.solve`).

    Attributes
    ----------
    first_player_win : float
        Chance that the first player wins when both play optimally.
    P : numpy.ndarray
        ``P[my, opp]``: chance that the player about to start a turn wins,
        with no Leader yet (both totals below the target).
    W : numpy.ndarray
        ``W[d]``: the same when the opponent is the Leader ``d`` points ahead
        (``W[d] = 0`` beyond ``D = len(W) - 1``, see :mod:`furlib.furcle.solver`).
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

        >>> from furlib.furcle.solver import solve
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


#: The keys of a :class:`Solution`'s ``params`` (the rules it was solved for, as
#: :func:`~furlib.furcle.solver.solve` writes them).
_PARAM_KEYS = ("target", "n_dice", "sides", "bonus", "beekin")


def _check_parts(params: object, P: object, W: object, info: object) -> None:
    """Raise ValueError, naming it, for a part of a :class:`Solution` that is not what
    :func:`~furlib.furcle.solver.solve` passes."""
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
