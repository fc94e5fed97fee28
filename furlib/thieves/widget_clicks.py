"""Where a click on the Thieves board does something, and why it does nothing elsewhere.

:func:`click_targets` lists the squares a click uses now (the thieves that can
use a key, or the selected thief's doorways and the squares behind them);
:func:`why_not` says, as a sentence, why a click on any other square is
refused (from :mod:`furlib.thieves.refusals`, pointing to the moves list below
the board). Used by :class:`furlib.thieves.widget.ThievesApp`, which
re-exports both; this module imports no widget library.
"""

from __future__ import annotations

from typing import cast

from ..core.words import sentences
from .actions import Move, Pass, Steal, TakeGold, TimeUp
from .board import Cell
from .game import Thieves
from .refusals import PLAN, door_reason, keys_words, thief_reason, thief_words
from .squares import square_name

__all__ = ["click_targets", "why_not"]


def _thief_of(action: object) -> int | None:
    if isinstance(action, Pass):
        return action.giver
    return getattr(action, "thief", None)


def _key_of(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def _cell_of(key: str) -> Cell:
    """The square of a click target's key "row,col" (as :func:`_key_of` writes it)."""
    return cast(Cell, tuple(int(x) for x in key.split(",")))


def click_targets(game: Thieves, selected: int | None) -> dict[str, list[object]]:
    """``{"row,col": [actions]}`` of the squares to click now: the thieves, or the selected thief's doorways.

    >>> g = Thieves(seed=1)
    >>> from furlib.thieves import Roll
    >>> sorted(click_targets(g.apply(Roll(("red", "white"))), None))
    ['1,5', '1,9', '5,1', '9,1']
    >>> sorted(click_targets(g, 1))
    ['1,3', '1,4', '1,5', '1,6', '1,7', '2,5', '3,5']

    With a thief selected, a doorway and the square behind it do the same
    (the pathway moved to, the accomplice passed to, the carrier robbed).
    """
    if game.is_over or game.is_chance or game.phase != "keys":
        return {}
    pos = game.position()
    seat, cells = pos.seat, pos.cells
    b = game.board
    legal = [a for a in game.legal_actions() if not isinstance(a, TimeUp)]
    if selected is None:
        out: dict[str, list[object]] = {}
        for a in legal:
            n = cast(int, _thief_of(a))             # every key use names its thief
            out.setdefault(_key_of(cells[4 * seat + n - 1]), []).append(a)
        return out
    here = cells[4 * seat + selected - 1]
    out = {_key_of(here): []}                        # click the thief again: choose another
    for a in legal:
        if _thief_of(a) != selected:
            continue
        behind: Cell | None = None
        if isinstance(a, Move):
            behind = (a.row, a.col)
        elif isinstance(a, Pass):
            behind = cells[4 * seat + a.receiver - 1]
        elif isinstance(a, Steal):
            behind = cells[cast(int, pos.carrier)]          # a steal is legal only from a carrier
        if behind is not None:
            # a legal use goes through a doorway
            out.setdefault(_key_of(cast(Cell, b.door_between(here, behind))), []).append(a)
            out.setdefault(_key_of(behind), []).append(a)
        elif isinstance(a, TakeGold):
            out.setdefault(_key_of(b.gold_square), []).append(a)
        else:
            out.setdefault(_key_of(b.exits[seat]), []).append(a)
    # a colour's own key first, white last: a click keeps the white key when it can
    for actions in out.values():
        actions.sort(key=lambda a: getattr(a, "key", "black") == "white")
    return out


_HINT = " (the list of moves below the board shows the ones that do)"


def _door_reason(game: Thieves, t: int, here: Cell, there: Cell, colour: str) -> str:
    return door_reason(game, t, here, there, colour).replace(PLAN, PLAN + _HINT)


def _thief_reason(game: Thieves, t: int) -> str:
    return thief_reason(game, t).replace(PLAN, PLAN + _HINT)


def why_not(game: Thieves, selected: int | None, cell: tuple[int, int]) -> str:
    """Why a click on ``cell`` does nothing now (``selected``: the thief selected, 1 to 4, or None): a sentence.

    Derived from the rules (:mod:`furlib.thieves.moves`): roll first, not
    your thief, a wall, no key of the doorway's colour, a taken pathway, a
    thief that has already moved, the opponent's exit, the limits around
    the exits, or a use that would leave a key unused.

    >>> from furlib.thieves import Roll
    >>> g = Thieves(["You", "Dark"], seed=1)
    >>> why_not(g, None, (1, 5))
    'Roll first: click Roll, then use the keys.'
    >>> why_not(g.apply(Roll(("red", "white"))), 1, (0, 5))
    'That is a wall: thieves go only through doorways.'
    """
    b = game.board
    if game.is_over:
        return "The game is over: click Play again for a new game."
    phase = game.phase
    if phase == "roll":
        return "Roll first: click Roll, then use the keys."
    if phase == "offer":
        return "First choose above the board: offer to double the stake, or roll without doubling."
    if phase == "answer":
        return "First answer the offer to double, above the board: accept or refuse."
    pos = game.position()
    seat, cells = pos.seat, list(pos.cells)
    owner = {c: i for i, c in enumerate(cells)}
    cell = cast(Cell, tuple(cell))           # a [row, col] list as well
    t_at = owner.get(cell)
    pick = "click one of the highlighted thieves"
    if selected is None:
        if t_at is None:
            return sentences([f"First {pick} (it lights up its doorways), then where it should go"])
        if t_at // 4 != seat:
            return sentences([f"{thief_words(game, t_at)} belongs to the other gang: {pick}"])
        return sentences([_thief_reason(game, t_at)])
    t = 4 * seat + selected - 1
    here = cells[t]
    who = thief_words(game, t)
    r, c = cell
    if cell == b.gold_square:
        if pos.carrier is not None:
            return "The gold has already been taken from the central square."
        if here not in b.gold_pathways:
            return sentences([f"{who} is not beside the central square: only a thief on one of its four pathways "
                              "can take the gold"])
        if "black" not in game.keys:
            return sentences([f"taking the gold needs a black key, and {keys_words(game.keys)}"])
        return sentences([f"taking the gold now: {PLAN + _HINT}"])
    if cell in b.doors:
        ends = [x for x in ((r, c - 1), (r, c + 1)) if r % 2 == 1] + [x for x in ((r - 1, c), (r + 1, c))
                                                                       if c % 2 == 1]
        if here not in ends:
            return sentences([f"that doorway is not next to {who}: click a highlighted doorway beside it"])
        there = ends[1] if ends[0] == here else ends[0]
        return sentences([_door_reason(game, t, here, there, b.doors[cell])])
    paths = set(b.pathways)
    if cell not in paths:
        beside = abs(r - here[0]) + abs(c - here[1]) == 1
        if beside:
            return "That is a wall: thieves go only through doorways."
        if t_at is None:
            return sentences([f"that is not next to {who}: click a highlighted doorway beside it"])
    door = b.door_between(here, cell) if cell in paths else None
    if door is not None:
        return sentences([_door_reason(game, t, here, cell, b.doors[door])])
    if t_at is not None and t_at // 4 == seat:
        return sentences([_thief_reason(game, t_at)])
    if cell in paths and abs(r - here[0]) + abs(c - here[1]) == 2:
        return sentences([f"a wall stands between {square_name(*here)} and {square_name(*cell)}: thieves go only "
                          "through doorways"])
    if t_at is not None:
        return sentences([f"{thief_words(game, t_at)} belongs to the other gang and is not next to {who}"])
    return sentences([f"{square_name(*cell)} is not next to {who}: a key takes a thief through one doorway "
                      "at a time"])
