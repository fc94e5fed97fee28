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

from ..core.errors import check_int
from ..core.html import Markup, attrs_html, blank_die_svg, escape, event_list, score_table, symbol_die_svg, theme_css
from .faces import count_faces, describe_counts, describe_pile, plural

__all__ = ["furglars_html", "describe_die", "describe_chart"]

SCOPE = "furlib-furglars"
NAMES = {"furgle": "Furgle", "lock": "Lock", "hand": "Hand", "x": "X"}
_CSS = {
    ".fg-head": "display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; margin-bottom: 6px;",
    ".fg-title": "font-size: 15px; font-weight: 700;",
    ".fg-cards": "display: flex; flex-wrap: wrap; gap: 8px; margin: 4px 0 8px;",
    ".fg-card": "flex: 1 1 150px; min-width: 140px; max-width: 270px; padding: 6px 8px; border-radius: 8px;"
                " border: 1px solid var(--jp-border-color2, rgba(127, 127, 127, 0.45));"
                " background: rgba(127, 127, 127, 0.06);",
    ".fg-card-current": "border-color: #1f6feb; box-shadow: inset 0 0 0 1px #1f6feb;"
                        " background: rgba(31, 111, 235, 0.08);",
    ".fg-card-winner": "border-color: #d4a017; box-shadow: inset 0 0 0 1px #d4a017;"
                       " background: rgba(212, 160, 23, 0.12);",
    ".fg-name": "font-weight: 700; overflow-wrap: anywhere;",
    ".fg-points": "margin: 1px 0 2px;",
    ".fg-points b": "font-size: 18px; font-variant-numeric: tabular-nums;",
    ".fg-card .furlib-dice": "gap: 3px; min-height: 32px; margin: 2px 0;",
    ".fg-empty": "font-size: 12px; opacity: 0.72; font-style: italic;",
    ".fg-note": "font-size: 11px; opacity: 0.72;",
    ".fg-body": "display: flex; flex-wrap: wrap; gap: 10px 22px; align-items: flex-start;",
    ".fg-side": "flex: 1 1 280px; min-width: 0;",
    ".fg-table": "flex: 1 1 260px; min-width: 0; max-width: 460px;",
    ".fg-label": "font-size: 11px; font-weight: 600; opacity: 0.72; margin-top: 6px;",
    ".fg-stats": "display: flex; flex-wrap: wrap; gap: 2px 16px; margin: 2px 0;",
    ".fg-stat b": "font-size: 18px; font-variant-numeric: tabular-nums;",
    ".fg-say": "margin: 4px 0;",
    ".fg-banner": "margin: 4px 0 8px; padding: 6px 10px; border-radius: 6px; font-weight: 600;"
                  " border-left: 4px solid #d4a017; background: rgba(212, 160, 23, 0.16);",
    ".fg-banner-bonus": "border-left-color: #8250df; background: rgba(130, 80, 223, 0.14);",
    ".fg-legend": "font-size: 11px; opacity: 0.72;",
    ".furlib-ev-steal::marker, .furlib-ev-break::marker": "color: #e5534b;",
    ".furlib-ev-cash-in": "font-weight: 600;",
    ".furlib-ev-cash-in::marker": "color: #d4a017;",
}


def furglars_html(game, *, last_events: int = 5) -> str:
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
    from .rules import Furglars

    if not isinstance(game, Furglars):
        raise ValueError(f"furglars_html needs a Furglars game, got {type(game).__name__}")
    last_events = check_int("last_events", last_events, low=0)
    parts = [f'<div class="furlib {SCOPE}">', theme_css(SCOPE, _CSS), _header(game), _banner(game)]
    parts.append(f'<div class="fg-cards" role="list" aria-label="Character Cards">'
                 f'{"".join(_card(game, p) for p in game.players)}</div>')
    parts.append('<div class="fg-body">')
    if not game.is_over:
        parts.append(f'<div class="fg-side">{_table_dice(game)}{_status(game)}</div>')
    parts.append(f'<div class="fg-table">{_scores(game)}</div></div>')
    if last_events and game.events:
        events = game.events[-last_events:]
        parts.append('<div class="fg-label">Recent events</div>')
        parts.append(event_list([e.text for e in events], kinds=[e.kind for e in events]))
    parts.append("</div>")
    return str("\n".join(p for p in parts if p))


# ------------------------------------------------------------------ pieces
def describe_die(faces) -> str:
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
        return f"{per} point{'s' if per != 1 else ''} per Furgle"
    shown = [f"{n}:{chart[n]}" for n in sorted(chart) if n > 0]
    return "chart " + ", ".join(shown[:4]) + (", ..." if len(shown) > 4 else "")


def _die(kind: str, size: int, *, title: str | None = None, marked: str | None = None, **data: object) -> Markup:
    attrs = {f"data-{k}": v for k, v in data.items()}
    attrs["data-kind"] = kind
    return symbol_die_svg(NAMES[kind], symbol=kind, size=size, title=title or NAMES[kind], marked=marked,
                          attrs=attrs)


def _header(g) -> str:
    if g.is_over:
        where = "game over"
    else:
        doing = "roll" if g.is_chance else "use the Hands"
        where = f"turn {g.turn}: {escape(g.current_player)} to {doing}"
    rules = (f"target {g.target}, {g.dice_per_player} dice each ({g.total_dice} in play); "
             f"die: {describe_die(g.faces)}; {describe_chart(g.chart)}")
    if g.x_factor:
        rules += "; X factor on"
    return (f'<div class="fg-head"><span class="fg-title">The Furglars</span> <span>{where}</span> '
            f'<span class="furlib-muted">{escape(rules)}</span></div>')


