"""What notebooks/lesson-hypergeometric.ipynb says: a hand dealt from Furry Poker's deck against rolls of a six-colour
die, the hypergeometric against the binomial, and the finite population correction.

The exact chances are counted here by brute force over colour spreads (``math.comb`` per colour) or from the
formulas, not through furlib.lessons' helpers, which are checked against them.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from furlib import FurryPoker
from furlib.core.stats import estimate
from furlib.poker.cards import BASIC, colour

NOTEBOOK = "lesson-hypergeometric.ipynb"
DECK, RED = 72, 12
SEEDS = range(8)


def dealt(k: int, n: int, deck: int = DECK, red: int = RED) -> Fraction:
    return Fraction(comb(red, k) * comb(deck - red, n - k), comb(deck, n))


def rolled(k: int, n: int) -> Fraction:
    return comb(n, k) * Fraction(1, 6) ** k * Fraction(5, 6) ** (n - k)


def two_or_more(chance, n: int) -> Fraction:
    return 1 - chance(0, n) - chance(1, n)


def sd(chance, n: int) -> float:
    mean = sum(k * chance(k, n) for k in range(n + 1))
    return math.sqrt(sum((k - mean) ** 2 * chance(k, n) for k in range(n + 1)))


def simulate(seed: int, size: int = 6, setup: int = 33):
    """The notebook's simulation, step by step: the shares of hands with 2 or more Red, dealt and rolled, and the
    Red counts of the 33-card deals and rolls."""
    red = np.array([colour(card) == "red" for card in BASIC])
    rng = np.random.default_rng(seed)
    decks = rng.permuted(np.tile(red, (10_000, 1)), axis=1)
    hand = decks[:, :size].sum(axis=1)
    roll = (rng.integers(0, 6, size=(10_000, size)) == 0).sum(axis=1)
    deals = decks[:, :setup].sum(axis=1)
    rolls = (rng.integers(0, 6, size=(10_000, setup)) == 0).sum(axis=1)
    return estimate(int((hand >= 2).sum()), 10_000), estimate(int((roll >= 2).sum()), 10_000), deals, rolls


@pytest.fixture(scope="module")
def printed(nb):
    return nb.printed_by()


def test_the_deck(nb):
    nb.says("72 basic cards: the numbers 1 to 12 in six colours, so 12 cards of each colour",
            "A die with six colours on its faces would show Red 1 time in 6, and so is 1 card in 6 of the deck")
    assert len(BASIC) == DECK and set(Counter(colour(c) for c in BASIC).values()) == {RED}
    assert [colour(c) == "red" for c in BASIC].count(True) == RED


def test_question_and_guess(nb):
    nb.says("Question: you are dealt a starting hand of 6 cards. What is the chance that it holds 2 or more Red cards? "
            "Would the chance be different if each of your 6 cards were the roll of a six-colour die?")
    nb.runs('guess = Prediction("Out of 100 starting hands of 6 cards, how many hold 2 or more Red cards?")',
            "guess.compare(simulated=100 * share_dealt.p, exact=100 * float(exact_cards))")


def test_the_deal_of_a_game(nb, printed):
    nb.runs("g = FurryPoker(4, seed=10)", "while g.is_chance:")
    nb.says("deals each player a hand of 6 and one more card face down in each Personal Area",
            "33 cards, almost half the deck", "5 Public cards, 4 hands of 6 and 4 face-down cards",
            "with seed 10 the hands hold 0, 2, 2 and 1 Red cards, and 6 of the 33 cards dealt are Red")
    g = FurryPoker(4, seed=10)
    while g.is_chance:
        g.step()
    reds = [sum(colour(c) == "red" for c in hand) for hand in g.hands.values()]
    down = [c for area in g.personal.values() for c in area["down"]]
    cards = g.public + [c for hand in g.hands.values() for c in hand] + down
    assert reds == [0, 2, 2, 1] and len(cards) == 33 == 5 + 4 * 6 + 4 and len(set(cards)) == 33
    assert sum(colour(c) == "red" for c in cards) == 6 and "33 cards dealt; 6 of them Red\n" in printed
    for player, hand in g.hands.items():
        assert f"{player}: {' '.join(hand)}   Red cards: {sum(colour(c) == 'red' for c in hand)}\n" in printed
    assert {c[:1] if c[:2] != "Gy" else "Gy" for c in BASIC} == {"R", "Y", "G", "B", "P", "Gy"}
    nb.says("the whole game sees them all; a player sees only their own")
    seen = g.view("Player 1").hands
    assert seen["Player 1"] == g.hands["Player 1"] and all(seen[p] == 6 for p in ("Player 2", "Player 3", "Player 4"))
    nb.says("`R` Red, `Y` Yellow, `G` Green, `B` Blue, `P` Purple, `Gy` Gray")
    before_teacher = nb.markdown.split("Teacher notes")[0]
    assert "0, 2, 2 and 1" not in before_teacher


def test_the_exact_chances(nb, printed):
    nb.says("2 or more Red cards come with chance 1451318/5579961 ≈ 0.2601 when dealt and 0.2632 when rolled, a "
            "difference of 0.0031, about three hands in a thousand",
            "A hand with no Red card at all comes with chance 0.3204 dealt and 0.3349 rolled",
            "After one Red card is dealt, 11 of the 71 cards left are Red: 15.5% instead of 16.7%")
    nb.runs("cards = {k: Fraction(comb(12, k) * comb(60, size - k), comb(72, size)) for k in range(size + 1)}",
            "dice = {k: comb(size, k) * Fraction(1, 6)**k * Fraction(5, 6)**(size - k) for k in range(size + 1)}")
    cards, dice = two_or_more(dealt, 6), two_or_more(rolled, 6)
    # by brute force: every spread of a hand of 6 over Red and not-Red, counted card by card
    assert sum(dealt(k, 6) for k in range(7)) == 1 and comb(72, 6) == 156_238_908
    assert cards == Fraction(1451318, 5579961) and (f"{float(cards):.4f}", f"{float(dice):.4f}") == ("0.2601", "0.2632")
    assert f"{float(dice - cards):.4f}" == "0.0031" and round(1000 * float(dice - cards)) == 3
    assert (f"{float(dealt(0, 6)):.4f}", f"{float(rolled(0, 6)):.4f}") == ("0.3204", "0.3349")
    assert (f"{11 / 71:.1%}", f"{1 / 6:.1%}") == ("15.5%", "16.7%")
    assert "the helpers agree: True\n" in printed and "2 or more Red, dealt:  1451318/5579961 ≈ 0.2601\n" in printed
    assert "2 or more Red, rolled: 0.2632\n" in printed
    table = [f"{k:2}   {float(dealt(k, 6)):>13.4f}   {float(rolled(k, 6)):>13.4f}" for k in range(7)]
    assert "\n".join(table) in printed
    assert 0.24 < float(cards) < 0.27          # "near a quarter"


def test_ten_thousand_hands_cannot_tell_cards_from_dice(nb, printed):
    nb.runs("hands, size = 10_000, 6", "rng = np.random.default_rng(1)",
            "decks = rng.permuted(np.tile(red, (hands, 1)), axis=1)", "dealt = decks[:, :size].sum(axis=1)",
            "rolled = (rng.integers(0, 6, size=(hands, size)) == 0).sum(axis=1)")
    nb.says("Both shares sit near a quarter", "Each share is uncertain by about ±0.009 (the half-width of its "
            "interval), and the difference between two such shares by about ±0.012",
            "it is far smaller than that: these simulations cannot see it, whichever way their two shares happen to "
            "differ", "a method that catches the true chance in 95 of 100 simulations like this one")
    exact = float(two_or_more(dealt, 6))
    half = 1.96 * math.sqrt(exact * (1 - exact) / 10_000)
    assert round(half, 3) == 0.009 and round(math.sqrt(2) * half, 3) == 0.012
    assert float(two_or_more(rolled, 6) - two_or_more(dealt, 6)) < half / 2
    shares = [simulate(seed)[:2] for seed in SEEDS]
    assert all(0.23 < s.p < 0.29 for pair in shares for s in pair)                         # near a quarter, any seed
    assert all(abs(s.high - s.low) / 2 == pytest.approx(0.0087, abs=0.0004) for pair in shares for s in pair)
    assert {a.p > b.p for a, b in shares} == {True, False}              # either share may come out higher
    d1, r1 = shares[SEEDS.index(1)]
    assert (d1.successes, r1.successes) == (2642, 2592) and d1.covers(exact) and r1.covers(two_or_more(rolled, 6))
    assert f"dealt, 2 or more Red:  {d1}\n" in printed and f"rolled, 2 or more Red: {r1}\n" in printed
    assert "the intervals catch them: True, True\n" in printed
    nb.says("with seed 1 the simulation finds 2,642 and 2,592 such hands in 10,000: here the dealt share came out "
            "the higher one, the opposite of the exact values", "both intervals catch their exact value")
    assert "2,642" not in nb.markdown.split("Teacher notes")[0]


def test_the_whole_set_up(nb, printed):
    nb.says("Cards and dice agree on the average, 33 × 1/6 = 5.5 Red cards",
            "Exactly, 4 to 7 Red cards come with chance 0.797 when 33 cards are dealt, and only 0.651 if they were 33 "
            "rolls of a die", "The standard deviation (the SD of `lesson-spread`) is 1.59 cards for the deal and 2.14 "
            "for the die", "The dealt bars are taller in the middle and shorter at both ends",
            "The dots, the shares of the simulated deals, follow the dealt bars, not the die's",
            "For 33 cards: 4 to 7 Red with chance 0.797 (dealt) and 0.651 (rolled); SDs 1.59 and 2.14 cards")
    nb.runs("setup = 5 + 4 * 6 + 4", "deals = decks[:, :setup].sum(axis=1)", "middle = [4, 5, 6, 7]")
    middle = range(4, 8)
    inside = [float(sum(chance(k, 33) for k in middle)) for chance in (dealt, rolled)]
    assert [f"{v:.3f}" for v in inside] == ["0.797", "0.651"]
    assert [f"{sd(c, 33):.2f}" for c in (dealt, rolled)] == ["1.59", "2.14"]
    assert sum(k * dealt(k, 33) for k in range(13)) == Fraction(11, 2) == sum(k * rolled(k, 33) for k in range(34))
    taller = [k for k in range(13) if dealt(k, 33) > rolled(k, 33)]
    assert taller == [4, 5, 6, 7]                                    # the middle; shorter at both ends
    for seed in SEEDS:                                               # the dots follow the dealt bars, any seed
        deals = simulate(seed)[2]
        shares = np.array([(deals == k).mean() for k in range(34)])
        to_dealt = np.abs(shares - [float(dealt(k, 33)) for k in range(34)]).sum()
        to_rolled = np.abs(shares - [float(rolled(k, 33)) for k in range(34)]).sum()
        assert to_dealt < 0.05 < 0.2 < to_rolled
    deals, rolls = simulate(1)[2:]
    for name, found, chance in (("dealt", deals, dealt), ("rolled", rolls, rolled)):
        line = (f"{name:>6}: simulated SD {found.std():.2f}, 4 to 7 Red in {np.isin(found, middle).mean():.1%}; "
                f"exact SD {sd(chance, 33):.2f}, 4 to 7 Red {float(sum(chance(k, 33) for k in middle)):.1%}")
        assert line + "\n" in printed


def test_the_chart(nb):
    """The chart's counts, 0 to 14 Red cards, leave out less than 2 deals in 10,000 of either distribution."""
    nb.runs("counts = list(range(15))", '.bars(labels, [float(dealt_33.get(k, 0)) for k in counts], '
            '"dealt: hypergeometric (exact)", EXACT_COLOR)', '"10,000 simulated deals", COLORS[0], low, high))')
    assert sum(rolled(k, 33) for k in range(15, 34)) < Fraction(2, 10_000) and dealt(13, 33) == 0


