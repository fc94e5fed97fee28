"""Every rule of Oh Furcle! on constructed positions (rigged rolls)."""

from fractions import Fraction

import pytest

from furlib import Furcle, IllegalAction
from furlib.furcle import AcceptFurcle, Beekin, Dice, Roll, Satisfied, score_roll


def game(**kw):
    kw.setdefault("players", ["Ann", "Bob"])
    kw.setdefault("seed", 0)
    return Furcle(**kw)


# ----------------------------------------------------------------- scoring
@pytest.mark.parametrize("faces, points, scoring", [
    ((3, 3, 5, 6, 1), 3, (3, 3)),                 # a pair scores its face
    ((4, 4, 2, 2, 6), 6, (2, 2, 4, 4)),           # pairs of 4s and 2s score 6 (rulebook)
    ((5, 5, 5, 2, 1), 15, (5, 5, 5)),             # three 5s: 5 + 10 (rulebook)
    ((2, 2, 2, 2, 6), 17, (2, 2, 2, 2)),          # four 2s: 2 + 15 (rulebook)
    ((6, 6, 6, 6, 6), 26, (6, 6, 6, 6, 6)),       # five of a kind: 6 + 20
    ((5, 5, 5, 1, 1), 16, (1, 1, 5, 5, 5)),       # 3 + 2 of a kind score both
    ((1, 2, 3, 4, 6), 0, ()),                     # all different: Furcle
    ((6, 6), 6, (6, 6)),
    ((3, 5), 0, ()),
])
def test_score_roll_printed_table(faces, points, scoring):
    assert score_roll(faces) == (points, scoring)


def test_bigger_group_than_table_gets_largest_bonus_plus_five_per_die():
    assert score_roll([4] * 7) == (4 + 20 + 10, (4,) * 7)
    assert score_roll([1] * 6, bonus={2: 1, 3: 2}) == (1 + 2 + 5 * 3, (1,) * 6)


def test_custom_bonus_table():
    assert score_roll([3, 3, 3, 1, 2], bonus={2: 0, 3: 5, 4: 7, 5: 9}) == (8, (3, 3, 3))


@pytest.mark.parametrize("bonus", [{3: 10}, {2: 0, 4: 15}, {2: -1}, {2: 1.5}, "x", {}])
def test_bad_bonus_tables_are_refused(bonus):
    with pytest.raises(ValueError, match="bonus"):
        Furcle(bonus=bonus)


def test_a_games_bonus_table_cannot_change_and_other_games_keep_theirs():
    """Scores of rolls are kept per bonus table and shared by games: a table changed afterwards would
    score this game by the old table and other games by the new one."""
    g = game()
    g.apply(Dice((3, 3, 3, 1, 2)))
    with pytest.raises(TypeError, match=r"bonus\[3\] = 50 was not set.*Furcle\(bonus=\{2: 0, 3: 50, 4: 15, 5: 20\}\)"):
        g.bonus[3] = 50
    with pytest.raises(TypeError, match="fixed when the game is made"):
        g.bonus.update({3: 50})
    with pytest.raises(AttributeError, match="bonus = \\{2: 0\\} was not set"):
        g.bonus = {2: 0}
    assert g.bonus == {2: 0, 3: 10, 4: 15, 5: 20} and g.roll_points == 13       # 3 + 10, unchanged
    other = game(bonus={2: 0, 3: 50})
    other.apply(Dice((3, 3, 3, 1, 2)))
    assert other.roll_points == 53 and game().bonus == {2: 0, 3: 10, 4: 15, 5: 20}


# ------------------------------------------------------------ turn shape
def test_first_roll_uses_all_dice_and_scoring_dice_roll_again():
    g = game()
    assert g.is_chance and g.dice_to_roll == 5 and g.current_player == "Ann"
    g.apply(Dice((3, 3, 5, 6, 1)))
    assert g.dice == (3, 3, 5, 6, 1)
    assert g.scoring_mask == (True, True, False, False, False)
    assert g.roll_points == 3 and g.turn_score == 3
    assert g.legal_actions()[:2] == [Roll(), Satisfied()]
    g.apply(Roll())
    assert g.is_chance and g.dice_to_roll == 2 and g.turn_score == 3
    g.apply(Dice((4, 4)))
    assert g.turn_score == 7
    g.apply(Satisfied())
    assert g.scores == {"Ann": 7, "Bob": 0}
    assert g.current_player == "Bob" and g.turn == 2 and g.dice_to_roll == 5


def test_all_scoring_dice_are_rolled_again_two_groups():
    g = game()
    g.apply(Dice((4, 4, 2, 2, 6))).apply(Roll())
    assert g.dice_to_roll == 4 and g.turn_score == 6


