"""Golden playthrough: a seeded game's event log, kept in git and diffed.

A rules change shows up here as a readable diff. If the change is intended,
regenerate the file with::

    FURLIB_REGEN_GOLDEN=1 python -m pytest tests/pig/test_golden.py
"""

from pathlib import Path

from furlib.pig import Pig
from furlib.pig.bots import HoldAt
from furlib.testing import check_golden

GOLDEN = Path(__file__).with_name("golden_playthrough.txt")


def play():
    g = Pig(["Ann", "Bob", "Cy"], target=50, seed=2026)
    g.play(HoldAt(20), HoldAt(10), HoldAt(25))   # bots of Pig's own: the log depends on the dice alone
    return g.log() + f"\nwinner: {g.winner}; scores: {g.scores}\n"


def test_golden_playthrough():
    check_golden(play(), GOLDEN, "python -m pytest tests/pig/test_golden.py")
