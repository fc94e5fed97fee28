"""Furry Poker: card set collection with secret simultaneous play and an exact scorer."""

from .scoring import Change, Combination, Score, best_score

__all__ = ["best_score", "Score", "Combination", "Change"]
