"""Plotly charts of many games of The Furglars: how long games last, and who wins from which seat.

Re-exported by :mod:`furlib.furglars.plots`. Every function returns a
:class:`plotly.graph_objects.Figure` (it never calls ``.show()``); ``import
furlib`` does not import this module, and plotly is imported inside the
functions.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.charts.palette import BLUE, SKY_BLUE
from ..core.charts.plotting import NEUTRAL, percent_axis, player_colors, style, whole_ticks
from ..core.errors import check_int, excerpt
from ..core.stats import wilson_arrays
from .game import Furglars
from .plots_game import _check_game

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    import plotly.graph_objects as go

__all__ = ["game_length", "game_length_chart", "seat_win_rate_chart"]

MAX_BARS = 40  # game_length_chart groups lengths into at most this many bars


# ------------------------------------------------------------ game length
def game_length(game: Furglars) -> int:
    """Turns played in a finished game (the winner wins by cashing in at the start of the next turn).

    >>> from furlib import Furglars
    >>> g = Furglars(2, seed=3).play()
    >>> game_length(g) == g.turn - 1
    True
    """
    g = _check_game("game_length", game)
    if not g.is_over:
        raise ValueError(f"game_length() needs a finished game; this one is at turn {g.turn}: play it to the end")
    return g.turn - 1


def _lengths(values: object, what: str) -> np.ndarray:
    if isinstance(values, (str, bytes, dict)) or not hasattr(values, "__iter__"):
        raise ValueError(f"{what} must be a list of game lengths (whole numbers of turns) or of finished "
                         f"Furglars games, got {excerpt(values)}")
    out = []
    for v in values:
        if isinstance(v, Furglars):
            out.append(game_length(v))
        else:
            out.append(check_int("each game length", v, low=0))
    if not out:
        raise ValueError(f"{what} is empty: give at least one game")
    return np.array(out, dtype=np.int64)


def game_length_chart(data: object, *, by: str | None = None, template: Any = None) -> go.Figure:
    """The distribution of game length in turns: bars of the share of games per length.

    Parameters
    ----------
    data : list of int, list of Furglars, or pandas.DataFrame
        Game lengths in turns; or finished games (their :func:`game_length`);
        or a DataFrame with a column ``turns``.
    by : str, optional
        For a DataFrame: a column that splits the games into groups (e.g.
        ``"players"``); one set of bars per group, side by side.
    template : str or plotly Template, optional
        E.g. ``"plotly_dark"``.

    Returns
    -------
    plotly.graph_objects.Figure
        One bar trace per group (named ``"games"`` without groups, else
        ``"<by> = <value>"``), with the share of games per length (lengths
        are grouped into at most 40 bars of equal width); hover shows the
        counts. Without groups, dashed lines mark the mean and the median
        (annotations named ``"mean"`` and ``"median"``).

    Raises
    ------
    ValueError
        For an empty or unfinished input, a negative or fractional length,
        a DataFrame without ``turns`` (or ``by``) column, or ``by`` without
        a DataFrame.

    Examples
    --------
    >>> fig = game_length_chart([10, 12, 12, 15])
    >>> list(fig.data[0].x), list(fig.data[0].y)
    ([10, 11, 12, 13, 14, 15], [0.25, 0.0, 0.5, 0.0, 0.0, 0.25])
    """
    import pandas as pd
    import plotly.graph_objects as go

    if isinstance(data, pd.DataFrame):
        if "turns" not in data.columns:
            raise ValueError(f"the DataFrame needs a column 'turns'; its columns are {list(data.columns)}")
        if by is not None and by not in data.columns:
            raise ValueError(f"by={excerpt(by)} is not a column of the DataFrame; its columns are {list(data.columns)}")
        if by is None:
            groups = [("games", _lengths(data["turns"].tolist(), "data['turns']"))]
        else:
            groups = [(f"{by} = {k}", _lengths(v["turns"].tolist(), f"the turns of {by} = {k}"))
                      for k, v in data.groupby(by, sort=True)]
            if not groups:
                raise ValueError("the DataFrame is empty: give at least one game")
    else:
        if by is not None:
            raise ValueError(f"by={excerpt(by)} needs a DataFrame with that column; got {type(data).__name__}")
        groups = [("games", _lengths(data, "data"))]
    low = int(min(v.min() for _, v in groups))
    high = int(max(v.max() for _, v in groups))
    width = max(1, math.ceil((high - low + 1) / MAX_BARS))
    edges = np.arange(low, high + width + 1, width)
    fig = go.Figure()
    centers = edges[:-1] + (width - 1) / 2 if width > 1 else edges[:-1]
    for (name, lengths), color in zip(groups, player_colors(len(groups))):
        counts = np.histogram(lengths, bins=edges)[0]
        labels = [f"{a} turns" if width == 1 else f"{a} to {a + width - 1} turns" for a in edges[:-1]]
        fig.add_trace(go.Bar(
            x=centers.tolist(), y=(counts / len(lengths)).tolist(), name=name, marker=dict(color=color),
            customdata=[[int(c), len(lengths), lab] for c, lab in zip(counts, labels)],
            hovertemplate=(f"{name}: %{{customdata[2]}}<br>%{{customdata[0]}} of %{{customdata[1]}} games "
                           "= %{y:.1%}<extra></extra>"),
        ))
    if len(groups) == 1:
        lengths = groups[0][1]
        mean, median = float(lengths.mean()), float(np.median(lengths))
        first, second = sorted([("median", median), ("mean", mean)], key=lambda nv: nv[1])
        for (name, value), anchor in ((first, "right"), (second, "left")):   # labels point away from each other
            fig.add_vline(x=value, line=dict(color=NEUTRAL, dash="dash", width=1.5))
            fig.add_annotation(x=value, y=1, yref="paper", text=f"{name} {value:.1f}", name=name,
                               showarrow=False, xanchor=anchor, yanchor="bottom")
        sub = f"{len(lengths):,} games; mean {mean:.1f} turns, median {median:g}"
    else:
        sub = "; ".join(f"{name}: {len(v):,} games, mean {v.mean():.1f}" for name, v in groups)
    fig.update_layout(barmode="group", bargap=0.1)
    fig.update_xaxes(title_text="Game length (turns played before the winning cash-in)")
    whole_ticks(fig, axis="x", span=high - low + width)                 # turns: whole numbers
    percent_axis(fig, title="Share of games")
    return style(fig, title=f"How long does a game of The Furglars last?<br><sup>{sub}</sup>", template=template)


# --------------------------------------------------------- seat win rates
def _seat_table(results: object, n_seats: int | None) -> pd.DataFrame:
    import pandas as pd

    if isinstance(results, pd.DataFrame):
        if n_seats is not None:
            raise ValueError("n_seats is only for a list of winners; a DataFrame lists its seats itself")
        missing = [c for c in ("seat", "wins", "games") if c not in results.columns]
        if missing:
            raise ValueError(f"the DataFrame needs columns 'seat', 'wins' and 'games'; missing {missing} "
                             f"(its columns are {list(results.columns)})")
        if results.empty:
            raise ValueError("the DataFrame has no rows: give one row per seat")
        if results["seat"].duplicated().any():
            raise ValueError(f"each seat must appear once; seats are {results['seat'].tolist()}")
        for _, r in results.iterrows():
            games = check_int(f"games of seat {r['seat']}", r["games"], low=1)
            check_int(f"wins of seat {r['seat']}", r["wins"], low=0, high=games)
        return results[["seat", "wins", "games"]].reset_index(drop=True)
    if isinstance(results, (str, bytes)) or not hasattr(results, "__iter__"):
        raise ValueError(f"results must be a DataFrame with columns seat, wins, games, or a list of winners "
                         f"(finished Furglars games or winning seat numbers 1, 2, ...), got {excerpt(results)}")
    items = list(results)
    if not items:
        raise ValueError("results is empty: give at least one game")
    if all(isinstance(x, Furglars) for x in items):
        sizes = {len(x.players) for x in items}
        if len(sizes) > 1:
            raise ValueError(f"all games must have the same number of seats, got {sorted(sizes)}")
        for x in items:
            if not x.is_over:
                raise ValueError(f"every game must be finished; one is at turn {x.turn}")
        seats = [x.players.index(x.winner) + 1 for x in items]
        n = sizes.pop() if n_seats is None else n_seats
    else:
        seats = [check_int("each winning seat", x, low=1) for x in items]
        n = max(seats) if n_seats is None else n_seats
    n = check_int("n_seats", n, low=1)
    if max(seats) > n:
        raise ValueError(f"a winning seat is {max(seats)}, but n_seats is {n}")
    wins = np.bincount(np.array(seats) - 1, minlength=n)
    return pd.DataFrame({"seat": range(1, n + 1), "wins": wins, "games": len(seats)})


def seat_win_rate_chart(results: object, *, n_seats: int | None = None, template: Any = None) -> go.Figure:
    """Win rate by seat (order of play) with 95% Wilson intervals and the fair-share line.

    Parameters
    ----------
    results : pandas.DataFrame or list
        A DataFrame with one row per seat and columns ``seat``, ``wins``,
        ``games``; or the winners: a list of finished Furglars games (all
        with the same number of players; seat 1 plays first), or a list of
        winning seat numbers 1, 2, ....
    n_seats : int, optional
        With a list of seat numbers: how many seats there were (default the
        largest seat number in the list; give it when a seat never won).
    template : str or plotly Template, optional
        E.g. ``"plotly_dark"``.

    Returns
    -------
    plotly.graph_objects.Figure
        A bar trace ``"win rate"`` with error bars (the Wilson interval from
        :func:`furlib.core.stats.wilson_arrays`), and a dashed line at the
        fair share ``1 / seats`` (a layout shape, named in the legend by an
        empty trace ``"fair share 1/<seats>"``).

    Raises
    ------
    ValueError
        For a missing column, a seat listed twice, wins outside 0..games,
        an empty input, unfinished games or seat numbers out of range.

    Examples
    --------
    >>> fig = seat_win_rate_chart([1, 2, 1, 1], n_seats=3)
    >>> list(fig.data[0].y)
    [0.75, 0.25, 0.0]
    """
    import plotly.graph_objects as go

    t = _seat_table(results, n_seats)
    wins, games = t["wins"].to_numpy(dtype=float), t["games"].to_numpy(dtype=float)
    rate = wins / games
    low, high = wilson_arrays(wins, games)
    labels = [f"Seat {s}" if isinstance(s, (int, np.integer)) else str(s) for s in t["seat"]]
    fig = go.Figure(go.Bar(
        x=labels, y=rate.tolist(), name="win rate", marker=dict(color=SKY_BLUE, line=dict(color=BLUE, width=1.5)),
        error_y=dict(type="data", symmetric=False, array=(high - rate).tolist(), arrayminus=(rate - low).tolist(),
                     color=BLUE, thickness=2, width=8),
        customdata=np.column_stack([wins, games, low, high]).tolist(),
        hovertemplate=("%{x}: %{customdata[0]:.0f} wins in %{customdata[1]:.0f} games = %{y:.1%}"
                       "<br>95% interval %{customdata[2]:.1%} to %{customdata[3]:.1%}<extra></extra>"),
    ))
    fair = 1 / len(t)
    fig.add_hline(y=fair, line=dict(color=NEUTRAL, dash="dash", width=1.5))
    fig.add_trace(go.Scatter(x=[None], y=[None], mode="lines", name=f"fair share 1/{len(t)}",
                             line=dict(color=NEUTRAL, dash="dash", width=1.5), hoverinfo="skip"))
    total = int(games.max()) if len(set(games)) == 1 else int(games.sum())
    fig.update_xaxes(title_text="Seat (seat 1 plays first)", type="category")
    percent_axis(fig, title="Share of games won")
    fig.update_yaxes(range=[0, min(1.0, max(float(high.max()), fair) * 1.15 + 0.02)])
    return style(fig, title=f"Does the order of play matter?<br><sup>win rate by seat over {total:,} games, "
                            "with 95% Wilson intervals</sup>", template=template)
