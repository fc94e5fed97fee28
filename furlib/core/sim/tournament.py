"""Tournaments between bots, for any furlib game (seats rotated, 95% Wilson intervals).

Only the Game protocol is used (construction, ``play``, ``winner``,
``players``), so every game works. A game may offer a vectorised fast path:
a ``_fast_tournament`` attribute on the class, or a function
``fast_tournament`` in the ``fast`` module of its package (for ``Furcle``:
:func:`furlib.furcle.fast.fast_tournament`). It is used when it accepts the
bots; ``fast=False`` forces the step API. A hook is first asked with no
pairings (``hook(bots, [], seed=..., **rules)``): None says it does not play
these bots or rules, anything else that it does.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

from ..engine.game import MAX_SEED, Game, check_seed
from ..errors import check_bool, check_int, cut_message, error_excerpt, excerpt
from ..stats import wilson_arrays, wilson_interval

__all__ = ["tournament", "MAX_FAST_GAMES", "MAX_STEP_GAMES", "MAX_BOTS", "MAX_SEATS"]

#: The most games one ``tournament()`` call plays on a game's vectorised fast path (all meetings together).
MAX_FAST_GAMES = 10_000_000
#: The most games one ``tournament()`` call plays through the step API (``fast=False``, or no fast path).
MAX_STEP_GAMES = 100_000
#: The most bots in one tournament: a class's every bot in one round robin (100 bots meet in 4,950 pairs).
MAX_BOTS = 100
#: The most seats of a tournament's game (every bot in every game: as many seats as bots).
MAX_SEATS = MAX_BOTS


def _bot_names(bots: Sequence[Any]) -> list[str]:
    """Each bot's ``repr``, numbered ``#1``, ``#2`` ... where several read the same."""
    names = [_bot_name(b) for b in bots]
    total = Counter(names)
    counts: dict[str, int] = {}
    out = []
    for name in names:
        counts[name] = counts.get(name, 0) + 1
        out.append(name if total[name] == 1 else f"{name} #{counts[name]}")
    return out


def _bot_name(bot: Any) -> str:
    """``repr(bot)``; for a bot whose ``repr`` fails, its type (a bot's repr is the caller's code)."""
    try:
        return repr(bot)
    except Exception:  # noqa: BLE001 - a bot's repr is the caller's code: any failure, the type names it
        return f"<a {type(bot).__name__} that cannot be shown>"


def _fast_hook(game: Any) -> Callable[..., Any] | None:
    """The game's vectorised tournament hook from the registry (None for an unregistered game or none)."""
    hook = getattr(game, "_fast_tournament", None)
    if hook is not None or not isinstance(game, type):
        return hook
    from ..registry import get

    try:
        return get(game).fast_hook()
    except KeyError:
        return None


