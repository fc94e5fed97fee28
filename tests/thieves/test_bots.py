"""Thieves bots: choices in constructed positions, and seeded tournaments read with 95% intervals."""

import math

import pytest

from furlib import RandomBot, Thieves, tournament
from furlib.thieves import Escape, Roll, Steal, TakeGold
from furlib.thieves.analysis import play_games
from furlib.thieves.bots import Expectimax, Greedy, Hunter, Lookahead, Patrol, default_bot, evaluate

PALE = [(1, 5), (1, 7), (3, 1), (3, 5)]
DARK = [(5, 3), (5, 7), (7, 1), (7, 3)]


def setup(small, pale, dark=DARK, carrier=None):
    g = Thieves(board=small, seed=1)
    g._set_state(thieves=[list(c) for c in list(pale) + list(dark)], carrier=carrier)
    return g


def test_reprs_and_default():
    assert repr(Greedy()) == "Greedy()" and repr(Lookahead()) == "Lookahead(top=3)"
    assert repr(default_bot()) == "Greedy()"
    with pytest.raises(ValueError, match="top must be a whole number >= 1, got 0"):
        Lookahead(top=0)


def test_bots_refuse_a_chance_point():
    for bot in (Greedy(), Lookahead()):
        with pytest.raises(ValueError, match="no decision to take"):
            bot(Thieves(seed=1))


@pytest.mark.parametrize("bot", [Greedy(), Lookahead()], ids=repr)
def test_take_steal_and_escape_when_they_can(small, bot):
    g = setup(small, [(1, 3), (1, 7), (5, 1), (3, 3)]).apply(Roll(("black", "yellow")))
    first = bot(g)
    # taking the gold comes first or after a yellow move, but the plan takes it
    g.apply(first)
    if first != TakeGold(4):
        assert bot(g) == TakeGold(4)
    g = setup(small, [(1, 5), (1, 7), (5, 1), (3, 3)], carrier=4).apply(Roll(("green", "green")))
    assert bot(g) == Steal(4, "green")
    g = setup(small, [(1, 1), (1, 3), (7, 5), (3, 5)], carrier=0).apply(Roll(("black", "yellow")))
    assert bot(g) == Escape(1)


def test_evaluate_prefers_carrying_the_gold_and_being_near_the_exit(small):
    g = setup(small, PALE)
    b = g.board
    pos = g.position()
    assert evaluate(b, pos._replace(carrier=3), 0) > evaluate(b, pos, 0) > evaluate(b, pos._replace(carrier=4), 0)
    near = setup(small, [(1, 3), (1, 7), (5, 1), (3, 5)]).position()._replace(carrier=0)
    far = pos._replace(carrier=1)
    assert evaluate(b, near, 0) > evaluate(b, far, 0)


def test_greedy_beats_random_play():
    # 20 seeded games, seats alternating; the 95% Wilson interval of Greedy's win rate lies above 1/2
    df = tournament(Thieves, [Greedy(), RandomBot(seed=1)], 20, seed=0, progress=False, max_turns=300)
    greedy = df.iloc[0]
    assert greedy.games == 20 and greedy.ci_low > 0.5
    assert df.iloc[1].wins <= 1


@pytest.mark.slow
def test_lookahead_beats_random_play_and_meets_greedy():
    df = tournament(Thieves, [Lookahead(), RandomBot(seed=2)], 10, seed=100, progress=False, max_turns=300)
    assert df.iloc[0].ci_low > 0.5
    df = tournament(Thieves, [Lookahead(), Greedy()], 40, seed=0, progress=False, max_turns=400)
    # measured: 20 wins of 40 each (95% interval 35% to 65%): no difference shown
    assert df.iloc[0].ci_low < 0.5 < df.iloc[0].ci_high


def test_new_bots_reprs_and_argument_errors():
    assert repr(Patrol()) == "Patrol()" and repr(Expectimax()) == "Expectimax(top=4)"
    assert repr(Expectimax(top=2)) == "Expectimax(top=2)"
    for bad in (0, -1, 1.5, True, "3"):
        with pytest.raises(ValueError, match="top must be a whole number >= 1"):
            Expectimax(top=bad)
    for bot in (Patrol(), Expectimax()):
        with pytest.raises(ValueError, match="no decision to take"):
            bot(Thieves(seed=1))


