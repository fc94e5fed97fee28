"""Bots for The Furglars: choices on constructed positions, and seeded tournaments."""

from __future__ import annotations

import pytest

from furlib.core.stats import Estimate, estimate
from furlib.furglars import BreakLock, Done, Furglars, Roll, StealFurgle
from furlib.furglars.bots import GreedyThief, Mastermind, RandomBot, default_bot

F, L, H, X = "furgle", "lock", "hand", "x"
KSQ = ["Kenzie", "Sofia", "Quinn"]


def rigged(*counts: tuple[int, int, int, int], **kw) -> Furglars:
    """A 3-player game played with rigged rolls given as (furgles, locks, hands, xs)."""
    g = Furglars(KSQ, seed=0, **kw)
    for f, lk, h, x in counts:
        g.apply(Roll((F,) * f + (L,) * lk + (H,) * h + (X,) * x))
    return g


def test_reprs_and_default():
    assert repr(GreedyThief()) == "GreedyThief()"
    assert repr(Mastermind()) == "Mastermind(keep=0.7, keep_locked=0.9, sharpness=6.0, win_bonus=10.0)"
    assert repr(Mastermind(keep=0.5, sharpness=2)) == (
        "Mastermind(keep=0.5, keep_locked=0.9, sharpness=2.0, win_bonus=10.0)")
    assert repr(RandomBot(3)) == "RandomBot(seed=3)"
    assert repr(default_bot()) == "GreedyThief()"


@pytest.mark.parametrize("kwargs, words", [
    ({"keep": 1.5}, "keep must be a number from 0 to 1, got 1.5"),
    ({"keep_locked": -0.1}, "keep_locked must be a number from 0 to 1, got -0.1"),
    ({"sharpness": 0}, "sharpness must be a number above 0 and at most 1,000, got 0"),
    ({"sharpness": float("nan")}, "sharpness must be a number above 0 and at most 1,000, got nan"),
    ({"sharpness": 1001}, "sharpness must be a number above 0 and at most 1,000, got 1001"),
    ({"win_bonus": "big"}, "win_bonus must be a number from 0 to 1,000,000, got 'big'"),
    ({"win_bonus": 10 ** 400},
     "win_bonus must be a number from 0 to 1,000,000, got a whole number of about 401 digits"),
    ({"keep": True}, "keep must be a number from 0 to 1, got True"),
])
def test_mastermind_bad_parameters(kwargs, words):
    with pytest.raises(ValueError, match=words):
        Mastermind(**kwargs)


def test_bots_refuse_a_chance_point():
    g = Furglars(3, seed=0)
    for bot in (GreedyThief(), Mastermind()):
        with pytest.raises(ValueError, match="no decision to take"):
            bot(g)


def next_player_or_leader() -> Furglars:
    """Kenzie holds 1 Hand; Sofia (next) has 1 Furgle, Quinn 2; nobody has points or Locks."""
    g = rigged((0, 0, 0, 4), (1, 0, 0, 7), (2, 0, 0, 9), (0, 0, 1, 8))
    assert g.legal_actions() == [StealFurgle("Sofia"), StealFurgle("Quinn"), Done()]
    assert g.scores == {"Kenzie": 0, "Sofia": 0, "Quinn": 0}
    return g


def test_greedy_steals_from_the_leader_then_the_fuller_card():
    assert GreedyThief()(next_player_or_leader()) == StealFurgle("Quinn")   # scores tie: Quinn has 2 Furgles


def test_mastermind_prefers_the_next_players_sure_furgle():
    # Prospects (points + Furgles, discounted 0.7 per thief before the cash-in), b = 6/15:
    # steal from Sofia: Sofia 0, Quinn 2*0.7 = 1.4, Kenzie 1*0.49  -> share 0.307
    # steal from Quinn: Sofia 1,   Quinn 1*0.7 = 0.7, Kenzie 1*0.49 -> share 0.302
    assert Mastermind()(next_player_or_leader()) == StealFurgle("Sofia")


def about_to_win() -> Furglars:
    """Target 4: Sofia (next) holds 4 Furgles and will win when she cashes them in;
    Quinn leads with 2 points and holds 1 Furgle; Kenzie has 1 Hand."""
    g = rigged((0, 0, 0, 4), (0, 0, 0, 8), (2, 0, 0, 10), (0, 0, 0, 10), (4, 0, 0, 6), (1, 0, 0, 7),
               (0, 0, 1, 6), target=4)
    assert g.scores == {"Kenzie": 0, "Sofia": 0, "Quinn": 2}
    assert g.furgles == {"Kenzie": 0, "Sofia": 4, "Quinn": 1}
    assert g.legal_actions() == [StealFurgle("Sofia"), StealFurgle("Quinn"), Done()]
    return g


