"""What notebooks/lesson-correlation.ipynb says: Hands against Furgles (r = -1/2 exactly), the least-squares line,
and what r does not say (five dice of Oh Furcle!, every roll counted)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import factorial, sqrt

import numpy as np
import pytest

from furlib.furcle import score_roll
from furlib.furglars.analysis import simulate_rolls

NOTEBOOK = "lesson-correlation.ipynb"
KINDS = ["furgle", "lock", "hand", "x"]
FACES = [Fraction(2, 6), Fraction(1, 6), Fraction(2, 6), Fraction(1, 6)]


def exact_moments(dice: int, other: str):
    """Averages, covariance and variances of (Hands, other kind) in a roll, from every possible roll."""
    p_h, p_o = FACES[2], FACES[KINDS.index(other)]
    rest = 1 - p_h - p_o

    def chance(h, o):
        ways = Fraction(factorial(dice), factorial(h) * factorial(o) * factorial(dice - h - o))
        return ways * p_h ** h * p_o ** o * rest ** (dice - h - o)
    pairs = [(h, o) for h in range(dice + 1) for o in range(dice + 1 - h)]
    assert sum(chance(h, o) for h, o in pairs) == 1
    mh = sum(h * chance(h, o) for h, o in pairs)
    mo = sum(o * chance(h, o) for h, o in pairs)
    cov = sum((h - mh) * (o - mo) * chance(h, o) for h, o in pairs)
    vh = sum((h - mh) ** 2 * chance(h, o) for h, o in pairs)
    vo = sum((o - mo) ** 2 * chance(h, o) for h, o in pairs)
    return mh, mo, cov, vh, vo


def sample(dice=8, other="furgle"):
    rolls = simulate_rolls(dice, 500, seed=1)
    h, o = rolls["hand"].to_numpy(), rolls[other].to_numpy()
    r = float(((h - h.mean()) / h.std() * (o - o.mean()) / o.std()).mean())
    slope, intercept = np.polyfit(h, o, 1)
    return rolls, h, o, r, slope, intercept


def wobble(seed, dice=8, other="furgle"):
    many = np.random.default_rng(seed).multinomial(dice, [2 / 6, 1 / 6, 2 / 6, 1 / 6], size=(1000, 500))
    h, o = many[:, :, 2], many[:, :, KINDS.index(other)]
    zh = (h - h.mean(axis=1, keepdims=True)) / h.std(axis=1, keepdims=True)
    zo = (o - o.mean(axis=1, keepdims=True)) / o.std(axis=1, keepdims=True)
    return (zh * zo).mean(axis=1)


@pytest.fixture(scope="module")
def five_dice():
    scored = [score_roll(faces) for faces in product(range(1, 7), repeat=5)]
    return np.array([len(k) for _, k in scored]), np.array([p for p, _ in scored])


def test_the_code_computes_as_the_test_does(nb):
    nb.runs("dice = 8", "simulate_rolls(dice, 500, seed=1)", 'other = "furgle"',
            "r = (z_hands * z_others).mean()", "np.corrcoef(hands, others)[0, 1]",
            "np.random.default_rng(2).multinomial(dice, [2 / 6, 1 / 6, 2 / 6, 1 / 6], size=(1000, 500))",
            "np.percentile(rs, [2.5, 97.5])", "np.polyfit(hands, others, 1)",
            "for faces in product(range(1, 7), repeat=5)", "np.polyfit(kept, points, 1)",
            "guess.compare(simulated=r, exact=r_exact)")
    nb.says("(2 Furgles, 1 Lock, 2 Hands and 1 X on each die)", "r is always between −1 and +1")


def test_the_sample(nb):
    rolls, h, o, r, slope, intercept = sample()
    assert rolls.iloc[0].tolist() == [2, 1, 3, 2]
    assert f"{r:.3f}" == f"{np.corrcoef(h, o)[0, 1]:.3f}" == "-0.493"
    assert (f"{intercept:.2f}", f"{slope:.3f}") == ("3.84", "-0.471")
    assert slope == pytest.approx(r * o.std() / h.std())
    fitted = ((o - intercept - slope * h) ** 2).sum()
    exact = ((o - 4 + h / 2) ** 2).sum()
    flat = ((o - o.mean()) ** 2).sum()
    assert [f"{x:.1f}" for x in (fitted, exact, flat)] == ["644.2", "648.5", "850.6"] and fitted < exact < flat
    nb.says("the first roll is Kenzie's (3 Hands, 2 Furgles, 1 Lock, 2 Xs). The 500 rolls give r = −0.493",
            "The 500 rolls' line: Furgles = 3.84 − 0.471 × Hands; sums of squared misses 644.2 (fitted), 648.5 "
            "(exact line), 850.6 (flat line)",
            "On these 500 rolls no line has a smaller sum of squared misses than the fitted one, not even the exact "
            "line", "rolls with more Hands tend to have fewer Furgles", "with 2 Hands a roll can have anything from "
            "0 to 6 Furgles")
    assert sorted(set(o[h == 2].tolist())) == [0, 1, 2, 3, 4, 5, 6]


def test_r_wobbles_by_about_0_07(nb):
    rs = wobble(2)
    low, high = np.percentile(rs, [2.5, 97.5])
    assert (f"{low:.3f}", f"{high:.3f}", f"{rs.mean():.3f}") == ("-0.562", "-0.432", "-0.500")
    nb.says("the 1,000 samples' r's have a middle 95% from −0.562 to −0.432, average −0.500")
    # "95 in 100 of them land within about 0.07 of it": theory, (1 - r²) / √500 * 1.96, and other seeds
    assert round(1.96 * 0.75 / sqrt(500), 2) == 0.07
    for seed in (2, 3, 4):
        share = np.mean(np.abs(wobble(seed) + 0.5) <= 0.07)
        assert 0.94 <= share <= 0.98, seed
    nb.says("in 95 of 100 samples, r lands within about 0.07 of it. An r from 500 rolls is good to about ±0.07")


def test_r_exactly(nb):
    mh, mo, cov, vh, vo = exact_moments(8, "furgle")
    assert (mh, mo, cov, vh, vo) == (Fraction(8, 3), Fraction(8, 3), Fraction(-8, 9), Fraction(16, 9), Fraction(16, 9))
    assert cov / vh == Fraction(-1, 2)
    assert 0 - FACES[2] * FACES[0] == Fraction(-1, 9) and FACES[2] * (1 - FACES[2]) == Fraction(2, 9)
    nb.says("0 − 1/3 × 1/3 = −1/9", "The variance of H is 1/3 × 2/3 = 2/9", "covariances and variances both add up "
            "(`lesson-variance`): −8/9 and 16/9", "(−8/9) / (16/9) = −1/2",
            "Exactly: averages 8/3 and 8/3, covariance −8/9, variances 16/9, r = −1/2")
    for dice in (1, 3, 5):                                          # "for any number of dice"
        _, _, c, v, _ = exact_moments(dice, "furgle")
        assert c / v == Fraction(-1, 2)
    nb.says("exactly, and for any number of dice")


def test_the_exact_line(nb):
    mh, mo, cov, vh, _ = exact_moments(8, "furgle")
    slope = cov / vh
    assert (slope, mo - slope * mh) == (Fraction(-1, 2), 4)
    # the line of averages: with h Hands, (8 - h) / 2 Furgles on average
    for h in range(9):
        dist = {f: Fraction(factorial(8 - h), factorial(f) * factorial(8 - h - f)) / 2 ** (8 - h) for f in range(9 - h)}
        assert sum(f * p for f, p in dist.items()) == Fraction(8 - h, 2)
    assert FACES[0] / (1 - FACES[2]) == Fraction(1, 2)
    nb.says("Exactly, the line is Furgles = 4 − Hands / 2", "each of the other 8 − h dice is a Furgle with chance "
            "(1/3) / (2/3) = 1/2", "a straight line with slope −1/2 through (8/3, 8/3)")


def roll_chances(dice: int = 8) -> dict[tuple[int, int, int, int], Fraction]:
    """Every (Furgles, Locks, Hands, Xs) of one roll, with its exact (multinomial) chance."""
    chances = {}
    for f in range(dice + 1):
        for lk in range(dice + 1 - f):
            for h in range(dice + 1 - f - lk):
                x = dice - f - lk - h
                ways = Fraction(factorial(dice), factorial(f) * factorial(lk) * factorial(h) * factorial(x))
                chances[f, lk, h, x] = ways * FACES[0] ** f * FACES[1] ** lk * FACES[2] ** h * FACES[3] ** x
    return chances


def test_separate_rolls_have_r_0(nb):
    """Audit 1.7: "Hands in your roll and Furgles in your neighbour's roll have r = 0 exactly: separate dice"."""
    nb.says("Hands in *your* roll and Furgles in *your neighbour's* roll have r = 0 exactly: separate dice")
    one = roll_chances()
    assert sum(one.values()) == 1
    # exactly: separate dice roll independently, so a pair of rolls has chance one[a] * one[b]; its covariance of
    # (Hands in a, Furgles in b), summed over every pair of rolls, is 0 (hence r = 0)
    hands = {}
    furgles = {}
    for (f, _, h, _), c in one.items():
        hands[h] = hands.get(h, 0) + c
        furgles[f] = furgles.get(f, 0) + c
    mh = sum(h * c for h, c in hands.items())
    mf = sum(f * c for f, c in furgles.items())
    cov = sum((a[2] - mh) * (b[0] - mf) * ca * cb for a, ca in one.items() for b, cb in one.items())
    assert cov == 0 and mh == mf == Fraction(8, 3)
    # simulated: 100,000 rolls of 8 dice, each roll paired with the next one (50,000 pairs of separate rolls); with
    # r = 0 the sample r has standard error about 1 / sqrt(50,000): within 3 of them. Within one roll r is -1/2
    # (standard error about (1 - r²) / sqrt(n) = 0.75 / sqrt(100,000)): the pairing, not the dice, makes the 0.
    rolls = simulate_rolls(8, 100_000, seed=3)
    h, f = rolls["hand"].to_numpy(), rolls["furgle"].to_numpy()
    assert abs(np.corrcoef(h[0::2], f[1::2])[0, 1]) < 3 / sqrt(50_000)
    assert abs(np.corrcoef(h, f)[0, 1] + 0.5) < 3 * 0.75 / sqrt(100_000)


def test_what_r_does_not_say(nb, five_dice):
    _, _, cov, vh, vo = exact_moments(8, "lock")
    assert (cov, vo) == (Fraction(-4, 9), Fraction(10, 9))
    r = float(cov) / sqrt(float(vh * vo))
    assert f"{r:.2f}" == "-0.32" and r == pytest.approx(-sqrt(1 / 10)) and cov / vh == Fraction(-1, 4)
    nb.says("Hands against Locks: r = −0.32, but the line falls 1/4 Lock per Hand",
            "Hands in *your* roll and Furgles in *your neighbour's* roll have r = 0 exactly: separate dice")
    kept, points = five_dice
    assert len(kept) == 6 ** 5 == 7776
    r5 = np.corrcoef(kept, points)[0, 1]
    slope, intercept = np.polyfit(kept, points, 1)
    assert (f"{r5:.2f}", f"{intercept:.2f}", f"{slope:.2f}") == ("0.68", "-0.93", "2.81")
    averages = {int(k): points[kept == k].mean() for k in np.unique(kept)}
    counts = {int(k): int((kept == k).sum()) for k in np.unique(kept)}
    assert counts == {0: 720, 2: 3600, 3: 1200, 4: 1950, 5: 306}
    assert [f"{averages[k]:.2f}" for k in (0, 2, 3, 4, 5)] == ["0.00", "3.50", "13.50", "7.88", "17.13"]
    assert averages[3] > averages[4] and intercept + slope * 4 > intercept + slope * 3
    # four dice kept: two pairs 1,800 times, four of a kind 150 times
    fours = [faces for faces in product(range(1, 7), repeat=5) if len(score_roll(faces)[1]) == 4]
    pairs = sum(sorted(np.unique(f, return_counts=True)[1].tolist()) == [1, 2, 2] for f in fours)
    assert (len(fours), pairs) == (1950, 1800)
    nb.says("Over all 6⁵ = 7,776 rolls of five dice", "r = 0.68: more dice kept goes with more points",
            "three dice kept (three of a kind) score 13.5 points on average, four dice kept only 7.9 (mostly two "
            "pairs, which score less than a triple)", "The line puts four dice above three",
            "Five dice: r = 0.68, line points = −0.93 + 2.81 × dice kept; 0 kept (a Furcle): 720 rolls, 0 points; 2 "
            "kept: 3,600 rolls, 3.50; 3 kept: 1,200 rolls, 13.50; 4 kept: 1,950 rolls, 7.88; 5 kept: 306 rolls, 17.13")
    # Try it 3: the line's misses
    miss = {k: intercept + slope * k - averages[k] for k in averages}
    assert max(miss, key=lambda k: abs(miss[k])) == 3 and round(miss[3]) == -6
    assert round(miss[5]) == -4 and f"{miss[4]:.1f}" == "2.4" and f"{intercept + slope * 3:.2f}" == "7.51"
    nb.says("three dice kept: the line says 7.51 points, the exact average is 13.50, so it misses by about 6 points, "
            "too low. Next, 5 kept (about 4 points too low) and 4 kept (about 2.4 too high)")


def test_try_it_answers(nb):
    nb.says('change `other = "furgle"` to `other = "lock"`', "Change `dice = 8` to `dice = 3` in section 1")
    _, h, o, r, slope, _ = sample(other="lock")
    assert (f"{r:.3f}", f"{slope:.3f}") == ("-0.349", "-0.285")
    nb.says("Hands and Locks: r = −0.349 from the 500 rolls; exactly −√(1/10) ≈ −0.316 (covariance −4/9, variances "
            "16/9 and 10/9); the slope is −0.285 from the rolls, exactly −1/4", "so Locks = 2 − Hands / 4")
    mh, mo, cov, vh, _ = exact_moments(8, "lock")
    assert mo - cov / vh * mh == 2 and FACES[1] / (1 - FACES[2]) == Fraction(1, 4)
    _, h, o, r, slope, intercept = sample(dice=3)
    assert (f"{r:.3f}", f"{intercept:.2f}", f"{slope:.3f}") == ("-0.485", "1.42", "-0.462")
    mh, mo, cov, vh, _ = exact_moments(3, "furgle")
    assert (cov, vh, cov / vh, mo - cov / vh * mh) == (Fraction(-1, 3), Fraction(2, 3), Fraction(-1, 2),
                                                       Fraction(3, 2))
    assert cov / Fraction(-8, 9) == vh / Fraction(16, 9) == Fraction(3, 8)
    nb.says("3 dice: r = −0.485 from the 500 rolls; the exact r is still −1/2 (covariance −1/3 and variances 2/3: "
            "both shrink to 3/8 of their size); the exact line becomes Furgles = 3/2 − Hands / 2 (the rolls give "
            "1.42 − 0.462 × Hands)")


def test_the_worksheet(nb):
    import nbformat

    from furlib.teaching import worksheet_of

    sheet = worksheet_of(nbformat.read(nb.path, as_version=4))
    assert sheet.predictions == ["In rolls of 8 dice, what is the correlation r between Hands and Furgles "
                                 "(from -1 to 1)?"]
    assert sheet.exact == [True] and len(sheet.tries) == 3
    assert sheet.sections[:6] == ["1. Play: a few rolls of 8 dice", "2. Plot: 500 rolls",
                                  "3. Measure: the correlation r", "4. Simulate: how much does r wobble?",
                                  "5. Compute: r exactly", "6. Find the least-squares line"]
    nb.says("Time (45 min", "Try it 1", "Try it 2", "Try it 3")
