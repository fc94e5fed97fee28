"""The HTML repr of Oh Furcle! (self-contained HTML + inline SVG, no JavaScript).

``Furcle._repr_html_`` calls :func:`furcle_html`; the widget shows the same
HTML above its buttons. No ipywidgets, no plotly here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..core.errors import check_int
from ..core.show.html import Markup, badge, blank_die_svg, die_svg, escape, score_table
from ..core.show.page import game_page
from ..core.words import act, plural
from .art import CSS
from .scoring import describe_roll

if TYPE_CHECKING:  # pragma: no cover
    from .views import FurcleFacts as Furcle


def furcle_html(game: object, *, last_events: int = 5) -> str:
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
    from .views import FurcleFacts

    if not isinstance(game, FurcleFacts):
        raise ValueError(f"furcle_html needs a Furcle game (or a view of one), got {type(game).__name__}")
    last_events = check_int("last_events", last_events, low=0)
    size = 44 if game.n_dice <= 6 else 36 if game.n_dice <= 8 else 30
    banner, banner_class = _banner(game)
    side = "" if game.is_over else Markup(_dice_section(game, size) + _status(game))
    return str(game_page("furcle", title="Oh Furcle!", status=_where(game), info=_info(game),
                         banner=banner, banner_class=banner_class, side=side,
                         main=Markup(_scores(game) + "\n" + _leader_line(game)),
                         events=game.events, last_events=last_events, css=CSS))


def _where(g: Furcle) -> str:
    if g.is_over:
        return "game over"
    return f"turn {g.turn}: {g.current_player} to {'roll' if g.is_chance else 'decide'}"


def _info(g: Furcle) -> str:
    goal = "no target" if g.target is None else f"target {g.target}"
    return f"{goal}, {g.n_dice} dice, d{g.sides}" + ("" if g.beekin else ", no Beekin")


def _banner(g: Furcle) -> tuple[str, str | None]:
    """The end of the game, or how the previous turn ended (shown until the next roll), and its class."""
    if g.is_over:
        winner = cast(str, g.winner)   # the game is over, and Oh Furcle! has one winner, never a shared win
        score, turns = g.scores[winner], g.turn - 1
        return f"\u2605 {act(winner, 'wins')} with {plural(score, 'point')} after {plural(turns, 'turn')}!", None
    if not g.is_chance or g.dice or not g.events:
        return "", None
    ev = g.events
    kinds = [e.kind for e in ev]
    if kinds[-1] == "furcle":
        e = ev[-1]
        faces = next((x.data["faces"] for x in reversed(ev[:-1]) if x.kind in ("roll", "beekin")), ())
        dice = "".join(die_svg(f, sides=g.sides, size=26, marked="lost") for f in faces)
        return (Markup(f'{escape(e.text)}.<div class="furlib-dice" aria-label="the Furcle roll">{dice}</div>'),
                "fc-banner-furcle")
    last = [e for e in ev if e.kind in ("satisfied", "leader")]
    if last and ev[-1] is last[-1]:
        texts = [e.text for e in ev[-2:] if e.kind in ("satisfied", "leader")]
        return ". ".join(texts) + ".", None
    return "", None


def _dice_section(g: Furcle, size: int) -> str:
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
        out.append(f'<div class="furlib-label">{label}</div>'
                   f'<div class="furlib-dice{last}" role="group" aria-label="{label.lower()}">{"".join(svgs)}</div>')
        out.append(_legend(g))
    if g.is_chance:
        n = g.dice_to_roll
        ghosts = "".join(blank_die_svg(size=size) for _ in range(n))
        out.append(f'<div class="furlib-label">Next roll: {plural(n, "die")}</div>'
                   f'<div class="furlib-dice" role="group" aria-label="{plural(n, "die")} to roll">{ghosts}</div>')
    return "".join(out)


def _legend(g: Furcle) -> str:
    keys = []
    if any(g.scoring_mask):
        keys.append("green: scoring dice")
    if g.beekin_die is not None:
        keys.append("purple +1: raised by Beekin")
    return f'<div class="furlib-legend">{"; ".join(keys)}</div>' if keys else ""


def _status(g: Furcle) -> str:
    if g.is_over:
        return ""
    me = escape(g.current_player)
    stats = [("Turn score", g.turn_score)]
    if not g.is_chance:
        stats.insert(0, ("This roll", g.roll_points))
    html = ['<div class="furlib-stats">']
    html.append(" ".join(f'<span class="furlib-stat">{k} <b>{v}</b></span>' for k, v in stats))
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
    html.append(f'<div class="furlib-say">{say}</div>')
    html.append(f'<div class="furlib-say">{beekin}</div>')
    return "".join(html)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _beekin_text(g: Furcle) -> Markup:
    if not g.beekin:
        return Markup(f"{badge('Beekin off')} this game has no Beekin.")
    if g.beekin_available:
        return Markup(f"{badge('Beekin available', kind='beekin')} once this turn: add 1 to one die.")
    if g.beekin_die is not None and g.dice:
        face = g.dice[g.beekin_die]
        return Markup(f"{badge('Beekin used')} a {face - 1} became a {face}.")
    return Markup(f"{badge('Beekin used')} this turn.")


def _scores(g: Furcle) -> str:
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


def _leader_line(g: Furcle) -> str:
    if g.is_over:
        return ""
    if g.leader is None:
        text = ("Practice: no target, so nobody becomes the Leader." if g.target is None else
                f"No Leader yet: the first to bank a track score of {g.target} becomes Leader.")
    else:
        lead = g.scores[g.leader]
        you = g.leader == "You"
        text = (f"{escape(act(g.leader, 'is'))} the Leader with {lead}: {'you' if you else 'they'} win at the "
                f"start of {'your' if you else 'their'} next turn unless someone banks more than {lead} first.")
    return f'<div class="furlib-say furlib-muted">{text}</div>'
