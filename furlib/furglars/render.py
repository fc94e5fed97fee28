"""The HTML repr of The Furglars (self-contained HTML + inline SVG, no JavaScript).

``Furglars._repr_html_`` calls :func:`furglars_html`; the widget shows the same
HTML above its buttons. No ipywidgets, no plotly here.

Every die drawn carries data attributes, so tests and browser checks can
count them: ``data-where`` (``card``, ``front``, ``roll`` or ``pile``),
``data-kind`` (``furgle``, ``lock``, ``hand``, ``x``, or ``unrolled`` for a
die waiting to be rolled) and, on cards and in front of a player,
``data-player``. Pass-pile Hands say ``data-state="unused"`` or ``"used"``;
a broken Lock says ``data-state="broken"``. Each Character Card is a
``<div class="fg-card" data-player=... data-furgles=... data-locks=...>``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from ..core.errors import check_int
from ..core.show.html import Markup, attrs_html, badge, blank_die_svg, escape, score_table
from ..core.show.page import game_page
from ..core.words import act, join_words, plural, possessive
from .art import CSS, furglars_die_svg
from .faces import count_faces, describe_counts, describe_pile

if TYPE_CHECKING:  # pragma: no cover
    from .views import FurglarsFacts as Furglars

__all__ = ["furglars_html", "describe_die", "describe_chart"]

NAMES = {"furgle": "Furgle", "lock": "Lock", "hand": "Hand", "x": "X"}


def furglars_html(game: object, *, last_events: int = 5) -> str:
    """The game as HTML: Character Cards, the dice in play, Bullion Points, recent events.

    Parameters
    ----------
    game : Furglars
        The game to show (any state: fresh, before a roll, while Hands are
        spent, over).
    last_events : int, default 5
        How many of the latest events to list (0 for none).

    Returns
    -------
    str
        One ``<div class="furlib furlib-furglars">`` holding a scoped
        ``<style>``, one Character Card per player with its Furgles and
        Locks as inline SVG dice, the dice in front of the player to move
        (or their roll and pass pile, with the Hands left to spend), a score
        table toward the target, and the recent events. Well-formed XML;
        the dice carry data attributes (see the module docstring).

    Examples
    --------
    >>> from furlib.furglars import Furglars
    >>> g = Furglars(["Ann", "Bob"], seed=1).roll("furgle", "furgle", "lock", "hand", "x")
    >>> html = furglars_html(g)
    >>> html.count('data-where="card"'), html.count('data-kind="lock"')
    (3, 1)
    """
    from .views import FurglarsFacts as Furglars

    if not isinstance(game, Furglars):
        raise ValueError(f"furglars_html needs a Furglars game, got {type(game).__name__}")
    last_events = check_int("last_events", last_events, low=0)
    banner, banner_class = _banner(game)
    cards = Markup(f'<div class="fg-cards" role="list" aria-label="Character Cards">'
                   f'{"".join(_card(game, p) for p in game.players)}</div>')
    side = "" if game.is_over else Markup(_table_dice(game) + _status(game))
    return str(game_page("furglars", title="The Furglars", status=_where(game), info=_info(game),
                         banner=banner, banner_class=banner_class, top=cards, side=side,
                         main=Markup(_scores(game)), events=game.events, last_events=last_events, css=CSS))


# ------------------------------------------------------------------ pieces
def describe_die(faces: Iterable[str]) -> str:
    """Words for the faces of one die, e.g. ``'2 Furgles, 1 Lock, 2 Hands and 1 X'``.

    >>> describe_die(("furgle", "furgle", "lock", "hand", "hand", "x"))
    '2 Furgles, 1 Lock, 2 Hands and 1 X'
    """
    return describe_counts(count_faces(faces))


def describe_chart(chart: dict[int, int]) -> str:
    """Words for a Bullion chart: ``'1 point per Furgle'`` or its first entries.

    >>> describe_chart({0: 0, 1: 2, 2: 4, 3: 6})
    '2 points per Furgle'
    >>> describe_chart({0: 0, 1: 1, 2: 3, 3: 6, 4: 10, 5: 15})
    'chart 1:1, 2:3, 3:6, 4:10, ...'
    """
    per = chart.get(1, 0)
    if all(v == per * n for n, v in chart.items()):
        return f"{plural(per, 'point')} per Furgle"
    shown = [f"{n}:{chart[n]}" for n in sorted(chart) if n > 0]
    return "chart " + ", ".join(shown[:4]) + (", ..." if len(shown) > 4 else "")


def _die(kind: str, size: int, *, title: str | None = None, marked: str | None = None, **data: object) -> Markup:
    attrs = {f"data-{k}": v for k, v in data.items()}
    attrs["data-kind"] = kind
    return furglars_die_svg(NAMES[kind], symbol=kind, size=size, title=title or NAMES[kind], marked=marked,
                            attrs=attrs)


def _where(g: Furglars) -> str:
    if g.is_over:
        return "game over"
    return f"turn {g.turn}: {g.current_player} to {'roll' if g.is_chance else 'use the Hands'}"


def _info(g: Furglars) -> str:
    rules = (f"target {g.target}, {g.dice_per_player} dice each ({g.total_dice} in play); "
             f"die: {describe_die(g.faces)}; {describe_chart(g.chart)}")
    return rules + ("; X factor on" if g.x_factor else "")


def _banner(g: Furglars) -> tuple[str, str | None]:
    if g.is_over:
        winner = cast(str, g.winner)   # the game is over, and The Furglars has one winner, never a shared win
        score, turns = g.scores[winner], g.turn - 1
        return (f"\u2605 {act(winner, 'wins')} with {plural(score, 'Bullion Point')} after "
                f"{plural(turns, 'turn')}!", None)
    if g.is_bonus_roll:
        x = next(e for e in reversed(g.events) if e.kind == "x factor")
        return f"{x.text}.", "fg-banner-bonus"
    return "", None


def _card(g: Furglars, name: str) -> str:
    f, lk, front = g.furgles[name], g.locks[name], g.dice_in_front[name]
    classes = ["fg-card"]
    badges = []
    if name == g.winner:
        classes.append("fg-card-winner")
        badges.append("winner")
    elif name == g.current_player:
        classes.append("fg-card-current")
        badges.append("to play")
    head = escape(name) + "".join(badge(b, kind=b) for b in badges)
    score = g.scores[name]
    dice = [_die("furgle", 30, title=f"Furgle on {possessive(name, capital=False)} card", player=name, where="card")
            for _ in range(f)]
    dice += [_die("lock", 30, title=f"Lock on {possessive(name, capital=False)} card", player=name, where="card")
             for _ in range(lk)]
    held = describe_counts({"furgle": f, "lock": lk})
    row = (f'<div class="furlib-dice" role="group" aria-label="on {escape(name)}\'s card: {held}">{"".join(dice)}</div>'
           if dice else '<div class="furlib-dice"><span class="fg-empty">empty card</span></div>')
    notes = []
    if f:
        worth = g.chart[f]
        notes.append(f"{plural(f, 'Furgle')} worth {plural(worth, 'point')} at the next cash-in"
                     + ("" if lk else ", unprotected"))
    if front:
        notes.append(f"{plural(front, 'die')} in front, to roll")
    note = f'<div class="fg-note">{escape("; ".join(notes))}</div>' if notes else ""
    data = {"data-player": name, "data-score": score, "data-furgles": f, "data-locks": lk, "data-front": front}
    attrs = attrs_html(data)
    return (f'<div class="{" ".join(classes)}" role="listitem"{attrs}><div class="fg-name">{head}</div>'
            f'<div class="fg-points"><b>{score}</b> <span class="furlib-muted">{"point" if score == 1 else "points"} '
            f'(target {g.target})</span></div>'
            f"{row}{note}</div>")


def _size(n: int) -> int:
    return 40 if n <= 10 else 32 if n <= 20 else 26


def _table_dice(g: Furglars) -> str:
    """The current player's dice: to roll, just rolled, and the pass pile."""
    me = g.current_player
    out = []
    roll = g.last_roll
    if roll:
        svgs = []
        for kind in roll:
            kept = kind in ("furgle", "lock")
            title = f"{NAMES[kind]}, kept on the card" if kept else NAMES[kind]
            svgs.append(_die(kind, _size(len(roll)), title=title, marked="scoring" if kept else None, where="roll"))
        label = f"{me} rolled {describe_counts(count_faces(roll))}"
        out.append(f'<div class="furlib-label">{escape(label)}</div><div class="furlib-dice fg-roll" role="group" '
                   f'aria-label="the roll">{"".join(svgs)}</div>')
    pile = g.pass_pile
    n_pile = sum(pile.values())
    if n_pile:
        unused = g.hands_left
        svgs = [_die("hand", _size(n_pile), title="Hand, not used yet" if i < unused else "Hand, used",
                     marked="selected" if i < unused else None, where="pile",
                     state="unused" if i < unused else "used")
                for i in range(pile["hand"])]
        svgs += [_die("x", _size(n_pile), where="pile") for _ in range(pile["x"])]
        svgs += [_die("lock", _size(n_pile), title="broken Lock", marked="lost", where="pile", state="broken")
                 for _ in range(pile["lock"])]
        label = (f"Pass pile for {g.next_player()}: {plural(n_pile, 'die')} "
                 f"({describe_pile(pile, unused)})")
        out.append(f'<div class="furlib-label">{escape(label)}</div><div class="furlib-dice fg-pile" role="group" '
                   f'aria-label="pass pile">{"".join(svgs)}</div>')
    if g.is_chance:
        n = g.dice_to_roll
        what = ("bonus " if g.is_bonus_roll else "") + ("die" if n == 1 else "dice")
        ghosts = "".join(blank_die_svg(size=_size(n), title="die to roll",
                                       attrs={"data-where": "front", "data-kind": "unrolled", "data-player": me})
                         for _ in range(n))
        out.append(f'<div class="furlib-label">In front of {escape(me)}: {n} {what} to roll</div>'
                   f'<div class="furlib-dice fg-front" role="group" aria-label="{n} {what} to roll">{ghosts}</div>')
    keys = []
    if any(k in ("furgle", "lock") for k in roll):
        keys.append("green: kept on the card")
    if g.hands_left:
        keys.append("blue: Hand still to spend")
    if pile["lock"]:
        keys.append("red: broken Lock")
    if keys:
        out.append(f'<div class="furlib-legend">{"; ".join(keys)}</div>')
    return "".join(out)


