"""Bad input to the progress bar, and every seed on Oh Furcle!'s fast tournament path (audit items 22, 23)."""

import time

import pytest

from furlib import Furcle, tournament
from furlib.core.engine.seeds import MAX_SEED
from furlib.core.sim.progress import MAX_BAR_STEPS, MAX_LABEL_CHARS, progress_bar
from furlib.furcle.bots import SatisfiedAt
from furlib.furcle.fast import fast_tournament

SEED_WORDS = r"seed must be a whole number from 0 to 2\*\*128 - 1 \(MAX_SEED\), got "


# ------------------------------------------------------------------ 22: the fast path takes every seed
@pytest.mark.parametrize("seed", [10**33, MAX_SEED - 5, MAX_SEED])
def test_a_large_valid_seed_works_on_the_fast_path(seed):
    bots = [SatisfiedAt(10), SatisfiedAt(20)]
    df = tournament(Furcle, bots, 10, seed=seed, progress=False)
    assert df.attrs["fast"] and df.games.tolist() == [10, 10] and df.wins.sum() == 10
    again = tournament(Furcle, bots, 10, seed=seed, progress=False)
    assert again.wins.tolist() == df.wins.tolist()            # the same seed, the same games


def test_the_step_path_takes_the_seed_the_audit_used_too():
    assert tournament(Furcle, [SatisfiedAt(10), SatisfiedAt(20)], 10, seed=10**33, fast=False,
                      progress=False).games.tolist() == [10, 10]


def test_small_seeds_play_the_games_they_did():
    # meeting k is seeded seed * 1_000_003 + k, as before, for every seed that was accepted
    from furlib.furcle.fast import simulate_games

    bots = [SatisfiedAt(10), SatisfiedAt(20)]
    out = fast_tournament(bots, [(0, 1, 50), (1, 0, 50)], seed=7)
    for k, (i, j) in enumerate([(0, 1), (1, 0)]):
        want = simulate_games([bots[i], bots[j]], 50, seed=7 * 1_000_003 + k).winner.to_numpy()
        assert out[k].tolist() == want.tolist()


@pytest.mark.parametrize("seed, shown", [(-1, "-1"), (MAX_SEED + 1, str(MAX_SEED + 1)), (None, "None"),
                                         ("x", "'x'"), (True, "True"), (1.5, "1.5")])
def test_the_fast_path_names_the_seed_as_given(seed, shown):
    with pytest.raises(ValueError, match=SEED_WORDS + shown + "$"):
        fast_tournament([SatisfiedAt(10), SatisfiedAt(20)], [(0, 1, 3)], seed=seed)
    with pytest.raises(ValueError, match=SEED_WORDS + shown + "$"):
        tournament(Furcle, [SatisfiedAt(10), SatisfiedAt(20)], 3, seed=seed)


# ------------------------------------------------------------------ 23: progress_bar
@pytest.mark.parametrize("total, words", [
    (-1, r"^total must be between 0 and 1000000000, got -1$"),
    (MAX_BAR_STEPS + 1, r"^total must be between 0 and 1000000000, got 1000000001$"),
    (10**100, r"^total must be between 0 and 1000000000, got a whole number of about 101 digits$"),
    ("x", r"^total must be a whole number, got 'x'$"),
    (2.5, r"^total must be a whole number, got 2.5$"),
    (True, r"^total must be a whole number, got True$"),
])
def test_progress_bar_refuses_a_bad_total_quickly(total, words):
    start = time.perf_counter()
    with pytest.raises(ValueError, match=words):
        progress_bar(total, True, desc="x")
    assert time.perf_counter() - start < 1


@pytest.mark.parametrize("kwargs, words", [
    ({"desc": None}, r"^desc must be text of 1 to 200 characters, got None$"),
    ({"desc": ""}, r"^desc must be text of 1 to 200 characters, got ''$"),
    ({"desc": "x" * (MAX_LABEL_CHARS + 1)}, r"^desc must be text of 1 to 200 characters, got 'xxx"),
    ({"desc": "games", "unit": 5}, r"^unit must be text of 1 to 200 characters, got 5$"),
])
def test_progress_bar_refuses_a_bad_label(kwargs, words):
    with pytest.raises(ValueError, match=words):
        progress_bar(5, False, **kwargs)


def test_progress_bar_takes_its_limits():
    for total in (0, MAX_BAR_STEPS):
        bar = progress_bar(total, False, desc="x" * MAX_LABEL_CHARS)
        assert bar.total == total
        bar.close()
