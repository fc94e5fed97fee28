"""The HTML repr of Thieves: the labyrinth in SVG, the dice, whose turn, a key to the board, the recent events.

No ipywidgets, no plotly, no JavaScript. Nothing is told by colour alone:
doorways carry their colour's letter, each gang's thieves their letter and
number (the first gang light and solid, the second dark with a ring), the
carrier a gold star badge and the words "carries the gold" in its title,
exits a double border and the gang's letter, the pathways beside an exit
the gang's letter in lower case. The last turn's key uses are arrows, and
while a player uses keys the squares their thieves may move to are
highlighted (``data-target="true"``). A key to the board (:func:`board_key`,
beside the board or under it on a narrow screen) says what each of these
means, in words.

The labyrinth is drawn on a non-uniform grid (:func:`track_sizes`): the
pathways are three times as wide as the walls and doorways between them,
and the central square's row and column as wide as a pathway, so that on a
phone (the board about 300 px wide) every square a player taps, and every
thief, is at least 24 by 24 px; a doorway is thinner, but the square behind
it does the same.
"""

from __future__ import annotations

import math
import re
from collections.abc import Container, Sequence
from typing import TYPE_CHECKING, cast

from ..core.show.board_svg import GOLD_COLOUR, LETTER_STYLE, TARGET_COLOUR, board_svg
from ..core.show.dice_svg import EDGE, FACE, SVG_NS, symbol_die_svg
from ..core.show.markup import PALETTE, Markup, attrs_html, escape
from ..core.show.page import game_page
from ..core.words import act, join_words, named, plural, possessive
from .actions import Move
from .moves import KEYS
from .squares import column_letter, door_name, row_number, square_name

if TYPE_CHECKING:  # pragma: no cover
    from .board import Board, Cell
    from .views import ThievesFacts as Thieves

__all__ = ["thieves_html", "board_picture", "board_key", "board_size", "gang_letters", "track_sizes"]

_CSS = {
    # a narrow screen gives the board its padding: the frame's sides shrink to 2 % of the page's width
    "": "padding: 10px min(14px, 2vw);",
    ".th-dice": "display: flex; gap: 6px; margin: 4px 0; min-height: 40px;",  # kept when empty: no jump
    ".th-dice [data-state='used']": "opacity: 0.35;",
    ".th-legend": "font-size: 0.85em; line-height: 1.5;",
    ".th-key": "list-style: none; margin: 2px 0 0; padding: 0;",
    ".th-key li": "display: flex; gap: 8px; align-items: flex-start; margin: 3px 0;",
    ".th-key .th-icons": "display: flex; gap: 2px; flex: none; min-width: 50px;",
    ".th-key svg": "display: block; flex: none;",
    # the board first, the legend beside it (below it on a narrow screen)
    ".furlib-side": "flex: 1 1 220px; order: 2;",
}
#: A pathway's side in the board's own pixels (its natural size, on a wide screen).
PATHWAY = 42
_CELL = re.compile(r'data-row="(\d+)" data-col="(\d+)"')
_FILL = ("white", "black")
_PATTERN = ("solid", "ring")


def gang_letters(players: Sequence[str]) -> tuple[str, str]:
    """One letter per gang: the names' initials, or "A" and "B" when they are the same."""
    a, b = players[0][:1].upper(), players[1][:1].upper()
    return (a, b) if a != b and a.isalnum() and b.isalnum() else ("A", "B")


def key_die_svg(key: str, *, used: bool = False, size: int = 40) -> Markup:
    """A key die: a square of the key's colour with its letter (W for white, K for black)."""
    fill, ink, letter = PALETTE[key]
    icon = Markup(f'<rect x="16" y="16" width="68" height="68" rx="10" fill="{fill}" stroke="currentColor" '
                  f'stroke-width="3"/><text x="50" y="52" text-anchor="middle" dominant-baseline="central" '
                  f'font-family="sans-serif" font-weight="700" font-size="40" fill="{ink}">{letter}</text>')
    title = f"die showing the {key} key" + (", used" if used else "")
    return symbol_die_svg(key, icon=icon, symbol=f"key-{key}", size=size, title=title,
                          attrs={"data-key": key, "data-state": "used" if used else "unused"})