@pytest.mark.parametrize("bot", [Patrol(), Expectimax(top=2)], ids=repr)
def test_new_bots_take_steal_and_escape_when_they_can(small, bot):
    test_take_steal_and_escape_when_they_can(small, bot)


@pytest.mark.parametrize("seed", [0, 1])
def test_new_bots_play_whole_legal_games(seed):
    # every decision is checked legal before it is applied; the game ends by an escape on the default map
    for bots in ((Patrol(), Greedy()), (Greedy(), Expectimax(top=2))):
        g = Thieves(seed=seed, max_turns=600)
        while not g.is_over:
            if g.is_chance:
                g.step()
                continue
            action = bots[g.players.index(g.current_player)](g)
            assert g.is_legal(action), action
            g.apply(action)
        assert g.escaped and g.winner is not None
        g.check_invariants()


def test_patrol_keeps_a_thief_at_each_exit():
    # seeded Patrol (Pale) against Greedy: at the start of each of Pale's turns with the gold carried (51 on the
    # default map), Pale has a thief on its own exit area (a quick escape: all 51) and, in some (8), one within
    # two doorways of the pathways round Dark's exit (the patrol that blocks and steals)
    g = Thieves(seed=3, max_turns=600)
    b = g.board
    dist = b.distances()
    own = opp = 0
    starts = 0
    patrol = Patrol()
    while not g.is_over:
        if g.is_chance:
            if g.current_player == "Pale" and g.position().carrier is not None:
                pale = g.position().cells[:4]
                starts += 1
                own += any(c in b.areas[0] for c in pale)
                opp += any(min(dist[c][r] for r in b.surrounds[1]) <= 2 for c in pale)
            g.step()
        else:
            g.step(patrol if g.current_player == "Pale" else Greedy())
    assert starts >= 20
    assert own == starts and opp >= 1


def test_patrol_against_patrol_ends_by_an_escape():
    # two blocking bots: every seeded game still ends with an escape (the benchmark: 100 of 100 games)
    games = play_games([Patrol(), Patrol()], 6, seed=0, max_turns=600)
    assert all(g.escaped for g in games)


def test_hunter_repr_and_whole_legal_games():
    assert repr(Hunter()) == "Hunter()"
    for seed in (0, 1):
        g = Thieves(seed=seed, max_turns=600)
        bots = {"Pale": Hunter(), "Dark": Greedy()}
        while not g.is_over:
            if g.is_chance:
                g.step()
            else:
                action = bots[g.current_player](g)
                assert action in g.legal_actions()
                g.apply(action)
        assert g.winner is not None


def test_hunt_evaluate_closes_in_on_the_carrier():
    """With the opponent carrying, a position with this gang's thieves nearer the carrier scores higher."""
    from furlib.thieves.bots import HUNT, evaluate, hunt_evaluate

    g = Thieves(seed=2)
    pos = g.position()
    assert hunt_evaluate(g.board, pos, 0) == evaluate(g.board, pos, 0)      # nobody carries: Greedy's value
    carrying = pos._replace(carrier=4)                                      # Dark's thief 1 holds the gold
    dist = g.board.distances()
    c, ex = carrying.cells[4], g.board.exits[1]
    near = sorted(dist[m][c] for m in carrying.cells[:4])
    ahead = sum(1 for m in carrying.cells[:4] if dist[m][ex] < dist[c][ex])
    assert hunt_evaluate(g.board, carrying, 0) == evaluate(g.board, carrying, 0) - HUNT * (near[0] + near[1] / 2) \
        + HUNT * ahead


@pytest.mark.slow
def test_hunter_beats_greedy():
    # 400 seeded games (seeds 9000 to 9399), seats alternated: Hunter won 226 (56.5%, Wilson 95% interval 51.6% to
    # 61.3%). Stronger than Greedy by a one-sided exact binomial test at the 1% level (P(X >= 226) = 0.0053 for
    # fair play); the aim of 60% is not reached.
    n = 400
    games = play_games([Hunter(), Greedy()], n, seed=9000, max_turns=600)
    wins = sum(1 for g, seats in zip(games, games.seats) if g.winner == g.players[seats.index(0)])
    p_value = sum(math.comb(n, k) for k in range(wins, n + 1)) / 2 ** n
    assert wins == 226 and p_value < 0.01
