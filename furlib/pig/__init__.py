"""Pig: furlib's smallest dice game, a demo game like High Card.

Roll one die as long as you dare: a 1 loses the turn's points, holding banks
them, and the first to reach the target wins. It is the worked example of
how a game is added (``docs/add-a-game.md``, "How to add a game").
"""

from ..core.registry import GameInfo, register
from .game import Pig
from .rules import MAX_TARGET, SIDES, Die, Hold, Roll

__all__ = ["Pig", "Die", "Roll", "Hold", "SIDES", "MAX_TARGET"]

INFO = register(GameInfo(
    name="Pig", title="Pig", package=__name__, game="game:Pig", bot="bots:default_bot",
    render="render:pig_html", bots={"HoldAt": "bots:HoldAt", "RandomBot": "bots:RandomBot"},
    example_kwargs={"players": 3, "target": 30}, demo=True,
))
