"""What notebooks/furcle-tutorial.ipynb says: scoring, a turn step by step, the Leader rule, bots, saves."""

from __future__ import annotations

from collections import Counter

import pytest

from furlib import Furcle
from furlib.core.stats import estimate
from furlib.furcle import AcceptFurcle, Beekin, Roll, Satisfied, score_roll
from furlib.furcle.bots import BeekinSmart, SatisfiedAt

NOTEBOOK = "furcle-tutorial.ipynb"


def test_what_scores_and_why(nb):
    nb.runs('g = Furcle(players=["Ann", "Bob"], seed=3)', "g.roll(3, 3, 5, 6, 1)",
            "[(3, 3, 5, 6, 1), (4, 4, 2, 2, 6), (5, 5, 5, 1, 1), (2, 2, 2, 2, 6), (1, 2, 3, 4, 6)]")
    nb.says("A pair of 3s scores 3: a pair scores its face",
            "three of a kind +10, four +15, five +20", "The last roll has all dice different: a Furcle, 0 points")
    g = Furcle(players=["Ann", "Bob"], seed=3)
    g.roll(3, 3, 5, 6, 1)
    assert g.roll_points == 3 and g.scoring_mask == (True, True, False, False, False)
    assert score_roll((4, 4, 2, 2, 6)) == (6, (2, 2, 4, 4))      # rulebook: two pairs 4 + 2
    assert score_roll((5, 5, 5, 1, 1)) == (16, (1, 1, 5, 5, 5))  # 5 + 10, plus 1
    assert score_roll((2, 2, 2, 2, 6))[0] == 17                   # rulebook: four 2s score 17
    assert score_roll((1, 2, 3, 4, 6)) == (0, ())                 # a Furcle
    assert [score_roll((4,) * k + (1, 2, 3, 5, 6)[: 5 - k])[0] for k in (2, 3, 4, 5)] == [4, 14, 19, 24]


@pytest.fixture(scope="module")
def turn():
    """The tutorial's turn of Ann's, with the state seen at each step."""
    seen = {}
    g = Furcle(players=["Ann", "Bob"], seed=3)
    g.roll(3, 3, 5, 6, 1)
    seen["choices"] = [str(a) for a in g.legal_actions()]
    g.apply(Roll())
    seen["dice_to_roll"], seen["turn_score"] = g.dice_to_roll, g.turn_score
    g.roll(4, 5)
    before = g.to_json()
    with pytest.raises(ValueError) as refused:
        g.apply(Satisfied())
    seen["refused"], seen["unchanged"] = str(refused.value), g.to_json() == before
    g.apply(Beekin(0))
    seen["after_beekin"] = (g.dice, g.beekin_die, g.roll_points, g.turn_score, g.beekin_available)
    g.undo()
    g.apply(AcceptFurcle())
    seen["furcle_log"] = g.log(last=1)
    g.undo()
    g.apply(Beekin(0)).apply(Satisfied())
    seen["scores"], seen["next"] = dict(g.scores), (g.current_player, g.is_chance)
    return seen


def test_a_turn_step_by_step(nb, turn):
    nb.runs("g.apply(Roll())", "g.roll(4, 5)", "g.apply(Satisfied())", "g.apply(Beekin(0))",
            "g.apply(Beekin(0)).apply(Satisfied())")
    nb.says("`Beekin die 3` is missing: die 3 shows a 6", "Two dice: exactly the dice that scored",
            "the game refuses and tells you why, and nothing changes", "the 4 becomes a 5, and 5,5 is a pair",
            "Then she accepts the Furcle and loses her 3 points")
    assert turn["choices"] == ["roll again", "be Satisfied", "Beekin die 0", "Beekin die 1", "Beekin die 2",
                               "Beekin die 4"]
    assert turn["dice_to_roll"] == 2 and turn["turn_score"] == 3
    assert "Furcle" in turn["refused"] and turn["unchanged"]
    assert turn["after_beekin"] == ((5, 5), 0, 5, 3 + 5, False)
    assert "loses 3" in turn["furcle_log"]
    assert turn["scores"] == {"Ann": 8, "Bob": 0} and turn["next"] == ("Bob", True)


