"""The shared conformance check on Oh Furcle!: 1,000 seeded games, every step checked.

Undo, refusals and invariants at every step; a JSON round trip (which replays
the whole game) every JSON_EVERY steps, starting one step later in each game,
so every phase of a game is round-tripped many times over the 1,000 games.
"""

import pytest

from furlib import Furcle
from furlib.furcle.bots import BeekinSmart
from furlib.testing import check_game

JSON_EVERY = 4


# 200 games in the quick run, all 1,000 in the full one
@pytest.mark.parametrize("block", [b if b < 2 else pytest.param(b, marks=pytest.mark.slow) for b in range(10)])
def test_random_play_1000_games_with_undo_at_every_step(block):
    report = check_game(Furcle, n_games=100, seed=1000 * block, kwargs={"target": 30}, json_every=JSON_EVERY)
    assert report.games == 100
    assert report.undos == report.steps == report.illegal_refused - 100
    # each game checks one in JSON_EVERY of its steps 0..n: (n + 1) / JSON_EVERY, less than 1 away
    assert abs(report.json_round_trips - (report.steps + 100) / JSON_EVERY) < 100
    assert report.chance_steps > 0


@pytest.mark.parametrize("kwargs", [
    {"players": 1, "target": 20},
    {"players": 4, "n_dice": 3, "target": 15},
    {"sides": 4, "n_dice": 6, "target": 40},
    {"beekin": False, "bonus": {2: 1, 3: 5}},
])
def test_variants_pass_the_check(kwargs):
    check_game(Furcle, n_games=10, seed=7, kwargs=kwargs)


def test_check_with_a_real_bot():
    check_game(Furcle, n_games=20, seed=3, policy=BeekinSmart())


def test_check_game_catches_a_broken_undo(monkeypatch):
    def broken_undo(self, n=1):
        self._timeline.actions.pop()        # forgets the action but keeps its effect
        return self
    monkeypatch.setattr(Furcle, "undo", broken_undo)
    with pytest.raises(AssertionError, match="undo"):
        check_game(Furcle, n_games=1)
