"""The brute-force reference scorer: every assignment of the specials, every split into combinations.

Slow and obviously right: each Ability card goes to no card or to one of the
basic cards (all ways), each basic card keeps its colour or takes any other
colour with at most one Color-Change card each (all ways, at most
``color_changes`` cards changed), and every split of the resulting cards
into blocks is scored block by block (a block that is no combination
scores 0). Scores are read straight from the rulebook's table.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, product

COLOURS = ("red", "yellow", "green", "blue", "purple", "gray")
TABLE = {  # rulebook: 3, 4, 5, 6 cards, then +k per extra card
    "kind": (3, 7, 10, 13, 3), "straight flush": (3, 6, 9, 12, 3),
    "flush": (2, 4, 6, 7, 1), "straight": (2, 3, 5, 6, 1),
}


def points(kind: str, size: int) -> int:
    t = TABLE[kind]
    return t[size - 3] if size <= 6 else t[3] + t[4] * (size - 6)


def block_points(block: tuple[tuple[int, str], ...]) -> int:
    """The points of one block of cards: the best combination it is, else 0."""
    size = len(block)
    nums = sorted(n for n, _ in block)
    same_number = len(set(nums)) == 1
    same_colour = len({c for _, c in block}) == 1
    run = all(b == a + 1 for a, b in zip(nums, nums[1:]))
    if size == 2:
        return 1 if same_number else 0
    if size < 2:
        return 0
    best = 0
    if same_number:
        best = max(best, points("kind", size))
    if run and same_colour:
        best = max(best, points("straight flush", size))
    if same_colour:
        best = max(best, points("flush", size))
    if run:
        best = max(best, points("straight", size))
    return best


@cache
def best_split(cards: tuple[tuple[int, str], ...]) -> int:
    """Best total over every split of ``cards`` (sorted) into blocks."""
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = 0
    n = len(rest)
    for k in range(n + 1):
        for others in combinations(range(n), k):
            block = (first,) + tuple(rest[i] for i in others)
            remaining = tuple(rest[i] for i in range(n) if i not in others)
            best = max(best, block_points(block) + best_split(remaining))
    return best


def brute_score(cards, color_changes=0, abilities=()) -> int:
    cards = [tuple(c) for c in cards]
    n = len(cards)
    best = 0
    for where in product(range(-1, n), repeat=len(abilities)):      # -1: the Ability is not used
        nums = [c[0] for c in cards]
        for a, j in zip(abilities, where):
            if j >= 0:
                nums[j] += a
        if not all(1 <= v <= 12 for v in nums):
            continue
        for k in range(min(color_changes, n) + 1):
            for changed in combinations(range(n), k):
                for new in product(COLOURS, repeat=k):
                    cols = [c[1] for c in cards]
                    for i, col in zip(changed, new):
                        cols[i] = col
                    best = max(best, best_split(tuple(sorted(zip(nums, cols)))))
    return best
