"""Tournaments between bots, for any furlib game (seats rotated, 95% Wilson intervals).

Only the Game protocol is used (construction, ``play``, ``winner``,
``players``), so every game works. A game may offer a vectorised fast path:
a ``_fast_tournament`` attribute on the class, or a function
``fast_tournament`` in the ``fast`` module of its package (for ``Furcle``:
:func:`furlib.furcle.fast.fast_tournament`). It is used when it accepts the
bots; ``fast=False`` forces the step API.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

from .errors import check_bool, check_int, excerpt
from .stats import wilson_interval

__all__ = ["tournament", "MAX_FAST_GAMES", "MAX_STEP_GAMES"]

#: The most games one ``tournament()`` call plays on a game's vectorised fast path (all meetings together).
MAX_FAST_GAMES = 10_000_000
#: The most games one ``tournament()`` call plays through the step API (``fast=False``, or no fast path).
MAX_STEP_GAMES = 100_000


def _bot_names(bots: Sequence[Any]) -> list[str]:
    names = [repr(b) for b in bots]
    counts: dict[str, int] = {}
    out = []
    for name in names:
        counts[name] = counts.get(name, 0) + 1
        out.append(name if names.count(name) == 1 else f"{name} #{counts[name]}")
    return out


def _fast_hook(game: Any) -> Callable[..., Any] | None:
    """The game's vectorised tournament hook from the registry (None for an unregistered game or none)."""
    hook = getattr(game, "_fast_tournament", None)
    if hook is not None or not isinstance(game, type):
        return hook
    from .registry import get

    try:
        return get(game).fast_hook()
    except KeyError:
        return None


class _Progress:
    """A text bar on stderr, or an ipywidgets bar inside a notebook."""

    def __init__(self, total: int, mode: object):
        self.total, self.done, self.bar, self.text = total, 0, None, False
        if mode is None:
            mode = _in_notebook() or sys.stderr.isatty()
        if not mode:
            return
        if _in_notebook():
            import ipywidgets
            from IPython.display import display

            self.bar = ipywidgets.IntProgress(value=0, min=0, max=total, description="games")
            display(self.bar)  # type: ignore[no-untyped-call]  # IPython's display is not annotated
        else:
            self.text = True
            self._draw()

    def _draw(self) -> None:
        width = 30
        filled = int(width * self.done / max(self.total, 1))
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} games")
        sys.stderr.flush()

    def update(self, n: int) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.value = self.done
        elif self.text:
            self._draw()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.bar_style = "success"
        elif self.text:
            sys.stderr.write("\n")


def _in_notebook() -> bool:
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    ip = shell.get_ipython()
    return ip is not None and type(ip).__name__ == "ZMQInteractiveShell"


