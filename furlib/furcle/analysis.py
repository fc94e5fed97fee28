"""Exact probabilities for Oh Furcle! (by enumeration of every roll)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np

from ..core.errors import check_bool, check_int
from ..core.stats import Estimate, estimate
from .scoring import score_roll


def _scores(faces, beekin: bool, sides: int) -> bool:
    if score_roll(faces)[0] > 0:
        return True
    if not beekin:
        return False
    for i, f in enumerate(faces):
        if f < sides:
            raised = list(faces)
            raised[i] += 1
            if score_roll(raised)[0] > 0:
                return True
    return False


def furcle_probability(n_dice: int, *, beekin: bool = False, sides: int = 6) -> Fraction:
    """Exact probability that a roll of ``n_dice`` dice is a Furcle.

    With ``beekin=True`` the player may still raise one die by 1 (not the top
    face), so a Furcle needs all faces different and no two adjacent.
    Computed by enumerating all ``sides ** n_dice`` rolls.

    Examples
    --------
    >>> furcle_probability(2)
    Fraction(5, 6)
    >>> furcle_probability(2, beekin=True)
    Fraction(5, 9)
    >>> [str(furcle_probability(n)) for n in range(2, 6)]
    ['5/6', '5/9', '5/18', '5/54']
    """
    n_dice = check_int("n_dice", n_dice, low=1, high=8)
    sides = check_int("sides", sides, low=2, high=20)
    beekin = check_bool("beekin", beekin)
    if sides ** n_dice > 2_000_000:
        raise ValueError(f"sides ** n_dice = {sides ** n_dice} rolls is too many to enumerate (at most 2,000,000)")
    furcles = sum(1 for faces in product(range(1, sides + 1), repeat=n_dice) if not _scores(faces, beekin, sides))
    return Fraction(furcles, sides ** n_dice)


def estimate_furcle_probability(n_dice: int, n_rolls: int = 10_000, *, beekin: bool = False,
                                sides: int = 6, seed: int | None = None) -> Estimate:
    """Monte Carlo estimate of :func:`furcle_probability` from ``n_rolls`` simulated rolls.

    Vectorised with numpy: sort each roll; it is a Furcle when all faces
    differ (no gap of 0 between sorted faces) and, with a Beekin still to
    use, also no two faces are neighbours (no gap of 1).

    >>> est = estimate_furcle_probability(2, 20_000, seed=1)
    >>> est.covers(5 / 6)
    True
    """
    n_dice = check_int("n_dice", n_dice, low=1, high=50)
    n_rolls = check_int("n_rolls", n_rolls, low=1, high=100_000_000)
    sides = check_int("sides", sides, low=2, high=1000)
    beekin = check_bool("beekin", beekin)
    rng = np.random.default_rng(seed)
    furcles = 0
    chunk = max(1, 2_000_000 // n_dice)
    done = 0
    while done < n_rolls:
        m = min(chunk, n_rolls - done)
        rolls = np.sort(rng.integers(1, sides + 1, size=(m, n_dice)), axis=1)
        gaps = np.diff(rolls, axis=1)
        furcles += int(np.all(gaps >= (2 if beekin else 1), axis=1).sum())
        done += m
    return estimate(furcles, n_rolls)
