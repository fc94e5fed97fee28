"""Seeds: a game's random stream is fixed by one whole number, 0 to :data:`MAX_SEED`."""

from __future__ import annotations

import numpy as np

from ..errors import excerpt

__all__ = ["MAX_SEED", "check_seed", "fresh_seed"]

#: The largest seed a game takes: ``2**128 - 1``, the 128 bits of entropy a game made without a seed draws
#: (``numpy.random.SeedSequence``), so every seed a game can report is one it takes back. A larger number
#: is refused before any work: it would add no randomness, and past 4,300 digits it could not even be
#: shown or saved.
MAX_SEED = 2**128 - 1


def check_seed(seed: object, name: str = "seed", *, or_none: bool = False) -> int:
    """``seed`` as a plain ``int`` if it is a whole number from 0 to :data:`MAX_SEED` (a numpy integer
    too); else a ValueError naming it and what is accepted (``or_none``: the caller takes None too, and
    the message says so; None itself is the caller's to handle).

    >>> check_seed(7), check_seed(MAX_SEED) == MAX_SEED
    (7, True)
    >>> check_seed(2**128)
    Traceback (most recent call last):
    ...
    ValueError: seed must be a whole number from 0 to 2**128 - 1 (MAX_SEED), got 340282366920938463463374607431768211456
    """
    if type(seed) is int and 0 <= seed <= MAX_SEED:
        return seed
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"{name} must be {'None or ' if or_none else ''}a whole number from 0 to 2**128 - 1 "
                         f"(MAX_SEED), got {excerpt(seed)}")
    return int(seed)


def fresh_seed() -> int:
    """A seed from the system's entropy (for a game made without one): 128 bits, at most MAX_SEED."""
    return int(np.random.SeedSequence().entropy)  # type: ignore[arg-type]  # made without a seed: an int
