"""Oh Furcle!: push-your-luck with five dice.

The engine (:class:`Furcle` and its actions), scoring, exact analysis
(one-roll distributions, turn values, the optimal turn and the solved
2-player game) and fast vectorised simulation.
"""

from ..core.registry import GameInfo, register
from .actions import AcceptFurcle, Beekin, Dice, Roll, Satisfied
from .analysis import estimate_furcle_probability, furcle_probability, running_estimate
from .exact import roll_distribution
from .fast import simulate_games, simulate_turns
from .game import Furcle
from .scoring import describe_roll, score_roll
from .solver import solve
from .turn import optimal_turn_policy, turn_value

__all__ = ["Furcle", "Dice", "Roll", "Satisfied", "Beekin", "AcceptFurcle", "score_roll",
           "describe_roll", "furcle_probability", "estimate_furcle_probability", "running_estimate",
           "roll_distribution", "turn_value", "optimal_turn_policy", "solve", "simulate_turns",
           "simulate_games"]

INFO = register(GameInfo(
    name="Furcle", title="Oh Furcle!", package=__name__, game="game:Furcle", bot="bots:default_bot",
    render="render:furcle_html", app="widget:FurcleApp", fast="fast:fast_tournament",
    bots={"SatisfiedAt": "bots:SatisfiedAt", "BeekinSmart": "bots:BeekinSmart", "RandomBot": "bots:RandomBot"},
    example_kwargs={"players": 2, "target": 30},
))
