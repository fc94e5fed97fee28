"""Each printed rule of Thieves, and each forbidden movement, in a constructed position on the small map."""

from fractions import Fraction

import numpy as np
import pytest

from furlib import IllegalAction, Thieves
from furlib.thieves import (
    Accept,
    Escape,
    KeepStake,
    Move,
    OfferDouble,
    Pass,
    Refuse,
    Roll,
    Steal,
    TakeGold,
    TimeUp,
    key_probability,
)
from furlib.thieves import events as ev
from furlib.thieves.board import Board

# written against the classic labyrinth's squares (see tests/thieves/conftest.py)
pytestmark = pytest.mark.classic_map

PALE = [(1, 5), (1, 7), (3, 1), (3, 5)]
DARK = [(5, 3), (5, 7), (7, 1), (7, 3)]


def setup(small, pale=PALE, dark=DARK, carrier=None, current=0, **kw):
    g = Thieves(board=small, seed=1, **kw)
    g._set_state(thieves=[list(c) for c in list(pale) + list(dark)], carrier=carrier, current=current)
    return g


def strs(g):
    return {str(a) for a in g.legal_actions()}


def of(g, cls, n=None):
    return [a for a in g.legal_actions() if isinstance(a, cls) and (n is None or getattr(a, "thief", None) == n)]


def test_a_colour_key_opens_its_colour_and_white_opens_every_colour(small):
    # Pale 1 on (1,3): red doorway to (1,1), yellow to (1,5), green to (3,3)
    pale = [(1, 3), (1, 7), (5, 1), (7, 5)]
    g = setup(small, pale).apply(Roll(("green", "white")))
    green = {(a.row, a.col) for a in of(g, Move, 1) if a.key == "green"}
    white = {(a.row, a.col) for a in of(g, Move, 1) if a.key == "white"}
    assert green == {(3, 3)} and white == {(1, 1), (1, 5), (3, 3)}


def test_black_opens_only_the_central_square(small):
    pale = [(1, 3), (1, 7), (5, 1), (3, 3)]          # Pale 4 on a gold pathway
    g = setup(small, pale).apply(Roll(("black", "black")))
    assert g.legal_actions() == [TakeGold(4)]
    g.apply(TakeGold(4))
    assert g.carrier == ("Pale", 4)
    # the second black key has no use: it is lost and the turn passes
    assert g.current_player == "Dark" and g.is_chance
    assert [e.kind for e in g.events[-2:]] == [ev.TAKE, ev.LOST]
    assert g.events[-1].text == "Pale cannot use the black key: it is lost"


def test_a_roll_with_no_usable_key_passes_the_turn(small):
    pale = [(1, 3), (1, 7), (5, 1), (7, 5)]            # nobody on a gold pathway, nobody carries
    g = setup(small, pale).apply(Roll(("black", "black")))
    assert g.current_player == "Dark" and g.turn == 2 and g.is_chance
    assert g.events[-1].kind == ev.LOST and g.events[-1].data["keys"] == ("black", "black")


def test_one_thief_per_pathway_and_each_thief_moves_once(small):
    g = setup(small, [(1, 5), (1, 7), (5, 1), (3, 5)]).apply(Roll(("yellow", "yellow")))
    # Pale 1 on (1,5): yellow to (1,3) (empty) and to (3,5) (Pale 4 there): only (1,3)
    assert {(a.row, a.col) for a in of(g, Move, 1)} == {(1, 3)}
    g.apply(Move(1, 1, 3, "yellow"))
    assert g.keys == ["yellow"]
    assert of(g, Move, 1) == []                        # moved once already: (1,3) -> (1,5) is not offered
    assert Move(4, 1, 5, "yellow") in g.legal_actions()  # (1,5) is free now
    assert g.thief_at((1, 3)) == ("Pale", 1)


def test_each_key_is_used_once(small):
    g = setup(small).apply(Roll(("red", "green")))
    g.apply(next(a for a in g.legal_actions() if a.key == "red"))
    assert g.keys == ["green"] and all(a.key == "green" for a in g.legal_actions())


def test_the_imperative_uses_both_keys_when_some_plan_can():
    # furlib's labyrinth at the start, red and white: red opens nothing until thief 1 moves
    # off (1,5) with the white key, so only those moves begin a plan using both keys.
    g = Thieves(seed=1).apply(Roll(("red", "white")))
    assert strs(g) == {"thief 1 to B1 with the white key", "thief 1 to D1 with the white key"}
    g.apply(Move(1, 1, 3, "white"))
    assert strs(g) == {"thief 2 to C1 with the red key"}
    with pytest.raises(IllegalAction, match="Pale has no white key left"):
        g.apply(Move(3, 3, 1, "white"))


