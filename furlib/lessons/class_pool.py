"""The class pool: each student enters a short count such as ``7/20``; the teacher pastes the list.

:func:`parse_counts` reads the pasted counts, :func:`pool` adds them up
(a :class:`Pool`: the running estimate, its interval and the exact value)
and :func:`pool_chart` draws the pooled estimate against the exact value.

Limits, checked before any work: the pasted text has at most
:data:`MAX_TEXT` characters, at most :data:`MAX_ENTRIES` entries of at most
:data:`MAX_ENTRY_CHARS` characters each, and an entry at most
:data:`MAX_TRIES` tries. The exact value is a chance from 0 to 1.
"""

from __future__ import annotations

import math
import numbers
import re
from dataclasses import dataclass
from typing import Any

from ..core.errors import excerpt
from ..core.stats import wilson_interval
from .chart import COLORS, Chart

#: The most characters of the pasted text.
MAX_TEXT = 100_000
#: The most entries (students) in one pool.
MAX_ENTRIES = 1_000
#: The most characters of one entry (a name and a count).
MAX_ENTRY_CHARS = 200
#: The most tries of one entry.
MAX_TRIES = 1_000_000_000

_ENTRY = re.compile(r"^(?:(?P<name>[^:\d][^:]*?)\s*:?\s+|(?P<name2>[^:]+):\s*)?(?P<k>\d+)\s*(?:/|of|out "
                    r"of)\s*(?P<n>\d+)$")


def parse_counts(text: str) -> list[tuple[str, int, int]]:
    """Read pasted counts: ``"Ann: 7/20, Bob 4/20; 11 of 20"``, separated by commas, semicolons or lines.

    Each entry is ``successes/tries`` (or ``successes of tries``), with an
    optional name in front. Returns ``(name, successes, tries)`` triples; an
    entry without a name is named by its position. A bad entry raises
    ``ValueError`` naming it.

    >>> parse_counts("5/6\\n3 of 6")
    [('1', 5, 6), ('2', 3, 6)]
    >>> parse_counts("Ann: 7/20, Bob: 21/20")
    Traceback (most recent call last):
    ...
    ValueError: entry 2 ('Bob: 21/20'): 21 successes out of 20 tries is more than the tries
    """
    if not isinstance(text, str):
        raise ValueError(f"paste the counts as one string, e.g. \"Ann: 7/20, Bob: 4/20\"; got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"the pasted counts must be at most {MAX_TEXT:,} characters (MAX_TEXT), got {len(text):,}: "
                         f"{excerpt(text)}")
    entries = [s.strip() for s in re.split(r"[,;\n]", text) if s.strip()]
    if not entries:
        raise ValueError("no counts: paste entries like \"Ann: 7/20, Bob: 4/20\"")
    if len(entries) > MAX_ENTRIES:
        raise ValueError(f"at most {MAX_ENTRIES:,} entries (MAX_ENTRIES) can be pooled, got {len(entries):,}")
    out = []
    for i, raw in enumerate(entries, 1):
        if len(raw) > MAX_ENTRY_CHARS:
            raise ValueError(f"entry {i} ({excerpt(raw)}) has {len(raw):,} characters, more than {MAX_ENTRY_CHARS} "
                             f"(MAX_ENTRY_CHARS): a count like 'Ann: 7/20'")
        m = _ENTRY.match(raw)
        if not m:
            raise ValueError(f"entry {i} ({excerpt(raw)}) is not a count like 7/20 or 'Ann: 7/20' "
                             f"(successes / tries, whole numbers)")
        k, n = int(m["k"]), int(m["n"])           # at most MAX_ENTRY_CHARS digits: quick
        if n > MAX_TRIES:
            raise ValueError(f"entry {i} ({excerpt(raw)}): tries must be at most {MAX_TRIES:,} (MAX_TRIES), "
                             f"got {excerpt(n)}")
        if n == 0:
            raise ValueError(f"entry {i} ({excerpt(raw)}): 0 tries")
        if k > n:
            raise ValueError(f"entry {i} ({excerpt(raw)}): {excerpt(k)} successes out of {n} tries is more "
                             f"than the tries")
        out.append(((m["name"] or m["name2"] or str(i)).strip(), k, n))
    return out


