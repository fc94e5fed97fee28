"""Exact odds of Thieves against values counted by hand, and the simulation helpers."""

from fractions import Fraction

import pytest

from furlib import Thieves
from furlib.thieves import Roll
from furlib.thieves.analysis import (
    gold_changes,
    key_table,
    move_probability,
    ordered_outcomes,
    play_games,
    roll_table,
    seat_table,
)
from furlib.thieves.bots import Greedy


def test_36_ordered_outcomes_and_21_rolls():
    outs = ordered_outcomes()
    assert len(outs) == 36 and len(set(outs)) == 36
    rows = roll_table()
    assert len(rows) == 21 and sum(n for _, n, _ in rows) == 36 and sum(p for *_, p in rows) == 1
    doubles = [r for r in rows if r[0][0] == r[0][1]]
    assert len(doubles) == 6 and all(n == 1 for _, n, _ in doubles)       # a double comes one way of 36
    assert all(n == 2 for k, n, _ in rows if k[0] != k[1])                 # any other roll two ways


def test_key_table():
    assert key_table() == [("red", Fraction(5, 9)), ("yellow", Fraction(5, 9)), ("green", Fraction(5, 9)),
                           ("blue", Fraction(5, 9)), ("black", Fraction(11, 36))]
    # a die with two whites: a colour opens with 3 faces of 6, 1 - (3/6)^2 = 3/4
    dice = ["red", "yellow", "green", "white", "white", "black"]
    assert dict(key_table(dice))["blue"] == 1 - Fraction(4, 6) ** 2       # blue only through the whites
    assert dict(key_table(dice))["red"] == 1 - Fraction(3, 6) ** 2


@pytest.mark.classic_map          # the squares below are the classic labyrinth's
def test_move_probability_at_the_start():
    g = Thieves(seed=1)
    # Pale's thief 1 on (1,5): blue and yellow doorways free, red blocked by thief 2: three faces
    # of six (blue, yellow, white) move it; missed with (3/6)^2, so 3/4
    assert move_probability(g, 1) == 1 - Fraction(3, 6) ** 2 == Fraction(3, 4)
    # thief 3 on (5,1): one green doorway: green or white, 20 of the 36 outcomes; but with blue and white
    # or red and white (4 outcomes) every plan using both keys leaves thief 3 (the imperative), so 16/36
    assert move_probability(g, 3) == Fraction(16, 36)
    # the board is the same turned round, and Dark's thief 1 is Pale's thief 4 turned round
    assert move_probability(g, 1, "Dark") == move_probability(g, 4, "Pale")
    with pytest.raises(ValueError, match="thief must be a thief's number, 1 to 4, got 0"):
        move_probability(g, 0)
    with pytest.raises(ValueError, match="unknown player 'Eve'"):
        move_probability(g, 1, "Eve")


def test_move_probability_is_the_share_of_rolls_whose_plans_move_it():
    g = Thieves(seed=1)
    count = 0
    for o, p in g.chance_outcomes():
        h = Thieves(seed=1).apply(o)
        moves = {a.thief for a in h.legal_actions() if type(a).__name__ == "Move"}
        # thief 1 moves in some plan iff a legal first use moves it or a second use can
        can = 1 in moves
        if not can and h.legal_actions():
            for a in h.legal_actions():
                k = Thieves(seed=1).apply(o).apply(a)
                if not k.is_chance and any(type(b).__name__ == "Move" and b.thief == 1 for b in k.legal_actions()):
                    can = True
                    break
        count += p * can
    assert count == move_probability(g, 1)


def test_play_games_seat_table_and_gold_changes():
    games = play_games([Greedy(), Greedy()], 4, seed=3)
    assert games.seats == ((0, 1), (1, 0), (0, 1), (1, 0)) and all(not hasattr(g, "seats") for g in games)
    assert games[1:3].seats == ((1, 0), (0, 1)) and (games[:1] + games[3:]).seats == ((0, 1), (1, 0))
    table = seat_table(games, ["A", "B"])
    assert list(table.columns) == ["bot", "seat", "games", "wins", "undecided", "win_rate", "ci_low", "ci_high"]
    either = table[table.bot == "either"]
    assert either.games.sum() == 8 and either.wins.sum() == 4            # 4 games, each counted once per seat
    assert (table.ci_low <= table.win_rate).all() and (table.win_rate <= table.ci_high).all()
    counts = gold_changes(games)
    kinds = sum(1 for g in games for e in g.events if e.kind in ("take", "steal", "pass"))
    assert sum(counts.values()) == kinds > 0
    with pytest.raises(ValueError, match="give 2 bots"):
        play_games([Greedy()], 1)
    with pytest.raises(ValueError, match="play_games"):
        seat_table(list(games))


def test_a_hand_set_roll_has_the_probability_of_its_outcomes():
    g = Thieves(seed=1)
    probs = dict((o.keys, p) for o, p in g.chance_outcomes())
    assert probs[Roll(("white", "black")).keys] == Fraction(1, 18)
