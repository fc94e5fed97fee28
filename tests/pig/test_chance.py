"""Pig's dice and the HoldAt bot, by exact enumeration and by simulation.

The engine's exact answers are compared with values worked out by hand; the
simulated ones with the exact ones by a statistical test whose tolerance is
stated (fixed seeds, so every run draws the same dice).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

from furlib.core.stats import chi_squared_test
from furlib.pig import Pig
from furlib.pig import events as ev
from furlib.pig.bots import HoldAt

#: One HoldAt(3) turn by hand. First roll: a 1 scores 0 (1/6); 3, 4, 5 or 6 is held (1/6 each);
#: a 2 is rolled again (1/6), and then a 1 scores 0 (1/36) and 2..6 is held as 4..8 (1/36 each).
HOLD_AT_3 = {0: Fraction(1, 6) + Fraction(1, 36), 3: Fraction(1, 6), 4: Fraction(1, 6) + Fraction(1, 36),
             5: Fraction(1, 6) + Fraction(1, 36), 6: Fraction(1, 6) + Fraction(1, 36), 7: Fraction(1, 36),
             8: Fraction(1, 36)}
MEAN_3 = Fraction(23, 6)                # (3 + 4 + 5 + 6) / 6 + (4 + 5 + 6 + 7 + 8) / 36
VARIANCE_3 = Fraction(177, 36)          # (9 + 16 + 25 + 36) / 6 + (16 + 25 + 36 + 49 + 64) / 36 - (23/6)^2


def turn_distribution(game: Pig, bot) -> dict[int, Fraction]:
    """The exact distribution of the points the current player banks this turn, walking every outcome."""
    seat, out = game.current_player, Counter()

    def walk(g: Pig, p: Fraction) -> None:
        if g.is_over or g.current_player != seat:
            out[g.scores[seat] - game.scores[seat]] += p
        elif g.is_chance:
            for outcome, q in g.chance_outcomes():
                walk(g.clone().apply(outcome), p * q)
        else:
            walk(g.clone().apply(bot(g)), p)

    walk(game, Fraction(1))
    return dict(out)


def test_hand_derived_values_add_up():
    assert sum(HOLD_AT_3.values()) == 1
    assert sum(k * p for k, p in HOLD_AT_3.items()) == MEAN_3
    assert sum(k * k * p for k, p in HOLD_AT_3.items()) - MEAN_3 ** 2 == VARIANCE_3


def test_the_engine_gives_the_hand_derived_turn_exactly():
    assert turn_distribution(Pig(seed=0), HoldAt(3)) == HOLD_AT_3
    # HoldAt(2) holds whatever the first roll: 0 for a 1, else the face
    assert turn_distribution(Pig(seed=0), HoldAt(2)) == {0: Fraction(1, 6), **{f: Fraction(1, 6) for f in range(2, 7)}}


def test_the_die_is_fair_chi_squared():
    """Faces of 6,000 rolls drawn by step(): a chi-squared test against 1/6 each.

    Tolerance: p > 0.001, which a fair die fails once in a thousand seeds (the seeds are fixed).
    """
    faces = Counter()
    seed = 0
    while sum(faces.values()) < 6000:
        g = Pig(3, seed=seed).play(HoldAt(12))
        faces.update(e.data["face"] for e in g.events if e.kind in (ev.ROLL, ev.ONE))
        seed += 1
    test = chi_squared_test([faces[f] for f in range(1, 7)])
    assert test.p_value > 0.001, (faces, str(test))


def test_simulated_hold_at_3_turns_match_the_exact_mean():
    """The mean of about 10,000 simulated HoldAt(3) turns is within 4 standard errors of 23/6.

    Tolerance: 4 standard errors (exact variance 177/36), which a correct engine exceeds with chance
    about 6 in 100,000 (the seeds are fixed).
    """
    points = []
    seed = 0
    while len(points) < 10_000:
        g = Pig(2, seed=seed, target=1000).play(HoldAt(3))
        points += [e.data["banked"] if e.kind == ev.HOLD else 0 for e in g.events if e.kind in (ev.HOLD, ev.ONE)]
        seed += 1
    mean = sum(points) / len(points)
    se = math.sqrt(VARIANCE_3 / len(points))
    assert abs(mean - float(MEAN_3)) < 4 * se, (mean, float(MEAN_3), se)
