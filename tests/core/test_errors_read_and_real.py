"""core.errors.read_at_most (count a container, read an iterator to at most limit + 1 items) and check_real."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from furlib.core.errors import check_real, read_at_most


def counting(read: list[int]):
    """An endless generator that notes each item it hands out."""
    for i in itertools.count():
        read.append(i)
        yield i


def test_a_container_is_counted_before_it_is_read():
    assert read_at_most([3, 1, 2], 3) == ([3, 1, 2], "3")
    assert read_at_most((), 0) == ([], "0")
    assert read_at_most(np.arange(4), 3) == (None, "4")
    assert read_at_most(range(2_000_000), 1_000) == (None, "2,000,000")
    assert read_at_most(range(10**20), 1_000) == (None, "more than 1,000")      # too long for len()
    assert read_at_most(range(0, -(10**30), -1), 5) == (None, "more than 5")

    class Unreadable:
        def __len__(self):
            return 10

        def __iter__(self):
            raise AssertionError("read although it was too long")

    assert read_at_most(Unreadable(), 9) == (None, "10")


def test_an_iterator_is_read_to_at_most_limit_plus_one():
    read: list[int] = []
    assert read_at_most(counting(read), 1_000) == (None, "more than 1,000")
    assert read == list(range(1_001))
    short = (x * x for x in range(4))
    assert read_at_most(short, 4) == ([0, 1, 4, 9], "4")
    assert read_at_most(iter([]), 0) == ([], "0")
    assert read_at_most(iter([1]), 0) == (None, "more than 0")


@pytest.mark.parametrize("value, number", [
    (3, 3.0), (-2.5, -2.5), (Fraction(1, 4), 0.25), (np.float64(0.5), 0.5), (np.float32(0.25), 0.25),
    (np.int64(-7), -7.0), (np.uint8(200), 200.0), (10**300, 1e300),
])
def test_check_real_takes_finite_numbers(value, number):
    assert check_real("v", value, "a number") == number


@pytest.mark.parametrize("value, shown", [
    (True, "True"), (np.bool_(False), "np.False_"), (math.nan, "nan"), (math.inf, "inf"), (-math.inf, "-inf"),
    (np.float64("nan"), r"np.float64\(nan\)"), ("1", "'1'"), (None, "None"), (1j, "1j"), ([1], r"\[1\]"),
    (10**400, "a whole number of about 401 digits"), (Fraction(10**400, 3), r"Fraction\(1"),
])
def test_check_real_refuses_the_rest_naming_it(value, shown):
    with pytest.raises(ValueError, match=rf"^sd must be a finite number above 0, got {shown}"):
        check_real("sd", value, "a finite number above 0")


def test_check_real_takes_infinity_only_when_asked():
    assert check_real("x", math.inf, "a number", infinite=True) == math.inf
    assert check_real("x", -(10**400), "a number", infinite=True) == -math.inf
    assert check_real("x", Fraction(10**400, 3), "a number", infinite=True) == math.inf
    with pytest.raises(ValueError, match="^x must be a number, got nan$"):
        check_real("x", math.nan, "a number", infinite=True)
