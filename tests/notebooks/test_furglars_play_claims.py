"""What notebooks/furglars-play.ipynb says in "How to play": the rule numbers, checked against the library.

The play notebook has no lesson, only the rules in short. Each sentence that states a rule is checked here on the
notebook's own game (the same players and seed), with rigged rolls (``g.roll(faces)``) so the numbers are exact.
"""

from __future__ import annotations

from fractions import Fraction

from furlib import Furglars
from furlib.furglars import BreakLock, Done, StealFurgle, face_probabilities
from furlib.furglars.bots import Mastermind

NOTEBOOK = "furglars-play.ipynb"


def new_game():
    """The notebook's game, before anyone has rolled."""
    return Furglars(["Ann", "Bob", "You"], seed=25)


def test_the_notebooks_game(nb):
    nb.runs('g = Furglars(["Ann", "Bob", "You"], seed=25)', 'g.widget(human="You")')
    nb.says("You sit in the third seat, after the bots Ann and Bob (both play the `Mastermind` strategy), so they "
            "move first")
    g = new_game()
    assert tuple(g.players) == ("Ann", "Bob", "You") and g.current_player == "Ann"
    from furlib.furglars.widget import FurglarsApp

    assert isinstance(FurglarsApp.default_bot(), Mastermind)          # the seats that are not "You"


def test_the_dice(nb):
    nb.says("Every die has four kinds of faces: Furgles (furry treasure), Locks, Hands and Xs (nothing)")
    chances = face_probabilities(new_game().faces)
    assert set(chances) == {"furgle", "lock", "hand", "x"} and sum(chances.values()) == 1
    assert chances == {"furgle": Fraction(1, 3), "lock": Fraction(1, 6), "hand": Fraction(1, 3), "x": Fraction(1, 6)}


def test_the_first_to_15_bullion_points_wins(nb):
    nb.says("The first player to collect 15 Bullion Points wins")
    assert new_game().target == 15
    for seed in range(3):                                     # played to the end: the winner is the one at 15
        g = Furglars(["Ann", "Bob", "You"], seed=seed).play(Mastermind())
        assert g.scores[g.winner] >= 15 and all(s < 15 for p, s in g.scores.items() if p != g.winner), seed


def test_roll_cash_in_and_locks_come_back(nb):
    nb.says("Cash in. Every Furgle still on your Character Card pays 1 Bullion Point. Those dice, and the Locks on "
            "your card, come back in front of you",
            "Roll all the dice in front of you. The Furgles and Locks you roll go on your card")
    g = new_game()
    g.roll("furgle", "lock", "x", "x")                        # Ann: 4 dice; passes the 2 Xs
    assert (g.furgles["Ann"], g.locks["Ann"]) == (1, 1) and g.dice_to_roll == 4 + 2
    g.roll(*["x"] * 6)                                         # Bob passes his 6
    g.roll(*["x"] * 10)                                        # You pass your 10 to Ann
    assert g.current_player == "Ann" and g.scores["Ann"] == 1  # 1 Furgle on the card: 1 Bullion Point
    assert (g.furgles["Ann"], g.locks["Ann"]) == (0, 0)
    assert g.dice_to_roll == 10 + 1 + 1                        # the passed dice, the Furgle and the Lock


def test_hands_break_locks_then_steal_and_the_dice_are_passed(nb):
    nb.says("Each Hand may break a Lock on another player's card, or steal a Furgle from a player who has no Locks "
            "left (all their Locks must be broken first). You don't have to use every Hand",
            "Pass the dice. Everything that is not on your card (Hands, Xs, broken Locks) goes to the next player, "
            "who rolls it on their turn")
    g = new_game()
    g.roll("furgle", "furgle", "lock", "x")                   # Ann: 2 Furgles and 1 Lock on her card
    g.roll(*["x"] * 5)                                         # Bob
    g.roll("hand", "hand", *["x"] * 7)                         # You: 9 dice, 2 Hands
    actions = g.legal_actions()
    assert BreakLock("Ann") in actions and StealFurgle("Ann") not in actions     # her Lock first
    assert Done() in actions                                                    # or stop: Hands may go unused
    g.apply(BreakLock("Ann"))
    assert g.locks["Ann"] == 0 and StealFurgle("Ann") in g.legal_actions()
    g.apply(StealFurgle("Ann"))
    # your turn is over: 2 Hands, 7 Xs and the broken Lock go to Ann, who cashes in the Furgle she kept
    assert g.current_player == "Ann" and g.furgles["You"] == 1 and g.scores["Ann"] == 1
    assert g.dice_to_roll == (2 + 7 + 1) + 1
