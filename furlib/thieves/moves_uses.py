"""A position of Thieves (:class:`Pos`) and what one key of the dice lets its player do: the key uses of
:mod:`furlib.thieves.moves` (which describes both), the forbidden placements, and the position after a use.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, cast

from ..core.errors import check_int, excerpt
from .board import COLOURS, Board, Cell, PerBoard, check_cell

__all__ = ["Pos", "check_pos", "uses", "apply_use", "opens", "placement_ok", "KEYS", "MAX_POS_KEYS"]

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


#: The most keys a position may hold: a roll's two (more would make the plans of a turn grow without bound).
MAX_POS_KEYS = 2
#: The kinds of key use.
_KINDS = ("move", "pass", "steal", "take", "escape")


def check_pos(board: Board, pos: object) -> Pos:
    """``pos`` if it is a position on ``board`` that the functions here can read, as plain values; else a
    ValueError naming the bad field and its value.

    A position is a :class:`Pos` (as :meth:`furlib.thieves.Thieves.position` gives): 8 thieves on 8 different
    pathways of the map (tuples or lists of two whole numbers), the carrier None or a thief 0 to 7, ``moved``
    and ``passed`` sets of thieves 0 to 7, at most :data:`MAX_POS_KEYS` keys each exactly one of :data:`KEYS`,
    the seat 0 or 1. numpy integers are read as ints; nothing else is converted.

    >>> from furlib import Thieves
    >>> g = Thieves()
    >>> check_pos(g.board, g.position()) == g.position()
    True
    >>> check_pos(g.board, g.position()._replace(seat=2))
    Traceback (most recent call last):
    ...
    ValueError: pos.seat must be between 0 and 1, got 2
    """
    if not isinstance(board, Board):
        raise ValueError(f"board must be a furlib.thieves.Board, got {excerpt(board)}")
    if type(pos) is not Pos:
        raise ValueError(f"pos must be a furlib.thieves.moves.Pos (as Thieves.position() gives), got {excerpt(pos)}")
    cells_in, carrier, moved, passed, keys, seat = pos
    if not isinstance(cells_in, (tuple, list)) or len(cells_in) != 8:
        raise ValueError(f"pos.cells must be the squares of the 8 thieves (a tuple of 8), got {excerpt(cells_in)}")
    cells = tuple(check_cell(board, f"pos.cells[{i}]", c, pathway=True) for i, c in enumerate(cells_in))
    if len(set(cells)) != 8:
        twice = next(c for c in cells if cells.count(c) > 1)
        raise ValueError(f"pos.cells puts two thieves on the pathway {twice}: one thief per pathway")
    if carrier is not None:
        carrier = check_int("pos.carrier (None or a thief 0 to 7)", carrier, low=0, high=7)
    groups = []
    for name, group in (("moved", moved), ("passed", passed)):
        if not isinstance(group, (frozenset, set, tuple, list)) or len(group) > 8:
            raise ValueError(f"pos.{name} must be a set of thieves 0 to 7, got {excerpt(group)}")
        groups.append(frozenset(check_int(f"pos.{name}'s thieves", t, low=0, high=7) for t in group))
    if not isinstance(keys, (tuple, list)) or len(keys) > MAX_POS_KEYS or not all(
            isinstance(k, str) and k in KEYS for k in keys):
        raise ValueError(f"pos.keys must be a tuple of at most {MAX_POS_KEYS} keys, each exactly one of "
                         f"{', '.join(KEYS)}; got {excerpt(keys)}")
    seat = check_int("pos.seat", seat, low=0, high=1)
    return Pos(cells, carrier, groups[0], groups[1], tuple(KEYS[KEYS.index(k)] for k in keys), seat)


def opens(key: str, colour: str) -> bool:
    """True if ``key`` opens a doorway of ``colour``: the same colour, or white (never black)."""
    return key == colour or key == "white"


def _counts(board: Board, cells: tuple[Cell, ...], carrier: int | None, seat: int) -> tuple[int, int, int]:
    """``seat``'s thieves on the three pathways round the opponent's exit, on its own exit area, and its
    accomplices (not carrying the gold) round its own exit: :func:`_flag_counts` of the board's tables."""
    return _flag_counts(_tables(board).flags[seat], cells, carrier, seat)


_LIMITS = (1, 2, 1)


def placement_ok(board: Board, before: Pos, after_cells: tuple[Cell, ...], after_carrier: int | None) -> bool:
    """The forbidden placements of the acting player: none may be made worse past its limit.

    At most 1 of your thieves on the three pathways around the opponent's
    exit, at most 2 on your own exit area, at most 1 accomplice (a thief not
    carrying the gold) on the three pathways around your own exit. A count
    already over its limit (after the opponent stole the gold, say) may stay
    so, but no use may raise it. ``before`` and the position of
    ``after_cells`` and ``after_carrier`` are checked by :func:`check_pos`
    (a ValueError names a bad one).
    """
    before = check_pos(board, before)
    after = check_pos(board, before._replace(cells=after_cells, carrier=after_carrier))
    after_cells, after_carrier = after.cells, after.carrier
    old = _counts(board, before.cells, before.carrier, before.seat)
    new = _counts(board, after_cells, after_carrier, before.seat)
    return all(n <= lim or n <= o for n, o, lim in zip(new, old, _LIMITS))