def test_furcle_loses_the_turn_score_and_passes_the_dice():
    g = game(beekin=False)
    g.apply(Dice((5, 5, 5, 2, 1))).apply(Roll())
    assert g.turn_score == 15
    g.apply(Dice((1, 3, 6)))            # all different, no Beekin: automatic Furcle
    assert g.scores["Ann"] == 0
    assert g.current_player == "Bob" and g.is_chance and g.turn_score == 0
    assert [e.kind for e in g.events][-2:] == ["roll", "furcle"]


def test_satisfied_banks_turn_score_only_after_a_scoring_roll():
    g = game(beekin=False)
    g.apply(Dice((2, 2, 3, 4, 6)))
    g.apply(Satisfied())
    assert g.scores == {"Ann": 2, "Bob": 0}


# ------------------------------------------------------------------ Beekin
def test_beekin_rescues_a_furcle_as_in_the_rulebook():
    # "down to three dice and you rolled 3,5,6 ... make the 5 a 6. That makes a Pair to score 6"
    g = game()
    g.apply(Dice((1, 1, 1, 4, 2))).apply(Roll())
    assert g.dice_to_roll == 3
    g.apply(Dice((3, 5, 6)))
    assert g.roll_points == 0
    assert set(g.legal_actions()) == {AcceptFurcle(), Beekin(0), Beekin(1)}   # 6 is the top face
    g.apply(Beekin(1))
    assert g.dice == (3, 6, 6) and g.roll_points == 6 and g.beekin_die == 1
    assert not g.beekin_available
    assert Beekin(0) not in g.legal_actions()


def test_beekin_can_improve_a_scoring_roll():
    g = game()
    g.apply(Dice((4, 5, 5, 1, 2)))
    assert g.roll_points == 5
    g.apply(Beekin(0))
    assert g.dice == (5, 5, 5, 1, 2) and g.roll_points == 15


def test_beekin_once_per_turn_and_again_next_turn():
    g = game()
    g.apply(Dice((4, 5, 5, 1, 2))).apply(Beekin(0)).apply(Roll())
    g.apply(Dice((1, 2, 4)))
    assert g.current_player == "Bob", "no Beekin left: the Furcle ends the turn at once"
    g.apply(Dice((1, 2, 4, 6, 6)))
    assert Beekin(0) in g.legal_actions()


def test_top_face_cannot_be_raised():
    g = game()
    g.apply(Dice((6, 1, 6, 3, 4)))
    with pytest.raises(IllegalAction, match="top face"):
        g.apply(Beekin(0))
    assert g.dice == (6, 1, 6, 3, 4)


def test_a_useless_beekin_on_a_furcle_still_furcles():
    g = game()
    g.apply(Dice((1, 1, 2, 3, 4))).apply(Roll()).apply(Dice((1, 3)))
    g.apply(Beekin(1))                 # 1,4: still all different
    assert g.current_player == "Bob" and g.scores["Ann"] == 0


def test_accepting_a_furcle_instead_of_beekin():
    g = game()
    g.apply(Dice((1, 1, 2, 3, 4))).apply(Roll()).apply(Dice((2, 3)))
    g.apply(AcceptFurcle())
    assert g.current_player == "Bob" and g.scores["Ann"] == 0


def test_beekin_off_by_parameter():
    g = game(beekin=False)
    g.apply(Dice((4, 5, 5, 1, 2)))
    assert not any(isinstance(a, Beekin) for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="switched off"):
        g.apply(Beekin(0))


def test_sides_bounds_beekin_and_faces():
    g = game(sides=8, n_dice=3)
    g.apply(Dice((7, 8, 1)))
    assert set(g.legal_actions()) == {AcceptFurcle(), Beekin(0), Beekin(2)}
    g.apply(Beekin(0))
    assert g.dice == (8, 8, 1) and g.roll_points == 8


# ------------------------------------------------------------------ Leader
def bank(g, faces):
    g.apply(Dice(faces))
    g.apply(Satisfied())


def test_leader_needs_a_second_turn_to_win():
    g = game(target=20)
    bank(g, (6, 6, 6, 1, 2))            # Ann banks 16
    bank(g, (1, 1, 2, 3, 4))            # Bob 1
    bank(g, (5, 5, 1, 2, 3))            # Ann 21: Leader
    assert g.leader == "Ann" and not g.is_over
    bank(g, (2, 2, 3, 4, 5))            # Bob 3
    assert g.is_over and g.winner == "Ann"
    assert g.events[-1].kind == "win"