def _cells(game: Thieves) -> dict[Cell, dict[str, str]]:
    b = game.board
    letters = gang_letters(game.players)
    cells: dict[Cell, dict[str, str]] = {}
    for cell, ch in b:
        r, c = cell
        if cell in b.doors:
            cells[cell] = {"kind": "doorway", "colour": b.doors[cell],
                           "title": f"{b.doors[cell]} doorway between {_between(r, c)}"}
        elif ch == "*":
            gold = "the gold lies here" if game.carrier is None else "the gold has been taken"
            cells[cell] = {"kind": "special", "colour": "black", "letter": "*",
                           "title": f"central black square, {gold}"}
        elif ch == "#":
            between = (r % 2) != (c % 2) and 0 < r < b.rows - 1 and 0 < c < b.cols - 1
            cells[cell] = {"kind": "wall", "title": f"wall between {_between(r, c)}" if between else "wall"}
        else:
            cells[cell] = {"kind": "pathway", "title": f"pathway {square_name(r, c)}"}
    for seat in (0, 1):
        name = game.players[seat]
        ex = b.exits[seat]
        cells[ex] = {"kind": "exit", "letter": letters[seat],
                     "title": f"{possessive(name)} exit {square_name(*ex)}"}
        for r, c in b.surrounds[seat]:
            cells[(r, c)] = {"kind": "pathway", "letter": letters[seat].lower(),
                             "title": f"pathway {square_name(r, c)}, beside {possessive(name, capital=False)} exit"}
    for r, c in b.gold_pathways:
        if (r, c) not in b.surrounds[0] and (r, c) not in b.surrounds[1]:
            cells[(r, c)] = {"kind": "pathway", "title": f"pathway {square_name(r, c)}, beside the gold"}
    return cells


def _between(r: int, c: int) -> str:
    """The two pathways a doorway or wall at ``(r, c)`` lies between: "B1 and C1"."""
    return " and ".join(door_name(r, c).split("-"))


def _pieces(game: Thieves, usable: Container[Cell] = ()) -> list[dict[str, object]]:
    pos = game.position()
    letters = gang_letters(game.players)
    out: list[dict[str, object]] = []
    for t, (r, c) in enumerate(pos.cells):
        seat, n = divmod(t, 4)
        carries = pos.carrier == t
        data = {"player": game.players[seat], "thief": n + 1}
        if (r, c) in usable:
            data["usable"] = "true"
        out.append({"cell": (r, c), "fill": _FILL[seat], "letter": f"{letters[seat]}{n + 1}",
                    "pattern": _PATTERN[seat],
                    "title": f"{possessive(game.players[seat])} thief {n + 1} on {square_name(r, c)}",
                    "marker": "carries the gold" if carries else None, "data": data})
    return out


def _arrows(game: Thieves) -> list[dict[str, object]]:
    shown = game.uses or game.last_uses
    out: list[dict[str, object]] = []
    for kind, t, src, dst in shown:
        who = f"{possessive(game.players[t // 4])} thief {t % 4 + 1}"
        words = {"move": f"{who} moved", "pass": f"{who} passed the gold", "steal": f"{who} stole the gold",
                 "take": f"{who} took the gold"}[kind]
        start = "the central square" if kind == "take" else square_name(*src)
        end = square_name(*dst)
        out.append({"from": tuple(src), "to": tuple(dst), "colour": "blue" if kind == "move" else "yellow",
                    "title": f"{words}: {start} to {end}"})
    return out


def _targets(game: Thieves) -> dict[Cell, str]:
    if game.is_over or game.phase != "keys":
        return {}
    out: dict[Cell, str] = {}
    for a in game.legal_actions():
        if isinstance(a, Move):
            words = out.get((a.row, a.col))
            add = f"thief {a.thief} with the {a.key} key"
            out[(a.row, a.col)] = add if words is None else f"{words}; {add}"
    return {cell: f"legal move: {words}" for cell, words in out.items()}


