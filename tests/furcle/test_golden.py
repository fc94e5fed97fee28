"""Golden playthrough: a seeded game's event log, kept in git and diffed.

A rules change shows up here as a readable diff. If the change is intended,
regenerate the file with::

    FURLIB_REGEN_GOLDEN=1 python -m pytest tests/furcle/test_golden.py
"""

from pathlib import Path

from furlib import Furcle
from furlib.furcle.bots import BeekinSmart, SatisfiedAt
from furlib.testing import check_golden

GOLDEN = Path(__file__).with_name("golden_playthrough.txt")


def play():
    g = Furcle(players=["Ann", "Bob", "Cy"], target=50, seed=2026)
    g.play(SatisfiedAt(20), BeekinSmart(), SatisfiedAt(12))
    return g.log() + f"\nwinner: {g.winner}; scores: {g.scores}\n"


def test_golden_playthrough():
    check_golden(play(), GOLDEN, "python -m pytest tests/furcle/test_golden.py")