def test_the_finite_population_correction(nb):
    nb.says("SD of the deal = SD of the dice × √((N − n) / (N − 1))",
            "For 6 cards it is √(66/71) ≈ 0.964: the deal spreads 3.6% less than the dice",
            "For 33 cards it is √(39/71) ≈ 0.741", "For all 72 cards it is 0: the whole deck always holds exactly 12 "
            "Red cards", "The factor stays above 0.95 up to 7 cards, a tenth of the deck")
    for n in (6, 19, 33, 60):
        assert sd(dealt, n) == pytest.approx(sd(rolled, n) * math.sqrt((72 - n) / 71))
    assert f"{math.sqrt(66 / 71):.3f}" == "0.964" and f"{1 - math.sqrt(66 / 71):.1%}" == "3.6%"
    assert f"{math.sqrt(39 / 71):.3f}" == "0.741"
    assert [n for n in range(1, 73) if math.sqrt((72 - n) / 71) > 0.95] == list(range(1, 8)) and 72 / 10 > 7
    nb.runs("factor = np.sqrt((72 - dealt_cards) / 71)")
    nb.says("a poll of 1,000 people out of a country of millions is as good as drawing with replacement; a poll of 30 "
            "out of a class of 33 is not")
    assert math.sqrt((10**6 - 1000) / (10**6 - 1)) > 0.999 and math.sqrt(3 / 32) < 0.31


