"""Thieves bots: choices in constructed positions, and seeded tournaments read with 95% intervals."""

import math
import os

import pytest

from furlib import RandomBot, Thieves, tournament
from furlib.thieves import Escape, Roll, Steal, TakeGold
from furlib.thieves.analysis import play_games
from furlib.thieves.bots import (
    Expectimax,
    Foresight,
    Greedy,
    Hunter,
    Lookahead,
    Patrol,
    default_bot,
    evaluate,
    foresight_evaluate,
    hunt_evaluate,
)
from furlib.thieves.evaluation import FORESIGHT_WIN, STEAL
from furlib.thieves.rules import DEFAULT_DICE
from furlib.thieves.search import escape_chance, expectimax, replies, steal_chance

PALE = [(1, 5), (1, 7), (3, 1), (3, 5)]
DARK = [(5, 3), (5, 7), (7, 1), (7, 3)]


def setup(small, pale, dark=DARK, carrier=None):
    g = Thieves(board=small, seed=1)
    g._set_state(thieves=[list(c) for c in list(pale) + list(dark)], carrier=carrier)
    return g


def test_reprs_and_default():
    assert repr(Greedy()) == "Greedy()" and repr(Lookahead()) == "Lookahead(top=3)"
    assert repr(default_bot()) == "Greedy()"
    with pytest.raises(ValueError, match=r"^top must be a whole number from 1 to 8 \(MAX_TOP\), got 0$"):
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
    df = tournament(Thieves, [Lookahead(), Greedy()], 16, seed=0, progress=False, max_turns=400)
    # no difference shown against Greedy (its 95% interval holds 50%; 16 games keep the suite short: 40 took two
    # minutes on the new labyrinth, with the same conclusion; benchmarks/README.md has the larger measurements)
    assert df.iloc[0].ci_low < 0.5 < df.iloc[0].ci_high


def test_new_bots_reprs_and_argument_errors():
    assert repr(Patrol()) == "Patrol()" and repr(Expectimax()) == "Expectimax(top=4)"
    assert repr(Expectimax(top=2)) == "Expectimax(top=2)"
    for bad in (0, -1, 1.5, True, "3"):
        with pytest.raises(ValueError, match="top must be a whole number from 1 to 8"):
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
    from furlib.thieves.evaluation import HUNT

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


# ------------------------------------------------------------------ Foresight: search one roll ahead
def _pos(small, pale, dark, carrier, seat=0, keys=()):
    from furlib.thieves import Board
    from furlib.thieves.moves import Pos

    board = Board.load(small)
    return board, Pos(tuple(pale) + tuple(dark), carrier, frozenset(), frozenset(), tuple(keys), seat)


def _rolls():
    """The 21 different rolls of the printed dice: keys and chance."""
    from furlib.thieves.analysis import roll_table

    return [(tuple(keys), float(p)) for keys, _, p in roll_table(DEFAULT_DICE)]


def test_foresight_repr_and_argument_errors():
    assert repr(Foresight()) == "Foresight(top=4)" and repr(Foresight(top=7)) == "Foresight(top=7)"
    for bad in (0, -2, 2.5, True, "4", None):
        with pytest.raises(ValueError, match=r"top must be a whole number from 1 to 8 \(MAX_TOP\) \(the plans "
                                             r"searched each turn\), got "):
            Foresight(top=bad)
    with pytest.raises(ValueError, match="no decision to take"):
        Foresight()(Thieves(seed=1))


def test_replies_are_the_ends_of_the_maximal_plans(small):
    from furlib.thieves.moves import plans

    # Pale to play red and blue from the start: the same ends as plans(), each once
    board, pos = _pos(small, PALE, DARK, None, keys=("red", "blue"))
    ends, escape = replies(board, pos)
    assert not escape
    assert sorted((e.cells, e.carrier) for e in ends) == sorted({(f.cells, f.carrier) for _, f in plans(board, pos)})
    assert len(ends) == len({(e.cells, e.carrier) for e in ends})
    # two black keys and no thief on the gold's pathways nor carrying: no key can be used, the position stays
    far = [(1, 1), (1, 7), (3, 1), (3, 7)]
    board, pos = _pos(small, far, DARK[:1] + [(5, 7), (7, 1), (7, 5)], None, keys=("black", "black"))
    assert replies(board, pos) == ([pos], False)
    # Pale's carrier on its exit (1,1), an accomplice on (1,3) round it, a black key: an escape
    board, pos = _pos(small, [(1, 1), (1, 3), (3, 7), (1, 7)], DARK, 0, keys=("black", "green"))
    assert replies(board, pos) == ([], True)


def test_escape_chance_counted_by_hand(small):
    # on the exit (1,1) with an accomplice on (1,3): any black key escapes, 11 of the 36 outcomes
    board, pos = _pos(small, [(1, 1), (1, 3), (3, 7), (1, 7)], DARK, 0)
    assert escape_chance(board, pos, 0, _rolls()) == pytest.approx(11 / 36)
    # one red doorway from the exit, on (1,3), the accomplice on (3,1): red or white on one die and black on
    # the other, 2 * 2 * 1 = 4 of the 36 outcomes
    board, pos = _pos(small, [(1, 3), (3, 1), (3, 7), (1, 7)], DARK, 0)
    assert escape_chance(board, pos, 0, _rolls()) == pytest.approx(4 / 36)
    # Dark carries: Pale cannot escape
    assert escape_chance(board, pos._replace(carrier=4), 0, _rolls()) == 0


