"""Bad input to Thieves' analysis and charts (audit items 29-32): refused, naming the value, before any work."""

import time

import pytest

from furlib import Furcle
from furlib.core.engine.seeds import MAX_SEED
from furlib.thieves import Thieves
from furlib.thieves.analysis import (
    MAX_PLAYED_GAMES,
    MAX_READ_GAMES,
    gold_changes,
    move_probability,
    play_games,
    seat_table,
)
from furlib.thieves.bots import Greedy
from furlib.thieves.plots import game_length_chart, gold_heatmap

G = Greedy()


def _quick(call, words):
    start = time.perf_counter()
    with pytest.raises(ValueError, match=words):
        call()
    assert time.perf_counter() - start < 2


@pytest.fixture(scope="module")
def games():
    return play_games([G, G], 2, seed=1)


# ------------------------------------------------------------------ 29-30: play_games
@pytest.mark.parametrize("n, shown", [(MAX_PLAYED_GAMES + 1, "1001"), (10**6, "1000000"), (10**12, "1000000000000"),
                                      (0, "0")])
def test_play_games_has_a_limit_checked_before_any_game(n, shown):
    _quick(lambda: play_games([G, G], n), rf"^n_games must be between 1 and 1000, got {shown}$")


@pytest.mark.parametrize("bots, words", [
    (iter(Greedy, None), r"^Thieves is a 2-player game: give 2 bots, got more$"),
    ([G] * 10**7, r"^Thieves is a 2-player game: give 2 bots, got more$"),
    ([G], r"^Thieves is a 2-player game: give 2 bots, got 1$"),
    (None, r"^bots must be a list of 2 bots \(policies: game -> action\), got None$"),
    ("ab", r"^bots must be a list of 2 bots \(policies: game -> action\), got 'ab'$"),
    ([G, 5], r"^each bot must be callable \(game -> action\), got 5$"),
])
def test_play_games_reads_the_bots_bounded(bots, words):
    _quick(lambda: play_games(bots, 2), words)


@pytest.mark.parametrize("kwargs, words", [
    ({"seed": None}, r"^seed must be a whole number from 0 to 2\*\*128 - 1 \(MAX_SEED\), got None$"),
    ({"seed": -1}, r"^seed must be a whole number from 0 to 2\*\*128 - 1 \(MAX_SEED\), got -1$"),
    ({"seed": MAX_SEED}, rf"^seed={MAX_SEED} is too large for 2 games: game i is seeded seed \+ i, at most "
                         r"2\*\*128 - 1 \(MAX_SEED\); use a seed up to MAX_SEED - 1$"),
    ({"rotate_seats": "no"}, r"^rotate_seats must be True or False, got 'no'$"),
    ({"rotate_seats": 0}, r"^rotate_seats must be True or False, got 0$"),
])
def test_play_games_checks_its_other_arguments(kwargs, words):
    _quick(lambda: play_games([G, G], 2, **kwargs), words)


def test_the_largest_seed_plays_one_game():
    played = play_games([G, G], 1, seed=MAX_SEED)
    assert len(played) == 1 and played.seats == ((0, 1),)


# ------------------------------------------------------------------ 31: seat_table's names
@pytest.mark.parametrize("names", [["a"], [1, 2, 3], "ab", ["a", "b", "c"], [1, 2], 5, iter(str, None)])
def test_seat_table_names_are_two_texts(games, names):
    _quick(lambda: seat_table(games, names=names), r"^names must be None or the 2 bots' names \(text\), got ")


def test_seat_table_names_as_before(games):
    assert set(seat_table(games, ("x", "y")).bot) == {"x", "y", "either"}
    assert set(seat_table(games).bot) == {"bot 1", "bot 2", "either"}


# ------------------------------------------------------------------ 32: only Thieves games
FURCLE = Furcle(seed=1)


@pytest.mark.parametrize("call, what", [(gold_changes, "gold_changes()"), (game_length_chart, "game_length_chart()")])
@pytest.mark.parametrize("value, words", [
    ([FURCLE], r"needs Thieves games, got <Furcle"),
    ([5], r"needs Thieves games, got 5$"),
    ("x", r"needs a Thieves game or a list of them, got 'x'$"),
    (None, r"needs a Thieves game or a list of them, got None$"),
    (5, r"needs a Thieves game or a list of them, got 5$"),
    (range(10**30), r"reads at most 100,000 games \(MAX_READ_GAMES\), got more$"),
    (iter(int, 1), r"reads at most 100,000 games \(MAX_READ_GAMES\), got more$"),
])
def test_only_thieves_games_are_read(call, what, value, words):
    _quick(lambda: call(value), "^" + what.replace("(", r"\(").replace(")", r"\)") + " " + words)


def test_a_furcle_game_in_a_list_of_thieves_games_is_named(games):
    _quick(lambda: gold_changes([*games, FURCLE]), r"^gold_changes\(\) needs Thieves games, got <Furcle")


def test_thieves_games_are_read_as_before(games):
    assert gold_changes(games) == gold_changes(list(games)) == gold_changes(iter(games))
    assert gold_changes(games[0]) == gold_changes([games[0]])       # one game is a list of one
    assert MAX_READ_GAMES == 100_000 and game_length_chart(games).data


@pytest.mark.parametrize("counts, words", [
    (None, r"^gold_heatmap\(\) needs gold_changes\(\)' dict \{\(row, col\): count\}, got None$"),
    ([1, 2], r"^gold_heatmap\(\) needs gold_changes\(\)' dict \{\(row, col\): count\}, got \[1, 2\]$"),
    ({5: 1}, r"^counts has 5, which is not a pathway of the board$"),
    ({(1, 1): -1}, r"^counts\[\(1, 1\)\] must be >= 0, got -1$"),
    ({(1, 1): "x"}, r"^counts\[\(1, 1\)\] must be a whole number, got 'x'$"),
])
def test_gold_heatmap_needs_gold_changes_counts(counts, words):
    _quick(lambda: gold_heatmap(counts), words)


@pytest.mark.parametrize("game", [None, FURCLE, [Thieves(seed=1)]])
def test_move_probability_needs_a_thieves_game(game):
    _quick(lambda: move_probability(game, 1), r"^move_probability\(\) needs a Thieves game, got ")
