"""The HTML of Pig: the die, the turn total, the scores toward the target, the last events.

``Pig._repr_html_`` calls :func:`pig_html` through the registry. No
ipywidgets, no plotly here.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import check_int
from ..core.show.html import Markup, blank_die_svg, die_svg, escape, score_table
from ..core.show.page import game_page
from ..core.words import act, plural, possessive


def pig_html(game: Any, *, last_events: int = 5) -> str:   # a Pig game or a view of it
    """The game as HTML: the last roll, the turn total, the scores toward the target, recent events.

    Parameters
    ----------
    game : Pig
        The game to show (any state: fresh, mid-turn, after a 1, over).
    last_events : int, default 5
        How many of the latest events to list (0 for none).

    Returns
    -------
    str
        One ``<div class="furlib furlib-pig">`` with a scoped ``<style>``,
        the die as inline SVG and a score table. Well-formed XML.

    Examples
    --------
    >>> from furlib.pig import Pig, Die
    >>> g = Pig(["Ann", "Bob"], seed=1).apply(Die(4))
    >>> html = pig_html(g)
    >>> "die showing 4" in html and "4 points this turn" in html
    True
    """
    from .views import PigFacts

    if not isinstance(game, PigFacts):
        raise ValueError(f"pig_html needs a Pig game, got {type(game).__name__}")
    last_events = check_int("last_events", last_events, low=0)
    status, banner = _status(game)
    return str(game_page("pig", title="Pig", status=status, info=f"target {game.target}, one die",
                         banner=banner, side=_side(game), main=_scores(game),
                         events=game.events, last_events=last_events))


def _status(g: Any) -> tuple[str, str]:
    """The header's status and the banner: whose turn and what comes next (no banner), or the winner."""
    if g.is_over:
        return "game over", f"\u2605 {act(g.winner, 'wins')} with {plural(g.scores[g.winner], 'point')}!"
    return f"turn {g.turn}: {g.current_player} to {'roll' if g.is_chance else 'decide'}", ""


def _side(g: Any) -> Markup:
    face = g.last_roll
    if face is None:
        die = blank_die_svg(size=56, title="the die, not rolled yet")
    else:
        die = die_svg(face, size=56, marked="lost" if face == 1 else None)
    if g.is_over:
        say = "The game is over."
    else:
        say = f"{possessive(g.current_player)} turn: {plural(g.turn_total, 'point')} at stake."
    return Markup(f'<div class="furlib-label">Last roll</div><div class="furlib-dice">{die}</div>'
                  f'<p class="furlib-say">{escape(say)}</p>')


def _scores(g: Any) -> Markup:
    rows = []
    for name, score in g.scores.items():
        marks = ["winner"] if name == g.winner else ["to play"] if name == g.current_player else []
        rows.append({"name": name, "score": score, "marks": marks})
    return score_table(rows, target=g.target, highlight=g.current_player)
