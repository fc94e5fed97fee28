"""The HTML repr of Thieves: the labyrinth in SVG, the dice, whose turn, the recent events.

No ipywidgets, no plotly, no JavaScript. Nothing is told by colour alone:
doorways carry their colour's letter, each gang's thieves their letter and
number (the first gang light and solid, the second dark with a ring), the
carrier a gold star badge and the words "carries the gold" in its title,
exits a double border and the gang's letter, the pathways beside an exit
the gang's letter in lower case. The last turn's key uses are arrows, and
while a player uses keys the squares their thieves may move to are
highlighted (``data-target="true"``).
"""

from __future__ import annotations

import re

from ..core.board_svg import board_svg
from ..core.dice_svg import symbol_die_svg
from ..core.markup import PALETTE, Markup, attrs_html, escape
from ..core.page import game_page
from ..core.words import join_words, possessive
from .actions import Move

__all__ = ["thieves_html", "board_picture", "gang_letters"]

_CSS = {
    ".th-dice": "display: flex; gap: 6px; margin: 4px 0;",
    ".th-dice [data-state='used']": "opacity: 0.35;",
    ".th-legend": "font-size: 0.85em; line-height: 1.5;",
}
_CELL = re.compile(r'data-row="(\d+)" data-col="(\d+)"')
_FILL = ("white", "black")
_PATTERN = ("solid", "ring")


def gang_letters(players) -> tuple[str, str]:  # noqa: ANN001
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


def _cells(game) -> dict:  # noqa: ANN001
    b = game.board
    letters = gang_letters(game.players)
    cells: dict = {}
    for cell, ch in b:
        if ch == "#":
            continue
        if cell in b.doors:
            cells[cell] = {"kind": "doorway", "colour": b.doors[cell]}
        elif ch == "*":
            gold = "the gold lies here" if game._state["carrier"] is None else "the gold has been taken"
            cells[cell] = {"kind": "special", "colour": "black", "letter": "*",
                           "title": f"central black square, {gold}, row {cell[0]}, column {cell[1]}"}
        else:
            cells[cell] = "pathway"
    for seat in (0, 1):
        name = game.players[seat]
        ex = b.exits[seat]
        cells[ex] = {"kind": "exit", "letter": letters[seat],
                     "title": f"{possessive(name)} exit, row {ex[0]}, column {ex[1]}"}
        for r, c in b.surrounds[seat]:
            cells[(r, c)] = {"kind": "pathway", "letter": letters[seat].lower(),
                             "title": f"pathway beside {possessive(name)} exit, row {r}, column {c}"}
    for r, c in b.gold_pathways:
        if (r, c) not in b.surrounds[0] and (r, c) not in b.surrounds[1]:
            cells[(r, c)] = {"kind": "pathway", "title": f"pathway beside the gold, row {r}, column {c}"}
    return cells


def _pieces(game) -> list[dict]:  # noqa: ANN001
    s = game._state
    letters = gang_letters(game.players)
    out = []
    for t, (r, c) in enumerate(s["thieves"]):
        seat, n = divmod(t, 4)
        carries = s["carrier"] == t
        out.append({"cell": (r, c), "fill": _FILL[seat], "letter": f"{letters[seat]}{n + 1}",
                    "pattern": _PATTERN[seat], "title": f"{possessive(game.players[seat])} thief {n + 1}",
                    "marker": "carries the gold" if carries else None,
                    "data": {"player": game.players[seat], "thief": n + 1}})
    return out


def _arrows(game) -> list[dict]:  # noqa: ANN001
    s = game._state
    shown = s["uses"] or s["last_uses"]
    out = []
    for kind, t, src, dst in shown:
        who = f"{possessive(game.players[t // 4])} thief {t % 4 + 1}"
        words = {"move": f"{who} moved", "pass": f"{who} passed the gold", "steal": f"{who} stole the gold",
                 "take": f"{who} took the gold"}[kind]
        out.append({"from": tuple(src), "to": tuple(dst), "colour": "blue" if kind == "move" else "yellow",
                    "title": f"{words}: row {src[0]}, column {src[1]} to row {dst[0]}, column {dst[1]}"})
    return out


