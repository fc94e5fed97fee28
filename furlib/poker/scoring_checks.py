"""What Furry Poker's scorer (:func:`furlib.poker.scoring.best_score`) accepts: a Personal Area checked as it
is read, one card at a time, up to :data:`MAX_BASIC_AND_ABILITIES`; and the checks of the cards its records
(:class:`~furlib.poker.scoring.Combination`, :class:`~furlib.poker.scoring.Change`) hold.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import numpy as np

from ..core.errors import excerpt
from .cards import ABILITIES, BASIC, COLOR_CHANGES, COLOURS

__all__ = ["MAX_BASIC_AND_ABILITIES", "COMBINATION_KINDS", "CHANGE_SPECIALS"]

_VALUES = tuple(sorted({int(a) for a in ABILITIES}))      # -4 ... -1, 1 ... 4: one card each
#: The kinds of :class:`~furlib.poker.scoring.Combination`.
COMBINATION_KINDS = ("of a kind", "straight flush", "flush", "straight")
#: The names of the specials a :class:`~furlib.poker.scoring.Change` lists: each Ability card's value, then
#: "Color-Change".
CHANGE_SPECIALS = tuple(f"{v:+d}" for v in _VALUES) + ("Color-Change",)
#: The most basic and Ability cards together that the scorer takes. The rules' largest Personal Area
#: holds 8 cards in all (the final round starts at 7, then each player adds one face down). The search
#: grows about fivefold with each Ability card on many basic cards (8 basic cards with all 8 Abilities
#: took minutes), so larger areas are refused rather than left to run; at this bound the slowest area
#: measured takes under a second (benchmarks/README.md). Color-Change cards cost little: up to all 6.
MAX_BASIC_AND_ABILITIES = 11
_EXAMPLE = "[(7, 'red'), (8, 'red')]"
_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


def _whole(x: object) -> int | None:
    """``x`` as an int if it is an int or a numpy integer (not a bool), else None."""
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer)):
        return None
    return int(x)


def _items(what: str, items: object, example: str) -> Iterator[Any]:
    """An iterator over ``items`` (read lazily: the caller stops at its limit), or a ValueError if it is no list."""
    if isinstance(items, (str, bytes, Mapping)) or not isinstance(items, Iterable):
        raise ValueError(f"{what} must be a list, e.g. {example}; got {excerpt(items)}")
    return iter(items)


def _too_many(basic: int, abilities: int | None) -> ValueError:
    """The refusal of the card past :data:`MAX_BASIC_AND_ABILITIES` (``abilities`` None: a basic card)."""
    got = (f"more than {basic} basic cards" if abilities is None
           else f"{basic} basic cards and more than {abilities} Ability cards")
    return ValueError(f"the scorer takes at most {MAX_BASIC_AND_ABILITIES} basic and Ability cards together (the "
                      f"rules' largest Personal Area holds 8 cards in all), got {got}")


def _check(cards: object, color_changes: object, abilities: object) -> tuple[list[tuple[int, str]], int, list[int]]:
    """The area as ``(cards, color_changes, abilities)``, checked: exactly what the deck can hold.

    Each list is read lazily, one item at a time, each item checked as it comes and the first one past
    :data:`MAX_BASIC_AND_ABILITIES` refused (so a generator that never ends is refused at once). Raises
    ValueError naming the first thing refused (changing nothing).
    """
    out: list[tuple[int, str]] = []
    for c in _items("cards", cards, f"{_EXAMPLE} (basic cards as (number, colour))"):
        if len(out) == MAX_BASIC_AND_ABILITIES:
            raise _too_many(MAX_BASIC_AND_ABILITIES, None)
        out.append(_basic(c, out))
    cc = _whole(color_changes)
    if cc is None or not 0 <= cc <= len(COLOR_CHANGES):
        raise ValueError(f"color_changes must be a whole number from 0 to {len(COLOR_CHANGES)} (the deck holds "
                         f"{len(COLOR_CHANGES)} Color-Change cards), got {excerpt(color_changes)}")
    abil: list[int] = []
    room = MAX_BASIC_AND_ABILITIES - len(out)
    for a in _items("abilities", abilities, "(2, -1)"):
        v = _whole(a)
        if v is None or v not in _VALUES:
            raise ValueError(f"abilities must be values of Ability cards, {', '.join(f'{x:+d}' for x in _VALUES)}; "
                             f"got {excerpt(a)}")
        if v in abil:
            raise ValueError(f"the deck holds one {v:+d} Ability card, but abilities give it twice "
                             f"({excerpt(abil + [v])}); each Ability card may appear once")
        if len(abil) == room:
            raise _too_many(len(out), room)
        abil.append(v)
    return out, cc, abil


def _basic(c: object, out: list[tuple[int, str]]) -> tuple[int, str]:
    """The basic card ``c`` as a plain ``(int, str)``, checked against the cards ``out`` already read."""
    ok = isinstance(c, (tuple, list)) and len(c) == 2
    n = _whole(c[0]) if ok else None     # type: ignore[index]  # a pair, checked just above
    if n is None or not 1 <= n <= 12:
        hint = (f" (a card name such as {c!r} is read by furlib.poker.cards.parse_card)"
                if isinstance(c, str) and c in BASIC else "")
        raise ValueError(f"each card must be (number, colour) with a whole number from 1 to 12, e.g. (7, 'red'); "
                         f"got {excerpt(c)}{hint}")
    col = c[1]      # type: ignore[index]  # a pair, checked above
    if not isinstance(col, str) or col not in _COLOUR_INDEX:
        raise ValueError(f"unknown colour {excerpt(col)} in the card {excerpt(c)}; colours are exactly "
                         f"{list(COLOURS)}")
    card = (n, COLOURS[_COLOUR_INDEX[col]])
    if card in out:
        raise ValueError(f"the deck holds one {card[1].capitalize()} {card[0]}, but the cards give it twice "
                         f"({excerpt(c)}); each basic card may appear once")
    return card


def _pair(what: str, card: object) -> tuple[int, str]:
    """``card`` as a plain ``(int, str)`` if it is a tuple ``(number 1-12, colour)``; else a ValueError."""
    pair = card if type(card) is tuple and len(card) == 2 else None
    n = _whole(pair[0]) if pair is not None else None
    colour = pair[1] if pair is not None else None
    if n is None or not 1 <= n <= 12 or not isinstance(colour, str) or colour not in _COLOUR_INDEX:
        raise ValueError(f"{what} must be a tuple (number, colour) with a number from 1 to 12 and a colour of "
                         f"{list(COLOURS)}, e.g. (7, 'red'); got {excerpt(card)}")
    return n, COLOURS[_COLOUR_INDEX[colour]]


def _pairs(what: str, cards: object, low: int) -> tuple[tuple[int, str], ...]:
    """``cards`` as a tuple of :func:`_pair` s, if it is a tuple of ``low`` to ``MAX_BASIC_AND_ABILITIES`` cards."""
    if type(cards) is not tuple or not low <= len(cards) <= MAX_BASIC_AND_ABILITIES:
        raise ValueError(f"{what} must be a tuple of {low} to {MAX_BASIC_AND_ABILITIES} cards (number, colour), "
                         f"got {excerpt(cards)}")
    return tuple(_pair(what, c) for c in cards)
