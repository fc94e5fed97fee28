"""The shared conformance check (furlib.testing.check_game) on Nim, beyond the registry's quick run."""

import pytest

from furlib.core.engine.policy import RandomBot
from furlib.nim import Nim
from furlib.nim.bots import Optimal
from furlib.testing import check_game


def test_random_play_with_undo_at_every_step():
    report = check_game(Nim, n_games=30, seed=100, kwargs={"heaps": [3, 4, 5]}, json_every=3)
    assert report.games == 30 and report.chance_steps == 0 and report.undos == report.steps >= 30 * 3


@pytest.mark.parametrize("kwargs, policy", [
    ({"players": 6, "heaps": [5, 5, 5, 5], "take": 1}, Optimal()),
    ({"players": 2, "heaps": [1]}, None),
    ({"players": ["Ann", "You", "Bob"], "heaps": [10, 1, 7, 3], "take": 4}, RandomBot(seed=3)),
])
def test_variants_and_bots_pass_the_check(kwargs, policy):
    report = check_game(Nim, n_games=6, seed=7, kwargs=kwargs, policy=policy, json_every=4)
    assert report.games == 6 and report.steps >= 6 and report.json_round_trips > 0    # the check played the games
