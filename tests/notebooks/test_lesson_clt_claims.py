"""What notebooks/lesson-clt.ipynb says: averages of lopsided turns become a bell, skewness like 1/sqrt(n), coverage."""

from __future__ import annotations

import functools
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


@functools.cache
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
            "rng = np.random.default_rng(7)", "rng.normal(size=(50_000, 100))", "for z in (1.96, 1.984):",
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
    nb.says("in 93.5% of its 2,000 samples (a share that is itself give or take about 1 point: other seeds give from "
            "about 93% to about 95%)", "catches the true value in 95 of 100 samples",
            "far more intervals sit too low than too high", "The dots climb from left to right",
            "1,870 catches (93.5%), 99 intervals too low and 31 too high")
    nb.never_says("catch the true value in 93.5% of 2,000 samples, not in 95%", "explain the 93.5%")
    # issue 34: 93.5% is one run's share: its margin, and other seeds
    assert round(1.96 * (0.935 * 0.065 / 2000) ** 0.5, 2) == 0.01
    shares = []
    for seed in range(6, 14):
        _, _, lo, hi = intervals(2000, 100, seed)
        shares.append(((lo <= MU) & (MU <= hi)).mean())
        assert (hi < MU).sum() > 2 * (lo > MU).sum(), seed               # far more too low than too high, any seed
    assert 0.929 <= min(shares) and max(shares) <= 0.949 and all(s < 0.95 for s in shares)


def t_within(c, df, points=200_001):
    """The chance that a t variable with df degrees of freedom lies within ±c (its density, integrated)."""
    x = np.linspace(0, c, points)
    log_pdf = (math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
               - (df + 1) / 2 * np.log1p(x ** 2 / df))
    return 2 * np.trapezoid(np.exp(log_pdf), x)


def t_value(df):
    low, high = 1.9, 2.1
    for _ in range(50):
        mid = (low + high) / 2
        low, high = (mid, high) if t_within(mid, df, 20_001) < 0.95 else (low, mid)
    return high


def test_1_96_against_the_t_value(nb):
    """About 0.3 points of the shortfall is 1.96 against the t value (issue 34); the rest is the lopsided turns."""
    assert f"{t_within(1.96, 99):.2%}" == "94.72%" and abs(t_within(1.984216953, 99) - 0.95) < 1e-6
    assert [f"{t_value(df):.3f}" for df in (99, 399, 1599)] == ["1.984", "1.966", "1.961"]
    assert round(100 * (0.95 - t_within(1.96, 99)), 1) == 0.3
    nb.says("with 100 values, ±1.96 sample SEs catch the truth in 94.72% of samples, and ±1.984 (the t value for "
            "100 values) in exactly 95%. That is about 0.3 points of the shortfall",
            "the t value is 1.966 for 400 values and 1.961 for 1,600, nearly 1.96")
    bell = np.random.default_rng(7).normal(size=(50_000, 100))
    m, se = bell.mean(axis=1), bell.std(axis=1, ddof=1) / 10
    shares = [(np.abs(m) <= z * se).mean() for z in (1.96, 1.984)]
    assert [f"{x:.2%}" for x in shares] == ["94.68%", "94.96%"]
    for share, exact in zip(shares, (t_within(1.96, 99), 0.95)):
        assert estimate(int(round(share * 50_000)), 50_000).covers(exact)
    nb.says("A perfect bell (50,000 samples of 100): 94.68% of the intervals catch with 1.96 (exactly 94.72%, from "
            "the t distribution) and 94.96% with 1.984 (exactly 95%)")
    # the lopsided part: 10,000 samples of 100 turns catch about 93.7%: about 1 point below the bell's 94.72%
    share = caught(10_000, 100) / 10_000
    assert round(100 * (t_within(1.96, 99) - share)) == 1
    nb.says("That costs about 1 point more", "about 93.7% of the time (the first line prints this run's estimate)")


