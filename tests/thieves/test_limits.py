"""Issue 31: every Thieves input bounded and checked exactly, every refusal a short ValueError naming the value.

The limits: ``dice`` read no further than a seventh face, faces exactly the key words; a map holds only its
squares and spaces at the ends of lines; ``max_turns`` at most ``MAX_TURNS``; the doubling stake at most
``MAX_STAKE``; a searching bot's ``top`` at most ``MAX_TOP``; every public callable answers bad input with a
ValueError (never TypeError, KeyError, AttributeError or AssertionError) of under 300 characters.
"""

import itertools
import json

import numpy as np
import pytest

from furlib import Thieves
from furlib.core.engine.game import Game
from furlib.core.errors import IllegalAction, excerpt
from furlib.thieves import (
    Accept,
    Board,
    Escape,
    KeepStake,
    Move,
    OfferDouble,
    Pass,
    Refuse,
    Roll,
    Steal,
    TakeGold,
    key_probability,
)
from furlib.thieves.bots import MAX_TOP, Expectimax, Foresight, Greedy, Hunter, Lookahead, Patrol, default_bot
from furlib.thieves.moves import MAX_POS_KEYS, best, legal_uses, plans, uses
from furlib.thieves.rules import ACTIONS_PER_TURN, MAX_STAKE, MAX_TURNS, check_dice
from furlib.thieves.widget_settings import MAX_APP_TURNS, ThievesSettings

KEY_WORDS = "'red', 'yellow', 'green', 'blue', 'white' or 'black'"


# --------------------------------------------------------------------------------------------- the dice
class _Trap(list):
    """A list that fails if more than 7 of its items are read (the dice must be read no further)."""

    def __iter__(self):
        for i, x in enumerate(super().__iter__()):
            if i >= 7:
                raise AssertionError("the dice were read past their seventh face")
            yield x


def test_a_million_faces_are_refused_after_the_seventh_with_an_excerpt():
    with pytest.raises(ValueError) as info:
        Thieves(dice=_Trap(["red"] * 10**6))
    assert str(info.value) == ("dice must list the 6 faces of a die, got 1,000,000: "
                               "['red', 'red', 'red', 'red', 'red', 'red']")
    with pytest.raises(ValueError, match=r"^dice must list the 6 faces of a die, got 5: \['red', 'red', 'red', 'red', "
                                         r"'black'\]$"):
        Thieves(dice=["red"] * 4 + ["black"])


@pytest.mark.parametrize("face", [" RED", "RED", "Red", "red ", " red", "blac k", "BLACK", "red\n", "\u0440ed"])
def test_a_face_must_be_exactly_a_key_word(face):
    dice = ["red", "yellow", "green", "blue", "white", "black"]
    dice[2] = face
    with pytest.raises(ValueError) as info:
        Thieves(dice=dice)
    assert str(info.value) == (f"dice[2] must be exactly one of {KEY_WORDS} (lower case, no spaces), "
                               f"got {face!r}")


def test_faces_that_are_numpy_strings_are_stored_as_plain_strings():
    faces = check_dice(list(np.array(["red", "red", "green", "blue", "white", "black"])))
    assert faces == ("red", "red", "green", "blue", "white", "black") and {type(f) for f in faces} == {str}


@pytest.mark.parametrize("colour", [" red", "RED", "Black", "blue "])
def test_key_probability_takes_the_colour_word_exactly(colour):
    with pytest.raises(ValueError) as info:
        key_probability(colour)
    assert str(info.value) == ("colour must be exactly one of 'red', 'yellow', 'green', 'blue' or 'black' (lower "
                               f"case, no spaces), got {colour!r}")


@pytest.mark.parametrize("make, shown", [
    (lambda: Roll(("RED", "white")), "('RED', 'white')"),
    (lambda: Roll((" red", "white")), "(' red', 'white')"),
    (lambda: Roll(("red", "white", "black")), "('red', 'white', 'black')"),
])
def test_a_roll_takes_the_key_words_exactly(make, shown):
    with pytest.raises(IllegalAction) as info:
        make()
    assert str(info.value) == (f"Roll's keys must be two of {KEY_WORDS}, exactly (lower case, no spaces), e.g. "
                               f"('red', 'white'); got {shown}")


def test_a_roll_reads_no_more_than_three_keys():
    with pytest.raises(IllegalAction, match=r"^Roll's keys must be a list of words, e.g. \(\"red\", \"white\"\); "
                                            r"got \(0, 1, 2\)$"):
        Roll(itertools.count())                 # endless: refused after its third item
    assert Roll(iter(["red", "white"])).keys == ("red", "white")


