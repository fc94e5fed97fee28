"""The shared conformance check (furlib.testing.check_game) on Pig, beyond the registry's quick run."""

import pytest

from furlib.core.engine.policy import RandomBot
from furlib.pig import Pig
from furlib.pig.bots import HoldAt
from furlib.testing import check_game


def test_random_play_with_undo_at_every_step():
    report = check_game(Pig, n_games=40, seed=500, kwargs={"target": 30}, json_every=4)
    assert report.games == 40 and report.chance_steps > 0
    assert report.undos == report.steps


@pytest.mark.parametrize("kwargs, policy", [
    ({"players": 6, "target": 25}, HoldAt(20)),
    ({"players": 2, "target": 1}, None),
    ({"players": ["Ann", "You", "Bob"], "target": 60}, RandomBot(seed=3)),
])
def test_variants_and_bots_pass_the_check(kwargs, policy):
    check_game(Pig, n_games=8, seed=7, kwargs=kwargs, policy=policy, json_every=3)
