"""Nim: take stones from one heap in turn; whoever takes the last stone wins.

A demo game like Pig and High Card, and the one without chance: the worked
example of ``docs/add-a-game.md`` ("How to add a game"), written from that
page alone.
"""

from ..core.registry import GameInfo, register
from .actions import MAX_HEAP, MAX_HEAPS, Take
from .game import Nim

__all__ = ["Nim", "Take", "MAX_HEAPS", "MAX_HEAP"]

INFO = register(GameInfo(
    name="Nim", title="Nim", package=__name__, game="game:Nim", bot="bots:default_bot",
    render="render:nim_html", bots={"Optimal": "bots:Optimal", "RandomBot": "bots:RandomBot"},
    example_kwargs={"players": 3, "heaps": (8, 9, 10), "take": 2}, demo=True,
))
