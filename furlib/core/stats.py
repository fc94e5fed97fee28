"""Small statistics helpers shared by analysis, tournaments and plots."""

from __future__ import annotations

import math

import numpy as np
from dataclasses import dataclass

from .errors import check_int


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo estimate of a probability with its 95% Wilson interval."""

    p: float
    low: float
    high: float
    successes: int
    n: int

    def __str__(self) -> str:
        return f"{self.p:.4f} (95% CI {self.low:.4f} to {self.high:.4f}, n={self.n})"

    def covers(self, value: float) -> bool:
        """True if ``value`` lies inside the interval."""
        return self.low <= float(value) <= self.high


def wilson_interval(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% by default).

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    """
    n = check_int("n", n, low=1)
    successes = check_int("successes", successes, low=0, high=n)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def estimate(successes: int, n: int) -> Estimate:
    """An :class:`Estimate` from a count of successes in ``n`` trials."""
    low, high = wilson_interval(successes, n)
    return Estimate(successes / n, low, high, int(successes), int(n))


def wilson_arrays(successes: np.ndarray, n: np.ndarray,
                  z: float = 1.959963984540054) -> tuple[np.ndarray, np.ndarray]:
    """Vectorised :func:`wilson_interval` over arrays of counts (clipped to [0, 1])."""
    successes = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return np.maximum(0.0, centre - half), np.minimum(1.0, centre + half)
