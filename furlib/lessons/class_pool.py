"""The class pool: each student enters a short count such as ``7/20``; the teacher pastes the list.

:func:`parse_counts` reads the pasted counts, :func:`pool` adds them up
(a :class:`Pool`: the running estimate, its interval and the exact value)
and :func:`pool_chart` draws the pooled estimate against the exact value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core.errors import excerpt
from ..core.stats import wilson_interval
from .chart import COLORS, Chart

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
    entries = [s.strip() for s in re.split(r"[,;\n]", text) if s.strip()]
    if not entries:
        raise ValueError("no counts: paste entries like \"Ann: 7/20, Bob: 4/20\"")
    out = []
    for i, raw in enumerate(entries, 1):
        m = _ENTRY.match(raw)
        if not m:
            raise ValueError(f"entry {i} ({excerpt(raw)}) is not a count like 7/20 or 'Ann: 7/20' "
                             f"(successes / tries, whole numbers)")
        k, n = int(m["k"]), int(m["n"])
        if n == 0:
            raise ValueError(f"entry {i} ({excerpt(raw)}): 0 tries")
        if k > n:
            raise ValueError(f"entry {i} ({excerpt(raw)}): {k} successes out of {n} tries is more than the tries")
        out.append(((m["name"] or m["name2"] or str(i)).strip(), k, n))
    return out


@dataclass(frozen=True)
class Pool:
    """The class's pooled counts: each entry, the running estimate and the exact value."""

    entries: list[tuple[str, int, int]]
    exact: float | None

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


def pool(text: str, exact: Any = None) -> Pool:
    """Pool pasted counts (see :func:`parse_counts`) against an exact chance (a Fraction or float)."""
    return Pool(parse_counts(text), None if exact is None else float(exact))


def pool_chart(text: str, exact: Any = None) -> Chart:
    """The pooled counts' running estimate against the exact value, each student's share as a dot."""
    return pool(text, exact).chart()
