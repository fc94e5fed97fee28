"""What notebooks/lesson-many-tests.ipynb says: false alarms among many tests, Bonferroni and Holm, a sweep read
right."""

from __future__ import annotations

from collections import Counter
from math import comb, lgamma, log

import numpy as np
import pytest

from furlib import Furcle, sweep
from furlib.core.stats import chi_squared_sf, chi_squared_test, estimate
from furlib.furcle.bots import SatisfiedAt
from furlib.furcle.turn_distribution import turn_distribution
from furlib.furglars.faces import DEFAULT_FACES
from furlib.lessons import bonferroni, first_seat_win, holm

NOTEBOOK = "lesson-many-tests.ipynb"
KINDS = ["furgle", "lock", "hand", "x"]
CHANCES = [2 / 6, 1 / 6, 2 / 6, 1 / 6]
MORE = [1 / 6, 1 / 6, 3 / 6, 1 / 6]
# pytest-xdist: one worker plays the sweeps once for every test here
pytestmark = pytest.mark.xdist_group("lesson-many-tests")


def p_values_of(counts, rolls=60):
    expected = rolls * np.array(CHANCES)
    return np.vectorize(lambda s: chi_squared_sf(s, 3))(((counts - expected) ** 2 / expected).sum(axis=-1))


def binomial_within(n, p, margin):
    """The exact chance that the share of n tries, each a success with chance p, lands within margin of p."""
    k = np.arange(n + 1)
    log_chance = np.array([lgamma(n + 1) - lgamma(j + 1) - lgamma(n - j + 1) for j in k]) + k * log(p) \
        + (n - k) * log(1 - p)
    return float(np.exp(log_chance)[np.abs(k / n - p) <= margin].sum())


@pytest.fixture(scope="module")
def exact():
    """Section 3: every count of 60 rolls, its p-value, and the exact chance that a die of these chances is called."""
    counts = np.array([(f, lk, h, 60 - f - lk - h) for f in range(61) for lk in range(61 - f)
                       for h in range(61 - f - lk)])
    p = p_values_of(counts)
    log_fact = np.array([lgamma(n + 1) for n in range(61)])

    def called(face, level):
        log_chance = log_fact[60] - log_fact[counts].sum(axis=1) + (counts * np.log(face)).sum(axis=1)
        return float(np.exp(log_chance)[p < level].sum())
    return len(counts), called


def first_seat_table(games):
    table = sweep(Furcle, {"target": [20, 40, 60, 80, 100], "n_dice": [5, 6]}, [SatisfiedAt(20), SatisfiedAt(20)],
                  games, seed=1)
    first = table[table.seat == 1].copy()
    turn = {d: turn_distribution(SatisfiedAt(20), n_dice=d) for d in (5, 6)}
    first["exact"] = [first_seat_win(turn[d], target=t) for t, d in zip(first.target, first.n_dice)]
    k = np.arange(games + 1)
    log_chance = np.array([lgamma(games + 1) - lgamma(j + 1) - lgamma(games - j + 1) - games * log(2) for j in k])
    first["p"] = [float(np.exp(log_chance)[np.abs(k - games / 2) >= abs(w - games / 2)].sum()) for w in first.wins]
    first["holm"] = holm(first.p)
    return first


@pytest.fixture(scope="module")
def sweep_2000():
    return first_seat_table(2000)


def test_the_code_computes_as_the_test_does(nb):
    nb.runs("rng = np.random.default_rng(2)", "for die in range(20):", "rng.choice(DEFAULT_FACES, size=60)",
            "expected=[2, 1, 2, 1]).p_value", "np.random.default_rng(3).multinomial(60, chances, size=(2000, 20))",
            "n_loaded = 5", "rng = np.random.default_rng(5)",
            "rng.multinomial(60, chances, size=(2000, 20 - n_loaded))",
            "rng.multinomial(60, [1 / 6, 1 / 6, 3 / 6, 1 / 6], size=(2000, n_loaded))",
            'sweep(Furcle, {"target": [20, 40, 60, 80, 100], "n_dice": [5, 6]}, [SatisfiedAt(20), SatisfiedAt(20)], '
            "2000, seed=1)", 'first["holm"] = holm(first.p)',
            "guess.compare(simulated=100 * some.p, exact=100 * (1 - (1 - one) ** 20))")
    nb.says("should expect about one \"loaded\" verdict", "`DEFAULT_FACES`: 2 Furgles, 1 Lock, 2 Hands, 1 X",
            "Each is rolled 60 times and tested as in the fair-die lesson")
    assert sorted(DEFAULT_FACES) == sorted(("furgle", "furgle", "lock", "hand", "hand", "x"))