def test_steal_then_move_away_with_the_gold(small):
    # Dark 1 on (5,3) carries the gold; Pale 4 on (3,3), a green doorway between them
    pale = [(1, 5), (1, 7), (5, 1), (3, 3)]
    g = setup(small, pale, carrier=4).apply(Roll(("green", "yellow")))
    assert Steal(4, "green") in g.legal_actions()
    g.apply(Steal(4, "green"))
    assert g.carrier == ("Pale", 4) and g.thief_at((3, 3)) == ("Pale", 4)   # stealing does not move the thief
    assert g.events[-1].text == "Pale steals the gold from Dark's thief 1 with the green key (thief 4)"
    # (3,3) -> (3,1) through yellow: moving away with the gold
    assert Move(4, 3, 1, "yellow") in g.legal_actions()
    g.apply(Move(4, 3, 1, "yellow"))
    assert g.carrier == ("Pale", 4) and g.thieves["Pale"][3] == (3, 1)


def test_move_then_steal(small):
    pale = [(1, 5), (1, 7), (5, 1), (3, 1)]
    g = setup(small, pale, carrier=4).apply(Roll(("yellow", "green")))
    g.apply(Move(4, 3, 3, "yellow"))                       # into position next to Dark 1
    assert Steal(4, "green") in g.legal_actions()
    g.apply(Steal(4, "green"))
    assert g.carrier == ("Pale", 4) and g.current_player == "Dark"


def test_pass_and_no_passing_back(small):
    # Pale 4 on (3,3) carries; Pale 1 on (3,5): a blue doorway between them
    pale = [(3, 5), (1, 7), (7, 5), (3, 3)]
    g = setup(small, pale, carrier=3).apply(Roll(("blue", "blue")))
    assert Pass(4, 1, "blue") in g.legal_actions()
    g.apply(Pass(4, 1, "blue"))
    assert g.carrier == ("Pale", 1)
    assert not of(g, Pass)                                  # passing it straight back is forbidden
    assert g.events[-2].text == "Pale passes the gold from thief 4 to thief 1 with the blue key"


def test_passing_twice_to_a_third_thief_is_allowed(small):
    pale = [(3, 5), (1, 5), (7, 5), (3, 3)]                 # (3,3) -B- (3,5) -Y- (1,5)
    g = setup(small, pale, carrier=3).apply(Roll(("blue", "yellow")))
    g.apply(Pass(4, 1, "blue"))
    assert Pass(1, 2, "yellow") in g.legal_actions()
    g.apply(Pass(1, 2, "yellow"))
    assert g.carrier == ("Pale", 2)


def test_never_onto_the_opponents_exit(small):
    pale = [(1, 5), (1, 7), (3, 1), (7, 5)]                 # Pale 4 on (7,5), red doorway to Dark's exit (7,7)
    g = setup(small, pale).apply(Roll(("red", "red")))
    assert all((a.row, a.col) != (7, 7) for a in of(g, Move))


def test_at_most_one_of_your_thieves_around_the_opponents_exit(small):
    # Pale 4 on (5,5), next to Dark's exit; Pale 2 on (3,7) could go red to (5,7), also next to it
    pale = [(1, 5), (3, 7), (3, 1), (5, 5)]
    dark = [(5, 3), (1, 3), (7, 1), (7, 3)]
    g = setup(small, pale, dark).apply(Roll(("red", "red")))
    assert all((a.row, a.col) != (5, 7) for a in of(g, Move, 2))
    # without Pale 4 there, the same move is fine
    g = setup(small, [(1, 5), (3, 7), (3, 1), (1, 1)], dark).apply(Roll(("red", "red")))
    assert Move(2, 5, 7, "red") in g.legal_actions()


def test_at_most_one_accomplice_around_your_own_exit(small):
    # Pale 1 on (1,3) (next to Pale's exit); Pale 4 on (3,5) could go blue to (3,3), also next to it
    pale = [(1, 3), (1, 7), (5, 1), (3, 5)]
    g = setup(small, pale).apply(Roll(("blue", "blue")))
    assert Move(4, 3, 3, "blue") not in g.legal_actions()
    # the carrier is not an accomplice: carrying the gold, Pale 4 may go there
    g = setup(small, pale, carrier=3).apply(Roll(("blue", "blue")))
    assert Move(4, 3, 3, "blue") in g.legal_actions()


