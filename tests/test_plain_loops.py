"""The plain loops of ``benchmarks/`` play the same games as the engine, so the speed ratio is fair.

Each loop's first-seat win rate is compared with the engine's by a
two-proportion z-test; |z| < 3.29 (a 0.1% two-sided level) passes, so a
correct pair fails this check about once in a thousand seeds, and the
seeds here are fixed.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from plain_loops import furcle_game, furglars_game, highcard_game  # noqa: E402

from furlib import Furcle, Furglars  # noqa: E402
from furlib.furcle.bots import SatisfiedAt  # noqa: E402
from furlib.furglars.bots import GreedyThief  # noqa: E402
from furlib.highcard import HighCard  # noqa: E402
from furlib.highcard.bots import HighestCard  # noqa: E402


def z_two_proportions(k1: int, n1: int, k2: int, n2: int) -> float:
    p = (k1 + k2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    return (k1 / n1 - k2 / n2) / se


CASES = {
    "furcle": (lambda s: Furcle(2, seed=s).play(SatisfiedAt(20)).winner == "Player 1",
               lambda rng: furcle_game(rng) == 0),
    "furglars": (lambda s: Furglars(2, seed=s).play(GreedyThief()).winner == "Player 1",
                 lambda rng: furglars_game(rng) == 0),
    "highcard": (lambda s: HighCard(2, seed=s).play(HighestCard()).winner == "Player 1",
                 lambda rng: highcard_game(rng) == [0]),
}


@pytest.mark.parametrize("name", CASES)
def test_plain_loop_agrees_with_the_engine(name):
    engine, loop = CASES[name]
    n_engine, n_loop = 300, 3000
    k_engine = sum(engine(s) for s in range(n_engine))
    rng = np.random.default_rng(2026)
    k_loop = sum(loop(rng) for _ in range(n_loop))
    z = z_two_proportions(k_engine, n_engine, k_loop, n_loop)
    assert abs(z) < 3.29, (name, k_engine / n_engine, k_loop / n_loop, z)