def test_teacher_answers_the_try_its(nb):
    nb.says("(1) 19 cards: SD 1.40 for the deal against 1.62 for the dice (the factor is √(53/71) ≈ 0.864)",
            "(2) 12 cards: 0.6412 dealt against 0.6187 rolled, a difference of 0.0226, seven times the 0.0031 of 6 "
            "cards (12 cards are a sixth of the deck; the factor is √(60/71) ≈ 0.919)",
            "(3) No Red card: comb(15, 6)/comb(18, 6) = 55/204 ≈ 0.2696 dealt against (5/6)⁶ ≈ 0.3349 rolled",
            "(4) {12: 1}: the whole deck holds all 12 Red cards, always",
            "A 2-player game deals 5 + 2 × 6 + 2 = 19 cards")
    assert 5 + 2 * 6 + 2 == 19
    assert [f"{sd(c, 19):.2f}" for c in (dealt, rolled)] == ["1.40", "1.62"] and f"{math.sqrt(53 / 71):.3f}" == "0.864"
    twelve = [float(two_or_more(c, 12)) for c in (dealt, rolled)]
    assert [f"{v:.4f}" for v in twelve] == ["0.6412", "0.6187"] and f"{twelve[0] - twelve[1]:.4f}" == "0.0226"
    assert round((twelve[0] - twelve[1]) / float(two_or_more(rolled, 6) - two_or_more(dealt, 6))) == 7
    assert f"{math.sqrt(60 / 71):.3f}" == "0.919"
    small = dealt(0, 6, deck=18, red=3)
    assert small == Fraction(comb(15, 6), comb(18, 6)) == Fraction(55, 204) and f"{float(small):.4f}" == "0.2696"
    assert f"{float(Fraction(5, 6) ** 6):.4f}" == "0.3349"
    from furlib.lessons import hypergeometric
    assert hypergeometric(72, 12, 72) == {12: 1}