def test_a_pass_may_not_make_a_second_accomplice_there(small):
    # carrier Pale 4 on (3,3) and accomplice Pale 1 on (1,3): passing to Pale 2 on (3,5) would leave
    # two accomplices around Pale's exit
    pale = [(1, 3), (3, 5), (7, 5), (3, 3)]
    g = setup(small, pale, carrier=3).apply(Roll(("blue", "blue")))
    assert Pass(4, 2, "blue") not in g.legal_actions()


def test_at_most_two_of_your_thieves_on_your_exit_area(small):
    # carrier Pale 1 on (1,3) and accomplice Pale 2 on (3,1): the area holds two; Pale 4 on (3,5)
    # may not go blue to (3,3) (a third), Pale 3 may not reach the exit
    pale = [(1, 3), (3, 1), (7, 5), (3, 5)]
    g = setup(small, pale, carrier=0).apply(Roll(("blue", "blue")))
    assert Move(4, 3, 3, "blue") not in g.legal_actions()


def test_escape_needs_its_three_conditions(small):
    # carrier on the exit (1,1), accomplice on (1,3), a black key: escape
    pale = [(1, 1), (1, 3), (7, 5), (3, 5)]
    g = setup(small, pale, carrier=0).apply(Roll(("black", "yellow")))
    assert Escape(1) in g.legal_actions()
    g.apply(Escape(1))
    assert g.is_over and g.winner == "Pale"
    assert g.log(last=2).splitlines()[0].endswith("Pale opens the exit with the black key: Pale's thief 1 "
                                                  "escapes with the gold")
    # no accomplice around the exit: no escape
    g = setup(small, [(1, 1), (1, 7), (7, 5), (3, 5)], carrier=0).apply(Roll(("black", "black")))
    assert not of(g, Escape)
    # not on the exit: no escape
    g = setup(small, [(3, 1), (1, 3), (7, 5), (3, 5)], carrier=0).apply(Roll(("black", "black")))
    assert not of(g, Escape)
    # the accomplice on the exit but the carrier beside it: no escape either
    g = setup(small, [(1, 3), (1, 1), (7, 5), (3, 5)], carrier=0).apply(Roll(("black", "black")))
    assert not of(g, Escape)
    # no black key: no escape
    g = setup(small, pale, carrier=0).apply(Roll(("yellow", "white")))
    assert not of(g, Escape)


def test_escape_in_the_turn_the_carrier_reaches_the_exit(small):
    pale = [(1, 3), (3, 1), (7, 5), (3, 5)]              # carrier on (1,3), red doorway to the exit
    g = setup(small, pale, carrier=0).apply(Roll(("red", "black")))
    g.apply(Move(1, 1, 1, "red"))
    assert g.legal_actions() == [Escape(1)]
    g.apply(Escape(1))
    assert g.winner == "Pale"


def test_escape_in_the_turn_an_accomplice_arrives(small):
    pale = [(1, 1), (1, 5), (7, 5), (3, 5)]              # carrier on the exit; Pale 2 yellow to (1,3)
    g = setup(small, pale, carrier=0).apply(Roll(("yellow", "black")))
    g.apply(Move(2, 1, 3, "yellow"))
    assert Escape(1) in g.legal_actions()


def test_the_opponents_thief_cannot_be_passed_to(small):
    # Pale carrier on (3,3), Dark 1 on (5,3) behind a green doorway: no pass to it
    pale = [(1, 5), (1, 7), (5, 1), (3, 3)]
    g = setup(small, pale, carrier=3).apply(Roll(("green", "green")))
    assert not of(g, Pass)
    with pytest.raises(IllegalAction):
        Pass(4, 5, "green")


def test_doubling_offer_accept_and_refuse(small):
    g = Thieves(board=small, doubling=True, seed=2)
    assert not g.is_chance and g.legal_actions() == [KeepStake(), OfferDouble()]
    g.apply(OfferDouble())
    assert g.current_player == "Dark" and g.legal_actions() == [Accept(), Refuse()]
    g.apply(Accept())
    assert g.stake == 2 and g.current_player == "Pale" and g.is_chance
    g.step()
    while g.current_player == "Pale":
        g.step()
    # Dark holds the right to redouble
    assert g.legal_actions() == [KeepStake(), OfferDouble()]
    g.apply(OfferDouble()).apply(Refuse())
    assert g.is_over and g.winner == "Dark" and g.stake == 2
    assert g.events[-2].text == "Pale refuses and forfeits the stake of 2"


