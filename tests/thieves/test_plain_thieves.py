"""The plain-loop Thieves of ``benchmarks/plain_thieves.py`` plays the engine's very games, so the speed ratio is fair.

The loop rolls from ``np.random.default_rng(seed)`` as the engine does, and
its greedy policy is the engine's ``Greedy``: the same seed gives the same
winner after the same number of turns (checked exactly, no statistics).
"""

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from plain_thieves import load, thieves_game

from furlib import Thieves
from furlib.thieves.bots import Greedy
from furlib.thieves.default_board import DEFAULT_MAP


@pytest.mark.parametrize("seed", range(6))
def test_same_seed_same_game(seed):
    board = load(DEFAULT_MAP)
    winner, turns = thieves_game(np.random.default_rng(seed), board)
    g = Thieves(seed=seed).play(Greedy(), Greedy())
    assert (winner, turns) == (g.players.index(g.winner), g.turn)