def test_try_it_1_and_2_as_the_students_run_them(nb):
    """The Try-its' changes made in the notebook's own code, as a student makes them."""
    out = nb.printed_by(("setup = 5 + 4 * 6 + 4", "setup = 5 + 2 * 6 + 2"))
    assert "exact SD 1.40" in out and "exact SD 1.62" in out
    out = nb.printed_by(("hands, size = 10_000, 6", "hands, size = 10_000, 12"))
    assert "2 or more Red, dealt:  " in out and "≈ 0.6412\n" in out and "2 or more Red, rolled: 0.6187\n" in out
    assert "the helpers agree: True\n" in out


def test_a_whole_game_deals_most_of_the_deck(nb):
    """Section 5: "A whole game deals most of the deck", in 8 seeded games (seeds 0 to 7) each with 2, 3 and 4
    players, played to the end by the default bots: every one deals more than half of the 72 basic cards. And "far
    more evenly": for 54 cards the exact SDs of the Red count, deal and dice, are in the ratio √(18/71) ≈ 0.50."""
    nb.says("A whole game deals most of the deck, and its colours come out far more evenly than dice would allow: "
            "with 54 of the 72 cards dealt, the factor is √(18/71) ≈ 0.50, half the spread of 54 rolls")
    nb.never_says("A long game deals most of the deck")
    for players in (2, 3, 4):
        for seed in range(8):
            g = FurryPoker(players, seed=seed)
            assert g.deck_size == 72
            dealt_cards = 72 - g.play().deck_size
            assert dealt_cards > 72 / 2, (players, seed, dealt_cards)
    assert sd(dealt, 54) / sd(rolled, 54) == pytest.approx(math.sqrt(18 / 71), rel=1e-12)
    assert f"{math.sqrt(18 / 71):.2f}" == "0.50"
