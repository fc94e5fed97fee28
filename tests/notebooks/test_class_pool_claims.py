"""What notebooks/class-pool.ipynb says: the example class's pooled rolls, its interval and the typo messages."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from furlib.furcle import furcle_probability
from furlib.lessons import parse_counts, pool

NOTEBOOK = "class-pool.ipynb"


@pytest.fixture(scope="module")
def example(nb):
    cell = next(c.source for c in nb.cells if c.cell_type == "code" and c.source.startswith("counts = "))
    return re.search(r'"""(.*)"""', cell, re.S).group(1)


def test_the_exact_chance(nb):
    assert furcle_probability(2) == Fraction(5, 6)
    nb.says("two dice make a Furcle (two different faces) 5 times in 6")
    nb.runs("pool(counts, exact=furcle_probability(2))", "class_pool.chart()")


def test_the_example_class(nb, example):
    entries = parse_counts(example)
    assert len(entries) == 12 and all(n == 20 for _, _, n in entries)
    shares = [k / n for _, k, n in entries]
    assert (min(shares), max(shares)) == (0.70, 0.95)
    p = pool(example, furcle_probability(2))
    low, high = p.interval
    assert (p.successes, p.tries) == (205, 240) and f"{p.estimate:.3f}" == "0.854"
    assert (f"{low:.3f}", f"{high:.3f}") == ("0.804", "0.893") and low <= 5 / 6 <= high
    nb.says("an example class of 12", "from 14/20 = 0.70 to 19/20 = 0.95",
            "the pooled share is 205/240 ≈ 0.854, and its 95% interval, 0.804 to 0.893, catches 5/6")


def test_the_typos_are_named(nb):
    with pytest.raises(ValueError, match=r"entry 2 \('Ben: 17/2O'\)"):
        pool("Ada: 19/20, Ben: 17/2O, Cleo: 16/20")
    with pytest.raises(ValueError, match=r"entry 2 \('Ben: 21/20'\): 21 successes out of 20 tries"):
        pool("Ada: 19/20, Ben: 21/20")
    nb.runs('pool("Ada: 19/20, Ben: 17/2O, Cleo: 16/20")', 'pool("Ada: 19/20, Ben: 21/20")')


def test_the_order_does_not_change_the_end(example):
    entries = parse_counts(example)
    reordered = ", ".join(f"{name}: {k}/{n}" for name, k, n in reversed(entries))
    assert pool(reordered).running()[-1] == pool(example).running()[-1]
    assert pool(reordered).running()[0] != pool(example).running()[0]