def test_one_class(nb):
    rng = np.random.default_rng(2)
    p = []
    for _ in range(20):
        c = Counter(rng.choice(DEFAULT_FACES, size=60).tolist())
        p.append(chi_squared_test([c[k] for k in KINDS], expected=[2, 1, 2, 1]).p_value)
    assert sum(x < 0.05 for x in p) == 1 and f"{min(p):.4f}" == "0.0063"
    assert sum(x < 0.05 for x in bonferroni(p)) == sum(x < 0.05 for x in holm(p)) == 0
    nb.says("section 1's class calls 1 fair die of 20 loaded (p = 0.0063), and neither correction keeps it")


def test_2000_classes(nb):
    p = p_values_of(np.random.default_rng(3).multinomial(60, CHANCES, size=(2000, 20)))
    alarms = (p < 0.05).sum(axis=1)
    some = estimate(int((alarms >= 1).sum()), 2000)
    assert (some.successes, f"{some.p:.1%}", f"{some.low:.1%}", f"{some.high:.1%}") == (1278, "63.9%", "61.8%", "66.0%")
    assert f"{alarms.mean():.2f}" == "0.98"
    h = estimate(int((np.array([holm(r) for r in p]) < 0.05).any(axis=1).sum()), 2000)
    b = estimate(int((np.array([bonferroni(r) for r in p]) < 0.05).any(axis=1).sum()), 2000)
    assert h.successes == b.successes                       # all fair: the same classes raise a false alarm
    assert (f"{h.p:.1%}", f"{h.low:.1%}", f"{h.high:.1%}") == ("4.1%", "3.3%", "5.1%")
    nb.says("2,000 classes: 1,278 (63.9%, interval 61.8% to 66.0%) have at least one false alarm, 0.98 per class on "
            "average; exactly 63.2% and 0.98", "Holm on the 2,000 classes: a false alarm in 4.1% (3.3% to 5.1%); "
            "exactly, with Bonferroni, 5.1%",
            "a method that catches the true share in 95 of 100 runs of 2,000 classes",
            "Holm's method raises a false alarm in exactly the classes where Bonferroni's does (both call nothing "
            "unless the smallest p-value is below 0.05 / 20)")


def test_the_exact_chances(nb, exact):
    n, called = exact
    assert n == comb(63, 3) == 39_711
    one = called(CHANCES, 0.05)
    assert f"{one:.4f}" == "0.0488" and one < 0.05
    assert f"{1 - (1 - one) ** 20:.1%}" == "63.2%" and f"{20 * one:.2f}" == "0.98"
    nb.says("every possible count of Furgles, Locks, Hands and Xs (39,711 of them)",
            "A fair die is called loaded with chance 0.0488 (a little under 0.05: counts are whole numbers)",
            "at least one false alarm has chance 1 − (1 − 0.0488)²⁰ = 63.2%",
            "On average a class gets 20 × 0.0488 = 0.98 false alarms")
    assert [f"{1 - 0.95 ** m:.0%}" for m in (10, 20, 40)] == ["40%", "64%", "87%"]
    nb.says("10 tests: 40%; 20 tests: 64%; 40 tests: 87%", "1 − 0.95¹⁰ = 40%, 1 − 0.95²⁰ = 64%, 1 − 0.95⁴⁰ = 87%")
    # Bonferroni: each test at 0.0025; the chi-squared p-value is an approximation, so its level is 0.26%, not 0.25%
    b = called(CHANCES, 0.05 / 20)
    assert f"{b:.2%}" == "0.26%" and b > 0.0025 and f"{20 * b:.1%}" == "5.2%"
    assert f"{1 - (1 - b) ** 20:.1%}" == "5.1%" and 1 - (1 - b) ** 20 <= 20 * b
    nb.says("0.05 / 20 = 0.0025", "20 × 0.0025 = 5%", "at the 0.25% level a fair die is called loaded 0.26% of the "
            "time, so here the bound is 20 × 0.0026 = 5.2%", "from 63% to about 5%")


