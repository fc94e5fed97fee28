"""What notebooks/lesson-ruin.ipynb says: Pale's side bet on a red key (5/9) from 10 coins of 20, the chance of
ruin solved as a Markov chain, the stake, and a rich opponent.

The chain is solved here a second way, by elimination over all the states in fractions, and the formulas of
furlib.lessons are checked against it; the simulation is repeated with the notebook's seeds and with others.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from furlib.core.stats import estimate
from furlib.lessons import ruin_chance, ruin_rounds
from furlib.thieves import DEFAULT_DICE, key_probability

NOTEBOOK = "lesson-ruin.ipynb"
P = Fraction(5, 9)


def solve_chain(start: int, goal: int, p: Fraction) -> tuple[Fraction, Fraction]:
    """(chance of ruin, average rounds) from ``start`` coins, by eliminating the states one by one: from the bottom,
    h(i) = a_i + b_i h(i + 1) and D(i) = c_i + d_i D(i + 1), then back down from h(goal) = D(goal) = 0."""
    q = 1 - p
    a, b, c, d = [Fraction(1)], [Fraction(0)], [Fraction(0)], [Fraction(0)]      # state 0: ruined, no more rounds
    for _ in range(1, goal):
        # h(i) = p h(i+1) + q (a + b h(i)) and D(i) = 1 + p D(i+1) + q (c + d D(i))
        a.append(q * a[-1] / (1 - q * b[-1]))
        b.append(p / (1 - q * b[-1]))
        c.append((1 + q * c[-1]) / (1 - q * d[-1]))
        d.append(p / (1 - q * d[-1]))
    h, rounds = Fraction(0), Fraction(0)
    for i in range(goal - 1, start - 1, -1):
        h, rounds = a[i] + b[i] * h, c[i] + d[i] * rounds
    return (h, rounds) if start < goal else (Fraction(0), Fraction(0))


def evenings(n: int, stake: int = 1, seed: int = 1, start: int = 10, goal: int = 20, opens=("red", "white")):
    """The notebook's simulation: Pale's coins at the end of each evening, and its rounds."""
    faces = np.array(DEFAULT_DICE)
    rng = np.random.default_rng(seed)
    coins, rounds = np.full(n, start), np.zeros(n, dtype=int)
    going = np.arange(n)
    while going.size:
        keys = faces[rng.integers(0, 6, size=(going.size, 2))]
        won = np.isin(keys, list(opens)).any(axis=1)
        coins[going] += np.where(won, stake, -stake)
        rounds[going] += 1
        going = going[(coins[going] > 0) & (coins[going] < goal)]
    return coins, rounds


@pytest.fixture(scope="module")
def printed(nb):
    return nb.printed_by()


def test_the_bet_and_the_question(nb, printed):
    nb.says("The Thieves rulebook lets the players bet on the outcome of a game, and a player may challenge the other "
            "to double the stake", "Pale bets one coin that the roll brings a key "
            "for a red doorway (a red or a white face on either die)", "That happens with chance 5/9",
            "Each starts the evening with 10 coins, and they play until one of them has all 20",
            "Question: Pale has the edge: 5 rounds in 9. Out of 100 evenings, how many still end with Pale broke?")
    nb.runs('colour = "red"', 'opens = [colour, "white"] if colour != "black" else ["black"]',
            "p = key_probability(colour)", "start, goal = 10, 20",
            'guess = Prediction("Out of 100 evenings, how many end with Pale broke?")',
            "guess.compare(simulated=100 * broke.p, exact=100 * float(h[start]))")
    assert key_probability("red") == P == 1 - Fraction(4, 6) ** 2
    assert "Pale wins a round with chance 5/9; Pale starts with 10 coins of 20\n" in printed


def test_the_five_evenings(nb, printed):
    nb.runs("rng = np.random.default_rng(3)", "paths = [evening(rng) for _ in range(5)]")
    nb.says("Five evenings cannot tell us how often the line hits 0 first",
            "a step up 5 times in 9 and down 4 times in 9")
    faces = np.array(DEFAULT_DICE)
    rng = np.random.default_rng(3)
    for number in range(1, 6):
        coins = [10]
        while 0 < coins[-1] < 20:
            keys = faces[rng.integers(0, 6, size=2)]
            coins.append(coins[-1] + (1 if np.isin(keys, ["red", "white"]).any() else -1))
        assert f"evening {number}: {len(coins) - 1} rounds, Pale ends with {coins[-1]} coins\n" in printed


def test_the_chain_solved_exactly(nb, printed):
    nb.says("h(i) = p × h(i + 1) + q × h(i − 1)", "p × (h(i) − h(i + 1)) = q × (h(i − 1) − h(i))",
            "r = q / p = (4/9) / (5/9) = 4/5", "Together they add up to h(0) − h(20) = 1",
            "`ruin_chance(start, goal, p)` = (rⁱ − r²⁰) / (1 − r²⁰)",
            "Pale goes broke with chance exactly 1048576/10814201 ≈ 0.0970: about 1 evening in 10, although Pale wins "
            "5 rounds in 9", "4¹⁰ / (4¹⁰ + 5¹⁰)", "An evening lasts 72.5 rounds on average")
    h, rounds = solve_chain(10, 20, P)
    assert h == Fraction(1048576, 10814201) == Fraction(4**10, 4**10 + 5**10) == ruin_chance(10, 20, P)
    assert rounds == ruin_rounds(10, 20, P) and f"{float(rounds):.1f}" == "72.5" and f"{float(rounds):.2f}" == "72.55"
    assert f"{float(h):.4f}" == "0.0970" and round(1 / float(h)) == 10
    r = Fraction(4, 5)
    assert (1 - P) / P == r and h == (r**10 - r**20) / (1 - r**20)
    for line in ("h(10) = 1048576/10814201 ≈ 0.0970\n", "h(0) = 1 and h(20) = 0: True\n",
                 "every h(i) = p h(i+1) + q h(i-1): True\n", "ruin_chance agrees: True\n"):
        assert line in printed


def test_the_simulation(nb, printed):
    nb.runs("n = 10_000", "coins, rounds = evenings(n)", "def evenings(n, stake=1, seed=1):",
            "won = np.isin(keys, opens).any(axis=1)")
    nb.says("a range made by a method that catches the true chance in 95 of 100 simulations like this one",
            "Even with the edge, Pale goes broke in a good number of evenings",
            "With seed 1 the simulation finds 915 of 10,000 evenings with Pale broke (0.0915, interval 0.0860 to "
            "0.0973, which catches 0.0970)")
    coins, rounds = evenings(10_000)
    broke = estimate(int((coins <= 0).sum()), 10_000)
    assert broke.successes == 915 and (f"{broke.low:.4f}", f"{broke.high:.4f}") == ("0.0860", "0.0973")
    assert broke.covers(ruin_chance(10, 20, P))
    assert f"evenings that end with Pale broke: {broke}\n" in printed
    assert f"rounds in an evening: {rounds.mean():.1f} on average, the longest {rounds.max()}\n" in printed
    assert (f"average rounds: exactly 72.55; simulated {rounds.mean():.2f} ± "
            f"{1.96 * rounds.std(ddof=1) / 100:.2f}\n") in printed
    for seed in (2, 3, 4):                                # "a good number of evenings" (about 1 in 10), any seed
        share = (evenings(4_000, seed=seed)[0] <= 0).mean()
        assert 0.07 < share < 0.125
    assert "915" not in nb.markdown.split("Teacher notes")[0]


def test_edge_fair_and_against(nb):
    nb.says("A fair bet gives a straight line: from i coins of 20, the chance of ruin is 1 − i/20, so 1/2 from 10 "
            "coins", "From 10 coins, Pale (p = 5/9) goes broke with chance 0.097 and Dark's side of the same bet (p = "
            "4/9) with chance 0.903: the edge of one round in nine, 5/9 against 4/9, becomes an edge of 9 evenings in "
            "10")
    for i in range(21):
        assert solve_chain(i, 20, Fraction(1, 2))[0] == 1 - Fraction(i, 20) == ruin_chance(i, 20, Fraction(1, 2))
        assert ruin_chance(i, 20, P) == solve_chain(i, 20, P)[0]
    pale, dark = ruin_chance(10, 20, P), ruin_chance(10, 20, 1 - P)
    assert (f"{float(pale):.3f}", f"{float(dark):.3f}") == ("0.097", "0.903") and pale + dark == 1
    assert round(float(dark) * 10) == 9


def test_the_stake(nb, printed):
    nb.says("10 coins at 2 a round are 5 stakes out of 10", "the chance of going broke grows from 0.097 with 1 coin a "
            "round to 0.247 with 2, 0.390 with 5 and 0.444 with all 10 on one round", "Dark the best chance (4/9 ≈ "
            "0.444) to break Pale", "Stakes 1, 2, 5, 10: Pale broke 0.0970, 0.2468, 0.3902, 0.4444; Dark broke 0.9030, "
            "0.7532, 0.6098, 0.5556")
    nb.runs("exact = ruin_chance(start // stake, goal // stake, p)", "ends, _ = evenings(n, stake=stake, seed=stake)")
    shown = []
    for stake in (1, 2, 5, 10):
        exact = solve_chain(10 // stake, 20 // stake, P)[0]
        shown.append(exact)
        ends, _ = evenings(10_000, stake=stake, seed=stake)
        sim = estimate(int((ends <= 0).sum()), 10_000)
        assert (f"{stake:>5}   {float(exact):>18.4f}   {float(1 - exact):>18.4f}   {sim.p:.4f} "
                f"({sim.low:.4f} to {sim.high:.4f})\n") in printed
    assert [f"{float(x):.3f}" for x in shown] == ["0.097", "0.247", "0.390", "0.444"] and shown[-1] == Fraction(4, 9)
    assert shown == sorted(shown)                        # the bigger the stake, the likelier Pale's ruin
    # the simulated shares keep that order for other seeds too: each gap is several standard errors wide
    for seed in (11, 12):
        sims = [(evenings(4_000, stake=stake, seed=seed)[0] <= 0).mean() for stake in (1, 2, 5, 10)]
        assert sims == sorted(sims)
        assert all(abs(x - float(e)) < 4 * math.sqrt(0.25 / 4_000) for x, e in zip(sims, shown))


def test_a_rich_opponent(nb, printed):
    nb.says("Pale's chance of ruin stays below (4/5)¹⁰ ≈ 0.1074, however rich Dark is",
            "1 − 10/1000 = 0.99 against 990 coins", "A casino is the rich opponent and holds the edge")
    chances = [ruin_chance(10, total, P) for total in (20, 40, 100, 1000, 5000)]
    assert chances == sorted(chances) and all(c < Fraction(4, 5) ** 10 for c in chances)
    assert f"{float(Fraction(4, 5) ** 10):.4f}" == "0.1074"
    assert ruin_chance(10, 1000, Fraction(1, 2)) == Fraction(99, 100)
    assert "Dark has  990 coins: Pale goes broke with chance 0.1074 (a fair bet: 0.9900)\n" in printed
    assert "(4/5)^10 = 0.1074\n" in printed
    assert ruin_chance(10, 1000, Fraction(4, 9)) > ruin_chance(10, 1000, Fraction(1, 2))     # "even surer"


def test_teacher_answers_the_try_its(nb):
    nb.says("(1) 15 of 20 coins: 0.0239 (about 1 evening in 42)", "(2) Black, p = 11/36: Pale goes broke with chance "
            "0.9997, after 25.7 rounds on average", "(3) 21 coins ((4/5)²¹ ≈ 0.0092; 20 coins give 0.0115)",
            "(4) 10 coins, all on one round: Dark breaks Pale with chance 4/9 ≈ 0.444")
    one = solve_chain(15, 20, P)[0]
    assert f"{float(one):.4f}" == "0.0239" and round(1 / float(one)) == 42
    black = key_probability("black")
    h, rounds = solve_chain(10, 20, black)
    assert black == Fraction(11, 36) and f"{float(h):.4f}" == "0.9997" and f"{float(rounds):.1f}" == "25.7"
    assert min(i for i in range(1, 100) if Fraction(4, 5) ** i < Fraction(1, 100)) == 21
    assert (f"{0.8 ** 21:.4f}", f"{0.8 ** 20:.4f}") == ("0.0092", "0.0115")
    dark = {stake: 1 - solve_chain(10 // stake, 20 // stake, P)[0] for stake in (1, 2, 5, 10)}
    assert min(dark, key=dark.get) == 10 and 1 - dark[10] == Fraction(4, 9)


def test_the_try_its_as_the_students_run_them(nb):
    out = nb.printed_by(("start, goal = 10, 20", "start, goal = 15, 20"))
    assert "h(15) = " in out and "≈ 0.0239\n" in out
    out = nb.printed_by(('colour = "red"', 'colour = "black"'))
    assert "Pale wins a round with chance 11/36" in out and "≈ 0.9997\n" in out and "exactly 25.70" in out


def test_try_it_2_small_stakes_are_the_underdogs_worst_choice(nb):
    """Try it 2: with black (11/36) Pale is the underdog, "and small stakes are the worst choice": Pale's exact chance
    of ruin, solved by elimination for each stake of section 5, is largest for 1 coin a round, and falls as the
    stake grows (0.9997, 0.984, 0.838, 0.694)."""
    nb.says("now Pale is the underdog, and small stakes are the worst choice")
    black = key_probability("black")
    assert black < Fraction(1, 2)                                       # the underdog
    ruin = [solve_chain(10 // stake, 20 // stake, black)[0] for stake in (1, 2, 5, 10)]
    assert ruin == [ruin_chance(10 // stake, 20 // stake, black) for stake in (1, 2, 5, 10)]
    assert ruin == sorted(ruin, reverse=True) and len(set(ruin)) == 4     # smallest stake, surest ruin
    assert [f"{float(x):.3f}" for x in ruin] == ["1.000", "0.984", "0.838", "0.694"] and ruin[-1] == 1 - black
