"""The shared conformance check on The Furglars: 1,000 seeded games, every step checked.

``check_invariants`` (run at every step) asserts the dice in play are
conserved; check_game adds undo, refusals and determinism at every step, and
a JSON round trip (which replays the whole game) every JSON_EVERY steps,
starting one step later in each game, so every phase is round-tripped many
times over the 1,000 games.
"""

import pytest

from furlib import Furglars
from furlib.furglars.bots import GreedyThief
from furlib.testing import check_game

JSON_EVERY = 4


@pytest.mark.parametrize("games", [20, pytest.param(100, marks=pytest.mark.slow)])   # the quick run plays 20
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("x_factor", [False, True])
def test_random_play_1000_games_with_undo_at_every_step(players, x_factor, games):
    report = check_game(Furglars, n_games=games, seed=10_000 * players + 1_000 * x_factor,
                        kwargs={"players": players, "x_factor": x_factor}, json_every=JSON_EVERY)
    assert report.games == games
    assert report.undos == report.steps
    # each game checks one in JSON_EVERY of its steps 0..n: (n + 1) / JSON_EVERY, less than 1 away
    assert abs(report.json_round_trips - (report.steps + games) / JSON_EVERY) < games
    assert sum(report.winners.values()) == games


def test_dice_are_conserved_at_every_state_of_a_bot_game():
    g = Furglars(players=4, x_factor=True, seed=5)
    total = g.total_dice
    while not g.is_over:
        g.step(GreedyThief())
        assert sum(g.dice_locations.values()) == total == g.dice_in_play


def test_check_game_catches_lost_dice(monkeypatch):
    from furlib.furglars.rules import FurglarsRules

    original = FurglarsRules.pass_on

    def leaky_pass_on(self, state, log):
        original(self, state, log)
        if state.turn == 3 and state.phase == "roll" and state.front[state.current] > 0:
            state.front[state.current] -= 1          # a die falls off the table

    monkeypatch.setattr(FurglarsRules, "pass_on", leaky_pass_on)
    with pytest.raises(AssertionError, match="dice_in_play|total|front|{"):
        check_game(Furglars, n_games=3, kwargs={"players": 3})
