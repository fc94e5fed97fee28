"""The exact Furry Poker scorer: the best total of a Personal Area, and how it is made.

A Personal Area scores the best total over (a) every assignment of its
Color-Change cards (each turns one basic card into any colour) and Ability
cards (each adds its value to one basic card's number; several may stack on
one card; the number must end within 1-12; a special may also be left
unassigned), and (b) every way of splitting the basic cards into disjoint
combinations (unused cards score 0):

==============  ===  ===  ===  ===  ==========
combination      3    4    5    6   each extra
==============  ===  ===  ===  ===  ==========
of a kind        3    7   10   13   +3
straight flush   3    6    9   12   +3
flush            2    4    6    7   +1
straight         2    3    5    6   +1
==============  ===  ===  ===  ===  ==========

and a pair (2 of a number) scores 1. Straights do not wrap from 12 to 1.

How it is fast and still exact. Abilities change numbers only and
Color-Change cards colours only. So the scorer lists the distinct ways the
Abilities can move numbers (dropping a way that moves a card next to no
other card: the same way without that move is as good), and for each it
searches the combinations made of numbers (of a kind, straights, straight
flushes, the last paying Color-Change cards to even out the colours) card by
card, sending every other card to a pool; the pool is split into flushes by a
small exact recursion over its colour counts and the Color-Change cards left,
which depends on the counts only and is remembered between calls.

>>> s = best_score([(3, "red"), (4, "blue"), (5, "red"), (6, "gray"), (7, "green"), (8, "red"),
...                 (2, "yellow"), (2, "blue")])
>>> s.points
7
>>> [str(c) for c in s.combinations]     # as good as the rulebook's straight 3-8 and pair of 2s
['straight 2-8 (7 points)']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ..core.words import join_words, plural
from .cards import COLOURS
from .search import (FLUSH, KIND, STRAIGHT, STRAIGHT_FLUSH, _assign_abilities, _flush_best, _pack, _plan,
                     _shifts, combination_points)

__all__ = ["best_score", "Score", "Combination", "Change", "combination_points", "KIND", "STRAIGHT_FLUSH",
           "FLUSH", "STRAIGHT"]


@dataclass(frozen=True)
class Combination:
    """One scoring combination: its kind, its cards as scored (after the specials), its points."""

    kind: str
    cards: tuple[tuple[int, str], ...]
    points: int

    def __str__(self) -> str:
        pts = plural(self.points, "point")
        nums = sorted(n for n, _ in self.cards)
        if self.kind == "of a kind":
            what = f"pair of {nums[0]}s" if len(nums) == 2 else f"{len(nums)} of a kind ({nums[0]}s)"
        elif self.kind == "flush":
            what = f"flush of {len(nums)} in {self.cards[0][1]}"
        elif self.kind == "straight flush":
            what = f"straight flush {nums[0]}-{nums[-1]} in {self.cards[0][1]}"
        else:
            what = f"straight {nums[0]}-{nums[-1]}"
        return f"{what} ({pts})"


@dataclass(frozen=True)
class Change:
    """What the specials did to one basic card: ``card`` became ``becomes`` by ``specials``."""

    card: tuple[int, str]
    becomes: tuple[int, str]
    specials: tuple[str, ...]

    def __str__(self) -> str:
        return f"the {_card_words(self.card)} becomes the {_card_words(self.becomes)} ({join_words(list(self.specials))})"


def _card_words(card: tuple[int, str]) -> str:
    return f"{card[1].capitalize()} {card[0]}"


@dataclass(frozen=True)
class Score:
    """The best total of a Personal Area and how it is made.

    Attributes
    ----------
    points : int
        The best total.
    combinations : tuple of Combination
        The combinations scored, largest points first.
    changes : tuple of Change
        Which basic card each special changed (specials not listed changed nothing).
    unused : tuple
        The basic cards (as given) in no combination.
    """

    points: int
    combinations: tuple[Combination, ...]
    changes: tuple[Change, ...]
    unused: tuple[tuple[int, str], ...]

    def __int__(self) -> int:
        return self.points

    def explain(self) -> str:
        """The total in plain English, one line per combination and change."""
        lines = [f"{plural(self.points, 'point')} in all"]
        lines += [f"  {c}" for c in self.combinations]
        lines += [f"  {c}" for c in self.changes]
        if self.unused:
            lines.append("  unused: " + ", ".join(_card_words(c) for c in self.unused))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.explain()


# ------------------------------------------------------------------ checks
def _check(cards: Iterable[object], color_changes: object, abilities: Iterable[object]):
    out = []
    for c in cards:
        ok = isinstance(c, (tuple, list)) and len(c) == 2
        n, col = (c[0], c[1]) if ok else (None, None)
        if not ok or isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 12:
            raise ValueError(f"each card must be (number, colour) with a number from 1 to 12, e.g. (7, 'red'); "
                             f"got {c!r}")
        if not isinstance(col, str) or col.lower() not in COLOURS:
            raise ValueError(f"unknown colour {col!r} in the card {c!r}; colours are {list(COLOURS)}")
        out.append((int(n), col.lower()))
    if isinstance(color_changes, bool) or not isinstance(color_changes, int) or color_changes < 0:
        raise ValueError(f"color_changes must be a whole number >= 0, got {color_changes!r}")
    abil = []
    for a in abilities:
        if isinstance(a, bool) or not isinstance(a, int) or a == 0 or abs(a) > 11:
            raise ValueError(f"abilities must be whole numbers such as +2 or -1 (from -11 to 11, not 0), got {a!r}")
        abil.append(int(a))
    return out, int(color_changes), abil


# --------------------------------------------------------------- the scorer
def best_score(cards: Iterable[Sequence[object]], color_changes: int = 0, abilities: Iterable[int] = ()) -> Score:
    """The best total of a Personal Area, and how it is made (see the module docstring).

    Parameters
    ----------
    cards : list of (number, colour)
        The basic cards: numbers 1-12, colours "red", "yellow", "green",
        "blue", "purple", "gray".
    color_changes : int, default 0
        How many Color-Change cards the area holds.
    abilities : list of int, default ()
        The values of its Ability cards, e.g. ``(+2, -1)``.

    Returns
    -------
    Score
        ``.points``, ``.combinations``, ``.changes`` (which card each special
        changed) and ``.unused``; ``str(score)`` explains it.

    Raises
    ------
    ValueError
        For a number outside 1-12, an unknown colour, a negative count of
        Color-Change cards or an Ability of 0.

    Examples
    --------
    >>> best_score([(5, "red"), (5, "blue"), (7, "green")], abilities=(-2,)).points
    3
    >>> print(best_score([(1, "red"), (2, "red"), (3, "blue")], color_changes=1))
    3 points in all
      straight flush 1-3 in red (3 points)
      the Blue 3 becomes the Red 3 (Color-Change)
    """
    given, cc, abil = _check(cards, color_changes, abilities)
    nums = [n for n, _ in given]
    cols = [COLOURS.index(c) for _, c in given]
    cc_eff = min(cc, len(given))
    best = (-1, None)
    seen: dict[tuple, int] = {}
    for shift in _shifts(nums, abil):
        final = [v + d for v, d in zip(nums, shift)]
        key = tuple(sorted(zip(final, cols)))
        if key in seen:
            continue
        total, memo, full = _pack(final, cols, cc_eff)
        seen[key] = total
        if total > best[0]:
            best = (total, (shift, final, memo, full))
    total, (shift, final, memo, full) = best
    return _explain(given, cols, cc_eff, abil, total, shift, final, memo, full)


def _explain(given, cols, cc, abil, total, shift, final, memo, full) -> Score:
    chosen, pool_cards, c_left = _plan(final, cols, cc, memo, full)
    new_col = list(cols)
    combos: list[tuple[str, list[int]]] = []
    for mask, _, _, kind, colour in chosen:
        members = [i for i in range(len(given)) if mask >> i & 1]
        if kind == "straight flush":
            for i in members:
                new_col[i] = colour
        combos.append((kind, members))
    counts = [0] * 6
    for i in pool_cards:
        counts[cols[i]] += 1
    order = sorted(range(6), key=lambda k: -counts[k])          # stable: the colour order breaks ties
    _, plan = _flush_best(tuple(counts[k] for k in order), c_left)
    free = {k: [i for i in pool_cards if cols[i] == k] for k in range(6)}
    flushes = []
    for g, own, _ in plan:
        colour = order[g]
        flushes.append((colour, [free[colour].pop(0) for _ in range(own)]))
    leftovers = [i for k in range(6) for i in free[k]]
    for (g, _, r), (colour, members) in zip(plan, flushes):
        for _ in range(r):
            i = next((x for x in leftovers if cols[x] != colour), leftovers[0])
            leftovers.remove(i)
            members.append(i)
            new_col[i] = colour
        combos.append(("flush", members))
    result = []
    for kind, members in combos:
        scored = tuple(sorted((final[i], COLOURS[new_col[i]]) for i in members))
        result.append(Combination(kind, scored, combination_points(kind, len(members))))
    result.sort(key=lambda c: (-c.points, c.cards))
    assert sum(c.points for c in result) == total
    where = _assign_abilities(shift, abil)
    specials: dict[int, list[str]] = {}
    for a, j in zip(abil, where):
        if j is not None:
            specials.setdefault(j, []).append(f"{a:+d}")
    for i in range(len(given)):
        if new_col[i] != cols[i]:
            specials.setdefault(i, []).append("Color-Change")
    changes = tuple(Change(given[i], (final[i], COLOURS[new_col[i]]), tuple(specials[i])) for i in sorted(specials))
    used = {i for _, members in combos for i in members}
    unused = tuple(given[i] for i in range(len(given)) if i not in used)
    return Score(total, tuple(result), changes, unused)