def test_holm_never_calls_fewer_than_bonferroni(nb):
    rng = np.random.default_rng(0)
    for _ in range(200):
        p = rng.random(20) ** 3
        assert set(np.flatnonzero(np.array(bonferroni(p)) < 0.05)) <= set(np.flatnonzero(np.array(holm(p)) < 0.05))
    nb.says("It never calls fewer than Bonferroni's, and keeps the same promise",
            "Holm's method never finds fewer than Bonferroni's")


def section_5(n_loaded):
    rng = np.random.default_rng(5)
    fair = rng.multinomial(60, CHANCES, size=(2000, 20 - n_loaded))
    loaded = rng.multinomial(60, MORE, size=(2000, n_loaded))
    mixed = p_values_of(np.concatenate([fair, loaded], axis=1))
    out = {}
    for method, adjust in [("none", lambda p: p), ("bonferroni", bonferroni), ("holm", holm)]:
        called = np.array([adjust(row) for row in mixed]) < 0.05
        out[method] = (f"{called[:, :20 - n_loaded].any(axis=1).mean():.1%}",
                       f"{called[:, 20 - n_loaded:].sum() / (2000 * n_loaded):.1%}")
    return out


def test_some_dice_loaded(nb, exact):
    _, called = exact
    assert (f"{called(MORE, 0.05):.3f}", f"{called(MORE, 0.0025):.3f}") == ("0.782", "0.362")
    assert f"{1 - (1 - called(CHANCES, 0.05)) ** 15:.1%}" == "52.8%"
    nb.says("about half the classes raise a false alarm (exactly 1 − (1 − 0.0488)¹⁵ = 52.8% with 15 fair dice), and "
            "most loaded dice are found (each with chance 0.782, exactly)", "only about a third of the loaded dice "
            "are found (0.362 at the 0.0025 line)", "the *more loaded* die of `lesson-power` (1 Furgle, 1 Lock, 3 "
            "Hands, 1 X)")
    five = section_5(5)
    assert five == {"none": ("51.8%", "78.6%"), "bonferroni": ("3.9%", "36.7%"), "holm": ("4.2%", "37.4%")}
    nb.says("Section 5: no correction, a false alarm in 51.8% of classes and 78.6% of the loaded dice found; "
            "Bonferroni 3.9% and 36.7%; Holm 4.2% and 37.4%; exactly 0.782 and 0.362 per loaded die")
    ten = section_5(10)
    assert ten == {"none": ("39.0%", "78.0%"), "bonferroni": ("2.5%", "36.1%"), "holm": ("3.2%", "38.1%")}
    nb.says("change `n_loaded = 5` to `n_loaded = 10`", "10 loaded dice of 20: Bonferroni finds 36.1% of them, Holm "
            "38.1%: a gain of 2.0 points, against 0.7 with 5 loaded dice", "false alarms stay rare (2.5% and 3.2% of "
            "classes, against 39.0% with no correction)")


