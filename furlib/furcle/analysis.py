"""Exact probabilities for Oh Furcle! (by enumeration of every roll)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import numpy.typing as npt

from ..core.errors import check_bool, check_int, excerpt
from ..core.sim.sweep import MAX_SEED
from ..core.stats import Estimate, estimate, wilson_arrays
from .scoring import DEFAULT_BONUS, MAX_SIDES, score_checked

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["furcle_probability", "estimate_furcle_probability", "running_estimate", "check_seed",
           "MAX_ENUMERATED", "MAX_ENUMERATED_DICE", "MAX_SIM_DICE", "MAX_SIM_SIDES", "MAX_SIM_ROLLS",
           "MAX_RUNNING_ROLLS"]

#: :func:`furcle_probability` enumerates every roll: at most this many (``sides ** n_dice``) ...
MAX_ENUMERATED = 2_000_000
#: ... of at most this many dice (of up to ``MAX_SIDES`` sides).
MAX_ENUMERATED_DICE = 8
#: :func:`estimate_furcle_probability` and :func:`running_estimate` roll at most this many dice at once ...
MAX_SIM_DICE = 50
#: ... of at most this many sides (a question about dice, wider than a game's ``MAX_SIDES``) ...
MAX_SIM_SIDES = 1000
#: ... at most this many times (the estimate counts them chunk by chunk: about 2,000,000 dice in memory at once) ...
MAX_SIM_ROLLS = 100_000_000
#: ... or this many for :func:`running_estimate`, which keeps a row per roll (five columns: about 400 MB).
MAX_RUNNING_ROLLS = 10_000_000


def check_seed(seed: object) -> int | None:
    """A random generator's seed: None (fresh entropy) or a whole number from 0 to ``MAX_SEED`` (2**128 - 1, as
    :func:`furlib.core.sim.sweep.sweep` takes); else a ValueError naming it.

    >>> check_seed(None), check_seed(7)
    (None, 7)
    >>> check_seed(2**128)
    Traceback (most recent call last):
    ...
    ValueError: seed must be at most 2**128 - 1 (MAX_SEED), got 340282366920938463463374607431768211456
    """
    if seed is None:
        return None
    number = check_int("seed", seed, low=0)
    if number > MAX_SEED:
        raise ValueError(f"seed must be at most 2**128 - 1 (MAX_SEED), got {excerpt(number)}")
    return number


def _scores(faces: Sequence[int], beekin: bool, sides: int) -> bool:
    if score_checked(list(faces), DEFAULT_BONUS)[0] > 0:
        return True
    if not beekin:
        return False
    for i, f in enumerate(faces):
        if f < sides:
            raised = list(faces)
            raised[i] += 1
            if score_checked(raised, DEFAULT_BONUS)[0] > 0:
                return True
    return False


def furcle_probability(n_dice: int, *, beekin: bool = False, sides: int = 6) -> Fraction:
    """Exact probability that a roll of ``n_dice`` dice is a Furcle.

    With ``beekin=True`` the player may still raise one die by 1 (not the top
    face), so a Furcle needs all faces different and no two adjacent.
    Computed by enumerating all ``sides ** n_dice`` rolls: ``n_dice`` 1 to
    ``MAX_ENUMERATED_DICE`` (8), ``sides`` 2 to ``MAX_SIDES`` (20), at most
    ``MAX_ENUMERATED`` (2,000,000) rolls.

    Examples
    --------
    >>> furcle_probability(2)
    Fraction(5, 6)
    >>> furcle_probability(2, beekin=True)
    Fraction(5, 9)
    >>> [str(furcle_probability(n)) for n in range(2, 6)]
    ['5/6', '5/9', '5/18', '5/54']
    """
    n_dice = check_int("n_dice", n_dice, low=1, high=MAX_ENUMERATED_DICE)
    sides = check_int("sides", sides, low=2, high=MAX_SIDES)
    beekin = check_bool("beekin", beekin)
    if sides ** n_dice > MAX_ENUMERATED:
        raise ValueError(f"sides ** n_dice = {sides ** n_dice} rolls is too many to enumerate (at most "
                         f"{MAX_ENUMERATED:,}, MAX_ENUMERATED)")
    furcles = sum(1 for faces in product(range(1, sides + 1), repeat=n_dice) if not _scores(faces, beekin, sides))
    return Fraction(furcles, sides ** n_dice)


def estimate_furcle_probability(n_dice: int, n_rolls: int = 10_000, *, beekin: bool = False,
                                sides: int = 6, seed: int | None = None) -> Estimate:
    """Monte Carlo estimate of :func:`furcle_probability` from ``n_rolls`` simulated rolls.

    Vectorised with numpy: sort each roll; it is a Furcle when all faces
    differ (no gap of 0 between sorted faces) and, with a Beekin still to
    use, also no two faces are neighbours (no gap of 1).

    ``n_dice`` is 1 to ``MAX_SIM_DICE`` (50), ``n_rolls`` 1 to
    ``MAX_SIM_ROLLS`` (100,000,000), ``sides`` 2 to ``MAX_SIM_SIDES`` (1000),
    ``seed`` None or 0 to ``MAX_SEED``.

    >>> est = estimate_furcle_probability(2, 20_000, seed=1)
    >>> est.covers(5 / 6)
    True
    """
    rolls = _Rolls.checked(n_dice, n_rolls, beekin, sides, seed, most=MAX_SIM_ROLLS)
    furcles = sum(int(flags.sum()) for flags in _furcle_flags(rolls))
    return estimate(furcles, rolls.n_rolls)


class _Rolls(NamedTuple):
    """The simulated rolls of :func:`estimate_furcle_probability` and :func:`running_estimate`."""

    n_dice: int
    n_rolls: int
    beekin: bool
    sides: int
    seed: int | None

    @classmethod
    def checked(cls, n_dice: object, n_rolls: object, beekin: object, sides: object, seed: object, *,
                most: int) -> _Rolls:
        """The arguments, each checked against its limit (at most ``most`` rolls): a ValueError names a bad one."""
        n_dice = check_int("n_dice", n_dice, low=1, high=MAX_SIM_DICE)
        n_rolls = check_int("n_rolls", n_rolls, low=1, high=most)
        sides = check_int("sides", sides, low=2, high=MAX_SIM_SIDES)
        return cls(n_dice, n_rolls, check_bool("beekin", beekin), sides, check_seed(seed))


def _furcle_flags(r: _Rolls) -> Iterator[npt.NDArray[np.bool_]]:
    """Yield boolean arrays (one per chunk of rolls): is each simulated roll a Furcle?

    Sort each roll; it is a Furcle when all faces differ (no gap of 0) and,
    with a Beekin still to use, no two faces are neighbours (no gap of 1).
    """
    rng = np.random.default_rng(r.seed)
    chunk = max(1, 2_000_000 // r.n_dice)
    for start in range(0, r.n_rolls, chunk):
        m = min(chunk, r.n_rolls - start)
        rolls = np.sort(rng.integers(1, r.sides + 1, size=(m, r.n_dice)), axis=1)
        yield np.all(np.diff(rolls, axis=1) >= (2 if r.beekin else 1), axis=1)


def running_estimate(n_dice: int, n_rolls: int, *, beekin: bool = False, sides: int = 6,
                     seed: int | None = 0) -> pd.DataFrame:
    """The Monte Carlo estimate of P(Furcle) after each of ``n_rolls`` simulated rolls.

    The rolls are those of :func:`estimate_furcle_probability` with the same
    arguments, so the last row equals its estimate. The limits are those of
    :func:`estimate_furcle_probability`, but at most ``MAX_RUNNING_ROLLS``
    (10,000,000) rolls.

    Returns
    -------
    pandas.DataFrame
        One row per roll: ``n`` (rolls so far), ``furcles`` (Furcles so far),
        ``estimate`` (= furcles / n), ``low`` and ``high`` (95% Wilson interval).

    Examples
    --------
    >>> df = running_estimate(2, 1000, seed=1)
    >>> bool(df["estimate"].iloc[-1] == estimate_furcle_probability(2, 1000, seed=1).p)
    True
    """
    import pandas as pd

    rolls = _Rolls.checked(n_dice, n_rolls, beekin, sides, seed, most=MAX_RUNNING_ROLLS)
    flags = np.concatenate(list(_furcle_flags(rolls)))
    furcles = np.cumsum(flags, dtype=np.int64)
    n = np.arange(1, rolls.n_rolls + 1, dtype=np.int64)
    low, high = wilson_arrays(furcles, n)
    return pd.DataFrame({"n": n, "furcles": furcles, "estimate": furcles / n, "low": low, "high": high})