def test_passing_the_leader_takes_the_lead_and_ties_do_not():
    g = game(target=20)
    bank(g, (6, 6, 6, 6, 1))            # Ann 21 -> Leader
    assert g.leader == "Ann"
    bank(g, (5, 5, 5, 5, 1))            # Bob 20 >= target but not > 21
    assert g.leader == "Ann" and g.is_over and g.winner == "Ann"

    g = game(target=20)
    bank(g, (6, 6, 6, 6, 1))            # Ann 21 -> Leader
    bank(g, (6, 6, 6, 6, 6))            # Bob 26 > 21 -> new Leader
    assert g.leader == "Bob" and not g.is_over and g.current_player == "Ann"
    bank(g, (1, 1, 2, 3, 4))            # Ann 22: not past 26
    assert g.is_over and g.winner == "Bob"


def test_exact_tie_with_leader_does_not_pass():
    g = game(target=10)
    bank(g, (6, 6, 1, 2, 3))            # Ann 6
    bank(g, (5, 5, 5, 1, 2))            # Bob 15: Leader
    bank(g, (3, 3, 3, 2, 1))            # Ann 6 + 13 = 19 > 15: Leader
    assert g.leader == "Ann"
    bank(g, (2, 2, 1, 3, 4))            # Bob 17 < 19
    assert g.winner == "Ann"


def test_solitaire_wins_on_the_turn_after_reaching_target():
    g = Furcle(players=1, target=15, seed=0)
    bank(g, (5, 5, 5, 1, 2))
    assert g.leader == "Player 1" and g.is_over and g.winner == "Player 1"


def test_no_actions_after_the_end():
    g = Furcle(players=1, target=15, seed=0)
    bank(g, (5, 5, 5, 1, 2))
    assert g.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        g.apply(Roll())


# ------------------------------------------------------- chance and errors
def test_chance_outcomes_are_exact_multinomials():
    g = game()
    outcomes = g.chance_outcomes()
    assert len(outcomes) == 252                   # multisets of 5 dice from 6 faces
    assert sum(p for _, p in outcomes) == 1
    probs = dict(outcomes)
    assert probs[Dice((1, 1, 1, 1, 1))] == Fraction(1, 7776)
    assert probs[Dice((1, 2, 3, 4, 5))] == Fraction(120, 7776)
    g.apply(Dice((2, 2, 3, 4, 5))).apply(Roll())
    two = dict(g.chance_outcomes())
    assert two == {Dice((a, b)): Fraction(1 if a == b else 2, 36) for a in range(1, 7) for b in range(a, 7)}


@pytest.mark.parametrize("faces, match", [
    ((1, 2, 3), "give 5 faces"),
    ((1, 2, 3, 4, 7), "from 1 to 6"),
    ((0, 2, 3, 4, 5), "from 1 to 6"),
    ((1, 2, 3, 4, 2.5), "whole number"),
])
def test_rigged_rolls_are_validated(faces, match):
    g = game()
    before = g.to_json()
    with pytest.raises(IllegalAction, match=match):
        g.apply(Dice(faces))
    assert g.to_json() == before


def test_illegal_action_lists_legal_actions_and_changes_nothing():
    g = game()
    g.apply(Dice((3, 3, 5, 6, 1)))
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(AcceptFurcle())
    assert "not a Furcle" in str(e.value) and "Legal now: roll again, be Satisfied" in str(e.value)
    assert e.value.legal == g.legal_actions()
    assert isinstance(e.value, ValueError)
    assert g.to_json() == before


def test_decision_at_chance_point_says_how_to_roll():
    g = game()
    with pytest.raises(IllegalAction, match=r"step\(\)"):
        g.apply(Satisfied())


@pytest.mark.parametrize("kw, match", [
    ({"target": 0}, "target must be >= 1, got 0"),
    ({"n_dice": 1}, "n_dice must be between 2 and 10, got 1"),
    ({"n_dice": 11}, "n_dice must be between 2 and 10, got 11"),
    ({"sides": 1}, "sides must be between 2 and 20, got 1"),
    ({"n_dice": 2.0}, "n_dice must be a whole number, got 2.0"),
    ({"beekin": "yes"}, "beekin must be True or False, got 'yes'"),
    ({"players": 0}, "players must be >= 1, got 0"),
    ({"players": ["Ann", "Ann"]}, "must be different"),
    ({"players": ["Ann", ""]}, "non-empty"),
    ({"players": "Ann"}, "a number of players"),
    ({"seed": -1}, "seed must be"),
    ({"seed": 1.5}, "seed must be"),
])
def test_bad_parameters_name_the_value(kw, match):
    with pytest.raises(ValueError, match=match):
        Furcle(**kw)


def test_roll_helper_rolls_again_and_rigs():
    g = game()
    g.roll(2, 2, 4, 5, 6).roll((1, 1))
    assert g.turn_score == 2 + 1
    g.roll()
    assert not g.is_chance


def test_players_by_count_get_names():
    assert Furcle(players=3).players == ("Player 1", "Player 2", "Player 3")


