"""Oh Furcle!: push-your-luck with five dice."""

from .rules import AcceptFurcle, Beekin, Dice, Furcle, Roll, Satisfied
from .scoring import describe_roll, score_roll
from .analysis import estimate_furcle_probability, furcle_probability

__all__ = ["Furcle", "Dice", "Roll", "Satisfied", "Beekin", "AcceptFurcle", "score_roll",
           "describe_roll", "furcle_probability", "estimate_furcle_probability"]
