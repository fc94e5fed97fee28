"""The Furglars: steal Furgles with Hands, protect them with Locks, cash them in for Bullion."""

from ..core.registry import GameInfo, register
from .actions import BreakLock, Done, Roll, StealFurgle
from .checks import MAX_DICE_PER_PLAYER, MAX_TARGET, MIN_POINTS_PER_FURGLE, MIN_SCORING_CHANCE
from .faces import (
    DEFAULT_FACES,
    KINDS,
    MAX_CHART_ENTRIES,
    MAX_CHART_POINTS,
    MAX_DICE_IN_PLAY,
    MAX_FACES,
    describe_counts,
    face_probabilities,
    roll_outcomes,
)
from .game import Furglars

__all__ = ["Furglars", "Roll", "BreakLock", "StealFurgle", "Done", "KINDS", "DEFAULT_FACES",
           "describe_counts", "face_probabilities", "roll_outcomes", "MAX_TARGET", "MAX_DICE_PER_PLAYER",
           "MAX_FACES", "MAX_DICE_IN_PLAY", "MAX_CHART_POINTS", "MAX_CHART_ENTRIES", "MIN_SCORING_CHANCE",
           "MIN_POINTS_PER_FURGLE"]

INFO = register(GameInfo(
    name="Furglars", title="The Furglars", package=__name__, game="game:Furglars", bot="bots:default_bot",
    render="render:furglars_html", app="widget:FurglarsApp", fast="fast:fast_tournament",
    bots={"GreedyThief": "bots:GreedyThief", "Mastermind": "bots:Mastermind", "RandomBot": "bots:RandomBot"},
    example_kwargs={"players": 3},
))
