"""What notebooks/lesson-markov.ipynb says: a turn of a player who never banks as a Markov chain, the expected
number of rolls until the Furcle (exact, by first-step analysis and the fundamental matrix), and a simulation."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from furlib.furcle import Furcle, furcle_probability
from furlib.furcle.exact import roll_outcomes

NOTEBOOK = "lesson-markov.ipynb"
START, SIDES, SEED, TURNS = 5, 6, 2026, 20_000


def chain(start=START, sides=SIDES):
    """P[n][m]: the chance that a roll of n dice leaves m scoring dice (0: a Furcle), from furlib's own scoring."""
    P = {}
    for n in range(2, start + 1):
        row = Counter()
        for o in roll_outcomes(n, sides=sides):
            row[o.plain.next_dice] += o.probability
        P[n] = {m: row[m] for m in [*range(2, start + 1), 0]}
        assert sum(row.values()) == 1 and row[1] == 0 and all(m <= n for m in row)
    return P


def expected_rolls(start=START, sides=SIDES):
    P, E = chain(start, sides), {}
    for n in range(2, start + 1):
        E[n] = (1 + sum(P[n][m] * E[m] for m in range(2, n))) / (1 - P[n][n])
    return E


@pytest.fixture(scope="module")
def printed(nb):
    return nb.printed_by()


def test_the_code_computes_as_the_test_does(nb):
    nb.runs("start = 5", "sides = 6", "beekin=False, seed=3", "default_rng(2026)", "turns = 20_000",
            "rng.integers(1, sides + 1, size=dice)", "product(range(1, sides + 1), repeat=n)",
            "expected[n] = (1 + fewer) / (1 - P[n][n])", "N = np.linalg.inv(np.eye(len(states)) - Q)",
            "se = rolls.std(ddof=1) / np.sqrt(turns)", "mean - 1.96 * se", "mean + 1.96 * se",
            "guess.compare(simulated=mean, exact=expected[start])")


def test_the_notebooks_counting_agrees_with_the_game(nb):
    """The notebook's scoring_dice, over every roll, against furlib's scoring and furcle_probability."""
    scoring_dice = nb.function("scoring_dice")
    for sides in (6, 8):
        P = chain(sides=sides)
        for n in range(2, 6):
            ways = Counter(scoring_dice(f) for f in product(range(1, sides + 1), repeat=n))
            assert {m: Fraction(ways[m], sides**n) for m in P[n]} == P[n] and ways[1] == 0
            assert P[n][0] == furcle_probability(n, sides=sides)


def test_one_die_is_never_a_state(nb, printed):
    assert "rolls that leave exactly 1 scoring die: 0\n" in printed
    assert "furlib's furcle_probability agrees: True\n" in printed
    nb.says("a roll never leaves exactly 1 scoring die: after a scoring roll there are always at least 2 dice "
            "to roll", "With 3 dice, a pair leaves 2 dice")


def test_the_counts_from_5_dice():
    ways = {m: p * 6**5 for m, p in chain()[5].items()}
    assert ways == {0: 720, 2: 3600, 3: 1200, 4: 1950, 5: 306} and 6**5 == 7776
    two_pairs, four = 15 * 4 * 30, 6 * 5 * 5
    full_house, five = 6 * 5 * 10, 6
    assert (two_pairs + four, full_house + five) == (1950, 306)


def test_the_counts_are_stated(nb):
    nb.says("6 × 6 × 6 × 6 × 6 = 7,776 rolls", "From 5 dice: 720 rolls are Furcles, 3,600 leave 2 dice (one pair), "
            "1,200 leave 3 (three of a kind), 1,950 leave 4 (two pairs, or four of a kind) and 306 leave all 5 (a "
            "full house, or five of a kind)")


def test_the_diagram(nb):
    P = chain()
    lines = {n: ", ".join(f"{m}:{P[n][m]}" for m in [0, *range(2, n + 1)]) for n in P}
    assert lines == {5: "0:5/54, 2:25/54, 3:25/162, 4:325/1296, 5:17/432", 4: "0:5/18, 2:5/9, 3:5/54, 4:2/27",
                     3: "0:5/9, 2:5/12, 3:1/36", 2: "0:5/6, 2:1/6"}
    nb.says("5 dice: -> Furcle 5/54, -> 2 dice 25/54, -> 3 dice 25/162, -> 4 dice 325/1296, -> 5 dice again 17/432",
            "4 dice: -> Furcle 5/18, -> 2 dice 5/9, -> 3 dice 5/54, -> 4 dice again 2/27",
            "3 dice: -> Furcle 5/9, -> 2 dice 5/12, -> 3 dice again 1/36", "2 dice: -> Furcle 5/6, -> 2 dice again 1/6")


