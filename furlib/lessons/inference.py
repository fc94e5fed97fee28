"""Tests the lessons build by hand first: the permutation test, and Bonferroni's and Holm's corrections.

* :func:`permutation_test` compares two samples by shuffling their labels:
  if the labels made no difference, every way of splitting the pooled values
  into two groups of the same sizes is as likely as the one we saw. It counts
  every split (``exact=True``, when there are at most :data:`MAX_SPLITS`) or
  a seeded random sample of them, and then gives the p-value with its Monte
  Carlo 95% interval (:class:`ShuffleTest`).
* :func:`bonferroni` and :func:`holm` adjust the p-values of many tests made
  at once, so that the chance of even one false alarm among them stays at
  most the level (5%) when every null hypothesis is true.

numpy only; the lessons show the ideas in their own cells and call these for
the long runs.
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.engine.game import check_seed
from ..core.errors import check_bool, check_int, excerpt, read_at_most
from ..core.stats import wilson_interval

__all__ = ["ShuffleTest", "permutation_test", "bonferroni", "holm", "MAX_VALUES", "MAX_SHUFFLES", "MAX_WORK",
           "MAX_SPLITS", "MAX_TESTS"]

#: The most values :func:`permutation_test` takes, both samples together.
MAX_VALUES = 100_000
#: The most random shuffles :func:`permutation_test` makes.
MAX_SHUFFLES = 1_000_000
#: The most work of a random run: shuffles times values (about a second on one core).
MAX_WORK = 50_000_000
#: The most splits an exact run counts (``comb(len(a) + len(b), len(a))``, about a second).
MAX_SPLITS = 1_000_000
#: The most p-values :func:`bonferroni` and :func:`holm` take.
MAX_TESTS = 100_000
_CHUNK = 2_000_000          # values handled at once (memory: about 16 MB a chunk)


@dataclass(frozen=True)
class ShuffleTest:
    """The result of :func:`permutation_test`.

    ``difference`` is ``mean(a) - mean(b)``; ``p_value`` the share of the
    shuffles (or, ``exact``, of every split) whose difference is at least as
    far from 0, either way; ``low`` to ``high`` its 95% interval (Wilson) from
    the random shuffles, ``p_value`` itself when exact. ``differences`` holds
    every shuffle's difference, for a chart.
    """

    difference: float
    p_value: float
    low: float
    high: float
    at_least: int
    shuffles: int
    exact: bool
    differences: npt.NDArray[np.float64] = field(repr=False, compare=False)

    def __str__(self) -> str:
        if self.exact:
            how = f"exact: all {self.shuffles:,} ways to split the values"
        else:
            how = f"95% interval {self.low:.4f} to {self.high:.4f}, from {self.shuffles:,} shuffles"
        return f"difference {self.difference:+.3f}, p = {self.p_value:.4f} ({how})"


def _sized(name: str, values: Any, limit: int, too_many: str, want: str) -> Any:
    """``values``, an array (or column) as it is and anything else as a list, counted before any item is read (an
    iterator read to at most ``limit + 1`` items): a ValueError naming it if there are more than ``limit``."""
    if values is None or isinstance(values, (str, bytes, dict, set, frozenset)) or not hasattr(values, "__iter__"):
        raise ValueError(f"{name} must be {want}, got {excerpt(values)}")
    if hasattr(values, "shape") and isinstance(getattr(values, "size", None), (int, np.integer)):
        if values.size > limit:
            raise ValueError(f"{too_many}, got {int(values.size):,}")
    else:
        values, count = read_at_most(values, limit)
        if values is None:
            raise ValueError(f"{too_many}, got {count}")
    if isinstance(values, list) and any(isinstance(v, (bool, np.bool_, str, bytes)) for v in values):
        raise ValueError(f"{name} must be {want}, got {excerpt(values)}: True, False and text are not numbers")
    return values


def _values(name: str, values: Any) -> npt.NDArray[np.float64]:
    values = _sized(name, values, MAX_VALUES, f"{name} must hold 1 to {MAX_VALUES:,} values (MAX_VALUES)",
                    "a flat list of numbers")
    try:
        arr = np.asarray(values)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a list of numbers, got {excerpt(values)}") from None
    if arr.ndim != 1 or arr.dtype.kind not in "biuf" or arr.dtype.kind == "b":
        raise ValueError(f"{name} must be a flat list of numbers, got {excerpt(values)}")
    if len(arr) < 1 or len(arr) > MAX_VALUES:
        raise ValueError(f"{name} must hold 1 to {MAX_VALUES:,} values (MAX_VALUES), got {len(arr):,}")
    out = arr.astype(float)
    if not np.all(np.isfinite(out)):
        raise ValueError(f"{name} must hold finite numbers, got {excerpt(values)}")
    return out


def _differences(totals: npt.NDArray[np.float64], total: float, na: int, nb: int) -> npt.NDArray[np.float64]:
    """mean of group a minus mean of group b, for each total of group a (one formula for the data and the shuffles)."""
    return totals / na - (total - totals) / nb


def permutation_test(a: Sequence[float] | npt.ArrayLike, b: Sequence[float] | npt.ArrayLike, *,
                     shuffles: int = 10_000, seed: int = 0, exact: bool = False) -> ShuffleTest:
    """Do ``a`` and ``b`` differ more than shuffled labels would make them? A two-sided permutation test.

    Parameters
    ----------
    a, b : lists of numbers
        The two samples (1 to :data:`MAX_VALUES` values in all).
    shuffles : int, default 10,000
        How many random shuffles (1 to :data:`MAX_SHUFFLES`, and at most
        :data:`MAX_WORK` shuffles times values). Not used when ``exact``.
    seed : int, default 0
        The shuffles' seed (the same seed, the same shuffles).
    exact : bool, default False
        Count every split of the pooled values into groups of ``len(a)`` and
        ``len(b)`` (at most :data:`MAX_SPLITS` of them) instead of shuffling.

    Returns
    -------
    ShuffleTest

    Examples
    --------
    >>> t = permutation_test([3, 4, 5], [0, 1, 2], exact=True)
    >>> t.difference, t.at_least, t.shuffles, round(t.p_value, 2)
    (3.0, 2, 20, 0.1)
    >>> print(permutation_test([3, 4, 5], [0, 1, 2], shuffles=1000, seed=1))
    difference +3.000, p = 0.0940 (95% interval 0.0774 to 0.1137, from 1,000 shuffles)
    """
    xa, xb = _values("a", a), _values("b", b)
    na, nb = len(xa), len(xb)
    n = na + nb
    if n > MAX_VALUES:
        raise ValueError(f"a and b hold {n:,} values together, more than {MAX_VALUES:,} (MAX_VALUES)")
    exact = check_bool("exact", exact)
    seed = check_seed(seed)
    pooled = np.concatenate([xa, xb])
    total = float(pooled.sum())
    observed = float(_differences(np.array([xa.sum()]), total, na, nb)[0])
    if exact:
        splits = math.comb(n, na)
        if splits > MAX_SPLITS:
            raise ValueError(f"an exact test of {na} and {nb} values counts {splits:,} splits, more than "
                             f"{MAX_SPLITS:,} (MAX_SPLITS): use random shuffles (exact=False)")
        totals = np.empty(splits)
        combos = itertools.combinations(range(n), na)
        per = max(1, _CHUNK // max(na, 1))
        done = 0
        while done < splits:
            take = min(per, splits - done)
            idx = np.fromiter(itertools.chain.from_iterable(itertools.islice(combos, take)), dtype=np.intp,
                              count=take * na).reshape(take, na)
            totals[done:done + take] = pooled[idx].sum(axis=1)
            done += take
        count = splits
    else:
        count = check_int("shuffles", shuffles, low=1, high=MAX_SHUFFLES)
        if count * n > MAX_WORK:
            raise ValueError(f"{count:,} shuffles of {n:,} values is {count * n:,} values to shuffle, more than "
                             f"{MAX_WORK:,} (MAX_WORK): use fewer shuffles")
        rng = np.random.default_rng(seed)
        totals = np.empty(count)
        per = max(1, _CHUNK // n)
        for start in range(0, count, per):
            rows = min(per, count - start)
            shuffled = rng.permuted(np.broadcast_to(pooled, (rows, n)), axis=1)
            totals[start:start + rows] = shuffled[:, :na].sum(axis=1)
    diffs = _differences(totals, total, na, nb)
    tol = 1e-9 * max(1.0, abs(observed))
    hits = int(np.count_nonzero(np.abs(diffs) >= abs(observed) - tol))
    p = hits / count
    low, high = (p, p) if exact else wilson_interval(hits, count)
    return ShuffleTest(observed, p, low, high, hits, count, exact, diffs)


def _p_values(p_values: Any) -> npt.NDArray[np.float64]:
    p_values = _sized("p_values", p_values, MAX_TESTS,
                      f"p_values must be a flat list of 1 to {MAX_TESTS:,} numbers (MAX_TESTS)",
                      "a list of numbers from 0 to 1")
    try:
        arr = np.asarray(p_values)
        if arr.dtype.kind not in "iuf" and not (arr.dtype.kind == "O" and all(
                isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_)) for v in arr.ravel())):
            raise TypeError
        arr = arr.astype(float)
    except (TypeError, ValueError):
        raise ValueError(f"p_values must be a list of numbers from 0 to 1, got {excerpt(p_values)}") from None
    if arr.ndim != 1 or not 1 <= len(arr) <= MAX_TESTS:
        raise ValueError(f"p_values must be a flat list of 1 to {MAX_TESTS:,} numbers (MAX_TESTS), "
                         f"got {excerpt(p_values)}")
    if not np.all((arr >= 0) & (arr <= 1)):
        raise ValueError(f"every p-value must be a number from 0 to 1, got {excerpt(p_values)}")
    return arr


def _tidy(x: float) -> float:
    """``x`` to 15 significant digits: 0.3 * 3 is 0.9, not 0.8999999999999999; a tiny p-value stays tiny."""
    return float(f"{x:.15g}")


def bonferroni(p_values: Sequence[float] | npt.ArrayLike) -> list[float]:
    """Bonferroni's adjusted p-values: each p-value times the number of tests (at most 1).

    A test is called at the 5% level when its adjusted p-value is below 0.05, that is when its own p-value is
    below 0.05 / m for m tests; then the chance of even one false alarm among all m is at most 5%.

    >>> bonferroni([0.01, 0.04, 0.3])
    [0.03, 0.12, 0.9]
    """
    arr = _p_values(p_values)
    return [min(1.0, _tidy(p * len(arr))) for p in arr.tolist()]


def holm(p_values: Sequence[float] | npt.ArrayLike) -> list[float]:
    """Holm's adjusted p-values, in the order given.

    Holm's method sorts the m p-values from smallest to largest and compares
    the smallest with 0.05 / m, the next with 0.05 / (m - 1), and so on; it
    stops at the first that is not below its line, and calls every test before
    it. The adjusted p-value of a test is the smallest level at which the
    method would call it: it never exceeds Bonferroni's, and the chance of
    even one false alarm stays at most the level.

    >>> holm([0.01, 0.04, 0.3])
    [0.03, 0.08, 0.3]
    """
    arr = _p_values(p_values)
    m = len(arr)
    order = np.argsort(arr, kind="stable")
    adjusted = np.empty(m)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, _tidy(float(arr[i]) * (m - rank))))
        adjusted[i] = running
    return adjusted.tolist()
