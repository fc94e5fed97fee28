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

The position and its single key uses live in :mod:`~furlib.thieves.moves_uses`
(:class:`Pos`, :func:`check_pos`, :func:`uses`, :func:`apply_use`,
:func:`placement_ok`; every name is importable from here); here the turn's
maximal plans.
"""

from __future__ import annotations

from functools import lru_cache

from .board import Board
from .moves_uses import _ALONE as _ALONE
from .moves_uses import _KINDS as _KINDS
from .moves_uses import _LIMITS as _LIMITS
from .moves_uses import KEYS, MAX_POS_KEYS, Pos, apply_use, check_pos, opens, placement_ok, uses
from .moves_uses import Use as Use
from .moves_uses import _apply_use as _apply_use
from .moves_uses import _counts as _counts
from .moves_uses import _door_uses as _door_uses
from .moves_uses import _drop as _drop
from .moves_uses import _flag_counts as _flag_counts
from .moves_uses import _Keys as _Keys
from .moves_uses import _keys_of as _keys_of
from .moves_uses import _make_tables as _make_tables
from .moves_uses import _Step as _Step
from .moves_uses import _step as _step
from .moves_uses import _Tables as _Tables
from .moves_uses import _tables as _tables
from .moves_uses import _uses as _uses
from .moves_uses import _with as _with

__all__ = ["Pos", "check_pos", "uses", "apply_use", "best", "legal_uses", "plans", "opens", "placement_ok", "KEYS",
           "MAX_POS_KEYS"]

#: A maximal plan: its uses and the position it leads to.
Plan = tuple[tuple[Use, ...], Pos]


def best(board: Board, pos: Pos) -> int:
    """How many keys the best plan from ``pos`` uses (an escape counts as using every key left).

    ``pos`` is checked first (:func:`check_pos`).
    """
    return _best(board, check_pos(board, pos))


def _best(board: Board, pos: Pos) -> int:
    """:func:`best` of a valid position."""
    top = 0
    n = len(pos.keys)
    for u in _uses(board, pos):
        if u[0] == "escape":
            return n
        v = 1 + (_best(board, _apply_use(pos, u)) if n > 1 else 0)
        if v > top:
            top = v
            if top == n:
                return top
    return top


def legal_uses(board: Board, pos: Pos) -> list[Use]:
    """The uses that begin a maximal plan (see the module docstring); empty when no key can be used.

    Worked out once per map and position among the last ``LEGAL_USES_KEPT`` asked (a map and a position are
    values: the same ones always give the same uses), so that replaying a game (undo, loading a save) costs
    no new search. ``pos`` is checked first (:func:`check_pos`).
    """
    return list(_legal_uses(board, check_pos(board, pos)))


#: How many (map, position) answers :func:`legal_uses` keeps (least recently used dropped first).
LEGAL_USES_KEPT = 4096


@lru_cache(maxsize=LEGAL_USES_KEPT)
def _legal_uses(board: Board, pos: Pos) -> tuple[Use, ...]:
    """:func:`legal_uses`, kept. The positions after each use are asked here too, so that the walk of
    :func:`plans` (and the game, after the use) finds them kept."""
    options = _uses(board, pos)
    n = len(pos.keys)
    if n == 1 or not options:
        return tuple(options)             # with one key, every use is a whole plan (an escape too)
    values = [n if u[0] == "escape" else 1 + _kept_best(board, _apply_use(pos, u)) for u in options]
    top = max(values)
    return tuple(u for u, v in zip(options, values) if v == top)


def _kept_best(board: Board, pos: Pos) -> int:
    """:func:`best`, from the uses :func:`_legal_uses` keeps: each of them begins a plan of the best length."""
    legal = _legal_uses(board, pos) if pos.keys else ()
    if not legal:
        return 0
    n = len(pos.keys)
    u = legal[0]
    if u[0] == "escape" or n == 1:
        return n
    return 1 + _kept_best(board, _apply_use(pos, u))


def plans(board: Board, pos: Pos) -> list[Plan]:
    """Every maximal plan from ``pos``: ``(uses, final position)`` pairs (one empty plan if no key can be used).

    ``pos`` is checked first (:func:`check_pos`).
    """
    return _plans(board, check_pos(board, pos))


def _plans(board: Board, pos: Pos) -> list[Plan]:
    """:func:`plans` of a valid position."""
    out: list[Plan] = []
    _walk(board, pos, (), out)
    return out


def _walk(board: Board, p: Pos, done: tuple[Use, ...], out: list[Plan]) -> None:
    """Append to ``out`` the maximal plans from ``p`` (reached by the uses ``done``).

    A function of the module, not a closure of :func:`plans`: a closure that calls itself is a reference
    cycle, which would keep every plan of the turn until the garbage collector ran.
    """
    legal = _legal_uses(board, p) if p.keys else ()
    if not legal:
        out.append((done, p))
        return
    for u in legal:
        nxt = _apply_use(p, u)
        if u[0] == "escape" or not nxt.keys:          # a plan's end (an escape ends the game)
            out.append((done + (u,), nxt))
        else:
            _walk(board, nxt, done + (u,), out)
