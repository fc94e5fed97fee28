"""The Furglars: steal Furgles with Hands, protect them with Locks, cash them in for Bullion."""

from ..core.registry import GameInfo, register
from .actions import BreakLock, Done, Roll, StealFurgle
from .faces import DEFAULT_FACES, KINDS, describe_counts, face_probabilities, roll_outcomes
from .rules import Furglars

__all__ = ["Furglars", "Roll", "BreakLock", "StealFurgle", "Done", "KINDS", "DEFAULT_FACES",
           "describe_counts", "face_probabilities", "roll_outcomes"]

INFO = register(GameInfo(
    name="Furglars", title="The Furglars", package=__name__, game="rules:Furglars", bot="bots:default_bot",
    render="render:furglars_html", app="widget:FurglarsApp", fast="fast:fast_tournament",
    bots={"GreedyThief": "bots:GreedyThief", "Mastermind": "bots:Mastermind", "RandomBot": "bots:RandomBot"},
    example_kwargs={"players": 3},
))
