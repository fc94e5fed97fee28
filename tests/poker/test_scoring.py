"""The exact scorer against the rulebook, hand-worked totals and the brute-force reference."""

from __future__ import annotations

import random

import pytest

from furlib.poker import best_score
from furlib.poker.cards import COLOURS
from furlib.poker.scoring import combination_points

from .brute import brute_score

DECK = [(n, c) for c in COLOURS for n in range(1, 13)]
ABILITY_VALUES = (1, 2, 3, 4, -1, -2, -3, -4)


def test_rulebook_example_straight_3_to_8_and_a_pair_of_2s_is_7():
    cards = [(3, "red"), (4, "blue"), (5, "red"), (6, "gray"), (7, "green"), (8, "red"), (2, "yellow"),
             (2, "blue")]
    assert best_score(cards).points == 7
    assert brute_score(cards) == 7


def test_the_table():
    assert [combination_points("of a kind", k) for k in range(2, 9)] == [1, 3, 7, 10, 13, 16, 19]
    assert [combination_points("straight flush", k) for k in range(3, 9)] == [3, 6, 9, 12, 15, 18]
    assert [combination_points("flush", k) for k in range(3, 9)] == [2, 4, 6, 7, 8, 9]
    assert [combination_points("straight", k) for k in range(3, 9)] == [2, 3, 5, 6, 7, 8]
    assert combination_points("flush", 2) == combination_points("straight", 2) == 0


@pytest.mark.parametrize("cards, cc, abilities, expected", [
    ([], 0, (), 0),
    ([(7, "red")], 2, (1,), 0),
    ([(5, "red"), (5, "blue")], 0, (), 1),                                   # a pair
    ([(5, "red"), (6, "blue")], 0, (-1,), 1),                                # -1 makes a pair of 5s
    ([(5, "red"), (6, "red")], 0, (), 0),                                    # two cards of a colour: nothing
    ([(11, "red"), (12, "blue"), (1, "green")], 0, (), 0),                   # no wrap from 12 to 1
    ([(1, "red"), (2, "red"), (3, "blue")], 1, (), 3),                       # a straight flush by a Color-Change
    ([(1, "red"), (5, "red"), (9, "red"), (12, "red")], 0, (), 4),           # flush of 4
    ([(4, "red")] * 1 + [(4, "blue"), (4, "gray"), (4, "green")], 0, (), 7),  # 4 of a kind
    ([(12, "red"), (12, "blue")], 0, (4,), 1),                               # +4 would pass 12: unused
    ([(3, "red"), (3, "blue"), (3, "green"), (3, "gray"), (3, "purple"), (3, "yellow")], 0, (), 13),
])
def test_hand_worked_totals(cards, cc, abilities, expected):
    assert best_score(cards, cc, abilities).points == expected
    assert brute_score(cards, cc, abilities) == expected


def test_the_explanation_names_the_combinations_and_the_changes():
    s = best_score([(1, "red"), (2, "red"), (3, "blue"), (9, "gray"), (11, "purple")], 1, (-1,))
    assert s.points == 3 + 0
    assert [str(c) for c in s.combinations] == ["straight flush 1-3 in red (3 points)"]
    assert [str(c) for c in s.changes] == ["the Blue 3 becomes the Red 3 (Color-Change)"]
    s = best_score([(5, "red"), (7, "blue"), (7, "green")], 0, (2, -1))
    assert s.points == 3 and [str(c) for c in s.changes] == ["the Red 5 becomes the Red 7 (+2)"]
    assert "3 points in all" in s.explain() and "3 of a kind (7s) (3 points)" in s.explain()
    s = best_score([(5, "red"), (9, "blue")])
    assert s.points == 0 and s.unused == ((5, "red"), (9, "blue")) and str(s) .startswith("0 points")