def test_first_step_analysis(nb, printed):
    E = expected_rolls()
    assert E == {2: Fraction(6, 5), 3: Fraction(54, 35), 4: Fraction(342, 175), 5: Fraction(6906, 2905)}
    assert [f"{float(E[n]):.4f}" for n in (5, 4, 3, 2)] == ["2.3773", "1.9543", "1.5429", "1.2000"]
    assert Fraction(5, 6) * E[2] == 1
    for n in (2, 3, 4, 5):
        assert f"E[{n}] = {E[n]} = {float(E[n]):.4f} rolls\n" in printed
    nb.says("E[2] = 1 + 1/6 × E[2], so 5/6 × E[2] = 1 and E[2] = 6/5",
            "A player who never banks rolls 6906/2905 ≈ 2.3773 times per turn on average, starting with 5 dice: "
            "about 2.4 rolls, the Furcle included", "From 4 dice it is 342/175 ≈ 1.9543, from 3 dice 54/35 ≈ 1.5429, "
            "and from 2 dice 6/5 = 1.2", "exactly 6906/2905 ≈ 2.3773 rolls from 5 dice")


def test_the_fundamental_matrix(nb, printed):
    P = chain()
    states = [5, 4, 3, 2]
    Q = np.array([[float(P[n][m]) for m in states] for n in states])
    N = np.linalg.inv(np.eye(4) - Q)
    assert np.allclose(N.sum(axis=1), [float(expected_rolls()[n]) for n in states])
    assert (f"{N[0, 0]:.4f}", f"{N[0, 3]:.4f}") == ("1.0410", "0.8623") and N[0, 0] == pytest.approx(432 / 415)
    assert "expected rolls, row sums of N: [2.3773 1.9543 1.5429 1.2   ]\n" in printed
    nb.says("The row sums are the same numbers as first-step analysis: 2.3773 from 5 dice",
            "of those 2.3773 rolls, on average 1.0410 are made with 5 dice and 0.8623 with 2 dice")


def test_the_shape_of_the_turns(nb):
    P = chain()
    two = sum(P[5][m] * P[m][0] for m in (2, 3, 4, 5))
    assert f"{float(two):.4f}" == "0.5448" and two > Fraction(1, 2)
    assert P[5][2] == max(P[5][m] for m in (2, 3, 4, 5)) and f"{float(P[5][0]):.4f}" == "0.0926"
    nb.says("Most turns last 2 rolls", "most often it leaves 2 dice, which Furcle 5 times in 6",
            "a turn lasts 2 rolls with chance 0.5448",
            "A turn ends at the first roll with chance exactly 5/54 ≈ 0.0926")


def test_the_play_is_printed_by_the_run(nb, printed):
    g = Furcle(players=["Ann"], n_dice=START, sides=SIDES, beekin=False, seed=3)
    for _ in range(3):
        g.roll()
        while g.roll_points > 0:
            g.roll()
    assert g.log() in printed
    assert "turn 3: dice rolled 5 -> 5 -> 3 -> 2, then the turn ended (4 rolls)\n" in printed


def test_the_simulation_is_printed_by_the_run(nb, printed):
    """The prose states no seeded number before the teacher notes; the teacher notes do, and they are checked."""
    assert "average: 2.3803 rolls, 95% interval 2.3687 to 2.3919\n" in printed
    assert "exact:   2.3773 rolls\n" in printed and 2.3687 <= 6906 / 2905 <= 2.3919
    nb.says("the seed-2026 simulation of 20,000 turns gives an average of 2.3803 with 95% interval 2.3687 to 2.3919, "
            "which catches 2.3773", "another seed gives a slightly different one, while the exact 6906/2905 never "
            "moves", "a method that catches the true value in 95 of 100 simulations like this one")
    before_teacher = nb.markdown.split("Teacher notes")[0]
    for seeded in ("2.3803", "2.3687", "2.3919", "47,606"):
        assert seeded not in before_teacher
    nb.never_says("p = 0 ", "95% sure", "proves")


def test_try_it_1_three_dice(nb):
    assert expected_rolls(start=3)[3] == Fraction(54, 35)
    out = nb.printed_by(("start = 5 ", "start = 3 "))
    assert "E[3] = 54/35 = 1.5429 rolls\n" in out and "E[4]" not in out
    nb.says("(1) 54/35 ≈ 1.5429 rolls", "3 dice Furcle more than half the time")


def test_try_it_2_eight_sides(nb):
    E = expected_rolls(sides=8)
    assert E[5] == Fraction(517952, 253575) and f"{float(E[5]):.4f}" == "2.0426"
    assert furcle_probability(5, sides=8) == Fraction(105, 512) and f"{105 / 512:.4f}" == "0.2051"
    out = nb.printed_by(("sides = 6 ", "sides = 8 "))
    assert "E[5] = 517952/253575 = 2.0426 rolls\n" in out
    nb.says("(2) 2.0426 rolls, fewer", "5 dice: chance 105/512 ≈ 0.2051 of a Furcle, against 5/54 ≈ 0.0926")


def test_try_it_3_fewer_turns(nb):
    out = nb.printed_by(("turns = 20_000", "turns = 2_000"))
    assert "average: 2.3665 rolls, 95% interval 2.3291 to 2.4039\n" in out
    assert 3.1 < (2.4039 - 2.3291) / (2.3919 - 2.3687) < 3.3 and 2.3291 <= 6906 / 2905 <= 2.4039
    nb.says("(3) about √10 ≈ 3.2 times wider", "2.3291 to 2.4039 with seed 2026, which still catches 2.3773")


def test_the_try_its_change_a_number(nb):
    nb.says("change `start = 5` to `3`", "change `sides = 6` to `8`", "change `turns = 20_000` to `2_000`")