def test_only_the_cube_holder_may_redouble(small):
    g = Thieves(board=small, doubling=True, seed=2)
    g.apply(OfferDouble()).apply(Accept())                 # Dark accepted: only Dark may double next
    while g.current_player == "Pale":
        g.step()
    g.apply(KeepStake())
    while g.current_player == "Dark":
        g.step()
    assert g.is_chance                                     # Pale rolls at once: no offer to make


def test_max_turns_ends_undecided(small):
    g = Thieves(max_turns=2, seed=4).play()
    assert g.winner is None and g.events[-1].kind == ev.UNDECIDED
    assert g.events[-1].text == "After 2 turns (max_turns) the game ends undecided"


def test_texts_agree_with_you_and_counts_of_one(small):
    g = Thieves(["You", "Dark"], board=small, max_turns=1, seed=1)
    g.apply(Roll(("yellow", "white")))
    assert g.events[-1].text == "You roll yellow and white"
    g.apply(g.legal_actions()[0])
    assert g.events[-1].text.startswith("You open a ")
    g.apply(g.legal_actions()[0])
    assert g.events[-1].text == "After 1 turn (max_turns) the game ends undecided"
    g = setup(small, [(1, 3), (1, 7), (5, 1), (3, 3)])
    g2 = Thieves(["You", "Dark"], board=small, seed=1)
    g2._set_state(thieves=[list(c) for c in g.position().cells])
    g2.apply(Roll(("black", "black"))).apply(TakeGold(4))
    assert g2.events[-2].text == "You open the central square with the black key: your thief 4 takes the gold"
    assert g2.events[-1].text == "You cannot use the black key: it is lost"


def test_bad_actions_are_refused_and_change_nothing(small):
    g = setup(small).apply(Roll(("yellow", "red")))
    before = g.to_json()
    with pytest.raises(IllegalAction, match="Pale has no blue key left"):
        g.apply(Move(1, 1, 3, "blue"))
    with pytest.raises(IllegalAction, match="Pale cannot move thief 1 to D4 with the red key. Pale's thief 1 .on C1. "
                                            "is not next to D4"):
        g.apply(Move(1, 7, 7, "red"))
    assert g.to_json() == before
    with pytest.raises(IllegalAction, match=r"Move's thief must be a thief's number, 1 to 4; got 5"):
        Move(5, 1, 1, "red")
    with pytest.raises(IllegalAction, match=r"^Move's key must be exactly one of 'red', 'yellow', 'green', 'blue', "
                                            r"'white' or 'black' \(lower case, no spaces\), got 'purple'$"):
        Move(1, 1, 1, "purple")
    with pytest.raises(IllegalAction, match="Roll's keys must be two of"):
        Roll(("red",))
    g = Thieves(dice=["red", "red", "red", "red", "white", "black"], seed=1)
    with pytest.raises(IllegalAction, match=r"^each face must be one on the die: 'red', 'white' or 'black'; got 'blue' "
                                            r"in \('blue', 'red'\)\.$"):
        g.apply(Roll(("blue", "red")))


