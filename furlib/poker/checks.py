"""How Furry Poker's functions read what they are given: :func:`read_list`, for every list of names, cards,
scores or games (the names of :mod:`furlib.poker.texts`, the cards of :mod:`furlib.poker.analysis`, the
scores and games of :mod:`furlib.poker.plots`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from ..core.errors import check_int, excerpt

__all__ = ["read_list"]

_Item = TypeVar("_Item")


def read_list(items: object, most: int, check: Callable[[object], _Item], *, not_a_list: str,
              too_many: str) -> list[_Item]:
    """``items`` as a list, read lazily: at most ``most`` of them (the one past ``most`` is refused unread on),
    each as ``check`` returns it (``check`` raises a ValueError naming a bad one).

    The lists that Furry Poker's functions take (names in :mod:`~furlib.poker.texts`, cards and scores in
    :mod:`~furlib.poker.analysis` and :mod:`~furlib.poker.plots`) are read by this one function.
    ``not_a_list`` is the error's words for a str, bytes, dict or anything not iterable (the value is added
    to them), ``too_many`` the whole error for more than ``most`` items.

    >>> read_list(iter("abc"), 3, str.upper, not_a_list="letters must be a list", too_many="at most 3 letters")
    ['A', 'B', 'C']
    >>> read_list("abc", 3, str.upper, not_a_list="letters must be a list", too_many="at most 3 letters")
    Traceback (most recent call last):
    ...
    ValueError: letters must be a list, got 'abc'

    ``most`` must be a whole number from 0 and ``check`` a function, or a ValueError says so.
    """
    most = check_int("most", most, low=0)
    if not callable(check):
        raise ValueError(f"check must be a function that checks one item, got {excerpt(check)}")
    if isinstance(items, (str, bytes, Mapping)) or not isinstance(items, Iterable):
        raise ValueError(f"{not_a_list}, got {excerpt(items)}")
    out: list[_Item] = []
    for item in items:
        if len(out) == most:
            raise ValueError(too_many)
        out.append(check(item))
    return out
