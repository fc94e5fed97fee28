"""What notebooks/lesson-conditional.ipynb says: a Furcle after a Furcle, the gambler's fallacy, given a scoring
roll."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from furlib.core.stats import two_proportion_z_test
from furlib.furcle import furcle_probability, score_roll

NOTEBOOK = "lesson-conditional.ipynb"


def all_different(rolls):
    return np.array([len(set(r)) == rolls.shape[1] for r in rolls])


@pytest.fixture(scope="module")
def pairs():
    rng = np.random.default_rng(4)
    first = rng.integers(1, 7, size=(100_000, 5))
    second = rng.integers(1, 7, size=(100_000, 5))
    return all_different(first), all_different(second)


def test_the_code_rolls_as_the_test_does(nb):
    nb.runs("default_rng(4)", "rng.integers(1, 7, size=(100_000, 5))", "len(set(roll)) == 5",
            "furcle_second[furcle_first]", "furcle_second[~furcle_first]", "default_rng(5)",
            "rng.integers(1, 7, size=(100_000, 3))", "len(set(roll)) < 3", "len(set(roll)) == 1")


def test_a_furcle_is_a_roll_with_all_faces_different():
    """Without a Beekin, the rules' scorer gives 0 exactly to the rolls with all faces different."""
    for roll in product(range(1, 7), repeat=3):
        assert (score_roll(list(roll))[0] == 0) == (len(set(roll)) == 3)
    assert furcle_probability(5) == Fraction(720, 7776) == Fraction(5, 54)
    assert furcle_probability(3) == Fraction(5, 9)


def test_filtering(nb, pairs):
    f1, f2 = pairs
    assert int(f1.sum()) == 9208 and int(f2[f1].sum()) == 843
    assert f"{f2[f1].mean():.4f}" == "0.0916" and f"{f2[~f1].mean():.4f}" == "0.0931"
    nb.says("9,208 of the 100,000 first rolls were Furcles", "keep only those 9,208 rows",
            "0.0916 after a Furcle and 0.0931 after a scoring roll",
            "843 of them were followed by a Furcle (0.0916) against 0.0931 after a scoring roll")


def test_the_z_test(nb, pairs, capsys):
    """The run prints the seeded p-value and interval; the prose reads them without stating them."""
    f1, f2 = pairs
    d = two_proportion_z_test(int(f2[f1].sum()), int(f1.sum()), int(f2[~f1].sum()), int((~f1).sum()))
    assert f"{d.p_value:.2g}" == "0.62"
    assert f"{100 * d.low:+.2f}" == "-0.78" and f"{100 * d.high:+.2f}" == "+0.46"
    assert d.covers(0) and d.low < 0 < d.high and d.p_value > 0.5
    nb.runs("read_test(test)", "two_proportion_z_test(after_furcle.sum(), len(after_furcle), after_scoring.sum(), "
            "len(after_scoring))")
    nb.function("read_test")(d)
    assert capsys.readouterr().out == (
        "p = 0.62: with no effect, a difference this big comes up in 62 of 100 samples\n"
        "the data fit any effect from -0.78 to +0.46 percentage points\n")
    nb.says("often, so no evidence that a Furcle makes the next roll safer",
            "lists the effects these data fit: from a little below 0 to a little above, and 0 among them",
            "a method that catches the true difference in 95 of 100 samples like ours",
            "It is not a hard limit, and it does not prove that there is no effect",
            "z-test p = 0.62, the data fit any effect from −0.78 to +0.46 percentage points (95% interval)")
    nb.never_says("smaller than one percentage point", "shows that any effect would be")


def test_no_memory(nb):
    assert 6 ** 5 == 7776 and furcle_probability(5) ** 2 < Fraction(1, 100)
    assert f"{float(furcle_probability(5)):.4f}" == "0.0926"
    nb.says("every one of its 7,776 outcomes has the same chance", "5/54 × 5/54, less than 1 in 100",
            "fewer dice make a Furcle more likely", "exact 5/54 ≈ 0.0926 either way")
    probs = [furcle_probability(n) for n in (5, 4, 3, 2)]
    assert probs == sorted(probs)


def test_given_a_scoring_roll(nb):
    rng = np.random.default_rng(5)
    rolls = rng.integers(1, 7, size=(100_000, 3))
    scores = np.array([len(set(r)) < 3 for r in rolls])
    three = np.array([len(set(r)) == 1 for r in rolls])
    assert f"{three.mean():.4f}" == "0.0278" and f"{three[scores].mean():.4f}" == "0.0624"
    assert three[scores].mean() > 2 * three.mean()
    rolls = list(product(range(1, 7), repeat=3))
    scoring = [r for r in rolls if len(set(r)) < 3]
    triples = [r for r in scoring if len(set(r)) == 1]
    assert (len(rolls), len(scoring), len(triples)) == (216, 96, 6)
    assert Fraction(len(scoring), 216) == 1 - Fraction(5, 9)
    nb.says("0.0278 of the time; among scoring rolls only, 0.0624: more than twice as often",
            "the 5 in 9 rolls that were Furcles", "96 of the 216 rolls score and 6 of those are three of a kind",
            "6/96 = 1/16 = 0.0625", "6/216 = 1/36")


def test_teacher_answers(nb):
    rolls = list(product(range(1, 7), repeat=2))
    pairs_ = [r for r in rolls if r[0] == r[1]]
    with_six = [r for r in rolls if 6 in r]
    assert Fraction(pairs_.count((6, 6)), len(pairs_)) == Fraction(1, 6)
    assert len(with_six) == 11 and Fraction(with_six.count((6, 6)), len(with_six)) == Fraction(1, 11)
    nb.says("(1) 1/6; (2) 1/11 (11 rolls show a 6, one of them is 6 and 6)")