def test_the_leader_rule(nb):
    nb.runs('Furcle(players=["Ann", "Bob"], target=15, seed=1)', "g.roll(5, 5, 5, 1, 2).apply(Satisfied())",
            "g.roll(6, 6, 6, 1, 2).apply(Satisfied())", "g.roll(2, 2, 1, 3, 4).apply(Satisfied())",
            "g.roll(1, 1, 2, 3, 4).apply(Satisfied())")
    nb.says("Ann rolls three 5s (15 points)", "Bob rolls three 6s (16 points), passes Ann and becomes the Leader",
            "(15 + 2 = 17)", "16 + 1 = 17. That only ties with Ann", "she is still the Leader and wins")
    g = Furcle(players=["Ann", "Bob"], target=15, seed=1)
    g.roll(5, 5, 5, 1, 2).apply(Satisfied())
    assert g.scores["Ann"] == 15 and g.leader == "Ann"
    g.roll(6, 6, 6, 1, 2).apply(Satisfied())
    assert g.scores["Bob"] == 16 and g.leader == "Bob"
    g.roll(2, 2, 1, 3, 4).apply(Satisfied())
    g.roll(1, 1, 2, 3, 4).apply(Satisfied())
    assert g.scores == {"Ann": 17, "Bob": 17}
    assert [e.player for e in g.events if e.kind == "leader"] == ["Ann", "Bob", "Ann"]
    assert g.is_over and g.winner == "Ann" and g.leader == "Ann"


def test_the_target_and_the_bots(nb):
    nb.says("The first player to reach the target (50 points) becomes the Leader",
            "`BeekinSmart()`: is Satisfied at 25 points, or earlier when only 2 dice are left")
    assert Furcle(players=["Ann", "Bob"], seed=1).target == 50
    assert repr(BeekinSmart()).startswith("BeekinSmart(points=25, min_dice=2")


def test_a_bot_game_and_its_history(nb):
    nb.runs('g = Furcle(players=["Sam", "Bea"], seed=11)', "g.play(SatisfiedAt(20), BeekinSmart())")
    nb.says("one row per event, with both scores after each event")
    g = Furcle(players=["Sam", "Bea"], seed=11).play(SatisfiedAt(20), BeekinSmart())
    h = g.history
    assert len(h) == len(g.events) and list(h.columns[:5]) == ["step", "turn", "player", "event", "text"]
    assert h.iloc[-1]["event"] == "win" and h.iloc[-1]["player"] == g.winner
    assert {"Sam": int(h.iloc[-1]["Sam"]), "Bea": int(h.iloc[-1]["Bea"])} == g.scores


def test_200_games(nb):
    nb.runs("for seed in range(200):", 'players = ["Sam", "Bea"] if seed % 2 == 0 else ["Bea", "Sam"]',
            "wins[Furcle(players=players, seed=seed).play(bots).winner] += 1")
    nb.says("Bea (`BeekinSmart`) wins far more often: 191 games of 200, more than 9 in 10")
    bots = {"Sam": SatisfiedAt(20), "Bea": BeekinSmart()}
    wins = Counter()
    for seed in range(200):
        players = ["Sam", "Bea"] if seed % 2 == 0 else ["Bea", "Sam"]
        wins[Furcle(players=players, seed=seed).play(bots).winner] += 1
    assert wins == {"Bea": 191, "Sam": 9}, wins
    assert 191 / 200 > 9 / 10
    # "far more often": not just more than half; her 95% interval (91.7% to 97.6%) lies above 9 in 10
    share = estimate(wins["Bea"], 200)
    assert share.low > 0.9 and (round(share.low, 3), round(share.high, 3)) == (0.917, 0.976), share


def test_save_and_load(nb):
    nb.runs("saved = g.to_json()", "again = Furcle.from_json(saved)")
    nb.says("rebuilds the very same game from that text")
    g = Furcle(players=["Sam", "Bea"], seed=11).play(SatisfiedAt(20), BeekinSmart())
    saved = g.to_json()
    again = Furcle.from_json(saved)
    assert again.to_json() == saved and again.log() == g.log() and again.scores == g.scores


def test_the_roll_button_drives_the_game(nb):
    from furlib.furcle.widget import FurcleApp

    nb.runs('g = Furcle(players=["You", "Bot"], seed=5)', "g.widget()")
    nb.says("Roll rolls your dice", "The bot (`BeekinSmart()`) plays its turns by itself")
    app = FurcleApp(Furcle(players=["You", "Bot"], seed=5))
    app.roll_button.click()
    assert app.game.n_steps == 1 and app.game.current_player == "You" and len(app.game.dice) == 5
