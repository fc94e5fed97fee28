"""What notebooks/furcle-play.ipynb says: its "How to play", each rule and number checked against the game itself."""

from __future__ import annotations

from furlib import Furcle
from furlib.furcle import AcceptFurcle, Beekin, Roll, Satisfied, furcle_probability, score_roll
from furlib.furcle.scoring import DEFAULT_BONUS

NOTEBOOK = "furcle-play.ipynb"


def test_the_game_cell(nb):
    nb.runs('g = Furcle(players=["You", "Bot"], seed=1)', "g.widget()")
    nb.says("Push your luck with five dice against a bot: click Roll to start")
    g = Furcle(players=["You", "Bot"], seed=1)
    assert g.n_dice == 5 and g.target == 50 and g.beekin


def test_what_scores(nb):
    nb.says("Roll the five dice. Every group of equal faces scores: a pair scores the face (two 4s score 4), three "
            "of a kind score the face + 10, four + 15, five + 20")
    assert dict(DEFAULT_BONUS) == {2: 0, 3: 10, 4: 15, 5: 20}
    assert score_roll((4, 4, 1, 2, 6))[0] == 4                                    # two 4s score 4
    others = (1, 2, 3, 5, 6)
    for face in range(1, 7):
        rest = tuple(f for f in others + (4,) if f != face)
        groups = [score_roll((face,) * k + rest[: 5 - k])[0] for k in (2, 3, 4, 5)]
        assert groups == [face, face + 10, face + 15, face + 20], (face, groups)
    assert score_roll((4, 4, 2, 2, 6))[0] == 4 + 2                               # every group scores


def test_a_furcle(nb):
    nb.says("If nothing matches (all dice different), that is a Furcle: you lose the points you collected this turn "
            "and your turn ends")
    assert score_roll((1, 2, 3, 4, 6)) == (0, ())
    g = Furcle(players=["Ann", "Bob"], beekin=False, seed=1)
    g.roll(5, 5, 1, 2, 3).apply(Roll())
    assert g.turn_score == 5
    g.roll(1, 3)                                             # all different, and no Beekin to save it
    assert g.events[-1].kind == "furcle" and "Ann loses 5 and the turn ends" in g.log(last=1)
    assert g.scores == {"Ann": 0, "Bob": 0} and g.current_player == "Bob" and g.turn_score == 0


def test_satisfied_or_roll_again_with_the_scoring_dice(nb):
    nb.says("After a scoring roll, choose: be Satisfied (add the turn score to your track score and let the other "
            "player go), or Roll again, but only with the dice that scored",
            "Fewer dice means a Furcle becomes more likely!")
    g = Furcle(players=["Ann", "Bob"], seed=1)
    g.roll(4, 4, 2, 2, 6)
    assert g.legal_actions()[:2] == [Roll(), Satisfied()]
    g.apply(Roll())
    assert g.dice_to_roll == 4 and g.turn_score == 6                             # the two pairs, 4 dice
    g.roll(3, 3, 3, 1).apply(Roll())
    assert g.dice_to_roll == 3 and g.turn_score == 6 + 13                        # three 3s, 3 dice
    g.roll(5, 5, 5).apply(Satisfied())
    assert g.scores == {"Ann": 6 + 13 + 15, "Bob": 0} and g.current_player == "Bob"
    chances = [furcle_probability(n) for n in (5, 4, 3, 2)]
    assert all(x < y for x, y in zip(chances, chances[1:])), chances             # 5/54 < 5/18 < 5/9 < 5/6


def test_the_beekin(nb):
    nb.says("Once per turn you may say Beekin and add 1 to one die",
            "It can turn a Furcle into a pair, or a pair into three of a kind")
    g = Furcle(players=["Ann", "Bob"], seed=1)
    g.roll(3, 3, 2, 5, 6)                                    # a pair of 3s: Beekin on the 2 makes three 3s
    assert g.roll_points == 3
    g.apply(Beekin(2))
    assert g.dice[2] == 3 and g.roll_points == 13 and not g.beekin_available
    g.apply(Roll())
    assert g.dice_to_roll == 3
    g.roll(1, 2, 4)                                          # a Furcle, and the Beekin is used: once per turn
    assert g.events[-1].kind == "furcle" and g.scores["Ann"] == 0 and g.current_player == "Bob"
    assert g.beekin_available                                # Bob's turn: his own Beekin
    g = Furcle(players=["Ann", "Bob"], seed=1)
    g.roll(4, 4, 1, 2, 6).apply(Roll())
    g.roll(4, 5)                                             # a Furcle: Beekin on the 4 makes a pair of 5s
    assert g.roll_points == 0 and Beekin(0) in g.legal_actions()
    g.apply(Beekin(0))
    assert g.dice == (5, 5) and g.roll_points == 5


def test_the_leader(nb):
    nb.says("The first player to bank 50 points becomes the Leader, and wins if nobody passes them before their "
            "next turn")
    assert Furcle(players=["Ann", "Bob"], seed=1).target == 50
    g = Furcle(players=["Ann", "Bob"], seed=1)
    g.roll(6, 6, 6, 6, 6).apply(Roll()).roll(3, 3, 3, 3, 3).apply(Satisfied())        # 26 + 23 = 49: not yet
    assert g.scores["Ann"] == 49 and g.leader is None
    g = Furcle(players=["Ann", "Bob"], seed=1)
    g.roll(6, 6, 6, 6, 6).apply(Roll()).roll(4, 4, 4, 4, 4).apply(Satisfied())        # 26 + 24 = 50
    assert g.scores["Ann"] == 50 and g.leader == "Ann" and not g.is_over
    g.roll(1, 2, 3, 4, 6).apply(AcceptFurcle())                                          # Bob does not pass her
    assert g.is_over and g.winner == "Ann"


def test_the_app_around_the_game(nb):
    from furlib.furcle.widget import FurcleApp

    nb.says("the History slider replays any earlier moment, Play again starts a new game when one is over, and "
            "Settings starts a new game with other bots, more dice or another target")
    app = FurcleApp(Furcle(players=["You", "Bot"], seed=1))
    words = (app.slider.description, app.again_button.description, app.settings_toggle.description,
             app.roll_button.description, app.satisfied_button.description)
    assert words == ("History", "Play again", "Settings", "Roll", "Satisfied")
