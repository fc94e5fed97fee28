"""The HTML repr of Oh Furcle! (self-contained HTML + inline SVG, no JavaScript).

``Furcle._repr_html_`` calls :func:`furcle_html`; the widget shows the same
HTML above its buttons. No ipywidgets, no plotly here.
"""

from __future__ import annotations

from ..core.errors import check_int
from ..core.html import (Markup, blank_die_svg, die_svg, escape, event_list, score_table,
                         theme_css)
from ..core.words import act
from .scoring import describe_roll

SCOPE = "furlib-furcle"
_CSS = {
    ".fc-head": "display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; margin-bottom: 6px;",
    ".fc-title": "font-size: 15px; font-weight: 700;",
    ".fc-body": "display: flex; flex-wrap: wrap; gap: 10px 22px; align-items: flex-start;",
    ".fc-table": "flex: 1 1 300px; min-width: 0; max-width: 560px;",
    ".fc-side": "flex: 1 1 260px; min-width: 0;",
    ".fc-label": "font-size: 11px; font-weight: 600; opacity: 0.72; margin-top: 6px;",
    ".fc-stats": "display: flex; flex-wrap: wrap; gap: 2px 16px; margin: 2px 0;",
    ".fc-stat b": "font-size: 18px; font-variant-numeric: tabular-nums;",
    ".fc-say": "margin: 4px 0;",
    ".fc-banner": "margin: 4px 0 8px; padding: 6px 10px; border-radius: 6px; font-weight: 600;"
                  " border-left: 4px solid #d4a017; background: rgba(212, 160, 23, 0.16);",
    ".fc-banner-furcle": "border-left-color: #e5534b; background: rgba(229, 83, 75, 0.14);",
    ".fc-banner .furlib-dice": "margin: 4px 0 0;",
    ".fc-last .furlib-die": "opacity: 0.6;",
    ".fc-legend": "font-size: 11px; opacity: 0.72;",
}


def furcle_html(game, *, last_events: int = 5) -> str:
    """The game as HTML: dice, turn score, scores toward the target, Leader, recent events.

    Parameters
    ----------
    game : Furcle
        The game to show (any state: fresh, mid-turn, after a Furcle, over).
    last_events : int, default 5
        How many of the latest events to list (0 for none).

    Returns
    -------
    str
        One ``<div class="furlib furlib-furcle">`` holding a scoped
        ``<style>``, the dice as inline SVG (each with ``data-die="i"``
        and ``data-face``), and a score table. Well-formed XML.

    Examples
    --------
    >>> from furlib.furcle import Furcle, Dice
    >>> g = Furcle(players=["Ann", "Bob"], seed=1).apply(Dice((3, 3, 5, 6, 1)))
    >>> html = furcle_html(g)
    >>> html.count('data-die="'), "die showing 3, scoring" in html
    (5, True)
    """
    from .rules import Furcle

    if not isinstance(game, Furcle):
        raise ValueError(f"furcle_html needs a Furcle game, got {type(game).__name__}")
    last_events = check_int("last_events", last_events, low=0)
    size = 44 if game.n_dice <= 6 else 36 if game.n_dice <= 8 else 30
    parts = [f'<div class="furlib {SCOPE}">', theme_css(SCOPE, _CSS), _header(game)]
    banner = _banner(game)
    if banner:
        parts.append(banner)
    parts.append('<div class="fc-body">')
    if not game.is_over:
        parts.append(f'<div class="fc-side">{_dice_section(game, size)}{_status(game)}</div>')
    parts.append('<div class="fc-table">')
    parts.append(_scores(game))
    parts.append(_leader_line(game))
    parts.append("</div></div>")
    if last_events and game.events:
        events = game.events[-last_events:]
        parts.append('<div class="fc-label">Recent events</div>')
        parts.append(event_list([e.text for e in events], kinds=[e.kind for e in events]))
    parts.append("</div>")
    return str("\n".join(parts))


def _header(g) -> str:
    dice = f"{g.n_dice} dice, d{g.sides}"
    beekin = "" if g.beekin else ", no Beekin"
    if g.is_over:
        where = "game over"
    else:
        where = f"turn {g.turn}: {escape(g.current_player)} to {'roll' if g.is_chance else 'decide'}"
    return (f'<div class="fc-head"><span class="fc-title">Oh Furcle!</span> <span>{where}</span> '
            f'<span class="furlib-muted">target {g.target}, {dice}{beekin}</span></div>')


