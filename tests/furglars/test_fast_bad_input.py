"""Bad input to the Furglars simulator, seat_win_rates and the tournament's fast path (audit items 24-26)."""

import time

import numpy as np
import pandas as pd
import pytest

from furlib.core.engine.policy import RandomBot
from furlib.core.engine.seeds import MAX_SEED
from furlib.furglars.bots import GreedyThief, Mastermind
from furlib.furglars.fast import MAX_SIM_GAMES, fast_tournament, seat_win_rates, simulate_games

SEED_WORDS = r"seed must be {}a whole number from 0 to 2\*\*128 - 1 \(MAX_SEED\), got "


def _quick(call, words):
    start = time.perf_counter()
    with pytest.raises(ValueError, match=words):
        call()
    assert time.perf_counter() - start < 2


# ------------------------------------------------------------------ 24: simulate_games
def test_the_limit_is_a_few_seconds_of_work():
    assert MAX_SIM_GAMES == 200_000


@pytest.mark.parametrize("n, shown", [(MAX_SIM_GAMES + 1, "200001"), (10**6, "1000000"), (10**7, "10000000"),
                                      (10**100, "a whole number of about 101 digits")])
def test_too_many_games_are_refused_before_any_work(n, shown):
    _quick(lambda: simulate_games(n=n), rf"^n must be between 1 and 200000, got {shown}$")


@pytest.mark.parametrize("seed, shown", [(-1, "-1"), (MAX_SEED + 1, str(MAX_SEED + 1)), (10**100, "a whole number"),
                                         ("x", "'x'"), (True, "True"), (2.0, "2.0")])
def test_the_seed_is_checked_as_every_seed_is(seed, shown):
    _quick(lambda: simulate_games(n=10, seed=seed), SEED_WORDS.format("None or ") + shown)


def test_valid_seeds_play_as_before():
    a = simulate_games(n=50, players=2, seed=np.int64(7))
    b = simulate_games(n=50, players=2, seed=7)
    assert a.equals(b) and len(simulate_games(n=5, seed=MAX_SEED)) == 5
    assert len(simulate_games(n=5, seed=None)) == 5


# ------------------------------------------------------------------ 25: seat_win_rates
@pytest.mark.parametrize("winner, words", [
    ([0, 10**10], r"whole numbers 0 to 5, got 10000000000$"),
    ([0.5, 1.7], r"whole numbers 0 to 5, got 0.5 \(a float64 column\)$"),
    ([-1], r"whole numbers 0 to 5, got -1$"),
    (["a"], r"whole numbers 0 to 5, got 'a'"),
    ([True, False], r"whole numbers 0 to 5, got True \(a bool column\)$"),
    ([0, 6], r"whole numbers 0 to 5, got 6$"),
])
def test_seat_win_rates_refuses_winners_that_are_not_seats(winner, words):
    _quick(lambda: seat_win_rates(pd.DataFrame({"winner": winner})), "^results.winner must be seat numbers, " + words)


def test_a_winner_past_the_named_seats_is_refused():
    df = simulate_games(n=10, players=2, seed=1)
    df.loc[0, "winner"] = 5
    _quick(lambda: seat_win_rates(df), r"^results.winner must be seat numbers, whole numbers 0 to 1, got 5$")


@pytest.mark.parametrize("players", [["a"], "ab", [1, 2], ["a"] * 7])
def test_seat_names_must_be_2_to_6_texts(players):
    df = pd.DataFrame({"winner": [0, 1]})
    df.attrs["players"] = players
    _quick(lambda: seat_win_rates(df), r"^results.attrs\['players'\] must be the 2 to 6 seat names, got ")


@pytest.mark.parametrize("results", [None, [0, 1], pd.DataFrame({"x": [0]})])
def test_seat_win_rates_needs_the_frame(results):
    _quick(lambda: seat_win_rates(results), "^results must be the DataFrame of simulate_games, with a 'winner' column")


def test_seat_win_rates_of_valid_results_is_unchanged():
    rates = seat_win_rates(pd.DataFrame({"winner": [0, 2, 2]}))
    assert rates.player.tolist() == ["Player 1", "Player 2", "Player 3"] and rates.wins.tolist() == [1, 0, 2]