def _status(g: Furglars) -> str:
    me = g.current_player
    if g.is_chance:
        stats = f'<span class="furlib-stat">Dice to roll <b>{g.dice_to_roll}</b></span>'
        if g.is_bonus_roll:
            say = (f"Next: {me} to roll the {plural(g.dice_to_roll, 'die')} handed over by the X factor, "
                   "as a bonus roll.")
        else:
            say = f"Next: {me} to roll {plural(g.dice_to_roll, 'die')}."
    else:
        stats = f'<span class="furlib-stat">Hands left <b>{g.hands_left}</b></span>'
        options = [str(a) for a in g.legal_actions()[:-1]]   # the last one is Done(); a view lists none
        each = f" Each may {join_words(options, last='or')}." if options else ""
        say = (f"{plural(g.hands_left, 'Hand')} to spend.{each} Hands need not be used; "
               f"when the turn ends, the dice pass to {g.next_player()}.")
    return f'<div class="furlib-stats">{stats}</div><div class="furlib-say">{escape(say)}</div>'



def _scores(g: Furglars) -> str:
    rows = []
    for name, score in g.scores.items():
        marks = ["winner"] if name == g.winner else ["to play"] if name == g.current_player else []
        rows.append({"name": name, "score": score, "marks": marks})
    return score_table(rows, target=g.target, highlight=g.current_player, caption="Bullion Points")


