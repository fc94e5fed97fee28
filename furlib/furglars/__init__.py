"""The Furglars: steal Furgles with Hands, protect them with Locks, cash them in for Bullion."""

from .rules import BreakLock, Done, Furglars, Roll, StealFurgle
from .faces import DEFAULT_FACES, KINDS, describe_counts, face_probabilities, roll_outcomes

__all__ = ["Furglars", "Roll", "BreakLock", "StealFurgle", "Done", "KINDS", "DEFAULT_FACES",
           "describe_counts", "face_probabilities", "roll_outcomes"]