@pytest.mark.parametrize("kwargs, message", [
    ({"dice": "red"}, r"dice must be a list of the 6 faces of a die"),
    ({"dice": ["red"] * 5 + ["black"] + ["red"]}, r"^dice must list the 6 faces of a die, got 7: \['red', 'red', "
                                                   r"'red', 'red', 'red', 'black'\]$"),
    ({"dice": ["red"] * 5 + ["pink"]}, r"^dice\[5\] must be exactly one of 'red', 'yellow', 'green', 'blue', 'white' "
                                       r"or 'black' \(lower case, no spaces\), got 'pink'$"),
    ({"dice": ["red"] * 5 + ["white"]}, r"no black face"),
    ({"dice": ["black"] * 6}, r"no face that opens a doorway .*no thief could ever move"),
    ({"time_limit": np.float64("nan")}, r"time_limit must be None or a number of seconds above 0"),
    ({"time_limit": True}, r"time_limit must be None or a number of seconds above 0"),
    ({"max_turns": 0}, r"^max_turns must be None or a whole number from 1 to 20000 \(MAX_TURNS: a game ends within "
                       r"MAX_STEPS actions\), got 0$"),
    ({"doubling": "yes"}, r"doubling must be True or False"),
    ({"board": "no-such-file.txt"}, r"the map is one line \('no-such-file.txt'\).*never a file's name"),
    ({"players": ["A", "B", "C"]}, r"."),
])
def test_bad_parameters(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Thieves(**kwargs)


def test_key_probability_exact():
    # a door colour opens with that colour or white: 2 faces of 6; missed by both dice with (4/6)^2
    for colour in ("red", "yellow", "green", "blue"):
        assert key_probability(colour) == 1 - Fraction(4, 6) ** 2 == Fraction(5, 9)
    assert key_probability("black") == 1 - Fraction(5, 6) ** 2 == Fraction(11, 36)
    assert key_probability("red", ["red", "red", "red", "green", "green", "black"]) == 1 - Fraction(3, 6) ** 2
    with pytest.raises(ValueError, match=r"^colour must be exactly one of 'red', 'yellow', 'green', 'blue' or 'black' "
                                         r"\(lower case, no spaces\), got 'white'$"):
        key_probability("white")


def test_chance_outcomes_are_the_21_rolls():
    g = Thieves(seed=1)
    outs = g.chance_outcomes()
    assert len(outs) == 21 and sum(p for _, p in outs) == 1
    assert dict((o.keys, p) for o, p in outs)[("red", "red")] == Fraction(1, 36)
    assert dict((o.keys, p) for o, p in outs)[("white", "black")] == Fraction(2, 36)


def test_the_rolls_are_one_numpy_call_per_roll_of_the_seeded_stream():
    # The game draws its dice in blocks (Game._draw); the keys must be those of one rng.integers(0, 6, size=2)
    # per roll of a generator seeded as the game seeds its own, in the order the faces first come on the dice,
    # so a seed gives the games (and the lessons' figures) it always gave.
    for seed, dice in ((3, None), (11, ["red", "red", "white", "black", "blue", "green"])):
        g = Thieves(seed=seed, dice=dice, max_turns=25).play()
        faces = g.dice
        rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))
        first = {f: faces.index(f) for f in faces}
        rolls = [a for a in g.actions if isinstance(a, Roll)]
        assert len(rolls) > 20
        listed = {o.keys: o for o, _ in Thieves(seed=seed, dice=dice).chance_outcomes()}
        assert all(listed[r.keys] is r for r in rolls), "a rolled Roll is not the one chance_outcomes() lists"
        for roll in rolls:
            a, b = (faces[int(i)] for i in rng.integers(0, 6, size=2))
            assert roll.keys == tuple(sorted((a, b), key=first.__getitem__))


def test_custom_board_saves_and_loads(small):
    g = Thieves(board=small, seed=5, max_turns=6).play()
    again = Thieves.from_json(g.to_json())
    assert again.to_json() == g.to_json() and again.board == Board.load(small)


def test_time_up_loses_the_keys_left(small):
    g = Thieves(["You", "Dark"], board=small, time_limit=10, seed=1).apply(Roll(("yellow", "red")))
    assert TimeUp() not in g.legal_actions()   # not a move a bot or a player may choose: the clock applies it
    g.apply(TimeUp())
    assert g.current_player == "Dark" and g.events[-1].text == "You run out of time: the yellow and red keys are lost"
    assert Thieves.from_json(g.to_json()).to_json() == g.to_json()
    plain = Thieves(board=small, seed=1).apply(Roll(("yellow", "red")))
    with pytest.raises(IllegalAction, match="this game has no time_limit"):
        plain.apply(TimeUp())
    with pytest.raises(ValueError, match="time_limit must be None or a number of seconds above 0"):
        Thieves(time_limit=0)


def test_a_time_limit_may_be_any_real_number_type():
    """numpy's integers and floats are both numbers of seconds (np.int64(5) was refused, np.float64(5) taken)."""
    for limit in (5, 5.0, np.int64(5), np.float64(5), np.int32(5)):
        assert Thieves(time_limit=limit, seed=1).time_limit == 5.0


def test_no_bot_can_choose_time_up_to_dodge_using_the_keys(small):
    """With a time limit, TimeUp was a legal action: a bot could pick it and lose the keys on purpose."""
    from furlib.core.engine.policy import RandomBot

    g = Thieves(["You", "Dark"], board=small, time_limit=10, seed=1, max_turns=30)
    g.play(RandomBot(seed=1), RandomBot(seed=2))
    assert not any(e.text.endswith("lost") and "run out of time" in e.text for e in g.events)
    assert not any(isinstance(a, TimeUp) for a in g.actions)
