"""Exact chances of the combinations in k random basic cards, and a simulation to check them.

Every chance is an exact :class:`fractions.Fraction`: the number of k-card
hands out of the 72 basic cards that hold the combination, over
``C(72, k)``. Each is counted by a generating polynomial of the hands that
avoid it (one factor per number or per colour), so no hand is listed:

* ``n`` of a kind: the hands in which every number has fewer than ``n``
  cards: the coefficient of ``x^k`` in ``(sum_{j<n} C(6, j) x^j)^12``;
* a flush of ``m``: every colour fewer than ``m``: ``(sum_{j<m} C(12, j) x^j)^6``;
* a straight of ``m``: no ``m`` numbers in a row present, by a walk over the
  numbers 1 to 12 that remembers the current run;
* a straight flush of ``m``: the same walk within each colour, the six
  colours multiplied.

>>> chance("of a kind", 2, 13)     # 13 cards always hold a pair (there are 12 numbers)
Fraction(1, 1)
>>> float(chance("of a kind", 2, 8)) > 0.9
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from math import comb

import numpy as np

from ..core.engine.game import check_seed
from ..core.errors import check_int, excerpt
from .cards import COLOURS
from .checks import read_list
from .scoring import MAX_BASIC_AND_ABILITIES, _check, best_score

__all__ = ["chance", "chance_table", "simulate", "KINDS", "has_combination", "special_gains", "extra_card_gains",
           "MAX_DEALS", "MAX_AREAS"]

KINDS = ("of a kind", "flush", "straight", "straight flush")
_NUMBERS, _COLOURS = 12, len(COLOURS)
#: The most deals :func:`simulate` makes (``n``): a million deals take about 20 seconds; the lessons use 10,000.
MAX_DEALS = 1_000_000
#: The most Personal Areas :func:`special_gains` and :func:`extra_card_gains` score (``n``): 100,000 areas of
#: 7 cards take about 40 seconds (an Ability card makes each area slower); the lessons use 2,000.
MAX_AREAS = 100_000
_DECK = _NUMBERS * _COLOURS     # the 72 basic cards


def _kind_and_size(kind: object, size: object) -> tuple[str, int]:
    """``(kind, size)`` checked: a kind of :data:`KINDS` and a size its combinations can have."""
    if not isinstance(kind, str) or kind not in KINDS:
        raise ValueError(f"kind must be one of {list(KINDS)}, got {excerpt(kind)}")
    low = 2 if kind == "of a kind" else 3
    high = 6 if kind == "of a kind" else 12
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or not low <= size <= high:
        raise ValueError(f"size must be a whole number from {low} to {high} for {excerpt(kind)}, got {excerpt(size)}")
    return kind, int(size)


def _mul(a: list[int], b: list[int], top: int) -> list[int]:
    out = [0] * (top + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[:top + 1 - i]):
                out[i + j] += x * y
    return out


def _power(p: list[int], e: int, top: int) -> list[int]:
    out = [1]
    for _ in range(e):
        out = _mul(out, p, top)
    return out + [0] * (top + 1 - len(out))


def _no_run(m: int, per_number: int, top: int) -> list[int]:
    """Ways (by number of cards) to pick from 12 numbers with ``per_number`` cards each, no ``m`` in a row present."""
    states = {0: [1]}        # run length -> polynomial in the cards chosen
    for _ in range(_NUMBERS):
        new: dict[int, list[int]] = {}
        for run, poly in states.items():
            for j in range(per_number + 1):
                r = run + 1 if j else 0
                if r >= m:
                    continue
                shifted = [0] * j + [c * comb(per_number, j) for c in poly]
                cur = new.setdefault(r, [])
                if len(cur) < len(shifted):
                    cur.extend([0] * (len(shifted) - len(cur)))
                for i, c in enumerate(shifted[:top + 1]):
                    cur[i] += c
        states = new
    out = [0] * (top + 1)
    for poly in states.values():
        for i, c in enumerate(poly[:top + 1]):
            out[i] += c
    return out


def chance(kind: str, size: int, k: int) -> Fraction:
    """The exact chance that ``k`` random basic cards hold a combination of ``kind`` with at least ``size`` cards.

    Parameters
    ----------
    kind : str
        "of a kind", "flush", "straight" or "straight flush".
    size : int
        The least number of cards in the combination (2 or more for "of a
        kind", 3 or more for the others).
    k : int
        How many cards are dealt, 0 to 72.

    Raises
    ------
    ValueError
        For an unknown kind or a size or ``k`` out of range.

    >>> chance("straight", 3, 3) == Fraction(10 * 6 ** 3, comb(72, 3))
    True
    """
    kind, size = _kind_and_size(kind, size)
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k <= _DECK:
        raise ValueError(f"k must be a whole number of cards from 0 to {_DECK}, got {excerpt(k)}")
    k = int(k)
    if kind == "of a kind":
        avoid = _power([comb(6, j) for j in range(size)], _NUMBERS, k)
    elif kind == "flush":
        avoid = _power([comb(12, j) for j in range(size)], _COLOURS, k)
    elif kind == "straight":
        avoid = _no_run(size, _COLOURS, k)
    else:
        avoid = _power(_no_run(size, 1, k), _COLOURS, k)
    return 1 - Fraction(avoid[k], comb(72, k))


def chance_table(k: int = 8) -> dict[tuple[str, int], Fraction]:
    """Every :func:`chance` for ``k`` cards, keyed ``(kind, size)``, sizes up to 6."""
    return {(kind, s): chance(kind, s, k) for kind in KINDS for s in range(2 if kind == "of a kind" else 3, 7)}


def has_combination(numbers: Iterable[int], colours: Iterable[int], kind: str, size: int) -> bool:
    """True if the cards (numbers 1-12, colour indices 0-5) hold ``kind`` of at least ``size`` cards.

    ``numbers`` and ``colours`` are read lazily, at most 72 each (the basic cards), and must be as long as
    each other; ``kind`` and ``size`` as for :func:`chance`. A ValueError names anything else.

    >>> has_combination([3, 4, 5], [0, 2, 0], "straight", 3), has_combination([3, 4, 5], [0, 2, 0], "flush", 3)
    (True, False)
    """
    kind, size = _kind_and_size(kind, size)
    nums = _whole_list("numbers", numbers, 1, _NUMBERS)
    cols = _whole_list("colours", colours, 0, _COLOURS - 1)
    if len(nums) != len(cols):
        raise ValueError(f"numbers and colours must be as long as each other (one of each per card), got "
                         f"{len(nums)} numbers and {len(cols)} colours")
    return _has_combination(nums, cols, kind, size)


def _whole_list(what: str, items: object, low: int, high: int) -> list[int]:
    """``items`` as a list of plain ints from ``low`` to ``high``, read lazily: the 73rd is refused unread on."""

    def whole(v: object) -> int:
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)) or not low <= v <= high:
            raise ValueError(f"{what} must be whole numbers from {low} to {high}, got {excerpt(v)}")
        return int(v)

    return read_list(items, _DECK, whole, not_a_list=f"{what} must be a list of whole numbers from {low} to {high}",
                     too_many=f"{what} holds at most {_DECK} items (the basic cards), got more")


def _has_combination(numbers: Sequence[int], colours: Sequence[int], kind: str, size: int) -> bool:
    if kind == "of a kind":
        return any(list(numbers).count(v) >= size for v in set(numbers))
    if kind == "flush":
        return any(list(colours).count(c) >= size for c in set(colours))
    groups = [set(numbers)] if kind == "straight" else \
        [{n for n, c in zip(numbers, colours) if c == col} for col in range(6)]
    for present in groups:
        run = 0
        for v in range(1, 13):
            run = run + 1 if v in present else 0
            if run >= size:
                return True
    return False


def simulate(kind: str, size: int, k: int, n: int = 10_000, *, seed: int = 0) -> int:
    """In how many of ``n`` random deals of ``k`` basic cards ``kind`` of at least ``size`` cards shows up.

    Each deal is ``k`` distinct cards drawn with a generator seeded by ``seed``. ``n`` is a whole number
    from 0 to :data:`MAX_DEALS` (1,000,000), ``seed`` one from 0 to ``MAX_SEED``; the others as for
    :func:`chance`. A ValueError names anything else, before any deal.

    >>> simulate("of a kind", 2, 13, 5)
    5
    """
    chance(kind, size, k)      # validates the arguments
    n = check_int("n", n, low=0, high=MAX_DEALS)
    rng = np.random.default_rng(check_seed(seed))
    hits = 0
    for _ in range(n):
        cards = rng.choice(72, size=k, replace=False)
        hits += _has_combination([int(c) % 12 + 1 for c in cards], [int(c) // 12 for c in cards], kind, size)
    return hits


def _areas(n: int, k: int, seed: int, extra: int = 0, abilities: int = 0) -> list[list[tuple[int, str]]]:
    """``n`` random areas of ``k + extra`` basic cards, all checked first: at most the scorer's bound with the
    ``abilities`` Ability cards (``MAX_BASIC_AND_ABILITIES``)."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 1 <= n <= MAX_AREAS:
        raise ValueError(f"n must be a whole number of areas from 1 to {MAX_AREAS:,} (MAX_AREAS), got {excerpt(n)}")
    high = MAX_BASIC_AND_ABILITIES - extra - abilities
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k <= high:
        raise ValueError(f"k must be a whole number of cards from 0 to {high} (the scorer takes at most "
                         f"{MAX_BASIC_AND_ABILITIES} basic and Ability cards together), got {excerpt(k)}")
    n, k = int(n), int(k)
    rng = np.random.default_rng(check_seed(seed))
    out = []
    for _ in range(n):
        cards = rng.choice(72, size=k + extra, replace=False)
        out.append([(int(c) % 12 + 1, COLOURS[int(c) // 12]) for c in cards])
    return out


def special_gains(n: int = 1000, k: int = 7, *, seed: int = 0, color_changes: int = 1,
                  abilities: Sequence[int] = ()) -> np.ndarray:
    """What the specials add to the best score of ``n`` random Personal Areas of ``k`` basic cards.

    One gain per area: ``best_score(cards, color_changes, abilities) - best_score(cards)``. ``n`` is 1 to
    :data:`MAX_AREAS` (100,000); ``k`` plus the Ability cards at most ``MAX_BASIC_AND_ABILITIES`` (11);
    ``color_changes`` and ``abilities`` as for :func:`~furlib.poker.best_score`. Everything is checked
    before the first area is scored.

    >>> special_gains(3, 7, seed=1).tolist()
    [2, 0, 2]
    """
    _, cc, abil = _check([], color_changes, abilities)     # the specials, checked (abilities read lazily)
    return np.array([best_score(a, cc, abil).points - best_score(a).points
                     for a in _areas(n, k, seed, abilities=len(abil))])


def extra_card_gains(n: int = 1000, k: int = 7, *, seed: int = 0) -> np.ndarray:
    """What one more random basic card adds to the best score of ``n`` random areas of ``k`` basic cards.

    ``n`` is 1 to :data:`MAX_AREAS` (100,000) and ``k`` 0 to 10 (one less than the scorer's bound).
    """
    return np.array([best_score(a).points - best_score(a[:-1]).points for a in _areas(n, k, seed, extra=1)])
