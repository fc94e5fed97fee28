"""What notebooks/lesson-variance.ipynb says: variances of independent results add, so an average spreads like SD/√n."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from furlib.furcle.bots import SatisfiedAt
from furlib.furcle.turn_distribution import turn_distribution

NOTEBOOK = "lesson-variance.ipynb"
ONE_DIE = Fraction(35, 12)


def die_variance(sides):
    faces = range(1, sides + 1)
    mean = sum(Fraction(f, sides) for f in faces)
    return sum(Fraction(f * f, sides) for f in faces) - mean**2


def turn_moments(bot):
    chances = turn_distribution(bot)
    mean = sum(k * p for k, p in chances.items())
    return mean, sum((k - mean) ** 2 * p for k, p in chances.items())


@pytest.fixture(scope="module")
def printed(nb):
    return nb.printed_by()


def lines_with(printed, start):
    return [line for line in printed.splitlines() if line.startswith(start)]


def test_the_code_computes_as_the_test_does(nb):
    nb.runs("sides = 6", "dice_counts = [1, 2, 4, 16]", "rolls = 100_000", "default_rng(1)", "default_rng(2)",
            "faces = range(1, sides + 1)", "outcomes = [(x, y) for x in faces for y in faces]",
            "bot = SatisfiedAt(20)", "chances = turn_distribution(bot)", "ns = [25, 100, 400, 1600]",
            "simulate_turns(bot, 400 * n, seed=n)", "guess.compare(simulated=sum_sds[1], exact=float(var_two) ** 0.5)",
            "shrink_chart(dice_counts")
    assert "from furlib.lessons import use_static_fallback\nuse_static_fallback()" in nb.cells[1].source


def test_the_question_and_one_die(nb, printed):
    assert die_variance(6) == ONE_DIE == Fraction(91, 6) - Fraction(49, 4)
    assert f"{math.sqrt(ONE_DIE):.3f}" == "1.708" and f"{math.sqrt(ONE_DIE):.2f}" == "1.71"
    assert f"{float(ONE_DIE):.4f}" == "2.9167"
    nb.says("one die has a spread (a standard deviation, SD) of about 1.71",
            "The average is 7/2 and the average of the squares is 91/6, so the variance is 91/6 − 49/4 = 35/12 ≈ "
            "2.9167, and the SD is √(35/12) ≈ 1.708: the 1.71 of the question")
    assert "average: 7/2   average of the squares: 91/6\n" in printed
    assert "variance of one die: 35/12 = 2.9167\nSD of one die: 1.7078\n" in printed


def test_two_dice_variances_add_sds_do_not(nb, printed):
    outcomes = [(x, y) for x in range(1, 7) for y in range(1, 7)]
    var_two = sum(Fraction((x + y - 7) ** 2, 36) for x, y in outcomes)
    cross = sum((x - Fraction(7, 2)) * (y - Fraction(7, 2)) for x, y in outcomes)
    assert len(outcomes) == 36 and var_two == Fraction(35, 6) == 2 * ONE_DIE and cross == 0
    assert f"{math.sqrt(var_two):.3f}" == "2.415" and f"{math.sqrt(2):.3f}" == "1.414"
    nb.says("Two independent dice X and Y give 36 outcomes, each with chance 1/36",
            "The variance of the sum is 35/6 = 35/12 + 35/12, twice the variance of one die",
            "the SD of the sum is √(35/6) ≈ 2.415: √2 ≈ 1.414 times the SD of one die, not 2 times",
            "(X − 7/2)² + (Y − 7/2)² + 2 (X − 7/2)(Y − 7/2)", "The first two parts average to 35/12 each",
            "averages to 0")
    assert "variance of X + Y: 35/6 = 2 x the variance of one die\n" in printed
    assert "SD of X + Y: 2.4152 = 1.4142 x the SD of one die\n" in printed
    assert "the cross term, average of (X - mean)(Y - mean): 0\n" in printed


def test_the_simulated_sums(nb, printed):
    """Seed 1: the variance about doubles with the dice (an estimate, so only 'about'); the prose states no value."""
    rows = lines_with(printed, "n = ")[:4]
    variances = [float(r.split("variance of the sum")[1].split(",")[0]) for r in rows]
    assert variances == [2.92, 5.84, 11.56, 46.60]
    assert all(0.9 < v / (n * variances[0]) < 1.1 for v, n in zip(variances, (1, 2, 4, 16)))
    nb.says("2 dice give about twice the variance of one die, 4 dice about 4 times, 16 dice about 16 times",
            "These simulated values are estimates")
    before_teacher = nb.markdown.split("Teacher notes")[0]
    for seeded in ("2.92", "5.84", "11.56", "46.60", "2.418", "1.66", "0.77", "11.68", "5.80"):
        assert seeded not in nb.markdown, seeded
    assert "estimate" in before_teacher


def test_the_average_of_n_dice(nb, printed):
    n_values = [1, 2, 4, 16]
    exact = [math.sqrt(ONE_DIE / n) for n in n_values]
    assert [f"{e:.3f}" for e in exact] == ["1.708", "1.208", "0.854", "0.427"]
    assert exact[2] == pytest.approx(exact[0] / 2) and exact[3] == pytest.approx(exact[0] / 4)
    assert 2 * ONE_DIE / 4 == Fraction(35, 24) and f"{math.sqrt(ONE_DIE) / math.sqrt(2):.3f}" == "1.208"
    nb.says("n × 35/12 / n² = 35/(12n), and its SD is √(35/12) / √n",
            "The average of two dice has variance 35/24 and SD ≈ 1.208 = 1.708 / √2",
            "4 times the dice, half the spread; 16 times the dice, a quarter")
    rows = lines_with(printed, "n = ")[4:8]
    for row, e in zip(rows, exact):
        simulated = float(row.split("simulated")[1])
        assert f"exact {e:.3f}," in row and abs(simulated - e) < 0.01


def test_oh_furcle_turns(nb, printed):
    mean, var = turn_moments(SatisfiedAt(20))
    sd = math.sqrt(var)
    assert (f"{mean:.3f}", f"{var:.2f}", f"{sd:.2f}") == ("3.317", "64.81", "8.05")
    assert [f"{sd / math.sqrt(n):.2f}" for n in (25, 100, 400, 1600)] == ["1.61", "0.81", "0.40", "0.20"]
    nb.says("One turn has an average of 3.317 points, a variance of 64.81 and an SD of 8.05 points",
            "an average of n turns has an SD of 8.05 / √n: 1.61 for 25 turns, 0.81 for 100, 0.40 for 400 and 0.20 "
            "for 1600", "same seeds", "they land near the exact values, not on them")
    assert "one turn: average 3.317 points, variance 64.81, SD 8.05\n" in printed
    rows = lines_with(printed, "n = ")[8:12]
    assert [r.split("simulated ")[1] for r in rows] == ["1.66", "0.77", "0.40", "0.20"]   # lesson-spread's numbers
    for row, n in zip(rows, (25, 100, 400, 1600)):
        assert f"exact {sd / math.sqrt(n):.2f}," in row
        assert abs(float(row.split("simulated ")[1]) - sd / math.sqrt(n)) < 0.1 * sd / math.sqrt(n)


def test_independence_matters(nb, printed):
    assert sum(Fraction((2 * x - 7) ** 2, 6) for x in range(1, 7)) == Fraction(35, 3) == 4 * ONE_DIE
    assert f"{2 * math.sqrt(ONE_DIE):.3f}" == "3.416"
    nb.says("the variance is 4 × 35/12 = 35/3, not 2 × 35/12", "For X + X the SD doubles (2 × 1.708 ≈ 3.416)")
    assert "variance of X + X: 35/3 = 4 x the variance of one die\n" in printed
    row = lines_with(printed, "simulated: variance of X + X")[0]
    double, two = float(row.split("X + X ")[1].split(",")[0]), float(row.split("X + Y ")[1])
    assert abs(double - 35 / 3) < 0.3 and abs(two - 35 / 6) < 0.15


def test_try_it_1_sixty_four_dice(nb):
    out = nb.printed_by(("dice_counts = [1, 2, 4, 16]", "dice_counts = [1, 2, 4, 64]"))
    row = [r for r in out.splitlines() if r.startswith("n = 64: SD of the average")][0]
    assert f"{math.sqrt(ONE_DIE) / 8:.3f}" == "0.213" and "exact 0.213," in row
    assert abs(float(row.split("simulated")[1]) - 0.2135) < 0.005
    nb.says("(1) √(35/12) / 8 ≈ 0.213, and the run's simulated value lands near it")


def test_try_it_2_twelve_sided_dice(nb):
    assert die_variance(12) == Fraction(143, 12)
    assert (f"{143 / 12:.2f}", f"{math.sqrt(143 / 12):.2f}", f"{143 / 6:.2f}", f"{math.sqrt(143 / 6):.2f}") == (
        "11.92", "3.45", "23.83", "4.88")
    out = nb.printed_by(("sides = 6", "sides = 12"))
    assert "variance of one die: 143/12 = 11.9167\n" in out
    assert "variance of X + Y: 143/6 = 2 x the variance of one die\n" in out
    assert "the cross term, average of (X - mean)(Y - mean): 0\n" in out
    nb.says("(2) one die 143/12 ≈ 11.92 (SD ≈ 3.45), two dice 143/6 ≈ 23.83 (SD ≈ 4.88): still exactly twice")


def test_try_it_3_satisfied_at_10(nb):
    _, var = turn_moments(SatisfiedAt(10))
    assert f"{math.sqrt(var):.2f}" == "6.95" and f"{math.sqrt(var) / 10:.2f}" == "0.70" and math.sqrt(var) < 8.05
    out = nb.printed_by(("bot = SatisfiedAt(20)", "bot = SatisfiedAt(10)"))
    assert ", SD 6.95\n" in out and "n =  100: SD of the average, exact 0.70," in out
    nb.says("(3) SD of one turn about 6.95, so about 0.70 for 100 turns")


def test_the_try_its_change_a_number(nb):
    nb.says("change `dice_counts = [1, 2, 4, 16]` to `[1, 2, 4, 64]`", "change `sides = 6` to `sides = 12`",
            "change `bot = SatisfiedAt(20)` to `bot = SatisfiedAt(10)`")


def test_no_interval_without_its_meaning(nb):
    nb.never_says("95%")
