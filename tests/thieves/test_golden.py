"""Golden playthrough: a seeded Thieves game's event log, kept in git and diffed.

A rules change shows up here as a readable diff. If the change is intended,
regenerate the file with::

    FURLIB_REGEN_GOLDEN=1 python -m pytest tests/thieves/test_golden.py
"""

from pathlib import Path

import pytest

from furlib import Thieves
from furlib.testing import check_golden
from furlib.thieves.bots import Greedy

# written against the classic labyrinth's squares (see tests/thieves/conftest.py)
pytestmark = pytest.mark.classic_map

GOLDEN = Path(__file__).with_name("golden_playthrough.txt")


def play():
    g = Thieves(players=["Ann", "Bob"], seed=2026)
    g.play(Greedy(), Greedy())
    return g.log() + f"\nwinner: {g.winner}; turns: {g.turn}\n"


def test_golden_playthrough():
    check_golden(play(), GOLDEN, "python -m pytest tests/thieves/test_golden.py")
