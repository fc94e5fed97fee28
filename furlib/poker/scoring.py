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
from functools import lru_cache
from typing import Iterable, Sequence

from ..core.words import join_words, plural
from .cards import COLOURS

__all__ = ["best_score", "Score", "Combination", "Change", "combination_points", "KIND", "STRAIGHT_FLUSH",
           "FLUSH", "STRAIGHT"]

#: Points for 3, 4, 5, 6 cards, then per extra card.
KIND = (3, 7, 10, 13, 3)
STRAIGHT_FLUSH = (3, 6, 9, 12, 3)
FLUSH = (2, 4, 6, 7, 1)
STRAIGHT = (2, 3, 5, 6, 1)
_TABLES = {"of a kind": KIND, "straight flush": STRAIGHT_FLUSH, "flush": FLUSH, "straight": STRAIGHT}


def combination_points(kind: str, size: int) -> int:
    """Points of a combination of ``size`` cards: ``kind`` is "of a kind", "straight flush", "flush" or "straight".

    A pair is 2 "of a kind" (1 point); other combinations need 3 cards.

    >>> combination_points("of a kind", 2), combination_points("flush", 7), combination_points("straight", 3)
    (1, 8, 2)
    """
    if kind not in _TABLES:
        raise ValueError(f"kind must be one of {sorted(_TABLES)}, got {kind!r}")
    if kind == "of a kind" and size == 2:
        return 1
    if size < 3:
        return 0
    t = _TABLES[kind]
    return t[size - 3] if size <= 6 else t[3] + t[4] * (size - 6)


_PTS = {k: [combination_points(k, s) for s in range(0, 40)] for k in _TABLES}
_KIND_P, _SF_P, _FL_P, _ST_P = _PTS["of a kind"], _PTS["straight flush"], _PTS["flush"], _PTS["straight"]


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


# ------------------------------------------------------------ the flushes
@lru_cache(maxsize=200_000)
def _flush_best(counts: tuple[int, ...], cc: int) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """Best split of a pool into flushes: ``counts`` per colour (sorted, largest first), ``cc`` recolourings.

    Returns ``(points, plan)``, the plan a tuple of ``(group, own, recoloured)``.
    """
    n = len(counts)
    memo: dict = {}

    def go(j: int, c: int, balance: int):
        if j == n:
            return (0, ()) if balance >= 0 else (-1, ())
        key = (j, c, balance)
        if key in memo:
            return memo[key]
        k = counts[j]
        best = go(j + 1, c, balance + k)       # no flush in this colour
        best = best if best[0] >= 0 else (-1, ())
        for own in range(k + 1):
            for r in range(c + 1):
                s = own + r
                if s < 3:
                    continue
                rest = go(j + 1, c - r, balance + k - own - r)
                if rest[0] < 0:
                    continue
                v = rest[0] + _FL_P[s]
                if v > best[0]:
                    best = (v, ((j, own, r),) + rest[1])
        memo[key] = best
        return best

    return go(0, cc, 0)


# ----------------------------------------------------------- the packing
def _number_combos(nums: Sequence[int], cols: Sequence[int], cc: int) -> list[list[tuple[int, int, int, str, int]]]:
    """Every combination made of numbers, by its lowest card: ``(mask, cost, points, kind, colour)``."""
    n = len(nums)
    by_num: dict[int, list[int]] = {}
    for i, v in enumerate(nums):
        by_num.setdefault(v, []).append(i)
    out: list[list] = [[] for _ in range(n)]
    for idx in by_num.values():
        m = len(idx)
        if m >= 2:
            for sub in range(1, 1 << m):
                if sub & (sub - 1):
                    members = [idx[b] for b in range(m) if sub >> b & 1]
                    mask = sum(1 << i for i in members)
                    out[members[0]].append((mask, 0, _KIND_P[len(members)], "of a kind", -1))
    present = sorted(by_num)
    run: list[int] = []
    for v in present + [99]:
        if run and v == run[-1] + 1:
            run.append(v)
            continue
        for lo in range(len(run)):
            for hi in range(lo + 2, len(run)):
                _straights(run[lo:hi + 1], by_num, cols, cc, out)
        run = [v]
    return out


