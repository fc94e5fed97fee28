"""The HTML of Nim: each heap as a row of stones (the ones taken as faint rings), whose move, the last events.

``Nim._repr_html_`` calls :func:`nim_html` through the registry. No ipywidgets, no plotly here.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import check_int
from ..core.show.markup import Markup, escape
from ..core.show.page import game_page
from ..core.words import act, plural, possessive
from .actions import ORDINALS

#: Stones drawn in one row of a heap's picture, and the room each takes (pixels).
ROW = 10
STEP = 16

CSS = {
    ".nim-heaps": "list-style: none; margin: 4px 0; padding: 0;",
    ".nim-heap": "display: flex; flex-wrap: wrap; align-items: center; gap: 2px 10px; margin: 4px 0;",
    ".nim-name": "min-width: 6.5em; font-size: 12px;",
    ".nim-stones svg": "display: block; max-width: 100%; height: auto;",
}


def nim_html(game: Any, *, last_events: int = 5) -> str:   # a Nim game or a view of it
    """The game as HTML: every heap's stones (those taken as faint rings), whose move, the winner, recent events.

    Parameters
    ----------
    game : Nim
        The game to show (any state: fresh, under way, over), or a view of it.
    last_events : int, default 5
        How many of the latest events to list (0 for none).

    Returns
    -------
    str
        One ``<div class="furlib furlib-nim">`` with a scoped ``<style>`` and a picture of each heap as
        inline SVG. Well-formed XML.

    Examples
    --------
    >>> from furlib.nim import Nim, Take
    >>> html = nim_html(Nim(["Ann", "Bob"], heaps=[3, 4]).apply(Take(1, 3)))
    >>> "second heap: 1 stone left of 4" in html and "Bob to move" in html
    True
    """
    from .views import NimFacts

    if not isinstance(game, NimFacts):
        raise ValueError(f"nim_html needs a Nim game, got {type(game).__name__}")
    last_events = check_int("last_events", last_events, low=0)
    limit = "a whole heap a move" if game.take is None else f"at most {plural(game.take, 'stone')} a move"
    status, banner = _status(game)
    return str(game_page("nim", title="Nim", status=status, info=f"whoever takes the last stone wins; {limit}",
                         banner=banner, main=_heaps(game), events=game.events, last_events=last_events, css=CSS))


def _status(g: Any) -> tuple[str, str]:
    """The header's status and the banner: whose move and the stones left, or the winner."""
    if g.is_over:
        return "game over", f"\u2605 {act(g.winner, 'takes the last stone and wins')}!"
    return (f"turn {g.turn}: {g.current_player} to move",
            f"{possessive(g.current_player)} move: {plural(sum(g.stones), 'stone')} left.")


def _heaps(g: Any) -> Markup:
    rows = []
    for i, (left, start) in enumerate(zip(g.stones, g.heaps)):
        name = f"{ORDINALS[i]} heap"
        words = f"{name}: {plural(left, 'stone')} left of {start}"
        rows.append(f'<li class="nim-heap"><span class="nim-name">{escape(name.capitalize())}</span>'
                    f'<span class="nim-stones">{_stones_svg(left, start, words)}</span>'
                    f'<span class="furlib-muted">{left} of {start}</span></li>')
    return Markup('<div class="furlib-label">Heaps</div><ul class="nim-heaps">' + "".join(rows) + "</ul>")


def _stones_svg(left: int, start: int, title: str) -> str:
    """A heap's stones in rows of ``ROW``: the ``left`` ones filled, the ones taken as faint rings."""
    width, height = STEP * min(start, ROW), STEP * -(-start // ROW)
    dots = []
    for k in range(start):
        x, y = STEP * (k % ROW) + STEP // 2, STEP * (k // ROW) + STEP // 2
        paint = ('fill="currentColor" fill-opacity="0.8"' if k < left
                 else 'fill="none" stroke="currentColor" stroke-opacity="0.3"')
        dots.append(f'<circle cx="{x}" cy="{y}" r="6" {paint}/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img"><title>{escape(title)}</title>{"".join(dots)}</svg>')
