"""What notebooks/lesson-bayes.ipynb says: Bayes' rule for Kenzie's die from a box of dice, against the p-value."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from furlib.core.stats import estimate
from furlib.furglars.faces import DEFAULT_FACES, face_probabilities

NOTEBOOK = "lesson-bayes.ipynb"
SHARE, FAIR, LOADED, ROLLS, HANDS = Fraction(1, 10), Fraction(1, 3), Fraction(1, 2), 60, 27
SEED, BOX = 7, 100_000


def chance_of(k, n, p):
    return comb(n, k) * p**k * (1 - p) ** (n - k)


def posterior(share=SHARE, loaded=LOADED, rolls=ROLLS, hands=HANDS):
    a, b = share * chance_of(hands, rolls, loaded), (1 - share) * chance_of(hands, rolls, FAIR)
    return a / (a + b)


def p_value(rolls=ROLLS, hands=HANDS):
    return sum(chance_of(k, rolls, FAIR) for k in range(hands, rolls + 1))


@pytest.fixture(scope="module")
def box():
    rng = np.random.default_rng(SEED)
    loaded = rng.random(BOX) < float(SHARE)
    hands = rng.binomial(ROLLS, np.where(loaded, float(LOADED), float(FAIR)))
    return loaded, hands


@pytest.fixture(scope="module")
def printed(nb):
    return nb.printed_by()


def test_the_code_computes_as_the_test_does(nb):
    nb.runs("share_loaded = Fraction(1, 10)", 'fair_hand = face_probabilities()["hand"]',
            "loaded_hand = Fraction(1, 2)", "rolls = 60", "kenzie_hands = 27", "default_rng(7)", "box = 100_000",
            "loaded = rng.random(box) < float(share_loaded)",
            "hand_chance = np.where(loaded, float(loaded_hand), float(fair_hand))",
            "hands = rng.binomial(rolls, hand_chance)", "like_kenzie = hands == kenzie_hands",
            "share = estimate(kept_loaded, kept)", "loaded_dice, fair_dice = 1000 * share_loaded, "
            "1000 * (1 - share_loaded)", "guess.compare(simulated=100 * share.p, exact=100 * float(posterior))",
            "range(kenzie_hands, rolls + 1)", "percents = list(range(1, 51))", "Fraction(k, 100)")


def test_the_story_and_its_dice(nb):
    """A loaded die has a third Hand instead of the X: Hand 1/2 (3 of 6 faces); the rulebook's die 1/3 (2 of 6)."""
    loaded_die = tuple("hand" if f == "x" else f for f in DEFAULT_FACES)
    assert face_probabilities(loaded_die)["hand"] == LOADED == Fraction(3, 6)
    assert face_probabilities()["hand"] == FAIR == Fraction(2, 6)
    assert ROLLS * FAIR == 20 and ROLLS * LOADED == 30
    nb.says("Kenzie's die showed 27 Hands in 60 rolls, where a fair die gives 20 on average",
            "one die in 10 is loaded: a loaded die has a third Hand instead of the X, so it shows a Hand with "
            "chance 1/2 instead of 1/3", "the fair dice, with about 20 Hands, and the loaded dice, with about 30",
            "4 Hands of 6 faces")
    assert "a fair die: 2 Hands of 6 faces" in nb.code and "a loaded die: 3 Hands of 6 faces" in nb.code


def test_the_p_value_of_the_fair_die_lesson(nb):
    assert f"{float(p_value()):.4f}" == "0.0397"
    nb.says("The p-value was 0.0397: a fair die gives 27 Hands or more only about 4 times in 100",
            "The p-value, 0.0397, supposes the die is fair and asks how often a fair die shows 27 Hands or more",
            "change the box and it stays 0.0397")


