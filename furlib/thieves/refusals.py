"""Why a key use is refused, in the words of the rules: one sentence naming the rule that forbids it.

:meth:`furlib.thieves.Thieves.apply` raises
:class:`~furlib.core.errors.IllegalAction` with :func:`refusal`'s sentence,
and the app (:func:`furlib.thieves.widget.why_not`) answers a refused click
with the same reasons, adding only where to click. The reasons are read off
the position (:meth:`~furlib.thieves.Thieves.position`) and the rules of
:mod:`furlib.thieves.moves`: a wall, a key that does not open the doorway's
colour, a taken pathway, a thief that has already moved, the opponent's exit,
the limits around the exits, the gold (taken, out of reach, needs black),
the escape (the carrier, on its own exit, with an accomplice beside it), or
a use that would leave a key unused that another plan uses.

>>> from furlib import Thieves
>>> from furlib.thieves import Move, Roll
>>> g = Thieves(seed=1).apply(Roll(("red", "white")))
>>> print(refusal(g, Move(1, 1, 7, "red")))  # doctest: +NORMALIZE_WHITESPACE
Pale cannot move thief 1 to D1 with the red key. The blue doorway between C1 and D1 opens only with a blue or
a white key, not the red key.
>>> print(refusal(g, Move(1, 5, 5, "white")))  # doctest: +NORMALIZE_WHITESPACE
Pale cannot move thief 1 to C3 with the white key. Pale's thief 1 (on C1) is not next to C3: a key takes a thief
through one doorway at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..core.errors import excerpt
from ..core.words import capitalized, join_words, possessive, sentence
from .actions import Escape, Move, Pass, Steal, TakeGold
from .board import Board
from .moves import Pos, _uses, opens
from .squares import square_name


class Thieves(Protocol):
    """What the refusals read of a :class:`furlib.thieves.Thieves` game (its public API; the game imports this
    module, so it is named here by its shape)."""

    @property
    def board(self) -> Board: ...
    @property
    def players(self) -> Sequence[str]: ...
    @property
    def current_player(self) -> str | None: ...
    def position(self) -> Pos: ...

__all__ = ["refusal", "PLAN", "keys_words", "thief_words", "door_reason", "thief_reason", "placement_reason"]

Cell = tuple[int, int]

#: The imperative of movement, as a reason.
PLAN = ("it would leave a key unused that another plan uses: every key that can be used must be used")


def keys_words(keys: list[str] | tuple[str, ...]) -> str:
    """ "the keys left are red and white", "the key left is black", "no key is left" (the keys not yet used)."""
    keys = list(keys)
    if not keys:
        return "no key is left"
    if len(keys) == 1:
        return f"the key left is {keys[0]}"
    if len(keys) == 2 and keys[0] == keys[1]:
        return f"both keys left are {keys[0]}"
    return f"the keys left are {join_words(keys)}"


def thief_words(game: Thieves, t: int) -> str:
    """ "Pale's thief 2 (on B3)": thief ``t`` (0 to 7) named with its gang and its square."""
    r, c = game.position().cells[t]
    return f"{possessive(game.players[t // 4], capital=False)} thief {t % 4 + 1} (on {square_name(r, c)})"


def _counts(game: Thieves, cells: tuple[Cell, ...], carrier: int | None) -> tuple[int, int, int]:
    b, seat = game.board, game.position().seat
    mine = range(4 * seat, 4 * seat + 4)
    return (sum(cells[i] in b.surrounds[1 - seat] for i in mine),
            sum(cells[i] in b.areas[seat] for i in mine),
            sum(cells[i] in b.surrounds[seat] for i in mine if i != carrier))


def placement_reason(game: Thieves, after_cells: tuple[Cell, ...], after_carrier: int | None) -> str | None:
    """The limit around the exits that a use leading to ``after_cells`` would break, or None."""
    pos = game.position()
    me, other = game.players[pos.seat], game.players[1 - pos.seat]
    old = _counts(game, pos.cells, pos.carrier)
    new = _counts(game, after_cells, after_carrier)
    if new[0] > max(1, old[0]):
        return (f"at most one of {possessive(me, capital=False)} thieves may stand on the three pathways around "
                f"{possessive(other, capital=False)} exit")
    if new[1] > max(2, old[1]):
        return (f"at most two of {possessive(me, capital=False)} thieves may stand in {possessive(me, capital=False)} "
                "exit area (the exit and the three pathways around it)")
    if new[2] > max(1, old[2]):
        return ("at most one accomplice (a thief not carrying the gold) may stand on the three pathways around "
                f"{possessive(me, capital=False)} exit")
    return None


def _opens_words(colour: str, key: str | None, keys: tuple[str, ...]) -> str | None:
    """Why the doorway of ``colour`` cannot be opened with ``key`` (None: with any key left), or None."""
    if key is None:
        if any(opens(k, colour) for k in keys):
            return None
        black = " (black opens only the central square and the exit)" if "black" in keys else ""
        return f"opens only with a {colour} or a white key, and {keys_words(keys)}{black}"
    if opens(key, colour):
        return None
    if key == "black":
        return (f"opens only with a {colour} or a white key: "
                "the black key opens no doorway (it takes the gold or escapes)")
    return f"opens only with a {colour} or a white key, not the {key} key"


def door_reason(game: Thieves, t: int, here: Cell, there: Cell, colour: str, key: str | None = None) -> str:
    """Why thief ``t`` on ``here`` cannot go (or pass, or steal) through the ``colour`` doorway to ``there``.

    ``key``: the key named (None: any key left). The reason is a clause, without a capital or a full stop.
    """
    pos = game.position()
    b, seat, cells, carrier = game.board, pos.seat, pos.cells, pos.carrier
    owner = {c: i for i, c in enumerate(cells)}
    other = owner.get(there)
    if other is None and t in pos.moved:
        return f"{thief_words(game, t)} has already moved this turn: each thief moves at most once a turn"
    why = _opens_words(colour, key, pos.keys)
    if why is not None:
        return f"the {colour} doorway between {square_name(*here)} and {square_name(*there)} {why}"
    if other is None:
        if there == b.exits[1 - seat]:
            return (f"{square_name(*there)} is {possessive(game.players[1 - seat], capital=False)} exit: no thief "
                    "may step onto the other gang's exit")
        after = cells[:t] + (there,) + cells[t + 1:]
        return placement_reason(game, after, carrier) or PLAN
    if other // 4 != seat:
        if carrier != other:
            return (f"{square_name(*there)} is taken by {thief_words(game, other)}: one thief per pathway, and "
                    "the gold can be stolen only from the thief carrying it")
        return PLAN
    if carrier != t:
        return (f"{square_name(*there)} is taken by {thief_words(game, other)}: one thief per pathway (only a "
                "thief carrying the gold may pass it to an accomplice next to it)")
    if other in pos.passed:
        return f"{thief_words(game, other)} passed the gold on this turn: it may not come back"
    return placement_reason(game, cells, other) or PLAN


def thief_reason(game: Thieves, t: int) -> str:
    """Why thief ``t`` of the player to move has no key use now (a clause)."""
    pos = game.position()
    b = game.board
    here = pos.cells[t]
    if any(u[1] == t for u in _uses(b, pos)):
        return f"{thief_words(game, t)} could use a key, but {PLAN}"
    if t in pos.moved:
        return f"{thief_words(game, t)} has already moved this turn: each thief moves at most once a turn"
    doors = b.links[here]
    openable = [(colour, there) for colour, _door, there in doors if any(opens(k, colour) for k in pos.keys)]
    if not openable:
        colours = join_words(sorted({colour for colour, _d, _t in doors}))
        return (f"{thief_words(game, t)} cannot use a key: the doorways beside it are {colours}, and "
                f"{keys_words(pos.keys)}")
    colour, there = openable[0]
    return f"{thief_words(game, t)} cannot use a key now. {capitalized(door_reason(game, t, here, there, colour))}"


def _through(game: Thieves, t: int, there: Cell, key: str, target: str) -> str:
    """Why thief ``t`` cannot use ``key`` through a doorway to ``there`` (``target``: how to name that square)."""
    pos = game.position()
    b = game.board
    here = pos.cells[t]
    paths = b.links
    if there not in paths:
        return f"{target} is not a pathway of the labyrinth: thieves stand only on pathways"
    if there == here:
        return f"thief {t % 4 + 1} is already on {target}"
    door = b.door_between(here, there)
    if door is None:
        if abs(here[0] - there[0]) + abs(here[1] - there[1]) == 2:
            return (f"a wall stands between {square_name(*here)} and {square_name(*there)}: thieves go only "
                    "through doorways")
        return (f"{thief_words(game, t)} is not next to {target}: a key takes a thief through one doorway at a "
                "time")
    return door_reason(game, t, here, there, b.doors[door], key)


def _reason(game: Thieves, action: object) -> str:
    pos = game.position()
    b, seat, cells, carrier = game.board, pos.seat, pos.cells, pos.carrier
    me = game.players[seat]
    t = 4 * seat + getattr(action, "giver", getattr(action, "thief", 1)) - 1
    who = thief_words(game, t)
    if isinstance(action, TakeGold):
        if carrier is not None:
            return f"the gold has already been taken from the central square: {thief_words(game, carrier)} carries it"
        if cells[t] not in b.gold_pathways:
            return (f"{who} is not beside the central square: only a thief on one of its four pathways can take "
                    "the gold")
        return _black_key(pos, who, "taking the gold", "take the gold")
    if isinstance(action, Escape):
        if carrier != t:
            held = "nobody carries it yet" if carrier is None else f"{thief_words(game, carrier)} carries it"
            return f"only the thief carrying the gold can escape, and {held}"
        if cells[t] != b.exits[seat]:
            return (f"{who} is not on {possessive(me, capital=False)} exit ({square_name(*b.exits[seat])}): the "
                    "carrier escapes from its own exit")
        if not any(cells[o] in b.surrounds[seat] for o in range(4 * seat, 4 * seat + 4) if o != t):
            return (f"escaping needs an accomplice on one of the three pathways around {possessive(me, capital=False)} "
                    "exit")
        return _black_key(pos, who, "escaping", "escape")
    if isinstance(action, Move):
        there = (action.row, action.col)
        return _through(game, t, there, action.key, square_name(*there))
    if isinstance(action, Pass):
        r = 4 * seat + action.receiver - 1
        if carrier != t:
            return f"{who} is not carrying the gold: only the thief carrying it may pass it"
        if r == t:
            return f"{who} cannot pass the gold to itself: name an accomplice next to it"
        return _through(game, t, cells[r], action.key, thief_words(game, r))
    if isinstance(action, Steal):
        if carrier is None or carrier // 4 == seat:
            held = "nobody carries it yet" if carrier is None else f"{thief_words(game, carrier)} carries it"
            return (f"there is no gold to steal: {held}, and only a thief of the other gang carrying it can be "
                    "robbed")
        return _through(game, t, cells[carrier], action.key, thief_words(game, carrier))
    return f"{excerpt(action)} is not a key use"


def _black_key(pos: Pos, who: str, doing: str, do: str) -> str:
    """The last reason taking the gold or escaping is refused: the black key both need, else the plan's."""
    if "black" not in pos.keys:
        return f"{doing} needs a black key, and {keys_words(pos.keys)}"
    return f"{who} could {do}, but {PLAN}"


def refusal(game: Thieves, action: object) -> str:
    """Why the key use ``action`` is not legal now, as a sentence naming the rule (the game is at its key uses).

    The key named must be one of the keys left (the engine says so before
    asking); the rest is read off the position.
    """
    return f"{sentence(f'{game.current_player} cannot {_doing(action)}')} {sentence(_reason(game, action))}"


def _doing(action: object) -> str:
    """ "move thief 1 to D1 with the red key": the action as a verb phrase."""
    if isinstance(action, Move):
        return f"move {action}"
    if isinstance(action, Steal):
        return f"steal the gold with thief {action.thief} and the {action.key} key"
    if isinstance(action, TakeGold):
        return f"take the gold with thief {action.thief}"
    if isinstance(action, Escape):
        return f"escape with thief {action.thief}"
    return str(action)                 # Pass: "pass the gold from thief 1 to thief 2 with the red key"