def _straights(values: list[int], by_num: dict[int, list[int]], cols: Sequence[int], cc: int, out: list) -> None:
    choices: list[list[int]] = [[]]
    for v in values:
        choices = [c + [i] for c in choices for i in by_num[v]]
    size = len(values)
    for members in choices:
        mask = sum(1 << i for i in members)
        low = min(members)
        out[low].append((mask, 0, _ST_P[size], "straight", -1))
        counts = [0] * 6
        for i in members:
            counts[cols[i]] += 1
        top = max(counts)
        cost = size - top
        if cost <= cc:
            out[low].append((mask, cost, _SF_P[size], "straight flush", counts.index(top)))


def _pack(nums: Sequence[int], cols: Sequence[int], cc: int):
    """Best points for fixed numbers and colours with ``cc`` Color-Change cards; and the choices made."""
    n = len(nums)
    combos = _number_combos(nums, cols, cc)
    memo: dict = {}

    def go(mask: int, c: int, pool: tuple[int, ...]) -> int:
        if not mask:
            return _flush_best(tuple(sorted(pool, reverse=True)), c)[0]
        key = (mask, c, pool)
        got = memo.get(key)
        if got is not None:
            return got[0]
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        p = list(pool)
        p[cols[i]] += 1
        best, choice = go(rest, c, tuple(p)), None
        for combo in combos[i]:
            m, cost, pts, _, _ = combo
            if m & mask == m and cost <= c:
                v = pts + go(mask & ~m, c - cost, pool)
                if v > best:
                    best, choice = v, combo
        memo[key] = (best, choice)
        return best

    full = (1 << n) - 1
    total = go(full, cc, (0,) * 6)
    return total, memo, full


def _plan(nums, cols, cc, memo, full):
    """Walk the memo back: the number combinations, the flush pool and the Color-Change cards left."""
    mask, c, pool_cards, chosen = full, cc, [], []
    pool = (0,) * 6
    while mask:
        _, choice = memo[(mask, c, pool)]
        i = (mask & -mask).bit_length() - 1
        if choice is None:
            p = list(pool)
            p[cols[i]] += 1
            pool = tuple(p)
            pool_cards.append(i)
            mask &= ~(1 << i)
        else:
            chosen.append(choice)
            mask &= ~choice[0]
            c -= choice[1]
    return chosen, pool_cards, c


# ------------------------------------------------------------ abilities
def _shifts(nums: Sequence[int], abilities: Sequence[int]) -> list[tuple[int, ...]]:
    """The distinct ways the Abilities can move the numbers (final numbers within 1-12, none wasted)."""
    n = len(nums)
    states = {(0,) * n}
    for a in abilities:
        new = set(states)
        for s in states:
            for j in range(n):
                t = list(s)
                t[j] += a
                new.add(tuple(t))
        states = new
    out = []
    for s in states:
        final = [v + d for v, d in zip(nums, s)]
        if not all(1 <= v <= 12 for v in final):
            continue
        useful = True
        for j, d in enumerate(s):
            if d and not any(k != j and abs(final[k] - final[j]) <= 1 for k in range(n)):
                useful = False
                break
        if useful:
            out.append(s)
    out.sort(key=lambda s: (sum(1 for d in s if d), s))
    return out


def _assign_abilities(shift: Sequence[int], abilities: Sequence[int]) -> list[int | None]:
    """Which card each Ability goes to (None: unused) so that the cards move by ``shift``."""
    n, k = len(shift), len(abilities)
    where: list[int | None] = [None] * k
    left = list(shift)

    def go(a: int) -> bool:
        if a == k:
            return not any(left)
        for j in [None, *range(n)]:
            if j is not None:
                left[j] -= abilities[a]
            where[a] = j
            if go(a + 1):
                return True
            if j is not None:
                left[j] += abilities[a]
        return False

    go(0)
    return where


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