def test_mastermind_stops_a_player_about_to_win_and_greedy_does_not():
    g = about_to_win()
    assert GreedyThief()(g) == StealFurgle("Quinn")       # the leader by points
    assert Mastermind()(g) == StealFurgle("Sofia")        # 4 Furgles -> 3: Sofia no longer reaches 4
    g.apply(StealFurgle("Sofia"))
    assert g.current_player == "Sofia" and not g.is_over
    assert g.scores["Sofia"] == 3


def locked_sofia(hands: int, sofia_furgles: int = 1) -> Furglars:
    """Sofia has 1 Lock (and ``sofia_furgles`` Furgles); Quinn nothing; Kenzie holds ``hands`` Hands."""
    left = 11 - sofia_furgles        # dice Sofia passes to Quinn (4 + 7 - f), Quinn all to Kenzie
    return rigged((0, 0, 0, 4), (sofia_furgles, 1, 0, 7 - sofia_furgles), (0, 0, 0, left),
                  (0, 0, hands, left - hands))


def test_greedy_breaks_a_lock_only_to_open_a_steal():
    g = locked_sofia(hands=2)
    bot = GreedyThief()
    assert g.legal_actions() == [BreakLock("Sofia"), Done()]
    assert bot(g) == BreakLock("Sofia")
    g.apply(BreakLock("Sofia"))
    assert bot(g) == StealFurgle("Sofia")
    assert bot(locked_sofia(hands=1)) == Done()                       # no Hand left to steal with
    assert bot(locked_sofia(hands=2, sofia_furgles=0)) == Done()      # nothing behind the Lock


def test_mastermind_breaks_then_steals_and_never_wastes_a_hand_on_the_next_player():
    g = locked_sofia(hands=2)
    bot = Mastermind()
    assert bot(g) == BreakLock("Sofia")
    g.apply(BreakLock("Sofia"))
    assert bot(g) == StealFurgle("Sofia")
    # Sofia plays next and takes her Lock back anyway: breaking it without a steal gains nothing
    assert bot(locked_sofia(hands=1)) == Done()


def test_bots_are_deterministic():
    for bot in (GreedyThief(), Mastermind(), RandomBot(5)):
        a = Furglars(4, seed=3).play(bot)
        b = Furglars(4, seed=3).play(bot)
        assert a.to_json() == b.to_json()


# ---------------------------------------------------------------- tournaments
def win_rate(hero, other, n_players: int, games: int, seed0: int) -> Estimate:
    """The hero's wins in seeded games against ``other(game_index, seat)``, seats rotated."""
    wins = 0
    for i in range(games):
        seat = i % n_players
        policies = [other(i, k) for k in range(n_players)]
        policies[seat] = hero
        g = Furglars(n_players, seed=seed0 + i).play(*policies)
        wins += g.winner == g.players[seat]
    return estimate(wins, games)


def test_greedy_thief_beats_random_bots():
    # 3 players: a fair share is 1/3. The 95% Wilson interval of GreedyThief's win
    # rate against two RandomBots must lie entirely above it.
    est = win_rate(GreedyThief(), lambda i, k: RandomBot(seed=1000 * i + k), 3, 150, seed0=100)
    assert est.low > 1 / 3, str(est)


@pytest.mark.slow
def test_mastermind_beats_greedy_thieves():  # about 5 s
    # 4 players: a fair share is 1/4. The 95% Wilson interval of Mastermind's win
    # rate against three GreedyThieves (seats rotated, 800 seeded games) must lie above it.
    est = win_rate(Mastermind(), lambda i, k: GreedyThief(), 4, 800, seed0=20_000)
    assert est.low > 1 / 4, str(est)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_greedy_thief_reads_the_position_as_it_would_read_the_legal_actions(players):
    # GreedyThief chooses from hands_position (one pass over the other seats); on every decision of seeded
    # games it must choose what its reading of legal_actions() and the dicts by name chooses
    bot = GreedyThief()
    decisions = 0
    for seed in range(40):
        g = Furglars(players, seed=seed, x_factor=seed % 2 == 1)
        while not g.is_over:
            if not g.is_chance:
                assert bot(g) == GreedyThief._from_actions(g), (seed, g.n_steps)
                decisions += 1
            g.step(bot)
    assert decisions > 200


def test_hands_position_says_who_may_use_a_hand():
    g = locked_sofia(hands=2)
    cur, others, hands, scores, furgles, locks, aims = g.hands_position
    assert (g.players[cur], others, hands, scores, furgles, locks) == (
        "Kenzie", (1, 2), 2, (0, 0, 0), (0, 1, 0), (0, 1, 0))
    assert aims == g.target_actions and aims[1] == (BreakLock("Sofia"), StealFurgle("Sofia"))
    assert g.view("Kenzie").hands_position == g.hands_position      # the player's own view
    assert g.view("Sofia").hands_position is None                    # not their decision
    assert g.view(None).hands_position is None
    g.apply(Done())
    assert g.is_chance and g.hands_position is None                  # a chance point
