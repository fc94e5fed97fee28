"""Exact probabilities for The Furglars: what a roll of k dice shows.

A die has ``m`` faces, each of one kind (Furgle, Lock, Hand, X); with the
default die ``("furgle", "furgle", "lock", "hand", "hand", "x")`` one die
shows a Furgle or a Hand with probability 1/3 each and a Lock or an X with
probability 1/6 each. The counts of each kind in a roll of ``k`` dice
follow the multinomial distribution; the count of one kind alone is
binomial. Everything here is exact (``fractions.Fraction``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any, cast

from ..core.engine.chance import dice_ways
from ..core.errors import check_int, excerpt
from .faces import DEFAULT_FACES, KINDS, check_faces, face_probabilities, faces_of, roll_outcomes

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

MAX_ROLL = 60

__all__ = ["face_probabilities", "roll_probabilities", "roll_distribution", "count_distribution",
           "count_table", "expected_counts", "x_factor_probability"]


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


# ----------------------------------------------------------------- captures and points
__all__ += ["at_least_probability", "capture_distribution", "expected_capture", "survival_distribution",
            "expected_points_per_turn", "simulate_rolls", "count_comparison"]


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


def _check_available(available: object) -> int | None:
    if available is None:
        return None
    return check_int("available", available, low=0)


def capture_distribution(k: int, available: int | None = None,
                         faces: Sequence[str] = DEFAULT_FACES) -> dict[int, Fraction]:
    """Exact distribution of the Furgles on your card after one roll of ``k`` dice.

    The model: your card is empty; the other players hold ``available``
    Furgles and no Lock (``None``: more than you could ever steal); you
    keep every Furgle you roll and each Hand steals one Furgle while any
    are left. So you end with ``F + min(H, available)`` Furgles, where
    ``F`` and ``H`` are the Furgles and Hands of the roll (multinomial).
    Without the X factor a turn has one roll, so this is also per turn.

    Parameters
    ----------
    k : int
        Dice you roll (0 to 60).
    available : int, optional
        Unprotected Furgles on the other players' cards.
    faces : sequence of str
        The faces of one die.

    Returns
    -------
    dict
        ``{furgles: Fraction}``, values adding up to 1.

    Examples
    --------
    >>> {n: str(p) for n, p in capture_distribution(1).items()}       # Furgle or Hand: 1/3 + 1/3
    {0: '1/3', 1: '2/3'}
    >>> {n: str(p) for n, p in capture_distribution(1, available=0).items()}
    {0: '2/3', 1: '1/3'}
    """
    available = _check_available(available)
    out: dict[int, Fraction] = {}
    for (f, _, h, _), p in roll_probabilities(k, faces).items():
        got = f + (h if available is None else min(h, available))
        out[got] = out.get(got, Fraction(0)) + p
    return dict(sorted(out.items()))


def expected_capture(k: int, available: int | None = None, faces: Sequence[str] = DEFAULT_FACES) -> Fraction:
    """Expected Furgles captured by one roll of ``k`` dice (the model of :func:`capture_distribution`).

    With unlimited unprotected Furgles to steal it is ``k * (p_furgle + p_hand)``
    (``2k/3`` with the default die); with ``available`` Furgles it is
    ``k * p_furgle + E[min(H, available)]``.

    >>> expected_capture(8)
    Fraction(16, 3)
    >>> expected_capture(8, available=0)           # only the Furgles rolled: 8/3
    Fraction(8, 3)
    """
    return sum((n * p for n, p in capture_distribution(k, available, faces).items()), Fraction(0))


def survival_distribution(furgles: int, locks: int, thief_dice: int,
                          faces: Sequence[str] = DEFAULT_FACES) -> dict[int, Fraction]:
    """Exact distribution of your Furgles left after one opponent's roll of ``thief_dice`` dice.

    The model: you are the opponent's only target and they play like
    :class:`~furlib.furglars.bots.GreedyThief`: with ``H`` Hands, if
    ``H > locks`` they break all your Locks and steal ``min(furgles, H - locks)``
    Furgles; otherwise they steal nothing. (Their own Furgles and Locks do
    not matter to you.)

    Parameters
    ----------
    furgles, locks : int
        What is on your card (0 to 60 each).
    thief_dice : int
        Dice the opponent rolls (0 to 60).
    faces : sequence of str
        The faces of one die.

    Returns
    -------
    dict
        ``{furgles kept: Fraction}``, values adding up to 1.

    Examples
    --------
    >>> {n: str(p) for n, p in survival_distribution(1, 0, 1).items()}     # a Hand steals it: 1/3
    {0: '1/3', 1: '2/3'}
    >>> survival_distribution(2, 1, 1)           # one Hand cannot break the Lock and steal
    {2: Fraction(1, 1)}
    """
    furgles = check_int("furgles", furgles, low=0, high=MAX_ROLL)
    locks = check_int("locks", locks, low=0, high=MAX_ROLL)
    out: dict[int, Fraction] = {}
    for h, p in count_distribution(thief_dice, "hand", faces).items():
        kept = furgles - min(furgles, max(0, h - locks))
        out[kept] = out.get(kept, Fraction(0)) + p
    return dict(sorted(out.items()))


def expected_points_per_turn(k: int, available: int = 0, total_dice: int = 10,
                             faces: Sequence[str] = DEFAULT_FACES, chart: Any = None) -> Fraction:
    """Expected Bullion Points a turn earns in a 2-player game, in a stated simple setting.

    The model (exact, X factor off): you roll ``k`` dice while your
    opponent holds ``available`` Furgles and no Lock; you keep the Furgles
    and Locks you roll and steal with your Hands
    (:func:`capture_distribution`). Every other die of the ``total_dice``
    in play then goes to your opponent, who rolls them all and plays like
    :class:`~furlib.furglars.bots.GreedyThief` against you
    (:func:`survival_distribution`). At your next turn you cash in the
    Furgles left, by the Bullion ``chart``. The first turn of a 2-player
    game is ``k = 5, available = 0, total_dice = 10``.

    Parameters
    ----------
    k : int
        Dice you roll (1 to 60).
    available : int, default 0
        Unprotected Furgles on your opponent's card.
    total_dice : int, default 10
        Dice in play; at least ``k + available``.
    faces : sequence of str
        The faces of one die.
    chart : dict or callable, optional
        Bullion chart as for :class:`~furlib.furglars.rules.Furglars`
        (default: 1 point per Furgle).

    Returns
    -------
    fractions.Fraction
        Expected points cashed in at your next turn.

    Examples
    --------
    >>> expected_points_per_turn(1, total_dice=2)      # keep a Furgle (1/3) the opponent's die doesn't steal (2/3)
    Fraction(2, 9)
    >>> round(float(expected_points_per_turn(5)), 4)   # a 2-player game's first turn
    0.6552
    """
    from .faces import check_chart

    k = check_int("k", k, low=1, high=MAX_ROLL)
    available = check_int("available", available, low=0)
    total_dice = check_int("total_dice", total_dice, low=1, high=MAX_ROLL)
    if k + available > total_dice:
        raise ValueError(f"total_dice must be at least k + available = {k + available} (your dice and the "
                         f"Furgles on your opponent's card), got total_dice={total_dice}")
    table = check_chart(chart, total_dice)
    total = Fraction(0)
    for (f, lk, h, _), p in roll_probabilities(k, faces).items():
        mine = f + min(h, available)
        for kept, q in survival_distribution(mine, lk, total_dice - mine - lk, faces).items():
            total += p * q * table[kept]
    return total


def simulate_rolls(k: int, n_rolls: int, faces: Sequence[str] = DEFAULT_FACES,
                   seed: int | None = None) -> pd.DataFrame:
    """Roll ``k`` dice ``n_rolls`` times with numpy: one row of counts per roll.

    Parameters
    ----------
    k : int
        Dice per roll (0 to 60).
    n_rolls : int
        How many rolls (1 to 10,000,000).
    faces : sequence of str
        The faces of one die (all equally likely).
    seed : int, optional
        Seed of the random generator: same seed, same rolls.

    Returns
    -------
    pandas.DataFrame
        Columns ``furgle, lock, hand, x``; ``.attrs`` has ``k`` and ``faces``.

    Examples
    --------
    >>> rolls = simulate_rolls(8, 1000, seed=1)
    >>> rolls.shape, bool((rolls.sum(axis=1) == 8).all())
    ((1000, 4), True)
    """
    import numpy as np
    import pandas as pd

    k = check_int("k", k, low=0, high=MAX_ROLL)
    n_rolls = check_int("n_rolls", n_rolls, low=1, high=10_000_000)
    if seed is not None:
        seed = check_int("seed", seed, low=0)
    probs = face_probabilities(faces)
    faces = check_faces(faces)
    # each die picks one face, all equally likely; count the kinds (as the game's own dice do)
    rolled = np.random.default_rng(seed).integers(len(faces), size=(n_rolls, k))
    kind_of = np.array([KINDS.index(f) for f in faces])
    counts = (kind_of[rolled][..., None] == np.arange(len(KINDS))).sum(axis=1)
    df = pd.DataFrame(counts, columns=list(KINDS))
    df.attrs.update(k=k, faces=list(faces), probabilities={kk: str(p) for kk, p in probs.items()})
    return df


def count_comparison(rolls: pd.DataFrame, kind: str = "hand") -> pd.DataFrame:
    """Exact against simulated: the distribution of the count of ``kind`` in rolls of ``k`` dice.

    Parameters
    ----------
    rolls : pandas.DataFrame
        Rolls from :func:`simulate_rolls` (its ``.attrs`` say ``k`` and the faces).
    kind : {"furgle", "lock", "hand", "x"}
        The face kind to count.

    Returns
    -------
    pandas.DataFrame
        One row per count n = 0..k: ``n``, ``exact`` (Fraction), ``p``
        (float), ``rolls`` (how many rolls showed n), ``freq`` and its 95%
        Wilson interval ``ci_low``, ``ci_high``.

    Examples
    --------
    >>> t = count_comparison(simulate_rolls(2, 900, seed=3), "hand")
    >>> t[["n", "exact"]].values.tolist()
    [[0, Fraction(4, 9)], [1, Fraction(4, 9)], [2, Fraction(1, 9)]]
    >>> int(t.rolls.sum())
    900
    """
    import numpy as np
    import pandas as pd

    from ..core.stats import wilson_arrays

    _check_kind(kind)
    if not isinstance(rolls, pd.DataFrame) or "k" not in rolls.attrs or kind not in rolls:
        raise ValueError(f"rolls must be the DataFrame of simulate_rolls(k, n_rolls), got {type(rolls).__name__}")
    k, faces = rolls.attrs["k"], rolls.attrs["faces"]
    exact = count_distribution(k, kind, faces)
    seen = np.bincount(rolls[kind].to_numpy(np.int64), minlength=k + 1)[: k + 1]
    low, high = wilson_arrays(seen, np.full(k + 1, len(rolls)))
    return pd.DataFrame({"n": np.arange(k + 1), "exact": [exact[n] for n in range(k + 1)],
                         "p": [float(exact[n]) for n in range(k + 1)], "rolls": seen,
                         "freq": seen / len(rolls), "ci_low": low, "ci_high": high})
