"""Nim's bots. The optimal bot is checked exhaustively: from every winning position with three heaps of up to
4 stones (and each limit of a move), it wins whatever the other player replies. Which positions are winning is
worked out here by searching the game tree, not by the nim-sum the bot uses."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from furlib.core.engine.policy import RandomBot
from furlib.nim import Nim, Take
from furlib.nim.analysis import grundy, nim_sum
from furlib.nim.bots import Optimal, default_bot

SIZE = 4                                   # three heaps of 0 to 4 stones: 124 positions with a stone left
LIMITS = (1, 2, 3, None)


@cache
def to_move_wins(stones: tuple[int, ...], take: int | None) -> bool:
    """Whether the player to move can force taking the last stone (no stone left: the other one took it)."""
    most = max(stones) if take is None else take
    return any(not to_move_wins(stones[:i] + (s - c,) + stones[i + 1:], take)
               for i, s in enumerate(stones) for c in range(1, min(s, most) + 1))


def at(stones: tuple[int, ...], take: int | None) -> Nim:
    """A two-player game at ``stones``, reached from heaps of ``SIZE`` by moves as large as allowed."""
    g = Nim(["Bot", "Other"], heaps=[SIZE] * len(stones), take=take, seed=1)
    for i, s in enumerate(stones):
        while g.stones[i] > s:
            g.apply(Take(i, min(g.stones[i] - s, take or SIZE)))
    assert g.stones == stones and not g.is_over
    return g


def test_the_nim_sum_tells_the_winning_positions_found_by_search():
    for take in LIMITS:
        for stones in itertools.product(range(SIZE + 1), repeat=3):
            assert to_move_wins(stones, take) == (nim_sum(stones, take) != 0), (stones, take)


def test_grundy_values_by_hand():
    assert [grundy(n, 2) for n in range(7)] == [0, 1, 2, 0, 1, 2, 0]
    assert [grundy(n, 1) for n in range(4)] == [0, 1, 0, 1] and grundy(9, None) == 9
    assert nim_sum((1, 2, 3), None) == 0 and nim_sum((3, 4, 5), 2) == 0 ^ 1 ^ 2 == 3


@pytest.mark.parametrize("take", LIMITS)
def test_optimal_wins_from_every_winning_position_against_every_reply(take):
    bot = Optimal()
    won: dict[tuple[int, ...], bool] = {}

    def wins(g: Nim) -> bool:
        """Bot (to move in ``g``) takes the last stone whatever Other plays."""
        key = g.stones
        if key not in won:
            mine = g.copy().apply(bot(g))
            won[key] = mine.is_over or all(
                not (reply := mine.copy().apply(r)).is_over and wins(reply) for r in mine.legal_actions())
        return won[key]

    winning = [s for s in itertools.product(range(SIZE + 1), repeat=3) if any(s) and to_move_wins(s, take)]
    assert len(winning) >= 62   # take=1: the 62 of the 124 with an odd number of stones; more with a larger limit
    for stones in winning:
        assert wins(at(stones, take)), (stones, take)


def first_move_to_zero(g: Nim) -> Take:
    """The rule Optimal plays, by its definition: the first legal move (in the rules' order) to a nim-sum of 0,
    tried one by one; else one stone from the (first) largest heap."""
    for move in g.legal_actions():
        stones = list(g.stones)
        stones[move.heap] -= move.count
        if nim_sum(stones, g.take) == 0:
            return move
    return Take(max(range(len(g.stones)), key=g.stones.__getitem__), 1)


@pytest.mark.parametrize("take", (*LIMITS, 4, 7))
def test_optimal_works_out_the_move_its_definition_gives_at_every_position(take):
    # every position of three heaps of 0 to 9 stones (four of 0 to 5), with each limit: Optimal's move worked out
    # from the nim-sum is the first legal move to a nim-sum of 0, found by trying them in turn
    positions = [*itertools.product(range(10), repeat=3), *itertools.product(range(6), repeat=4)]
    checked = 0
    for stones in positions:
        if any(stones):
            g = Nim(heaps=[9] * len(stones), take=take, seed=1)
            for i, s in enumerate(stones):
                while g.stones[i] > s:
                    g.apply(Take(i, min(g.stones[i] - s, take or 9)))
            assert g.stones == stones
            assert Optimal()(g) == first_move_to_zero(g), (stones, take)
            checked += 1
    assert checked == 10**3 - 1 + 6**4 - 1


def test_optimal_works_out_its_move_with_one_nim_sum_among_many_legal_moves(monkeypatch):
    # ten heaps, 937 legal moves: the move comes from the nim-sum of the position (one Grundy value a heap), not
    # from a nim-sum per legal move
    import furlib.nim.bots as bots

    calls: list[tuple[int, ...]] = []
    monkeypatch.setattr(bots, "nim_sum", lambda stones, take: calls.append(tuple(stones)) or nim_sum(stones, take))
    g = Nim(heaps=[100] * 9 + [37], seed=1)          # nine equal heaps cancel out (an odd count: 100 is left)
    assert nim_sum(g.stones, None) == 100 ^ 37 and len(g.legal_actions()) == 937
    # the first heap that can cancel the rest: heap 0, from 100 to 37 (eight heaps of 100 cancel out, and 37 ^ 37 = 0)
    assert Optimal()(g) == Take(0, 63) and calls == [g.stones]


def test_from_a_losing_position_optimal_takes_one_stone_from_the_largest_heap():
    g = Nim(["Ann", "Bob"], heaps=[1, 2, 3], seed=1)           # 1 ^ 2 ^ 3 = 0
    assert Optimal()(g) == Take(2, 1)
    assert Optimal()(Nim(heaps=[4, 4], take=3)) == Take(0, 1)   # the first of the largest


def test_optimal_beats_random_play_from_a_winning_start_every_time():
    for seed in range(20):
        g = Nim(["Optimal", "Random"], heaps=[3, 4, 5], seed=seed).play(Optimal(), RandomBot(seed=seed))
        assert g.winner == "Optimal"


def test_bots_refuse_what_they_cannot_play():
    from furlib.pig import Pig

    with pytest.raises(ValueError, match="^Optimal plays Nim: give it a Nim game, got <Pig "):
        Optimal()(Pig(seed=1))
    over = Nim(heaps=[1], seed=1).play()
    with pytest.raises(ValueError, match="^Optimal was asked to move where there is no decision to take$"):
        Optimal()(over)
    assert repr(default_bot()) == "Optimal()" and default_bot() is not default_bot()
