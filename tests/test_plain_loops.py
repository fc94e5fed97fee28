"""The plain loops of ``benchmarks/`` play the same games as the engine, so the speed ratio is fair.

Each loop is compared with the engine on two figures, both by a two-sample
z-test: the first seat's win rate (two proportions) and the mean number of
actions per game (two means, each with its own sample variance). |z| < 3.29
(a 0.1% two-sided level) passes, so a correct pair fails one check about
once in a thousand seeds; the seeds here are fixed (engine games 0 to 399,
the loop's ``random.Random(2026)``). With 400 engine games the win-rate test
catches a difference of about 0.08, the actions test one of about a sixth
of a standard deviation of a game's length.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from plain_loops import furcle_game, furglars_game, highcard_game

from furlib import Furcle, Furglars
from furlib.furcle.bots import SatisfiedAt
from furlib.furglars.bots import GreedyThief
from furlib.highcard import HighCard
from furlib.highcard.bots import HighestCard

Z = 3.29   # two-sided 0.1%


def z_two_proportions(k1: int, n1: int, k2: int, n2: int) -> float:
    p = (k1 + k2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    return (k1 / n1 - k2 / n2) / se


def z_two_means(a: list[int], b: list[int]) -> float:
    se = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    return (statistics.fmean(a) - statistics.fmean(b)) / se


def engine_game(game):
    """(first seat won, actions) of a finished engine game."""
    return game.winner == game.players[0], game.n_steps


CASES = {
    "furcle": (lambda s: engine_game(Furcle(2, seed=s).play(SatisfiedAt(20))),
               lambda rng: (lambda w, n: (w == 0, n))(*furcle_game(rng))),
    "furglars": (lambda s: engine_game(Furglars(2, seed=s).play(GreedyThief())),
                 lambda rng: (lambda w, n: (w == 0, n))(*furglars_game(rng))),
    "highcard": (lambda s: engine_game(HighCard(2, seed=s).play(HighestCard())),
                 lambda rng: (lambda w, n: (w == [0], n))(*highcard_game(rng))),
}


@pytest.mark.parametrize("name", CASES)
def test_plain_loop_plays_the_engines_game(name):
    engine, loop = CASES[name]
    n_engine, n_loop = 400, 4000
    e = [engine(s) for s in range(n_engine)]
    rng = random.Random(2026)
    p = [loop(rng) for _ in range(n_loop)]
    k_engine, k_loop = sum(w for w, _ in e), sum(w for w, _ in p)
    z = z_two_proportions(k_engine, n_engine, k_loop, n_loop)
    assert abs(z) < Z, (name, "first seat's win rate", k_engine / n_engine, k_loop / n_loop, z)
    a_engine, a_loop = [n for _, n in e], [n for _, n in p]
    if name == "highcard":   # every game deals and plays every card
        assert set(a_engine) == set(a_loop) == {12}
    else:
        z = z_two_means(a_engine, a_loop)
        assert abs(z) < Z, (name, "actions per game", statistics.fmean(a_engine), statistics.fmean(a_loop), z)


def test_numpy_loop_deals_the_engines_cards():
    """Issue 18's numpy-per-card loop, with a generator seeded as the engine seeds a game's, deals the very cards
    of the engine's game: the same winners, game by game (ties included), for 300 seeds."""
    import numpy as np
    from numpy_loop import highcard_numpy_game

    for players, cards, hand in ((2, 10, 3), (3, 12, 4)):
        for seed in range(150):
            g = HighCard(players, cards=cards, hand=hand, seed=seed).play(HighestCard())
            engine = [g.players.index(w) for w in (g.winner if isinstance(g.winner, tuple) else (g.winner,))]
            rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))
            assert highcard_numpy_game(rng, players, cards, hand) == (engine, g.n_steps), (players, seed)


def test_plain_loops_draw_with_the_standard_library_only():
    """No numpy in the loops: their dice cost what a plain loop's dice cost."""
    source = (Path(__file__).resolve().parents[1] / "benchmarks" / "plain_loops.py").read_text()
    assert "numpy" not in source and "np." not in source
    assert furcle_game(random.Random(5)) == furcle_game(random.Random(5))   # a seed gives the same game