def tournament(game: Any, bots: Sequence[Any], n_games: int, *, seed: int = 0, rotate_seats: bool = True,
               progress: bool | None = None, fast: bool | None = None, **game_kwargs: Any) -> pd.DataFrame:
    """Play bots against each other and report win rates with 95% Wilson intervals.

    Parameters
    ----------
    game : Game class or callable
        A furlib game class (called as ``game(players=names, seed=s, **game_kwargs)``)
        or a factory ``game(seed=s, **game_kwargs)`` returning a new game.
    bots : iterable of policies
        2 to ``MAX_BOTS`` (100) bots, read no further than one past the
        limit. With as many bots as the game has seats (its default, or
        ``players=`` in ``game_kwargs``) every game seats them all; with more
        bots and a 2-seat game every pair meets (round robin).
    n_games : int
        Games per meeting (per pair in a round robin). All meetings together
        may play at most ``MAX_FAST_GAMES`` (10,000,000) games on the fast
        path and ``MAX_STEP_GAMES`` (100,000) through the step API; more is
        refused with a ValueError before any game is played.
    seed : int, default 0
        Game ``i`` of the tournament uses seed ``seed + i``: reproducible
        (``seed + i`` at most ``MAX_SEED``, 2**128 - 1).
    rotate_seats : bool, default True
        Rotate the seats from game to game, so each bot starts equally often.
    progress : bool, optional
        Show a progress bar (``tqdm.auto``: ipywidgets in a notebook, text on
        stderr in a terminal); None: only in a notebook or an interactive
        terminal. An interrupt (Ctrl+C, a notebook's stop button) closes the
        bar and is raised again; the game being played is left as it was.
    fast : bool, optional
        Use the game's vectorised fast path if it accepts the bots (None),
        require it (True) or never use it (False). Fast games use their own
        random numbers, so they differ game by game from the step API but
        follow the same rules.
    **game_kwargs
        Passed to the game (e.g. ``target=30``).

    Every limit is checked before any work, in a time that does not grow
    with what is asked for: the arguments, the bots, the rules (one game is
    made with them, seed 0, and never played: the game's own refusal, cut to
    an excerpt, names them), the fast path (asked, with no games, whether it
    plays these bots and rules) and the number of games on the path that
    will play them; then the seat plans are made and the games played.

    Raises
    ------
    ValueError
        For a bad argument or a limit passed, before any game is played; for
        an error of a caller's factory or game class (its message cut); a bot
        that raises is passed on as a :class:`~furlib.core.errors.PolicyError`.

    Returns
    -------
    pandas.DataFrame
        One row per bot: ``bot``, ``games``, ``wins``, ``shared`` (shared
        wins), ``win_rate``, ``ci_low``, ``ci_high``; ``.attrs["pairings"]``
        has the same columns per pair of bots (round robin) and
        ``.attrs["fast"]`` says which path played.

    Examples
    --------
    >>> from furlib import Furcle
    >>> from furlib.furcle.bots import SatisfiedAt
    >>> df = tournament(Furcle, [SatisfiedAt(10), SatisfiedAt(40)], 200, target=30, fast=False)
    >>> df[["bot", "games", "wins"]].values.tolist()[0][:2]
    ['SatisfiedAt(10)', 200]
    >>> bool(df.win_rate.iloc[0] > df.win_rate.iloc[1])
    True
    """
    import pandas as pd

    from .progress import progress_bar

    # every limit first, in a time that does not grow with what is asked for (no plan made, no game played)
    n_games = check_int("n_games", n_games, low=1)
    seed = check_seed(seed)
    rotate_seats = check_bool("rotate_seats", rotate_seats)
    if fast is not None:
        fast = check_bool("fast", fast)
    if progress is not None:
        progress = check_bool("progress", progress)
    if not callable(game):
        raise ValueError(f"game must be a furlib game class or a factory returning a game, got {excerpt(game)}")
    bots = _read_bots(bots)
    seats = _probe(game, len(bots), game_kwargs)   # the rules checked: one game made, none played
    if len(bots) != seats and seats != 2:
        raise ValueError(f"this game seats {excerpt(seats)} players: give that many bots, or use a 2-player game "
                         f"for a round robin; got {len(bots)} bots")
    names = _bot_names(bots)
    n_meetings = 1 if len(bots) == seats else len(bots) * (len(bots) - 1) // 2
    total = n_games * n_meetings
    hook = _fast_hook(game) if fast is not False and seats == 2 else None
    if hook is not None and _declines(hook, bots, seed, game_kwargs, seats):
        hook = None
    if fast and hook is None:
        raise ValueError(f"{excerpt(getattr(game, '__name__', game))} has no fast path for these bots "
                         f"({cut_message(', '.join(names), 120)}); use fast=None or fast=False")
    _check_games(total, n_games, n_meetings, fast=hook is not None)
    if hook is None and seed + total - 1 > MAX_SEED:
        raise ValueError(f"seed={excerpt(seed)} is too large for {total:,} games: game i of a tournament is seeded "
                         f"seed + i, at most 2**128 - 1 (MAX_SEED); use a seed up to MAX_SEED - {total - 1:,}")
    if len(bots) == seats:
        meetings = [tuple(range(seats))]
    else:
        meetings = list(itertools.combinations(range(len(bots)), 2))

    # Seat orders for every game of every meeting: game g of meeting m sits its bots shifted by g % seats.
    shifts = np.arange(n_games) % seats if rotate_seats else np.zeros(n_games, np.int64)
    meeting_of = np.repeat(np.arange(n_meetings), n_games)
    plans = np.concatenate([np.asarray(m)[(shifts[:, None] + np.arange(seats)) % seats] for m in meetings])
    bar = progress_bar(total, progress, desc="tournament")
    sole = np.full(total, -1, np.int64)        # the bot that won each game alone, or -1
    shared: list[tuple[int, int]] = []         # (game, bot) of every shared win
    used_fast = False
    try:
        if hook is not None:
            pairings, groups = _pairings(meetings, shifts, n_games, seats)
            result = hook(bots, pairings, seed=seed, **dict(game_kwargs, players=seats))
            if result is not None:
                used_fast = True
                for (i, j, _), where, wins in zip(pairings, groups, result):
                    sole[where] = np.where(np.asarray(wins) == 0, i, j)
                    bar.update(len(where))
        if not used_fast:
            if fast:   # pragma: no cover - a hook that accepted these bots with no pairings, then declined
                raise ValueError(f"{excerpt(getattr(game, '__name__', game))} has no fast path for these bots "
                                 f"({cut_message(', '.join(names), 120)}); use fast=None or fast=False")
            _check_games(total, n_games, n_meetings, fast=False)
            for k, plan in enumerate(plans.tolist()):
                g = _new_game(game, seats, seed + k, game_kwargs)
                _play(g, [bots[i] for i in plan], k, seed + k)
                w = g.winner
                won = w if isinstance(w, tuple) else (w,) if w is not None else ()
                if len(won) == 1:
                    sole[k] = plan[g.players.index(won[0])]
                else:
                    shared.extend((k, plan[g.players.index(x)]) for x in won)
                bar.update(1)
    finally:
        bar.close()

    n_bots = len(bots)
    alone = sole >= 0
    shared_games = np.array([k for k, _ in shared], np.int64)
    shared_bots = np.array([b for _, b in shared], np.int64)
    games_of = np.bincount(plans.ravel(), minlength=n_bots)
    wins_of = np.bincount(sole[alone], minlength=n_bots)
    shared_of = np.bincount(shared_bots, minlength=n_bots)
    low, high = wilson_arrays(wins_of, games_of)
    df = pd.DataFrame({"bot": names, "games": games_of, "wins": wins_of, "shared": shared_of,
                       "win_rate": wins_of / games_of, "ci_low": low, "ci_high": high})
    pair_rows = []
    if seats == 2:
        # per meeting m and bot b: games n_games, wins and shared wins counted by (meeting, bot)
        key = meeting_of * n_bots
        meet_wins = np.bincount(key[alone] + sole[alone], minlength=n_meetings * n_bots)
        meet_shared = np.bincount(key[shared_games] + shared_bots if shared else np.zeros(0, np.int64),
                                  minlength=n_meetings * n_bots)
        for m, meeting in enumerate(meetings):
            for i, j in (meeting, meeting[::-1]):
                w, s = int(meet_wins[m * n_bots + i]), int(meet_shared[m * n_bots + i])
                lo, hi = wilson_interval(w, n_games)
                pair_rows.append((names[i], names[j], n_games, w, s, w / n_games, lo, hi))
    df.attrs["pairings"] = pd.DataFrame(pair_rows, columns=["bot", "opponent", "games", "wins", "shared",
                                                            "win_rate", "ci_low", "ci_high"])
    df.attrs["fast"] = used_fast
    return df