def _drop(keys: tuple[str, ...], key: str) -> tuple[str, ...]:
    """``keys`` without the first ``key`` (a ValueError if there is none)."""
    if keys and keys[0] == key:
        return keys[1:]
    i = keys.index(key)
    return keys[:i] + keys[i + 1:]


#: A way out of a pathway as :func:`uses` reads it, for one seat: ``(colour, other pathway, da, db, dc,
#: barred)``: the doorway's colour, where it leads, how a thief of that seat going there changes each count of
#: :func:`_counts` (-1, 0 or 1), and whether it leads onto the opponent's exit (where no thief may go).
_Step = tuple[str, Cell, int, int, int, bool]


class _Tables(NamedTuple):
    """A board's facts as :func:`uses` reads them, worked out once per map (``_tables(board)``)."""

    #: For each seat, each pathway's three counts of :func:`_counts` as 0 or 1: on the three pathways round
    #: the opponent's exit, on the seat's own exit area, on the three pathways round the seat's own exit.
    flags: tuple[dict[Cell, tuple[int, int, int]], ...]
    #: For each seat, each pathway's ways out (:data:`_Step`), in the order of :attr:`Board.links`.
    steps: tuple[dict[Cell, tuple[_Step, ...]], ...]
    exits: tuple[Cell, Cell]
    gold_pathways: frozenset[Cell]


def _make_tables(board: Board) -> _Tables:
    """:class:`_Tables` of ``board``."""
    flags = tuple({x: (int(x in board.surrounds[1 - seat]), int(x in board.areas[seat]),
                       int(x in board.surrounds[seat])) for x in board.pathways} for seat in (0, 1))
    steps = tuple({a: tuple(_step(flags[seat], a, colour, b, board.exits[1 - seat]) for colour, _door, b in out)
                   for a, out in board.links.items()} for seat in (0, 1))
    return _Tables(flags, steps, board.exits, board.gold_pathways)


def _step(flags: dict[Cell, tuple[int, int, int]], here: Cell, colour: str, there: Cell, barred: Cell) -> _Step:
    """The :data:`_Step` from ``here`` to ``there`` through a doorway of ``colour`` (``barred``: the
    opponent's exit), with a seat's ``flags``."""
    (ha, hb, hc), (xa, xb, xc) = flags[here], flags[there]
    return colour, there, xa - ha, xb - hb, xc - hc, there == barred


#: The :class:`_Tables` of a board, made once per map.
_tables = PerBoard(_make_tables)


class _Keys(NamedTuple):
    """What a roll's keys (a ``Pos.keys``) allow, as :func:`uses` reads them (see :func:`_keys_of`)."""

    #: Whether a black key is among them.
    black: bool
    #: For each doorway colour, the different keys that open it, in the order they come first in the roll
    #: (empty for every colour when the keys are black only).
    opening: dict[str, tuple[str, ...]]


@lru_cache(maxsize=256)
def _keys_of(keys: tuple[str, ...]) -> _Keys:
    """:class:`_Keys` of ``keys`` (a few dozen different rolls and what is left of them: kept)."""
    different = tuple(dict.fromkeys(keys))
    colour_keys = [k for k in different if k != "black"]
    return _Keys("black" in different, {colour: tuple(k for k in colour_keys if k == colour or k == "white")
                                        for colour in COLOURS})


def uses(board: Board, pos: Pos) -> list[Use]:
    """Every single key use open to the player in ``pos`` (whether or not it begins a maximal plan).

    ``pos`` is checked first (:func:`check_pos`: a ValueError names a bad field).
    """
    return _uses(board, check_pos(board, pos))


def _uses(board: Board, pos: Pos) -> list[Use]:
    """:func:`uses` of a position known to be valid (the engine's, or one made from it by :func:`_apply_use`)."""
    out: list[Use] = []
    if not pos.keys:
        return out
    tables, keys = _tables(board), _keys_of(pos.keys)
    cells, carrier, seat = pos.cells, pos.carrier, pos.seat
    counts = _flag_counts(tables.flags[seat], cells, carrier, seat)
    gold, home = tables.gold_pathways, tables.exits[seat]
    doors = any(keys.opening.values())
    occupied = dict(zip(cells, range(len(cells)))) if doors else {}
    for t in range(4 * seat, 4 * seat + 4):
        if keys.black:
            here = cells[t]
            if carrier is None and here in gold:
                out.append(("take", t, None, "black"))
            if carrier == t and here == home and counts[2]:      # an accomplice round the exit
                out.append(("escape", t, None, "black"))
        if doors:
            _door_uses(tables.steps[seat][cells[t]], keys.opening, pos, t, occupied, counts, out)
    return out


