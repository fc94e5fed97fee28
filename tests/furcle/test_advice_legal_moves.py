"""The advice at the rules' moments: SolverBot plays a view as it plays the game, and describe_move (English and
French) words only a move legal at the moment it is asked about, refusing any other with a ValueError that names
it and lists the legal moves, the game unchanged."""

from __future__ import annotations

import re

import pytest

from furlib import Furcle
from furlib.core.errors import IllegalAction
from furlib.furcle import advice
from furlib.furcle.actions import AcceptFurcle, Beekin, Dice, Roll, Satisfied
from furlib.furcle.advice import best_move, describe_move, position_value
from furlib.furcle.advice_fr import describe_move_fr
from furlib.furcle.bots import RandomBot
from furlib.furcle.solver import solve
from furlib.pig import Pig


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("FURLIB_CACHE", str(tmp_path_factory.getbasetemp() / "advice-legal-moves-cache"))
    monkeypatch.setattr(advice, "_SOLUTIONS", {})


@pytest.fixture(scope="module")
def sol10():
    return solve(target=10, cache=False)


def every_moment(seeds=range(12)):
    """Each moment (chance points included) of seeded games to 10 played by RandomBot, which tries every kind of
    move: yields the game at that moment (the caller must not change it)."""
    for seed in seeds:
        g = Furcle(players=["Ann", "Bob"], target=10, seed=seed)
        bot = RandomBot(seed=seed)
        while not g.is_over:
            yield g
            g.step(bot)


# ------------------------------------------------------------ SolverBot and a view
def test_solver_bot_plays_every_view_as_it_plays_the_game(sol10):
    kinds, decisions = set(), 0
    for g in every_moment():
        views = (g.view(), g.view("Ann"), g.view("Bob"))    # a spectator's, the mover's, the other player's
        assert [position_value(v, sol10) for v in views] == [position_value(g, sol10)] * 3
        assert [best_move(v, sol10) for v in views] == [best_move(g, sol10)] * 3
        if not g.is_chance:
            move = sol10.bot(g)
            assert [sol10.bot(v) for v in views] == [move] * 3 and g.is_legal(move)
            kinds.add(type(move).__name__)
            decisions += 1
    assert decisions == 130
    assert kinds == {"Roll", "Satisfied", "Beekin", "AcceptFurcle"}


def test_a_game_played_through_views_is_the_game_played(sol10):
    def through_views(g):
        return sol10.bot(g.view(g.current_player))

    for seed in (1, 2, 3):
        own = Furcle(players=2, target=10, seed=seed).play(sol10.bot)
        viewed = Furcle(players=2, target=10, seed=seed).play(through_views)
        assert viewed.actions == own.actions and viewed.winner == own.winner


@pytest.mark.parametrize("bad", [Pig(seed=1), "x", None, {"target": 10}], ids=repr)
def test_solver_bot_still_refuses_what_is_not_a_furcle_game(sol10, bad):
    with pytest.raises(ValueError, match=r"^SolverBot\(target=10, n_dice=5, beekin=True\) plays a game of Oh Furcle! "
                                         r"\(a Furcle, or a view of one\), got "):
        sol10.bot(bad)


def test_solver_bot_refuses_a_view_of_other_rules_or_with_no_decision(sol10):
    with pytest.raises(ValueError, match="was solved for a 2-player game with .*; this game has 3 players"):
        sol10.bot(Furcle(players=3, target=10, seed=1).roll(1, 1, 2, 3, 4).view())
    with pytest.raises(ValueError, match="was solved for a 2-player game with .*'target': 10.*this game has 2 players "
                                         "and .*'target': 12"):
        sol10.bot(Furcle(players=2, target=12, seed=1).roll(1, 1, 2, 3, 4).view())
    over = Furcle(players=2, target=10, seed=3).play(sol10.bot)
    for g in (Furcle(players=2, target=10, seed=1).view(), over.view(), over):
        with pytest.raises(ValueError, match=r"^SolverBot was asked to move where there is no decision to take \(the "
                                             r"game is over, or the dice are to be rolled\)$"):
            sol10.bot(g)


