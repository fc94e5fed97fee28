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

The checks of an area (and the bound :data:`MAX_BASIC_AND_ABILITIES`) live
in :mod:`~furlib.poker.scoring_checks`, and every name is importable from
here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core.errors import excerpt
from ..core.words import join_words, plural
from .cards import COLOURS
from .scoring_checks import _COLOUR_INDEX as _COLOUR_INDEX
from .scoring_checks import _EXAMPLE as _EXAMPLE
from .scoring_checks import _VALUES as _VALUES
from .scoring_checks import CHANGE_SPECIALS, COMBINATION_KINDS, MAX_BASIC_AND_ABILITIES, _pair, _pairs, _whole
from .scoring_checks import _basic as _basic
from .scoring_checks import _check as _check
from .scoring_checks import _items as _items
from .scoring_checks import _too_many as _too_many
from .search import (
    FLUSH,
    KIND,
    STRAIGHT,
    STRAIGHT_FLUSH,
    _assign_abilities,
    _flush_best,
    _pack,
    _PackMemo,
    _plan,
    _shifts,
    combination_points,
)

__all__ = ["best_score", "MAX_BASIC_AND_ABILITIES", "Score", "Combination", "Change", "combination_points", "KIND",
           "STRAIGHT_FLUSH", "FLUSH", "STRAIGHT", "COMBINATION_KINDS", "CHANGE_SPECIALS"]


@dataclass(frozen=True)
class Combination:
    """One scoring combination: its kind, its cards as scored (after the specials), its points."""

    kind: str
    cards: tuple[tuple[int, str], ...]
    points: int

    def __post_init__(self) -> None:
        """Check the fields (a combination as the scorer makes it), storing numpy integers as ``int``.

        Raises ValueError naming the bad field: ``kind`` must be one of :data:`COMBINATION_KINDS`,
        ``cards`` a tuple of 2 ("of a kind") or 3 (the others) to ``MAX_BASIC_AND_ABILITIES`` cards
        ``(number, colour)``, and ``points`` the points of that kind and size.
        """
        if not isinstance(self.kind, str) or self.kind not in COMBINATION_KINDS:
            raise ValueError(f"Combination's kind must be one of {list(COMBINATION_KINDS)}, got {excerpt(self.kind)}")
        low = 2 if self.kind == "of a kind" else 3
        cards = _pairs("Combination's cards", self.cards, low)
        object.__setattr__(self, "cards", cards)
        want = combination_points(self.kind, len(cards))
        if _whole(self.points) != want:
            raise ValueError(f"Combination's points must be {want} for {self.kind!r} of {len(cards)} cards, "
                             f"got {excerpt(self.points)}")
        object.__setattr__(self, "points", want)

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

    def __post_init__(self) -> None:
        """Check the fields: two cards ``(number, colour)`` and a tuple of the specials that changed the card.

        Raises ValueError naming the bad field: ``specials`` must be 1 to 9 different names of
        :data:`CHANGE_SPECIALS` (each Ability card's value, ``"+2"``, and ``"Color-Change"``).
        """
        object.__setattr__(self, "card", _pair("Change's card", self.card))
        object.__setattr__(self, "becomes", _pair("Change's becomes", self.becomes))
        sp = self.specials
        if (type(sp) is not tuple or not 1 <= len(sp) <= len(CHANGE_SPECIALS) or len(set(sp)) != len(sp)
                or not all(isinstance(x, str) and x in CHANGE_SPECIALS for x in sp)):
            raise ValueError(f"Change's specials must be a tuple of 1 to {len(CHANGE_SPECIALS)} different names of "
                             f"{list(CHANGE_SPECIALS)}, got {excerpt(sp)}")

    def __str__(self) -> str:
        return (f"the {_card_words(self.card)} becomes the {_card_words(self.becomes)} "
                f"({join_words(list(self.specials))})")


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

    def __post_init__(self) -> None:
        """Check the fields: ``points`` the sum of the combinations' points, the others tuples of at most
        ``MAX_BASIC_AND_ABILITIES`` items of their kind (numpy integers stored as ``int``).

        Raises ValueError naming the bad field.
        """
        for name, kind in (("combinations", Combination), ("changes", Change)):
            items = getattr(self, name)
            if (type(items) is not tuple or len(items) > MAX_BASIC_AND_ABILITIES
                    or not all(isinstance(x, kind) for x in items)):
                raise ValueError(f"Score's {name} must be a tuple of at most {MAX_BASIC_AND_ABILITIES} "
                                 f"{kind.__name__} objects, got {excerpt(items)}")
        object.__setattr__(self, "unused", _pairs("Score's unused", self.unused, 0))
        total = sum(c.points for c in self.combinations)
        if _whole(self.points) != total:
            raise ValueError(f"Score's points must be the sum of its combinations' points, {total}, "
                             f"got {excerpt(self.points)}")
        object.__setattr__(self, "points", total)

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