def test_every_card_is_counted_once_and_changes_add_up():
    rng = random.Random(7)
    for _ in range(200):
        cards = rng.sample(DECK, rng.randint(3, 9))
        cc = rng.randint(0, 2)
        ab = tuple(rng.sample(ABILITY_VALUES, rng.randint(0, 2)))
        s = best_score(cards, cc, ab)
        used = [c for comb in s.combinations for c in comb.cards]
        assert len(used) + len(s.unused) == len(cards)
        assert sum(c.points for c in s.combinations) == s.points
        assert sum(1 for ch in s.changes for sp in ch.specials if sp == "Color-Change") <= cc
        assert sorted(sp for ch in s.changes for sp in ch.specials if sp != "Color-Change") == \
            sorted(sp for sp in {f"{a:+d}" for a in ab} if any(sp in ch.specials for ch in s.changes))


@pytest.mark.parametrize("bad, match", [
    ([(13, "red")], "number from 1 to 12"),
    ([(0, "red")], "number from 1 to 12"),
    ([(5, "pink")], "unknown colour 'pink'"),
    (["R5"], r"\(number, colour\)"),
])
def test_bad_cards_are_refused(bad, match):
    with pytest.raises(ValueError, match=match):
        best_score(bad)


def test_bad_specials_are_refused():
    with pytest.raises(ValueError, match="color_changes"):
        best_score([(1, "red")], -1)
    with pytest.raises(ValueError, match="abilities"):
        best_score([(1, "red")], 0, (0,))


AREA = [(7, "red"), (8, "red"), (9, "blue")]
ABILITY_WORDS = "-4, -3, -2, -1, +1, +2, +3, +4"


@pytest.mark.parametrize("args, message", [
    (([(7, "red")] * 2,),
     "the deck holds one Red 7, but the cards give it twice ((7, 'red')); each basic card may appear once"),
    (([(7, "red"), (7, "RED")],),
     "unknown colour 'RED' in the card (7, 'RED'); colours are exactly "
     "['red', 'yellow', 'green', 'blue', 'purple', 'gray']"),
    (([(7, " red")],),
     "unknown colour ' red' in the card (7, ' red'); colours are exactly "
     "['red', 'yellow', 'green', 'blue', 'purple', 'gray']"),
    ((AREA, 7), "color_changes must be a whole number from 0 to 6 (the deck holds 6 Color-Change cards), got 7"),
    ((AREA, True), "color_changes must be a whole number from 0 to 6 (the deck holds 6 Color-Change cards), got True"),
    ((AREA, 1.0), "color_changes must be a whole number from 0 to 6 (the deck holds 6 Color-Change cards), got 1.0"),
    ((AREA, 0, [4, 4]),
     "the deck holds one +4 Ability card, but abilities give it twice ([4, 4]); each Ability card may appear once"),
    ((AREA, 0, [5]), f"abilities must be values of Ability cards, {ABILITY_WORDS}; got 5"),
    ((AREA, 0, [-11]), f"abilities must be values of Ability cards, {ABILITY_WORDS}; got -11"),
    ((AREA, 0, [2.0]), f"abilities must be values of Ability cards, {ABILITY_WORDS}; got 2.0"),
    ((AREA, 0, 5), "abilities must be a list, e.g. (2, -1); got 5"),
    ((AREA, 0, None), "abilities must be a list, e.g. (2, -1); got None"),
    ((None,), "cards must be a list, e.g. [(7, 'red'), (8, 'red')] (basic cards as (number, colour)); got None"),
    (("R7",), "cards must be a list, e.g. [(7, 'red'), (8, 'red')] (basic cards as (number, colour)); got 'R7'"),
    ((["R7"],), "each card must be (number, colour) with a whole number from 1 to 12, e.g. (7, 'red'); got 'R7' "
                "(a card name such as 'R7' is read by furlib.poker.cards.parse_card)"),
    (([(7.0, "red")],), "each card must be (number, colour) with a whole number from 1 to 12, e.g. (7, 'red'); "
                        "got (7.0, 'red')"),
    ((DECK[:9], 0, (1, 2, 3)), "the scorer takes at most 11 basic and Ability cards together (the rules' largest "
                               "Personal Area holds 8 cards in all), got 9 basic cards and more than 2 Ability cards"),
    ((DECK[:8], 0, ABILITY_VALUES), "the scorer takes at most 11 basic and Ability cards together (the rules' "
                                    "largest Personal Area holds 8 cards in all), got 8 basic cards and more than 3 "
                                    "Ability cards"),
])
def test_what_the_deck_cannot_hold_is_refused_naming_it(args, message):
    given = [list(a) if isinstance(a, list) else a for a in args]
    with pytest.raises(ValueError) as e:
        best_score(*args)
    assert str(e.value) == message
    assert [list(a) if isinstance(a, list) else a for a in args] == given     # nothing changed