def test_steal_chance_counted_by_hand(small):
    dark = [(5, 5), (7, 1), (7, 3), (5, 3)]           # Dark's thief 1 carries the gold on (5,5)
    # Pale's thief on (3,5), one green doorway from the carrier: green or white on either die, 1 - (4/6)**2 = 20/36
    board, pos = _pos(small, [(1, 1), (1, 3), (1, 7), (3, 5)], dark, 4)
    assert steal_chance(board, pos, 0, _rolls()) == pytest.approx(20 / 36)
    # Pale's thief on (3,7), two doorways away: red to (5,7) then yellow, or green to (3,5) then green. Ordered
    # outcomes: {red, white} x {yellow, white} and its mirror give 7, both dice in {green, white} 3 more: 10/36
    board, pos = _pos(small, [(1, 1), (1, 3), (3, 1), (3, 7)], dark, 4)
    assert steal_chance(board, pos, 0, _rolls()) == pytest.approx(10 / 36)
    assert steal_chance(board, pos, 1, _rolls()) == 0 and steal_chance(board, pos._replace(carrier=None), 0,
                                                                       _rolls()) == 0


def test_foresight_evaluate_adds_the_coming_roll(small):
    dark = [(5, 5), (7, 1), (7, 3), (5, 3)]
    board, pos = _pos(small, [(1, 1), (1, 3), (1, 7), (3, 5)], dark, 4)
    assert foresight_evaluate(board, pos, 0) == pytest.approx(hunt_evaluate(board, pos, 0) + STEAL * 20 / 36)
    board, pos = _pos(small, [(1, 1), (1, 3), (3, 7), (1, 7)], DARK, 0)
    v = hunt_evaluate(board, pos, 0)
    assert foresight_evaluate(board, pos, 0) == pytest.approx(v + 11 / 36 * (FORESIGHT_WIN - v))
    board, pos = _pos(small, PALE, DARK, None)
    assert foresight_evaluate(board, pos, 0) == hunt_evaluate(board, pos, 0)   # nobody carries: Hunter's value


def test_expectimax_weighs_the_worst_answer_to_each_roll(small):
    # Dark's carrier on its exit (7,7) with an accomplice on (7,5) round it; Pale far away. Each of Dark's
    # rolls with a black key (11/36) escapes: the loss; every other roll leaves a position worth 1 here
    board, pos = _pos(small, [(1, 1), (1, 3), (3, 1), (1, 7)], [(7, 7), (7, 5), (7, 1), (5, 3)], 4)
    value = expectimax(board, pos, 0, _rolls(), lambda b, p, s: 1.0, -100.0)
    assert value == pytest.approx(11 / 36 * -100 + 25 / 36 * 1)


@pytest.mark.parametrize("bot", [Foresight(top=2), Foresight()], ids=repr)
def test_foresight_takes_steals_and_escapes_when_it_can(small, bot):
    test_take_steal_and_escape_when_they_can(small, bot)


def test_foresight_plays_whole_legal_games():
    g = Thieves(seed=4, max_turns=600)
    bots = {"Pale": Greedy(), "Dark": Foresight(top=2)}
    while not g.is_over:
        if g.is_chance:
            g.step()
        else:
            action = bots[g.current_player](g)
            assert g.is_legal(action), action
            g.apply(action)
    assert g.escaped and g.winner is not None
    g.check_invariants()


def _foresight_wins(n: int) -> int:
    """Foresight's wins in the first ``n`` games of its measured block (seeds 30000 on, seats alternated)."""
    games = play_games([Foresight(), Greedy()], n, seed=30000, max_turns=600)
    return sum(1 for g, seats in zip(games, games.seats) if g.winner == g.players[seats.index(0)])


@pytest.mark.slow
def test_foresight_replays_its_measured_games():
    # The first 12 of the 400 measured games (about 20 seconds of CPU): the same seeds give the same games and the
    # same 6 wins as when the block was measured; the whole block is replayed by the next test (FURLIB_LONG=1).
    assert _foresight_wins(12) == 6


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("FURLIB_LONG"),
                    reason="replays 400 games of Foresight (about 15 minutes of CPU): run with FURLIB_LONG=1")
def test_foresight_beats_greedy():
    # 400 seeded games on fresh seeds (30000 to 30399; Foresight was tried on seeds 20000 to 20249 only), seats
    # alternated: Foresight won 245 (61.3%, Wilson 95% interval 56.4% to 65.9%), the aim of 60% with the
    # interval above 55%. Stronger than Greedy by a one-sided exact binomial test: P(X >= 245) = 4.0e-6 for
    # fair play. This is the only block of fresh seeds it was measured on.
    n = 400
    wins = _foresight_wins(n)
    p_value = sum(math.comb(n, k) for k in range(wins, n + 1)) / 2 ** n
    assert wins == 245 and p_value < 0.01
    assert p_value == pytest.approx(3.9523e-06, rel=1e-4)
