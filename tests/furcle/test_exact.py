"""Exact one-roll odds and the per-roll choice model, against hand counts and the rules engine."""

from fractions import Fraction as F

import pytest

from furlib.furcle import Beekin, Dice, Furcle
from furlib.furcle.analysis import furcle_probability
from furlib.furcle.exact import roll_distribution, roll_outcomes, transition_model, transitions_frame


def test_two_dice_by_hand():
    # 36 ordered rolls: 6 pairs (one of each face), 30 all different.
    d = roll_distribution(2)
    assert d == {0: F(30, 36), **{f: F(1, 36) for f in range(1, 7)}}
    assert sum(p for pts, p in d.items() if pts > 0) == F(1, 6)
    assert sum(p * pts for pts, p in d.items()) == F(21, 36) == F(7, 12)


def test_two_dice_with_beekin_by_hand():
    # A pair of f: 1 way. (f-1, f) in either order: raise the f-1, a pair of f: 2 ways (f = 2..6).
    # Raising a die of a pair breaks it, so a pair is kept as rolled. 20 rolls stay all different.
    d = roll_distribution(2, beekin=True)
    assert d == {0: F(20, 36), 1: F(1, 36), **{f: F(3, 36) for f in range(2, 7)}}
    assert sum(p * pts for pts, p in d.items()) == F(1 + 3 * 20, 36) == F(61, 36)


def test_five_of_a_kind_by_hand():
    assert roll_distribution(5)[26] == F(1, 6 ** 5)                   # 6,6,6,6,6 = 6 + 20
    # with a Beekin also 6,6,6,6,5 in any of 5 orders: the 5 becomes a 6 (26 beats four 6s = 21)
    assert roll_distribution(5, beekin=True)[26] == F(6, 6 ** 5)
    # 21 points: five 1s (1 order), four 6s and another face (5 faces x 5 places),
    # three 6s + two 5s (16 + 5) and three 5s + two 6s (15 + 6), 10 orders each
    assert roll_distribution(5)[21] == F(1 + 25 + 10 + 10, 6 ** 5)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("beekin", [False, True])
def test_furcle_odds_agree_with_the_counting_module(n, beekin):
    # analysis.furcle_probability enumerates ordered rolls independently; the rulebook's values too.
    assert roll_distribution(n, beekin=beekin).get(0, F(0)) == furcle_probability(n, beekin=beekin)
    printed = {2: F(5, 6), 3: F(5, 9), 4: F(5, 18), 5: F(5, 54)} if not beekin else \
        {2: F(20, 36), 3: F(24, 216), 4: F(0), 5: F(0)}
    assert roll_distribution(n, beekin=beekin).get(0, F(0)) == printed[n]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_distribution_sums_to_one_and_frame_matches(n):
    d = roll_distribution(n, beekin=True)
    assert sum(d.values()) == 1
    df = roll_distribution(n, beekin=True, as_frame=True)
    assert list(df.columns) == ["points", "ways", "probability", "fraction"]
    assert int(df.ways.sum()) == 6 ** n
    assert dict(zip(df.points, df.fraction)) == d


def engine_after(faces, action=None, **rules):
    """(points, dice to roll next, beekin still available) after rolling ``faces`` as the first roll."""
    g = Furcle(players=["Ann", "Bob"], seed=0, **rules)
    g.apply(Dice(tuple(faces)))
    if action is not None:
        if g.is_over or g.turn != 1:
            return None
        g.apply(action)
    if g.turn != 1:                      # the roll (or the Beekin) left a Furcle
        return (0, 0)
    return (g.roll_points, g.dice_to_roll)


@pytest.mark.parametrize("n", [3, 5])
def test_choices_match_the_rules_engine(n):
    """Every outcome class and every Beekin choice gives the engine's points and dice to roll."""
    outs = roll_outcomes(n, beekin=True)
    assert len(outs) == {3: 56, 5: 252}[n]
    assert sum(o.probability for o in outs) == 1
    g = Furcle(players=["Ann", "Bob"], seed=0, n_dice=n)
    engine_probs = {d.faces: p for d, p in g.chance_outcomes()}
    for o in outs:
        assert engine_probs[o.faces] == o.probability
        plain = o.choices[0]
        assert plain.beekin is None and plain.faces == o.faces
        assert (plain.points, plain.next_dice) == engine_after(o.faces, n_dice=n)
        raised = {c.beekin: c for c in o.choices[1:]}
        assert set(raised) == {f for f in set(o.faces) if f < 6}
        for face, c in raised.items():
            after = engine_after(o.faces, Beekin(o.faces.index(face)), n_dice=n)
            assert (c.points, c.next_dice) == after, (o.faces, face)


def test_choices_without_beekin_are_only_the_roll():
    for o in roll_outcomes(4):
        assert len(o.choices) == 1 and o.choices[0].beekin is None


def test_rulebook_rescue_example():
    o = next(o for o in roll_outcomes(3, beekin=True) if o.faces == (3, 5, 6))
    assert o.plain.furcle
    assert o.best_for_points().beekin == 5 and o.best_for_points().points == 6
    # the Beekin on a scoring roll: 4,5,5 -> 5,5,5 (15 points instead of 5)
    o = next(o for o in roll_outcomes(3, beekin=True) if o.faces == (4, 5, 5))
    assert o.plain.points == 5 and o.best_for_points().points == 15


def test_other_rules():
    # a bonus table and bigger dice: a pair of 4s on 8-sided dice with bonus 1 for a pair
    d = roll_distribution(2, sides=8, bonus={2: 1, 3: 10})
    assert d[5] == F(1, 64) and d[0] == F(56, 64)
    # six dice: six 6s score 6 + 20 + 5 (one die more than the table's largest group) = 31,
    # as do three 6s + three 5s (16 + 15) in C(6, 3) = 20 orders
    assert roll_distribution(6, bonus={2: 0, 3: 10, 4: 15, 5: 20})[31] == F(1 + 20, 6 ** 6)


def test_transition_model():
    m = transition_model()
    assert m.states[m.start] == (5, True)
    assert [s for s, sure in zip(m.states, m.sure) if sure] == [(4, True), (5, True)]
    assert m.furcle[m.state_index[(5, False)]] == pytest.approx(5 / 54)
    assert m.max_points == 26
    m0 = transition_model(beekin=False)
    assert m0.states == ((2, False), (3, False), (4, False), (5, False)) and not m0.sure.any()


def test_transitions_frame():
    df = transitions_frame(2, beekin=True)
    assert set(df.columns) >= {"faces", "probability", "beekin", "points", "next_dice"}
    assert df.groupby(df.faces.map(tuple)).probability.first().sum() == pytest.approx(1)


@pytest.mark.parametrize("kwargs, match", [
    (dict(n_dice=0), "n_dice must be between 1 and 20, got 0"),
    (dict(n_dice=2, sides=1), "sides must be between 2 and 20, got 1"),
    (dict(n_dice=2, beekin="yes"), "beekin must be True or False"),
    (dict(n_dice=2, bonus={3: 10}), "bonus keys must be the group sizes 2, 3"),
    (dict(n_dice=12, sides=20), "too many to enumerate"),
    (dict(n_dice=2, as_frame=1), "as_frame must be True or False"),
])
def test_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        roll_distribution(**kwargs)


def test_turn_model_needs_two_dice():
    with pytest.raises(ValueError, match="n_dice must be at least 2"):
        transition_model(1)
