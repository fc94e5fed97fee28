"""What every furlib game shares: the Game protocol, events, errors, policies, the registry, HTML pieces."""

from .engine.events import Event
from .engine.game import Game
from .engine.policy import RandomBot
from .errors import GameOver, IllegalAction

__all__ = ["Game", "Event", "IllegalAction", "GameOver", "RandomBot"]
