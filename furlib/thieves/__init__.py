"""Thieves: two gangs race through a labyrinth of coloured doorways to steal the gold and escape.

The labyrinth is data (:mod:`furlib.thieves.board`); the engine is
:class:`Thieves`; :func:`key_probability` is the exact chance of a key.
"""

from ..core.registry import GameInfo, register
from .actions import Accept, Escape, KeepStake, Move, OfferDouble, Pass, Refuse, Roll, Steal, TakeGold, TimeUp
from .analysis import key_probability
from .board import Board
from .game import Thieves
from .rules import DEFAULT_DICE

__all__ = ["Thieves", "Board", "key_probability", "DEFAULT_DICE", "Roll", "Move", "Pass", "Steal", "TakeGold",
           "Escape", "OfferDouble", "KeepStake", "Accept", "Refuse", "TimeUp"]

INFO = register(GameInfo(
    name="Thieves", title="Thieves", package=__name__, game="game:Thieves", bot="bots:default_bot",
    render="render:thieves_html", app="widget:ThievesApp",
    bots={"Greedy": "bots:Greedy", "Foresight": "bots:Foresight", "Hunter": "bots:Hunter", "Patrol": "bots:Patrol",
          "Lookahead": "bots:Lookahead", "RandomBot": "bots:RandomBot"},
    example_kwargs={"max_turns": 20},
))