def test_the_hills_at_27_hands(nb, box):
    """Expected: 90,000 x 0.0178 fair dice and 10,000 x 0.0763 loaded dice at 27 Hands, a ratio of 2.10."""
    expected = (1 - SHARE) * chance_of(HANDS, ROLLS, FAIR) / (SHARE * chance_of(HANDS, ROLLS, LOADED))
    assert 2.05 < float(expected) < 2.15
    loaded, hands = box
    fair_bar, loaded_bar = int((hands[~loaded] == HANDS).sum()), int((hands[loaded] == HANDS).sum())
    assert (fair_bar, loaded_bar) == (1606, 732) and 1.8 < fair_bar / loaded_bar < 2.4
    nb.says("At 27 Hands, the fair dice's bar is about twice as tall as the loaded dice's",
            "the box holds 9 fair dice for every loaded one")


def test_the_simulated_posterior_is_printed_by_the_run(nb, box, printed):
    """The prose states no seeded number; the teacher key does, and the seed's interval catches the exact value."""
    loaded, hands = box
    kept = hands == HANDS
    share = estimate(int(loaded[kept].sum()), int(kept.sum()))
    assert (share.n, share.successes) == (2338, 732)
    assert (f"{share.p:.3f}", f"{share.low:.3f}", f"{share.high:.3f}") == ("0.313", "0.295", "0.332")
    assert share.covers(float(posterior()))
    assert "9,834 of the 100,000 dice are loaded\n" in printed
    assert "2,338 dice showed 27 Hands, and 732 of them are loaded\n" in printed
    assert "share loaded: 0.313, 95% interval 0.295 to 0.332\n" in printed
    nb.says("The seed-7 simulation keeps 2,338 dice, 732 of them loaded: a share of 0.313, 95% interval 0.295 "
            "to 0.332, which catches the exact 0.3223",
            "an estimate of the chance that a die from this box is loaded, given that it showed 27 Hands",
            "Another seed would give a slightly different share",
            "catches the true chance in 95 of 100 simulations like this one")
    markdown_before_teacher = nb.markdown.split("Teacher notes")[0]
    for seeded in ("2,338", "732", "0.313", "9,834"):
        assert seeded not in markdown_before_teacher


def test_the_table_of_1000_dice(nb, printed):
    loaded_like, fair_like = chance_of(HANDS, ROLLS, LOADED), chance_of(HANDS, ROLLS, FAIR)
    assert (f"{float(loaded_like):.4f}", f"{float(fair_like):.4f}") == ("0.0763", "0.0178")
    loaded_n, fair_n = 100 * loaded_like, 900 * fair_like
    assert (f"{float(loaded_n):.2f}", f"{float(fair_n):.2f}", f"{float(loaded_n + fair_n):.2f}") == (
        "7.63", "16.05", "23.68")
    assert 2 < fair_n / loaded_n < 2.2
    assert f"{7.63 / (7.63 + 16.05):.2f}" == "0.32"
    nb.says("| loaded | 100 | 0.0763 | 7.63 |", "| fair | 900 | 0.0178 | 16.05 |", "| all | 1,000 | | 23.68 |",
            "Kenzie's die is like one of the 23.68 dice that show 27 Hands, and 7.63 of them are loaded",
            "= 7.63 / (7.63 + 16.05), about 0.32",
            "still give about twice as many such dice (16.05) as the 100 loaded ones (7.63)",
            "7.63 of the 23.68 dice in 1,000 that show 27 Hands")
    assert "loaded dice with 27 Hands: 100 x 0.0763 = 7.63\n" in printed
    assert "fair dice with 27 Hands:   900 x 0.0178 = 16.05\n" in printed


def test_the_exact_posterior(nb, printed):
    post = posterior()
    assert isinstance(post, Fraction) and f"{float(post):.4f}" == "0.3223" and post < Fraction(1, 2)
    ratio = chance_of(HANDS, ROLLS, LOADED) / chance_of(HANDS, ROLLS, FAIR)
    assert ratio == Fraction(3**60, 2**93) and f"{float(ratio):.2f}" == "4.28"
    assert post == SHARE * ratio / (SHARE * ratio + 1 - SHARE)
    assert "chance that Kenzie's die is loaded: 0.3223\n" in printed
    nb.says("The exact chance is 0.3223, about 32 in 100: Kenzie's die is more likely fair than loaded",
            "a 27-Hand result is 4.28 times as likely from a loaded die as from a fair one")