def _flag_counts(flags: dict[Cell, tuple[int, int, int]], cells: tuple[Cell, ...], carrier: int | None,
                 seat: int) -> tuple[int, int, int]:
    """:func:`_counts` from a board's :attr:`_Tables.flags` for ``seat``."""
    a0 = b0 = c0 = 0
    for t in range(4 * seat, 4 * seat + 4):
        a, b, c = flags[cells[t]]
        a0 += a
        b0 += b
        if t != carrier:
            c0 += c
    return a0, b0, c0


def _door_uses(steps: tuple[_Step, ...], opening: dict[str, tuple[str, ...]], pos: Pos, t: int,
               occupied: dict[Cell, int], counts: tuple[int, int, int], out: list[Use]) -> None:
    """Append to ``out`` thief ``t``'s uses of the keys that open doorways (moves, steals, passes).

    ``steps`` are the ways out of the thief's pathway; ``occupied`` maps each thief's pathway to the thief;
    ``counts`` are :func:`_counts` of ``pos``: a use may raise none past its limit (:func:`placement_ok`).
    """
    carrier, seat = pos.carrier, pos.seat
    a0, b0, c0 = counts
    may_move = t not in pos.moved
    carrying = carrier == t
    for colour, there, da, db, dc, barred in steps:
        usable = opening[colour]
        if not usable:
            continue
        other = occupied.get(there)
        if other is None:
            if not may_move or barred:
                continue
            a, b = a0 + da, b0 + db
            c = c0 if carrying else c0 + dc
            if (a <= 1 or a <= a0) and (b <= 2 or b <= b0) and (c <= 1 or c <= c0):
                out.extend([("move", t, there, k) for k in usable])
        elif carrier == other and other // 4 != seat:
            out.extend([("steal", t, other, k) for k in usable])
        elif carrying and other // 4 == seat and other not in pos.passed:
            c = c0 - dc                    # the gold leaves ``here`` for ``there``: an accomplice the other way
            if c <= 1 or c <= c0:
                out.extend([("pass", t, other, k) for k in usable])


#: ``frozenset({t})`` for each thief: the ``moved`` or ``passed`` of a turn's first move or pass, made once.
_ALONE = tuple(frozenset({t}) for t in range(8))


def _with(group: frozenset[int], t: int) -> frozenset[int]:
    """``group | {t}``, without a new set when ``group`` is empty (the turn's first move or pass)."""
    return group | {t} if group or not 0 <= t < len(_ALONE) else _ALONE[t]


def apply_use(pos: Pos, use: Use) -> Pos:
    """The position after ``use``, a use of the player in ``pos`` (one of ``uses(board, pos)``: without the
    board, only its shape is checked, a ValueError naming a bad one)."""
    if type(pos) is not Pos or type(pos.seat) is not int or pos.seat not in (0, 1) or not (
            isinstance(pos.cells, tuple) and len(pos.cells) == 8):
        raise ValueError(f"pos must be a furlib.thieves.moves.Pos (as Thieves.position() gives), got {excerpt(pos)}")
    if not (isinstance(use, tuple) and len(use) == 4 and use[0] in _KINDS and type(use[1]) is int
            and 4 * pos.seat <= use[1] < 4 * pos.seat + 4 and isinstance(pos.keys, tuple) and use[3] in pos.keys
            and (use[0] in ("take", "escape") and use[3] == "black" and use[2] is None
                 or use[0] == "move" and isinstance(use[2], tuple)
                 or use[0] in ("pass", "steal") and type(use[2]) is int and 0 <= use[2] < 8)):
        raise ValueError(f"use must be a key use of the player in pos, one of uses(board, pos), e.g. "
                         f"('move', 0, (1, 3), 'red'); got {excerpt(use)}")
    return _apply_use(pos, use)


def _apply_use(pos: Pos, use: Use) -> Pos:
    """:func:`apply_use`, not checked (a use from :func:`_uses` of ``pos``)."""
    # Pos is made by tuple.__new__, as Pos(...) makes it, without the call of Pos.__new__ (a hot loop).
    kind, t, target, key = use
    cells, carrier, moved, passed, keys, seat = pos
    keys = _drop(keys, key)
    if kind == "move":
        moving = list(cells)
        moving[t] = cast(Cell, target)
        return tuple.__new__(Pos, (tuple(moving), carrier, _with(moved, t), passed, keys, seat))
    if kind == "pass":
        return tuple.__new__(Pos, (cells, cast(int, target), moved, _with(passed, t), keys, seat))
    if kind == "steal" or kind == "take":
        return tuple.__new__(Pos, (cells, t, moved, passed, keys, seat))
    return tuple.__new__(Pos, (cells, carrier, moved, passed, (), seat))          # escape: the game is won
