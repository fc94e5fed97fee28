"""Vectorised simulation of Oh Furcle! turns and 2-player games (numpy, no Python loop per die).

Every roll is a real roll of dice: one random integer in ``[0, sides**k)``
is the ``k`` faces written in base ``sides``. A table maps it to its outcome
class (:mod:`furlib.furcle.exact`); a second table, compiled from the policy,
says what the player does with that roll at that turn score. All turns (or
games) still going advance together, one roll per round.

Policies that compile: ``SatisfiedAt(k)``, the optimal turn policy, turn
tables (as in :func:`~furlib.furcle.turn.turn_value`) and the 2-player
optimal bot of :func:`~furlib.furcle.solver.solve`. Other bots need the step
API (e.g. :func:`furlib.core.sim.tournament.tournament`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..core.engine.seeds import MAX_SEED
from ..core.engine.seeds import check_seed as check_game_seed
from ..core.errors import check_bool, check_int, excerpt
from .analysis import check_seed
from .exact import MAX_EXACT_DICE, TransitionModel, transition_model
from .rules import MAX_TARGET
from .turn import OptimalTurnPolicy, PerRules, _rescue_choice, _stop_rule, _tail_choice, bounds

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from .solver import Solution

__all__ = ["simulate_turns", "simulate_games", "fast_tournament", "compile_policy", "MAX_SIM_TURNS", "MAX_SIM_GAMES",
           "MAX_GAME_TURNS", "MAX_CODES", "MAX_DICE_CELLS", "MAX_TABLE_CELLS"]

FURCLE, BANK, ROLL = 0, 1, 2
#: The most different ordered rolls (``sides ** n_dice``) the simulator tabulates ...
MAX_CODES = 1 << 22
#: ... and the most cells of its dice tables (``sides ** n_dice`` times the turn's states and dice: at most about
#: 400 MB), checked before they are built.
MAX_DICE_CELLS = 1 << 26
#: The most cells of a compiled turn policy (turn scores up to its cap, times states, times outcome classes: 8 bytes
#: each, at most 128 MB), checked before it is built.
MAX_TABLE_CELLS = 1 << 24
#: The most turns :func:`simulate_turns` plays in one call (its DataFrame keeps 14 bytes a turn: at most 350 MB).
MAX_SIM_TURNS = 25_000_000
#: The most games :func:`simulate_games` plays in one call (its DataFrame keeps 32 bytes a game: at most 320 MB).
MAX_SIM_GAMES = 10_000_000
#: The largest ``max_turns`` of :func:`simulate_games` (a game to ``MAX_TARGET`` takes a few hundred turns).
MAX_GAME_TURNS = 1_000_000
#: How a compiled roll is packed in one int64: action (2 bits), Beekin used (1 bit), next state + 1 (``STATE_BITS``
#: bits: a turn of ``MAX_EXACT_DICE`` dice with the Beekin has 2 * (MAX_EXACT_DICE - 1) states), then the points.
STATE_BITS = max(2 * (MAX_EXACT_DICE - 1), 1).bit_length()
STATE_MASK = (1 << STATE_BITS) - 1
POINTS_SHIFT = 3 + STATE_BITS
#: Turns or games simulated together: small enough to stay in cache, big enough for numpy.
CHUNK = 1 << 16

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
#: Per turn: (banked points, rolls, furcled, Beekin used).
TurnResults = tuple[IntArray, npt.NDArray[np.int32], BoolArray, BoolArray]
#: One seat's turns of many games: (my scores, their scores, they lead, rng) -> TurnResults.
Runner = Callable[[IntArray, IntArray, BoolArray, np.random.Generator], TurnResults]


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


def _rules(n_dice: int, sides: int, bonus: Mapping[int, int] | None, beekin: bool) -> TransitionModel:
    return transition_model(n_dice, sides=sides, bonus=bonus, beekin=check_bool("beekin", beekin))


def simulate_turns(policy: Any, n: int, *, seed: int | None = None, n_dice: int = 5, sides: int = 6,
                   bonus: Mapping[int, int] | None = None, beekin: bool = True) -> pd.DataFrame:
    """Simulate ``n`` turns played by a turn policy, all at once.

    Parameters
    ----------
    policy : SatisfiedAt, OptimalTurnPolicy, dict or DataFrame
        Any policy :func:`~furlib.furcle.turn.turn_value` accepts.
    n : int
        Number of turns (1 to ``MAX_SIM_TURNS``, 25,000,000).
    seed : int, optional
        Seed of the random generator (same seed, same turns): 0 to
        ``MAX_SEED``.
    n_dice, sides, bonus, beekin
        The game's rules.

    Returns
    -------
    pandas.DataFrame
        One row per turn: ``banked`` points, ``rolls``, ``furcled``,
        ``beekin`` (whether the Beekin was used).

    Examples
    --------
    >>> from furlib.furcle.bots import SatisfiedAt
    >>> df = simulate_turns(SatisfiedAt(20), 100_000, seed=1)
    >>> round(float(df.banked.mean()), 1)      # exact: turn_value(SatisfiedAt(20)) = 3.317
    3.3
    """
    import pandas as pd

    n = check_int("n", n, low=1, high=MAX_SIM_TURNS)
    seed = check_seed(seed)
    model = _rules(n_dice, sides, bonus, beekin)
    tab, dice = compile_policy(policy, model), _dice(model)
    rng = np.random.default_rng(seed)
    parts = [_run_turns(tab, dice, min(CHUNK, n - s), rng) for s in range(0, n, CHUNK)]
    banked, rolls, furcled, used = (np.concatenate(x) for x in zip(*parts))
    return pd.DataFrame({"banked": banked, "rolls": rolls, "furcled": furcled, "beekin": used})


# ----------------------------------------------------------------- solver turns
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


# ----------------------------------------------------------------- games
def _seat_runner(policy: Any, model: TransitionModel, dice: _Dice, target: int) -> Runner:
    from .solver import Solution, SolverBot

    if isinstance(policy, (Solution, SolverBot)):
        sol = policy if isinstance(policy, Solution) else policy.solution
        p = sol.params
        want = dict(target=target, n_dice=model.n_dice, sides=model.sides, bonus=model.bonus, beekin=model.beekin)
        if {k: p[k] for k in want} != want:
            raise ValueError(f"the solver bot was solved for {p}, not for this game {want}")
        runner = _SolverTurns(sol, dice)
        return lambda a, b, led, rng: runner.run(a, b, led, rng)
    tab = compile_policy(policy, model)
    return lambda a, b, led, rng: _run_turns(tab, dice, len(a), rng)


def supports(policy: Any) -> bool:
    """True if :func:`simulate_games` can play ``policy`` (a turn policy or the solver's bot)."""
    import pandas as pd

    from .bots import SatisfiedAt
    from .solver import Solution, SolverBot

    return isinstance(policy, (SatisfiedAt, OptimalTurnPolicy, Solution, SolverBot, Mapping, pd.DataFrame))


def _play(runners: Sequence[Runner], n: int, rng: np.random.Generator, target: int,
          max_turns: int) -> tuple[IntArray, IntArray, IntArray]:
    scores = np.zeros((n, 2), np.int64)
    leader = np.full(n, -1)
    turns = np.zeros(n, np.int64)
    winner = np.full(n, -1)
    cur = np.zeros(n, np.int64)
    live = np.arange(n)
    for _ in range(max_turns):
        if not live.size:
            break
        seat = cur[live]
        for s in (0, 1):
            g = live[seat == s]
            if not g.size:
                continue
            mine, theirs = scores[g, s], scores[g, 1 - s]
            banked = runners[s](mine, theirs, leader[g] == 1 - s, rng)[0]
            scores[g, s] = mine + banked
            total, lead = scores[g, s], leader[g]
            lead_total = np.where(lead >= 0, scores[g, np.maximum(lead, 0)], -1)
            leader[g] = np.where((total >= target) & (total > lead_total), s, lead)
        turns[live] += 1
        cur[live] = 1 - cur[live]
        over = leader[live] == cur[live]
        winner[live[over]] = cur[live[over]]
        live = live[~over]
    if live.size:
        raise RuntimeError(f"{live.size} games did not end within {max_turns} turns")
    return winner, scores, turns


def simulate_games(policies: Any, n: int, *, seed: int | None = None, target: int = 50, n_dice: int = 5,
                   sides: int = 6, bonus: Mapping[int, int] | None = None, beekin: bool = True,
                   max_turns: int = 100_000) -> pd.DataFrame:
    """Simulate ``n`` 2-player games at once.

    Parameters
    ----------
    policies : policy or pair of policies
        One policy for both seats, or ``(seat 0, seat 1)``. Each is a turn
        policy (``SatisfiedAt``, ``OptimalTurnPolicy``, a table) or the bot
        of :func:`~furlib.furcle.solver.solve` (or its ``Solution``).
    n : int
        Number of games (1 to ``MAX_SIM_GAMES``, 10,000,000). Seat 0 always
        starts.
    seed : int, optional
        Seed of the random generator (0 to ``MAX_SEED``).
    target, n_dice, sides, bonus, beekin
        The game's rules (``target`` 1 to ``MAX_TARGET``, as in a game).
    max_turns : int, default 100000
        Safety bound (1 to ``MAX_GAME_TURNS``, 1,000,000); a RuntimeError if
        a game is still going.

    Returns
    -------
    pandas.DataFrame
        One row per game: ``winner`` (seat 0 or 1), ``score_0``, ``score_1``
        (final totals), ``turns``.

    Examples
    --------
    >>> from furlib.furcle.bots import SatisfiedAt
    >>> df = simulate_games([SatisfiedAt(10), SatisfiedAt(20)], 2000, seed=3, target=30)
    >>> bool((df.winner == 0).mean() > 0.5)
    True
    """
    import pandas as pd

    n = check_int("n", n, low=1, high=MAX_SIM_GAMES)
    target = check_int("target", target, low=1, high=MAX_TARGET)
    max_turns = check_int("max_turns", max_turns, low=1, high=MAX_GAME_TURNS)
    seed = check_seed(seed)
    pair = list(policies) if isinstance(policies, (list, tuple)) else [policies, policies]
    if len(pair) != 2:
        raise ValueError(f"simulate_games plays 2-player games: give one policy or two, got {len(pair)}")
    for p in pair:
        if not supports(p):
            raise ValueError(f"the fast simulator cannot play {excerpt(p)}: it takes SatisfiedAt, an "
                             "OptimalTurnPolicy, a turn table or a solver bot; use the step API for others")
    model = _rules(n_dice, sides, bonus, beekin)
    dice = _dice(model)
    runners = [_seat_runner(p, model, dice, target) for p in pair]
    rng = np.random.default_rng(seed)
    parts = [_play(runners, min(CHUNK, n - s), rng, target, max_turns) for s in range(0, n, CHUNK)]
    winner, scores, turns = (np.concatenate(x) for x in zip(*parts))
    return pd.DataFrame({"winner": winner, "score_0": scores[:, 0], "score_1": scores[:, 1], "turns": turns})


def fast_tournament(bots: Sequence[Any], pairings: Sequence[tuple[int, int, int]], *, seed: int = 0,
                    **game_kwargs: Any) -> list[IntArray] | None:
    """Fast path of :func:`furlib.core.sim.tournament.tournament` for Furcle (2 players).

    ``pairings`` lists ``(seat 0 bot, seat 1 bot, games)``; returns the list
    of winner arrays (0 or 1 per game), or None when some bot or rule cannot
    be simulated here (the tournament then uses the step API). ``seed`` is
    any seed of a game, 0 to ``MAX_SEED`` (2**128 - 1): meeting ``k`` is
    simulated with seed ``(seed * 1_000_003 + k) % 2**128`` (its own random
    numbers: the games differ from the step API's, with the same rules).

    >>> from furlib.furcle.bots import SatisfiedAt
    >>> [len(w) for w in fast_tournament([SatisfiedAt(10), SatisfiedAt(20)], [(0, 1, 5)], seed=2**128 - 1)]
    [5]
    """
    seed = check_game_seed(seed)
    players = game_kwargs.pop("players", 2)
    if players not in (2, None) or not all(supports(b) for b in bots):
        return None
    allowed = {"target", "n_dice", "sides", "bonus", "beekin"}
    if set(game_kwargs) - allowed:
        return None
    out = []
    for k, (i, j, games) in enumerate(pairings):
        df = simulate_games([bots[i], bots[j]], games, seed=_meeting_seed(seed, k), **game_kwargs)
        out.append(df.winner.to_numpy())
    return out


def _meeting_seed(seed: int, k: int) -> int:
    """The seed of meeting ``k`` of a fast tournament: ``seed * 1_000_003 + k``, wrapped into 0 to ``MAX_SEED``
    (the same number for every seed up to ``MAX_SEED // 1_000_003``, so those tournaments are as they were)."""
    return (seed * 1_000_003 + k) % (MAX_SEED + 1)