def test_the_sweep_read_right(nb, sweep_2000):
    first = sweep_2000
    assert len(first) == 10 and (first.games == 2000).all()
    assert ((first.low <= first.exact) & (first.exact <= first.high)).all()          # all 10 catch, this seed
    called = first[first.holm < 0.05]
    assert list(zip(called.target, called.n_dice)) == [(20, 6), (40, 5), (40, 6), (80, 6)]
    nb.says("all 10 intervals catch the exact chance; Holm calls an edge in 4 cells (target 20 with 6 dice, 40 with "
            "5 and with 6, 80 with 6 dice)")
    for dice in (5, 6):
        exact = first[first.n_dice == dice].exact.to_numpy()
        assert np.all(np.diff(exact) < 0) and np.all(exact > 0.5)
    shown = {(t, d): f"{100 * e:.1f}%" for t, d, e in zip(first.target, first.n_dice, first.exact)}
    assert (shown[(20, 5)], shown[(20, 6)], shown[(100, 5)], shown[(100, 6)]) == ("53.6%", "58.0%", "51.1%", "52.8%")
    nb.says("the exact chances run from 53.6% (5 dice) and 58.0% (6 dice) at target 20 down to 51.1% and 52.8% at "
            "100, all above 50%", "The exact chances fall steadily as the target grows, for 5 dice and for 6",
            "Every exact chance is above 50%: the first player has an edge in all 10 cells",
            "with a target of 100 the edge is 1 to 3 percentage points")
    edges = [100 * (first.set_index(["target", "n_dice"]).exact[(100, d)] - 0.5) for d in (5, 6)]
    assert 1 <= min(edges) and max(edges) <= 3
    # the run zigzags where the exact chances do not: e.g. 80 above 60 with 6 dice
    rate = first.set_index(["target", "n_dice"]).win_rate
    assert rate[(80, 6)] > rate[(60, 6)]
    nb.says("the first player wins more at target 80 than at 60 with 6 dice: is that real?")
    assert f"{1 - 0.95 ** 10:.0%}" == "40%" and round(100 * 1.96 * (0.25 / 2000) ** 0.5) == 2
    # audit 3.1: "about 2 points" is a 95% margin, not a bound: for each cell's exact chance e, 1.96 sqrt(e (1 - e)
    # / 2000) rounds to 2 points, and the exact binomial chance that 2,000 games land within it is about 95%, so
    # about 1 run in 20 lands further off
    for e in first.exact:
        margin = 1.96 * (e * (1 - e) / 2000) ** 0.5
        assert round(100 * margin) == 2
        assert 0.94 < binomial_within(2000, e, margin) < 0.96
    nb.never_says("off by up to")
    nb.says("with 10 intervals at least one misses with chance 1 − 0.95¹⁰ = 40%",
            "with 2,000 games each dot is typically within about 2 percentage points of its exact chance (a 95% "
            "margin, not a hard limit)",
            "two `SatisfiedAt(20)` bots play 2,000 games for each of 5 targets and 2 dice counts, 10 cells in all")


def test_try_it_1(nb, exact):
    _, called = exact
    p = p_values_of(np.random.default_rng(3).multinomial(60, CHANCES, size=(2000, 10)))
    e = estimate(int((p < 0.05).any(axis=1).sum()), 2000)
    truth = 1 - (1 - called(CHANCES, 0.05)) ** 10
    assert (f"{e.p:.1%}", f"{e.low:.1%}", f"{e.high:.1%}", f"{truth:.1%}") == ("41.9%", "39.8%", "44.1%", "39.4%")
    assert not e.covers(truth)
    p4 = p_values_of(np.random.default_rng(4).multinomial(60, CHANCES, size=(2000, 10)))
    assert estimate(int((p4 < 0.05).any(axis=1).sum()), 2000).covers(truth)
    nb.says("change `size=(2000, 20)` to `size=(2000, 10)`", "10 dice a class: a false alarm in 41.9% of classes "
            "(95% interval 39.8% to 44.1%); exactly 1 − (1 − 0.0488)¹⁰ = 39.4%. This run's interval misses the exact "
            "value", "another seed, such as `default_rng(4)`, catches it")


def test_try_it_3(nb):
    first = first_seat_table(8000)
    called = first[first.holm < 0.05]
    assert len(called) == 9 and (80, 5) not in set(zip(called.target, called.n_dice))
    nb.says("change `2000` to `8000` games a cell", "8,000 games a cell: Holm's method calls a first-seat edge in 9 "
            "of the 10 cells (all but target 80 with 5 dice); by the exact chances all 10 have one")


def test_the_worksheet(nb):
    import nbformat

    from furlib.teaching import worksheet_of

    sheet = worksheet_of(nbformat.read(nb.path, as_version=4))
    assert sheet.predictions == ["Out of 100 classes that each test 20 fair dice, in how many is at least one die "
                                 "called loaded?"]
    assert sheet.exact == [True] and len(sheet.tries) == 3 and len(sheet.sections) == 6
    nb.says("Time (45 min", "Try it 1", "Try it 2", "Try it 3")