def test_the_posterior_against_the_prior(nb):
    assert [f"{float(posterior(Fraction(k, 100))):.3f}" for k in (1, 10, 50)] == ["0.041", "0.322", "0.811"]
    cross = [k for k in range(1, 51) if posterior(Fraction(k, 100)) > Fraction(1, 2)][0]
    assert cross == 19 and posterior(Fraction(18, 100)) < Fraction(1, 2)
    nb.says("With 1 loaded die in 100, the 27 Hands leave a chance of 0.041 that the die is loaded; with 1 in 10, "
            "0.322; with 1 in 2, 0.811", "The curve crosses one half when about 19 dice in 100 are loaded")


def test_the_p_value_and_the_posterior_side_by_side(nb, printed):
    assert f"{float(1 - posterior()):.3g}" == "0.678"
    assert "p-value:   P(at least 27 Hands | the die is fair) = 0.0397\n" in printed
    assert "posterior: P(the die is fair | 27 Hands), box 1/10 loaded = 0.678\n" in printed
    nb.says("The posterior, 0.678, is the chance that Kenzie's die is fair, given her 27 Hands and the box",
            "The p-value is not the chance that the die is fair: it is 0.04 here, while the chance that her die "
            "is fair is 0.678", "here the chance that it is fair is 0.678")
    nb.never_says("p = 0 ", "p-value is the chance that the die", "chance that the die is fair is 0.04",
                  "95% sure", "proves the die")


def test_keeping_27_or_more_asks_another_question(nb):
    a = SHARE * sum(chance_of(k, ROLLS, LOADED) for k in range(HANDS, ROLLS + 1))
    b = (1 - SHARE) * p_value()
    assert f"{float(a / (a + b)):.3f}" == "0.696"
    nb.says("its chance of being loaded is 0.696")


def test_try_it_1_a_box_half_loaded(nb):
    out = nb.printed_by(("share_loaded = Fraction(1, 10)", "share_loaded = Fraction(1, 2)"))
    assert "chance that Kenzie's die is loaded: 0.8106\n" in out and "= 0.0397\n" in out
    nb.says("(1) 0.811, 81 in 100; the p-value stays 0.0397")


def test_try_it_2_twice_the_rolls(nb):
    assert f"{float(posterior(rolls=120, hands=54)):.3f}" == "0.671" and posterior(rolls=120, hands=54) > posterior()
    assert f"{float(p_value(120, 54)):.3g}" == "0.00516"
    out = nb.printed_by(("rolls = 60 ", "rolls = 120 "), ("kenzie_hands = 27 ", "kenzie_hands = 54 "))
    assert "chance that Kenzie's die is loaded: 0.6706\n" in out and "= 0.00516\n" in out
    nb.says("(2) 0.671: twice the rolls with the same share of Hands give stronger evidence, and the p-value falls "
            "to 0.00516")


def test_try_it_3_a_more_loaded_die(nb):
    strong = Fraction(2, 3)
    assert chance_of(HANDS, ROLLS, FAIR) / chance_of(HANDS, ROLLS, strong) == 64 and ROLLS * strong == 40
    assert f"{float(posterior(loaded=strong)):.4f}" == "0.0017"
    out = nb.printed_by(("loaded_hand = Fraction(1, 2)", "loaded_hand = Fraction(2, 3)"))
    assert "chance that Kenzie's die is loaded: 0.0017\n" in out
    nb.says("(3) 0.0017: a die with 4 Hands gives about 40 Hands in 60 rolls",
            "each 27-Hand result is 64 times as likely from a fair die as from this one")


def test_the_try_its_change_a_number(nb):
    nb.says("change `share_loaded = Fraction(1, 10)` to `Fraction(1, 2)`", "change `rolls = 60` to `120` and "
            "`kenzie_hands = 27` to `54`", "change `loaded_hand = Fraction(1, 2)` to `Fraction(2, 3)`")