def test_beekin_points_answers_what_a_beekin_would_score_without_playing_it():
    g = Furcle(seed=1).roll(2, 2, 4, 5, 6)
    # by hand: 4 -> 5 makes (2,2,5,5,6), pairs of 2s and 5s: 2 + 5; 2 -> 3 leaves all different;
    # 5 -> 6 makes (2,2,4,6,6): 2 + 6
    assert [g.beekin_points(d) for d in range(4)] == [0, 0, 7, 8]
    assert g.n_steps == 1 and g.dice == (2, 2, 4, 5, 6) and g.beekin_available
    with pytest.raises(ValueError, match="die 4 shows 6, the top face"):
        g.beekin_points(4)
    with pytest.raises(ValueError, match="die"):
        g.beekin_points(5)
    with pytest.raises(ValueError, match="no roll on the table"):
        Furcle(seed=1).beekin_points(0)


def test_beekin_options_are_the_legal_beekins_with_the_points_each_would_score():
    from furlib.core.engine.policy import RandomBot

    seen = 0
    for seed in range(12):
        g = Furcle(3, seed=seed, beekin=seed % 4 != 0)
        bot = RandomBot(seed=seed)
        while not g.is_over:
            if not g.is_chance:
                legal = [a for a in g.legal_actions() if isinstance(a, Beekin)]
                assert g.beekin_options == [(g.beekin_points(a.die), a) for a in legal]
                # the one that scores most, the first such (as max() picks it); None when there is none
                assert g.best_beekin == max(g.beekin_options, key=lambda pa: pa[0], default=None)
                seen += len(legal)
            else:
                assert g.beekin_options == [] and g.best_beekin is None
            g.step(bot)
    assert seen > 100


def test_best_beekin_is_the_first_of_the_beekins_that_score_most():
    g = Furcle(seed=1).roll(1, 2, 3, 4, 6)   # raising the 1, 2 or 3 makes a pair of 2s, 3s or 4s; the 4 a lone 5
    assert g.best_beekin == (4, Beekin(2))
    # pairs of 3s and 2s (5 points): raising either 2 makes three 3s (3 + 10), either 3 a lone 4 (2)
    g = Furcle(seed=1).roll(3, 3, 2, 2, 6)
    assert g.roll_points == 5 and g.beekin_options == [(2, Beekin(0)), (2, Beekin(1)), (13, Beekin(2)),
                                                       (13, Beekin(3))]
    assert g.best_beekin == (13, Beekin(2))
    assert Furcle(seed=1, beekin=False).roll(1, 2, 3, 4, 6).best_beekin is None
    assert Furcle(seed=1).roll(6, 6, 6, 6, 6).best_beekin is None            # every die shows the top face
    g.apply(Beekin(3))
    assert g.best_beekin is None                                               # one Beekin a turn


@pytest.mark.parametrize("n_dice, sides", [(2, 2), (3, 3), (5, 6), (6, 7), (4, 12)])
def test_a_furcle_waits_for_a_decision_exactly_while_a_beekin_is_left(n_dice, sides):
    """A Furcle's dice all differ and there are at least two, so one is below the top face: the rules end the
    turn at once only when no Beekin is left (they rely on it instead of looking at the dice)."""
    from itertools import combinations

    def furcle_of(faces, beekin):
        g = Furcle(seed=1, n_dice=n_dice, sides=sides, beekin=beekin)
        if len(faces) < n_dice:              # k ones score and the other dice all differ: k dice to roll again
            g.apply(Dice((1,) * len(faces) + tuple(range(2, 2 + n_dice - len(faces)))))
            assert g.dice_to_roll == len(faces)
            g.apply(Roll())
        g.apply(Dice(faces[::-1]))
        return g

    seen = 0
    for k in range(2, n_dice + 1):
        if k < n_dice and 1 + n_dice - k > sides:
            continue                             # no first roll in which exactly k dice score
        for faces in combinations(range(1, sides + 1), k):
            g = furcle_of(faces, beekin=True)
            assert g.roll_points == 0 and not g.is_chance and g.turn == 1 and g.beekin_options
            g.apply(AcceptFurcle())
            assert g.turn == 2 and g.is_chance
            g = furcle_of(faces, beekin=False)
            assert g.turn == 2 and g.is_chance and g.events[-1].kind == "furcle"
            seen += 1
    assert seen >= 1
    if n_dice >= 3:                              # the Beekin said on a roll that still scores, then a Furcle
        g = Furcle(seed=1, n_dice=n_dice, sides=sides).roll((1,) * n_dice).apply(Beekin(0))
        assert g.roll_points > 0 and not g.beekin_available
        g.roll(tuple(range(1, g.dice_to_roll + 1)))
        assert g.turn == 2 and g.is_chance and g.events[-1].kind == "furcle"
