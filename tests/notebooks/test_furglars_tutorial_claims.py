"""What notebooks/furglars-tutorial.ipynb says: the rulebook's Kenzie example, bots, and many games."""

from __future__ import annotations

from fractions import Fraction
from math import comb, factorial

import numpy as np
import pytest

from furlib import Furglars
from furlib.core.stats import chi_squared_test, estimate, wilson_interval
from furlib.furglars import BreakLock, Done, Roll, StealFurgle, face_probabilities
from furlib.furglars.bots import GreedyThief, Mastermind, RandomBot

NOTEBOOK = "furglars-tutorial.ipynb"
KENZIE_ROLL = ("hand", "furgle", "hand", "lock", "x", "furgle", "hand", "x")


def rulebook_position():
    g = Furglars(["Kenzie", "Sofia", "Quinn"], seed=0)
    g.roll("furgle", "furgle", "x", "x")
    g.roll("furgle", "lock", "x", "x", "x", "x")
    g.roll("furgle", "furgle", "x", "x", "x", "x", "x", "x")
    return g


@pytest.fixture(scope="module")
def example():
    """The game after the rulebook's turn, the Undo, Done and two steps, as the notebook plays it."""
    g = rulebook_position()
    g.roll(*KENZIE_ROLL)
    g.apply(BreakLock("Sofia")).apply(StealFurgle("Sofia")).apply(StealFurgle("Quinn"))
    g.undo(3)
    g.apply(Done())
    g.step()
    g.step()
    return g


def test_the_game_in_short_and_the_dice(nb):
    nb.runs('Furglars(["Kenzie", "Sofia", "Quinn"], seed=0)')
    nb.says("First to 15 points wins (21 with two players)", "with 4 dice each",
            "two Furgles, one Lock, two Hands and one X", "one die shows a Furgle with probability 2/6 = 1/3")
    g = Furglars(["Kenzie", "Sofia", "Quinn"], seed=0)
    assert g.target == 15 and Furglars(["Ann", "Bob"], seed=0).target == 21
    assert face_probabilities(g.faces) == {"furgle": Fraction(1, 3), "lock": Fraction(1, 6),
                                           "hand": Fraction(1, 3), "x": Fraction(1, 6)}
    assert g.dice_in_front == {"Kenzie": 4, "Sofia": 4, "Quinn": 4} and g.current_player == "Kenzie"


def test_reaching_the_rulebook_position(nb):
    nb.says("she has 2 Furgles on her card, Sofia has 1 Lock and 1 Furgle, Quinn has 2 Furgles, and Kenzie has 8 "
            "dice in front of her", "Sofia now has 6 dice", "Quinn has 8 dice: 2 Furgles and 6 Xs. He passes 6 dice "
            "to Kenzie", "Those two dice join the 6 that Quinn passed her: 8 dice to roll")
    g = rulebook_position()
    assert g.current_player == "Kenzie" and g.scores == {"Kenzie": 2, "Sofia": 0, "Quinn": 0}
    assert g.furgles == {"Kenzie": 0, "Sofia": 1, "Quinn": 2} and g.locks == {"Kenzie": 0, "Sofia": 1, "Quinn": 0}
    assert g.dice_to_roll == 8
    assert g.events[-1].text == "Kenzie cashes in 2 Furgles for 2 Bullion Points (total 2)"


def test_kenzies_turn(nb):
    nb.runs('g.roll("hand", "furgle", "hand", "lock", "x", "furgle", "hand", "x")',
            'g.apply(BreakLock("Sofia")).apply(StealFurgle("Sofia")).apply(StealFurgle("Quinn"))')
    nb.says("the only thing a Hand can do at Sofia's card is break the Lock", "Quinn has no Lock",
            "She ends her turn with 4 Furgles and 1 Lock on her Character Card, then passes the 6 remaining dice",
            "The 3 Hands, the 2 Xs and the broken Lock go to Sofia",
            "that is why Kenzie's third Hand ended her turn")
    g = rulebook_position()
    g.roll(*KENZIE_ROLL)
    assert g.legal_actions() == [BreakLock("Sofia"), StealFurgle("Quinn"), Done()]
    g.apply(BreakLock("Sofia")).apply(StealFurgle("Sofia")).apply(StealFurgle("Quinn"))
    assert g.furgles == {"Kenzie": 4, "Sofia": 0, "Quinn": 1} and g.locks == {"Kenzie": 1, "Sofia": 0, "Quinn": 0}
    assert g.current_player == "Sofia" and g.dice_to_roll == 6
    assert g.log(last=4).splitlines() == [
        "   5  Kenzie breaks Sofia's Lock with a Hand (Sofia has 0 Locks left)",
        "   6  Kenzie steals a Furgle from Sofia (Kenzie has 3 Furgles on the card)",
        "   7  Kenzie steals a Furgle from Quinn (Kenzie has 4 Furgles on the card)",
        "   7  Kenzie keeps 4 Furgles and 1 Lock on the card and passes 6 dice to Sofia: "
        "3 Hands, 2 Xs and 1 broken Lock",
    ]
    assert g.dice_in_play == g.total_dice == 12


