"""What notebooks/lesson-clt.ipynb says: averages of lopsided turns become a bell, skewness like 1/sqrt(n), coverage."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from furlib.core.stats import estimate, two_proportion_z_test
from furlib.furcle.bots import SatisfiedAt
from furlib.furcle.fast import simulate_turns
from furlib.furcle.turn import turn_value
from furlib.furcle.turn_distribution import turn_distribution

NOTEBOOK = "lesson-clt.ipynb"
CHANCES = turn_distribution(SatisfiedAt(20))
MU = sum(k * p for k, p in CHANCES.items())
SIGMA = sum((k - MU) ** 2 * p for k, p in CHANCES.items()) ** 0.5
SKEW = sum(((k - MU) / SIGMA) ** 3 * p for k, p in CHANCES.items())


def banked(n, seed, k=20):
    return simulate_turns(SatisfiedAt(k), n, seed=seed)["banked"].to_numpy()


def averages(n, samples=4000):
    return banked(samples * n, n).reshape(samples, n).mean(axis=1)


def skewness(values):
    z = (values - values.mean()) / values.std()
    return (z ** 3).mean()


def exact_average(n):
    one = np.zeros(max(CHANCES) + 1)
    for k, p in CHANCES.items():
        one[k] = p
    total = np.array([1.0])
    for _ in range(n):
        total = np.convolve(total, one)
    return np.arange(len(total)) / n, total


def exact_shares(n):
    """Exact shares of averages of n turns: below mu, within 1.96 true SEs, below and above that band."""
    average, chance = exact_average(n)
    se = SIGMA / n ** 0.5
    low, high = MU - 1.96 * se, MU + 1.96 * se
    return (chance[average < MU].sum(), chance[(low <= average) & (average <= high)].sum(),
            chance[average < low].sum(), chance[average > high].sum())


def intervals(samples, n, seed):
    turns = banked(samples * n, seed).reshape(samples, n)
    avg, sd = turns.mean(axis=1), turns.std(axis=1, ddof=1)
    return avg, sd, avg - 1.96 * sd / n ** 0.5, avg + 1.96 * sd / n ** 0.5


def caught(samples, n):
    _, _, low, high = intervals(samples, n, n)
    return int(((low <= MU) & (MU <= high)).sum())


def pct(x, digits=1):
    return f"{100 * x:.{digits}f}%"


def test_the_code_computes_as_the_test_does(nb):
    nb.runs("simulate_turns(SatisfiedAt(20), 10, seed=1)", "simulate_turns(SatisfiedAt(20), 1000, seed=1)",
            "turn_distribution(SatisfiedAt(20))", "def averages(n, samples=4000):",
            "simulate_turns(SatisfiedAt(20), samples * n, seed=n)", "ns = [1, 5, 25, 100]",
            "skews = [skewness(averages(n)) for n in ns]", "(z ** 3).mean()", "n = 100",
            "total = np.convolve(total, one)", "low, high = mu - 1.96 * se, mu + 1.96 * se",
            "samples, n = 2000, 100", "simulate_turns(SatisfiedAt(20), samples * n, seed=6)",
            "turns.std(axis=1, ddof=1)", "avg[:500], sd[:500]", "samples = 10_000", "for n in [100, 400, 1600]:",
            "two_proportion_z_test(caught[1600], samples, caught[100], samples)",
            "guess.compare(simulated=100 * (averages(100) < mu).mean(), exact=100 * chance[average < mu].sum())")


def test_one_turn_exactly(nb):
    assert MU == pytest.approx(turn_value(SatisfiedAt(20)), abs=1e-12) and f"{MU:.3f}" == "3.317"
    assert f"{SIGMA:.3f}" == "8.050" and pct(CHANCES[0]) == "85.2%"
    assert min(k for k in CHANCES if k > 0) == 20                # every scoring turn banks 20 or more, above mu
    assert round(sum(p for k, p in CHANCES.items() if k < MU), 2) == 0.85
    assert f"{banked(100_000, 2).std():.2f}" == "8.09"            # lesson-spread's estimate (its seed 2)
    nb.says("85% of single turns score less than the average turn", "μ = 3.317 points and σ = 8.050 points",
            "`lesson-spread` estimated 8.09 from 100,000 turns; this is the exact value",
            "A turn scores 0 with chance 85.2%, and every other turn scores 20 or more, above μ",
            "no turn banks 1 to 19 points")


def test_the_bell_for_one_turn_goes_below_zero(nb):
    below_zero = 0.5 * (1 + math.erf((0 - MU) / (SIGMA * math.sqrt(2))))
    assert round(below_zero, 2) == 0.34
    nb.says("it even puts about a third of its weight below 0 points")


def test_skewness_shrinks_like_one_over_root_n(nb):
    assert f"{SKEW:.2f}" == "2.09"
    rule = [SKEW / n ** 0.5 for n in (5, 25, 100)]
    assert [f"{r:.2f}" for r in rule] == ["0.93", "0.42", "0.21"]
    skews = [skewness(averages(n)) for n in (1, 5, 25, 100)]
    assert [f"{s:.2f}" for s in skews] == ["2.06", "0.94", "0.39", "0.19"]
    for n, s in zip((1, 5, 25, 100), skews):       # each estimate within about 2 standard errors of the rule
        assert abs(s - SKEW / n ** 0.5) < 2 * (6 / 4000) ** 0.5 * max(1, SKEW / n ** 0.5)
    nb.says("One turn has skewness 2.09 (exact, from the chances)", "0.93 for 5 turns, 0.42 for 25 and 0.21 for 100",
            "4 times as many turns, half the skewness", "The simulated column is an estimate from 4,000 players")


def test_every_average_of_100_turns_exactly(nb):
    below, within, low, high = exact_shares(100)
    assert [pct(x) for x in (below, within, low, high)] == ["51.3%", "95.1%", "1.8%", "3.0%"]
    nb.says("Exactly 51.3% of averages of 100 turns land below μ", "95.1% of averages of 100 turns land within "
            "1.96 σ / √100 of μ", "1.8% land below that band and 3.0% above it, not 2.5% each",
            "with the true σ the averages themselves miss more often on the high side (3.0% against 1.8%)",
            "the band μ ± 1.96 σ / √100 holds 95.1% of averages")


def test_the_guess_is_compared_with_simulated_and_exact(nb):
    below = averages(100) < MU
    assert int(below.sum()) == 2079 and f"{below.mean():.1%}" == "52.0%"
    assert estimate(int(below.sum()), 4000).covers(exact_shares(100)[0])
    nb.says("2,079 of 4,000 averages of 100 turns (52.0%) below μ")


def test_the_spread_lessons_93_5_percent(nb):
    avg, sd, low, high = intervals(2000, 100, 6)
    hits, too_low, too_high = int(((low <= MU) & (MU <= high)).sum()), int((high < MU).sum()), int((low > MU).sum())
    assert (hits, too_low, too_high) == (1870, 99, 31) and hits / 2000 == 0.935
    assert too_low > 2 * too_high
    assert np.corrcoef(avg[:500], sd[:500])[0, 1] > 0.8          # low averages come with small SDs
    nb.says("did its intervals catch the true value in 93.5% of 2,000 samples, not in 95%",
            "catches the true value in 95 of 100 samples",
            "far more intervals sit too low than too high", "The dots climb from left to right",
            "1,870 catches (93.5%), 99 intervals too low and 31 too high")


def test_more_turns_come_closer_to_95_percent(nb):
    hits = {n: caught(10_000, n) for n in (100, 400, 1600)}
    shown = {n: (pct(e.p), pct(e.low), pct(e.high)) for n, e in ((n, estimate(h, 10_000)) for n, h in hits.items())}
    assert shown == {100: ("93.7%", "93.2%", "94.1%"), 400: ("94.5%", "94.0%", "94.9%"),
                     1600: ("94.6%", "94.1%", "95.0%")}
    assert abs(hits[1600] / 10_000 - 0.95) < abs(hits[100] / 10_000 - 0.95)
    test = two_proportion_z_test(hits[1600], 10_000, hits[100], 10_000)
    assert (f"{100 * test.difference:+.1f}", f"{100 * test.low:+.1f}", f"{100 * test.high:+.1f}") == \
        ("+0.9", "+0.3", "+1.6")
    assert f"{test.z:.2f}" == "2.77" and f"{test.p_value:.3f}" == "0.006" and test.p_value < 0.05
    nb.says("100 turns catch μ in 93.7% (95% interval 93.2% to 94.1%), 400 turns in 94.5% (94.0% to 94.9%), "
            "1,600 turns in 94.6% (94.1% to 95.0%); 1,600 minus 100 turns: +0.9 percentage points (+0.3 to +1.6), "
            "z = 2.77, p = 0.006", "a small p (below 0.05, say) means more turns per sample really do bring the "
            "share closer to 95%")
    assert not re.search(r"p = 0(?![.\d])", nb.markdown)         # never "p = 0"
    nb.never_says("95% sure")


def test_teacher_answers(nb):
    assert f"{SKEW / 20:.2f}" == "0.10" and f"{skewness(averages(400)):.2f}" == "0.14"
    assert abs(skewness(averages(400)) - SKEW / 20) < 1.5 * (6 / 4000) ** 0.5
    below, within, _, _ = exact_shares(400)
    assert (pct(below), pct(within)) == ("50.6%", "95.0%") and abs(below - 0.5) < abs(exact_shares(100)[0] - 0.5)
    wide = {n: estimate(caught(2_500, n), 2_500) for n in (100, 1600)}
    narrow = {n: estimate(caught(10_000, n), 10_000) for n in (100, 1600)}
    for n in (100, 1600):
        assert 1.7 < (wide[n].high - wide[n].low) / (narrow[n].high - narrow[n].low) < 2.3
    test = two_proportion_z_test(wide[1600].successes, 2_500, wide[100].successes, 2_500)
    assert f"{test.p_value:.2f}" == "0.13"
    nb.says("the rule gives 2.09 / √400 ≈ 0.10; the seeded run gives 0.14", "50.6% below μ (closer to a bell's 50%) "
            "and 95.0% within 1.96 SE of it", "Wider, about twice as wide (√4 = 2)", "then gives p = 0.13")
