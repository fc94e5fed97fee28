"""Key uses and plans: what one key of the dice lets a player do, and the turn's maximal plans.

A *position* here is a small tuple-based record, fast to copy, that the
engine (:class:`furlib.thieves.Thieves`), the bots and the analysis share:

``Pos(cells, carrier, moved, passed, keys, seat)``

* ``cells``: the 8 thieves' squares, thieves 0-3 of the first player, 4-7
  of the second;
* ``carrier``: the thief carrying the gold, or None while it lies on the
  central square;
* ``moved``: the thieves moved this turn; ``passed``: the thieves that
  passed the gold on this turn (it may not come back to them);
* ``keys``: the keys of the roll not used yet; ``seat``: whose turn it is.

A *use* is a tuple ``(kind, thief, target, key)``: ``("move", t, cell,
key)``, ``("pass", t, receiver, key)``, ``("steal", t, victim, key)``,
``("take", t, None, "black")``, ``("escape", t, None, "black")``.

The imperative of movement, as furlib reads it: a turn must use as many of
the roll's keys as can be used (a plan of two uses when one exists, like
backgammon's dice); an escape wins at once and so completes any plan.
:func:`legal_uses` offers only the uses that begin such a plan, so what
stays legal after each use always completes one.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, cast

from .board import Board, Cell

__all__ = ["Pos", "uses", "apply_use", "best", "legal_uses", "plans", "opens", "placement_ok", "KEYS"]

#: The six key colours a die can show.
KEYS = ("red", "yellow", "green", "blue", "white", "black")

#: A key use ``(kind, thief, target, key)``: the target is the pathway moved to (a move), the thief passed to
#: or robbed (a pass, a steal), or None (taking the gold, an escape).
Use = tuple[str, int, Cell | int | None, str]


class Pos(NamedTuple):
    cells: tuple[Cell, ...]
    carrier: int | None
    moved: frozenset[int]
    passed: frozenset[int]
    keys: tuple[str, ...]
    seat: int


#: A maximal plan: its uses and the position it leads to.
Plan = tuple[tuple[Use, ...], Pos]


def opens(key: str, colour: str) -> bool:
    """True if ``key`` opens a doorway of ``colour``: the same colour, or white (never black)."""
    return key == colour or key == "white"


def _counts(board: Board, cells: tuple[Cell, ...], carrier: int | None, seat: int) -> tuple[int, int, int]:
    mine = range(4 * seat, 4 * seat + 4)
    opp_ring = board.surrounds[1 - seat]
    own_ring, own_area = board.surrounds[seat], board.areas[seat]
    a = b = c = 0
    for t in mine:
        x = cells[t]
        if x in opp_ring:
            a += 1
        if x in own_area:
            b += 1
        if x in own_ring and t != carrier:
            c += 1
    return a, b, c


_LIMITS = (1, 2, 1)


def placement_ok(board: Board, before: Pos, after_cells: tuple[Cell, ...], after_carrier: int | None) -> bool:
    """The forbidden placements of the acting player: none may be made worse past its limit.

    At most 1 of your thieves on the three pathways around the opponent's
    exit, at most 2 on your own exit area, at most 1 accomplice (a thief not
    carrying the gold) on the three pathways around your own exit. A count
    already over its limit (after the opponent stole the gold, say) may stay
    so, but no use may raise it.
    """
    old = _counts(board, before.cells, before.carrier, before.seat)
    new = _counts(board, after_cells, after_carrier, before.seat)
    return all(n <= lim or n <= o for n, o, lim in zip(new, old, _LIMITS))


def _drop(keys: tuple[str, ...], key: str) -> tuple[str, ...]:
    i = keys.index(key)
    return keys[:i] + keys[i + 1:]


def uses(board: Board, pos: Pos) -> list[Use]:
    """Every single key use open to the player in ``pos`` (whether or not it begins a maximal plan)."""
    out: list[Use] = []
    keys = tuple(dict.fromkeys(pos.keys))
    if not keys:
        return out
    cells, carrier, seat = pos.cells, pos.carrier, pos.seat
    occupied = {c: t for t, c in enumerate(cells)}
    lo = 4 * seat
    opp_exit = board.exits[1 - seat]
    opp_ring, own_ring, own_area = board.surrounds[1 - seat], board.surrounds[seat], board.areas[seat]
    a0, b0, c0 = _counts(board, cells, carrier, seat)
    black = "black" in keys
    colour_keys = [k for k in keys if k != "black"]
    links = board.links
    for t in range(lo, lo + 4):
        here = cells[t]
        if black:
            if carrier is None and here in board.gold_pathways:
                out.append(("take", t, None, "black"))
            if carrier == t and here == board.exits[seat] and any(
                    cells[o] in own_ring for o in range(lo, lo + 4) if o != t):
                out.append(("escape", t, None, "black"))
        if not colour_keys:
            continue
        for colour, _door, there in links[here]:
            usable = [k for k in colour_keys if k == colour or k == "white"]
            if not usable:
                continue
            other = occupied.get(there)
            if other is None:
                if t in pos.moved or there == opp_exit:
                    continue
                a = a0 - (here in opp_ring) + (there in opp_ring)
                b = b0 - (here in own_area) + (there in own_area)
                c = c0
                if t != carrier:
                    c += (there in own_ring) - (here in own_ring)
                if (a <= 1 or a <= a0) and (b <= 2 or b <= b0) and (c <= 1 or c <= c0):
                    out.extend(("move", t, there, k) for k in usable)
            elif carrier == other and other // 4 != seat:
                out.extend(("steal", t, other, k) for k in usable)
            elif carrier == t and other // 4 == seat and other not in pos.passed:
                c = c0 + (here in own_ring) - (there in own_ring)
                if c <= 1 or c <= c0:
                    out.extend(("pass", t, other, k) for k in usable)
    return out


def apply_use(pos: Pos, use: Use) -> Pos:
    """The position after ``use`` (not checked: pass a use from :func:`uses`)."""
    kind, t, target, key = use
    keys = _drop(pos.keys, key)
    if kind == "move":
        cells = pos.cells[:t] + (cast(Cell, target),) + pos.cells[t + 1:]
        return pos._replace(cells=cells, moved=pos.moved | {t}, keys=keys)
    if kind == "pass":
        return pos._replace(carrier=cast(int, target), passed=pos.passed | {t}, keys=keys)
    if kind == "steal":
        return pos._replace(carrier=t, keys=keys)
    if kind == "take":
        return pos._replace(carrier=t, keys=keys)
    return pos._replace(keys=())           # escape: the game is won


def best(board: Board, pos: Pos) -> int:
    """How many keys the best plan from ``pos`` uses (an escape counts as using every key left)."""
    top = 0
    n = len(pos.keys)
    for u in uses(board, pos):
        if u[0] == "escape":
            return n
        v = 1 + (best(board, apply_use(pos, u)) if n > 1 else 0)
        if v > top:
            top = v
            if top == n:
                return top
    return top


def legal_uses(board: Board, pos: Pos) -> list[Use]:
    """The uses that begin a maximal plan (see the module docstring); empty when no key can be used.

    Worked out once per map and position among the last ``LEGAL_USES_KEPT`` asked (a map and a position are
    values: the same ones always give the same uses), so that replaying a game (undo, loading a save) costs
    no new search.
    """
    return list(_legal_uses(board, pos))


#: How many (map, position) answers :func:`legal_uses` keeps (least recently used dropped first).
LEGAL_USES_KEPT = 4096


@lru_cache(maxsize=LEGAL_USES_KEPT)
def _legal_uses(board: Board, pos: Pos) -> tuple[Use, ...]:
    options = uses(board, pos)
    if not options:
        return ()
    n = len(pos.keys)
    values = []
    for u in options:
        if u[0] == "escape":
            values.append(n)
        elif n == 1:
            values.append(1)
        else:
            values.append(1 + best(board, apply_use(pos, u)))
    top = max(values)
    return tuple(u for u, v in zip(options, values) if v == top)


def plans(board: Board, pos: Pos) -> list[Plan]:
    """Every maximal plan from ``pos``: ``(uses, final position)`` pairs (one empty plan if no key can be used)."""
    out: list[Plan] = []

    def walk(p: Pos, done: tuple[Use, ...]) -> None:
        legal = legal_uses(board, p) if p.keys else []
        if not legal:
            out.append((done, p))
            return
        for u in legal:
            nxt = apply_use(p, u)
            if u[0] == "escape":
                out.append((done + (u,), nxt))
            else:
                walk(nxt, done + (u,))

    walk(pos, ())
    return out
