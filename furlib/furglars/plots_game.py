"""Plotly charts of one game of The Furglars: the race for Bullion Points and where the dice are.

Re-exported by :mod:`furlib.furglars.plots`. Every function returns a
:class:`plotly.graph_objects.Figure` (it never calls ``.show()``); ``import
furlib`` does not import this module, and plotly is imported inside the
functions.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, cast

from ..core.charts.palette import GREEN, ORANGE, PURPLE, SKY_BLUE
from ..core.charts.plotting import Mark, style, whole_ticks
from ..core.charts.plotting import score_race as score_race_chart
from ..core.errors import excerpt
from ..core.words import act, plural
from . import events as ev
from .game import Furglars

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    import plotly.graph_objects as go

__all__ = ["score_race", "SCORE_MARKS", "dice_flow", "dice_flow_table", "PLACES"]

#: The places a die can be, bottom to top in :func:`dice_flow`, with their colours.
PLACES: dict[str, str] = {
    "In front, to roll": SKY_BLUE,
    "Furgles on cards": GREEN,
    "Locks on cards": ORANGE,
    "Pass pile (Hands, Xs, broken Locks)": PURPLE,
}
MAX_TURN_TICKS = 16


def _check_game(name: str, game: object) -> Furglars:
    if not isinstance(game, Furglars):
        raise ValueError(f"{name}() needs a Furglars game, got {type(game).__name__}")
    return game


def _progress_title(g: Furglars, title: str) -> str:
    if g.is_over:
        turns = g.turn - 1
        winner = cast(str, g.winner)   # the game is over, and The Furglars has one winner, never a shared win
        sub = f"{act(winner, 'wins')} after {plural(turns, 'turn')} (target {g.target})"
    elif not g.events:
        sub = f"no roll yet: {g.current_player} to start (target {g.target})"
    else:
        sub = f"so far: turn {g.turn}, {g.current_player} to play (target {g.target})"
    return f"{title}<br><sup>{sub}</sup>"


# ------------------------------------------------------------- score race
#: The marks of The Furglars' score chart: every steal, at the thief's line.
SCORE_MARKS = (Mark("Steals", (ev.STEAL,), symbol="triangle-down-open", size=11),)


def score_race(game: Furglars, *, x: str = "turn", now: int | None = None, template: Any = None) -> go.Figure:
    """Each player's Bullion Points over a game, with the target line and the steals.

    Points only change when a player cashes in the Furgles on their card at
    the start of their turn, so the lines are steps; a triangle on a
    player's line marks the turn they stole Furgles. Built on the shared
    :func:`furlib.core.charts.plotting.score_race`. Hover over a point to read what
    happened.

    Parameters
    ----------
    game : Furglars
        A game at any point: new, in progress or over.
    x : {"turn", "step"}, default "turn"
        ``"turn"``: the points at the end of each turn (turn 0 is the
        start); ``"step"``: one point per event.
    now : int, optional
        Mark the moment after ``now`` steps (the app's history slider).
    template : str or plotly Template, optional
        E.g. ``"plotly_dark"``; see :func:`furlib.core.charts.plotting.style`.

    Returns
    -------
    plotly.graph_objects.Figure
        One line per player, named after the player, then ``"Steals"`` if
        anybody stole; an annotation named ``"target"``.

    Raises
    ------
    ValueError
        If ``game`` is not a Furglars game, ``x`` is not "turn" or "step",
        ``now`` is not a step of the game, or ``template`` is not a plotly
        template.

    Examples
    --------
    >>> from furlib import Furglars
    >>> g = Furglars(2, seed=3).play()
    >>> fig = score_race(g)
    >>> fig.data[0].y[-1] == g.scores["Player 1"]
    True
    """
    g = _check_game("score_race", game)
    if x not in ("turn", "step"):
        raise ValueError(f"x must be 'turn' or 'step', got {excerpt(x)}")
    return score_race_chart(g, x=x, marks=SCORE_MARKS, target=g.target, y_title="Bullion Points",
                            x_title="Turn (points at its end)" if x == "turn" else "Step (each roll or decision)",
                            title=_progress_title(g, "The Furglars: the race for Bullion Points"), now=now,
                            template=template)


# -------------------------------------------------------------- dice flow
def dice_flow_table(game: Furglars) -> pd.DataFrame:
    """Where the dice are after every event: a table behind :func:`dice_flow`.

    Rebuilt from the events' data (each roll, break, pass, cash-in, Lock
    taken back and X-factor gift moves dice); the row after the last event
    of step ``k`` matches ``game.at(k).dice_locations`` added up over the
    players.

    Parameters
    ----------
    game : Furglars
        A game at any point.

    Returns
    -------
    pandas.DataFrame
        One row for the start and one per event: ``event`` (0 = start),
        ``step``, ``turn``, ``kind``, ``text``, then one column per place of
        :data:`PLACES`; every row adds up to ``game.total_dice``.

    Examples
    --------
    >>> from furlib import Furglars
    >>> t = dice_flow_table(Furglars(3, seed=1).roll("furgle", "lock", "hand", "x"))
    >>> t.iloc[1, 5:].tolist()        # after the roll: 8 to roll, 1 Furgle, 1 Lock, Hand and X in the pile
    [8, 1, 1, 2]
    """
    import pandas as pd

    g = _check_game("dice_flow_table", game)
    front, furgles, pile = g.total_dice, 0, 0
    locks = dict.fromkeys(g.players, 0)  # per card: an X factor or a win moves one card's Locks
    rows = [(0, 0, 1, "start", "the start", front, furgles, 0, pile)]
    for i, e in enumerate(g.events, start=1):
        d, me = e.data, e.player
        if e.kind == "roll":
            front -= d["furgle"] + d["lock"] + d["hand"] + d["x"]
            furgles, pile = furgles + d["furgle"], pile + d["hand"] + d["x"]
            locks[me] += d["lock"]
        elif e.kind == "break":
            locks[d["target"]] -= 1
            pile += 1
        elif e.kind == "pass":
            front, pile = front + d["dice"], pile - d["dice"]
        elif e.kind == "cash in":
            front, furgles = front + d["furgles"], furgles - d["furgles"]
        elif e.kind in ("take back", "win"):  # a winner's Locks leave the card too, with no event of their own
            front, locks[me] = front + locks[me], 0
        elif e.kind == "x factor":
            front += sum(n for p, n in locks.items() if p != me)
            locks = {p: n if p == me else 0 for p, n in locks.items()}
        rows.append((i, e.step, e.turn, e.kind, e.text, front, furgles, sum(locks.values()), pile))
    return pd.DataFrame(rows, columns=["event", "step", "turn", "kind", "text", *PLACES])


def dice_flow(game: Furglars, *, template: Any = None) -> go.Figure:
    """Where the dice are, event by event: stacked areas that always add up to the dice in play.

    Bottom to top: dice in front of the players (waiting to be rolled),
    Furgles on the Character Cards, Locks on the cards, and the pass pile
    (Hands, Xs and broken Locks of the turn being played). A roll moves dice
    from the front onto cards and into the pile; a pass moves the pile to
    the next player's front; a cash-in moves Furgles off the card. The x
    axis counts events; its ticks mark where each turn starts.

    Parameters
    ----------
    game : Furglars
        A game at any point.
    template : str or plotly Template, optional
        E.g. ``"plotly_dark"``.

    Returns
    -------
    plotly.graph_objects.Figure
        One stacked area trace per place of :data:`PLACES`, named after it,
        with the values of :func:`dice_flow_table`.

    Raises
    ------
    ValueError
        If ``game`` is not a Furglars game, or ``template`` is not a plotly
        template (a registered name or a Template).

    Examples
    --------
    >>> from furlib import Furglars
    >>> fig = dice_flow(Furglars(2, seed=4).play())
    >>> len(fig.data)
    4
    """
    import plotly.graph_objects as go

    g = _check_game("dice_flow", game)
    t = dice_flow_table(g)
    fig = go.Figure()
    for place, color in PLACES.items():
        fig.add_trace(go.Scatter(
            x=t["event"].tolist(), y=t[place].tolist(), name=place, mode="lines", stackgroup="dice",
            line=dict(color=color, width=0.5, shape="hv"), fillcolor=color, customdata=t["text"].tolist(),
            hovertemplate=f"{place}: %{{y}}<br>event %{{x}}: %{{customdata}}<extra></extra>",
        ))
    starts = t.groupby("turn")["event"].min()
    every = max(1, math.ceil(len(starts) / MAX_TURN_TICKS))
    shown = starts.iloc[::every]
    fig.update_xaxes(tickmode="array", tickvals=shown.tolist(), ticktext=[str(k) for k in shown.index],
                     title_text="Turn (each tick: where the turn starts; one point per event)",
                     range=[0, max(len(t) - 1, 1)])
    fig.update_yaxes(range=[0, g.total_dice * 1.02], title_text=f"Dice ({g.total_dice} in play)")
    whole_ticks(fig, axis="y", span=g.total_dice, ticks=6)
    return style(fig, title=_progress_title(g, "Where are the dice?"), template=template)