def test_numpy_integers_are_taken_like_ints():
    np = pytest.importorskip("numpy")
    cards = [(np.int64(7), "red"), (np.int32(8), "red"), (9, "blue")]
    got = best_score(cards, np.int64(1), [np.int64(-1)])
    assert got == best_score([(7, "red"), (8, "red"), (9, "blue")], 1, [-1])
    assert got.points == 3 and all(type(n) is int for comb in got.combinations for n, _ in comb.cards)


@pytest.mark.parametrize("basic, color_changes, abilities", [
    (8, 0, 0), (4, 0, 4), (3, 0, 5), (2, 0, 6), (4, 2, 2), (2, 6, 0),   # 8 cards: the rules' largest area
    (5, 6, 5), (6, 2, 5),                                              # the scorer's bound (11 basic and Abilities)
])
def test_the_largest_areas_are_scored(basic, color_changes, abilities):
    """Crowded numbers (5-8 in turn) make the most ways for the Abilities; times in benchmarks/README.md."""
    cards = [(5 + i % 4, COLOURS[i % 6]) for i in range(basic)]
    s = best_score(cards, color_changes, ABILITY_VALUES[:abilities])
    used = [c for comb in s.combinations for c in comb.cards]
    assert len(used) + len(s.unused) == basic and sum(c.points for c in s.combinations) == s.points
    if basic + color_changes + abilities <= 8 and basic <= 5 and abilities:
        assert s.points == brute_score(cards, color_changes, ABILITY_VALUES[:abilities])


def _random_area(rng: random.Random, size: int = 8):
    """A random Personal Area of ``size`` cards with 0-4 specials (as the game deals them)."""
    k = rng.randint(0, 4)
    cc = rng.randint(0, k)
    abilities = tuple(rng.sample(ABILITY_VALUES, k - cc))
    return rng.sample(DECK, size - k), cc, abilities


def _compare(n_areas: int, seed: int) -> None:
    rng = random.Random(seed)
    for i in range(n_areas):
        cards, cc, ab = _random_area(rng, rng.choice((5, 6, 7, 8)))
        got, want = best_score(cards, cc, ab).points, brute_score(cards, cc, ab)
        assert got == want, f"area {i}: {cards}, cc={cc}, abilities={ab}: scorer {got}, brute force {want}"


def test_scorer_equals_brute_force_on_random_areas():
    """120 seeded random Personal Areas of 5-8 cards with 0 to 4 specials (the quick block)."""
    _compare(120, seed=2026)


@pytest.mark.slow
def test_scorer_equals_brute_force_on_a_thousand_random_areas():
    _compare(1000, seed=1)


def test_scorer_equals_brute_force_on_crafted_rich_areas():
    """Areas full of near-combinations, where the specials matter most."""
    rng = random.Random(3)
    for _ in range(40):
        nums = rng.sample(range(3, 9), 3)
        cards = list({(rng.choice(nums), rng.choice(COLOURS[:3])) for _ in range(6)})
        cc = rng.randint(0, 2)
        ab = tuple(rng.sample(ABILITY_VALUES, rng.randint(0, 3 - cc)))
        assert best_score(cards, cc, ab).points == brute_score(cards, cc, ab), (cards, cc, ab)
