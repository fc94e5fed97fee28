"""RandomBot: reproducible, uniform over the legal actions, cheap, and blind to what a view hides.

The frequency checks are Pearson chi-squared tests that pass at p > 0.001:
a correct bot fails one about once in a thousand seeds, and the seeds here
are fixed.
"""

from __future__ import annotations

import itertools

import pytest

from furlib import Furcle, Furglars, RandomBot
from furlib.core.stats import chi_squared_test
from furlib.highcard import HighCard
from furlib.highcard.bots import HighestCard

P_MIN = 0.001


class Decision:
    """The least a policy reads of a game: its seed, its step count and k legal actions."""

    def __init__(self, seed: int | None, n_steps: int, k: int):
        self.seed, self.n_steps, self._k = seed, n_steps, k

    def legal_actions(self) -> list[int]:
        return list(range(self._k))


def test_same_seed_same_choices_whatever_the_bot_did_before():
    first = Furcle(seed=8).play(RandomBot(seed=3)).actions
    bot = RandomBot(seed=3)
    Furglars(3, seed=1).play(bot)             # other games in between
    Furcle(seed=9).play(bot)
    assert Furcle(seed=8).play(bot).actions == first
    assert Furcle(seed=8).play(RandomBot(seed=4)).actions != first


def test_undo_then_the_same_choice_again():
    bot = RandomBot(seed=2)
    game = Furglars(2, seed=5)
    choices = 0
    while not game.is_over and game.n_steps < 300:
        if game.is_chance:
            game.step()
            continue
        action = bot(game)
        game.step(bot)
        game.undo()
        assert bot(game) == action
        game.apply(action)
        choices += 1
    assert choices > 5


def test_the_same_choices_across_its_blocks_of_numbers_in_any_order():
    bot = RandomBot(seed=7)
    forward = [bot(Decision(11, n, 5)) for n in range(700)]
    backward = [bot(Decision(11, n, 5)) for n in reversed(range(700))][::-1]
    fresh = [RandomBot(seed=7)(Decision(11, n, 5)) for n in range(0, 700, 37)]
    assert forward == backward and fresh == forward[::37]