def _banner(g) -> str:
    """The end of the game, or how the previous turn ended (shown until the next roll)."""
    if g.is_over:
        score, turns = g.scores[g.winner], g.turn - 1
        return (f'<div class="fc-banner" role="status">\u2605 {escape(g.winner)} wins with {score} '
                f'points after {turns} turn{"s" if turns != 1 else ""}!</div>')
    if not g.is_chance or g.dice or not g.events:
        return ""
    ev = g.events
    kinds = [e.kind for e in ev]
    if kinds[-1] == "furcle":
        e = ev[-1]
        faces = next((x.data["faces"] for x in reversed(ev[:-1]) if x.kind in ("roll", "beekin")), ())
        dice = "".join(die_svg(f, sides=g.sides, size=26, marked="lost") for f in faces)
        return (f'<div class="fc-banner fc-banner-furcle" role="status">{escape(e.text)}.'
                f'<div class="furlib-dice" aria-label="the Furcle roll">{dice}</div></div>')
    last = [e for e in ev if e.kind in ("satisfied", "leader")]
    if last and ev[-1] is last[-1]:
        texts = [e.text for e in ev[-2:] if e.kind in ("satisfied", "leader")]
        return f'<div class="fc-banner" role="status">{escape(". ".join(texts))}.</div>'
    return ""


def _dice_section(g, size: int) -> str:
    out = []
    if g.dice:
        mask = g.scoring_mask
        svgs = []
        for i, face in enumerate(g.dice):
            marks = (["scoring"] if mask[i] else []) + (["beekin"] if g.beekin_die == i else [])
            svgs.append(die_svg(face, sides=g.sides, size=size, marked=marks,
                                attrs={"data-die": i, "data-face": face}))
        last = ' fc-last' if g.is_chance else ""
        label = "Last roll" if g.is_chance else "On the table"
        out.append(f'<div class="fc-label">{label}</div>'
                   f'<div class="furlib-dice{last}" role="group" aria-label="{label.lower()}">{"".join(svgs)}</div>')
        out.append(_legend(g))
    if g.is_chance:
        n = g.dice_to_roll
        ghosts = "".join(blank_die_svg(size=size) for _ in range(n))
        word = "die" if n == 1 else "dice"
        out.append(f'<div class="fc-label">Next roll: {n} {word}</div>'
                   f'<div class="furlib-dice" role="group" aria-label="{n} {word} to roll">{ghosts}</div>')
    return "".join(out)


def _legend(g) -> str:
    keys = []
    if any(g.scoring_mask):
        keys.append("green: scoring dice")
    if g.beekin_die is not None:
        keys.append("purple +1: raised by Beekin")
    return f'<div class="fc-legend">{"; ".join(keys)}</div>' if keys else ""


def _status(g) -> str:
    if g.is_over:
        return ""
    me = escape(g.current_player)
    stats = [("Turn score", g.turn_score)]
    if not g.is_chance:
        stats.insert(0, ("This roll", g.roll_points))
    html = ['<div class="fc-stats">']
    html.append(" ".join(f'<span class="fc-stat">{k} <b>{v}</b></span>' for k, v in stats))
    html.append("</div>")
    beekin = _beekin_text(g)
    if not g.is_chance:
        pts = g.roll_points
        if pts:
            n = len(g.dice) - g.scoring_mask.count(False)
            say = (f"{escape(_capital(describe_roll(g.dice)))} scores {pts}. {me} may be Satisfied with "
                   f"{g.turn_score} or roll the {n} scoring dice again.")
        else:
            say = f"All different! {me} can say Beekin to raise one die, or accept the Furcle."
    elif g.dice:
        say = act(me, f"is not Satisfied and rolls the {g.dice_to_roll} scoring dice again.")
    else:
        say = act(me, f"is about to roll {g.dice_to_roll} dice.")
    html.append(f'<div class="fc-say">{say}</div>')
    html.append(f'<div class="fc-say">{beekin}</div>')
    return "".join(html)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _beekin_text(g) -> Markup:
    if not g.beekin:
        return Markup('<span class="furlib-badge">Beekin off</span> this game has no Beekin.')
    if g.beekin_available:
        return Markup('<span class="furlib-badge furlib-badge-beekin">Beekin available</span> '
                      'once this turn: add 1 to one die.')
    if g.beekin_die is not None and g.dice:
        face = g.dice[g.beekin_die]
        return Markup(f'<span class="furlib-badge">Beekin used</span> a {face - 1} became a {face}.')
    return Markup('<span class="furlib-badge">Beekin used</span> this turn.')


def _scores(g) -> str:
    rows = []
    for name, score in g.scores.items():
        marks = []
        if name == g.winner:
            marks.append("winner")
        elif name == g.leader:
            marks.append("Leader")
        if name == g.current_player:
            marks.append("to play")
        rows.append({"name": name, "score": score, "marks": marks})
    return score_table(rows, target=g.target, highlight=g.current_player, caption="Track scores")


def _leader_line(g) -> str:
    if g.is_over:
        return ""
    if g.leader is None:
        text = f"No Leader yet: the first to bank a track score of {g.target} becomes Leader."
    else:
        lead = g.scores[g.leader]
        text = (f"{escape(g.leader)} is the Leader with {lead}: they win at the start of their next "
                f"turn unless someone banks more than {lead} first.")
    return f'<div class="fc-say furlib-muted">{text}</div>'
