"""Scoring a roll of Oh Furcle! (pure functions, shared by rules and analysis)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Set
from itertools import islice

from ..core.engine.fixed import FixedDict, whole_number_table
from ..core.errors import check_int, excerpt

#: The most dice a game rolls (``Furcle(n_dice=...)``), and so the most faces a roll has and the largest group
#: of a kind, the last key of a bonus table.
MAX_DICE = 10
#: The most faces a die has (``Furcle(sides=...)``), and so the largest face of a roll.
MAX_SIDES = 20
#: The largest bonus of a bonus table (``Furcle(bonus=...)``), as large as the largest target
#: (``rules.MAX_TARGET``): a group with this bonus already reaches any target, and every score stays a small
#: number (a turn's exact analysis sizes its tables by the most points of one roll).
MAX_BONUS = 1000

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

    The keys must be the sizes 2, 3, ..., m with no gap, m at most ``MAX_DICE`` (10: no roll has a bigger
    group, and a bigger group than the table's largest gets its bonus plus ``EXTRA_PER_DIE`` per extra die), as
    ints, numpy integers or strings of digits (as a save writes them); the values whole numbers from 0 to
    ``MAX_BONUS`` (1000), stored as ints. The size of the table is checked before any of it is read.

    >>> check_bonus({"2": 1, "3": 12})
    {2: 1, 3: 12}
    >>> check_bonus({k: 0 for k in range(2, 1_000_000)})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: bonus has 999998 group sizes; a roll has at most 10 dice (MAX_DICE), so give the sizes 2 to ...
    """
    if bonus is None:
        return dict(DEFAULT_BONUS)
    if not isinstance(bonus, Mapping) or not bonus:
        raise ValueError(f"bonus must be a dict {{group size: bonus points}} such as {dict(DEFAULT_BONUS)}, "
                         f"got {excerpt(bonus)}")
    if len(bonus) > MAX_DICE - 1:
        raise ValueError(f"bonus has {len(bonus)} group sizes; a roll has at most {MAX_DICE} dice (MAX_DICE), so "
                         f"give the sizes 2 to at most {MAX_DICE} ({MAX_DICE - 1} keys), e.g. "
                         f"{dict(DEFAULT_BONUS)}; got {excerpt(bonus)}")
    table = whole_number_table(
        bonus, lambda k: f"bonus keys must be group sizes 2, 3, ... as whole numbers (an int, or a string "
                         f"of digits such as '3' from a save), got {excerpt(k)} in {excerpt(list(bonus))}",
        lambda first, k, size: f"bonus keys {excerpt(first)} and {excerpt(k)} are both the group size {size}: give "
                               "each size once")
    sizes = sorted(table)
    if sizes != list(range(2, 2 + len(sizes))):
        raise ValueError(f"bonus keys must be the group sizes 2, 3, ... with no gap, got {excerpt(sizes)}")
    out = {}
    for k in sizes:
        v = table[k]
        try:
            out[k] = check_int("bonus", v, low=0, high=MAX_BONUS)
        except ValueError:
            raise ValueError(f"bonus for a group of {k} must be a whole number from 0 to {MAX_BONUS} (MAX_BONUS), "
                             f"got {excerpt(v)}") from None
    return out


def group_bonus(size: int, bonus: Mapping[int, int]) -> int:
    """Bonus of a group of ``size`` equal dice (size >= 2)."""
    top = max(bonus)
    if size <= top:
        return bonus[size]
    return bonus[top] + EXTRA_PER_DIE * (size - top)


def check_faces(faces: object) -> list[int]:
    """The faces of a roll as a list of ints: 1 to ``MAX_DICE`` (10) faces, each a whole number from 1 to
    ``MAX_SIDES`` (20) (ints or numpy integers; not bools, floats or text), read lazily (at most ``MAX_DICE + 1``
    items are read from an iterator); else a ValueError naming the bad value.

    >>> check_faces((5, 5, 5, 1, 1))
    [5, 5, 5, 1, 1]
    >>> check_faces([5, 0])
    Traceback (most recent call last):
    ...
    ValueError: each face must be a whole number from 1 to 20 (MAX_SIDES); got 0 (face 2 of [5, 0])
    """
    if isinstance(faces, (str, bytes, bytearray, Mapping, Set)) or not isinstance(faces, Iterable):
        raise ValueError(f"faces must be a list of 1 to {MAX_DICE} faces (MAX_DICE), each a whole number from 1 to "
                         f"{MAX_SIDES}, e.g. [5, 5, 5, 1, 1]; got {excerpt(faces)}")
    read = list(islice(faces, MAX_DICE + 1))
    if not 1 <= len(read) <= MAX_DICE:
        got = "none" if not read else f"more than {MAX_DICE}"
        raise ValueError(f"a roll has 1 to {MAX_DICE} faces (MAX_DICE), e.g. [5, 5, 5, 1, 1]; got {got}: "
                         f"{excerpt(read)}")
    out = []
    for i, f in enumerate(read):
        try:
            out.append(check_int("face", f, low=1, high=MAX_SIDES))
        except ValueError:
            raise ValueError(f"each face must be a whole number from 1 to {MAX_SIDES} (MAX_SIDES); got {excerpt(f)} "
                             f"(face {i + 1} of {excerpt(read)})") from None
    return out


def score_roll(faces: Iterable[int], bonus: Mapping[int, int] | None = None) -> tuple[int, tuple[int, ...]]:
    """Score one roll: ``(points, scoring_dice)``.

    Every group of two or more equal faces scores its face value plus the
    bonus for its size (printed table: pair 0, three 10, four 15, five 20).
    ``scoring_dice`` are the faces of the dice that scored, sorted; they are
    the dice rolled again. ``(0, ())`` is a Furcle.

    ``faces`` are checked as the game's own dice are: 1 to ``MAX_DICE`` (10)
    whole numbers from 1 to ``MAX_SIDES`` (20), see :func:`check_faces`; the
    bonus table as ``Furcle(bonus=...)`` checks it (:func:`check_bonus`).

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
    >>> score_roll("55")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: faces must be a list of 1 to 10 faces (MAX_DICE), each a whole number from 1 to 20, ...; got '55'
    """
    checked = check_faces(faces)
    table = DEFAULT_BONUS if bonus is None else check_bonus(bonus)
    return score_checked(checked, table)


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
    """Words for the scoring groups of a roll, e.g. 'three 5s and a pair of 1s' (``faces`` checked as
    :func:`score_roll` checks them).

    >>> describe_roll([5, 5, 5, 1, 1]), describe_roll([1, 2, 3])
    ('three 5s and a pair of 1s', 'all different')
    """
    return describe_checked(check_faces(faces))


def describe_checked(faces: Iterable[int]) -> str:
    """:func:`describe_roll` for faces already validated (the engine's own rolls)."""
    counts = Counter(faces)
    parts = []
    for face, n in sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0])):
        if n == 2:
            parts.append(f"a pair of {face}s")
        elif n > 2:
            parts.append(f"{GROUP_NAMES.get(n, str(n))} {face}s")
    if not parts:
        return "all different"
    return " and ".join(parts)
