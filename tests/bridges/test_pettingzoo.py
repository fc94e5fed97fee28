"""PettingZoo's own conformance tests, run as they are on every game, and what the environment promises beyond them.

``api_test`` and ``seed_test`` are PettingZoo's functions, imported and called unchanged; they warn (not fail) on
many things, so each is run with every warning recorded, and none is allowed.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from furlib import Furcle, FurryPoker
from furlib.bridges import pettingzoo_env
from furlib.furcle import Dice

#: Every game with a bridge.
NAMES = ["Furcle", "Furglars", "FurryPoker", "Thieves", "Pig", "HighCard"]


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoos_api_test_passes_without_a_warning(name):
    from pettingzoo.test import api_test

    env = pettingzoo_env(name)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=1000)
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoos_seed_test_passes(name):
    from pettingzoo.test import seed_test

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        seed_test(lambda: pettingzoo_env(name), num_cycles=1000)
    assert [str(w.message) for w in caught] == []


def _play(env, seed, picks=7):
    """An episode to its end with actions picked from the mask by a generator seeded with ``picks``; its save."""
    rng = np.random.default_rng(picks)
    env.reset(seed=seed)
    for _ in env.agent_iter():
        _, _, terminated, truncated, info = env.last(observe=False)
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(info["action_mask"]))))
    return env.game.to_json()


@pytest.mark.parametrize("name", ["Furcle", "FurryPoker"])
def test_the_seed_is_the_games_seed_and_replays_the_episode(name):
    env = pettingzoo_env(name)
    env.reset(seed=12345)
    assert env.game.seed == 12345
    assert _play(env, 12345) == _play(pettingzoo_env(name), 12345)
    assert _play(env, 12345) != _play(env, 12346)      # another seed, other dice or cards


def test_resets_without_a_seed_go_on_from_the_last_seed():
    a, b = pettingzoo_env("Pig"), pettingzoo_env("Pig")
    a.reset(seed=3)
    b.reset(seed=3)
    seeds_a, seeds_b = [], []
    for _ in range(3):
        a.reset()
        b.reset()
        seeds_a.append(a.game.seed)
        seeds_b.append(b.game.seed)
    assert seeds_a == seeds_b and len(set(seeds_a + [3])) == 4
    c, d = pettingzoo_env("Pig"), pettingzoo_env("Pig")
    c.reset()
    d.reset()
    assert c.game.seed != d.game.seed          # never seeded: fresh seeds (a clash has chance 2**-128)


def test_an_episode_ends_with_the_returns_as_rewards():
    env = pettingzoo_env("Furcle", target=20)
    rewards = {a: 0.0 for a in env.possible_agents}
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        _, reward, terminated, truncated, info = env.last()
        rewards[agent] += reward
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(info["action_mask"]))))
    game = env.game
    assert game.is_over
    winner = env.possible_agents[game.players.index(game.winner)]
    assert rewards == {a: (1.0 if a == winner else -1.0) for a in env.possible_agents}
    assert env.agents == []


def test_the_move_cap_truncates_with_no_reward():
    env = pettingzoo_env("Furcle", max_moves=3)
    env.reset(seed=1)
    steps = 0
    while not any(env.truncations.values()):
        env.step(int(np.flatnonzero(env.infos[env.agent_selection]["action_mask"])[0]))
        steps += 1
    assert steps == 3 and env.moves == 3 and not env.game.is_over
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert set(env.rewards.values()) == {0.0}
    assert env.observe("player_0")[_moves_at(env)] == 1.0        # 3 moves of 3


def _moves_at(env):
    """The position of the ``moves`` piece in the observation."""
    return next(start for name, _, start, _ in env.encoder.observation_layout.rows() if name == "moves")


def test_observations_are_the_seats_views_in_the_space():
    env = pettingzoo_env("FurryPoker", players=3)
    env.reset(seed=2)
    while not env.game.is_over:
        for i, agent in enumerate(env.possible_agents):
            obs = env.observe(agent)
            assert env.observation_space(agent).contains(obs)
            view = env.game.view(env.game.players[i])
            assert np.array_equal(obs, env.encoder.observe(view, i, env.moves))
        mask = env.infos[env.agent_selection]["action_mask"]
        assert sum(int(env.infos[a]["action_mask"].sum()) for a in env.agents) == int(mask.sum()) >= 1
        env.step(int(np.flatnonzero(mask)[-1]))
    assert env.moves > 30 and all(env.terminations.values())


def test_an_illegal_action_is_refused_and_changes_nothing():
    env = pettingzoo_env("Furcle")
    env.reset(seed=4)
    before = env.game.to_json()
    legal = list(np.flatnonzero(env.infos[env.agent_selection]["action_mask"]))
    illegal = next(i for i in range(env.encoder.num_actions) if i not in legal)
    for bad in (illegal, -1, 8, 2.0, "0", True, None):
        with pytest.raises(ValueError, match="is not a legal action of furcle now; the legal actions are"):
            env.step(bad)
    assert env.game.to_json() == before and env.moves == 0


def test_an_episode_may_start_from_a_given_game():
    start = Furcle(["Ann", "Bob"], seed=9).apply(Dice((2, 2, 4, 5, 6)))
    env = pettingzoo_env("Furcle", players=["Ann", "Bob"])
    env.reset(seed=1, options={"game": start, "ignored": 1})
    assert env.game.dice == (2, 2, 4, 5, 6) and env.game is not start and env.moves == 0
    assert list(np.flatnonzero(env.infos["player_0"]["action_mask"])) == [0, 1, 3, 4, 5, 6]
    env.step(1)                                   # Satisfied: the start is not changed
    assert start.n_steps == 1 and env.moves == 1
    for bad in (Furcle(["Ann", "Bob"], target=30), FurryPoker(["Ann", "Bob"]), start.view("Ann"), "game"):
        with pytest.raises(ValueError, match=r"options\['game'\] must be"):
            env.reset(options={"game": bad})


def test_render():
    env = pettingzoo_env("Pig", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("<Pig") and "rolls" in text
    quiet = pettingzoo_env("Pig")
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None
    with pytest.raises(ValueError, match="render_mode must be None, 'human' or 'ansi'; got 'rgb_array'"):
        pettingzoo_env("Pig", render_mode="rgb_array")
