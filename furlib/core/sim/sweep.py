"""Sweeps of the rules: every combination of rule values, the same bots, many games each, on one core or many.

``sweep(Furcle, {"target": range(20, 201, 10), "n_dice": [3, 4, 5]}, [SatisfiedAt(20), SatisfiedAt(30)], 10_000)``
plays 10,000 games for every target and dice count and returns one row per
grid cell and seat. The games of a cell are cut into blocks of a fixed size
(:data:`STEP_BLOCK` through the step API, :data:`FAST_BLOCK` on a vectorised
simulator); each block draws its seeds from ``numpy.random.SeedSequence(seed,
spawn_key=(cell, block))``. Blocks are the unit of work of every engine
(here, joblib's processes, a dask cluster), so the result is the same
whatever the engine and however many workers run it. See docs/sweep.md.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..engine.game import MAX_SEED as GAME_MAX_SEED
from ..engine.game import check_seed
from ..engine.players import MAX_GAME_PLAYERS
from ..errors import check_bool, check_int, cut_message, error_excerpt, excerpt
from ..stats import wilson_arrays
from ..words import plural
from .sweep_block import Block, BlockResult, fast_simulator

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["sweep", "MAX_CELLS", "MAX_VALUES", "MAX_GAMES", "MAX_FAST_GAMES", "MAX_STEP_GAMES", "MAX_JOBS",
           "MAX_SEED", "STEP_BLOCK", "FAST_BLOCK"]

#: The most grid cells (combinations of rule values) in one sweep.
MAX_CELLS = 10_000
#: The most values one grid keyword may list.
MAX_VALUES = 1_000
#: The most games per grid cell.
MAX_GAMES = 10_000_000
#: The most games of one sweep played on vectorised simulators (all cells together).
MAX_FAST_GAMES = 100_000_000
#: The most games of one sweep played through the step API (all cells together).
MAX_STEP_GAMES = 1_000_000
#: The most local processes (``jobs``); -1 means one per CPU.
MAX_JOBS = 256
#: The largest seed: a game's, ``furlib.core.engine.game.MAX_SEED`` (2**128 - 1; ``SeedSequence`` draws 128 bits).
MAX_SEED = GAME_MAX_SEED
#: The most characters of a scheduler's address.
MAX_ADDRESS_CHARS = 200
#: Games per block through the step API (fixed: a sweep's result never depends on its workers).
STEP_BLOCK = 20
#: Games per block on a vectorised simulator (fixed too).
FAST_BLOCK = 65_536


def sweep(game: Any, grid: Mapping[str, Any], bots: Sequence[Any], games: int, *, seed: int | None = None,
          jobs: int = 1, scheduler: Any = None, fast: bool | None = None,
          progress: bool | None = None) -> pd.DataFrame:
    """Play the same bots under every combination of rule values, and count who wins.

    Parameters
    ----------
    game : Game class
        A registered furlib game class (``Furcle``, ``Furglars``, ``FurryPoker``, ``Thieves``, or a demo game).
    grid : dict
        Constructor keyword -> the values to try (a list, tuple, range or 1-D
        numpy array, each value once, at most :data:`MAX_VALUES`). Every
        combination is a cell, at most :data:`MAX_CELLS`; ``{}`` is one cell
        of the default rules. ``players`` and ``seed`` are not rules here:
        the bots set the players, the sweep the seeds.
    bots : sequence of policies
        One bot per seat, the first one plays first (the same bot object may
        sit in several seats); at most the game's ``MAX_PLAYERS`` (counted
        before any bot is read).
    games : int
        Games per cell, 1 to :data:`MAX_GAMES`. All cells together may play at
        most :data:`MAX_FAST_GAMES` games on vectorised simulators and
        :data:`MAX_STEP_GAMES` through the step API.
    seed : int, optional
        0 to :data:`MAX_SEED`. None draws fresh entropy, kept in
        ``df.attrs["seed"]``: pass it back to repeat the sweep exactly.
    jobs : int, default 1
        Local processes (joblib's loky backend), 1 to :data:`MAX_JOBS`, or -1
        for one per CPU; more than 1 needs the ``furlib[scale]`` extra.
    scheduler : distributed.Client or str, optional
        Run on a dask cluster instead: a ``Client`` (of a ``LocalCluster`` or
        a real cluster), or a scheduler's address such as
        ``"tcp://10.0.0.5:8786"`` (a client is opened and closed for the
        call). Needs ``furlib[scale]`` here and furlib on every worker; leave
        ``jobs=1``.
    fast : bool, optional
        Use the game's vectorised simulator where it plays these bots and
        rules (None), require it in every cell (True), or never (False).
    progress : bool, optional
        A progress bar (``tqdm.auto``); None: only in a notebook or an
        interactive terminal.

    Returns
    -------
    pandas.DataFrame
        One row per cell and seat: a column per grid keyword, then ``seat``
        (1 plays first), ``bot``, ``games``, ``wins`` (sole wins), ``shared``
        (shared wins), ``win_rate``, ``low`` and ``high`` (its 95% Wilson
        interval), ``mean_score`` (final score, for a game that keeps scores),
        ``mean_turns`` (``game.turn`` when the game ended, the same for every
        seat of a cell) and ``fast`` (whether the cell ran on a vectorised
        simulator). ``.attrs`` holds ``seed``, ``game``, ``grid`` (the
        keywords) and ``blocks``.

    Every limit is checked before any work, in a time that does not grow
    with what is asked for: the grid's values and the bots are counted
    before any is read (a ``range`` is never listed), the games of all cells
    are counted before any cell's game is made, then every cell's rules are
    checked by making one game of them (never played); only then is a game
    played. A bot that raises is passed on as a
    :class:`~furlib.core.errors.PolicyError` (its message cut).

    Raises
    ------
    ValueError
        For a bad argument, before any game is played.
    ImportError
        For ``jobs`` above 1 or a ``scheduler`` without joblib or dask (``pip install 'furlib[scale]'``).

    Examples
    --------
    >>> from furlib import Furcle
    >>> from furlib.furcle.bots import SatisfiedAt
    >>> df = sweep(Furcle, {"target": [20, 40]}, [SatisfiedAt(10), SatisfiedAt(20)], 200, seed=1)
    >>> df[["target", "seat", "bot", "games"]].values.tolist()[:2]
    [[20, 1, 'SatisfiedAt(10)', 200], [20, 2, 'SatisfiedAt(20)', 200]]
    >>> bool((df.groupby("target").wins.sum() == 200).all())
    True
    """
    import pandas as pd

    from .progress import progress_bar
    from .sweep_backends import need, run_blocks
    from .tournament import _bot_names

    # every limit first, in a time that does not grow with what is asked for: the grid's sizes from their
    # lengths (nothing listed first), the games from the counts, then each cell's rules checked by making
    # one game of them (none played)
    info = _check_game(game)
    bots = _check_bots(game, bots)
    keys, cells = _check_grid(game, grid)
    games = check_int("games", games, low=1, high=MAX_GAMES)
    if seed is not None:
        seed = check_seed(seed, or_none=True)
    jobs = _check_jobs(jobs)
    if fast is not None:
        fast = check_bool("fast", fast)
    if progress is not None:
        progress = check_bool("progress", progress)
    scheduler = _check_scheduler(scheduler, jobs, need)
    can_fast = fast is not False and info.fast is not None
    _check_total(games, len(cells), len(cells) * games if can_fast else 0, 0 if can_fast else len(cells) * games)
    sims = []
    scored = None
    for cell in cells:
        g = _make(game, len(bots), cell)
        scored = bool(g.scores) if scored is None else scored
        sims.append(None if not can_fast else fast_simulator(info, bots, cell))
        if fast and sims[-1] is None:
            raise ValueError(f"{info.name} has no vectorised simulator for these bots and rules "
                             f"({excerpt(', '.join(_bot_names(bots)))}; {excerpt(cell)}); use fast=None or fast=False")
    n_fast = sum(s is not None for s in sims) * games
    _check_total(games, len(cells), n_fast, len(cells) * games - n_fast)

    entropy = int(np.random.SeedSequence(seed).entropy)  # type: ignore[arg-type]  # an int: seed is an int or None
    blocks = []
    for c, (cell, sim) in enumerate(zip(cells, sims)):
        size = FAST_BLOCK if sim is not None else STEP_BLOCK
        for b, start in enumerate(range(0, games, size)):
            blocks.append(Block(c, b, min(size, games - start), game, cell, bots,
                                None if sim is None else sim[0], entropy, sim is not None and sim[1]))
    bar = progress_bar(len(cells) * games, progress, desc=f"sweep of {info.title}")
    try:
        results = run_blocks(blocks, jobs=jobs, scheduler=scheduler, bar=bar)
    finally:
        bar.close()
    df = _table(pd, keys, cells, sims, _bot_names(bots), results, bool(scored))
    df.attrs.update(seed=entropy, game=info.name, grid=list(keys), blocks=len(blocks))
    return df


def _table(pd: Any, keys: list[str], cells: list[dict[str, Any]], sims: list[Any], names: list[str],
           results: list[BlockResult], scored: bool) -> pd.DataFrame:
    seats = len(names)
    n = len(cells)
    played = np.zeros(n, np.int64)
    wins = np.zeros((n, seats), np.int64)
    shared = np.zeros((n, seats), np.int64)
    scores = np.zeros((n, seats), np.int64)
    turns = np.zeros(n, np.int64)
    for r in results:                      # integer sums: the order of the blocks cannot change them
        played[r.cell] += r.games
        wins[r.cell] += r.wins
        shared[r.cell] += r.shared
        if r.scores is not None:
            scores[r.cell] += r.scores
        turns[r.cell] += r.turns
    games = np.repeat(played, seats)
    low, high = wilson_arrays(wins.ravel(), games)
    cols: dict[str, Any] = {k: [cell[k] for cell in cells for _ in range(seats)] for k in keys}
    cols.update(seat=np.tile(np.arange(1, seats + 1), n), bot=names * n, games=games, wins=wins.ravel(),
                shared=shared.ravel(), win_rate=wins.ravel() / games, low=low, high=high)
    if scored:
        cols["mean_score"] = scores.ravel() / games
    cols["mean_turns"] = np.repeat(turns / played, seats)
    cols["fast"] = np.repeat([s is not None for s in sims], seats)
    return pd.DataFrame(cols)


def _check_game(game: Any) -> Any:
    from ..registry import games, get

    names = ", ".join(i.name for i in games(demos=True))
    if not isinstance(game, type):
        raise ValueError(f"game must be a registered furlib game class ({names}), got {excerpt(game)}")
    try:
        info = get(game)
    except KeyError:
        info = None
    if info is None or info.cls is not game:
        raise ValueError(f"game must be a registered furlib game class ({names}), got {excerpt(game.__name__)}")
    return info


def _check_total(games: int, cells: int, n_fast: int, n_step: int) -> None:
    """Refuse a sweep of more games than the limit of a path (``MAX_FAST_GAMES``, ``MAX_STEP_GAMES``)."""
    for total, limit, name, path in ((n_fast, MAX_FAST_GAMES, "MAX_FAST_GAMES", "on vectorised simulators"),
                                     (n_step, MAX_STEP_GAMES, "MAX_STEP_GAMES", "through the step API")):
        if total > limit:
            raise ValueError(f"games={games:,} in {cells:,} cells asks for {total:,} games {path}; a sweep "
                             f"plays at most {limit:,} ({name}): ask for fewer games or cells")


def _check_bots(game: type, bots: Any) -> tuple[Any, ...]:
    if isinstance(bots, (str, bytes, Mapping)) or not isinstance(bots, Sequence):
        raise ValueError(f"bots must be a list with one bot per seat, got {excerpt(bots)}")
    if not bots:
        raise ValueError("bots must list one bot per seat, got none")
    seats = min(getattr(game, "MAX_PLAYERS", None) or MAX_GAME_PLAYERS, MAX_GAME_PLAYERS)
    if len(bots) > seats:    # counted before any is read
        raise ValueError(f"bots must list one bot per seat, and {game.__name__} seats at most {seats} players; "
                         f"got {len(bots):,} bots")
    for b in bots:
        if not callable(b):
            raise ValueError(f"each bot must be callable (game -> action), got {excerpt(b)}")
    return tuple(bots)


def _check_grid(game: type, grid: Any) -> tuple[list[str], list[dict[str, Any]]]:
    if not isinstance(grid, Mapping):
        raise ValueError(f"grid must be a dict from a rule keyword to the values to try, got {excerpt(grid)}")
    params = inspect.signature(game).parameters
    accepted = [p for p, v in params.items() if p not in ("players", "seed") and v.kind in (
        inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    keys: list[str] = []
    values: list[list[Any]] = []
    for key, vals in grid.items():
        if key in ("players", "seed"):
            why = "the bots set the players (one per seat)" if key == "players" else "the sweep seeds every game"
            raise ValueError(f"grid keyword {key!r} is not a rule to sweep: {why}; rules of {game.__name__}: "
                             f"{', '.join(accepted)}")
        if key not in accepted:
            raise ValueError(f"grid keyword {excerpt(key)} is not a rule of {game.__name__}; its rules are "
                             f"{', '.join(accepted)}")
        if not (isinstance(vals, (list, tuple, range)) or isinstance(vals, np.ndarray) and vals.ndim == 1):
            raise ValueError(f"grid[{key!r}] must be a list, tuple, range or 1-D array of values, got "
                             f"{excerpt(vals)}")
        if not 1 <= len(vals) <= MAX_VALUES:    # counted before any value is read (a range is never listed)
            raise ValueError(f"grid[{key!r}] must list 1 to {MAX_VALUES:,} values (MAX_VALUES), got {len(vals):,}")
        vals = vals.tolist() if isinstance(vals, np.ndarray) else list(vals)
        seen: list[Any] = []
        for v in vals:
            if any(type(v) is type(s) and v == s for s in seen):
                raise ValueError(f"grid[{key!r}] lists {excerpt(v)} twice: each value once")
            seen.append(v)
        keys.append(key)
        values.append(vals)
    n = math.prod(len(v) for v in values)
    if n > MAX_CELLS:
        raise ValueError(f"the grid has {n:,} cells ({' x '.join(str(len(v)) for v in values)}); a sweep has at "
                         f"most {MAX_CELLS:,} (MAX_CELLS): try fewer values")
    import itertools

    cells = [dict(zip(keys, combo)) for combo in itertools.product(*values)]
    return keys, cells


def _check_jobs(jobs: object) -> int:
    n = check_int("jobs", jobs, low=-1, high=MAX_JOBS)
    if n == 0:
        raise ValueError(f"jobs must be 1 to {MAX_JOBS} processes, or -1 for one per CPU; got 0")
    if n == -1:
        import os

        n = os.cpu_count() or 1
    return n


def _check_scheduler(scheduler: Any, jobs: int, need: Any) -> Any:
    if scheduler is None:
        return None
    if jobs != 1:
        raise ValueError(f"give jobs or a scheduler, not both (jobs={jobs}): the cluster's workers run the blocks")
    if isinstance(scheduler, str):
        if not 1 <= len(scheduler) <= MAX_ADDRESS_CHARS or any(c.isspace() for c in scheduler):
            raise ValueError(f"scheduler must be a dask scheduler's address such as 'tcp://10.0.0.5:8786' "
                             f"(at most {MAX_ADDRESS_CHARS} characters, no spaces), got {excerpt(scheduler)}")
        need("distributed", "a dask scheduler")
        return scheduler
    distributed = need("distributed", "a dask scheduler")
    if not isinstance(scheduler, distributed.Client):
        raise ValueError(f"scheduler must be a dask distributed.Client or a scheduler's address, "
                         f"got {excerpt(scheduler)}")
    return scheduler


def _make(game: type, seats: int, cell: dict[str, Any]) -> Any:
    """A game of the cell's rules (made to check them): its constructor's error, naming the cell."""
    try:
        return game(players=seats, seed=0, **cell)
    except Exception as e:   # the game's refusal (its message cut), or an error of its rules
        rules = "".join(f", {k}={excerpt(v)}" for k, v in cell.items())
        why = cut_message(e, 300) if isinstance(e, ValueError) else error_excerpt(e, 300)
        raise ValueError(f"{game.__name__}(players={seats}{rules}) is refused ({plural(seats, 'bot')}, one per seat): "
                         f"{why}") from e