def test_undo_illegal_moves_and_steps(nb, example):
    nb.runs("g.undo(3)", 'g.apply(StealFurgle("Sofia"))', "g.apply(Done())")
    nb.says("Kenzie has her 3 Hands again", "the game refuses, says why, and nothing changes",
            "Here Kenzie is done at once", "then the game rolls Sofia's dice, then the default bot spends Sofia's "
            "first Hand")
    g = rulebook_position()
    g.roll(*KENZIE_ROLL)
    g.apply(BreakLock("Sofia")).apply(StealFurgle("Sofia")).apply(StealFurgle("Quinn"))
    g.undo(3)
    assert g.hands_left == 3 and g.locks["Sofia"] == 1 and g.current_player == "Kenzie"
    before = g.to_json()
    with pytest.raises(ValueError, match="Lock"):
        g.apply(StealFurgle("Sofia"))
    assert g.to_json() == before
    assert example.actions[4] == Done() and example.actions[5] == Roll(tuple(example.events[-2].data["faces"]))
    assert example.events[-2].player == "Sofia" and example.events[-2].kind == "roll"
    assert example.events[-1].player == "Sofia" and example.events[-1].kind == "steal"
    assert GreedyThief()(example.at(6)) == example.actions[6]


def test_kenzies_roll_was_not_lucky(nb, example):
    nb.runs("before = g.at(3)", "chances = sorted(outcomes.values(), reverse=True)",
            "no_more_likely = sum(q for q in chances if q <= p)")
    nb.says("About 3 in 100", "8!/(2! 1! 3! 2!) orders of the dice", "Compare it with the other 164 rolls",
            "Kenzie's roll is one of the most likely rolls of all: only one roll (3 Furgles, 1 Lock, 3 Hands and "
            "1 X, about 4 in 100) beats it, and 96 times in 100 the roll you get is no more likely than hers",
            "8 dice can fall in 165 different ways", "A small chance for one exact outcome is not luck")
    nb.never_says("lucky roll for its example")
    before = example.at(3)
    outcomes = dict(before.chance_outcomes())
    assert before.current_player == "Kenzie" and before.dice_to_roll == 8
    assert len(outcomes) == comb(8 + 3, 3) == 165                    # ways to split 8 dice among 4 kinds
    assert sum(outcomes.values()) == 1
    p = outcomes[Roll(("furgle", "furgle", "lock", "hand", "hand", "hand", "x", "x"))]
    orders = Fraction(factorial(8), factorial(2) * factorial(1) * factorial(3) * factorial(2))
    assert p == orders * Fraction(1, 3) ** 2 * Fraction(1, 6) * Fraction(1, 3) ** 3 * Fraction(1, 6) ** 2
    assert 0.03 < float(p) < 0.035
    chances = sorted(outcomes.values(), reverse=True)
    more_likely = [r for r, q in outcomes.items() if q > p]
    assert len(more_likely) == 1
    assert sorted(more_likely[0].faces) == sorted(("furgle",) * 3 + ("lock",) + ("hand",) * 3 + ("x",))
    assert round(float(chances[0]), 2) == 0.04
    no_more_likely = sum(q for q in chances if q <= p)
    assert round(float(no_more_likely), 2) == 0.96                   # 96 times in 100