def _check_games(total: int, n_games: int, meetings: int, *, fast: bool) -> None:
    """Refuse a tournament of more games than the limit of its path (``MAX_FAST_GAMES``, ``MAX_STEP_GAMES``)."""
    limit, name, path = ((MAX_FAST_GAMES, "MAX_FAST_GAMES", "on the fast path") if fast
                         else (MAX_STEP_GAMES, "MAX_STEP_GAMES", "through the step API"))
    if total > limit:
        each = f" ({_count(n_games)} for each of {meetings:,} meetings)" if meetings > 1 else ""
        raise ValueError(f"n_games={_count(n_games)} asks for {_count(total)} games{each}; a tournament plays at "
                         f"most {limit:,} games {path} ({name}): ask for fewer games")


def _count(n: int) -> str:
    """``n`` with thousands separators; an excerpt for a number too long to read."""
    return f"{n:,}" if n < 10**30 else excerpt(n)


def _read_bots(bots: Any) -> list[Any]:
    """The bots, read lazily (at most ``MAX_BOTS + 1`` of an iterable), each checked callable."""
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Iterable):
        raise ValueError(f"bots must be a list of policies (game -> action), got {excerpt(bots)}")
    read = list(itertools.islice(bots, MAX_BOTS + 1))
    if len(read) > MAX_BOTS:
        raise ValueError(f"a tournament takes at most {MAX_BOTS} bots (MAX_BOTS), got more")
    if len(read) < 2:
        raise ValueError(f"a tournament needs at least 2 bots, got {len(read)}")
    for b in read:
        if not callable(b):
            raise ValueError(f"each bot must be callable (game -> action), got {excerpt(b)}")
    return read


