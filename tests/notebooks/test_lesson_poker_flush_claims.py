"""What notebooks/lesson-poker-flush.ipynb says: the chance of a flush in 8 cards, counted and simulated.

The exact counts are derived here without :func:`furlib.poker.analysis.chance`: every way to spread a hand
over the six colours (or over the numbers) is listed, and the hands of each spread are counted with
``math.comb`` (the hypergeometric count), so the library and the lesson's three shapes are both checked.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, product
from math import comb, prod

import pytest

from furlib.core.stats import estimate
from furlib.poker.analysis import chance, simulate
from furlib.poker.cards import BASIC, COLOURS, colour, number

NOTEBOOK = "lesson-poker-flush.ipynb"
DECK, PER_COLOUR = 72, 12


def hands_by_colour_spread(cards: int) -> Counter[tuple[int, ...]]:
    """Hands of ``cards`` basic cards, by their spread over the colours (largest first): C(12, c1) ... C(12, c6)."""
    out: Counter[tuple[int, ...]] = Counter()
    for split in product(range(min(cards, PER_COLOUR) + 1), repeat=len(COLOURS)):
        if sum(split) == cards:
            out[tuple(sorted(split, reverse=True))] += prod(comb(PER_COLOUR, c) for c in split)
    return out


def flush_chance(size: int, cards: int) -> Fraction:
    """The share of all C(72, cards) hands with ``size`` or more cards of one colour."""
    spreads = hands_by_colour_spread(cards)
    assert sum(spreads.values()) == comb(DECK, cards)
    return Fraction(sum(n for s, n in spreads.items() if s[0] >= size), comb(DECK, cards))


def coefficient(polys: list[list[int]], power: int) -> int:
    """The coefficient of x**power in the product of the polynomials (lists of coefficients)."""
    out = [1]
    for p in polys:
        new = [0] * (len(out) + len(p) - 1)
        for i, a in enumerate(out):
            for j, b in enumerate(p):
                new[i + j] += a * b
        out = new
    return out[power] if power < len(out) else 0


def no_run_of_3(present: set[int]) -> bool:
    return not any({n, n + 1, n + 2} <= present for n in range(1, 11))


NUMBER_SETS = [set(s) for k in range(13) for s in combinations(range(1, 13), k)]


def test_the_deck():
    nb_colours = Counter(colour(c) for c in BASIC)
    assert len(BASIC) == DECK and len(COLOURS) == 6 and set(nb_colours.values()) == {PER_COLOUR}
    assert sorted(Counter(number(c) for c in BASIC).items()) == [(n, 6) for n in range(1, 13)]


def test_question_and_guess(nb):
    nb.says("Question: you are dealt 8 basic cards at random. Out of 100 such deals, how many hold a flush of 3 or "
            "more?")
    nb.runs('guess = Prediction("Out of 100 deals of 8 cards, how many hold a flush of 3 or more?")',
            "guess.compare(simulated=100 * share.p, exact=100 * float(exact))")


def test_the_count_step_by_step(nb):
    nb.says("There are 72 basic cards: the numbers 1 to 12 in six colours, so 12 cards of each colour",
            "`comb(12, 2) = 66` ways to take 2 of a colour's 12 cards, `comb(12, 1) = 12` ways to take 1",
            "| 2 2 2 2 0 0 | 4 | 0 | 2 |", "| 2 2 2 1 1 0 | 3 | 2 | 1 |", "| 2 2 1 1 1 1 | 2 | 4 | 0 |",
            "7,845,539,625 of the 11,969,016,345 hands hold one, a chance of 15849575/24179831 ≈ 0.6555, "
            "about two deals in three",
            "Eight cards in six colours must put at least two cards in some colour",
            "which 4,123,476,720 have no flush (284,621,040 + 2,483,965,440 + 1,354,890,240 for the three shapes) "
            "and 7,845,539,625 have one: 15849575/24179831 ≈ 0.6555")
    nb.runs("all_hands = comb(deck, 8)", "shape_2222 = comb(6, 4) * two**4",
            "shape_22211 = comb(6, 3) * comb(3, 2) * two**3 * one**2", "shape_221111 = comb(6, 2) * two**2 * one**4",
            "flush = all_hands - no_flush", "exact = Fraction(flush, all_hands)")
    assert comb(12, 2) == 66 and comb(DECK, 8) == 11_969_016_345
    spreads = hands_by_colour_spread(8)
    no_flush = {s: n for s, n in spreads.items() if s[0] <= 2}
    assert no_flush == {(2, 2, 2, 2, 0, 0): 284_621_040, (2, 2, 2, 1, 1, 0): 2_483_965_440,
                        (2, 2, 1, 1, 1, 1): 1_354_890_240}
    assert sum(no_flush.values()) == 4_123_476_720
    assert comb(DECK, 8) - 4_123_476_720 == 7_845_539_625
    p = flush_chance(3, 8)
    assert p == Fraction(7_845_539_625, 11_969_016_345) == Fraction(15849575, 24179831) == chance("flush", 3, 8)
    assert f"{float(p):.4f}" == "0.6555" and 0.6 < float(p) < 0.7


def test_longer_flushes(nb):
    nb.says("4 or more cards of one colour come with chance 0.1351, 5 or more with chance 0.0144 "
            "(about 1 deal in 69), and 6 or more with chance 0.0008",
            "For a flush of 3 in 8 cards it gives our fraction again")
    nb.runs("cards = 8", 'p = chance("flush", size, cards)')
    shown = [flush_chance(s, 8) for s in (4, 5, 6)]
    assert [f"{float(p):.4f}" for p in shown] == ["0.1351", "0.0144", "0.0008"]
    assert shown == [chance("flush", s, 8) for s in (4, 5, 6)]
    assert round(1 / float(shown[1])) == 69


def test_simulation(nb):
    nb.runs("n = 10_000", 'hits = simulate("flush", 3, 8, n, seed=2024)', "share.covers(exact)")
    nb.says("The share is an estimate of the chance",
            "a method that catches the true chance in 95 of 100 experiments like this one",
            "with seed 2024 the simulation finds 6,510 flushes in 10,000 hands, a share of 0.6510 with a 95% "
            "interval from 0.6416 to 0.6603, which catches the exact 0.6555")
    nb.never_says("1313 of the 10,000")
    hits = simulate("flush", 3, 8, 10_000, seed=2024)
    e = estimate(hits, 10_000)
    assert hits == 6510 and (f"{e.low:.4f}", f"{e.high:.4f}") == ("0.6416", "0.6603")
    assert e.covers(flush_chance(3, 8))


def test_other_combinations(nb):
    nb.runs("exact_vs_simulated_chart(8, size=3, n=2000, seed=1)")
    nb.says("a pair is almost certain (chance 0.9305), a straight of 3 is about as likely as a flush of 3 "
            "(0.6580 against 0.6555), and a straight flush of 3 is rare (0.0524)")
    all_hands = comb(DECK, 8)
    no_pair = comb(12, 8) * 6 ** 8                      # 8 different numbers, any colour each
    # no straight of 3: the numbers present have no 3 in a row; each present number gives 1 to 6 of its cards
    no_straight = sum(coefficient([[0] + [comb(6, j) for j in range(1, 7)]] * len(s), 8)
                      for s in NUMBER_SETS if no_run_of_3(s))
    # no straight flush of 3: within each colour, the numbers held have no 3 in a row
    per_colour = [sum(1 for s in NUMBER_SETS if len(s) == k and no_run_of_3(s)) for k in range(13)]
    no_straight_flush = coefficient([per_colour] * 6, 8)
    shown = {"of a kind": 1 - Fraction(no_pair, all_hands), "straight": 1 - Fraction(no_straight, all_hands),
             "straight flush": 1 - Fraction(no_straight_flush, all_hands)}
    assert {k: f"{float(v):.4f}" for k, v in shown.items()} == \
        {"of a kind": "0.9305", "straight": "0.6580", "straight flush": "0.0524"}
    assert shown == {"of a kind": chance("of a kind", 2, 8), "straight": chance("straight", 3, 8),
                     "straight flush": chance("straight flush", 3, 8)}


@pytest.mark.parametrize("cards, shown", [(6, "0.3200"), (10, "0.9096")])
def test_teacher_answers_more_or_fewer_cards(nb, cards, shown):
    nb.says("(3) 6 cards: 0.3200; 10 cards: 0.9096",
            "13 cards always hold a flush of 3 (13 cards in six colours put at least 3 in one colour)")
    assert f"{float(flush_chance(3, cards)):.4f}" == shown == f"{float(chance('flush', 3, cards)):.4f}"
    assert flush_chance(3, 13) == 1 and flush_chance(3, 12) < 1


def test_teacher_answers_a_smaller_simulation(nb):
    nb.says("Wider, about 3 times (√10 ≈ 3.2): with seed 2024, 648 of 1,000 hands, an interval from "
            "0.6179 to 0.6770", "about 1 interval in 20 misses the exact value")
    small, big = estimate(simulate("flush", 3, 8, 1_000, seed=2024), 1_000), estimate(6510, 10_000)
    assert small.successes == 648 and (f"{small.low:.4f}", f"{small.high:.4f}") == ("0.6179", "0.6770")
    assert 2.9 < (small.high - small.low) / (big.high - big.low) < 3.5


def test_a_personal_area_ends_with_about_8_cards(nb):
    """The lesson's premise: "A Personal Area ends with about 8 cards". 8 seeded games (seeds 0 to 7) each with 2, 3
    and 4 players (the box's counts), played to the end by the default bots: 72 areas. Their average number of
    cards (face up and down, specials too) is an estimate; its 95% interval (mean ± 1.96 standard errors) lies
    within 7.5 to 8.5, and no area holds more than 8."""
    from furlib.poker import FurryPoker

    nb.says("A Personal Area ends with about 8 cards")
    sizes = [g.area_size(p) for n in (2, 3, 4) for g in (FurryPoker(n, seed=s).play() for s in range(8))
             for p in g.players]
    assert len(sizes) == 8 * (2 + 3 + 4) and max(sizes) == 8
    mean = sum(sizes) / len(sizes)
    sd = (sum((x - mean) ** 2 for x in sizes) / (len(sizes) - 1)) ** 0.5
    half = 1.96 * sd / len(sizes) ** 0.5
    assert 7.5 < mean - half and mean + half < 8.5, (mean, half)
