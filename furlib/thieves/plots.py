"""Plotly charts for Thieves: win rates by seat and bot, game lengths, where the gold changes hands.

Every function returns a :class:`plotly.graph_objects.Figure` (it never calls
``.show()``). ``import furlib`` does not import this module, and plotly is
imported inside the functions. The data come from
:mod:`furlib.thieves.analysis` (``play_games``, ``seat_table``, ``gold_changes``).

>>> from furlib.thieves.analysis import play_games, seat_table
>>> from furlib.thieves.bots import Greedy
>>> games = play_games([Greedy(), Greedy()], 4, seed=1)
>>> fig = seat_win_rate_chart(seat_table(games, ["Greedy", "Greedy again"]))
>>> [t.name for t in fig.data]
['Greedy', 'Greedy again', 'either']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.charts.plotting import percent_axis, player_colors, style
from ..core.errors import check_int, excerpt
from .analysis import _read_games
from .board import Board
from .squares import column_letter, row_number, square_name

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    import plotly.graph_objects as go

    from ..core.engine.game import Game

__all__ = ["seat_win_rate_chart", "game_length_chart", "gold_heatmap"]


def seat_win_rate_chart(table: pd.DataFrame, *, template: Any = None) -> go.Figure:
    """Win rate by seat (1 begins) for each bot, with 95% Wilson intervals as error bars.

    ``table`` is :func:`furlib.thieves.analysis.seat_table`'s DataFrame; a
    dotted line marks 50%, where a fair seat would sit.

    Raises
    ------
    ValueError
        If ``table`` lacks the columns of ``seat_table``.
    """
    import plotly.graph_objects as go

    need = {"bot", "seat", "games", "win_rate", "ci_low", "ci_high"}
    if not hasattr(table, "columns") or not need <= set(table.columns):
        raise ValueError(f"seat_win_rate_chart() needs a seat_table() DataFrame with columns {sorted(need)}")
    fig = go.Figure()
    bots = list(dict.fromkeys(table["bot"]))
    colors = player_colors(len(bots))
    for bot, color in zip(bots, colors):
        rows = table[table["bot"] == bot]
        fig.add_bar(name=str(bot), x=[f"seat {s}" for s in rows["seat"]], y=rows["win_rate"], marker_color=color,
                    error_y=dict(type="data", symmetric=False, array=rows["ci_high"] - rows["win_rate"],
                                 arrayminus=rows["win_rate"] - rows["ci_low"]),
                    customdata=rows[["games", "ci_low", "ci_high"]].values,
                    hovertemplate="%{x}: %{y:.1%} of %{customdata[0]} games "
                                  "(95% interval %{customdata[1]:.1%} to %{customdata[2]:.1%})<extra>" + str(bot)
                                  + "</extra>")
    fig.add_hline(y=0.5, line_dash="dot", annotation_text="50%")
    fig.update_layout(barmode="group", xaxis_title="seat (seat 1 begins)")
    style(fig, title="Thieves: win rate by seat, with 95% intervals", template=template)
    return percent_axis(fig, title="win rate")


def game_length_chart(games: Sequence[Game], *, template: Any = None) -> go.Figure:
    """How many turns the games lasted: a histogram (one bar per 5 turns), undecided games apart.

    ``games``: a Thieves game or a list of at most ``MAX_READ_GAMES`` (100,000).

    Raises
    ------
    ValueError
        If ``games`` is empty, or is not Thieves games (naming what is not).
    """
    import plotly.graph_objects as go

    games = _read_games(games, "game_length_chart()")
    if not games:
        raise ValueError("game_length_chart() needs at least one finished game")
    won = [g.turn for g in games if g.winner is not None]
    undecided = [g.turn for g in games if g.winner is None]
    fig = go.Figure()
    fig.add_histogram(x=won, name=f"won ({len(won)})", xbins=dict(size=5), marker_color=player_colors(1)[0])
    if undecided:
        fig.add_histogram(x=undecided, name=f"undecided ({len(undecided)})", xbins=dict(size=5),
                          marker_color="#999999")
    fig.update_layout(barmode="stack", xaxis_title="turns played", yaxis_title="games")
    return style(fig, title=f"Thieves: game length over {len(games)} games", template=template)


def gold_heatmap(counts: dict[tuple[int, int], int], board: Board | None = None, *, template: Any = None) -> go.Figure:
    """Where the gold changes hands, as a heatmap on the labyrinth (pathways only; walls blank).

    ``counts`` is :func:`furlib.thieves.analysis.gold_changes`'s ``{(row, col): count}``.

    Raises
    ------
    ValueError
        If ``counts`` is not such a dict (counts whole numbers >= 0), or a
        square in it is not a pathway of ``board``.
    """
    import plotly.graph_objects as go

    if not isinstance(counts, dict):
        raise ValueError(f"gold_heatmap() needs gold_changes()' dict {{(row, col): count}}, got {excerpt(counts)}")
    board = Board.default() if board is None else Board.load(board)
    paths = set(board.pathways)
    for cell, n in counts.items():
        if not isinstance(cell, tuple) or cell not in paths:
            raise ValueError(f"counts has {excerpt(cell)}, which is not a pathway of the board")
        check_int(f"counts[{excerpt(cell)}]", n, low=0)
    rows = [(r - 1) // 2 for r in range(1, board.rows, 2)]
    cols = [(c - 1) // 2 for c in range(1, board.cols, 2)]
    z = [[counts.get((2 * i + 1, 2 * j + 1), 0) for j in cols] for i in rows]
    text = [[square_name(2 * i + 1, 2 * j + 1) for j in cols] for i in rows]
    fig = go.Figure(go.Heatmap(z=z, x=[2 * j + 1 for j in cols], y=[2 * i + 1 for i in rows], text=text,
                               colorscale="YlOrBr", colorbar_title="changes",
                               hovertemplate="%{text}: %{z}<extra></extra>"))
    for seat, _name in ((0, "first player's exit"), (1, "second player's exit")):
        r, c = board.exits[seat]
        fig.add_annotation(x=c, y=r, text="exit " + str(seat + 1), showarrow=False)
    gr, gc = board.gold_square
    fig.add_annotation(x=gc, y=gr, text="gold", showarrow=False)
    # the axes labelled as the drawn board is: columns A, B, ... and rows 1, 2, ... (furlib.thieves.squares)
    fig.update_yaxes(autorange="reversed", title_text="row", scaleanchor="x",
                     tickvals=[2 * i + 1 for i in rows], ticktext=[str(row_number(2 * i + 1)) for i in rows])
    fig.update_xaxes(title_text="column", tickvals=[2 * j + 1 for j in cols],
                     ticktext=[column_letter(2 * j + 1) for j in cols])
    return style(fig, title=f"Where the gold changes hands ({sum(counts.values())} times)", template=template)