# --------------------------------------------------------------- the scorer
def best_score(cards: Iterable[Sequence[object]], color_changes: int = 0, abilities: Iterable[int] = ()) -> Score:
    """The best total of a Personal Area, and how it is made (see the module docstring).

    Parameters
    ----------
    cards : list of (number, colour)
        The basic cards: numbers 1-12, colours exactly "red", "yellow",
        "green", "blue", "purple", "gray" (lower case, as :data:`COLOURS`).
        Any iterable, read lazily: the 12th card is refused without reading on.
    color_changes : int, default 0
        How many Color-Change cards the area holds.
    abilities : list of int, default ()
        The values of its Ability cards, e.g. ``(+2, -1)``; any iterable, read
        lazily up to the first card past the bound below.

    Returns
    -------
    Score
        ``.points``, ``.combinations``, ``.changes`` (which card each special
        changed) and ``.unused``; ``str(score)`` explains it.

    Raises
    ------
    ValueError
        For anything the deck cannot hold, naming it: a card that is not
        ``(number, colour)`` with a number 1-12 and a known colour (``"RED"``
        and ``" red"`` are not colours), a card
        given twice, more than 6 Color-Change cards (or a negative count),
        an Ability other than +1 ... +4, -1 ... -4, or one given twice; or
        more than ``MAX_BASIC_AND_ABILITIES`` (11) basic and Ability cards
        together (the rules' largest Personal Area holds 8 cards in all).
        Numbers may be ints or numpy integers.

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
    best: tuple[int, tuple[tuple[int, ...], list[int], _PackMemo, int] | None] = (-1, None)
    seen: dict[tuple[tuple[int, int], ...], int] = {}
    for shift in _shifts(nums, abil):
        final = [v + d for v, d in zip(nums, shift)]
        key = tuple(sorted(zip(final, cols)))
        if key in seen:
            continue
        total, memo, full = _pack(final, cols, cc_eff)
        seen[key] = total
        if total > best[0]:
            best = (total, (shift, final, memo, full))
    total, found = best
    assert found is not None, "the numbers as given are one of the shifts, and score at least 0"
    shift, final, memo, full = found
    return _explain(given, cols, cc_eff, abil, total, shift, final, memo, full)


def _explain(given: list[tuple[int, str]], cols: list[int], cc: int, abil: list[int], total: int,
             shift: tuple[int, ...], final: list[int], memo: _PackMemo, full: int) -> Score:
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
    flushes: list[tuple[int, list[int]]] = []
    for g, own, _ in plan:
        colour = order[g]
        flushes.append((colour, [free[colour].pop(0) for _ in range(own)]))
    leftovers = [i for k in range(6) for i in free[k]]
    for (_g, _, r), (colour, members) in zip(plan, flushes):
        for _ in range(r):
            i = next((x for x in leftovers if cols[x] != colour), leftovers[0])
            leftovers.remove(i)
            members.append(i)
            new_col[i] = colour
        combos.append(("flush", members))
    result: list[Combination] = []
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
