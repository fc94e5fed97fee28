"""Chance, written once: the outcomes of a roll of dice and of a draw from a deck.

Every game's chance points list their outcomes with exact probabilities
(``fractions.Fraction``) from here, and sample them from here, so the
multinomial counting lives in one place.

* :func:`dice_outcomes`: every multiset of ``k`` dice whose faces are
  ``faces`` (a die may repeat a face: The Furglars' die has two Furgles),
  sorted, with its exact probability.
* :func:`draw_outcomes`: every card that may come off a shuffled deck next,
  with its probability. Dealing one card at a time makes a shuffle a chain of
  small chance points (at most the deck's size each) instead of one point
  with ``n!`` orders, and the deck's order is never stored anywhere a player
  could read it.

>>> [(o, str(p)) for o, p in dice_outcomes(2, (1, 2))]
[((1, 1), '1/4'), ((1, 2), '1/2'), ((2, 2), '1/4')]
>>> [(c, str(p)) for c, p in draw_outcomes(["Ann", "Bob", "Bob"])]
[('Ann', '1/3'), ('Bob', '2/3')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial
from typing import Any, TypeVar

import numpy as np

from ..errors import excerpt

__all__ = ["dice_outcomes", "dice_ways", "count_rolls", "roll_dice", "draw_outcomes", "draw_index",
           "MAX_OUTCOMES"]

T = TypeVar("T", bound=Hashable)

#: Largest number of different outcomes :func:`dice_outcomes` lists for one roll.
MAX_OUTCOMES = 50_000


def count_rolls(k: int, n_faces: int) -> int:
    """How many different multisets ``k`` dice with ``n_faces`` different faces can show.

    >>> count_rolls(5, 6)
    252
    """
    return comb(n_faces + k - 1, k)


def dice_ways(roll: Iterable[T], faces: Sequence[T]) -> int:
    """In how many of the ``len(faces) ** k`` equally likely ways the dice show the multiset ``roll``.

    ``k! / (n_1! n_2! ...)`` orders of the roll, times ``c ** n`` for a face
    printed ``c`` times on the die.

    >>> dice_ways((3, 3, 5), range(1, 7))      # 3 orders: 335, 353, 533
    3
    >>> dice_ways(("furgle", "hand"), ("furgle", "furgle", "lock", "hand", "hand", "x"))   # 2 * 2 * 2
    8
    """
    on_die = Counter(faces)
    shown = Counter(roll)
    ways = factorial(sum(shown.values()))
    for face, n in shown.items():
        ways = ways // factorial(n) * on_die[face] ** n
    return ways


def dice_outcomes(k: int, faces: Sequence[T]) -> list[tuple[tuple[T, ...], Fraction]]:
    """Every multiset a roll of ``k`` dice can show, in the order of ``faces``, with its exact probability.

    ``faces`` are the faces of one die; a repeated face is twice as likely.
    The probabilities sum to exactly 1.

    Raises
    ------
    ValueError
        If ``k`` is negative, ``faces`` is empty, or there are more than
        :data:`MAX_OUTCOMES` different rolls.

    >>> len(dice_outcomes(5, range(1, 7))), sum(p for _, p in dice_outcomes(5, range(1, 7)))
    (252, Fraction(1, 1))
    """
    faces = list(faces)
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 0:
        raise ValueError(f"k must be a whole number of dice >= 0, got {excerpt(k)}")
    if not faces:
        raise ValueError("faces must list at least one face of the die")
    distinct = list(dict.fromkeys(faces))
    if count_rolls(int(k), len(distinct)) > MAX_OUTCOMES:
        raise ValueError(f"{k} dice with {len(distinct)} different faces have {count_rolls(int(k), len(distinct))} "
                         f"different rolls, more than {MAX_OUTCOMES} to list; use fewer dice")
    return list(_outcomes(int(k), tuple(faces)))


@lru_cache(maxsize=64)
def _outcomes(k: int, faces: tuple[Any, ...]) -> tuple[tuple[tuple[Any, ...], Fraction], ...]:
    """:func:`dice_outcomes`, worked out once per dice count and die (the items are immutable, so shared)."""
    total = len(faces) ** k
    return tuple((roll, Fraction(dice_ways(roll, faces), total))
                 for roll in combinations_with_replacement(list(dict.fromkeys(faces)), k))


def roll_dice(rng: np.random.Generator, k: int, faces: Sequence[T]) -> tuple[T, ...]:
    """Roll ``k`` dice with these faces using ``rng`` (in rolled order, not sorted)."""
    faces = list(faces)
    return tuple(faces[int(i)] for i in rng.integers(0, len(faces), size=k))


def draw_outcomes(deck: Sequence[T]) -> list[tuple[T, Fraction]]:
    """Every card that may be drawn next from a well-shuffled ``deck``, with its chance.

    Equal cards are merged (their chances add up), in the order they first
    appear in ``deck``.

    Raises
    ------
    ValueError
        If the deck is empty.
    """
    if not deck:
        raise ValueError("cannot draw from an empty deck")
    counts = Counter(deck)
    return [(card, Fraction(counts[card], len(deck))) for card in dict.fromkeys(deck)]


def draw_index(rng: np.random.Generator, n: int) -> int:
    """Which of ``n`` cards comes off a shuffled deck: each with chance ``1/n``."""
    if n < 1:
        raise ValueError("cannot draw from an empty deck")
    return int(rng.integers(n))