def _targets(game) -> dict:  # noqa: ANN001
    if game.is_over or game._state["phase"] != "keys":
        return {}
    out: dict = {}
    for a in game.legal_actions():
        if isinstance(a, Move):
            words = out.get((a.row, a.col))
            add = f"thief {a.thief} with the {a.key} key"
            out[(a.row, a.col)] = add if words is None else f"{words}; {add}"
    return {cell: f"legal move: {words}" for cell, words in out.items()}


def board_picture(game, *, cell_size: int = 30, highlights: bool = True) -> Markup:  # noqa: ANN001
    """The labyrinth as an SVG: doorways, the gold, exits, thieves, the last turn's arrows, legal targets."""
    b = game.board
    svg = board_svg(b.rows, b.cols, _cells(game), default="wall", pieces=_pieces(game), arrows=_arrows(game),
                    highlights=_targets(game) if highlights else {}, cell_size=cell_size,
                    title=f"Thieves labyrinth of {len(b.pathways)} pathways",
                    attrs={"class": "th-board"})
    # every square and piece names its square in one attribute, data-cell="row,col" (for clicks in the app)
    return Markup(_CELL.sub(lambda m: f'{m.group(0)} data-cell="{m.group(1)},{m.group(2)}"', svg))


def _status(game) -> str:  # noqa: ANN001
    s = game._state
    if game.is_over:
        return f"turn {game.turn}: the game is over"
    me = game.current_player
    phase = s["phase"]
    if phase == "offer":
        return f"turn {game.turn}: {me} may offer to double, then rolls"
    if phase == "answer":
        return f"turn {game.turn}: {me} answers the offer to double"
    if phase == "roll":
        return f"turn {game.turn}: {me} to roll"
    return f"turn {game.turn}: {me} to use {join_words(game.keys)}"


def _banner(game) -> str:  # noqa: ANN001
    if not game.is_over:
        return ""
    if game.winner is None:
        return f"No winner after {game.turn} turns."
    tail = f" (stake {game.stake})" if game.doubling else ""
    how = "escaped with the gold" if game._state["escaped"] else "won"
    verb = "escape" if game.winner == "You" else "escapes"
    return (f"{game.winner} {verb} with the gold and win{'s' if game.winner != 'You' else ''}!{tail}"
            if how == "escaped with the gold" else f"{game.winner} won: the other gang refused the stake{tail}.")


def thieves_html(game, *, last_events: int = 5) -> str:  # noqa: ANN001
    """The game as HTML: the labyrinth, the dice of this turn, who carries the gold, recent events.

    >>> from furlib import Thieves
    >>> html = thieves_html(Thieves(seed=1))
    >>> html.startswith('<div class="furlib furlib-thieves">') and 'data-kind="doorway"' in html
    True
    """
    s = game._state
    roll = s["roll"] if s["phase"] == "keys" else []
    left = list(s["keys"])
    dice = []
    for k in roll:
        used = k not in left
        if not used:
            left.remove(k)
        dice.append(key_die_svg(k, used=used))
    carrier = game.carrier
    gold = ("The gold lies on the central square." if carrier is None
            else f"{possessive(carrier[0])} thief {carrier[1]} carries the gold.")
    letters = gang_letters(game.players)
    legend = (f'<div class="th-legend"><div>{escape(game.players[0])}: {letters[0]}1-{letters[0]}4 (light, solid)'
              f'</div><div>{escape(game.players[1])}: {letters[1]}1-{letters[1]}4 (dark, ringed)</div>'
              f"<div>{escape(gold)}</div></div>")
    side = Markup(f'<div class="th-dice"{attrs_html({"data-roll": " ".join(roll)})}>{"".join(dice)}</div>'
                  + legend)
    info = f"stake {game.stake}" if game.doubling else ""
    return game_page("thieves", title="Thieves", status=_status(game), info=info, banner=_banner(game),
                     side=side, main=board_picture(game), events=game.events, last_events=last_events, css=_CSS)
