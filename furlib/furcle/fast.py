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

The parts live in their own modules, and every name is importable from here:
the tables (:mod:`~furlib.furcle.fast_tables`: the dice, :func:`compile_policy`
and the turns played from a compiled policy) and the solver's bot
(:mod:`~furlib.furcle.fast_solver`); here the simulations themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.engine.seeds import MAX_SEED
from ..core.engine.seeds import check_seed as check_game_seed
from ..core.errors import check_bool, check_int, excerpt
from .analysis import check_seed
from .exact import TransitionModel, transition_model
from .fast_solver import _SolverTurns
from .fast_tables import BANK as BANK
from .fast_tables import FURCLE as FURCLE
from .fast_tables import (
    MAX_CODES,
    MAX_DICE_CELLS,
    MAX_TABLE_CELLS,
    BoolArray,
    IntArray,
    TurnResults,
    _Dice,
    _run_turns,
    compile_policy,
)
from .fast_tables import POINTS_SHIFT as POINTS_SHIFT
from .fast_tables import ROLL as ROLL
from .fast_tables import STATE_BITS as STATE_BITS
from .fast_tables import STATE_MASK as STATE_MASK
from .fast_tables import TurnTable as TurnTable
from .fast_tables import _build_dice as _build_dice
from .fast_tables import _dice as _dice
from .rules import MAX_TARGET
from .turn import OptimalTurnPolicy

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["simulate_turns", "simulate_games", "fast_tournament", "compile_policy", "MAX_SIM_TURNS", "MAX_SIM_GAMES",
           "MAX_GAME_TURNS", "MAX_CODES", "MAX_DICE_CELLS", "MAX_TABLE_CELLS"]

#: The most turns :func:`simulate_turns` plays in one call (its DataFrame keeps 14 bytes a turn: at most 350 MB).
MAX_SIM_TURNS = 25_000_000
#: The most games :func:`simulate_games` plays in one call (its DataFrame keeps 32 bytes a game: at most 320 MB).
MAX_SIM_GAMES = 10_000_000
#: The largest ``max_turns`` of :func:`simulate_games` (a game to ``MAX_TARGET`` takes a few hundred turns).
MAX_GAME_TURNS = 1_000_000
#: Turns or games simulated together: small enough to stay in cache, big enough for numpy.
CHUNK = 1 << 16

#: One seat's turns of many games: (my scores, their scores, they lead, rng) -> TurnResults.
Runner = Callable[[IntArray, IntArray, BoolArray, np.random.Generator], TurnResults]


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
