"""What every furlib game shares: the Game protocol, errors, policies, HTML pieces."""

from .errors import GameOver, IllegalAction
from .game import Event, Game
from .policy import RandomBot

__all__ = ["Game", "Event", "IllegalAction", "GameOver", "RandomBot"]