# ------------------------------------------------------------------ 26: fast_tournament
G = GreedyThief()


@pytest.mark.parametrize("bots, pairings, kwargs, words", [
    ([G, G], [(0, 5, 10)], {}, r"^a pairing's bot must be between 0 and 1, got 5$"),
    ([G, G], [(-1, 0, 10)], {}, r"^a pairing's bot must be between 0 and 1, got -1$"),
    ([G, G], [(0, 1, 0)], {}, r"^a pairing's games must be a whole number from 1 to 200,000 \(MAX_SIM_GAMES, .*got 0$"),
    ([G, G], [(0, 1, 2.5)], {}, r"^a pairing's games must be a whole number from 1 to 200,000 .*got 2.5$"),
    ([G, G], "x", {}, r"^pairings must be a list of \(seat 0 bot, seat 1 bot, games\), got 'x'$"),
    ([G, G], ["x"], {}, r"^a pairing must be \(seat 0 bot, seat 1 bot, games\), got 'x'$"),
    ([G, G], [(0, 1)], {}, r"^a pairing must be \(seat 0 bot, seat 1 bot, games\), got \(0, 1\)$"),
    ([G], [], {}, r"^bots must be a list of 2 to 100 bots \(MAX_BOTS\), got "),
    (None, [], {}, r"^bots must be a list of 2 to 100 bots \(MAX_BOTS\), got None$"),
    ([G, G], [(0, 1, 5)], {"seed": -1}, SEED_WORDS.format("") + "-1$"),
    ([G, G], [(0, 1, 5)], {"seed": "x"}, SEED_WORDS.format("") + "'x'$"),
    ([G, G], [(0, 1, 5)], {"seed": MAX_SEED + 1}, SEED_WORDS.format("") + str(MAX_SEED + 1)),
])
def test_fast_tournament_names_the_bad_argument(bots, pairings, kwargs, words):
    _quick(lambda: fast_tournament(bots, pairings, **kwargs), words)


@pytest.mark.parametrize("pairings", [[(0, 1, 10**7)] * 100, [(0, 1, MAX_SIM_GAMES + 1)],
                                      [(0, 1, 5), (1, 0, MAX_SIM_GAMES + 1)], [(0, 1, 10**100)]])
def test_fast_tournament_limits_each_meeting_before_any_game(pairings):
    _quick(lambda: fast_tournament([G, RandomBot(1)], pairings),
           r"^a pairing's games must be a whole number from 1 to 200,000 \(MAX_SIM_GAMES, the most games of one fast "
           r"meeting\), got ")


def test_fast_tournament_plays_meetings_that_add_up_past_one_meetings_limit(monkeypatch):
    # meetings are played one after another (the tournament bounds their total): three of 70,000 games are taken,
    # each handed to simulate_games whole, with its own seed
    import furlib.furglars.fast as fast

    played = []
    monkeypatch.setattr(fast, "simulate_games", lambda bots, n, players, seed, **kw: played.append((n, seed)) or
                        __import__("pandas").DataFrame({"winner": [0] * n}))
    out = fast_tournament([G, RandomBot(1), G], [(0, 1, 70_000), (1, 2, 70_000), (2, 0, 70_000)], seed=2)
    assert [len(w) for w in out] == [70_000] * 3
    assert played == [(70_000, 2 * 1_000_003 + k) for k in range(3)]


def test_fast_tournament_takes_every_seed_and_still_declines_what_it_cannot_play():
    assert [len(w) for w in fast_tournament([G, G], [(0, 1, 5)], seed=MAX_SEED)] == [5]
    assert fast_tournament([G, Mastermind()], [(0, 1, 5)]) is None
    out = fast_tournament([G, RandomBot(0)], [(0, 1, 30), (1, 0, 20)], seed=3)
    want = simulate_games([G, RandomBot(0)], 30, players=2, seed=3 * 1_000_003).winner.to_numpy()
    assert out[0].tolist() == want.tolist()           # meeting k still seeded seed * 1_000_003 + k
