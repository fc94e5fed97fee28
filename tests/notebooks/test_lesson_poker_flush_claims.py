"""What notebooks/lesson-poker-flush.ipynb says: the exact chances of flushes in 8 cards, and a simulation."""

from __future__ import annotations

from fractions import Fraction

from furlib.core.stats import estimate
from furlib.poker.analysis import chance, simulate

NOTEBOOK = "lesson-poker-flush.ipynb"


def test_exact_chances(nb):
    nb.says("its chance is 15849575/24179831 ≈ 0.6555, about two deals in three",
            "4 or more cards of one colour come with chance 0.1351, 5 or more with chance 0.0144 "
            "(about 1 deal in 69), and 6 or more with chance 0.0008",
            "Eight cards in six colours must put at least two cards in some colour")
    assert chance("flush", 3, 8) == Fraction(15849575, 24179831)
    assert f"{float(chance('flush', 3, 8)):.4f}" == "0.6555" and 0.6 < float(chance("flush", 3, 8)) < 0.7
    assert [f"{float(chance('flush', s, 8)):.4f}" for s in (4, 5, 6)] == ["0.1351", "0.0144", "0.0008"]
    assert round(1 / float(chance("flush", 5, 8))) == 69


def test_simulation(nb):
    nb.runs('hits = simulate("flush", 4, 8, 10_000, seed=2024)')
    nb.says("1313 of the 10,000 hands held a flush of 4 or more: an estimate of 0.1313, with a 95% interval from "
            "0.1248 to 0.1381. The exact chance, 0.1351, lies inside it.",
            "a method that catches the true chance in 95 of 100 experiments like this one")
    hits = simulate("flush", 4, 8, 10_000, seed=2024)
    e = estimate(hits, 10_000)
    assert hits == 1313 and (f"{e.low:.4f}", f"{e.high:.4f}") == ("0.1248", "0.1381")
    assert e.covers(float(chance("flush", 4, 8)))


def test_other_combinations(nb):
    nb.runs("exact_vs_simulated_chart(8, size=3, n=2000, seed=1)")
    nb.says("a pair is almost certain (chance 0.9305), a straight of 3 is about as likely as a flush of 3 "
            "(0.6580 against 0.6555), and a straight flush of 3 is rare (0.0524)")
    assert f"{float(chance('of a kind', 2, 8)):.4f}" == "0.9305"
    assert f"{float(chance('straight', 3, 8)):.4f}" == "0.6580"
    assert f"{float(chance('straight flush', 3, 8)):.4f}" == "0.0524"
