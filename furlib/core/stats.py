"""Small statistics helpers shared by analysis, tournaments and plots."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .errors import check_int


def p_text(p: float) -> str:
    """A p-value as a reader meets it: ``p = 0.62``, ``p = 6.1e-06``, and never ``p = 0``: a p-value too small
    for a float (it underflows to 0) is ``p < 1e-300``.

    >>> p_text(0.6173), p_text(6.1e-06), p_text(0.0)
    ('p = 0.62', 'p = 6.1e-06', 'p < 1e-300')
    """
    return "p < 1e-300" if p < 1e-300 else f"p = {p:.2g}"

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


# ------------------------------------------------------------------ tests
#: z of a two-sided 95% interval.
Z95 = 1.959963984540054


def _normal_two_sided(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def chi_squared_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-squared variable X with ``df`` degrees of freedom (exact closed forms).

    >>> round(chi_squared_sf(3.841458820694124, 1), 6), round(chi_squared_sf(5.991464547107979, 2), 6)
    (0.05, 0.05)
    """
    df = check_int("df", df, low=1)
    x = float(x)
    if math.isnan(x):
        raise ValueError("x must be a number, got nan")
    if x <= 0:
        return 1.0
    h = x / 2
    if df % 2 == 0:
        total = sum(math.exp(-h + i * math.log(h) - math.lgamma(i + 1)) for i in range(df // 2))
    else:
        total = math.erfc(math.sqrt(h)) + sum(math.exp(-h + (i - 0.5) * math.log(h) - math.lgamma(i + 0.5))
                                              for i in range(1, (df + 1) // 2))
    return min(1.0, max(0.0, total))


@dataclass(frozen=True)
class Difference:
    """First sample minus second, with its 95% interval and a two-sided z-test of "no difference".

    ``p_value``: if the two samples came from the same chance (or the same
    mean), a difference at least this big, either way, would come up in
    this share of pairs of samples.
    """

    difference: float
    low: float
    high: float
    z: float
    p_value: float

    def __str__(self) -> str:
        return (f"difference {self.difference:+.4f} (95% CI {self.low:+.4f} to {self.high:+.4f}), "
                f"z = {self.z:.2f}, {p_text(self.p_value)}")

    def covers(self, value: float) -> bool:
        """True if ``value`` lies inside the 95% interval of the difference."""
        return self.low <= float(value) <= self.high


def two_proportion_z_test(successes1: int, n1: int, successes2: int, n2: int) -> Difference:
    """Compare two proportions, ``successes1 / n1`` minus ``successes2 / n2``.

    The z-test uses the pooled proportion (the chance both samples would
    share if there were no difference); the 95% interval of the difference
    uses each sample's own spread.

    >>> d = two_proportion_z_test(60, 100, 45, 100)
    >>> round(d.difference, 2), round(d.z, 2), round(d.p_value, 3)
    (0.15, 2.12, 0.034)
    """
    n1 = check_int("n1", n1, low=1)
    n2 = check_int("n2", n2, low=1)
    successes1 = check_int("successes1", successes1, low=0, high=n1)
    successes2 = check_int("successes2", successes2, low=0, high=n2)
    p1, p2 = successes1 / n1, successes2 / n2
    diff = p1 - p2
    pooled = (successes1 + successes2) / (n1 + n2)
    se0 = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    z = diff / se0 if se0 > 0 else 0.0
    se = math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    return Difference(diff, diff - Z95 * se, diff + Z95 * se, z, _normal_two_sided(z))


def two_mean_z_test(a: Any, b: Any) -> Difference:
    """Compare the means of two large samples, ``mean(a)`` minus ``mean(b)`` (each with its own spread).

    >>> d = two_mean_z_test([1, 2, 3, 4] * 50, [2, 3, 4, 5] * 50)
    >>> round(d.difference, 2), round(d.z, 2), d.p_value < 1e-6
    (-1.0, -8.92, True)
    """
    a = np.asarray(a, dtype=float).ravel()
    b = np.asarray(b, dtype=float).ravel()
    if len(a) < 2 or len(b) < 2:
        raise ValueError(f"each sample needs at least 2 values, got {len(a)} and {len(b)}")
    diff = float(a.mean() - b.mean())
    se = math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    z = diff / se if se > 0 else 0.0
    return Difference(diff, diff - Z95 * se, diff + Z95 * se, z, _normal_two_sided(z))


@dataclass(frozen=True)
class ChiSquared:
    """Pearson's chi-squared test: the statistic, its degrees of freedom and the p-value.

    ``p_value``: if the counts really followed the expected chances (or, for a
    table, if rows and columns were independent), counts at least this far
    from the expected ones would come up in this share of samples.
    """

    statistic: float
    df: int
    p_value: float
    expected: np.ndarray

    def __str__(self) -> str:
        return f"chi-squared = {self.statistic:.2f}, df = {self.df}, {p_text(self.p_value)}"


def chi_squared_test(observed: Any, expected: Any = None) -> ChiSquared:
    """Pearson's chi-squared test on counts.

    Parameters
    ----------
    observed : sequence of counts, or a table (2-D) of counts
        One row of counts: a goodness-of-fit test against ``expected``. A
        table with at least 2 rows and 2 columns: a test that rows and
        columns are independent (e.g. winning seat by rule variant).
    expected : sequence of chances, optional
        For one row only: the chance of each category (default: all
        equal); rescaled to add up to 1.

    Returns
    -------
    ChiSquared
        The statistic, its degrees of freedom, the p-value and the expected counts.

    Examples
    --------
    >>> round(chi_squared_test([88, 84, 128]).p_value, 4)       # 300 games, 3 seats, fair share 100
    0.0027
    >>> chi_squared_test([[50, 50], [50, 50]]).statistic
    0.0
    """
    obs = np.asarray(observed, dtype=float)
    if obs.ndim not in (1, 2) or obs.size == 0 or not np.all(np.isfinite(obs)) or np.any(obs < 0):
        raise ValueError("observed must be a row or a table of counts (numbers >= 0)")
    if obs.sum() <= 0:
        raise ValueError("observed has no counts")
    if obs.ndim == 1:
        if len(obs) < 2:
            raise ValueError("observed needs at least 2 categories")
        probs = np.full(len(obs), 1.0) if expected is None else np.asarray(expected, dtype=float)
        if probs.shape != obs.shape or np.any(probs <= 0) or not np.all(np.isfinite(probs)):
            raise ValueError(f"expected must give a chance above 0 for each of the {len(obs)} categories")
        exp = obs.sum() * probs / probs.sum()
        df = len(obs) - 1
    else:
        if expected is not None:
            raise ValueError("expected is only for one row of counts; a table is tested for independence")
        if min(obs.shape) < 2:
            raise ValueError(f"a table needs at least 2 rows and 2 columns, got shape {obs.shape}")
        rows, cols = obs.sum(axis=1), obs.sum(axis=0)
        if np.any(rows == 0) or np.any(cols == 0):
            raise ValueError("every row and column of the table needs a count above 0")
        exp = np.outer(rows, cols) / obs.sum()
        df = (obs.shape[0] - 1) * (obs.shape[1] - 1)
    stat = float(((obs - exp) ** 2 / exp).sum())
    return ChiSquared(stat, df, chi_squared_sf(stat, df), exp)
