"""Rolls of The Furglars' dice simulated with numpy, and the counts they show against the exact ones.

Re-exported by :mod:`furlib.furglars.analysis`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.errors import check_int
from .analysis_rolls import MAX_ROLL, _check_kind, count_distribution
from .faces import DEFAULT_FACES, KINDS, check_faces, face_probabilities

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["simulate_rolls", "count_comparison"]


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