@pytest.mark.parametrize("make", [lambda k: Move(1, 1, 3, k), lambda k: Pass(1, 2, k), lambda k: Steal(1, k)])
def test_a_key_use_takes_its_key_word_exactly(make):
    with pytest.raises(IllegalAction) as info:
        make("White")
    name = type(make("white")).__name__
    assert str(info.value) == (f"{name}'s key must be exactly one of {KEY_WORDS} (lower case, no spaces), "
                               "got 'White'")


@pytest.mark.parametrize("row, col, bad", [(33, 1, "row"), (1, 33, "col"), (-1, 1, "row"), (10**5000, 1, "row")],
                         ids=["row 33", "col 33", "row -1", "a huge row"])
def test_a_move_names_a_square_of_a_map_no_larger_than_the_largest(row, col, bad):
    with pytest.raises(IllegalAction) as info:
        Move(1, row, col, "red")
    value = {"row": row, "col": col}[bad]
    assert str(info.value) == (f"Move's {bad} must be a {bad} of the map, 0 to 32 (no map has more than "
                               f"MAX_MAP_SIDE = 33); got {excerpt(value)}")
    assert Move(1, 32, 32, "red").row == 32


# ---------------------------------------------------------------------------------------------- the map
SQUARES = "a map holds only the squares #.pdPD*RYGB (see furlib.thieves.board), one line per row, spaces at either " \
          "end of a line ignored"


@pytest.mark.parametrize("ch, shown, named", [
    ("\t", r"'\t'", "U+0009 TAB"),
    ("\x0b", r"'\x0b'", "U+000B VERTICAL TAB (a line break to str.splitlines)"),
    ("\x0c", r"'\x0c'", "U+000C FORM FEED (a line break to str.splitlines)"),
    ("\x1c", r"'\x1c'", "U+001C FILE SEPARATOR (a line break to str.splitlines)"),
    ("\x1d", r"'\x1d'", "U+001D GROUP SEPARATOR (a line break to str.splitlines)"),
    ("\x1e", r"'\x1e'", "U+001E RECORD SEPARATOR (a line break to str.splitlines)"),
    ("\x85", r"'\x85'", "U+0085 NEXT LINE (a line break to str.splitlines)"),
    ("\u3000", r"'\u3000'", "U+3000 IDEOGRAPHIC SPACE"),
    ("\u2028", r"'\u2028'", "U+2028 LINE SEPARATOR (a line break to str.splitlines)"),
    ("\u2029", r"'\u2029'", "U+2029 PARAGRAPH SEPARATOR (a line break to str.splitlines)"),
    ("\xa0", r"'\xa0'", "U+00A0 NO-BREAK SPACE"),
])
def test_a_character_the_format_does_not_ignore_is_refused_where_it_stands(small, ch, shown, named):
    lines = small.splitlines()
    for where, (row, col) in {"end": (3, 9), "start": (5, 0), "end of the last row": (8, 9)}.items():
        edited = list(lines)
        edited[row] = ch + edited[row] if col == 0 else edited[row] + ch
        with pytest.raises(ValueError) as info:
            Board.load("\n".join(edited) + "\n")
        assert str(info.value) == f"unknown character {shown} ({named}) at row {row}, column {col}; {SQUARES}", where
        assert len(str(info.value)) < 300


def test_only_spaces_line_ends_and_blank_lines_at_either_end_are_ignored(small):
    b = Board.load(small)
    assert Board.load(small.replace("\n", "   \r\n")) == b                      # trailing spaces, \r\n
    assert Board.load("  \n\n" + "".join("  " + line + " \n" for line in small.splitlines()) + " \n\n") == b
    assert Board.load(small.replace("\n", "\r")) == b
    with pytest.raises(ValueError, match=r"^unknown character ' ' \(U\+0020 SPACE\) at row 3, column 9; "):
        Board.load(small.replace("#pY.BpG.#\n", "#pY.BpG.# \t\n"))             # a space is a square inside a line


def test_an_unknown_character_is_named_before_the_row_lengths_are_compared(small):
    """A tab at the end of a row makes it a character longer: the tab is named, not the length."""
    with pytest.raises(ValueError, match=r"^unknown character '\\t' \(U\+0009 TAB\) at row 4, column 9; "):
        Board.load(small.replace("#R#G*G#R#\n", "#R#G*G#R#\t\n"))


