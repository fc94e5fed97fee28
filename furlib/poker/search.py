"""The search behind :func:`furlib.poker.best_score`: points tables, flush splits, number combinations, Abilities.

See :mod:`furlib.poker.scoring` for how the search is exact. Everything
here is private to the scorer except the points tables and
:func:`combination_points`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..core.errors import check_int, excerpt

__all__ = ["combination_points", "KIND", "STRAIGHT_FLUSH", "FLUSH", "STRAIGHT", "MAX_COMBINATION_SIZE"]

#: The largest ``size`` :func:`combination_points` takes: the 72 basic cards of the deck.
MAX_COMBINATION_SIZE = 72

#: Points for 3, 4, 5, 6 cards, then per extra card.
KIND = (3, 7, 10, 13, 3)
STRAIGHT_FLUSH = (3, 6, 9, 12, 3)
FLUSH = (2, 4, 6, 7, 1)
STRAIGHT = (2, 3, 5, 6, 1)
_TABLES = {"of a kind": KIND, "straight flush": STRAIGHT_FLUSH, "flush": FLUSH, "straight": STRAIGHT}


def combination_points(kind: str, size: int) -> int:
    """Points of a combination of ``size`` cards: ``kind`` is "of a kind", "straight flush", "flush" or "straight".

    A pair is 2 "of a kind" (1 point); other combinations need 3 cards. ``size`` is a whole number from 0
    to :data:`MAX_COMBINATION_SIZE` (72, the basic cards of the deck); anything else is a ValueError.

    >>> combination_points("of a kind", 2), combination_points("flush", 7), combination_points("straight", 3)
    (1, 8, 2)
    """
    if not isinstance(kind, str) or kind not in _TABLES:
        raise ValueError(f"kind must be one of {sorted(_TABLES)}, got {excerpt(kind)}")
    size = check_int("size", size, low=0, high=MAX_COMBINATION_SIZE)
    if kind == "of a kind" and size == 2:
        return 1
    if size < 3:
        return 0
    t = _TABLES[kind]
    return t[size - 3] if size <= 6 else t[3] + t[4] * (size - 6)


_PTS = {k: [combination_points(k, s) for s in range(0, 40)] for k in _TABLES}
_KIND_P, _SF_P, _FL_P, _ST_P = _PTS["of a kind"], _PTS["straight flush"], _PTS["flush"], _PTS["straight"]

#: A split of a pool into flushes: ``(points, plan)``, the plan a tuple of ``(group, own, recoloured)``.
_FlushSplit = tuple[int, tuple[tuple[int, int, int], ...]]
#: A combination made of numbers: ``(mask, cost, points, kind, colour)``.
_Combo = tuple[int, int, int, str, int]
#: What :func:`_pack` remembers: by ``(mask, Color-Change cards left, pool)``, the best points and the choice made.
_PackMemo = dict[tuple[int, int, tuple[int, ...]], tuple[int, _Combo | None]]


# ------------------------------------------------------------ the flushes
@lru_cache(maxsize=200_000)
def _flush_best(counts: tuple[int, ...], cc: int) -> _FlushSplit:
    """Best split of a pool into flushes: ``counts`` per colour (sorted, largest first), ``cc`` recolourings.

    Returns ``(points, plan)``, the plan a tuple of ``(group, own, recoloured)``.
    """
    n = len(counts)
    memo: dict[tuple[int, int, int], _FlushSplit] = {}

    def go(j: int, c: int, balance: int) -> _FlushSplit:
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
def _number_combos(nums: Sequence[int], cols: Sequence[int], cc: int) -> list[list[_Combo]]:
    """Every combination made of numbers, by its lowest card: ``(mask, cost, points, kind, colour)``."""
    n = len(nums)
    by_num: dict[int, list[int]] = {}
    for i, v in enumerate(nums):
        by_num.setdefault(v, []).append(i)
    out: list[list[_Combo]] = [[] for _ in range(n)]
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


def _straights(values: list[int], by_num: dict[int, list[int]], cols: Sequence[int], cc: int,
               out: list[list[_Combo]]) -> None:
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


def _pack(nums: Sequence[int], cols: Sequence[int], cc: int) -> tuple[int, _PackMemo, int]:
    """Best points for fixed numbers and colours with ``cc`` Color-Change cards; and the choices made."""
    n = len(nums)
    combos = _number_combos(nums, cols, cc)
    memo: _PackMemo = {}

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
        best = go(rest, c, tuple(p))
        choice: _Combo | None = None
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


def _plan(nums: Sequence[int], cols: Sequence[int], cc: int, memo: _PackMemo,
          full: int) -> tuple[list[_Combo], list[int], int]:
    """Walk the memo back: the number combinations, the flush pool and the Color-Change cards left."""
    mask, c = full, cc
    pool_cards: list[int] = []
    chosen: list[_Combo] = []
    pool: tuple[int, ...] = (0,) * 6
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
