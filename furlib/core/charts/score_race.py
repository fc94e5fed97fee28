"""The score race every game with scores shares: one line per player over a game, its target and its marks.

:func:`score_race` draws it (the apps' live chart and the games' ``score_race``
plots); :func:`has_scores` says whether a game has scores to draw and
:func:`progress_note` where it stands, in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import check_int, excerpt
from .marks import NOTE_ROOM, Mark, add_mark
from .palette import NEUTRAL, PLAYER_SYMBOLS, TRANSPARENT, player_colors, player_dashes
from .style import compact, style, target_line
from .ticks import whole_ticks

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

MAX_MARKED_POINTS = 60  # a line with more points than this is drawn without markers


def has_scores(game: Any) -> bool:
    """True if ``game`` keeps one score per player (and its events carry them).

    A game without scores (a race on a board) gets no score chart.

    >>> from furlib import Furcle
    >>> has_scores(Furcle(seed=1))
    True
    """
    try:
        scores = game.scores
        players = tuple(game.players)
        events = game.events
    except (AttributeError, KeyError, TypeError, NotImplementedError):
        return False
    if not isinstance(scores, Mapping) or not scores or len(scores) != len(players):
        return False
    return all(len(e.scores) == len(players) for e in events)


def progress_note(game: Any) -> str:
    """Where a game stands, in words, for a chart's subtitle (game-neutral).

    >>> from furlib import Furcle
    >>> progress_note(Furcle(players=["Ann", "Bob"], seed=1))
    'no move yet: Ann to start'
    """
    from ..words import act, subjects

    if game.is_over:
        w = game.winner
        if isinstance(w, tuple):
            return f"game over: {subjects(list(w))} share the win"
        return f"game over: {act(w, 'wins')}" if w is not None else "game over"
    if not game.events:
        return f"no move yet: {game.current_player} to start"
    return f"so far: turn {game.turn}, {game.current_player} to play"


def _turn_points(events: list[Any], n: int, not_a_turn: tuple[str, ...]) -> tuple[list[Any], list[Any], list[Any]]:
    """x (turns), score rows and hover notes at the end of each turn, from the start (turn 0)."""
    turns: dict[int, list[Any]] = {}
    for e in events:
        if e.kind not in not_a_turn:
            turns.setdefault(e.turn, []).append(e)
    xs, rows, notes = [0], [(0,) * n], ["start"]
    before = (0,) * n
    for t, evs in turns.items():
        changed = []
        for e in evs:
            if tuple(e.scores) != before or e is evs[-1]:
                changed.append(e.text)
            before = tuple(e.scores)
        xs.append(t)
        rows.append(tuple(evs[-1].scores))
        notes.append(f"turn {t}: " + "; ".join(changed))
    return xs, rows, notes


def _moment_x(events: list[Any], now: int, x: str, not_a_turn: tuple[str, ...]) -> float:
    """Where the moment after ``now`` steps sits on the x axis (mid-turn moments between turn ends)."""
    if x == "step":
        return float(now)
    played = [e for e in events if e.kind not in not_a_turn]
    done = [e for e in played if e.step <= now]
    if not done:
        return 0.0
    t = done[-1].turn
    in_turn = [e for e in played if e.turn == t]
    earlier = [e.turn for e in played if e.turn < t]
    start = earlier[-1] if earlier else 0
    seen = sum(1 for e in in_turn if e.step <= now)
    return float(start + (t - start) * seen / len(in_turn))


def score_race(game: Any, *, x: str = "turn", marks: Sequence[Mark] = (), target: float | None = None,
               title: str | None = None, y_title: str = "Score", unit: str = "points",
               x_title: str | None = None, not_a_turn: Sequence[str] = (), now: int | None = None,
               template: Any = None) -> go.Figure:
    """Every player's score over a game, one line each, with the game's own marks.

    The chart every game with scores shares: one step line per player (the
    scores after each turn, or after each event), the target as a dashed
    line, and markers where the events the caller names happened (a Furcle,
    a steal, a new Leader). Equal scores stay visible: each player's line is
    thinner than the one before and its points have their own symbol.

    Parameters
    ----------
    game : Game
        Any furlib game with scores (see :func:`has_scores`), at any point.
    x : {"turn", "step"}, default "turn"
        ``"turn"``: the scores at the end of each turn (0 is the start);
        ``"step"``: after every event (the step count of the game).
    marks : sequence of Mark
        The events to mark (see :class:`Mark`); a mark with no event yet
        draws nothing.
    target : number, optional
        Draw it with :func:`target_line`.
    title : str, optional
        The title (``<br><sup>...</sup>`` adds a subtitle); default "Scores"
        with :func:`progress_note`.
    y_title, unit : str
        The y axis title, and the word after a score in the hover text.
    x_title : str, optional
        The x axis title (a default says what a point is).
    not_a_turn : sequence of str
        Event kinds that open a turn that is never played (Oh Furcle!'s win):
        left out of the turn axis.
    now : int, optional
        Mark the moment after ``now`` steps (e.g. the history slider's) with
        a dotted vertical line and a label, both named ``"now"``.
    template : str or plotly Template, optional
        See :func:`style`.

    Returns
    -------
    plotly.graph_objects.Figure
        One trace per player (named after the player, ``customdata`` the
        hover notes), then one per mark that has events.

    Raises
    ------
    ValueError
        If the game keeps no scores, ``x`` is not "turn" or "step", or
        ``now`` is not a step of the game.

    Examples
    --------
    >>> from furlib import Furcle
    >>> g = Furcle(players=["Ann", "Bob"], seed=7).play()
    >>> fig = score_race(g, target=g.target, marks=[Mark("Leader", ("leader",), symbol="star")])
    >>> [t.name for t in fig.data]
    ['Ann', 'Bob', 'Leader']
    """
    import plotly.graph_objects as go

    if not has_scores(game):
        raise ValueError(f"score_race() needs a game that keeps scores; {type(game).__name__} has none")
    if x not in ("turn", "step"):
        raise ValueError(f"x must be 'turn' or 'step', got {excerpt(x)}")
    players = list(game.players)
    n = len(players)
    events = list(game.events)
    not_a_turn = tuple(not_a_turn)
    if now is not None:
        now = check_int("now", now, low=0, high=game.n_steps)
    if x == "step":
        xs = [0] + [e.step for e in events]
        rows = [(0,) * n] + [tuple(e.scores) for e in events]
        notes = ["start"] + [e.text for e in events]
    else:
        xs, rows, notes = _turn_points(events, n, not_a_turn)
    fig = go.Figure()
    colors, dashes = player_colors(n), player_dashes(n)
    with_markers = len(xs) <= MAX_MARKED_POINTS
    for i, name in enumerate(players):
        width = 2.0 + 3.0 * (n - 1 - i) / (n - 1) if n > 1 else 2.5  # the first line widest: equal lines show
        fig.add_trace(go.Scatter(
            x=xs, y=[r[i] for r in rows], name=name, mode="lines+markers" if with_markers else "lines",
            line=dict(color=colors[i], dash=dashes[i], width=width, shape="hv"),
            marker=dict(symbol=PLAYER_SYMBOLS[i % len(PLAYER_SYMBOLS)], size=round(width * 1.6 + 3, 1)),
            customdata=notes, hovertemplate=f"{name}: %{{y}} {unit}<br>{x} %{{x}}: %{{customdata}}<extra></extra>",
        ))
    labelled = any(m.label is not None for m in marks)
    top = max([target or 0, *(max(r) for r in rows if r)]) * (NOTE_ROOM if labelled else 1.15) + 2
    right = max(xs[-1], 1)
    for mark in marks:
        add_mark(fig, mark, events, players, colors, x, (-0.04 * right, 1.03 * right), (-0.06 * top, top))
    if target is not None:
        target_line(fig, target)
    fig.update_yaxes(range=[-0.06 * top, top], zeroline=False, title_text=y_title)
    whole_ticks(fig, axis="y", span=top, ticks=6)                  # points: whole numbers, about 4 to 6 ticks
    fig.update_xaxes(range=[-0.04 * right, 1.03 * right], zeroline=False,
                     title_text=x_title or ("Turn (scores at its end)" if x == "turn"
                                            else "Step (each move, roll or draw)"))
    whole_ticks(fig, axis="x", span=right, ticks=12 if right <= 12 else 8)   # turns or steps: each one up to 12
    if now is not None:
        at = _moment_x(events, now, x, not_a_turn)
        fig.add_vline(x=at, line=dict(color=NEUTRAL, width=2, dash="dot"), name="now")
        fig.add_annotation(x=at, y=1, yref="paper", yanchor="top", xanchor="left" if at <= right / 2 else "right",
                           text=f"step {now}", name="now", showarrow=False, bgcolor=TRANSPARENT)
    style(fig, title=title if title is not None else f"Scores<br><sup>{progress_note(game)}</sup>",
          template=template)
    return compact(fig)