@dataclass(frozen=True)
class Pool:
    """The class's pooled counts: each entry, the running estimate and the exact value."""

    entries: list[tuple[str, int, int]]
    exact: float | None

    def __post_init__(self) -> None:
        entries = self.entries
        if not isinstance(entries, (list, tuple)) or not 1 <= len(entries) <= MAX_ENTRIES:
            raise ValueError(f"entries must be a list of 1 to {MAX_ENTRIES:,} (MAX_ENTRIES) triples "
                             f"(name, successes, tries), as parse_counts gives, got {excerpt(entries)}")
        for i, entry in enumerate(entries, 1):
            ok = isinstance(entry, tuple) and len(entry) == 3 and isinstance(entry[0], str)
            k, n = (entry[1], entry[2]) if ok else (-1, 0)
            if not (ok and _whole(n) and _whole(k) and 1 <= n <= MAX_TRIES and 0 <= k <= n):
                raise ValueError(f"entry {i} must be (name, successes, tries): text, a whole number from 0 to the "
                                 f"tries, and 1 to {MAX_TRIES:,} tries (MAX_TRIES), got {excerpt(entry)}")
        _chance(self.exact)

    @property
    def successes(self) -> int:
        return sum(k for _, k, _ in self.entries)

    @property
    def tries(self) -> int:
        return sum(n for _, _, n in self.entries)

    @property
    def estimate(self) -> float:
        return self.successes / self.tries

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.successes, self.tries)

    def running(self) -> list[tuple[int, float]]:
        """(tries pooled so far, pooled share so far) after each entry."""
        k = n = 0
        out = []
        for _, s, t in self.entries:
            k, n = k + s, n + t
            out.append((n, k / n))
        return out

    def chart(self, title: str = "The class's rolls, pooled") -> Chart:
        run = self.running()
        ends = [n for n, _ in run]
        own = [s / t for _, s, t in self.entries]
        chart = Chart(title, "rolls pooled so far", "share of successes", y_range=(0, 1))
        chart.points(ends, own, "each student's own share", COLORS[4])
        chart.line(ends, [r for _, r in run], "pooled estimate", COLORS[0])
        if self.exact is not None:
            chart.hline(self.exact, f"exact {self.exact:.3g}")
        return chart

    def __str__(self) -> str:
        low, high = self.interval
        text = (f"{len(self.entries)} entries, {self.successes} successes in {self.tries} tries: "
                f"pooled estimate {self.estimate:.3f} (95% interval {low:.3f} to {high:.3f})")
        if self.exact is not None:
            text += f"; exact {self.exact:.3f}"
        return text

    __repr__ = __str__


def _whole(v: Any) -> bool:
    return isinstance(v, numbers.Integral) and not isinstance(v, bool) and type(v).__name__ != "bool_"


def _chance(exact: Any) -> float | None:
    """``exact`` (None, or a chance from 0 to 1: a Fraction or a float) as a float, else a ValueError naming it."""
    if exact is None:
        return None
    try:
        value = float(exact) if isinstance(exact, numbers.Real) and not isinstance(exact, bool) and (
            type(exact).__name__ != "bool_") else math.nan
    except (OverflowError, ValueError, TypeError):
        value = math.nan
    if not 0 <= value <= 1:
        raise ValueError(f"exact must be a chance from 0 to 1 (a Fraction or a float) or None, got {excerpt(exact)}")
    return value


def pool(text: str, exact: Any = None) -> Pool:
    """Pool pasted counts (see :func:`parse_counts`) against an exact chance (a Fraction or float, 0 to 1)."""
    chance = _chance(exact)              # checked before the counts are read
    return Pool(parse_counts(text), chance)


def pool_chart(text: str, exact: Any = None) -> Chart:
    """The pooled counts' running estimate against the exact value, each student's share as a dot."""
    return pool(text, exact).chart()
