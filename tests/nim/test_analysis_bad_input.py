"""Bad input to nim_sum and grundy (audit items 27, 28): refused, naming the value, before any work."""

import time

import numpy as np
import pytest

from furlib.nim.analysis import MAX_NIM_HEAPS, MAX_STONES, grundy, nim_sum

TAKE_WORDS = r"^take must be None or a whole number from 1 to 1,000,000,000 \(MAX_STONES\), got "


def _quick(call, words):
    start = time.perf_counter()
    with pytest.raises(ValueError, match=words):
        call()
    assert time.perf_counter() - start < 1


@pytest.mark.parametrize("stones, take, words", [
    (-1, 3, r"^stones must be between 0 and 1000000000, got -1$"),
    (MAX_STONES + 1, 3, r"^stones must be between 0 and 1000000000, got 1000000001$"),
    (10**100, 3, r"^stones must be between 0 and 1000000000, got a whole number of about 101 digits$"),
    (5.0, 3, r"^stones must be a whole number, got 5.0$"),
    (True, 3, r"^stones must be a whole number, got True$"),
    ("5", 3, r"^stones must be a whole number, got '5'$"),
    (None, 3, r"^stones must be a whole number, got None$"),
    (5, 0, TAKE_WORDS + "0$"),
    (5, -1, TAKE_WORDS + "-1$"),
    (5, 2.5, TAKE_WORDS + "2.5$"),
    (5, True, TAKE_WORDS + "True$"),
    (5, "3", TAKE_WORDS + "'3'$"),
    (5, MAX_STONES + 1, TAKE_WORDS + "1000000001$"),
])
def test_grundy_refuses(stones, take, words):
    _quick(lambda: grundy(stones, take), words)


def test_grundy_of_valid_heaps_is_unchanged():
    assert [grundy(n, 3) for n in range(9)] == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    assert grundy(MAX_STONES, None) == MAX_STONES and grundy(MAX_STONES, MAX_STONES) == MAX_STONES
    assert grundy(np.int64(7), np.int64(3)) == 3 and grundy(0, 1) == 0


@pytest.mark.parametrize("stones, take, words", [
    (range(10**12), 3, r"^stones must be at most 10,000 heaps \(MAX_NIM_HEAPS\), got more"),
    (range(10**30), 3, r"^stones must be at most 10,000 heaps \(MAX_NIM_HEAPS\), got more"),
    (iter(int, 1), 3, r"^stones must be at most 10,000 heaps \(MAX_NIM_HEAPS\), got more"),
    ([1] * (MAX_NIM_HEAPS + 1), None, r"^stones must be at most 10,000 heaps \(MAX_NIM_HEAPS\), got more"),
    ([1, -2, 3], None, r"^stones\[1\] must be between 0 and 1000000000, got -2$"),
    ([1, True, 3], None, r"^stones\[1\] must be a whole number, got True$"),
    ([1, 2.5], None, r"^stones\[1\] must be a whole number, got 2.5$"),
    (None, 3, r"^stones must be a list of heaps \(whole numbers of stones\), got None$"),
    ("123", 3, r"^stones must be a list of heaps \(whole numbers of stones\), got '123'$"),
    (5, 3, r"^stones must be a list of heaps \(whole numbers of stones\), got 5$"),
    ((1, 2), 0, TAKE_WORDS + "0$"),
])
def test_nim_sum_refuses_quickly(stones, take, words):
    _quick(lambda: nim_sum(stones, take), words)


def test_nim_sum_of_valid_positions_is_unchanged():
    assert (nim_sum((3, 4, 5), None), nim_sum((1, 2, 3), None), nim_sum((3, 4, 5), 3)) == (2, 0, 2)
    assert nim_sum([], None) == 0 and nim_sum(iter([3, 4, 5]), 2) == 3 and nim_sum(np.array([3, 4, 5]), 2) == 3
    assert nim_sum(range(MAX_NIM_HEAPS), None) == 0 ^ 1 ^ 2 ^ 3 and nim_sum([1] * MAX_NIM_HEAPS, None) == 0