# ------------------------------------------------------------ describe_move: legal moves only
def game(*faces, **rules):
    """Ann's game with ``faces`` rolled (none: Ann is about to roll)."""
    g = Furcle(players=["Ann", "Bob"], seed=1, **rules)
    return g.roll(*faces) if faces else g


def beekin_said():
    g = game(2, 2, 4, 5, 6).apply(Beekin(2))       # 2,2,5,5,6: the turn's Beekin is used
    assert g.dice == (2, 2, 5, 5, 6)
    return g


def rolling_again():
    g = game(2, 2, 2, 4, 6).apply(Roll())          # the three 2s are to be rolled again
    assert g.is_chance and g.dice_to_roll == 3
    return g


SCORING = "with the roll 2,2,2,4,6 on the table). Legal now: roll again, be Satisfied, Beekin die 0, Beekin die 1, " \
          "Beekin die 2, Beekin die 3."
FURCLE = "with the roll 1,2,3,4,6 on the table). Legal now: accept the Furcle, Beekin die 0, Beekin die 1, Beekin " \
         "die 2, Beekin die 3."
ROLLING = "so the move is Roll() (or the roll itself, Dice(faces) with 5 faces from 1 to 6)."

REFUSED = [
    (Beekin(0), beekin_said, "Beekin(die=0) is not a legal action now (Ann's move, with the roll 2,2,5,5,6 on the "
                             "table). Legal now: roll again, be Satisfied."),
    (Beekin(4), lambda: game(2, 2, 2, 4, 6), f"Beekin(die=4) is not a legal action now (Ann's move, {SCORING}"),
    (Beekin(3), lambda: game(2, 2, 2, 4, 6, beekin=False),
     "Beekin(die=3) is not a legal action now (Ann's move, with the roll 2,2,2,4,6 on the table). Legal now: roll "
     "again, be Satisfied."),
    (AcceptFurcle(), lambda: game(2, 2, 2, 4, 6), f"AcceptFurcle() is not a legal action now (Ann's move, {SCORING}"),
    (Dice((2, 2, 2)), lambda: game(2, 2, 2, 4, 6),
     f"Dice(faces=(2, 2, 2)) is not a legal action now (Ann's move, {SCORING}"),
    (Satisfied(), lambda: game(1, 2, 3, 4, 6), f"Satisfied() is not a legal action now (Ann's move, {FURCLE}"),
    (Roll(), lambda: game(1, 2, 3, 4, 6), f"Roll() is not a legal action now (Ann's move, {FURCLE}"),
    (Satisfied(), game, f"Satisfied() is not a legal action now: Ann is about to roll 5 dice, {ROLLING}"),
    (AcceptFurcle(), lambda: Furcle(players=["You", "Bob"], seed=1),
     f"AcceptFurcle() is not a legal action now: You are about to roll 5 dice, {ROLLING}"),
    (Dice((1, 2, 3, 4)), game, f"Dice(faces=(1, 2, 3, 4)) is not a legal action now: Ann is about to roll 5 dice, "
                               f"{ROLLING}"),
    (Dice((1, 2, 3, 4, 7)), game, f"Dice(faces=(1, 2, 3, 4, 7)) is not a legal action now: Ann is about to roll 5 "
                                  f"dice, {ROLLING}"),
    (Dice((0, 1, 2, 3, 4)), game, f"Dice(faces=(0, 1, 2, 3, 4)) is not a legal action now: Ann is about to roll 5 "
                                  f"dice, {ROLLING}"),
    (Beekin(0), rolling_again, "Beekin(die=0) is not a legal action now: Ann is about to roll 3 dice, so the move is "
                               "Roll() (or the roll itself, Dice(faces) with 3 faces from 1 to 6)."),
    (Beekin(4), lambda: Furcle(players=["You", "Bob"], seed=1).roll(2, 2, 2, 4, 6),
     f"Beekin(die=4) is not a legal action now (Your move, {SCORING}"),
    (Roll(), lambda: Furcle(players=["Ann", "Bob"], target=10, seed=3).play(),
     "Roll() is not a legal action now: the game is over, nobody is about to move."),
]


