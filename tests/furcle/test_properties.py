"""Property tests (hypothesis) of Oh Furcle!'s scoring and of the Game protocol."""

from collections import Counter
from fractions import Fraction
from math import factorial

from hypothesis import given, settings
from hypothesis import strategies as st

from furlib import Furcle, IllegalAction
from furlib.furcle import Dice, furcle_probability, score_roll

faces_lists = st.lists(st.integers(1, 6), min_size=1, max_size=10)


@given(faces_lists, st.randoms())
def test_score_ignores_the_order_of_the_dice(faces, rnd):
    shuffled = list(faces)
    rnd.shuffle(shuffled)
    assert score_roll(shuffled) == score_roll(faces)


@given(faces_lists)
def test_scoring_dice_are_exactly_the_dice_in_groups(faces):
    points, scoring = score_roll(faces)
    counts = Counter(faces)
    assert sorted(scoring) == sorted(f for f in faces if counts[f] >= 2)
    assert (points == 0) == (len(set(faces)) == len(faces))
    assert points >= sum(f for f, n in counts.items() if n >= 2)    # at least the face values


@given(st.lists(st.integers(1, 6), min_size=2, max_size=5, unique=True))
def test_all_different_is_a_furcle(faces):
    assert score_roll(faces) == (0, ())


@given(st.integers(2, 6), st.integers(2, 7))
@settings(max_examples=25, deadline=None)
def test_furcle_chance_without_beekin_is_the_birthday_formula(sides, n):
    want = Fraction(factorial(sides), factorial(sides - n) * sides ** n) if n <= sides else Fraction(0)
    assert furcle_probability(n, sides=sides) == want


@given(st.integers(0, 2**32 - 1), st.lists(st.integers(0, 30), max_size=40))
@settings(max_examples=40, deadline=None)
def test_any_sequence_of_choices_keeps_the_protocol(seed, picks):
    """Whatever legal choices are made, invariants hold and undo/JSON give back the game."""
    g = Furcle(players=["Ann", "Bob"], target=25, seed=seed)
    for pick in picks:
        if g.is_over:
            break
        before = g.to_json()
        if g.is_chance:
            g.step()
        else:
            legal = g.legal_actions()
            g.apply(legal[pick % len(legal)])
        g.check_invariants()
        assert Furcle.from_json(g.to_json()).to_json() == g.to_json()
        after = g.to_json()
        assert g.undo().to_json() == before
        g = Furcle.from_json(after)


@given(st.lists(st.integers(-3, 9), min_size=5, max_size=5))
def test_rigged_rolls_outside_the_faces_are_refused(faces):
    g = Furcle(seed=0)
    if all(1 <= f <= 6 for f in faces):
        g.apply(Dice(tuple(faces)))
        assert g.dice == tuple(faces)
    else:
        before = g.to_json()
        try:
            g.apply(Dice(tuple(faces)))
        except IllegalAction as e:
            assert "from 1 to 6" in str(e)
        else:
            raise AssertionError(f"{faces} was accepted")
        assert g.to_json() == before