def track_sizes(board: Board, pathway: int = PATHWAY) -> tuple[list[int], list[int]]:
    """The height of each row and the width of each column of the drawn board, in its pixels.

    A row or column of pathways is ``pathway`` wide; one of walls and
    doorways a third of it, the edge of the map a fifth; the central
    square's row and column are as wide as a pathway (the central square is
    tapped to take the gold, and no square behind it does the same).

    >>> from furlib.thieves import Board
    >>> rows, cols = track_sizes(Board.default())
    >>> cols[:4], cols[8], sum(cols)
    ([8, 42, 14, 42], 42, 478)
    """
    line, edge = max(2, round(pathway / 3)), max(2, round(pathway / 5))
    gold_row, gold_col = board.gold_square

    def sizes(n: int, gold: int) -> list[int]:
        return [edge if i in (0, n - 1) else pathway if i % 2 or i == gold else line for i in range(n)]

    return sizes(board.rows, gold_row), sizes(board.cols, gold_col)


def _label_size(pathway: int) -> int:
    """The ``cell_size`` of :func:`~furlib.core.show.board_svg.board_svg`: its coordinates' margin is 0.6 of it."""
    return max(8, round(pathway * 5 / 7))


def board_size(board: Board, pathway: int = PATHWAY) -> int:
    """The drawn board's natural width in pixels (its coordinates' margins included).

    >>> from furlib.thieves import Board
    >>> board_size(Board.default())
    518
    """
    return sum(track_sizes(board, pathway)[1]) + 4 + 2 * round(_label_size(pathway) * 0.6)


def board_picture(game: Thieves, *, pathway: int = PATHWAY, highlights: bool | dict[Cell, str] = True) -> Markup:
    """The labyrinth as an SVG: coordinates, doorways, the gold, exits, thieves, the last turn's arrows, targets.

    The columns of pathways are labelled A, B, C... and their rows 1, 2, 3...
    on the edges (see :mod:`furlib.thieves.squares`); the picture scales
    down to the width available, up to its natural size (pathways
    ``pathway`` px wide, walls and doorways a third of that: see
    :func:`track_sizes`). ``highlights``: True highlights the squares the
    legal moves lead to, False none, and a dict ``{(row, col): words}``
    exactly those squares (the app's clickable squares; the thieves on them
    are marked ``data-usable="true"``).
    """
    b = game.board
    if isinstance(highlights, dict):
        marked = dict(highlights)
    else:
        marked = _targets(game) if highlights else {}
    heights, widths = track_sizes(b, pathway)
    svg = board_svg(b.rows, b.cols, _cells(game), default="wall", pieces=_pieces(game, marked if isinstance(
                        highlights, dict) else ()), arrows=_arrows(game), highlights=marked,
                    cell_size=_label_size(pathway), row_sizes=heights, col_sizes=widths,
                    title=f"Thieves labyrinth of {len(b.pathways)} pathways, columns {column_letter(1)} to "
                          f"{column_letter(b.cols - 2)}, rows 1 to {row_number(b.rows - 2)}",
                    attrs={"class": "th-board"}, fluid=True,
                    row_labels={r: str(row_number(r)) for r in range(1, b.rows - 1, 2)},
                    col_labels={c: column_letter(c) for c in range(1, b.cols - 1, 2)})
    # every square and piece names its square in one attribute, data-cell="row,col" (for clicks in the app)
    return Markup(_CELL.sub(lambda m: f'{m.group(0)} data-cell="{m.group(1)},{m.group(2)}"', svg))


def _icon(body: str, width: int = 24) -> str:
    """A small picture of the key to the board (hidden from screen readers: the words beside it say it all)."""
    return (f'<svg xmlns="{SVG_NS}" class="th-icon" width="{width}" height="24" viewBox="0 0 {width} 24" '
            f'aria-hidden="true" focusable="false">{body}</svg>')


def _piece_icon(letter: str, seat: int) -> str:
    fill, ink, _ = PALETTE[_FILL[seat]]
    ring = (f'<circle cx="12" cy="12" r="7.5" fill="none" stroke="{ink}" stroke-width="1.2"/>' if seat else "")
    return _icon(f'<circle cx="12" cy="12" r="10.5" fill="{fill}" stroke="currentColor" stroke-width="1.5"/>{ring}'
                 f'<text x="12" y="12" {LETTER_STYLE} font-size="8.5" fill="{ink}">{escape(letter)}</text>')


def _star_icon() -> str:
    star = " ".join(f"{12 + (7.5 if k % 2 == 0 else 3.3) * math.sin(math.pi * k / 5):.1f},"
                    f"{12 - (7.5 if k % 2 == 0 else 3.3) * math.cos(math.pi * k / 5):.1f}" for k in range(10))
    return _icon(f'<circle cx="12" cy="12" r="10" fill="{GOLD_COLOUR}" stroke="currentColor" stroke-width="1"/>'
                 f'<polygon points="{star}" fill="#000"/>')


