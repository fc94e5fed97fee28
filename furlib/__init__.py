"""furlib: learn probability by playing games in Jupyter.

>>> from furlib import Furcle
>>> g = Furcle(players=["Ann", "Bob"], seed=7).play()
>>> g.is_over
True
"""

from . import highcard as _highcard  # noqa: F401  (registers the test game)
from . import nim as _nim  # noqa: F401  (registers the demo game without chance)
from . import pig as _pig  # noqa: F401  (registers the demo dice game)
from .core import Event, Game, GameOver, IllegalAction, RandomBot
from .core.charts.sweep_chart import sweep_chart
from .core.sim.sweep import sweep
from .core.sim.tournament import tournament
from .furcle import Furcle
from .furglars import Furglars
from .poker import FurryPoker
from .thieves import Thieves

__version__ = "0.1.0"
__all__ = ["Furcle", "Furglars", "FurryPoker", "Thieves", "Game", "Event", "IllegalAction", "GameOver", "RandomBot",
           "tournament", "sweep", "sweep_chart", "__version__"]
