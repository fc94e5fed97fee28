"""Scoring a roll of Oh Furcle! (pure functions, shared by rules and analysis)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from ..core.errors import excerpt
from ..core.fixed import FixedDict, whole_number_table

DEFAULT_BONUS: Mapping[int, int] = {2: 0, 3: 10, 4: 15, 5: 20}
EXTRA_PER_DIE = 5
GROUP_NAMES = {2: "pair", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


class BonusTable(FixedDict):
    """A game's bonus table ``{group size: bonus points}``: a dict that cannot change.

    A game works out the score of each roll once for its table (and shares
    the scores with every game of the same table), so a table changed
    afterwards would leave the game scoring by the old one.

    >>> t = BonusTable({2: 0, 3: 10})
    >>> t[3], t == {2: 0, 3: 10}
    (10, True)
    >>> t[3] = 50  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    TypeError: a game's bonus table is fixed when the game is made, so bonus[3] = 50 was not set:
    make a new game with the table you want, e.g. Furcle(bonus={2: 0, 3: 50})
    """

    __slots__ = ()
    WHAT, NAME, GAME = "bonus table", "bonus", "Furcle"


def check_bonus(bonus: Mapping[int, int] | None) -> dict[int, int]:
    """Validate a bonus table ``{group size: bonus}``; None gives the printed table.

    The keys must be the sizes 2, 3, ..., m with no gap, the values whole
    numbers >= 0.
    """
    if bonus is None:
        return dict(DEFAULT_BONUS)
    if not isinstance(bonus, Mapping) or not bonus:
        raise ValueError(f"bonus must be a dict {{group size: bonus points}} such as {dict(DEFAULT_BONUS)}, "
                         f"got {excerpt(bonus)}")
    table = whole_number_table(
        bonus, lambda k: f"bonus keys must be group sizes 2, 3, ... as whole numbers (an int, or a string "
                         f"of digits such as '3' from a save), got {excerpt(k)} in {excerpt(list(bonus))}",
        lambda first, k, size: f"bonus keys {excerpt(first)} and {excerpt(k)} are both the group size {size}: give "
                               "each size once")
    sizes = sorted(table)
    if sizes != list(range(2, 2 + len(sizes))):
        raise ValueError(f"bonus keys must be the group sizes 2, 3, ... with no gap, got {excerpt(sizes)}")
    for k in sizes:
        v = table[k]
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"bonus for a group of {k} must be a whole number >= 0, got {excerpt(v)}")
    return {k: table[k] for k in sizes}


def group_bonus(size: int, bonus: Mapping[int, int]) -> int:
    """Bonus of a group of ``size`` equal dice (size >= 2)."""
    top = max(bonus)
    if size <= top:
        return bonus[size]
    return bonus[top] + EXTRA_PER_DIE * (size - top)


def score_roll(faces: Iterable[int], bonus: Mapping[int, int] | None = None) -> tuple[int, tuple[int, ...]]:
    """Score one roll: ``(points, scoring_dice)``.

    Every group of two or more equal faces scores its face value plus the
    bonus for its size (printed table: pair 0, three 10, four 15, five 20).
    ``scoring_dice`` are the faces of the dice that scored, sorted; they are
    the dice rolled again. ``(0, ())`` is a Furcle.

    Examples
    --------
    >>> score_roll([3, 3, 5, 6, 1])
    (3, (3, 3))
    >>> score_roll([4, 4, 2, 2, 6])      # two pairs: 4 + 2
    (6, (2, 2, 4, 4))
    >>> score_roll([5, 5, 5, 1, 1])      # three 5s and a pair of 1s
    (16, (1, 1, 5, 5, 5))
    >>> score_roll([1, 2, 3, 4, 6])      # all different: a Furcle
    (0, ())
    """
    table = DEFAULT_BONUS if bonus is None else check_bonus(bonus)
    return score_checked([int(f) for f in faces], table)


def score_checked(faces: list[int], bonus: Mapping[int, int]) -> tuple[int, tuple[int, ...]]:
    """:func:`score_roll` for faces and a bonus table already validated (the engine's fast path)."""
    counts: dict[int, int] = {}
    for f in faces:
        counts[f] = counts.get(f, 0) + 1
    if len(counts) == len(faces):
        return 0, ()
    points = 0
    scoring: list[int] = []
    for face in sorted(counts):
        n = counts[face]
        if n >= 2:
            points += face + (bonus[n] if n in bonus else group_bonus(n, bonus))
            scoring.extend([face] * n)
    return points, tuple(scoring)


def describe_roll(faces: Iterable[int]) -> str:
    """Words for the scoring groups of a roll, e.g. 'three 5s and a pair of 1s'."""
    counts = Counter(int(f) for f in faces)
    parts = []
    for face, n in sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0])):
        if n == 2:
            parts.append(f"a pair of {face}s")
        elif n > 2:
            parts.append(f"{GROUP_NAMES.get(n, str(n))} {face}s")
    if not parts:
        return "all different"
    return " and ".join(parts)
