"""Exact probabilities of what a roll of k dice of The Furglars shows: each roll, and each kind's count.

Re-exported by :mod:`furlib.furglars.analysis`, which tells the model.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, cast

from ..core.engine.chance import dice_ways
from ..core.errors import check_int, excerpt
from .faces import DEFAULT_FACES, KINDS, check_faces, face_probabilities, faces_of, roll_outcomes

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

MAX_ROLL = 60

__all__ = ["face_probabilities", "roll_probabilities", "roll_distribution", "count_distribution",
           "count_table", "expected_counts", "x_factor_probability", "at_least_probability"]


def _check_kind(kind: object) -> str:
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {list(KINDS)}, got {excerpt(kind)}")
    return kind


def roll_probabilities(k: int, faces: Sequence[str] = DEFAULT_FACES) -> dict[tuple[int, int, int, int], Fraction]:
    """Exact probability of every roll of ``k`` dice, as counts ``(furgles, locks, hands, xs)``.

    Parameters
    ----------
    k : int
        How many dice are rolled (0 to 60).
    faces : sequence of str
        The faces of one die (default: 2 Furgles, 1 Lock, 2 Hands, 1 X).

    Returns
    -------
    dict
        ``{(furgles, locks, hands, xs): Fraction}`` for every roll that can
        happen; the values add up to 1.

    Examples
    --------
    >>> probs = roll_probabilities(2)
    >>> probs[(1, 0, 1, 0)]          # one Furgle and one Hand: 2 * 1/3 * 1/3
    Fraction(2, 9)
    >>> sum(probs.values())
    Fraction(1, 1)
    """
    k = check_int("k", k, low=0, high=MAX_ROLL)
    # one count per kind of KINDS: four
    return {cast("tuple[int, int, int, int]", tuple(c[kind] for kind in KINDS)): p for c, p in roll_outcomes(k, faces)}


def roll_distribution(k: int, faces: Sequence[str] = DEFAULT_FACES) -> pd.DataFrame:
    """The multinomial distribution of a roll of ``k`` dice as a table.

    One row per possible roll: the count of each kind, ``ways`` (how many
    of the ``m ** k`` equally likely face sequences give it, for a die of
    ``m`` faces), the exact ``probability`` (a Fraction) and ``p`` (a float).
    Rows are sorted from most to least likely.

    Parameters
    ----------
    k, faces
        As for :func:`roll_probabilities`: how many dice are rolled, and the faces of one die.

    Returns
    -------
    pandas.DataFrame
        Columns ``furgle, lock, hand, x, ways, probability, p``.

    Examples
    --------
    >>> df = roll_distribution(2)
    >>> print(df.head(3).to_string())
       furgle  lock  hand  x  ways probability         p
    0       1     0     1  0     8         2/9  0.222222
    1       2     0     0  0     4         1/9  0.111111
    2       1     1     0  0     4         1/9  0.111111
    >>> int(df["ways"].sum()) == 6 ** 2
    True
    """
    import pandas as pd

    k = check_int("k", k, low=0, high=MAX_ROLL)
    faces = check_faces(faces)
    rows = []
    for c, p in roll_outcomes(k, faces):
        ways = dice_ways(faces_of(c), faces)
        rows.append({**c, "ways": ways, "probability": p, "p": float(p)})
    df = pd.DataFrame(rows, columns=[*KINDS, "ways", "probability", "p"])
    return df.sort_values(["p", *KINDS], ascending=[False, False, False, False, False], kind="stable",
                          ignore_index=True)


def count_distribution(k: int, kind: str = "hand", faces: Sequence[str] = DEFAULT_FACES) -> dict[int, Fraction]:
    """Exact distribution of how many of ``k`` dice show ``kind`` (binomial).

    Parameters
    ----------
    k : int
        How many dice are rolled (0 to 60).
    kind : {"furgle", "lock", "hand", "x"}
        The face kind to count.
    faces : sequence of str
        The faces of one die.

    Returns
    -------
    dict
        ``{n: Fraction}`` for n = 0..k: ``C(k, n) p^n (1-p)^(k-n)`` with
        ``p`` the chance that one die shows ``kind``.

    Examples
    --------
    >>> {n: str(p) for n, p in count_distribution(2, "hand").items()}
    {0: '4/9', 1: '4/9', 2: '1/9'}
    >>> count_distribution(3, "lock")[3]
    Fraction(1, 216)
    """
    k = check_int("k", k, low=0, high=MAX_ROLL)
    p = face_probabilities(faces)[_check_kind(kind)]
    return {n: comb(k, n) * p ** n * (1 - p) ** (k - n) for n in range(k + 1)}


def count_table(k: int, faces: Sequence[str] = DEFAULT_FACES) -> pd.DataFrame:
    """Distribution of the count of each kind in a roll of ``k`` dice: rows n = 0..k, one column per kind.

    Entries are Fractions; each column sums to 1.

    >>> count_table(1).loc[1].tolist()
    [Fraction(1, 3), Fraction(1, 6), Fraction(1, 3), Fraction(1, 6)]
    """
    import pandas as pd

    k = check_int("k", k, low=0, high=MAX_ROLL)
    table = {kind: count_distribution(k, kind, faces) for kind in KINDS}
    df = pd.DataFrame(table, index=range(k + 1), columns=list(KINDS))
    df.index.name = "n"
    return df


def expected_counts(k: int, faces: Sequence[str] = DEFAULT_FACES) -> dict[str, Fraction]:
    """Expected number of dice showing each kind in a roll of ``k`` dice (``k`` times its chance).

    >>> {kind: str(e) for kind, e in expected_counts(8).items()}
    {'furgle': '8/3', 'lock': '4/3', 'hand': '8/3', 'x': '4/3'}
    """
    k = check_int("k", k, low=0, high=MAX_ROLL)
    return {kind: k * p for kind, p in face_probabilities(faces).items()}


def x_factor_probability(k: int, faces: Sequence[str] = DEFAULT_FACES) -> Fraction:
    """Probability that a roll of ``k`` >= 1 dice shows only Xs (the X factor).

    >>> x_factor_probability(2)
    Fraction(1, 36)
    """
    k = check_int("k", k, low=1, high=MAX_ROLL)
    return face_probabilities(faces)["x"] ** k


def at_least_probability(k: int, kind: str = "hand", n: int = 1, faces: Sequence[str] = DEFAULT_FACES) -> Fraction:
    """Exact probability that at least ``n`` of ``k`` dice show ``kind``.

    For ``n = 1`` it is one minus the chance that no die shows it,
    ``1 - (1 - p) ** k``.

    >>> at_least_probability(8, "hand")          # 1 - (2/3)**8
    Fraction(6305, 6561)
    >>> at_least_probability(3, "lock", 0)
    Fraction(1, 1)
    """
    n = check_int("n", n, low=0)
    return sum((p for m, p in count_distribution(k, kind, faces).items() if m >= n), Fraction(0))
