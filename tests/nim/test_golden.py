"""Golden playthrough: a seeded game's event log, kept in git and diffed.

A rules change shows up here as a readable diff. If the change is intended,
regenerate the file with::

    FURLIB_REGEN_GOLDEN=1 python -m pytest tests/nim/test_golden.py
"""

from pathlib import Path

from furlib.core.engine.policy import RandomBot
from furlib.nim import Nim
from furlib.nim.bots import Optimal
from furlib.testing import check_golden

GOLDEN = Path(__file__).with_name("golden_playthrough.txt")


def play():
    g = Nim(["Ann", "Bob", "Cy"], heaps=[5, 7, 9], take=3, seed=2026)
    g.play(Optimal(), RandomBot(seed=7), Optimal())     # no chance: the log depends on the rules and the bots
    return g.log() + f"\nwinner: {g.winner}; stones: {g.stones}\n"


def test_golden_playthrough():
    check_golden(play(), GOLDEN, "python -m pytest tests/nim/test_golden.py")
