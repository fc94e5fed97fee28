"""Shared look for every furlib plot: one style, one colour per player.

Plot modules (``furlib.<game>.plots``) build a :class:`plotly.graph_objects.Figure`
and pass it through :func:`style`, so all games' charts look alike and stay
readable on a white page, in JupyterLab's light theme and in its dark theme
(the backgrounds are transparent). ``import furlib`` never imports this
module, and plotly is imported only inside the functions that need it.

>>> player_colors(3)
['#0072B2', '#D55E00', '#009E73']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import check_int, excerpt

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

#: Okabe-Ito colours (safe for the common colour-blindness types), in an order
#: that keeps neighbours apart; yellow and black are left out because they
#: vanish on a white or a dark page. Each one contrasts at least 2:1 with both.
PLAYER_COLORS: tuple[str, ...] = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")

#: Line dashes used in turn when there are more players than colours.
PLAYER_DASHES: tuple[str, ...] = ("solid", "dash", "dot", "dashdot")

#: A grey readable on white and on JupyterLab's dark background (about 4.4:1 on both).
NEUTRAL = "#7a7a7a"

#: Grid lines: grey at low opacity, visible on light and dark pages alike.
GRID = "rgba(128, 128, 128, 0.25)"

TRANSPARENT = "rgba(0, 0, 0, 0)"


def player_colors(n: int) -> list[str]:
    """One colour per player, cycling through :data:`PLAYER_COLORS`.

    Parameters
    ----------
    n : int
        Number of players (0 or more).

    Returns
    -------
    list of str
        ``n`` hex colours; with more than six players colours repeat (pair
        them with :func:`player_dashes` to tell the lines apart).

    Examples
    --------
    >>> player_colors(2)
    ['#0072B2', '#D55E00']
    >>> player_colors(7)[6] == player_colors(7)[0]
    True
    """
    n = check_int("n", n, low=0)
    return [PLAYER_COLORS[i % len(PLAYER_COLORS)] for i in range(n)]


def player_dashes(n: int) -> list[str]:
    """One line dash per player: solid for the first six, then other dashes.

    >>> player_dashes(8)[5:]
    ['solid', 'dash', 'dash']
    """
    n = check_int("n", n, low=0)
    return [PLAYER_DASHES[(i // len(PLAYER_COLORS)) % len(PLAYER_DASHES)] for i in range(n)]


def check_template(template: Any) -> Any:
    """Return ``template`` if plotly knows it (None, a registered name or a Template).

    Raises
    ------
    ValueError
        Naming the bad value and listing the registered template names.
    """
    if template is None:
        return None
    import plotly.graph_objects as go
    import plotly.io as pio

    if isinstance(template, go.layout.Template):
        return template
    if isinstance(template, str) and template in pio.templates:
        return template
    names = ", ".join(repr(t) for t in pio.templates)
    raise ValueError(f"template must be None, a plotly Template or one of {names}; got {excerpt(template)}")


def style(fig: go.Figure, *, title: str | None = None, template: Any = None) -> go.Figure:
    """Apply the furlib look to ``fig`` (in place) and return it.

    Transparent page and plot backgrounds, soft grey grid lines, a legend
    above the plot, and unified hover labels. With ``template=None`` text is
    a neutral grey that reads on light and dark pages; pass a plotly
    template such as ``"plotly_dark"`` or ``"plotly_white"`` to use its
    fonts and colours (the backgrounds stay transparent).

    Parameters
    ----------
    fig : plotly.graph_objects.Figure
        The figure to style.
    title : str, optional
        The figure title (plain words; ``<br>`` starts a second line).
    template : str or plotly.graph_objects.layout.Template, optional
        A registered plotly template name or a Template object.

    Returns
    -------
    plotly.graph_objects.Figure
        The same figure, for chaining.

    Raises
    ------
    ValueError
        If ``template`` is not a known template.

    Examples
    --------
    >>> import plotly.graph_objects as go
    >>> fig = style(go.Figure(), title="Hello", template="plotly_dark")
    >>> fig.layout.paper_bgcolor, fig.layout.title.text
    ('rgba(0, 0, 0, 0)', 'Hello')
    """
    import plotly.graph_objects as go

    if not isinstance(fig, go.Figure):
        raise ValueError(f"style() needs a plotly.graph_objects.Figure, got {type(fig).__name__}")
    template = check_template(template)
    if template is not None:
        fig.update_layout(template=template)
    else:
        fig.update_layout(template="plotly_white", font_color=NEUTRAL)
    fig.update_layout(
        paper_bgcolor=TRANSPARENT,
        plot_bgcolor=TRANSPARENT,
        margin=dict(l=70, r=30, t=100 if title and "<br>" in title else 80, b=60),
        legend=dict(orientation="h", yanchor="bottom", y=1.02, xanchor="left", x=0,
                    bgcolor=TRANSPARENT, traceorder="normal"),
        hoverlabel=dict(namelength=-1),
    )
    if title is not None:
        fig.update_layout(title=dict(text=title, x=0, xanchor="left", xref="paper",
                                     y=1, yanchor="top", yref="container", pad=dict(t=12)))
    fig.update_xaxes(gridcolor=GRID, zerolinecolor=GRID, linecolor=GRID, showline=True)
    fig.update_yaxes(gridcolor=GRID, zerolinecolor=GRID, linecolor=GRID, showline=True)
    return fig


def percent_axis(fig: go.Figure, *, axis: str = "y", title: str | None = None,
                 decimals: int = 0) -> go.Figure:
    """Show a probability axis as percentages (0.25 -> "25%").

    >>> import plotly.graph_objects as go
    >>> percent_axis(go.Figure(), title="Chance").layout.yaxis.tickformat
    '.0%'
    """
    if axis not in ("x", "y"):
        raise ValueError(f"axis must be 'x' or 'y', got {excerpt(axis)}")
    decimals = check_int("decimals", decimals, low=0, high=6)
    update = dict(tickformat=f".{decimals}%", rangemode="tozero")
    if title is not None:
        update["title_text"] = title
    (fig.update_xaxes if axis == "x" else fig.update_yaxes)(**update)
    return fig


#: A counting axis with at most this many values drawn gets a tick at each value (see :func:`whole_ticks`).
MAX_VALUE_TICKS = 12


def whole_step(span: float, ticks: int = 8) -> int:
    """The distance between the ticks of an axis that counts: the first of 1, 2, 5, 10, 20, 50, ... that puts
    at most ``ticks`` steps in ``span``.

    >>> [whole_step(s) for s in (0, 3, 8, 9, 30, 63, 250)]
    [1, 1, 1, 2, 5, 10, 50]
    >>> whole_step(63, ticks=6)
    20
    """
    ticks = check_int("ticks", ticks, low=1)
    rough = max(float(span), 0.0) / ticks
    k, step = 0, 1
    while step < rough * (1 - 1e-9):
        k += 1
        step = (1, 2, 5)[k % 3] * 10 ** (k // 3)
    return step


def _whole(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and float(v).is_integer()


def whole_ticks(fig: go.Figure, *, axis: str = "x", values: Sequence[Any] | None = None, span: float | None = None,
                ticks: int = 8, **where: Any) -> go.Figure:
    """Only whole-number ticks on an axis that counts (dice, turns, players, games, points).

    Plotly's own ticks follow the axis's length and range, so a short range
    of whole numbers gets ticks such as 4.5 and 5.5 dice. This sets them:

    * ``values`` (the values drawn, e.g. a rule's values on a sweep's axis),
      all whole and at most :data:`MAX_VALUE_TICKS` of them: a tick at each
      value and nowhere else (``tickmode="array"``);
    * otherwise a tick every :func:`whole_step` of ``span`` (default the
      values' range) from 0 (``tickmode="linear"``, ``tickformat=",d"``).

    ``where`` goes to ``update_xaxes``/``update_yaxes`` (``row``, ``col``).

    >>> import plotly.graph_objects as go
    >>> whole_ticks(go.Figure(), values=[4, 5, 6]).layout.xaxis.tickvals
    (4, 5, 6)
    >>> whole_ticks(go.Figure(), axis="y", span=63, ticks=6).layout.yaxis.dtick
    20
    """
    if axis not in ("x", "y"):
        raise ValueError(f"axis must be 'x' or 'y', got {excerpt(axis)}")
    update = (fig.update_xaxes if axis == "x" else fig.update_yaxes)
    vals = sorted({float(v) for v in values or () if _whole(v)})
    if values is not None and vals and len(vals) == len(set(values)) and len(vals) <= MAX_VALUE_TICKS:
        update(tickmode="array", tickvals=[int(v) for v in vals], tickformat=",d", **where)
        return fig
    if span is None:
        span = vals[-1] - vals[0] if vals else 1.0
    update(tickmode="linear", tick0=0, dtick=whole_step(span, ticks), tickformat=",d", **where)
    return fig


def target_line(fig: go.Figure, target: float, *, label: str | None = None) -> go.Figure:
    """Draw the game's target as a dashed horizontal line labelled at the left edge.

    Both the line and its label are named ``"target"`` so tests and readers can find them.

    >>> import plotly.graph_objects as go
    >>> fig = target_line(go.Figure(), 50)
    >>> fig.layout.shapes[0].y0, fig.layout.annotations[0].text
    (50, 'target 50')
    """
    fig.add_hline(y=target, line=dict(color=NEUTRAL, dash="dash", width=1.5), name="target")
    fig.add_annotation(x=0, xref="paper", xanchor="left", y=target, yanchor="bottom",
                       text=label or f"target {target}", name="target", showarrow=False)
    return fig


# ------------------------------------------------------------- score race
#: Marker symbols of the players' lines, in seat order (shapes tell overlapping lines apart).
PLAYER_SYMBOLS: tuple[str, ...] = ("circle", "square", "diamond", "triangle-up", "pentagon", "hexagon")
MAX_MARKED_POINTS = 60  # a line with more points than this is drawn without markers
#: More annotations of one mark than this get short labels in a smaller font.
MANY_NOTES = 8
#: The top of a score race with labelled marks, as a multiple of its highest score or target (1.15 without):
#: room for a label above the highest point, inside the plot at the app's size (:func:`note_place`).
NOTE_ROOM = 1.3
#: The plot's width in pixels in an app's chart (480 px less its margins): labels that would overlap there get
#: another level or their short text (:func:`note_span`). A wider chart only spreads them further apart.
NOTE_WIDTH = 400
#: About how wide a character of a label is, in font sizes (a generous average for sans-serif text).
CHAR_WIDTH = 0.6


@dataclass(frozen=True)
class Mark:
    """Events to mark on :func:`score_race`: a symbol on a player's line where they happened.

    Events of one player at the same point (x) make one marker, whose hover
    text lists them all.

    Parameters
    ----------
    name : str
        The legend entry of the marks, e.g. ``"Oh Furcle!"`` or ``"Steals"``.
    kinds : tuple of str
        The event kinds marked (a game's ``events.py`` constants).
    symbol : str, default "x"
        A plotly marker symbol.
    size : int, default 12
        The marker size in pixels.
    when : callable, optional
        ``when(event) -> bool``: mark only the events of ``kinds`` it accepts.
    label : callable, optional
        ``label(event, k, n) -> str``: also write a label with an arrow at
        each mark (the ``k``-th of ``n``); the annotations are named
        ``note_name``. With more than :data:`MANY_NOTES` marks, ``short``
        gives the label instead (default: the player's name).
    short : callable, optional
        ``short(event) -> str``, see ``label``.
    note_name : str, default "mark"
        The ``name`` of the label annotations, for tests and readers.
    """

    name: str
    kinds: tuple[str, ...]
    symbol: str = "x"
    size: int = 12
    when: Callable[[Any], bool] | None = None
    label: Callable[[Any, int, int], str] | None = None
    short: Callable[[Any], str] | None = None
    note_name: str = "mark"


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
    from ..words import act

    if game.is_over:
        w = game.winner
        if isinstance(w, tuple):
            return f"game over: {' and '.join(w)} share the win"
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
        _add_mark(fig, mark, events, players, colors, x, (-0.04 * right, 1.03 * right), (-0.06 * top, top))
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


def note_place(px: float, py: float, x_range: tuple[float, float], y_range: tuple[float, float],
               level: int = 0) -> dict[str, Any]:
    """Where the label of a mark at (``px``, ``py``) goes, so that it stays inside the plot at any size.

    Across: to the right of a point in the left third of the plot (``xanchor="left"``: the label starts
    at the point), to its left in the right third, centred in between. Up or down: above the point (the
    arrow 24 pixels long at ``level`` 0, 36 at level 1, for a label that would overlap its neighbour's),
    below a point in the top tenth of the plot (:func:`score_race` leaves room above its labelled points:
    :data:`NOTE_ROOM`).

    >>> note_place(9, 45, (0, 10), (0, 60))
    {'xanchor': 'right', 'ax': 0, 'ay': -24}
    >>> note_place(1, 58, (0, 10), (0, 60), level=1)
    {'xanchor': 'left', 'ax': 0, 'ay': 36}
    """
    (x0, x1), (y0, y1) = x_range, y_range
    fx = (px - x0) / ((x1 - x0) or 1)
    fy = (py - y0) / ((y1 - y0) or 1)
    reach = 24 + 12 * level
    return dict(xanchor="left" if fx < 1 / 3 else "right" if fx > 2 / 3 else "center", ax=0,
                ay=reach if fy > 0.9 else -reach)


def note_span(place: Mapping[str, Any], px: float, x_range: tuple[float, float], text: str,
              size: float) -> tuple[float, float]:
    """From where to where a label placed by :func:`note_place` runs across a plot :data:`NOTE_WIDTH` pixels
    wide (its width estimated from its length: :data:`CHAR_WIDTH` font sizes a character).

    >>> note_span({"xanchor": "right"}, 10, (0, 10), "Ann", 10)
    (382.0, 400.0)
    """
    x0, x1 = x_range
    at = (px - x0) / ((x1 - x0) or 1) * NOTE_WIDTH
    width = CHAR_WIDTH * size * len(text)
    start = {"left": at, "right": at - width}.get(place["xanchor"], at - width / 2)
    return round(start, 6), round(start + width, 6)


def _add_mark(fig: go.Figure, mark: Mark, events: list[Any], players: list[str], colors: list[str], x: str,
              x_range: tuple[float, float], y_range: tuple[float, float]) -> None:
    import plotly.graph_objects as go

    points: dict[tuple[Any, ...], list[Any]] = {}
    for e in events:
        if e.kind in mark.kinds and e.player in players and (mark.when is None or mark.when(e)):
            points.setdefault((e.step if x == "step" else e.turn, e.player), []).append(e)
    if not points:
        return
    xs = [k[0] for k in points]
    ys = [evs[0].scores[players.index(p)] for (_, p), evs in points.items()]
    fig.add_trace(go.Scatter(
        x=xs, y=ys, name=mark.name, mode="markers",
        customdata=["; ".join(e.text for e in evs) for evs in points.values()],
        marker=dict(symbol=mark.symbol, size=mark.size, color=[colors[players.index(p)] for _, p in points],
                    line=dict(color=NEUTRAL, width=1)),
        hovertemplate="%{customdata}<extra></extra>",
    ))
    if mark.label is None:
        return
    many = len(points) > MANY_NOTES
    size = 10 if many else 12
    placed: list[tuple[int, float, float]] = []           # (ay, start, end) of the labels so far
    for k, (evs, px, py) in enumerate(zip(points.values(), xs, ys)):
        e = evs[0]
        short = mark.short(e) if mark.short else e.player
        choices = [(text, level) for text in ([short] if many else [mark.label(e, k, len(points)), short])
                   for level in (k % 2, 1 - k % 2)]        # the long label, the short one, on either level
        for text, level in choices + [(short, k % 2)]:      # crowded everywhere: the short one, on its level
            place = note_place(px, py, x_range, y_range, level)
            start, end = note_span(place, px, x_range, text, size)
            if not any(ay == place["ay"] and start < b + 6 and a < end + 6 for ay, a, b in placed):
                break
        placed.append((place["ay"], start, end))
        fig.add_annotation(x=px, y=py, text=text, name=mark.note_name, showarrow=True, arrowhead=2,
                           arrowcolor=NEUTRAL, font=dict(size=size), **place)


def compact(fig: go.Figure) -> go.Figure:
    """Tighten a styled chart for an app: title, legend and plot stacked with no empty band.

    The legend sits directly above the plot and the title directly above
    the legend, both anchored to the plot rather than to the page edge (the
    first line of the title is the anchor; a ``<sup>`` subtitle hangs below
    it), and the top margin is just what they need.
    """
    title = fig.layout.title.text or ""
    lines = 1 + title.count("<br>") if title else 0
    legend = 22  # one row of legend entries
    below_first = legend + 16 * max(lines - 1, 0)  # the legend and the subtitle lines under the first line
    fig.update_layout(
        margin=dict(l=58, r=16, t=below_first + (26 if lines else 8), b=46),
        legend=dict(orientation="h", yanchor="bottom", y=1.0, xanchor="left", x=0, font=dict(size=12)),
    )
    if title:
        fig.update_layout(title=dict(y=1, yref="paper", yanchor="bottom", x=0, xref="paper", xanchor="left",
                                     pad=dict(t=0, b=below_first), font=dict(size=15)))
    fig.update_xaxes(title_standoff=6)
    fig.update_yaxes(title_standoff=4)
    return fig
