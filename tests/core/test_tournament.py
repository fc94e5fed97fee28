"""Tournaments: seat rotation and counting on toy games, Furcle through the step API and the fast path."""

import math

import pytest

from furlib import Furcle
from furlib.core.sim.tournament import tournament
from furlib.core.stats import wilson_interval
from furlib.furcle.bots import BeekinSmart, SatisfiedAt


class FirstSeatWins:
    """A toy game with only the protocol's ``players``, ``play`` and ``winner``: seat 1 always wins."""

    seeds: list = []

    def __init__(self, players=2, seed=None):
        self.players = tuple(players) if isinstance(players, (list, tuple)) else tuple(f"P{i}" for i in range(players))
        self.winner = None
        FirstSeatWins.seeds.append(seed)

    def play(self, *policies):
        assert len(policies) == len(self.players)
        self.winner = self.players[0]
        return self


class Draw(FirstSeatWins):
    def play(self, *policies):
        self.winner = tuple(self.players)
        return self


def bot(name):
    """A named policy (the toy games never ask it to move)."""
    return type(name, (), {"__call__": lambda self, g: None, "__repr__": lambda self: name})()


def test_rotation_gives_each_bot_the_first_seat_equally():
    FirstSeatWins.seeds = []
    df = tournament(FirstSeatWins, [bot("A"), bot("B")], 10, seed=100, progress=False)
    assert df.bot.tolist() == ["A", "B"]
    assert df.games.tolist() == [10, 10] and df.wins.tolist() == [5, 5]
    assert df.win_rate.tolist() == [0.5, 0.5]
    assert (df.ci_low.iloc[0], df.ci_high.iloc[0]) == wilson_interval(5, 10)
    # by hand: p = 1/2 puts the centre at 1/2; half-width z sqrt(1/40 + z^2/400) / (1 + z^2/10), z = 1.96
    assert wilson_interval(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert FirstSeatWins.seeds[1:] == list(range(100, 110))       # seed + i for game i (after a probe)
    assert not df.attrs["fast"]


def test_without_rotation_the_first_seat_keeps_winning():
    df = tournament(FirstSeatWins, [bot("A"), bot("B")], 10, rotate_seats=False, progress=False)
    assert df.wins.tolist() == [10, 0]


def test_three_seats_rotate_cyclically():
    df = tournament(FirstSeatWins, [bot("A"), bot("B"), bot("C")], 9, players=3, progress=False)
    assert df.games.tolist() == [9, 9, 9] and df.wins.tolist() == [3, 3, 3]


def test_round_robin_and_pairings():
    df = tournament(FirstSeatWins, [bot("A"), bot("B"), bot("C")], 4, progress=False)
    assert df.games.tolist() == [8, 8, 8] and df.wins.tolist() == [4, 4, 4]
    pairs = df.attrs["pairings"]
    assert len(pairs) == 6 and (pairs.games == 4).all() and (pairs.wins == 2).all()


def test_shared_wins_are_counted_apart():
    df = tournament(Draw, [bot("A"), bot("B")], 6, progress=False)
    assert df.wins.tolist() == [0, 0] and df.shared.tolist() == [6, 6]


def test_a_factory_works_too():
    df = tournament(lambda seed, **kw: FirstSeatWins(players=["x", "y"], seed=seed), [bot("A"), bot("B")], 4,
                    progress=False)
    assert df.wins.tolist() == [2, 2]


def test_duplicate_bots_get_distinct_names():
    df = tournament(FirstSeatWins, [bot("A"), bot("A")], 2, progress=False)
    assert df.bot.tolist() == ["A #1", "A #2"]


# ------------------------------------------------------------ Furcle
def test_furcle_step_api_is_reproducible_and_sensible():
    bots = [SatisfiedAt(10), BeekinSmart()]
    a = tournament(Furcle, bots, 60, seed=1, target=30)
    b = tournament(Furcle, bots, 60, seed=1, target=30)
    assert a.equals(b) and not a.attrs["fast"]                        # BeekinSmart needs the step API
    assert a.wins.sum() == 60 and a.games.tolist() == [60, 60]


def test_fast_path_agrees_with_the_step_api():
    """SatisfiedAt(10) vs SatisfiedAt(25) at target 30: 20,000 fast games against 1,000 step-API
    games; the win rates differ by less than 4 standard errors."""
    bots = [SatisfiedAt(10), SatisfiedAt(25)]
    fast = tournament(Furcle, bots, 20_000, seed=2, target=30)
    slow = tournament(Furcle, bots, 1_000, seed=2, target=30, fast=False)
    assert fast.attrs["fast"] and not slow.attrs["fast"]
    assert fast.games.tolist() == [20_000, 20_000] and fast.wins.sum() == 20_000
    p, q = fast.win_rate.iloc[0], slow.win_rate.iloc[0]
    se = math.sqrt(p * (1 - p) / 1_000 + p * (1 - p) / 20_000)
    assert abs(p - q) < 4 * se
    assert p > 0.5


def test_fast_true_needs_a_fast_path():
    with pytest.raises(ValueError, match="no fast path for these bots"):
        tournament(Furcle, [SatisfiedAt(10), BeekinSmart()], 4, fast=True)


def test_progress_bar_text(capsys):
    tournament(FirstSeatWins, [bot("A"), bot("B")], 3, progress=True)
    err = capsys.readouterr().err
    assert "3/3 games" in err and "[" in err
    tournament(FirstSeatWins, [bot("A"), bot("B")], 3, progress=False)
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("args, kwargs, match", [
    ((Furcle, [SatisfiedAt(10)], 5), {}, "at least 2 bots"),
    ((Furcle, [SatisfiedAt(10), SatisfiedAt(5)], 0), {}, "n_games must be >= 1"),
    ((Furcle, [SatisfiedAt(10), "greedy"], 5), {}, "must be callable"),
    ((Furcle, [SatisfiedAt(10), SatisfiedAt(5)], 5), {"rotate_seats": "yes"}, "rotate_seats must be True or False"),
    (("Furcle", [SatisfiedAt(10), SatisfiedAt(5)], 5), {}, "game must be a furlib game class"),
    ((Furcle, [SatisfiedAt(1), SatisfiedAt(2), SatisfiedAt(3)], 5), {"players": 4}, "this game seats 4"),
])
def test_bad_input(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        tournament(*args, **kwargs)


def test_a_game_defined_at_top_level_has_no_fast_path():
    TopLevel = type("TopLevel", (FirstSeatWins,), {"__module__": "toplevel"})
    df = tournament(TopLevel, [bot("A"), bot("B")], 2, progress=False)
    assert df.wins.tolist() == [1, 1] and not df.attrs["fast"]