@pytest.mark.parametrize(("action", "make", "message"), REFUSED,
                         ids=[f"{i}-{a!r}" for i, (a, _, _) in enumerate(REFUSED)])
def test_describe_move_refuses_a_move_not_legal_now(action, make, message):
    g = make()
    before = (g.n_steps, g.to_json())
    for where, describe in (("describe_move()", lambda: describe_move(action, g)),
                            ("describe_move()", lambda: describe_move(action, g, "fr")),
                            ("describe_move_fr()", lambda: describe_move_fr(action, g)),
                            ("describe_move()", lambda: describe_move(action, g.view()))):
        with pytest.raises(IllegalAction, match=f"^{re.escape(f'{where}: {message}')}$"):
            describe()
    assert (g.n_steps, g.to_json()) == before


def test_describe_move_words_a_roll_given_at_a_chance_point():
    start, again = game(), rolling_again()
    rolls = (Roll(), Dice((6, 6, 6, 6, 6)), Dice((1, 2, 3, 4, 5)))
    assert [describe_move(a, start) for a in rolls] == ["roll 5 dice"] * 3
    assert [describe_move_fr(a, start) for a in rolls] == ["lancer 5 dés"] * 3
    assert [describe_move(a, again) for a in (Roll(), Dice((1, 2, 3)))] == ["roll 3 dice"] * 2
    assert [describe_move(a, again, "fr") for a in (Roll(), Dice((1, 2, 3)))] == ["lancer 3 dés"] * 2
    assert describe_move(Dice((7, 8, 8)), Furcle(players=2, sides=8, seed=1).roll(2, 2, 2, 4, 6).apply(Roll())) \
        == "roll 3 dice"


def test_describe_move_judges_a_view_for_the_player_to_move():
    g = game(2, 2, 2, 4, 6)                    # Ann to play: Bob's view and a spectator's list no move of their own
    assert g.view("Bob").legal_actions() == g.view().legal_actions() == []
    for v in (g, g.view(), g.view("Ann"), g.view("Bob")):
        assert describe_move(Satisfied(), v) == "be Satisfied and bank 12"
        assert describe_move(Beekin(3), v, "fr") == "dire Beekin sur le dé 4 (le 4 devient un 5)"


def test_describe_move_words_every_move_the_advice_gives(sol10):
    """The app's advice line describes best_move's move: legal at every moment, chance points included."""
    moments = 0
    for g in every_moment(range(4)):
        action, _ = best_move(g, sol10)
        assert describe_move(action, g) and describe_move(action, g, "fr")
        for a in g.legal_actions():
            assert describe_move(a, g) and describe_move(a, g.view(), "fr")
        moments += 1
    assert moments == 76


def test_accepting_a_furcle_says_whether_a_beekin_could_have_saved_it():
    """1-2-3-4-5 scores nothing, and a Beekin on the 1, 2, 3 or 4 makes it score; after three 2s, the three dice
    left showing 1-3-5 score nothing, and no Beekin (1 to 2, 3 to 4, 5 to 6) changes that."""
    from furlib.furcle.actions import AcceptFurcle

    saved = Furcle(players=2, seed=1).roll(1, 2, 3, 4, 5)
    assert saved.roll_points == 0 and [p for p, _ in saved.beekin_options] == [2, 3, 4, 5, 0]
    assert describe_move(AcceptFurcle(), saved) == "accept the Furcle (a Beekin could save this roll)"
    assert describe_move(AcceptFurcle(), saved, "fr") == "accepter le Furcle (un Beekin pourrait sauver ce lancer)"
    lost = Furcle(players=2, seed=1).roll(2, 2, 2, 4, 6).apply(Roll()).apply(Dice((1, 3, 5)))
    assert lost.current_player == "Player 1" and lost.roll_points == 0
    assert [p for p, _ in lost.beekin_options] == [0, 0, 0]
    assert describe_move(AcceptFurcle(), lost) == "accept the Furcle (nothing can save this roll)"
    assert describe_move(AcceptFurcle(), lost, "fr") == "accepter le Furcle (rien ne peut sauver ce lancer)"
