"""What every furlib game shares: the Game protocol, events, errors, policies, the registry, HTML pieces."""

from .errors import GameOver, IllegalAction
from .events import Event
from .game import Game
from .policy import RandomBot

__all__ = ["Game", "Event", "IllegalAction", "GameOver", "RandomBot"]