def test_a_board_made_from_too_many_rows_is_refused_before_they_are_read():
    class Rows(list):
        def __iter__(self):
            raise AssertionError("the rows were read before the limit was checked")

    with pytest.raises(ValueError, match=r"^the map is 1,000,000 rows; a map may have at most 33 of each "
                                         r"\(MAX_MAP_SIDE: 16 by 16 pathways\)$"):
        Board(Rows(["#"] * 10**6))


# ----------------------------------------------------------------------------------------- the turn limit
def test_max_turns_is_bounded_so_a_game_ends_within_max_steps():
    assert MAX_TURNS == 20_000 == Game.MAX_STEPS // ACTIONS_PER_TURN == Thieves.MAX_STEPS // 5
    g = Thieves(max_turns=MAX_TURNS, seed=1)
    assert g.max_turns == MAX_TURNS and Thieves.from_json(g.to_json()).to_json() == g.to_json()
    assert repr(g) and g.html()                      # showable
    for bad in (MAX_TURNS + 1, 10**5000, 0, -3, 2.0, True, "10", np.float64(5)):
        with pytest.raises(ValueError) as info:
            Thieves(max_turns=bad)
        assert str(info.value) == ("max_turns must be None or a whole number from 1 to 20000 (MAX_TURNS: a game ends "
                                   f"within MAX_STEPS actions), got {excerpt(bad)}")
    assert Thieves(max_turns=np.int64(7)).max_turns == 7 and type(Thieves(max_turns=np.int64(7)).max_turns) is int


def test_the_settings_panel_offers_the_games_turn_limit():
    (field,) = [f for f in ThievesSettings.FIELDS if f.key == "max_turns"]
    assert (field.low, field.high) == (1, MAX_TURNS) and MAX_APP_TURNS == MAX_TURNS


def _eager(game):
    """Offers to double and accepts every offer; otherwise the last legal key use."""
    legal = game.legal_actions()
    return next((a for a in legal if isinstance(a, (OfferDouble, Accept))), legal[-1])


def test_a_turn_takes_at_most_five_actions():
    g = Thieves(seed=5, doubling=True, max_turns=60).play(_eager)
    assert g.turn == 60 and g.winner is None
    assert g.n_steps <= ACTIONS_PER_TURN * g.turn


# ------------------------------------------------------------------------------------------------ the stake
def test_the_stake_stops_at_max_stake_and_no_offer_is_legal_there():
    assert MAX_STAKE == 2**20
    g = Thieves(seed=5, doubling=True, max_turns=60).play(_eager)
    assert g.stake == MAX_STAKE                       # twenty accepted doublings, then none
    doubles = [e for e in g.events if e.kind == "accept"]
    assert [e.data["stake"] for e in doubles] == [2**k for k in range(1, 21)]
    text = g.to_json()
    assert Thieves.from_json(text).to_json() == text and json.loads(text)["state"]["stake"] == MAX_STAKE
    assert "1048576" in g.html() and repr(g)

    # at the cap the player who holds the right to double rolls at once: no offer phase
    g = Thieves(seed=5, doubling=True, max_turns=60)
    while g.stake < MAX_STAKE:
        g.step(_eager)
    while g.phase != "roll":
        g.step(_eager)
    before = g.to_json()
    with pytest.raises(IllegalAction) as info:
        g.apply(OfferDouble())
    assert str(info.value) == ("the stake is 1,048,576, the most it may be (MAX_STAKE): no offer to double is legal "
                               "now; the dice are to be rolled: call step() to roll them.")
    assert g.to_json() == before
    g.step()                                          # the roll
    while not g.is_over and g.phase != "roll":
        assert OfferDouble() not in g.legal_actions()
        g.step(_eager)


def test_a_stake_below_the_cap_is_doubled_as_before():
    g = Thieves(seed=5, doubling=True, max_turns=3)
    g.step(_eager)
    assert g.phase == "answer" and g.legal_actions() == [Accept(), Refuse()]
    assert g.apply(Accept()).stake == 2


# ------------------------------------------------------------------------------------------------- the bots
@pytest.mark.parametrize("bot", [Lookahead, Expectimax, Foresight])
def test_top_is_bounded_by_max_top(bot):
    assert MAX_TOP == 8 and bot(top=MAX_TOP).top == MAX_TOP and type(bot(top=np.int64(2)).top) is int
    extra = " (the plans searched each turn)" if bot is Foresight else ""
    for bad in (MAX_TOP + 1, 10**6, 10**5000, 0, 2.0, True):
        with pytest.raises(ValueError) as info:
            bot(top=bad)
        assert str(info.value) == f"top must be a whole number from 1 to 8 (MAX_TOP){extra}, got {excerpt(bad)}"


