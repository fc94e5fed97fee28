"""Small statistics helpers shared by analysis, tournaments and plots.

Every function checks its input before any work and refuses a bad value with
a ValueError that names it (NaN and infinity included). The limits keep each
call well under a second:

* :data:`MAX_TRIES`: the most tries (``n``) of a count, and the largest count;
* :data:`MAX_Z`: the largest ``z`` of an interval;
* :data:`MAX_COUNTS`: the most counts :func:`wilson_arrays` takes;
* :data:`MAX_SAMPLE`: the most values in each sample of :func:`two_mean_z_test`;
* :data:`MAX_CATEGORIES`: the most counts (categories, or cells of a table) of :func:`chi_squared_test`;
* :data:`MAX_DF`: the most degrees of freedom of :func:`chi_squared_sf`.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sized
from dataclasses import dataclass
from typing import Any

import numpy as np

from .errors import check_real, excerpt, more_than, read_at_most

#: The most tries (``n``) a count may have, and the largest count: counts stay exact as floats (below 2**53).
MAX_TRIES = 10**15
#: The largest ``z`` of a Wilson interval (1.96 gives 95%; beyond 40 nothing is left outside).
MAX_Z = 40
#: The most counts :func:`wilson_arrays` takes (a running estimate of 10,000,000 rolls: about 1 s).
MAX_COUNTS = 10_000_000
#: The most values in each sample of :func:`two_mean_z_test` (10,000,000: about 0.1 s from an array).
MAX_SAMPLE = 10_000_000
#: The most counts :func:`chi_squared_test` takes: categories of one row, or cells of a table (about 0.3 s).
MAX_CATEGORIES = 1_000_000
#: The most degrees of freedom :func:`chi_squared_sf` takes (the sum has ``df / 2`` terms: about 0.15 s).
MAX_DF = 1_000_000


def _whole(name: str, value: object, low: int, high: int, limit: str) -> int:
    """``value`` as an int from ``low`` to ``high`` (``limit`` names the top), else a ValueError naming it."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low:,} to {high:,} ({limit}), got {excerpt(value)}")
    return int(value)


def _z(z: object) -> float:
    x = check_real("z", z, f"a number above 0 and at most {MAX_Z} (MAX_Z), such as 1.96")
    if not 0 < x <= MAX_Z:
        raise ValueError(f"z must be a number above 0 and at most {MAX_Z} (MAX_Z), such as 1.96, got {excerpt(z)}")
    return x


def _array(name: str, values: Any, limit: int, limit_name: str, what: str, dims: tuple[int, ...] = (1,)) -> np.ndarray:
    """``values`` (a list, a numpy array or a pandas column; ``dims`` its numbers of dimensions) as a float array of
    finite numbers.

    Its size is counted (and an iterator read to at most ``limit + 1`` items) before any conversion.
    """
    if values is None or isinstance(values, (str, bytes, dict, set, frozenset, numbers.Number, np.generic)):
        raise ValueError(f"{name} must be {what}, got {excerpt(values)}")
    too_many = f"{name} must hold at most {limit:,} values ({limit_name}), got"
    if hasattr(values, "shape") and isinstance(getattr(values, "size", None), (int, np.integer)):
        size = int(values.size)
    elif hasattr(values, "__iter__"):
        read, count = read_at_most(values, limit)
        if read is None:
            raise ValueError(f"{too_many} {count}")
        values = read
        rows = [r for r in values if isinstance(r, Sized) and not isinstance(r, (str, bytes))]
        if any(more_than(r, limit) for r in rows):
            raise ValueError(f"{too_many} more than {limit:,}")
        size = len(values) - len(rows) + sum(len(r) for r in rows)
    else:
        raise ValueError(f"{name} must be {what}, got {excerpt(values)}")
    if size > limit:
        raise ValueError(f"{too_many} {size:,}")
    if isinstance(values, (list, tuple)) and any(
            isinstance(v, (bool, np.bool_)) or isinstance(v, (list, tuple)) and any(isinstance(w, bool) for w in v)
            for v in values):
        raise ValueError(f"{name} must be {what}, got {excerpt(values)}: True and False are not numbers")
    try:
        arr = np.asarray(values)
        if arr.dtype.kind == "O" and all(isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_))
                                         for v in arr.ravel()):
            arr = arr.astype(float)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"{name} must be {what}, got {excerpt(values)}") from None
    if arr.dtype.kind not in "iuf" or arr.ndim not in dims:
        raise ValueError(f"{name} must be {what}, got {excerpt(values)}")
    arr = arr.astype(float)
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be {what}, with no nan or inf, got {excerpt(values)}")
    return arr


