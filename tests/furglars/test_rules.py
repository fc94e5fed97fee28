"""The Furglars rules: the rulebook's Kenzie example and every rule on a constructed position.

Positions are built by playing rigged rolls from the start, so every state a
test looks at is one the rules can reach.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from furlib import IllegalAction, RandomBot
from furlib.furglars import BreakLock, Done, Furglars, Roll, StealFurgle
from furlib.testing import check_game

F, L, H, X = "furgle", "lock", "hand", "x"
KSQ = ["Kenzie", "Sofia", "Quinn"]


def rolls(*counts: tuple[int, int, int, int]) -> list[Roll]:
    """Rigged rolls from (furgles, locks, hands, xs) counts."""
    return [Roll((F,) * f + (L,) * lk + (H,) * h + (X,) * x) for f, lk, h, x in counts]


def play(game: Furglars, *actions: object) -> Furglars:
    for a in actions:
        game.apply(a)
        game.check_invariants()
    return game


def kenzie_setup(**kw) -> Furglars:
    """Three rigged turns that lead to the rulebook's example position.

    Kenzie rolls 2 Furgles (card: 2 Furgles, 2 dice to Sofia), Sofia rolls 6
    dice: 1 Furgle, 1 Lock, 4 Xs (4 dice to Quinn), Quinn rolls 8: 2 Furgles
    and 6 Xs (6 dice to Kenzie). Kenzie then cashes in 2 Furgles and has 8
    dice in front of her.
    """
    g = Furglars(KSQ, seed=0, **kw)
    return play(g, *rolls((2, 0, 0, 2), (1, 1, 0, 4), (2, 0, 0, 6)))


# ----------------------------------------------------------- the rulebook example
def test_kenzie_example_from_the_rulebook():
    g = kenzie_setup()
    # "She starts her turn by collecting 2 Bullion Points for the 2 Furgles on her Character Card."
    assert g.current_player == "Kenzie" and g.is_chance
    assert g.scores == {"Kenzie": 2, "Sofia": 0, "Quinn": 0}
    assert g.events[-1].kind == "cash in"
    assert g.events[-1].text == "Kenzie cashes in 2 Furgles for 2 Bullion Points (total 2)"
    # "Sofia has 1 Lock and 1 Furgle ... Quinn has 2 Furgles (no Locks)"
    assert g.furgles == {"Kenzie": 0, "Sofia": 1, "Quinn": 2}
    assert g.locks == {"Kenzie": 0, "Sofia": 1, "Quinn": 0}
    # "She then rolls 8 dice ... 3 Hands, 2 Furgles, 1 Lock and 2 Xs"
    assert g.dice_to_roll == 8
    g.apply(Roll((H, F, H, L, X, F, H, X)))
    assert g.furgles["Kenzie"] == 2 and g.locks["Kenzie"] == 1   # placed on her card at once
    assert g.hands_left == 3
    assert g.legal_actions() == [BreakLock("Sofia"), StealFurgle("Quinn"), Done()]
    # "Kenzie then breaks Sofia's 1 Lock with 1 Hand ... places them in front of herself"
    g.apply(BreakLock("Sofia"))
    assert g.locks["Sofia"] == 0 and g.pass_pile == {"hand": 3, "x": 2, "lock": 1}
    # "She steals Sofia's Furgle" and "1 of Quinn's Furgles"
    g.apply(StealFurgle("Sofia"))
    g.apply(StealFurgle("Quinn"))
    # "She ends her turn with 4 Furgles and 1 Lock ... passes the 6 remaining dice to the player to her left."
    assert g.furgles == {"Kenzie": 4, "Sofia": 0, "Quinn": 1}
    assert g.locks == {"Kenzie": 1, "Sofia": 0, "Quinn": 0}
    assert g.current_player == "Sofia" and g.dice_in_front["Sofia"] == 6 and g.dice_to_roll == 6
    assert g.log(last=4).splitlines() == [
        "   5  Kenzie breaks Sofia's Lock with a Hand (Sofia has 0 Locks left)",
        "   6  Kenzie steals a Furgle from Sofia (Kenzie has 3 Furgles on the card)",
        "   7  Kenzie steals a Furgle from Quinn (Kenzie has 4 Furgles on the card)",
        "   7  Kenzie keeps 4 Furgles and 1 Lock on the card and passes 6 dice to Sofia: "
        "3 Hands, 2 Xs and 1 broken Lock",
    ]
    g.check_invariants()


def test_setup_turns_log_and_history():
    g = kenzie_setup()
    assert g.log().splitlines()[:6] == [
        "   1  Kenzie rolls 4 dice: 2 Furgles and 2 Xs",
        "   1  Kenzie keeps 2 Furgles on the card and passes 2 dice to Sofia: 2 Xs",
        "   2  Sofia rolls 6 dice: 1 Furgle, 1 Lock and 4 Xs",
        "   2  Sofia keeps 1 Furgle and 1 Lock on the card and passes 4 dice to Quinn: 4 Xs",
        "   3  Quinn rolls 8 dice: 2 Furgles and 6 Xs",
        "   3  Quinn keeps 2 Furgles on the card and passes 6 dice to Kenzie: 6 Xs",
    ]
    h = g.history
    assert list(h["event"]) == ["roll", "pass", "roll", "pass", "roll", "pass", "cash in"]
    assert list(h["turn"]) == [1, 1, 2, 2, 3, 3, 4]
    assert list(h["Kenzie"]) == [0, 0, 0, 0, 0, 0, 2]
    assert h.loc[2, "lock"] == 1 and h.loc[2, "furgle"] == 1 and h.loc[2, "x"] == 4
    assert h.loc[6, "points"] == 2
    # readable: the roll's counts, a Hand's target and the points cashed in, whole numbers, nothing else
    assert list(h.columns) == ["step", "turn", "player", "event", "text", "Kenzie", "Sofia", "Quinn",
                               "furgle", "lock", "hand", "x", "points"]
    assert str(h["lock"].dtype) == "Int64" and h["points"].isna().sum() == 6


# ------------------------------------------------------------------ parameters
@pytest.mark.parametrize("n, dice, target", [(2, 5, 21), (3, 4, 15), (4, 4, 15), (5, 4, 15), (6, 3, 15)])
def test_defaults_by_player_count(n, dice, target):
    g = Furglars(n, seed=1)
    assert g.dice_per_player == dice and g.target == target
    assert g.total_dice == n * dice == g.dice_in_play
    assert g.dice_in_front == {p: dice for p in g.players}
    assert g.chart == {k: k for k in range(n * dice + 1)}
    assert g.faces == ("furgle", "furgle", "lock", "hand", "hand", "x") and g.x_factor is False


@pytest.mark.parametrize("kwargs, words", [
    ({"players": 1}, "between 2 and 6, got 1"),
    ({"players": 7}, "between 2 and 6, got 7"),
    ({"players": ["Ann"]}, "['Ann']"),
    ({"players": "Ann"}, "'Ann'"),
    ({"dice_per_player": 0}, "dice_per_player must be between 1 and 10, got 0"),
    ({"dice_per_player": 11}, "got 11"),
    ({"dice_per_player": 2.5}, "dice_per_player must be a whole number, got 2.5"),
    ({"dice_per_player": True}, "got True"),
    ({"faces": []}, "faces must be a list of face kinds"),
    ({"faces": "furgle"}, "got 'furgle'"),
    ({"faces": ["furgle", "banana"]}, "got 'banana'"),
    ({"faces": ["hand", "lock", "x"]}, "must include a 'furgle', or nobody could ever score; got faces=['hand'"),
    ({"chart": {1: 1, 2: 2}}, "missing [3, 4, 5"),
    ({"chart": {k: -k for k in range(13)}}, "1 Furgle pays -1"),
    ({"chart": {k: k / 2 for k in range(13)}}, "0 Furgles pay 0.0"),
    ({"chart": {0: 0, **{k: k / 2 for k in range(1, 13)}}}, "1 Furgle pays 0.5"),
    ({"chart": {k: "1" for k in range(13)}}, "pay '1'"),
    ({"chart": {"one": 1}}, "got 'one'"),
    ({"chart": lambda n: 1 / n}, "chart(0) failed: ZeroDivisionError"),
    ({"chart": lambda n: n + 1}, "must pay 0 points, but the chart pays 1"),
    ({"chart": lambda n: 0}, "nobody could ever win"),
    ({"chart": [1, 2, 3]}, "got [1, 2, 3]"),
    ({"target": 0}, "target must be >= 1, got 0"),
    ({"target": "15"}, "target must be a whole number, got '15'"),
    ({"x_factor": "yes"}, "x_factor must be True or False, got 'yes'"),
    ({"seed": -1}, "got -1"),
])
def test_bad_parameters_name_the_value(kwargs, words):
    kwargs = {"players": 3, **kwargs}
    with pytest.raises(ValueError) as info:
        Furglars(**kwargs)
    assert words in str(info.value)


def test_chart_as_mapping_or_function_is_stored_as_a_table():
    square = Furglars(2, dice_per_player=2, chart=lambda n: n * n)
    assert square.chart == {0: 0, 1: 1, 2: 4, 3: 9, 4: 16}
    mapping = Furglars(2, dice_per_player=2, chart={"1": 1, "2": 4, "3": 9, "4": 16, "9": 99})
    assert mapping.chart == square.chart   # "0" may be left out; counts past the dice in play are ignored
    saved = json.loads(square.to_json())["params"]["chart"]
    assert saved == {"0": 0, "1": 1, "2": 4, "3": 9, "4": 16}
    assert Furglars.from_json(square.to_json()).chart == square.chart


# ------------------------------------------------------------------- the rules
def test_cash_in_uses_the_chart_all_at_once():
    chart = {n: n * n for n in range(13)}
    g = Furglars(KSQ, seed=0, chart=chart)
    play(g, *rolls((3, 0, 0, 1), (0, 0, 0, 5), (0, 0, 0, 9)))
    # 3 Furgles cashed together pay chart[3] = 9, not 3 * chart[1]
    assert g.scores["Kenzie"] == 9
    assert g.events[-1].data == {"furgles": 3, "points": 9}
    # the cashed dice join the 9 dice Quinn passed
    assert g.dice_in_front["Kenzie"] == 9 + 3 and g.furgles["Kenzie"] == 0


def test_reaching_the_target_wins_right_after_cashing_in():
    g = Furglars(KSQ, seed=0, target=2)
    play(g, *rolls((2, 0, 0, 2), (1, 0, 0, 5)))
    # Kenzie has 2 Furgles on her card (worth the target) but wins only when she cashes them in
    assert not g.is_over and g.current_player == "Quinn"
    play(g, *rolls((0, 0, 0, 9)))
    assert g.is_over and g.winner == "Kenzie" and g.current_player is None
    assert g.scores == {"Kenzie": 2, "Sofia": 0, "Quinn": 0}
    assert [e.kind for e in g.events[-2:]] == ["cash in", "win"]
    assert g.events[-1].text == "Kenzie reaches the target of 2 points and wins!"
    assert not g.is_chance and g.legal_actions() == []
    with pytest.raises(IllegalAction, match="the game is over"):
        g.apply(Roll((X,)))
    g.check_invariants()


def test_only_the_player_starting_a_turn_cashes_in():
    # Bob holds more Furgles, but Ann's turn starts first: she cashes in and wins
    g = Furglars(["Ann", "Bob"], seed=0, target=1)
    play(g, *rolls((1, 0, 0, 4)))                 # Ann keeps 1 Furgle, passes 4 dice
    play(g, *rolls((3, 0, 0, 6)))                 # Bob keeps 3 Furgles
    assert g.winner == "Ann" and g.scores == {"Ann": 1, "Bob": 0}


def test_no_dice_the_turn_passes():
    g = Furglars(2, seed=0, dice_per_player=1)
    play(g, Roll((H,)))            # nobody to use the Hand on: it passes with the die
    assert g.current_player == "Player 2" and g.dice_to_roll == 2
    play(g, Roll((F, F)))          # Player 2 keeps both dice: Player 1 gets none
    assert g.events[-3].text == "Player 2 keeps 2 Furgles on the card and passes no dice to Player 1"
    assert g.events[-2].kind == "no dice"
    assert g.events[-2].text == "Player 1 has no dice to roll: the turn passes to Player 2"
    assert g.events[-2].turn == 3
    assert g.events[-1].text == "Player 2 cashes in 2 Furgles for 2 Bullion Points (total 2)"
    assert g.turn == 4 and g.current_player == "Player 2" and g.scores["Player 2"] == 2
    assert g.dice_to_roll == 2
    g.check_invariants()


def test_locks_protect_furgles():
    g = kenzie_setup()
    play(g, Roll((H, H, X, X, X, X, X, X)))
    assert StealFurgle("Sofia") not in g.legal_actions()
    before = g.to_json()
    with pytest.raises(IllegalAction) as info:
        g.apply(StealFurgle("Sofia"))
    msg = str(info.value)
    assert "Sofia's Furgles are protected by 1 Lock: break them first." in msg
    assert "Legal now: break Sofia's Lock, steal a Furgle from Quinn, done: pass the dice." in msg
    assert g.to_json() == before


def test_all_locks_must_break_before_a_steal():
    g = Furglars(KSQ, seed=0)
    play(g, *rolls((0, 0, 0, 4), (1, 2, 0, 5), (0, 0, 0, 9)))
    assert g.locks["Sofia"] == 2 and g.current_player == "Kenzie" and g.dice_to_roll == 9
    play(g, *rolls((0, 0, 3, 6)))
    assert g.legal_actions() == [BreakLock("Sofia"), Done()]
    play(g, BreakLock("Sofia"))
    assert g.legal_actions() == [BreakLock("Sofia"), Done()]    # one Lock still protects
    play(g, BreakLock("Sofia"))
    assert g.legal_actions() == [StealFurgle("Sofia"), Done()]
    play(g, StealFurgle("Sofia"))
    # Hands spent, turn over: 3 Hands, 6 Xs and 2 broken Locks go to Sofia
    assert g.current_player == "Sofia" and g.dice_to_roll == 11
    assert g.furgles["Kenzie"] == 1


def test_hands_may_be_left_unused_and_pass_with_the_dice():
    g = kenzie_setup()
    play(g, Roll((H, H, H, X, X, X, X, X)), StealFurgle("Quinn"), Done())
    assert g.events[-4].text == "Kenzie steals a Furgle from Quinn (Kenzie has 1 Furgle on the card)"
    assert g.events[-3].text == ("Kenzie keeps 1 Furgle on the card and passes 8 dice to Sofia: "
                                 "3 Hands (2 unused) and 5 Xs")
    # Sofia then cashes in her Furgle and takes back her Lock: 8 + 1 + 1 dice to roll
    assert [e.kind for e in g.events[-2:]] == ["cash in", "take back"]
    assert g.current_player == "Sofia" and g.dice_to_roll == 10
    assert g.furgles == {"Kenzie": 1, "Sofia": 0, "Quinn": 1} and g.scores["Sofia"] == 1


def test_dice_pass_to_the_left_and_wrap_around():
    g = Furglars(["A", "B", "C"], seed=0)
    assert [g.next_player(p) for p in g.players] == ["B", "C", "A"]
    play(g, *rolls((0, 0, 0, 4)))
    assert g.dice_in_front == {"A": 0, "B": 8, "C": 4}
    play(g, *rolls((0, 0, 0, 8)))
    assert g.dice_in_front == {"A": 0, "B": 0, "C": 12}
    play(g, *rolls((0, 0, 0, 12)))
    assert g.dice_in_front == {"A": 12, "B": 0, "C": 0} and g.current_player == "A" and g.turn == 4
    with pytest.raises(ValueError, match="there is no player 'D'"):
        g.next_player("D")


def test_locks_come_back_to_roll_and_every_die_is_accounted_for():
    g = Furglars(KSQ, seed=0)
    play(g, *rolls((1, 2, 0, 1), (0, 0, 0, 5), (0, 0, 0, 9)))
    assert g.events[-2].text == "Kenzie cashes in 1 Furgle for 1 Bullion Point (total 1)"
    assert g.events[-1].text == "Kenzie takes back 2 Locks to roll"
    assert g.dice_to_roll == 9 + 1 + 2
    assert sum(g.dice_locations.values()) == 12
    assert g.dice_locations["Kenzie: in front"] == 12


def test_x_factor_bonus_roll():
    g = Furglars(KSQ, seed=0, x_factor=True)
    play(g, *rolls((0, 0, 0, 4), (0, 1, 0, 7), (1, 2, 0, 8)))
    assert g.locks == {"Kenzie": 0, "Sofia": 1, "Quinn": 2} and g.dice_to_roll == 8
    play(g, Roll((X,) * 8))
    # everybody else hands over their Locks; Kenzie rolls them at once
    assert g.is_chance and g.is_bonus_roll and g.dice_to_roll == 3
    assert g.locks == {"Kenzie": 0, "Sofia": 0, "Quinn": 0}
    assert g.events[-1].text == ("X factor! Kenzie rolled only Xs: Sofia gives 1 Lock and Quinn gives 2 Locks; "
                                 "Kenzie rolls them as a bonus roll")
    play(g, Roll((F, H, L)))
    assert g.events[-1].text == "Kenzie rolls 3 bonus dice: 1 Furgle, 1 Lock and 1 Hand"
    assert g.events[-1].data["bonus"] is True
    # resolved like steps 3-4: Furgle and Lock on her card, the Hand steals from Quinn (no Locks left)
    assert g.furgles["Kenzie"] == 1 and g.locks["Kenzie"] == 1
    assert g.legal_actions() == [StealFurgle("Quinn"), Done()]
    play(g, StealFurgle("Quinn"))
    assert g.furgles == {"Kenzie": 2, "Sofia": 0, "Quinn": 0}
    assert g.current_player == "Sofia" and g.dice_to_roll == 9   # the 8 Xs and the Hand
    assert not g.is_bonus_roll


def test_x_factor_off_or_without_locks_gives_no_bonus():
    off = Furglars(KSQ, seed=0)
    play(off, *rolls((0, 0, 0, 4), (0, 1, 0, 7), (1, 2, 0, 8)), Roll((X,) * 8))
    assert off.current_player == "Sofia" and off.locks["Quinn"] == 2
    assert "x factor" not in list(off.history["event"])

    none = Furglars(KSQ, seed=0, x_factor=True)
    play(none, Roll((X,) * 4))
    assert none.events[1].text == "Kenzie rolled only Xs, but no other card holds a Lock: no bonus roll"
    assert none.current_player == "Sofia" and none.dice_to_roll == 8

    not_all = Furglars(KSQ, seed=0, x_factor=True)
    play(not_all, *rolls((0, 0, 0, 4), (0, 1, 0, 7), (1, 2, 0, 8)), Roll((X,) * 7 + (F,)))
    assert not_all.current_player == "Sofia" and not_all.locks["Quinn"] == 2


# --------------------------------------------------------------- chance points
def test_chance_outcomes_are_the_exact_multinomial():
    g = Furglars(2, seed=0, dice_per_player=1)
    outcomes = dict(g.chance_outcomes())
    assert outcomes == {Roll((F,)): Fraction(1, 3), Roll((L,)): Fraction(1, 6),
                        Roll((H,)): Fraction(1, 3), Roll((X,)): Fraction(1, 6)}
    g = kenzie_setup()
    outcomes = dict(g.chance_outcomes())
    assert len(outcomes) == comb(8 + 3, 3)                       # counts of 4 kinds adding up to 8
    assert sum(outcomes.values()) == 1
    # 3 Hands, 2 Furgles, 1 Lock, 2 Xs: 8!/(3! 2! 1! 2!) (1/3)^3 (1/3)^2 (1/6) (1/6)^2
    assert outcomes[Roll((F, F, L, H, H, H, X, X))] == Fraction(1680, 3 ** 5 * 6 ** 3)
    sampled = g.copy().step()
    assert sampled in outcomes


def test_chance_outcomes_follow_the_faces_parameter():
    g = Furglars(2, seed=0, dice_per_player=1, faces=("hand", "hand", "furgle", "lock"))
    assert dict(g.chance_outcomes()) == {Roll((F,)): Fraction(1, 4), Roll((L,)): Fraction(1, 4),
                                         Roll((H,)): Fraction(1, 2)}
    with pytest.raises(IllegalAction, match=r"^each face must be one on the die: 'furgle', 'lock' or 'hand'; got 'x' "
                                            r"in \('x',\)\.$"):
        g.apply(Roll((X,)))


def test_rigged_rolls_in_any_order_and_checked():
    g = kenzie_setup()
    before = g.to_json()
    with pytest.raises(IllegalAction, match="Kenzie rolls 8 dice, so give 8 faces; got"):
        g.apply(Roll((H, H)))
    with pytest.raises(IllegalAction, match="call step"):
        g.apply(Done())
    with pytest.raises(IllegalAction, match="got 'paw'"):
        g.apply(Roll(("paw",) * 8))
    assert g.to_json() == before
    g.apply(Roll([X, H, X, F, L, H, F, H]))         # a list works and order does not matter
    assert g.last_roll == (X, H, X, F, L, H, F, H) and g.hands_left == 3
    assert str(Roll((H, L))) == "roll hand,lock"


def test_roll_verb():
    g = Furglars(KSQ, seed=0)
    g.roll(F, F, X, X).roll([L, F, X, X, X, X])
    assert g.furgles == {"Kenzie": 2, "Sofia": 1, "Quinn": 0}
    n = len(g.events)
    g.roll()                                          # Quinn rolls with the game's own dice
    assert g.events[n].text.startswith("Quinn rolls 8 dice: ")
    g2 = kenzie_setup()
    g2.roll(H, X, X, X, X, X, X, X)
    with pytest.raises(IllegalAction, match="Kenzie cannot roll now"):
        g2.roll()


# ------------------------------------------------------------ illegal decisions
@pytest.mark.parametrize("action, words", [
    (BreakLock("Nobody"), "there is no player 'Nobody'"),
    (StealFurgle("Kenzie"), "Kenzie cannot use a Hand on their own card."),
    (BreakLock("Quinn"), "Quinn has no Lock to break."),
    (Roll((H,)), "is a roll of the dice, but Kenzie must decide"),
    ("banana", "'banana' is not a Furglars action"),
])
def test_illegal_actions_are_refused_and_change_nothing(action, words):
    g = kenzie_setup()
    play(g, Roll((H, H, X, X, X, X, X, X)))
    before = g.to_json()
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    assert words in str(info.value)
    assert info.value.legal == [BreakLock("Sofia"), StealFurgle("Quinn"), Done()]
    assert g.to_json() == before


def test_no_furgle_to_steal():
    g = kenzie_setup()
    play(g, Roll((H, H, H, X, X, X, X, X)), StealFurgle("Quinn"), StealFurgle("Quinn"))
    assert g.hands_left == 1 and g.legal_actions() == [BreakLock("Sofia"), Done()]
    with pytest.raises(IllegalAction, match="Quinn has no Furgle to steal."):
        g.apply(StealFurgle("Quinn"))


# ------------------------------------------------------------------ conformance
def test_action_strings():
    assert [str(a) for a in (BreakLock("Sofia"), StealFurgle("Quinn"), Done())] == [
        "break Sofia's Lock", "steal a Furgle from Quinn", "done: pass the dice"]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_play_ends_and_keeps_every_die(n):
    for seed in range(40):
        g = Furglars(n, seed=seed, x_factor=seed % 2 == 1)
        bot = RandomBot(seed)
        for _ in range(5000):
            if g.is_over:
                break
            g.step(bot)
            g.check_invariants()
        assert g.is_over, f"seed {seed} did not end"
        assert g.scores[g.winner] >= g.target


def test_undo_and_json_round_trip_at_every_step():
    for seed in range(20):
        g = Furglars(seed % 5 + 2, seed=seed, x_factor=True, chart=lambda k: 2 * k, target=12)
        bot = RandomBot(seed)
        while not g.is_over:
            before = g.to_json()
            g.step(bot)
            after = g.to_json()
            assert Furglars.from_json(after).to_json() == after
            assert g.copy().undo().to_json() == before
        assert g.at(0).to_json() == Furglars(seed % 5 + 2, seed=seed, x_factor=True,
                                             chart=lambda k: 2 * k, target=12).to_json()


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_shared_conformance_check(n):
    report = check_game(Furglars, n_games=3, seed=300 + n, json_every=4,
                        kwargs={"players": n, "x_factor": n % 2 == 0})
    assert report.games == 3 and report.undos == report.steps > 0


def test_player_names_cannot_shadow_history_columns():
    with pytest.raises(ValueError, match="taken by columns of the game history"):
        Furglars(["x", "Bob"])


def test_same_seed_same_game():
    a = Furglars(4, seed=11).play()
    b = Furglars(4, seed=11).play()
    assert a.to_json() == b.to_json() and a.log() == b.log()
    c = Furglars(4, seed=12).play()
    assert c.log() != a.log()


@pytest.mark.parametrize("faces", [None, (X, H, F, L, F, H), (F, H), (H, F, F, L, X, X, H, L)])
@pytest.mark.parametrize("dice", [1, 5, 10])
def test_the_engine_rolls_the_faces_numpy_draws(faces, dice):
    # a roll is counted by adding the codes of the faces drawn (6 bits a kind): up to all 60 dice of a game of 6
    kw = {} if faces is None else {"faces": faces}
    g = Furglars(6, dice_per_player=dice, seed=dice, **kw)
    g._set_state(front=[6 * dice, 0, 0, 0, 0, 0])      # every die in front of the first player
    drawn = np.random.Generator(np.random.PCG64(np.random.SeedSequence(dice))).integers(len(g.faces), size=6 * dice)
    roll = g.step()
    assert Counter(roll.faces) == Counter(g.faces[i] for i in drawn)
    assert roll.faces == tuple(sorted(roll.faces, key=("furgle", "lock", "hand", "x").index))


def test_from_json_rejects_a_tampered_save():
    g = kenzie_setup()
    doc = json.loads(g.to_json())
    doc["state"]["scores"][0] = 9
    with pytest.raises(ValueError, match="does not match"):
        Furglars.from_json(json.dumps(doc))
    doc = json.loads(g.to_json())
    doc["actions"][0]["faces"] = ["furgle"]
    with pytest.raises(ValueError, match="saved action 0"):
        Furglars.from_json(json.dumps(doc))


def test_repr():
    g = kenzie_setup()
    assert repr(g) == ("<Furglars ['Kenzie', 'Sofia', 'Quinn'] 4 dice each, target 15; turn 4, Kenzie to roll; "
                       "scores Kenzie: 2, Sofia: 0, Quinn: 0>")
    assert "x_factor" in repr(Furglars(2, x_factor=True))
