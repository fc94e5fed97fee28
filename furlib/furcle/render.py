"""The HTML repr of Oh Furcle! (self-contained HTML + inline SVG, no JavaScript), in English or French.

``Furcle._repr_html_`` calls :func:`furcle_html`; the widget shows the same
HTML above its buttons. ``game.html(language="fr")`` (and the French app)
draws it in French: the words come from a table per language
(:mod:`furlib.furcle.picture_words`, :mod:`furlib.furcle.picture_words_fr`),
the events listed from the game's texts in that language, the score table's
heads from :mod:`furlib.core.show.page_words`. No ipywidgets, no plotly here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..core.errors import check_int
from ..core.show.html import Markup, badge, blank_die_svg, die_svg, escape, score_table
from ..core.show.page import game_page
from ..core.show.page_words import told
from .art import CSS
from .picture_words import PictureWords, picture_words

if TYPE_CHECKING:  # pragma: no cover
    from .views import FurcleFacts as Furcle


def furcle_html(game: object, *, last_events: int = 5, language: str = "en") -> str:
    """The game as HTML: dice, turn score, scores toward the target, Leader, recent events.

    Parameters
    ----------
    game : Furcle
        The game to show (any state: fresh, mid-turn, after a Furcle, over).
    last_events : int, default 5
        How many of the latest events to list (0 for none).
    language : {"en", "fr"}, default "en"
        The picture's words (``game.html(language=...)`` passes it; the HTML
        repr is English): the head, the banner, the lines under the dice, the
        dice's names for a screen reader, the score table and the events
        listed (told by ``game.texts(language)``).

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
    >>> "dé montrant 3, qui marque" in furcle_html(g, language="fr")
    True
    """
    from .views import FurcleFacts

    if not isinstance(game, FurcleFacts):
        raise ValueError(f"furcle_html needs a Furcle game (or a view of one), got {type(game).__name__}")
    last_events = check_int("last_events", last_events, low=0)
    w = picture_words(language)
    events: list[Any] = game.events if w.LANGUAGE == "en" else told(game.events, game.texts(w.LANGUAGE))
    size = 44 if game.n_dice <= 6 else 36 if game.n_dice <= 8 else 30
    banner, banner_class = _banner(game, events, w)
    side = "" if game.is_over else Markup(_dice_section(game, size, w) + _status(game, w))
    return str(game_page("furcle", title=w.title, status=_where(game, w), info=_info(game, w),
                         banner=banner, banner_class=banner_class, side=side,
                         main=Markup(_scores(game, w) + "\n" + _leader_line(game, w)),
                         events=events, last_events=last_events, css=CSS, language=w.LANGUAGE))


def _where(g: Furcle, w: PictureWords) -> str:
    if g.is_over:
        return w.game_over
    return w.where(g.turn, cast(str, g.current_player), g.is_chance)


def _info(g: Furcle, w: PictureWords) -> str:
    return w.info(g.target, g.n_dice, g.sides, g.beekin)


def _banner(g: Furcle, ev: list[Any], w: PictureWords) -> tuple[str, str | None]:
    """The end of the game, or how the previous turn ended (shown until the next roll), and its class (``ev``: the
    game's events, told in the picture's language)."""
    if g.is_over:
        winner = cast(str, g.winner)   # the game is over, and Oh Furcle! has one winner, never a shared win
        return w.won(winner, g.scores[winner], g.turn - 1), None
    if not g.is_chance or g.dice or not ev:
        return "", None
    kinds = [e.kind for e in ev]
    if kinds[-1] == "furcle":
        e = ev[-1]
        faces = next((x.data["faces"] for x in reversed(ev[:-1]) if x.kind in ("roll", "beekin")), ())
        dice = "".join(die_svg(f, sides=g.sides, size=26, marked="lost", title=w.die_title(f, ["lost"]))
                       for f in faces)
        return (Markup(f'{escape(e.text)}.<div class="furlib-dice" aria-label="{escape(w.furcle_roll)}">{dice}</div>'),
                "fc-banner-furcle")
    last = [e for e in ev if e.kind in ("satisfied", "leader")]
    if last and ev[-1] is last[-1]:
        texts = [e.text for e in ev[-2:] if e.kind in ("satisfied", "leader")]
        return ". ".join(texts) + ".", None
    return "", None


def _dice_section(g: Furcle, size: int, w: PictureWords) -> str:
    out = []
    if g.dice:
        mask = g.scoring_mask
        svgs = []
        for i, face in enumerate(g.dice):
            marks = (["scoring"] if mask[i] else []) + (["beekin"] if g.beekin_die == i else [])
            svgs.append(die_svg(face, sides=g.sides, size=size, marked=marks, title=w.die_title(face, marks),
                                attrs={"data-die": i, "data-face": face}))
        last = ' fc-last' if g.is_chance else ""
        label = w.last_roll if g.is_chance else w.on_the_table
        out.append(f'<div class="furlib-label">{label}</div>'
                   f'<div class="furlib-dice{last}" role="group" aria-label="{label.lower()}">{"".join(svgs)}</div>')
        out.append(_legend(g, w))
    if g.is_chance:
        n = g.dice_to_roll
        ghosts = "".join(blank_die_svg(size=size, title=w.blank_die) for _ in range(n))
        label, name = w.next_roll(n)
        out.append(f'<div class="furlib-label">{label}</div>'
                   f'<div class="furlib-dice" role="group" aria-label="{name}">{ghosts}</div>')
    return "".join(out)


def _legend(g: Furcle, w: PictureWords) -> str:
    keys = []
    if any(g.scoring_mask):
        keys.append(w.scoring_key)
    if g.beekin_die is not None:
        keys.append(w.beekin_key)
    return f'<div class="furlib-legend">{w.legend_sep.join(keys)}</div>' if keys else ""


def _status(g: Furcle, w: PictureWords) -> str:
    if g.is_over:
        return ""
    me = escape(g.current_player)
    stats = [(w.turn_score, g.turn_score)]
    if not g.is_chance:
        stats.insert(0, (w.this_roll, g.roll_points))
    html = ['<div class="furlib-stats">']
    html.append(" ".join(f'<span class="furlib-stat">{k} <b>{v}</b></span>' for k, v in stats))
    html.append("</div>")
    beekin = _beekin_text(g, w)
    if not g.is_chance:
        pts = g.roll_points
        if pts:
            n = len(g.dice) - g.scoring_mask.count(False)
            say = w.scoring(escape(w.groups(g.dice)), pts, me, g.turn_score, n)
        else:
            say = w.all_different(me)
    elif g.dice:
        say = w.rolls_again(me, g.dice_to_roll)
    else:
        say = w.about_to_roll(me, g.dice_to_roll)
    html.append(f'<div class="furlib-say">{say}</div>')
    html.append(f'<div class="furlib-say">{beekin}</div>')
    return "".join(html)


def _beekin_text(g: Furcle, w: PictureWords) -> Markup:
    if not g.beekin:
        return Markup(f"{badge(w.beekin_off)} {escape(w.no_beekin)}")
    if g.beekin_available:
        return Markup(f"{badge(w.beekin_available, kind='beekin')} {escape(w.once)}")
    if g.beekin_die is not None and g.dice:
        return Markup(f"{badge(w.beekin_used)} {escape(w.raised(g.dice[g.beekin_die]))}")
    return Markup(f"{badge(w.beekin_used)} {escape(w.used_this_turn)}")


def _scores(g: Furcle, w: PictureWords) -> str:
    rows = []
    for name, score in g.scores.items():
        marks = []
        if name == g.winner:
            marks.append(w.winner_mark)
        elif name == g.leader:
            marks.append(w.leader_mark)
        if name == g.current_player:
            marks.append(w.to_play_mark)
        rows.append({"name": w.name(name), "score": score, "marks": marks})
    me = g.current_player
    return score_table(rows, target=g.target, highlight=None if me is None else w.name(me), caption=w.caption,
                       language=w.LANGUAGE)


def _leader_line(g: Furcle, w: PictureWords) -> str:
    if g.is_over:
        return ""
    if g.leader is None:
        text = w.practice if g.target is None else w.no_leader(g.target)
    else:
        text = w.leader(escape(g.leader), g.scores[g.leader], g.leader == "You")
    return f'<div class="furlib-say furlib-muted">{text}</div>'