def test_the_x_factor(nb):
    nb.runs('Furglars(["Kenzie", "Sofia", "Quinn"], seed=0, x_factor=True)', 'x.roll(*["x"] * 9)')
    nb.says("Here Kenzie and Sofia keep Locks, and Quinn rolls 9 Xs")
    x = Furglars(["Kenzie", "Sofia", "Quinn"], seed=0, x_factor=True)
    x.roll("lock", "x", "x", "x")
    x.roll("lock", "lock", "x", "x", "x", "x", "x")
    x.roll(*["x"] * 9)
    assert x.is_bonus_roll and x.dice_to_roll == 3 and x.locks == {"Kenzie": 0, "Sofia": 0, "Quinn": 0}


def test_bots_and_a_bot_game(nb, example):
    nb.runs("example = g.at(4)", 'game = Furglars(["Ann", "Bob", "Cy"], seed=7)',
            "game.play(Mastermind(), GreedyThief(), RandomBot(seed=1))")
    nb.says("Kenzie's real choice was Mastermind's: break Sofia's Lock first",
            "the bands always add up to 12")
    position = example.at(4)
    assert str(GreedyThief()(position)) == "steal a Furgle from Quinn"
    assert str(Mastermind()(position)) == "break Sofia's Lock"
    from furlib.furglars.plots import PLACES, dice_flow_table, score_race

    game = Furglars(["Ann", "Bob", "Cy"], seed=7)
    game.play(Mastermind(), GreedyThief(), RandomBot(seed=1))
    h = game.history
    assert len(h) == len(game.events) and h.iloc[-1]["event"] == "win" and h.iloc[-1]["player"] == game.winner
    assert {p: int(h.iloc[-1][p]) for p in game.players} == game.scores
    assert (dice_flow_table(game)[list(PLACES)].sum(axis=1) == 12).all()
    assert list(score_race(game).data[1].y)[-1] == game.scores["Bob"]


@pytest.fixture(scope="module")
def games():
    return [Furglars(["Ann", "Bob", "Cy"], seed=s).play(Mastermind()) for s in range(300)]


def test_300_games(nb, games):
    from furlib.furglars.plots import game_length

    nb.runs('[Furglars(["Ann", "Bob", "Cy"], seed=s).play(Mastermind()) for s in range(300)]',
            "won = [sum(x.players.index(x.winner) == k for x in games) for k in range(3)]")
    nb.says("Most games last between 15 and 30 turns",
            "made by a method that catches the true win rate in 95 of 100 samples of 300 games like this one",
            "Every whisker crosses the dashed line of a fair share (1 in 3)",
            "p = 0.22: counts this uneven would come up in about 1 sample in 5 even if the seats were exactly fair",
            "these 300 games give no evidence of a difference", "That does not prove the seats are fair")
    nb.never_says("very likely inside", "we cannot tell the seats apart")
    lengths = np.array([game_length(x) for x in games])
    assert ((lengths >= 15) & (lengths <= 30)).mean() > 0.9
    won = [sum(x.players.index(x.winner) == k for x in games) for k in range(3)]
    for w in won:
        low, high = wilson_interval(w, 300)
        assert low < 1 / 3 < high, (won, low, high)
    test = chi_squared_test(won)
    assert test.df == 2 and round(test.p_value, 2) == 0.22 and round(1 / test.p_value) == 5
    assert str(test).endswith("p = 0.22")


def test_bots_differ_more_than_seats(nb):
    nb.runs("for s in range(150):", "bots = [RandomBot(seed=10 * s + k) for k in range(3)]", "bots[i] = Mastermind()")
    nb.says("Bots differ much more than seats")
    wins = 0
    for s in range(150):
        i = s % 3
        bots = [RandomBot(seed=10 * s + k) for k in range(3)]
        bots[i] = Mastermind()
        played = Furglars(["A", "B", "C"], seed=s).play(*bots)
        wins += played.winner == played.players[i]
    assert estimate(wins, 150).low > 0.75                # far above a fair 1 in 3


def test_the_roll_button_drives_the_game(nb):
    from furlib.furglars.widget import FurglarsApp

    nb.runs('g = Furglars(["You", "Ann", "Bob"], seed=5)', "g.widget()")
    nb.says("The bots play their turns by themselves")
    app = FurglarsApp(Furglars(["You", "Ann", "Bob"], seed=5))
    app.roll_button.click()
    assert app.game.n_steps >= 1 and len(app.game.actions[0].faces) == 4
    assert app.game.is_over or app.game.current_player == "You"
