"""The shared conformance check on Thieves: seeded games, every step checked.

``check_invariants`` (run at every step) asserts 8 thieves on 8 different
pathways, none on its opponent's exit, and one gold: on the central square
or carried by exactly one thief. check_game adds undo, JSON round trips,
refusals and determinism. Random play seldom finishes a game on furlib's
labyrinth, so random games stop at ``max_turns``; the greedy bot's games on
the small map end by escapes.
"""

import pytest

from furlib import Thieves
from furlib.testing import check_game
from furlib.thieves.bots import Greedy
from furlib.thieves.rules import ThievesRules


def test_random_play_on_the_default_labyrinth(small):
    report = check_game(Thieves, n_games=30, seed=100, kwargs={"max_turns": 12})
    assert report.games == 30 and report.undos == report.steps


def test_random_play_on_the_small_map_with_doubling(small):
    report = check_game(Thieves, n_games=15, seed=200, kwargs={"board": small, "max_turns": 40, "doubling": True},
                        json_every=3)
    assert report.games == 15
    assert sum(report.winners.values()) == 15


def test_random_play_with_a_time_limit(small):
    # TimeUp is legal at every key use: random play takes it now and then
    report = check_game(Thieves, n_games=5, seed=400, kwargs={"board": small, "max_turns": 20, "time_limit": 10},
                        json_every=2)
    assert report.games == 5


def test_greedy_games_end_with_a_winner(small):
    report = check_game(Thieves, n_games=2, seed=300, kwargs={"board": small}, policy=Greedy(), json_every=10)
    assert report.games == 2 and "null" not in report.winners


@pytest.mark.slow
@pytest.mark.parametrize("block, kwargs, json_every", [
    (0, {"max_turns": 12}, 4),
    (1, {"max_turns": 30}, 10),
    (2, {"board": "small", "max_turns": 40}, 10),
    (3, {"board": "small", "max_turns": 40, "doubling": True}, 10),
])
def test_1000_seeded_games(small, block, kwargs, json_every):
    kwargs = {**kwargs, "board": small} if kwargs.get("board") == "small" else kwargs
    report = check_game(Thieves, n_games=250, seed=10_000 * (block + 1), kwargs=kwargs, json_every=json_every)
    assert report.games == 250


def test_eight_thieves_and_one_gold_in_every_state_of_greedy_games(small):
    for seed in range(3):
        g = Thieves(board=small, seed=seed)
        while not g.is_over:
            g.step(Greedy())
            g.check_invariants()
            cells = [c for gang in g.thieves.values() for c in gang]
            assert len(cells) == 8 == len(set(cells))
            assert g.carrier is None or g.carrier[1] in (1, 2, 3, 4)
        assert g.winner is not None and g.events[-2].kind == "escape"


def test_check_game_catches_a_lost_thief(monkeypatch, small):
    original = ThievesRules.after_use

    def lose_one(self, state, log):
        original(self, state, log)
        if state.turn == 3:
            state.thieves[0] = list(state.thieves[1])   # two thieves on one pathway

    monkeypatch.setattr(ThievesRules, "after_use", lose_one)
    with pytest.raises(AssertionError, match="two thieves share a pathway"):
        check_game(Thieves, n_games=1, seed=1, kwargs={"board": small, "max_turns": 10})
