"""Furry Poker: card set collection with secret simultaneous play and an exact scorer.

>>> from furlib import FurryPoker
>>> g = FurryPoker(["Ann", "Bob"], seed=3).play()
>>> g.is_over
True
"""

from ..core.registry import GameInfo, register
from .actions import ACTIONS, Activate, Discard, Draw, FaceDown, Keep, Pick, Place, Play, Remove, Take, ToHand, Trigger
from .game import FurryPoker
from .scoring import Change, Combination, Score, best_score

__all__ = ["FurryPoker", "best_score", "Score", "Combination", "Change", "Draw", "Play", "Trigger", "Take",
           "Remove", "Keep", "Discard", "Place", "Pick", "Activate", "ToHand", "FaceDown", "ACTIONS"]

INFO = register(GameInfo(
    name="FurryPoker", title="Furry Poker", package=__name__, game="game:FurryPoker", bot="bots:default_bot",
    render="render:poker_html", app="widget:PokerApp",
    bots={"RandomBot": "bots:RandomBot", "Greedy": "bots:Greedy", "Planner": "bots:Planner"},
    example_kwargs={"players": 2},
))