def _probe(game: Any, n_bots: int, kwargs: dict[Any, Any]) -> int:
    """The seats of the tournament's game, and its rules checked as the game checks them, before any work:
    one game made (seed 0), never played. Seats from ``players`` if given, else the game's default."""
    players = kwargs.get("players")
    if isinstance(players, (list, tuple)):
        seats = len(players)
    elif isinstance(players, int) and not isinstance(players, bool):
        seats = players
    else:
        return len(_made(game, kwargs, 0, None).players)
    if seats == n_bots or seats == 2:   # else the caller refuses the seats, without making a game
        _new_game(game, seats, 0, kwargs)
    return seats


def _made(game: Any, kwargs: dict[Any, Any], seed: int, players: Any) -> Any:
    """``game(seed=seed, **kwargs)`` (with ``players`` if not None): a refusal or an error of the game (its
    constructor, a factory: the caller's code) as a ValueError naming the rules, its message cut."""
    kw = dict(kwargs) if players is None else dict(kwargs, players=players)
    try:
        return game(**kw, seed=seed)
    except Exception as e:
        rules = [f"{cut_message(k, 40)}={excerpt(v)}" for k, v in itertools.islice(kw.items(), 8)]
        what = cut_message(game.__name__, 40) if isinstance(game, type) else "the game factory"
        why = cut_message(e, 300) if isinstance(e, ValueError) else error_excerpt(e, 300)
        raise ValueError(f"{what}({', '.join([*rules, f'seed={seed}'])}) is refused: {why}") from e


def _new_game(game: Any, seats: int, seed: int, kwargs: dict[Any, Any]) -> Any:
    if isinstance(game, type):
        players = kwargs.get("players", [f"Seat {i + 1}" for i in range(seats)])
        g = _made(game, {k: v for k, v in kwargs.items() if k != "players"}, seed, players)
    else:
        g = _made(game, kwargs, seed, None)
    if len(g.players) != seats:
        raise ValueError(f"the game has {len(g.players)} players, expected {seats}")
    return g


def _declines(hook: Callable[..., Any], bots: list[Any], seed: int, kwargs: dict[Any, Any], seats: int) -> bool:
    """True if the fast path does not play these bots and rules: it is asked with no games to play (a hook
    answers None for bots or rules it cannot simulate, before it simulates anything)."""
    return hook(bots, [], seed=seed, **dict(kwargs, players=seats)) is None


def _play(g: Any, policies: list[Any], k: int, seed: int) -> None:
    """``g.play(*policies)``: a furlib game's errors as they are (short: a policy's is a PolicyError); those of
    another game (the caller's own code) as a ValueError, its message cut."""
    if isinstance(g, Game):
        g.play(*policies)
        return
    try:
        g.play(*policies)
    except Exception as e:
        raise ValueError(f"game {k} of the tournament (seed {seed}) failed: {error_excerpt(e)}") from e


def _pairings(meetings: list[tuple[int, ...]], shifts: np.ndarray, n_games: int,
              seats: int) -> tuple[list[tuple[int, int, int]], list[np.ndarray]]:
    """Group a 2-seat tournament's games by seat order: ([(i, j, count)], the games of each), in order of first game."""
    pairings, groups = [], []
    for m, meeting in enumerate(meetings):
        for shift in range(seats):
            where = m * n_games + np.flatnonzero(shifts == shift)
            if where.size:
                order = meeting[shift:] + meeting[:shift]
                pairings.append((order[0], order[1], int(where.size)))
                groups.append(where)
    return pairings, groups