def _square_icon(letter: str, *, exit_: bool = False, gold: bool = False) -> str:
    if gold:
        fill, ink, _ = PALETTE["black"]
        return _icon(f'<rect x="1" y="1" width="22" height="22" fill="{fill}" {EDGE}/>'
                     f'<rect x="3" y="3" width="18" height="18" fill="none" stroke-width="1.5" {EDGE}/>'
                     f'<text x="12" y="12" {LETTER_STYLE} font-size="11" fill="{ink}">*</text>')
    inner = (f'<rect x="3.5" y="3.5" width="17" height="17" fill="none" stroke-width="1.5" {EDGE}/>' if exit_ else "")
    return _icon(f'<rect x="1" y="1" width="22" height="22" {FACE} stroke-width="1" {EDGE}/>{inner}'
                 f'<text x="12" y="12" {LETTER_STYLE} font-size="11" fill="currentColor" fill-opacity="0.6">'
                 f"{escape(letter)}</text>")


def _doors_icon(colours: Sequence[str]) -> str:
    parts = []
    for i, colour in enumerate(colours):
        fill, ink, letter = PALETTE[colour]
        x = 1 + 12 * i
        parts.append(f'<rect x="{x}" y="1" width="10" height="22" fill="{fill}" stroke-width="1" {EDGE}/>'
                     f'<text x="{x + 5}" y="12" {LETTER_STYLE} font-size="8.5" fill="{ink}">{letter}</text>')
    return _icon("".join(parts), width=max(24, 12 * len(colours)))


def _target_icon() -> str:
    return _icon(f'<rect x="2.5" y="2.5" width="19" height="19" rx="3" fill="{TARGET_COLOUR}" fill-opacity="0.15" '
                 f'stroke="{TARGET_COLOUR}" stroke-width="2" stroke-dasharray="4 2.5"/>'
                 f'<circle cx="12" cy="12" r="2.5" fill="{TARGET_COLOUR}"/>')


def _arrows_icon() -> str:
    out = []
    for y, colour in ((7, "blue"), (17, "yellow")):
        fill = PALETTE[colour][0]
        out.append(f'<line x1="3" y1="{y}" x2="15" y2="{y}" stroke="{fill}" stroke-width="2.5" stroke-linecap="round"/>'
                   f'<polygon points="21,{y} 14,{y - 4} 14,{y + 4}" fill="{fill}"/>')
    return _icon("".join(out))


def board_key(game: Thieves) -> Markup:
    """The key to the board: what the pieces, the squares and the marks on them mean, in short plain words.

    A list (``<ul class="th-key">``) headed "Key to the board"; each item a
    small picture (``aria-hidden``) and its words, which say everything the
    picture shows (a screen reader reads the words only).

    >>> from furlib import Thieves
    >>> "exit rules" in board_key(Thieves(["You", "Dark"], seed=1))
    True
    """
    a, b = gang_letters(game.players)
    p0, p1 = game.players
    own = [possessive(p, capital=False) for p in (p0, p1)]
    colours = [k for k in KEYS if k in set(game.board.doors.values())]
    door_words = ", ".join(f"{PALETTE[k][2]} {k}" for k in colours)
    items = [
        (_piece_icon(f"{a}1", 0) + _piece_icon(f"{b}1", 1),
         f"{a}1 to {a}4: {own[0]} thieves, light. {b}1 to {b}4: {own[1]} thieves, dark with a ring inside."),
        (_star_icon(), "A gold star on a thief: it carries the gold."),
        (_square_icon("*", gold=True), "* on the black square in the middle: the gold lies there at the start. A "
                                       "thief on a pathway beside it takes the gold with a black key."),
        (_square_icon(a, exit_=True), f"{a} with a double border: {own[0]} exit ({b}: {own[1]}). The thief "
                                      "carrying the gold escapes from its own exit with a black key, while an "
                                      "accomplice stands beside it."),
        (_square_icon(a.lower()), f"{a.lower()} in lower case: the three pathways around {own[0]} exit "
                                  f"({b.lower()}: around {own[1]}). The exit rules: only one thief of the other gang "
                                  "and one accomplice of the exit's own gang may stand on them, and the carrier "
                                  "escapes only with an accomplice there."),
        (_doors_icon(colours), f"A letter on a doorway is its colour: {door_words}. A key of that colour or a white "
                               "key opens it; a black key opens only the central square and the exits."),
        (_target_icon(), "A dashed blue square: you can click it now (a thief to choose, or where it goes)."),
        (_arrows_icon(), "Arrows: the last turn's moves (blue: a thief moved; yellow: the gold was taken, passed "
                         "or stolen)."),
    ]
    lis = "".join(f'<li><span class="th-icons">{icons}</span><span>{escape(words)}</span></li>'
                  for icons, words in items)
    return Markup(f'<div class="furlib-label">Key to the board</div>'
                  f'<ul class="th-key" aria-label="Key to the board">{lis}</ul>')


