"""furlib.lessons.furcle_race: the first player's exact chance, by hand, by brute force, and against the game."""

from __future__ import annotations

from fractions import Fraction

import pytest

from furlib import Furcle, sweep
from furlib.furcle.bots import SatisfiedAt
from furlib.furcle.turn_distribution import turn_distribution
from furlib.lessons.furcle_race import first_seat_win


def brute_force(f: dict[int, float], target: int, sweeps: int = 60) -> float:
    """The same game as a plain Markov chain, solved by repeated sweeps over every state (no algebra shared).

    A state is (the mover's total, the other's total, whether the other is the Leader); the value is the mover's
    chance to win. Totals stop at a cap (a state past it counts as a win for the mover): each pass of the Leader
    takes a scoring turn, so the cap moves the answer by less than the chance of ``cap / max(f)`` passes in a row.
    """
    top = target + 25 * max(f)
    value: dict[tuple[int, int, bool], float] = {}
    states = [(a, b, led) for a in range(top + 1) for b in range(top + 1) for led in (False, True)
              if (led and b >= target and a <= b) or (not led and a < target and b < target)]
    states.sort(key=lambda s: -(s[0] + s[1]))        # the highest totals first: each sweep carries them down
    for s in states:
        value[s] = 0.5
    for _ in range(sweeps):
        for a, b, led in states:
            win = 0.0
            for t, p in f.items():
                total = a + t
                if led:
                    if total <= b:                       # not past the Leader: the Leader wins
                        continue
                    win += p * (1 - value.get((b, total, True), 0.0))
                elif total >= target:                    # becomes the Leader
                    win += p * (1 - value[(b, total, True)]) if (b, total, True) in value else p
                else:
                    win += p * (1 - value[(b, total, False)])
            value[(a, b, led)] = win
    return value[(0, 0, False)]


def test_by_hand():
    # target 1, a turn scores 1 or nothing: P = 1/2 + 1/2 (1 - P), so 2/3
    assert first_seat_win({0: 0.5, 1: 0.5}, target=1) == pytest.approx(2 / 3, abs=1e-12)
    # scores 1 or 3: W(1) = W(2) = 1/5 (the Leader's lead must be beaten by a 3), so P = (1/2 + 9/20) / (3/2)
    assert first_seat_win({0: 0.5, 1: 0.25, 3: 0.25}, target=1) == pytest.approx(float(Fraction(19, 30)), abs=1e-12)
    # a turn that always scores: the first player reaches any target first and the second must pass it
    assert first_seat_win({2: 1.0}, target=4) == pytest.approx(1.0)


@pytest.mark.parametrize("f, target", [({0: 0.5, 1: 0.3, 2: 0.2}, 3), ({0: 0.7, 2: 0.1, 3: 0.2}, 5),
                                       ({0: 0.4, 1: 0.1, 4: 0.5}, 6), ({1: 0.5, 3: 0.5}, 4)])
def test_against_brute_force(f, target):
    assert first_seat_win(f, target=target) == pytest.approx(brute_force(f, target), abs=1e-9)


def test_against_the_game_itself():
    """100,000 seeded games of two SatisfiedAt(20) bots per rule set: within 4 standard errors of the exact chance."""
    games = 100_000
    table = sweep(Furcle, {"target": [20, 60], "n_dice": [5, 6]}, [SatisfiedAt(20), SatisfiedAt(20)], games, seed=7)
    first = table[table.seat == 1]
    assert len(first) == 4 and (first.shared == 0).all()
    for _, row in first.iterrows():
        p = first_seat_win(turn_distribution(SatisfiedAt(20), n_dice=int(row.n_dice)), target=int(row.target))
        assert abs(row.win_rate - p) < 4 * (p * (1 - p) / games) ** 0.5, (row.target, row.n_dice, p)


@pytest.mark.parametrize("chances, target, message", [
    ({0: 0.5, 1: 0.5}, 0, "target must be between 1 and 200, got 0"),
    ({0: 0.5, 1: 0.5}, 201, "target must be between 1 and 200, got 201"),
    ({0: 0.5, 1: 0.5}, 2.0, "target must be a whole number, got 2.0"),
    ([0.5, 0.5], 10, r"turn_chances must be a dict \{points: chance\}"),
    ({}, 10, r"turn_chances must be a dict \{points: chance\}"),
    ({0: 0.5, -1: 0.5}, 10, "a turn's points must be between 0 and 1000, got -1"),
    ({0: 0.5, 1.5: 0.5}, 10, "a turn's points must be a whole number, got 1.5"),
    ({0: 0.5, 1: "half"}, 10, "the chance of 1 points must be a number from 0 to 1, got 'half'"),
    ({0: 0.5, 1: 0.6}, 10, "the chances must add up to 1, got 1.1"),
    ({0: 1.0}, 10, "a turn must score with some chance"),
])
def test_bad_input_is_refused(chances, target, message):
    with pytest.raises(ValueError, match=message):
        first_seat_win(chances, target=target)