def test_more_turns_come_closer_to_95_percent(nb, all_notebooks):
    hits = {n: caught(10_000, n) for n in (100, 400, 1600)}
    shown = {n: (pct(e.p), pct(e.low), pct(e.high)) for n, e in ((n, estimate(h, 10_000)) for n, h in hits.items())}
    assert shown == {100: ("93.7%", "93.2%", "94.1%"), 400: ("94.5%", "94.0%", "94.9%"),
                     1600: ("94.6%", "94.1%", "95.0%")}
    assert estimate(hits[100], 10_000).high < 0.95
    nb.says("100 turns catch μ in 93.7% (95% interval 93.2% to 94.1%), 400 turns in 94.5% (94.0% to 94.9%), "
            "1,600 turns in 94.6% (94.1% to 95.0%)",
            "For 100 turns the share's interval lies wholly below 95%",
            "That is a comparison of two estimates, and it needs a test")
    # audit 2.1: the notebook expects the share to come closer to 95% (both causes shrink: the t value and the
    # skewness, computed exactly above) and claims from its data only a rise it does not prove. The Teacher notes
    # give the z-test for two proportions (pooled, two-sided; lesson-conditional) on these very counts, from
    # independent samples (seeds 100, 400 and 1600): 100 turns against 400 or 1,600 is evidence at the 5% level
    # (and at 1% against 1,600); 400 against 1,600 is not, so the notebook never says the share still climbs there.
    assert hits[100] < hits[400] < hits[1600]
    nb.says("so we expect the true share to come closer to 95%",
            "This run's shares for 400 and 1,600 turns are higher than for 100",
            "`lesson-conditional` meets the z-test for two proportions",
            "Until then, the three lines show a rise but do not prove one")
    nb.never_says("the true share climbs towards 95%", "the share climbs", "the true share does climb")
    z = {(a, b): two_proportion_z_test(hits[b], 10_000, hits[a], 10_000) for a, b in ((100, 400), (100, 1600),
                                                                                     (400, 1600))}
    assert f"{z[100, 400].p_value:.2f}" == "0.01" and z[100, 400].low > 0
    assert z[100, 1600].p_value < 0.01 and z[100, 1600].low > 0
    assert f"{z[400, 1600].p_value:.1f}" == "0.8" and z[400, 1600].covers(0)
    nb.says("The z-test for two proportions (`lesson-conditional`) on these counts: 400 against 100 turns gives "
            "p = 0.01, 1,600 against 100 p < 0.01: evidence that 100 turns catch μ less often than 400 or 1,600. "
            "1,600 against 400 gives p = 0.8: no evidence either way, so this run cannot show the share still rising "
            "after 400 turns")
    all_notebooks["lesson-conditional.ipynb"].runs("two_proportion_z_test(")      # the pointer: that lesson's test
    # issue 34: no test before the course introduces tests (lesson-fair-die)
    assert "two_proportion_z_test" not in nb.code and "p_value" not in nb.code
    assert not re.search(r"p = 0(?![.\d])", nb.markdown)         # never "p = 0"
    nb.never_says("95% sure", "z = 2.77", "p = 0.006")


@pytest.mark.slow
@pytest.mark.parametrize("seed", [101, 102])
def test_100_turns_fall_short_of_95_percent_for_any_seed(seed):
    """'about 93.7%' and 'wholly below 95%' for other seeds too (about 1 s a seed)."""
    _, _, low, high = intervals(10_000, 100, seed)
    e = estimate(int(((low <= MU) & (MU <= high)).sum()), 10_000)
    assert e.high < 0.95 and abs(e.p - 0.937) < 0.005


def skewness_spread(n, players=4000, repeats=1000, seed=0):
    """The skewness of `players` averages of n turns, `repeats` times: drawn from the exact chances of an average
    (no dice simulated), so its spread is the standard error of one run's estimate."""
    average, chance = exact_average(n)
    draws = average[np.searchsorted(np.cumsum(chance / chance.sum()),
                                    np.random.default_rng(seed).random((repeats, players)))]
    z = (draws - draws.mean(axis=1, keepdims=True)) / draws.std(axis=1, keepdims=True)
    return (z ** 3).mean(axis=1)


def test_teacher_answers(nb):
    assert f"{SKEW / 20:.2f}" == "0.10" and f"{skewness(averages(400)):.2f}" == "0.14"
    # audit 2.5 and 3.2: "its standard error is about 0.04, so its 95% margin is about ±0.08 (not a hard limit)".
    # By hand: the skewness of n values from a bell has standard error about sqrt(6 / n); averages of 400 turns
    # are nearly a bell. Checked: 1,000 runs of 4,000 averages drawn from the exact distribution of an average of
    # 400 turns: their skewnesses spread by that standard error (within 10%), and about 5 runs in 100 land more
    # than 1.96 of them from the truth (within 3 standard errors of a share of 1,000, 0.021).
    se = (6 / 4000) ** 0.5
    assert f"{se:.2f}" == "0.04" and f"{1.96 * se:.2f}" == "0.08"
    runs = skewness_spread(400)
    assert abs(runs.std() / se - 1) < 0.1
    outside = (np.abs(runs - SKEW / 20) > 1.96 * se).mean()
    assert 0 < outside and abs(outside - 0.05) < 3 * (0.05 * 0.95 / 1000) ** 0.5
    assert abs(skewness(averages(400)) - SKEW / 20) < 1.96 * se              # 0.14 is within the margin of 0.10
    nb.says("the seeded run gives 0.14. That is an estimate from 4,000 players: its standard error is about 0.04, "
            "so its 95% margin is about ±0.08 (not a hard limit). 0.14 is well within 0.08 of 0.10: close")
    nb.never_says("can be off by about 0.04")
    below, within, _, _ = exact_shares(400)
    assert (pct(below), pct(within)) == ("50.6%", "95.0%") and abs(below - 0.5) < abs(exact_shares(100)[0] - 0.5)
    wide = {n: estimate(caught(2_500, n), 2_500) for n in (100, 1600)}
    narrow = {n: estimate(caught(10_000, n), 10_000) for n in (100, 1600)}
    for n in (100, 1600):
        assert 1.7 < (wide[n].high - wide[n].low) / (narrow[n].high - narrow[n].low) < 2.3
    nb.says("the rule gives 2.09 / √400 ≈ 0.10; the seeded run gives 0.14", "50.6% below μ (closer to a bell's 50%) "
            "and 95.0% within 1.96 SE of it", "Wider, about twice as wide (√4 = 2)")
    nb.never_says("then gives p = 0.13")