# --------------------------------------------------------------------------------------------- positions
def test_a_hand_made_position_with_a_thief_off_the_map_is_a_value_error():
    g = Thieves(seed=1).apply(Roll(("red", "white")))
    pos = g.position()
    off = pos._replace(cells=((99, 99),) + pos.cells[1:])
    for f in (uses, legal_uses, plans, best):
        with pytest.raises(ValueError) as info:
            f(g.board, off)
        assert str(info.value) == ("pos.cells[0] (99, 99) is off the map: a square is (row, col), rows 0 to 16 and "
                                   "columns 0 to 16")
    with pytest.raises(ValueError, match=r"^pos.keys must be a tuple of at most 2 keys, each exactly one of red, "
                                         r"yellow, green, blue, white, black; got \('red', 'red', 'red'\)$"):
        plans(g.board, pos._replace(keys=("red",) * 3))        # more keys than a roll: plans without bound
    assert MAX_POS_KEYS == 2
    listed = pos._replace(cells=[list(c) for c in pos.cells], moved=[], keys=list(pos.keys))
    assert uses(g.board, listed) == uses(g.board, pos)       # lists of the same values read the same


# -------------------------------------------------------------------------- every public callable, bad input
BAD = {"None": None, "str": "x", "float": 1.5, "bool": True, "negative": -1, "huge": 10**5000, "object": object(),
       "off the map": (99, 99)}


def _game():
    return Thieves(seed=1).apply(Roll(("red", "white")))


def _pos(**fields):
    return _game().position()._replace(**fields)


_B = Board.default()
#: name -> (call with the bad value, the names of BAD that the call accepts)
CALLS = {
    "Thieves(players=)": (lambda v: Thieves(v), ()),
    "Thieves(board=)": (lambda v: Thieves(board=v), ("None",)),
    "Thieves(dice=)": (lambda v: Thieves(dice=v), ("None",)),
    "Thieves(doubling=)": (lambda v: Thieves(doubling=v), ("bool",)),
    "Thieves(max_turns=)": (lambda v: Thieves(max_turns=v), ("None",)),
    "Thieves(time_limit=)": (lambda v: Thieves(time_limit=v), ("None", "float")),
    "Thieves(seed=)": (lambda v: Thieves(seed=v), ("None",)),
    "Thieves.thief_at": (lambda v: _game().thief_at(v), ()),
    "Thieves.apply": (lambda v: _game().apply(v), ()),
    "Thieves.step": (lambda v: _game().step(v), ("None",)),
    "Thieves.play": (lambda v: _game().play(v), ()),
    "Thieves.play(max_steps=)": (lambda v: _game().play(max_steps=v), ("None",)),
    "Thieves.undo": (lambda v: _game().undo(v), ()),
    "Thieves.at": (lambda v: _game().at(v), ()),
    "Thieves.log": (lambda v: _game().log(v), ("None", "huge")),            # the last events: all of them
    "Thieves.html": (lambda v: _game().html(v), ("None",)),
    "Thieves.view": (lambda v: _game().view(v), ("None",)),
    "Thieves.events_for": (lambda v: _game().events_for(v), ("None",)),
    "Thieves.history_for": (lambda v: _game().history_for(v), ("None",)),
    "Thieves.from_json": (lambda v: Thieves.from_json(v), ()),
    "Board": (lambda v: Board(v), ()),
    "Board.load": (lambda v: Board.load(v), ()),
    "Board.named": (lambda v: Board.named(v), ()),
    "Board.from_file": (lambda v: Board.from_file(v), ()),
    "Board.char": (lambda v: _B.char(v), ()),
    "Board.door_between(a)": (lambda v: _B.door_between(v, (1, 1)), ()),
    "Board.door_between(b)": (lambda v: _B.door_between((1, 1), v), ()),
    "Board.surrounding": (lambda v: _B.surrounding(v), ()),
    "Roll": (lambda v: Roll(v), ()),
    "Move(thief)": (lambda v: Move(v, 1, 3, "red"), ()),
    "Move(row)": (lambda v: Move(1, v, 3, "red"), ()),
    "Move(col)": (lambda v: Move(1, 1, v, "red"), ()),
    "Move(key)": (lambda v: Move(1, 1, 3, v), ()),
    "Pass(giver)": (lambda v: Pass(v, 2, "red"), ()),
    "Pass(receiver)": (lambda v: Pass(1, v, "red"), ()),
    "Pass(key)": (lambda v: Pass(1, 2, v), ()),
    "Steal(thief)": (lambda v: Steal(v, "red"), ()),
    "Steal(key)": (lambda v: Steal(1, v), ()),
    "TakeGold": (lambda v: TakeGold(v), ()),
    "Escape": (lambda v: Escape(v), ()),
    "key_probability": (lambda v: key_probability(v), ()),
    "key_probability(dice=)": (lambda v: key_probability("red", v), ("None",)),
    "Lookahead(top=)": (lambda v: Lookahead(top=v), ()),
    "Expectimax(top=)": (lambda v: Expectimax(top=v), ()),
    "Foresight(top=)": (lambda v: Foresight(top=v), ()),
    **{f"{bot!r}(game)": ((lambda v, bot=bot: bot(v)), ())
       for bot in (Greedy(), Lookahead(), Patrol(), Expectimax(), Hunter(), Foresight(), default_bot())},
    "uses(board)": (lambda v: uses(v, _game().position()), ()),
    "uses(pos)": (lambda v: uses(_B, v), ()),
    "legal_uses(pos)": (lambda v: legal_uses(_B, v), ()),
    "plans(pos)": (lambda v: plans(_B, v), ()),
    "best(pos)": (lambda v: best(_B, v), ()),
    **{f"uses(pos.{name})": ((lambda v, name=name: uses(_B, _pos(**{name: v}))), accepted)
       for name, accepted in (("cells", ()), ("carrier", ("None",)), ("moved", ()), ("passed", ()), ("keys", ()),
                              ("seat", ()))},
}
#: core.game's refusals that do not echo the value (reported to issue 31: not Thieves' own code).
NAMES_NO_VALUE = ("Thieves.from_json", "Thieves.undo")
#: Refusals of apply, step and play end with the legal actions (at most 12, listed by core.errors.IllegalAction).
LISTS_LEGAL = ("Thieves.apply", "Thieves.step", "Thieves.play")