def tournament(game: Any, bots: Sequence[Any], n_games: int, *, seed: int = 0, rotate_seats: bool = True,
               progress: bool | None = None, fast: bool | None = None, **game_kwargs: Any) -> pd.DataFrame:
    """Play bots against each other and report win rates with 95% Wilson intervals.

    Parameters
    ----------
    game : Game class or callable
        A furlib game class (called as ``game(players=names, seed=s, **game_kwargs)``)
        or a factory ``game(seed=s, **game_kwargs)`` returning a new game.
    bots : sequence of policies
        With as many bots as the game has seats (its default, or
        ``players=`` in ``game_kwargs``) every game seats them all; with more
        bots and a 2-seat game every pair meets (round robin).
    n_games : int
        Games per meeting (per pair in a round robin). All meetings together
        may play at most ``MAX_FAST_GAMES`` (10,000,000) games on the fast
        path and ``MAX_STEP_GAMES`` (100,000) through the step API; more is
        refused with a ValueError before any game is played.
    seed : int, default 0
        Game ``i`` of the tournament uses seed ``seed + i``: reproducible.
    rotate_seats : bool, default True
        Rotate the seats from game to game, so each bot starts equally often.
    progress : bool, optional
        Show a progress bar (text on stderr, or ipywidgets in a notebook);
        None: only in a notebook or an interactive terminal.
    fast : bool, optional
        Use the game's vectorised fast path if it accepts the bots (None),
        require it (True) or never use it (False). Fast games use their own
        random numbers, so they differ game by game from the step API but
        follow the same rules.
    **game_kwargs
        Passed to the game (e.g. ``target=30``).

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

    n_games = check_int("n_games", n_games, low=1)
    seed = check_int("seed", seed, low=0)
    rotate_seats = check_bool("rotate_seats", rotate_seats)
    if fast is not None:
        fast = check_bool("fast", fast)
    bots = list(bots)
    if len(bots) < 2:
        raise ValueError(f"a tournament needs at least 2 bots, got {len(bots)}")
    for b in bots:
        if not callable(b):
            raise ValueError(f"each bot must be callable (game -> action), got {excerpt(b)}")
    if not callable(game):
        raise ValueError(f"game must be a furlib game class or a factory returning a game, got {excerpt(game)}")
    names = _bot_names(bots)
    seats = _seat_count(game, game_kwargs)
    if len(bots) != seats and seats != 2:
        raise ValueError(f"this game seats {excerpt(seats)} players: give that many bots, or use a 2-player game "
                         f"for a round robin; got {len(bots)} bots")
    n_meetings = 1 if len(bots) == seats else len(bots) * (len(bots) - 1) // 2
    total = n_games * n_meetings
    hook = _fast_hook(game) if fast is not False and seats == 2 else None
    _check_games(total, n_games, n_meetings, fast=hook is not None)
    if len(bots) == seats:
        meetings = [tuple(range(seats))]
    else:
        meetings = list(itertools.combinations(range(len(bots)), 2))

    # Seat orders for every game of every meeting.
    plans = []
    for m in meetings:
        for g in range(n_games):
            shift = g % seats if rotate_seats else 0
            plans.append(m[shift:] + m[:shift])
    progress_bar = _Progress(len(plans), progress)
    winners: list[list[int]] = []          # bot indices that won each game
    used_fast = False
    if hook is not None:
        pairings, order = _group(plans)
        result = hook(bots, pairings, seed=seed, **dict(game_kwargs, players=seats))
        if result is not None:
            used_fast = True
            for (i, j, _), wins in zip(pairings, result):
                winners.extend([[i] if w == 0 else [j] for w in np.asarray(wins)])
                progress_bar.update(len(wins))
            winners = [winners[k] for k in np.argsort(order, kind="stable")]
    if not used_fast:
        if fast:
            raise ValueError(f"{getattr(game, '__name__', game)!r} has no fast path for these bots "
                             f"({', '.join(names)}); use fast=None or fast=False")
        _check_games(total, n_games, n_meetings, fast=False)
        for k, plan in enumerate(plans):
            g = _new_game(game, seats, seed + k, game_kwargs)
            g.play(*[bots[i] for i in plan])
            w = g.winner
            won = w if isinstance(w, tuple) else (w,) if w is not None else ()
            winners.append([plan[g.players.index(x)] for x in won])
            progress_bar.update(1)
    progress_bar.close()

    def table(rows_for: Iterable[tuple[int, Callable[[Any], bool]]]) -> list[tuple[Any, ...]]:
        rows: list[tuple[Any, ...]] = []
        for key, members in rows_for:
            games = wins = shared = 0
            for plan, won in zip(plans, winners):
                if members(plan):
                    games += 1
                    wins += won == [key]
                    shared += key in won and len(won) > 1
            low, high = wilson_interval(wins, games)
            rows.append((wins / games, low, high, games, wins, shared))
        return rows

    rows = table([(i, partial(_seated, i)) for i in range(len(bots))])
    df = pd.DataFrame(rows, columns=["win_rate", "ci_low", "ci_high", "games", "wins", "shared"])
    df.insert(0, "bot", names)
    df = df[["bot", "games", "wins", "shared", "win_rate", "ci_low", "ci_high"]]
    pair_rows = []
    for m in meetings:
        if len(m) != 2:
            continue
        for i, j in (m, m[::-1]):
            (stats,) = table([(i, partial(_met, m))])
            pair_rows.append((names[i], names[j], stats[3], stats[4], stats[5], *stats[:3]))
    df.attrs["pairings"] = pd.DataFrame(pair_rows, columns=["bot", "opponent", "games", "wins", "shared",
                                                            "win_rate", "ci_low", "ci_high"])
    df.attrs["fast"] = used_fast
    return df


def _check_games(total: int, n_games: int, meetings: int, *, fast: bool) -> None:
    """Refuse a tournament of more games than the limit of its path (``MAX_FAST_GAMES``, ``MAX_STEP_GAMES``)."""
    limit, name, path = ((MAX_FAST_GAMES, "MAX_FAST_GAMES", "on the fast path") if fast
                         else (MAX_STEP_GAMES, "MAX_STEP_GAMES", "through the step API"))
    if total > limit:
        each = f" ({n_games:,} for each of {meetings} meetings)" if meetings > 1 else ""
        raise ValueError(f"n_games={n_games:,} asks for {total:,} games{each}; a tournament plays at most "
                         f"{limit:,} games {path} ({name}): ask for fewer games")


def _seat_count(game: Any, kwargs: dict[Any, Any]) -> int:
    """Seats per game: from ``players`` if given, else the game's default."""
    players = kwargs.get("players")
    if isinstance(players, (list, tuple)):
        return len(players)
    if isinstance(players, int) and not isinstance(players, bool):
        return players
    return len(game(seed=0, **kwargs).players)


def _seated(i: int, plan: tuple[int, ...]) -> bool:
    """Whether bot ``i`` plays in the game of ``plan`` (a bot per seat)."""
    return i in plan


def _met(meeting: tuple[int, ...], plan: tuple[int, ...]) -> bool:
    """Whether the game of ``plan`` seats exactly the bots of ``meeting``."""
    return sorted(plan) == sorted(meeting)


def _new_game(game: Any, seats: int, seed: int, kwargs: dict[Any, Any]) -> Any:
    if isinstance(game, type):
        kw = dict(kwargs)
        kw.setdefault("players", [f"Seat {i + 1}" for i in range(seats)])
        g = game(**kw, seed=seed)
    else:
        g = game(seed=seed, **kwargs)
    if len(g.players) != seats:
        raise ValueError(f"the game has {len(g.players)} players, expected {seats}")
    return g


def _group(plans: list[tuple[int, ...]]) -> tuple[list[tuple[int, int, int]], np.ndarray]:
    """Group 2-seat plans by seat order: ([(i, j, count)], order index of each plan)."""
    keys: dict[tuple[int, ...], list[int]] = {}
    for k, plan in enumerate(plans):
        keys.setdefault(plan, []).append(k)
    pairings = [(p[0], p[1], len(ks)) for p, ks in keys.items()]
    order = np.concatenate([np.array(ks) for ks in keys.values()])
    return pairings, order