def _status(game: Thieves) -> str:
    if game.is_over:
        return f"Turn {game.turn}: the game is over"
    me = game.current_player
    phase = game.phase
    if phase == "offer":
        return f"Turn {game.turn}: {me} may offer to double before rolling"
    if phase == "answer":
        return f"Turn {game.turn}: {me} to answer the offer to double"
    if phase == "roll":
        return f"Turn {game.turn}: {me} to roll"
    return f"Turn {game.turn}: {me} to use {join_words(game.keys)}"


def _banner(game: Thieves) -> str:
    if not game.is_over:
        return ""
    if game.winner is None:
        return f"No winner: the game ended undecided after {plural(game.turn, 'turn')} (the turn limit)."
    winner = cast(str, game.winner)               # one gang wins a game of Thieves, never both
    stake = f", at a stake of {game.stake}" if game.doubling else ""
    if game.escaped:
        return act(winner, f"escapes with the gold and wins{stake}!")
    loser = next(p for p in game.players if p != winner)
    return act(winner, f"wins{stake}: {named(loser)} refused the doubled stake.")


def thieves_html(game: Thieves, *, last_events: int = 5, targets: dict[Cell, str] | None = None) -> str:
    """The game as HTML: the dice of this turn, the labyrinth, who is who and who carries the gold, recent events.

    The board scales to the width available (up to its natural size); the
    legend (who is who, the gold, and :func:`board_key`) stands beside it,
    or below it on a narrow screen. ``targets``
    (``{(row, col): words}``) highlights exactly those squares instead of
    the legal moves' destinations (the app passes its clickable squares).

    >>> from furlib import Thieves
    >>> html = thieves_html(Thieves(seed=1))
    >>> html.startswith('<div class="furlib furlib-thieves">') and 'data-kind="doorway"' in html
    True
    """
    roll = game.roll if game.phase == "keys" else []
    left = game.keys
    dice = []
    for k in roll:
        used = k not in left
        if not used:
            left.remove(k)
        dice.append(key_die_svg(k, used=used))
    carrier = game.carrier
    if carrier is None:
        gold = "The gold lies on the central square."
    else:
        pos = game.position()
        where = square_name(*pos.cells[cast(int, pos.carrier)])   # not None: the game says who carries the gold
        gold = f"{possessive(carrier[0])} thief {carrier[1]} carries the gold (on {where})."
    letters = gang_letters(game.players)
    b = game.board
    lines = [f"{game.players[seat]}: thieves {letters[seat]}1 to {letters[seat]}4 ({looks}), exit "
             f"{square_name(*b.exits[seat])}" for seat, looks in ((0, "light, solid"), (1, "dark, ringed"))]
    legend = Markup('<div class="th-legend">' + "".join(f"<div>{escape(x)}</div>" for x in lines + [gold])
                    + board_key(game) + "</div>")
    # the row of dice keeps its place when no key is rolled, so the board does not jump down after a roll
    top = Markup(f'<div class="th-dice"{attrs_html({"data-roll": " ".join(roll)})}>{"".join(dice)}</div>')
    info = f"stake {game.stake}" if game.doubling else ""
    css = dict(_CSS)
    css[".furlib-main"] = f"flex: 3 1 320px; max-width: {board_size(b)}px;"
    return game_page("thieves", title="Thieves", status=_status(game), info=info, banner=_banner(game), top=top,
                     side=legend, main=board_picture(game, highlights=True if targets is None else targets),
                     events=game.events, last_events=last_events, css=css)