def _counts(name: str, arr: np.ndarray, low: int, high: Any, top: str) -> None:
    """Refuse any value of ``arr`` that is not a whole number from ``low`` to ``high`` (a number or an array)."""
    bad = (arr != np.floor(arr)) | (arr < low) | (arr > high)
    if np.any(bad):
        i = int(np.flatnonzero(bad.ravel())[0])
        value = arr.ravel()[i]
        shown = int(value) if value == int(value) else float(value)
        where = f" at position {i}" if arr.ndim == 1 else ""
        if isinstance(high, np.ndarray):
            where += f" (its n is {int(high.ravel()[i]):,})"
        raise ValueError(f"{name} must hold whole numbers from {low:,} to {top}, got {excerpt(shown)}{where}")


#: How far a p-value may stray below 0 or above 1 and still be taken, as 0 or 1: the rounding of a float sum
#: (``1 - sum([0.1] * 10)`` is 1.1e-16; ``sum([0.1] * 10) - 1``, -1.1e-16), not a real chance below 0 or above 1.
P_NOISE = 1e-12


def p_text(p: float) -> str:
    """A p-value as a reader meets it: ``p = 0.62``, ``p = 6.1e-06``, and never ``p = 0``: a p-value too small
    for a float (it underflows to 0) is ``p < 1e-300``.

    ``p`` is a number from 0 to 1. Rounding noise of at most :data:`P_NOISE` (1e-12) below 0 or above 1 is
    taken as 0 or 1 (``-1e-18`` reads ``p < 1e-300``, ``1 + 1e-16`` reads ``p = 1``); anything further out is
    refused.

    >>> p_text(0.6173), p_text(6.1e-06), p_text(0.0), p_text(-1e-18)
    ('p = 0.62', 'p = 6.1e-06', 'p < 1e-300', 'p < 1e-300')
    """
    x = check_real("p", p, "a p-value: a number from 0 to 1")
    if not -P_NOISE <= x <= 1 + P_NOISE:
        raise ValueError(f"p must be a p-value: a number from 0 to 1, got {excerpt(p)}")
    x = min(max(x, 0.0), 1.0)    # rounding noise only, checked just above
    return "p < 1e-300" if x < 1e-300 else f"p = {x:.2g}"

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

    ``n`` is 1 to :data:`MAX_TRIES`, ``successes`` 0 to ``n``, ``z`` above 0 and at most :data:`MAX_Z`.

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    """
    n = _whole("n", n, 1, MAX_TRIES, "MAX_TRIES")
    successes = _whole("successes", successes, 0, n, "n")
    z = _z(z)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def estimate(successes: int, n: int) -> Estimate:
    """An :class:`Estimate` from a count of successes in ``n`` trials (as :func:`wilson_interval`)."""
    low, high = wilson_interval(successes, n)
    return Estimate(successes / n, low, high, int(successes), int(n))


def wilson_arrays(successes: np.ndarray, n: np.ndarray,
                  z: float = 1.959963984540054) -> tuple[np.ndarray, np.ndarray]:
    """Vectorised :func:`wilson_interval` over arrays of counts (clipped to [0, 1], for rounding only).

    ``successes``: a list of whole numbers (at most :data:`MAX_COUNTS`), each from 0 to its ``n``; ``n``: a list
    of the same length, or one number for every count, each a whole number from 1 to :data:`MAX_TRIES`.

    >>> low, high = wilson_arrays([50, 0], [100, 10])
    >>> low.round(4).tolist(), high.round(4).tolist()
    ([0.4038, 0.0], [0.5962, 0.2775])
    >>> [a.round(4).tolist() for a in wilson_arrays([50, 0], 100)]      # one n for every count
    [[0.4038, 0.0], [0.5962, 0.037]]
    """
    what = "a list of counts (whole numbers)"
    successes = _array("successes", successes, MAX_COUNTS, "MAX_COUNTS", what)
    if isinstance(n, (numbers.Number, np.generic)):
        tries = check_real("n", n, f"a whole number from 1 to {MAX_TRIES:,} (MAX_TRIES), or a list of them")
        if tries != int(tries) or not 1 <= tries <= MAX_TRIES:
            raise ValueError(f"n must be a whole number from 1 to {MAX_TRIES:,} (MAX_TRIES), got {excerpt(n)}")
        n = np.full(len(successes), tries)
    n = _array("n", n, MAX_COUNTS, "MAX_COUNTS", what)
    if len(successes) != len(n):
        raise ValueError(f"successes has {len(successes):,} values but n has {len(n):,}: give one n per count")
    _counts("n", n, 1, MAX_TRIES, f"{MAX_TRIES:,} (MAX_TRIES)")
    _counts("successes", successes, 0, n, "their n")
    z = _z(z)
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

    ``x`` is a number, not NaN (1.0 for any ``x <= 0``, 0.0 for infinity), ``df`` 1 to :data:`MAX_DF`.

    >>> round(chi_squared_sf(3.841458820694124, 1), 6), round(chi_squared_sf(5.991464547107979, 2), 6)
    (0.05, 0.05)
    >>> chi_squared_sf(float("inf"), 3)
    0.0
    """
    df = _whole("df", df, 1, MAX_DF, "MAX_DF")
    x = check_real("x", x, "a number (a chi-squared statistic, up to inf)", infinite=True)
    if x <= 0:
        return 1.0
    if x == math.inf:
        return 0.0
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
    uses each sample's own spread. Each ``n`` is 1 to :data:`MAX_TRIES`, each count 0 to its ``n``.

    >>> d = two_proportion_z_test(60, 100, 45, 100)
    >>> round(d.difference, 2), round(d.z, 2), round(d.p_value, 3)
    (0.15, 2.12, 0.034)
    """
    n1 = _whole("n1", n1, 1, MAX_TRIES, "MAX_TRIES")
    n2 = _whole("n2", n2, 1, MAX_TRIES, "MAX_TRIES")
    successes1 = _whole("successes1", successes1, 0, n1, "n1")
    successes2 = _whole("successes2", successes2, 0, n2, "n2")
    p1, p2 = successes1 / n1, successes2 / n2
    diff = p1 - p2
    pooled = (successes1 + successes2) / (n1 + n2)
    se0 = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    z = diff / se0 if se0 > 0 else 0.0
    se = math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    return Difference(diff, diff - Z95 * se, diff + Z95 * se, z, _normal_two_sided(z))


def two_mean_z_test(a: Any, b: Any) -> Difference:
    """Compare the means of two large samples, ``mean(a)`` minus ``mean(b)`` (each with its own spread).

    ``a`` and ``b``: lists (or arrays, or columns) of 2 to :data:`MAX_SAMPLE` finite numbers each; a table
    (2-D) is one sample of all its values, flattened, as numpy's ``mean`` takes it.

    >>> d = two_mean_z_test([1, 2, 3, 4] * 50, [2, 3, 4, 5] * 50)
    >>> round(d.difference, 2), round(d.z, 2), d.p_value < 1e-6
    (-1.0, -8.92, True)
    """
    what = "a list or a table of numbers (a sample)"
    a = _array("a", a, MAX_SAMPLE, "MAX_SAMPLE", what, (1, 2)).ravel()
    b = _array("b", b, MAX_SAMPLE, "MAX_SAMPLE", what, (1, 2)).ravel()
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
        columns are independent (e.g. winning seat by rule variant). Whole
        numbers from 0 to :data:`MAX_TRIES`, at most :data:`MAX_CATEGORIES` of them.
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
    obs = _array("observed", observed, MAX_CATEGORIES, "MAX_CATEGORIES",
                 "a row or a table of counts (whole numbers >= 0)", (1, 2))
    if obs.size == 0:
        raise ValueError("observed must be a row or a table of counts (numbers >= 0), got no counts")
    _counts("observed (counts)", obs, 0, MAX_TRIES, f"{MAX_TRIES:,} (MAX_TRIES)")
    if obs.sum() <= 0:
        raise ValueError("observed has no counts")
    if obs.ndim == 1:
        if len(obs) < 2:
            raise ValueError("observed needs at least 2 categories")
        probs = np.full(len(obs), 1.0) if expected is None else _array(
            "expected", expected, MAX_CATEGORIES, "MAX_CATEGORIES", "a flat list of chances above 0, one a category")
        if probs.shape != obs.shape:
            raise ValueError(f"expected has {len(probs):,} chances but observed has {len(obs):,} categories: "
                             f"give one chance per category")
        if np.any(probs <= 0):
            raise ValueError(f"expected must give a chance above 0 for each of the {len(obs)} categories "
                             f"(rescaled to add up to 1), got {excerpt(float(probs[np.argmin(probs)]))}")
        if not np.all(probs <= MAX_TRIES):
            raise ValueError(f"expected must give chances (rescaled to add up to 1) of at most {MAX_TRIES:,} "
                             f"(MAX_TRIES), such as [2, 1, 2, 1], got {excerpt(float(probs.max()))}")
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