def _banner(g) -> str:
    if g.is_over:
        score, turns = g.scores[g.winner], g.turn - 1
        return (f'<div class="fg-banner" role="status">\u2605 {escape(g.winner)} wins with {score} Bullion '
                f'Points after {turns} turn{"s" if turns != 1 else ""}!</div>')
    if g.is_bonus_roll:
        x = next(e for e in reversed(g.events) if e.kind == "x factor")
        return f'<div class="fg-banner fg-banner-bonus" role="status">{escape(x.text)}.</div>'
    return ""


def _card(g, name: str) -> str:
    f, lk, front = g.furgles[name], g.locks[name], g.dice_in_front[name]
    classes = ["fg-card"]
    badges = []
    if name == g.winner:
        classes.append("fg-card-winner")
        badges.append("winner")
    elif name == g.current_player:
        classes.append("fg-card-current")
        badges.append("to play")
    head = escape(name) + "".join(f'<span class="furlib-badge furlib-badge-{b.replace(" ", "-")}">{b}</span>'
                                  for b in badges)
    score = g.scores[name]
    dice = [_die("furgle", 30, title=f"Furgle on {name}'s card", player=name, where="card") for _ in range(f)]
    dice += [_die("lock", 30, title=f"Lock on {name}'s card", player=name, where="card") for _ in range(lk)]
    held = describe_counts({"furgle": f, "lock": lk})
    row = (f'<div class="furlib-dice" role="group" aria-label="on {escape(name)}\'s card: {held}">{"".join(dice)}</div>'
           if dice else '<div class="furlib-dice"><span class="fg-empty">empty card</span></div>')
    notes = []
    if f:
        worth = g.chart[f]
        notes.append(f"{plural(f, 'furgle')} worth {worth} point{'s' if worth != 1 else ''} at the next cash-in"
                     + ("" if lk else ", unprotected"))
    if front:
        notes.append(f"{plural(front, 'die')} in front, to roll")
    note = f'<div class="fg-note">{escape("; ".join(notes))}</div>' if notes else ""
    data = {"data-player": name, "data-score": score, "data-furgles": f, "data-locks": lk, "data-front": front}
    attrs = attrs_html(data)
    return (f'<div class="{" ".join(classes)}" role="listitem"{attrs}><div class="fg-name">{head}</div>'
            f'<div class="fg-points"><b>{score}</b> <span class="furlib-muted">of {g.target} points</span></div>'
            f"{row}{note}</div>")


def _size(n: int) -> int:
    return 40 if n <= 10 else 32 if n <= 20 else 26


def _table_dice(g) -> str:
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
        out.append(f'<div class="fg-label">{escape(label)}</div><div class="furlib-dice fg-roll" role="group" '
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
        out.append(f'<div class="fg-label">{escape(label)}</div><div class="furlib-dice fg-pile" role="group" '
                   f'aria-label="pass pile">{"".join(svgs)}</div>')
    if g.is_chance:
        n = g.dice_to_roll
        what = ("bonus " if g.is_bonus_roll else "") + ("die" if n == 1 else "dice")
        ghosts = "".join(blank_die_svg(size=_size(n), title="die to roll",
                                       attrs={"data-where": "front", "data-kind": "unrolled", "data-player": me})
                         for _ in range(n))
        out.append(f'<div class="fg-label">In front of {escape(me)}: {n} {what} to roll</div>'
                   f'<div class="furlib-dice fg-front" role="group" aria-label="{n} {what} to roll">{ghosts}</div>')
    keys = []
    if any(k in ("furgle", "lock") for k in roll):
        keys.append("green: kept on the card")
    if g.hands_left:
        keys.append("blue: Hand still to spend")
    if pile["lock"]:
        keys.append("red: broken Lock")
    if keys:
        out.append(f'<div class="fg-legend">{"; ".join(keys)}</div>')
    return "".join(out)


def _status(g) -> str:
    me = g.current_player
    if g.is_chance:
        stats = f'<span class="fg-stat">Dice to roll <b>{g.dice_to_roll}</b></span>'
        if g.is_bonus_roll:
            say = (f"Next: {me} to roll the {plural(g.dice_to_roll, 'die')} handed over by the X factor, "
                   "as a bonus roll.")
        else:
            say = f"Next: {me} to roll {plural(g.dice_to_roll, 'die')}."
    else:
        stats = f'<span class="fg-stat">Hands left <b>{g.hands_left}</b></span>'
        options = [str(a) for a in g.legal_actions()[:-1]]   # the last one is Done()
        say = (f"{plural(g.hands_left, 'hand')} to spend. Each may {_or(options)}. Hands need not be used; "
               f"when the turn ends, the dice pass to {g.next_player()}.")
    return f'<div class="fg-stats">{stats}</div><div class="fg-say">{escape(say)}</div>'


def _or(options: list[str]) -> str:
    return options[0] if len(options) == 1 else ", ".join(options[:-1]) + " or " + options[-1]


def _scores(g) -> str:
    rows = []
    for name, score in g.scores.items():
        marks = ["winner"] if name == g.winner else ["to play"] if name == g.current_player else []
        rows.append({"name": name, "score": score, "marks": marks})
    return score_table(rows, target=g.target, highlight=g.current_player, caption="Bullion Points")


