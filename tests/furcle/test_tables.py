"""Oh Furcle!'s bonus table: keys are refused, not coerced; the caches by table stay bounded."""

import numpy as np
import pytest

from furlib import Furcle
from furlib.furcle import rules, turn
from furlib.furcle.exact import transition_model
from furlib.furcle.rules import Beekin
from furlib.furcle.scoring import check_bonus, score_roll


@pytest.mark.parametrize("bonus, named", [
    ({2.9: 0, 3.1: 10}, "got 2.9"),
    ({2.0: 0, 3: 10}, "got 2.0"),
    ({True: 0, 3: 10}, "got True"),
    ({np.bool_(True): 0, 3: 10}, f"got {np.bool_(True)!r}"),
    ({2: 0, "\u00b2": 10}, "got '\u00b2'"),
    ({2: 0, " 3": 10}, "got ' 3'"),
    ({2: 0, "3.0": 10}, "got '3.0'"),
])
def test_a_key_that_is_not_a_whole_number_is_refused(bonus, named):
    with pytest.raises(ValueError, match="bonus keys must be group sizes 2, 3, ... as whole numbers") as e:
        Furcle(bonus=bonus)
    assert named in str(e.value)
    assert "a string of digits such as '3' from a save" in str(e.value)


def test_colliding_keys_are_refused_and_the_table_is_unchanged():
    bonus = {2: 0, "2": 7, 3: 10}
    with pytest.raises(ValueError) as e:
        Furcle(bonus=bonus)
    assert str(e.value) == "bonus keys 2 and '2' are both the group size 2: give each size once"
    assert bonus == {2: 0, "2": 7, 3: 10}


def test_ints_numpy_integers_and_saved_digit_strings_are_accepted():
    assert check_bonus({np.int64(2): 0, np.int32(3): 10}) == {2: 0, 3: 10}
    assert check_bonus({"2": 0, "3": 12}) == {2: 0, 3: 12}
    g = Furcle(bonus={2: 1, 3: 11}, seed=1)
    assert Furcle.from_json(g.to_json()).bonus == {2: 1, 3: 11}   # a save writes the keys as strings
    assert score_roll([3, 3, 3, 1, 2], {"2": 0, "3": 12}) == (15, (3, 3, 3))



def test_the_rules_and_their_tables_are_made_once_per_rule_set_and_bounded(monkeypatch):
    from furlib.core.engine import rules as engine_rules

    a, b = Furcle(bonus={2: 1, 3: 10}, seed=1), Furcle(bonus={"2": 1, "3": 10}, seed=2)   # the same table
    assert a.rules is b.rules and a.rules is not Furcle(bonus={2: 1, 3: 10}, sides=7).rules   # per dice too
    for i in range(engine_rules.MAX_KEPT + 20):                      # the rule sets kept are bounded
        Furcle(bonus={2: i, 3: 10}, seed=i).step()
    assert len(engine_rules._MADE) <= engine_rules.MAX_KEPT
    monkeypatch.setattr(rules, "MAX_TABLE", 10)                      # a rule set's table of rolls is bounded
    g = Furcle(bonus={2: 3, 3: 10}, seed=5)
    for _ in range(200):
        if g.is_over:
            g = Furcle(bonus={2: 3, 3: 10}, seed=g.seed + 1)
        g.step()
        tables = (g.rules._scores, g.rules._dice, g.rules._options)   # the rule set's own (private) tables
        assert all(len(t) <= 10 for t in tables)


def test_beekin_options_are_shared_per_rule_set_and_right():
    g = Furcle(seed=1).roll(1, 2, 3, 4, 6)
    h = Furcle(seed=2).roll(1, 2, 3, 4, 6)
    # raising the 1 makes a pair of 2s (2 points), the 2 a pair of 3s, the 3 a pair of 4s; the 4 becomes a lone 5
    # (still all different); the 6 shows the top face
    assert g.beekin_options == h.beekin_options == [(2, Beekin(0)), (3, Beekin(1)), (4, Beekin(2)), (0, Beekin(3))]
    assert g.beekin_options is not g.beekin_options            # a new list each time: changing it changes nothing
    g.beekin_options.clear()
    assert len(g.beekin_options) == 4
    g.apply(Beekin(2))
    assert g.beekin_options == [] and g.roll_points == 4 and g.dice_to_roll == 2


def test_the_turn_bounds_cache_is_bounded():
    kept = turn._kept_bounds                             # a turn.PerRules
    kept.clear()
    models = [transition_model(2, sides=3, bonus={2: i}, beekin=False) for i in range(kept.kept + 3)]
    got = [turn.bounds(m) for m in models]
    assert len(kept) == kept.kept == 16
    assert turn.bounds(models[-1]) is got[-1]           # kept: the same object back
    assert turn.bounds(models[0]) is not got[0]          # dropped (least recently used): worked out again
    assert len(kept) == kept.kept


def test_the_fast_simulators_dice_cache_is_bounded():
    from furlib.furcle import fast
    from furlib.furcle.bots import SatisfiedAt

    fast._dice.clear()                                   # a turn.PerRules
    for i in range(fast._dice.kept + 4):
        fast.simulate_turns(SatisfiedAt(20), 10, seed=i, n_dice=2, sides=3, bonus={2: i})
    assert len(fast._dice) == fast._dice.kept == 8
    newest = ((2, fast._dice.kept + 3),)
    assert [k[2] for k in fast._dice.rule_sets()][-1] == newest


def test_games_without_a_bonus_share_the_printed_table_which_cannot_change():
    from furlib.furcle.scoring import DEFAULT_BONUS, BonusTable

    g, h = Furcle(seed=1), Furcle(seed=2, bonus=None)
    assert g.bonus is h.bonus and isinstance(g.bonus, BonusTable) and g.bonus == DEFAULT_BONUS
    with pytest.raises(TypeError, match="fixed when the game is made"):
        g.bonus[3] = 50
    assert h.bonus[3] == 10 and Furcle(seed=3).bonus == {2: 0, 3: 10, 4: 15, 5: 20}
    # the printed table given as a dict is the same rule set: one table of scores for both
    assert Furcle(seed=4, bonus={2: 0, 3: 10, 4: 15, 5: 20}).rules is g.rules
    assert Furcle.from_json(g.to_json()).bonus == g.bonus
