"""The marks of a score race: a symbol where an event happened on a player's line, with a label that stays
inside the plot and clear of its neighbours (:class:`Mark`, :func:`note_place`, :func:`note_span`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .palette import NEUTRAL

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

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


def add_mark(fig: go.Figure, mark: Mark, events: list[Any], players: list[str], colors: list[str], x: str,
              x_range: tuple[float, float], y_range: tuple[float, float]) -> None:
    """Draw ``mark`` on ``fig``: one marker per player and point (``x``: a turn or a step) where its events
    happened, in the player's colour, and, if the mark has a ``label``, a label with an arrow at each one,
    placed by :func:`note_place` on the level (or with the short text) that keeps it clear of the others."""
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

