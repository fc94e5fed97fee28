"""Secret simultaneous choices, written once: "everybody picks a card in secret, then all are shown".

A furlib game moves one seat at a time, so a simultaneous choice is taken
seat by seat: each seat in turn is ``current_player`` and picks, seeing
nothing of the picks made before it (its view shows only *that* the others
have chosen), and when the last seat has chosen the game reveals every pick
at once. The order in which seats are asked changes nothing, since nobody
sees an earlier pick.

The choices live in the game's state, in its field ``secret`` (None while no choice is open)::

    {"seats": (0, 1, 2), "picks": (<pick of seat 0>, None, None)}

``seats`` are the seats asked, in order; ``picks[i]`` is seat ``i``'s pick
(a string, number or other immutable JSON value), None while it has not
chosen. Both are tuples and are never changed in place: a pick makes a new
choice (copy on write), so a copy of the state or a player's view shares
them and a later pick changes nothing it holds (a save writes them as JSON
lists, as before). :func:`redact` replaces every pick but the viewer's by
True ("has chosen"), so a view carries no trace of it. A game uses the
functions below from its rules and its ``redact``; its events about a pick
are written ``visible_to=(seat,)``.

>>> from types import SimpleNamespace
>>> state = SimpleNamespace(secret=None)
>>> open_round(state, [0, 1])
>>> seat_to_choose(state), choose(state, 0, "Owl"), seat_to_choose(state)
(0, None, 1)
>>> redact(SimpleNamespace(secret=state.secret), 1).secret     # what seat 1's view holds
{'seats': (0, 1), 'picks': (True, None)}
>>> choose(state, 1, "Ant"); everyone_chose(state), reveal(state), state.secret is None
(True, {0: 'Owl', 1: 'Ant'}, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..errors import excerpt

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Log

__all__ = ["open_round", "seat_to_choose", "choose", "has_chosen", "everyone_chose", "reveal", "redact", "redacted",
           "picks_so_far", "play_in_secret"]


def open_round(state: Any, seats: Iterable[int]) -> None:
    """Start a secret choice for ``seats`` (asked in that order)."""
    seats = tuple(map(int, seats))
    if not seats:
        raise ValueError("a secret choice needs at least one seat")
    state.secret = {"seats": seats, "picks": (None,) * (max(seats) + 1)}


def seat_to_choose(state: Any) -> int | None:
    """The next seat that has not chosen yet (None when there is no secret choice or all have chosen)."""
    secret = state.secret
    if secret is None:
        return None
    picks = secret["picks"]
    seats: tuple[int, ...] = secret["seats"]
    for s in seats:
        if picks[s] is None:
            return s
    return None


def choose(state: Any, seat: int, pick: Any) -> None:
    """Record ``seat``'s secret ``pick`` (an immutable JSON value, not None or True).

    The choice is made anew (its tuples are never changed in place), so a
    view or a copy made before keeps the choice it had.

    Raises
    ------
    ValueError
        If it is not ``seat``'s turn to choose, or the pick is None or True.
    """
    if pick is None or pick is True:
        raise ValueError(f"a secret pick cannot be {excerpt(pick)} (those mean 'not chosen' and 'has chosen')")
    if seat_to_choose(state) != seat:
        raise ValueError(f"seat {seat} is not the one to choose now (seat {seat_to_choose(state)} is)")
    secret = state.secret
    picks = secret["picks"]
    state.secret = {"seats": secret["seats"], "picks": (*picks[:seat], pick, *picks[seat + 1:])}


def has_chosen(state: Any, seat: int) -> bool:
    """True if ``seat`` has made its pick in the open secret choice."""
    secret = state.secret
    return secret is not None and seat < len(secret["picks"]) and secret["picks"][seat] is not None


def everyone_chose(state: Any) -> bool:
    """True when every seat asked has chosen."""
    return state.secret is not None and seat_to_choose(state) is None


def reveal(state: Any) -> dict[int, Any]:
    """End the secret choice and return every pick by seat, in the order the seats were asked.

    Raises
    ------
    ValueError
        If a seat has not chosen yet.
    """
    if not everyone_chose(state):
        raise ValueError(f"cannot reveal yet: seat {seat_to_choose(state)} has not chosen")
    secret, state.secret = state.secret, None
    return {s: secret["picks"][s] for s in secret["seats"]}


def redact(state: Any, viewer: int | None) -> Any:
    """``state`` with every pick but ``viewer``'s replaced by True ("has chosen").

    Sets ``state``'s secret choice to a new dict (the one it held is not changed: it may be shared with the
    game's state): :func:`redacted`.
    """
    state.secret = redacted(state.secret, viewer)
    return state


def redacted(choice: dict[str, Any] | None, viewer: int | None) -> dict[str, Any] | None:
    """What ``viewer`` (None: a spectator) may see of the secret choice ``choice`` (a state's ``secret``): a
    new dict whose picks are the viewer's own and True ("has chosen") for every other seat that has chosen
    (None while no choice is open).

    The tuples are shared (never changed in place): the seats always, the picks too when no other seat has
    chosen yet (there is nothing to hide), so a rules' ``redact`` makes a view's choice without a copy of it.

    >>> choice = {"seats": (0, 1, 2), "picks": ("Owl", None, "Ant")}
    >>> redacted(choice, 2), redacted(choice, None)
    ({'seats': (0, 1, 2), 'picks': (True, None, 'Ant')}, {'seats': (0, 1, 2), 'picks': (True, None, True)})
    >>> redacted({"seats": (0, 1), "picks": ("Owl", None)}, 0)["picks"]      # only the viewer's own pick
    ('Owl', None)
    """
    if choice is None:
        return None
    picks: tuple[Any, ...] = choice["picks"]
    chosen = len(picks) - picks.count(None)            # how many seats have chosen
    if chosen and (viewer is None or chosen > 1 or viewer >= len(picks) or picks[viewer] is None):
        picks = tuple([p if p is None or s == viewer else True for s, p in enumerate(picks)])
    return {"seats": choice["seats"], "picks": picks}


def picks_so_far(state: Any) -> list[Any]:
    """The picks made in the open secret choice (none when no choice is open)."""
    secret = state.secret
    return [] if secret is None else [p for p in secret["picks"] if p is not None]


def play_in_secret(state: Any, seat: int, card: str, kind: str, log: Log) -> bool:
    """``seat`` plays ``card`` in the open secret choice, which the rules
    have taken out of its hand: two ``kind`` events tell everybody that the seat has chosen and the seat alone
    which card, and the next seat to choose is to move. True once every seat has chosen: the rules then show
    the cards (High Card's and Furry Poker's ``chosen``).

    >>> from types import SimpleNamespace
    >>> class Printed:      # a log that prints each event it is given
    ...     def emit(self, kind, seat=None, *, visible_to=None, **data):
    ...         print(kind, seat, visible_to, data)
    >>> state = SimpleNamespace(secret=None, current=0)
    >>> open_round(state, [0, 1])
    >>> play_in_secret(state, 0, "Owl", "choose", Printed()), state.current
    choose 0 None {}
    choose 0 (0,) {'card': 'Owl'}
    (False, 1)
    >>> play_in_secret(state, 1, "Ant", "choose", Printed()), state.current, reveal(state)
    choose 1 None {}
    choose 1 (1,) {'card': 'Ant'}
    (True, 1, {0: 'Owl', 1: 'Ant'})
    """
    choose(state, seat, card)
    log.emit(kind, seat)
    log.emit(kind, seat, visible_to=(seat,), card=card)
    nxt = seat_to_choose(state)
    if nxt is None:
        return True
    state.current = nxt
    return False
