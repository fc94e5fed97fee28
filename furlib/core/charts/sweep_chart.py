"""The chart of a sweep: lines over one rule, a heatmap over two (plotly and the core's plotting imported when drawn).

>>> from furlib import Furcle, sweep
>>> from furlib.furcle.bots import SatisfiedAt
>>> df = sweep(Furcle, {"target": [20, 40]}, [SatisfiedAt(10), SatisfiedAt(20)], 100, seed=1)
>>> [t.name for t in sweep_chart(df).data]
['seat 1: SatisfiedAt(10)', 'seat 2: SatisfiedAt(20)']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import check_int, excerpt

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

__all__ = ["sweep_chart"]

#: The columns a chart may show (proportions drawn as percentages).
VALUES = ("win_rate", "shared", "wins", "mean_score", "mean_turns")
#: The columns that count games: their axis or colour bar has whole-number ticks only.
COUNTS = ("wins", "shared")
#: Means (of points, of turns) spread over at least this much get whole-number ticks too; a narrower spread
#: keeps plotly's ticks (between two whole numbers there would be no tick at all).
MIN_WHOLE_SPAN = 3
_WORDS = {"win_rate": "win rate", "shared": "shared wins", "wins": "wins", "mean_score": "mean final score",
          "mean_turns": "mean length (turns)"}


def sweep_chart(df: Any, *, x: str | None = None, y: str | None = None, seat: int = 1, value: str = "win_rate",
                title: str | None = None, template: Any = None) -> go.Figure:
    """Draw a :func:`~furlib.core.sim.sweep.sweep`: lines over one rule keyword, a heatmap over two.

    Parameters
    ----------
    df : pandas.DataFrame
        The table returned by ``sweep`` (its ``.attrs["grid"]`` names the rule keywords).
    x, y : str, optional
        The keywords on the axes. Default: the sweep's keywords in order; with
        more than two, name ``x`` (and ``y``) and keep one value of the others
        (``df[df.sides == 6]``).
    seat : int, default 1
        For a heatmap, the seat whose ``value`` is coloured (1 plays first).
        Lines show every seat, with the 95% interval of each win rate.
    value : str, default "win_rate"
        The column to show: ``"win_rate"``, ``"wins"``, ``"shared"``, ``"mean_score"`` or ``"mean_turns"``.
    title : str, optional
        The chart's title; by default it says what is drawn.
    template : str, optional
        A plotly template (see :func:`furlib.core.charts.style.style`).

    Returns
    -------
    plotly.graph_objects.Figure
        Lines named ``"seat 1: <bot>"``, ... (with error bars for the win
        rate), or one heatmap named after the seat, ``z[i][j]`` at
        ``y[i]``, ``x[j]``.
    """
    import pandas as pd
    import plotly.graph_objects as go

    from .style import percent_axis, style  # here, not at the top: ``import furlib`` loads no plotting
    from .ticks import whole_ticks

    if not isinstance(df, pd.DataFrame) or "seat" not in df or "grid" not in df.attrs:
        raise ValueError(f"df must be the table of sweep() (with .attrs['grid']), got {excerpt(type(df).__name__)}")
    if value not in VALUES or value not in df:
        raise ValueError(f"value must be a column of the sweep among {', '.join(VALUES)}, got {excerpt(value)}")
    grid = list(df.attrs["grid"])
    if not grid:
        raise ValueError("this sweep has no rule keyword (grid={}): there is nothing to draw a chart over")
    if x is None and y is not None:
        raise ValueError(f"give x too: y={excerpt(y)} is the second axis of a heatmap")
    axes = grid[:2] if x is None else [x] if y is None else [x, y]
    for k in axes:
        if k not in grid:
            raise ValueError(f"{excerpt(k)} is not a keyword of this sweep; its keywords: {', '.join(grid)}")
    if len(axes) == 2 and axes[0] == axes[1]:
        raise ValueError(f"x and y must be two different keywords, got {axes[0]!r} twice")
    for k in grid:
        if k not in axes and df[k].astype(str).nunique() > 1:
            raise ValueError(f"the chart draws over {' and '.join(axes)}: keep one value of {k!r} first, "
                             f"e.g. df[df[{k!r}] == {excerpt(df[k].tolist()[0])}]")
    percent = value == "win_rate"
    label = _WORDS[value]
    if len(axes) == 1:
        fig = _lines(go, df, axes[0], value, percent)
        default = f"{label.capitalize()} by {axes[0]}"
    else:
        seat = check_int("seat", seat, low=1, high=int(df.seat.max()))
        fig = _heatmap(go, df, axes[0], axes[1], seat, value, percent)
        bot = df.loc[df.seat == seat, "bot"].iloc[0]
        default = f"{label.capitalize()} of seat {seat} ({bot}) by {axes[0]} and {axes[1]}"
    style(fig, title=title if title is not None else default, template=template)
    if len(axes) == 1:
        fig.update_xaxes(title_text=axes[0])
        _rule_ticks(fig, "x", df[axes[0]])
        if percent:
            percent_axis(fig, title=label)
        else:
            fig.update_yaxes(title_text=label)
            shown = df[value].astype(float)
            if value in COUNTS or shown.max() - shown.min() >= MIN_WHOLE_SPAN:
                whole_ticks(fig, axis="y", span=float(shown.max() - shown.min()), ticks=6)
    else:
        fig.update_xaxes(title_text=axes[0])
        fig.update_yaxes(title_text=axes[1])
        _rule_ticks(fig, "x", df[axes[0]])
        _rule_ticks(fig, "y", df[axes[1]])
    return fig


def _rule_ticks(fig: go.Figure, axis: str, column: Any) -> None:
    """A rule's axis: a tick at each of its values when they are numbers (no 4.5 dice between 4 and 5), whole
    numbers only on a longer range of whole numbers; text values are categories (a tick each already)."""
    from .ticks import MAX_VALUE_TICKS, whole_ticks

    values = _axis_values(dict.fromkeys(column))
    if not values or isinstance(values[0], str):
        return
    if all(float(v).is_integer() for v in values):
        whole_ticks(fig, axis=axis, values=values, span=max(values) - min(values))
    elif len(values) <= MAX_VALUE_TICKS:
        (fig.update_xaxes if axis == "x" else fig.update_yaxes)(tickmode="array", tickvals=sorted(values))


def _axis_values(values: Any) -> list[Any]:
    """Numbers stay numbers (a numeric axis); anything else (True, a table) is written as text."""
    out = list(values)
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in out):
        return out
    return [str(v) for v in out]


def _lines(go: Any, df: Any, x: str, value: str, percent: bool) -> go.Figure:
    from .palette import NEUTRAL, player_colors, player_dashes

    fig = go.Figure()
    seats = sorted(df.seat.unique().tolist())
    colors, dashes = player_colors(len(seats)), player_dashes(len(seats))
    for k, seat in enumerate(seats):
        rows = df[df.seat == seat]
        error = None
        if percent:
            error = dict(type="data", symmetric=False, array=(rows.high - rows.win_rate).tolist(),
                         arrayminus=(rows.win_rate - rows.low).tolist(), color=colors[k], thickness=1.2, width=3)
        fig.add_trace(go.Scatter(x=_axis_values(rows[x]), y=rows[value].tolist(), mode="lines+markers",
                                 name=f"seat {seat}: {rows.bot.iloc[0]}", error_y=error,
                                 line=dict(color=colors[k], dash=dashes[k], width=2)))
    if percent and len(seats) > 1:
        fig.add_hline(y=1 / len(seats), line=dict(color=NEUTRAL, dash="dot", width=1), name="fair share")
    return fig


def _heatmap(go: Any, df: Any, x: str, y: str, seat: int, value: str, percent: bool) -> go.Figure:
    rows = df[df.seat == seat]
    xs = list(dict.fromkeys(rows[x].astype(str)))
    ys = list(dict.fromkeys(rows[y].astype(str)))
    z: list[list[float | None]] = [[None] * len(xs) for _ in ys]
    for xv, yv, v in zip(rows[x].astype(str), rows[y].astype(str), rows[value]):
        z[ys.index(yv)][xs.index(xv)] = float(v)
    xvals = _axis_values(dict.fromkeys(rows[x]))
    yvals = _axis_values(dict.fromkeys(rows[y]))
    fmt = ".0%" if percent else ".3g"
    hover = f"{x} %{{x}}, {y} %{{y}}: %{{z:{fmt}}}<extra></extra>"
    bar: dict[str, Any] = dict(title=_WORDS[value], tickformat=".0%" if percent else None)
    shown = [v for row in z for v in row if v is not None]
    if shown and (value in COUNTS or max(shown) - min(shown) >= MIN_WHOLE_SPAN):     # whole numbers of games
        from .ticks import whole_step

        bar.update(tickmode="linear", tick0=0, dtick=whole_step(max(shown) - min(shown), 6), tickformat=",d")
    return go.Figure(go.Heatmap(z=z, x=xvals, y=yvals, colorscale="Viridis", colorbar=bar, hovertemplate=hover,
                                name=f"seat {seat}: {rows.bot.iloc[0]}"))
