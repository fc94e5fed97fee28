"""Exact probabilities for The Furglars: what a roll of k dice shows.

A die has ``m`` faces, each of one kind (Furgle, Lock, Hand, X); with the
default die ``("furgle", "furgle", "lock", "hand", "hand", "x")`` one die
shows a Furgle or a Hand with probability 1/3 each and a Lock or an X with
probability 1/6 each. The counts of each kind in a roll of ``k`` dice
follow the multinomial distribution; the count of one kind alone is
binomial. Everything here is exact (``fractions.Fraction``).

The functions live in three modules, and all are re-exported here: what a
roll shows (:mod:`furlib.furglars.analysis_rolls`), what it captures and
what an opponent's roll leaves you (:mod:`furlib.furglars.analysis_captures`),
and rolls simulated against the exact counts
(:mod:`furlib.furglars.analysis_simulated`).
"""

from __future__ import annotations

from .analysis_captures import capture_distribution, expected_capture, expected_points_per_turn, survival_distribution

# the other public name of this module before the split (importable from here as before)
from .analysis_rolls import MAX_ROLL as MAX_ROLL
from .analysis_rolls import (
    at_least_probability,
    count_distribution,
    count_table,
    expected_counts,
    face_probabilities,
    roll_distribution,
    roll_probabilities,
    x_factor_probability,
)
from .analysis_simulated import count_comparison, simulate_rolls

__all__ = ["face_probabilities", "roll_probabilities", "roll_distribution", "count_distribution",
           "count_table", "expected_counts", "x_factor_probability",
           "at_least_probability", "capture_distribution", "expected_capture", "survival_distribution",
           "expected_points_per_turn", "simulate_rolls", "count_comparison"]
