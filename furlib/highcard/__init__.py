"""High Card: furlib's smallest game with hidden hands and secret simultaneous play.

It exercises the core's hidden information (views, secret events, the leak
check) before Furry Poker, and shows how a game is added (``docs/add-a-game.md``).
"""

from ..core.registry import GameInfo, register
from .actions import NAMES, Deal, Play, rank
from .game import HighCard

__all__ = ["HighCard", "Deal", "Play", "NAMES", "rank"]

INFO = register(GameInfo(
    name="HighCard", title="High Card", package=__name__, game="game:HighCard", bot="bots:default_bot",
    render="render:highcard_html", bots={"HighestCard": "bots:HighestCard", "RandomBot": "bots:RandomBot"},
    example_kwargs={"players": 3}, demo=True,
))