def test_the_choice_at_step_n_is_the_documented_number_of_its_block():
    """Step n of block b = n // 256 uses number n % 256 of default_rng([seed, game seed, b]).random(256), whether
    the bot met the steps in order, backwards or skipping (within a block, across the chunks it draws)."""
    import numpy as np

    k = 4099                    # many actions: a wrong number would almost surely pick another
    blocks = {b: np.random.default_rng([7, 11, b]).random(256).tolist() for b in range(3)}
    expected = {n: int(blocks[n // 256][n % 256] * k) for n in range(768)}
    for steps in (range(768), range(767, -1, -1), [5, 700, 64, 63, 300, 256, 255, 0, 767, 128],
                  [1, 130, 2, 255, 64, 63, 65, 127, 128, 191, 192, 0]):   # the bot draws 64 numbers at a time
        bot = RandomBot(seed=7)
        assert {n: bot(Decision(11, n, k)) for n in steps} == {n: expected[n] for n in steps}


@pytest.mark.parametrize("k", [2, 3, 5, 7])
def test_each_legal_action_about_equally_often(k):
    bot = RandomBot(seed=2026)
    counts = [0] * k
    for game_seed in range(20):
        for n in range(500):
            counts[bot(Decision(game_seed, n, k))] += 1
    test = chi_squared_test(counts)
    assert test.p_value > P_MIN, (k, counts, str(test))


def test_consecutive_choices_are_independent():
    """Pairs of choices at steps n and n + 1: every one of the 9 pairs about equally often."""
    bot = RandomBot(seed=5)
    pairs = [0] * 9
    for game_seed in range(10):
        picks = [bot(Decision(game_seed, n, 3)) for n in range(901)]
        for a, b in zip(picks[::2], picks[1::2]):
            pairs[3 * a + b] += 1
    test = chi_squared_test(pairs)
    assert test.p_value > P_MIN, (pairs, str(test))


def test_games_and_bot_seeds_give_different_streams():
    """The first choices of 3 actions in 300 games (or 300 bot seeds) fall on each action about equally."""
    by_game = [0] * 3
    by_bot = [0] * 3
    for s in range(300):
        by_game[RandomBot(seed=1)(Decision(s, 4, 3))] += 1
        by_bot[RandomBot(seed=s)(Decision(None, 4, 3))] += 1
    for counts in (by_game, by_bot):
        assert chi_squared_test(counts).p_value > P_MIN, counts


def test_a_view_has_no_seed_and_the_bot_keeps_nothing_of_the_game():
    seen = []

    def watched(view):
        seen.append(view.seed)
        return bot(view)

    bot = RandomBot(seed=1)
    game = HighCard(2, seed=4).play(watched, HighestCard())
    assert game.is_over and seen and set(seen) == {None}
    assert bot._game_seed == 0                        # 0 stands in for the view's missing seed
    assert set(vars(bot)) == {"seed", "_game_seed", "_block_no", "_block", "_rng"}
    assert all(isinstance(u, float) and 0 <= u < 1 for u in bot._block)
    # the generator is the block's own, made of the bot's seed and the 0 that stands in for the seed, and no more
    import numpy as np

    expected = np.random.default_rng([1, 0, bot._block_no])
    assert bot._block == expected.random(len(bot._block)).tolist()
    assert bot._rng.bit_generator.state == expected.bit_generator.state


def test_the_games_own_dice_are_not_disturbed():
    """RandomBot draws none of the game's random numbers: replaying its choices gives the same game."""
    bot, chosen = RandomBot(seed=9), []

    def recorded(game):
        chosen.append(bot(game))
        return chosen[-1]

    game = Furglars(3, seed=12).play(recorded)
    replay = iter(chosen)
    assert Furglars(3, seed=12).play(lambda g: next(replay)).actions == game.actions


def test_in_views_the_choices_vary_with_the_cards_not_only_with_the_step():
    """A view has no seed, so the same step of every game reads the same number; the legal actions
    (the player's own cards) shift it, so one bot does not play the same ranks in every game.

    Over 600 High Card games, RandomBot(seed=1)'s first play (of 3 cards, sorted by rank) falls on
    each rank at least 20% of the time (with the checksum alone spreading 120 possible hands over
    3 ranks, not exactly a third each), and its three plays take at least 4 of the 6 orders.
    """
    bot = RandomBot(seed=1)
    first, orders = [0, 0, 0], set()
    for s in range(600):
        picks = []

        def recorded(view, picks=picks):
            action = bot(view)
            picks.append(view.legal_actions().index(action))
            return action

        HighCard(2, seed=s).play(recorded, HighestCard())
        first[picks[0]] += 1
        orders.add(tuple(picks))
    assert min(first) >= 0.2 * 600, first
    assert len(orders) >= 4, orders


@pytest.mark.parametrize("bad", [-1, 1.5, True, "3", None])
def test_bad_seeds_refused(bad):
    with pytest.raises(ValueError, match="seed must be a whole number"):
        RandomBot(seed=bad)


def test_numpy_integer_seed_and_repr():
    import numpy as np

    assert repr(RandomBot(seed=np.int64(4))) == "RandomBot(seed=4)"
    assert [RandomBot(np.int64(4))(Decision(1, n, 9)) for n in range(50)] == \
        [RandomBot(4)(Decision(1, n, 9)) for n in range(50)]


def test_no_decision_refused():
    with pytest.raises(ValueError, match="no decision"):
        RandomBot()(Decision(1, 0, 0))


def test_all_pairs_of_seeds_in_a_small_grid_differ():
    """No two of 100 (bot seed, game seed) pairs give the same first 20 choices of 4 actions."""
    runs = {tuple(RandomBot(a)(Decision(b, n, 4)) for n in range(20))
            for a, b in itertools.product(range(10), range(10))}
    assert len(runs) == 100


@pytest.mark.parametrize("key", [[0, 0, 0], [7, 11, 2], [2**32 - 1, 5, 0], [1, 2**32 - 1, 3], [2**32, 1, 0],
                                 [3, 2**64 + 5, 1], [2**128 - 1, 2**128 - 1, 9]])
def test_the_generator_of_a_block_is_default_rng_of_its_key(key):
    """The bot's generator, made from a uint32 array when every number is below 2**32, draws what
    np.random.default_rng(key) draws (the documented generator), on both sides of 2**32."""
    import numpy as np

    from furlib.core.engine.policy import _generator

    assert _generator(key).random(300).tolist() == np.random.default_rng(key).random(300).tolist()