@pytest.mark.parametrize("value", BAD, ids=str)
@pytest.mark.parametrize("name", CALLS, ids=str)
def test_every_public_callable_answers_bad_input_with_a_short_value_error(name, value):
    call, accepted = CALLS[name]
    bad = BAD[value]
    if value in accepted:
        call(bad)                                   # a value the call takes (None: the default, say)
        return
    with pytest.raises(ValueError) as info:
        call(bad)
    message = str(info.value)
    own = message.split(" Legal now: ")[0] if name in LISTS_LEGAL else message
    assert 0 < len(own) < 300, message
    if name not in NAMES_NO_VALUE:                   # the value named (or, in a list, its first bad item)
        assert excerpt(bad) in own or isinstance(bad, tuple) and excerpt(bad[0]) in own, message
    assert len(message) < 700, message


def test_the_game_is_unchanged_by_a_refused_call():
    g = _game()
    before = g.to_json()
    for v in BAD.values():
        for call in (g.thief_at, g.apply):
            with pytest.raises(ValueError):
                call(v)
        for bot in (Greedy(), Foresight()):
            with pytest.raises(ValueError):
                bot(v)
    assert g.to_json() == before
    assert g.thief_at((1, 5)) == ("Pale", 1) and g.thief_at([1, 1]) is None and g.thief_at(np.array([1, 5]).tolist())


def test_a_refused_position_names_the_value():
    g = _game()
    with pytest.raises(ValueError, match=r"^cell \(a whole number of about 5001 digits, 3\) is off the map: a square "
                                         r"is \(row, col\), rows 0 to 16 and columns 0 to 16$"):
        g.thief_at((10**5000, 3))
    with pytest.raises(ValueError, match=r"^cell must be a square of the map as \(row, col\), two whole numbers, e.g. "
                                         r"\(1, 3\); got \(1.0, 3\)$"):
        g.thief_at((1.0, 3))
    with pytest.raises(ValueError, match=r"^cell \(2, 2\) is not a pathway of the map \(a pathway is at an odd row and "
                                         r"an odd column\), it is a wall$"):
        g.board.surrounding((2, 2))
    with pytest.raises(ValueError, match=r"^Greedy\(\) plays Thieves: call it with a furlib.thieves.Thieves game, "
                                         r"got 'x'$"):
        Greedy()("x")
    assert KeepStake() != OfferDouble()
    g = Thieves(seed=1, doubling=True)             # in the offer phase a value is named by an excerpt too
    before = g.to_json()
    for bad, shown in (("x" * 10**6, excerpt("x" * 10**6)), (10**5000, "a whole number of about 5001 digits")):
        with pytest.raises(IllegalAction) as info:
            g.apply(bad)
        assert str(info.value) == (f"Pale is to choose whether to double, not {shown}. Legal now: roll without "
                                   "doubling, offer to double the stake.")
    assert g.to_json() == before
