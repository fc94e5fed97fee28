"""Furcle bots: decisions on constructed positions, and a seeded tournament."""

import pytest

from furlib import Furcle, RandomBot
from furlib.core.stats import wilson_interval
from furlib.furcle import AcceptFurcle, Beekin, Dice, Roll, Satisfied
from furlib.furcle.bots import BeekinSmart, SatisfiedAt


def at(faces_list, **kw):
    """A game after the given rolls, each followed by Roll() except the last."""
    g = Furcle(players=["Ann", "Bob"], seed=0, **kw)
    for i, faces in enumerate(faces_list):
        g.apply(Dice(faces))
        if i < len(faces_list) - 1:
            g.apply(Roll())
    return g


def test_satisfied_at_stops_at_its_threshold():
    bot = SatisfiedAt(20)
    assert bot(at([(5, 5, 5, 1, 2)])) == Roll()                     # 15 < 20
    assert bot(at([(5, 5, 5, 1, 2), (3, 3, 1)])) == Roll()          # 15 + 3 = 18 < 20
    assert bot(at([(5, 5, 5, 1, 2), (6, 6, 6)])) == Satisfied()     # 15 + 16 = 31
    assert bot(at([(4, 4, 4, 4, 1)])) == Roll()                     # 19 < 20
    assert SatisfiedAt(19)(at([(4, 4, 4, 4, 1)])) == Satisfied()


def test_satisfied_at_uses_beekin_only_to_escape_a_furcle():
    bot = SatisfiedAt(20)
    assert bot(at([(4, 5, 5, 1, 2)])) == Roll()                     # no Beekin on a scoring roll
    assert bot(at([(1, 1, 1, 2, 3), (3, 5, 6)])) == Beekin(1)       # 5 -> 6 pairs the 6
    assert bot(at([(1, 1, 2, 3, 4), (1, 3)])) == AcceptFurcle()     # no raise makes a pair


def test_beekin_smart_improves_a_roll_and_banks_to_lead():
    bot = BeekinSmart()
    assert bot(at([(4, 5, 5, 1, 2)])) == Beekin(0)                  # 5 -> 15 points
    assert bot(at([(1, 5, 5, 2, 3)])) == Roll()                     # best Beekin gains 0...
    #                                                                 (2->3 makes a pair of 3s: +3)
    assert bot(at([(6, 6, 6, 6, 1)], target=20)) == Satisfied()     # 21 >= target: becomes Leader


def test_beekin_smart_banks_on_few_dice_without_beekin():
    g = at([(1, 3, 5, 6, 6)])
    g.apply(Beekin(0))                     # used up (2,3,5,6,6): still a pair of 6s
    assert g.turn_score == 6 and g.dice_to_roll == 2 and not g.beekin_available
    assert BeekinSmart()(g) == Satisfied()
    assert SatisfiedAt(20)(g) == Roll()


def test_reprs_and_validation():
    assert repr(SatisfiedAt(15)) == "SatisfiedAt(15)"
    assert repr(BeekinSmart()) == "BeekinSmart(points=25, min_dice=2, min_gain=8)"
    with pytest.raises(ValueError, match=r"^points must be between 1 and 1000, got 0$"):
        SatisfiedAt(0)


def win_rate(bot, other, n_games, seed=0, **kw):
    """Share of games ``bot`` wins against ``other``, seats alternated, seeded."""
    wins = 0
    for i in range(n_games):
        seats = (bot, other) if i % 2 == 0 else (other, bot)
        g = Furcle(players=["A", "B"], seed=seed + i, **kw).play(*seats)
        wins += g.winner == ("A" if i % 2 == 0 else "B")
    return wins, n_games


@pytest.mark.parametrize("bot", [SatisfiedAt(10), BeekinSmart()])
def test_bots_beat_random_play(bot):
    wins, n = win_rate(bot, RandomBot(seed=1), 200, target=30)
    low, _ = wilson_interval(wins, n)
    assert low > 0.5, f"{bot} won {wins}/{n}: the 95% interval does not clear one half"


def test_greed_loses_to_random_play():
    """SatisfiedAt(20) rarely banks anything: with 2 dice left a Furcle is likely (5/6)."""
    wins, n = win_rate(SatisfiedAt(20), RandomBot(seed=1), 200, target=30)
    _, high = wilson_interval(wins, n)
    assert high < 0.5, f"SatisfiedAt(20) won {wins}/{n}"
