"""The quick legality test (``Furcle._is_legal``, which the step API asks) agrees with the list of legal actions.

``_is_legal`` answers Roll, Satisfied, AcceptFurcle and Beekin from the state
without building the list: these tests prove it never accepts an action the
list leaves out, nor refuses one it holds, in every position of seeded games
with every rule set the tests use.
"""

from __future__ import annotations

import pytest

from furlib import Furcle
from furlib.furcle.bots import BeekinSmart, SatisfiedAt
from furlib.furcle.rules import MAX_DICE, AcceptFurcle, Beekin, Roll, Satisfied

CANDIDATES = [Roll(), Satisfied(), AcceptFurcle()] + [Beekin(i) for i in range(MAX_DICE + 1)]


@pytest.mark.parametrize("kwargs", [{}, {"beekin": False}, {"n_dice": 3, "sides": 3}, {"n_dice": 10, "sides": 20}])
def test_is_legal_agrees_with_legal_actions_everywhere(kwargs):
    positions = 0
    for seed in range(40):
        g = Furcle(2, seed=seed, **kwargs)
        bot = SatisfiedAt(20) if seed % 2 else BeekinSmart()
        while not g.is_over:
            if not g.is_chance:
                legal = g.legal_actions()
                assert [a for a in CANDIDATES if g._is_legal(a)] == [a for a in CANDIDATES if a in legal]
                positions += 1
            g.step(bot)
    assert positions > 300


def test_a_refused_beekin_names_why_and_changes_nothing():
    g = Furcle(seed=1).roll(1, 2, 3, 4, 6)
    before = g.to_json()
    for action, why in [(Beekin(4), "die 4 shows 6, the top face"), (Beekin(5), "there is no die 5")]:
        with pytest.raises(Exception, match=why):
            g.apply(action)
        assert g.to_json() == before
    g.apply(Beekin(0))
    with pytest.raises(Exception, match="already said Beekin"):
        g.apply(Beekin(1))


def test_a_second_beekin_is_refused_in_good_english_for_you():
    # "You have already said Beekin", never "You has" (found in review)
    g = Furcle(["You", "Bob"], seed=1)
    g.step()
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Beekin)))
    with pytest.raises(ValueError, match="^You have already said Beekin this turn"):
        g.apply(Beekin(0))
