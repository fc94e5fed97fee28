"""The classic distributions the lessons set against the games, exactly: no scipy, only ``math`` and fractions.

* :func:`binomial` and :func:`hypergeometric`: the chance of each count of
  successes in ``n`` tries, with replacement (dice) or without (cards), as
  exact fractions;
* :func:`poisson`: the chance of each count of a rare event with a given
  mean (floats: ``e`` is not a fraction);
* :func:`normal_cdf`: the chance that a normal value lands at or below ``x``;
* :func:`ruin_chance` and :func:`ruin_rounds`: the gambler's ruin, a bet of
  one unit a round won with chance ``p``, played from ``start`` units until
  the bankroll reaches 0 (ruin) or ``goal``.

Every function checks its input before any work and refuses a bad value with
a ValueError that names it; the limits (:data:`MAX_TRIES`, :data:`MAX_WORK`,
:data:`MAX_DENOMINATOR`, :data:`MAX_POPULATION`, :data:`MAX_MEAN`,
:data:`MAX_GOAL`) keep a call within about a second.

Examples
--------
>>> binomial(2, Fraction(1, 6))
{0: Fraction(25, 36), 1: Fraction(5, 18), 2: Fraction(1, 36)}
>>> hypergeometric(72, 12, 2)[2]              # two Red cards in two cards dealt from Furry Poker's 72
Fraction(11, 426)
>>> round(poisson(0.5, 2)[0], 4)
0.6065
>>> round(normal_cdf(1.96), 4)
0.975
>>> ruin_chance(10, 20, Fraction(1, 2)), ruin_rounds(10, 20, Fraction(1, 2))
(Fraction(1, 2), Fraction(100, 1))
"""

from __future__ import annotations

import math
from fractions import Fraction
from numbers import Rational

from ..core.errors import check_int, check_real, excerpt

__all__ = ["MAX_TRIES", "MAX_WORK", "MAX_DENOMINATOR", "MAX_POPULATION", "MAX_MEAN", "MAX_GOAL", "binomial",
           "hypergeometric", "poisson", "normal_cdf", "ruin_chance", "ruin_rounds"]

#: The most tries (rolls) :func:`binomial` takes, and the largest count :func:`poisson` lists.
MAX_TRIES = 20_000
#: The most work :func:`binomial` does: tries times the counts listed, ``n * (top + 1)`` (every count of up to
#: 999 tries; the first 50 counts of 20,000).
MAX_WORK = 1_000_000
#: The largest denominator of a chance ``p`` (5/6, 1/1296: a chance the games give; 0.5 is 1/2, but a float such
#: as 0.1 is 3602879701896397/36028797018963968 and is refused: write Fraction(1, 10)).
MAX_DENOMINATOR = 1_000_000
#: The largest deck (population) :func:`hypergeometric` takes.
MAX_POPULATION = 2_000
#: The largest mean :func:`poisson` takes (its largest count is ``MAX_TRIES``).
MAX_MEAN = 1_000
#: The largest goal of :func:`ruin_chance` and :func:`ruin_rounds`.
MAX_GOAL = 10_000


def _whole(name: str, value: object, low: int, high: int) -> int:
    """``value`` as an int from ``low`` to ``high`` (:func:`~furlib.core.errors.check_int`)."""
    return check_int(name, value, low=low, high=high)


def _chance(name: str, value: object, *, ends: bool) -> Fraction:
    """``value`` (a Fraction, an int or a float, numpy's too, taken at its exact value) as a Fraction from 0 to 1
    (strictly between them unless ``ends``)."""
    number = check_real(name, value, "a chance: a Fraction, or a number from 0 to 1")
    p = Fraction(value) if isinstance(value, (Rational, float)) else Fraction(number)    # a numpy float32 as its value
    if p.denominator > MAX_DENOMINATOR:
        raise ValueError(f"{name} must be a chance with a denominator of at most {MAX_DENOMINATOR:,}, got "
                         f"{excerpt(value)} (= {excerpt(p)}): write it as a Fraction such as Fraction(1, 10)")
    if not (0 <= p <= 1 if ends else 0 < p < 1):
        where = "from 0 to 1" if ends else "strictly between 0 and 1"
        raise ValueError(f"{name} must be a chance {where}, got {excerpt(value)}")
    return p


def binomial(n: int, p: Fraction | float, top: int | None = None) -> dict[int, Fraction]:
    """The chance of each number of successes in ``n`` independent tries, each a success with chance ``p``.

    P(k) = C(n, k) p^k (1 - p)^(n - k), exact, for k = 0 to ``top`` (default ``n``: every count).

    Parameters
    ----------
    n : int
        Tries, 0 to :data:`MAX_TRIES`.
    p : Fraction or float
        The chance of a success in one try, 0 to 1, with a denominator of at most :data:`MAX_DENOMINATOR` (a
        float counts at its exact value: 0.5 is 1/2; prefer a Fraction).
    top : int, optional
        The largest count listed (0 to ``n``): a rare event needs only the first few. ``n * (top + 1)`` is at
        most :data:`MAX_WORK`.

    >>> binomial(3, Fraction(1, 2))
    {0: Fraction(1, 8), 1: Fraction(3, 8), 2: Fraction(3, 8), 3: Fraction(1, 8)}
    >>> binomial(1000, Fraction(1, 1296), top=1)[0] == Fraction(1295, 1296) ** 1000
    True
    """
    n = _whole("n", n, 0, MAX_TRIES)
    p = _chance("p", p, ends=True)
    top = n if top is None else _whole("top", top, 0, n)
    if n * (top + 1) > MAX_WORK:
        raise ValueError(f"binomial(n={n:,}, top={top:,}) lists {top + 1:,} counts of {n:,} tries, more work than "
                         f"n * (top + 1) <= {MAX_WORK:,}: give a smaller top (a rare event needs only the first few "
                         f"counts)")
    return {k: math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(top + 1)}


def hypergeometric(population: int, marked: int, draws: int) -> dict[int, Fraction]:
    """The chance of each number of marked items among ``draws`` taken without replacement.

    P(k) = C(marked, k) C(population - marked, draws - k) / C(population, draws): a hand of
    ``draws`` cards from a deck of ``population`` cards, ``marked`` of them Red, holds k Reds.

    >>> hypergeometric(6, 3, 2)
    {0: Fraction(1, 5), 1: Fraction(3, 5), 2: Fraction(1, 5)}
    >>> hypergeometric(72, 12, 72)            # the whole deck: always the 12 Reds
    {12: Fraction(1, 1)}
    """
    population = _whole("population", population, 1, MAX_POPULATION)
    marked = _whole("marked", marked, 0, population)
    draws = _whole("draws", draws, 0, population)
    whole = math.comb(population, draws)
    low, high = max(0, draws - (population - marked)), min(draws, marked)
    return {k: Fraction(math.comb(marked, k) * math.comb(population - marked, draws - k), whole)
            for k in range(low, high + 1)}


def poisson(mean: float | Fraction, top: int) -> dict[int, float]:
    """The Poisson chances e^(-mean) mean^k / k! for k = 0 to ``top``.

    The count of a rare event with that mean: ``n`` tries of a tiny chance ``p``
    give nearly the chances of ``binomial(n, p)`` with ``mean = n p``.

    >>> [round(v, 4) for v in poisson(1, 3).values()]
    [0.3679, 0.3679, 0.1839, 0.0613]
    """
    want = f"a number from 0 to {MAX_MEAN:,}"
    m = check_real("mean", mean, want)
    if not 0 <= m <= MAX_MEAN:
        raise ValueError(f"mean must be {want}, got {excerpt(mean)}")
    top = _whole("top", top, 0, MAX_TRIES)
    if m == 0:
        return {k: float(k == 0) for k in range(top + 1)}
    return {k: math.exp(-m + k * math.log(m) - math.lgamma(k + 1)) for k in range(top + 1)}


def normal_cdf(x: float, mean: float = 0.0, sd: float = 1.0) -> float:
    """The chance that a normal value with this mean and standard deviation is at most ``x``.

    >>> round(normal_cdf(1) - normal_cdf(-1), 4), round(normal_cdf(2) - normal_cdf(-2), 4)
    (0.6827, 0.9545)
    """
    at, centre, spread = (check_real(name, v, "a finite number") for name, v in (("x", x), ("mean", mean), ("sd", sd)))
    if not spread > 0:
        raise ValueError(f"sd must be above 0, got {excerpt(sd)}")
    return 0.5 * math.erfc(-(at - centre) / (spread * math.sqrt(2)))


def _ruin_input(start: int, goal: int, p: Fraction | float) -> tuple[int, int, Fraction]:
    goal = _whole("goal", goal, 1, MAX_GOAL)
    start = _whole("start", start, 0, goal)
    return start, goal, _chance("p", p, ends=False)


def ruin_chance(start: int, goal: int, p: Fraction | float) -> Fraction:
    """The chance of going broke: one unit bet a round, won with chance ``p``, from ``start`` units until 0 or ``goal``.

    With r = (1 - p) / p it is (r^start - r^goal) / (1 - r^goal), and 1 - start / goal for a fair bet
    (p = 1/2). The same numbers solve the Markov chain of the bankroll (h(i) = p h(i + 1) + (1 - p) h(i - 1),
    h(0) = 1, h(goal) = 0).

    >>> ruin_chance(10, 20, Fraction(5, 9))
    Fraction(1048576, 10814201)
    >>> ruin_chance(0, 20, Fraction(5, 9)), ruin_chance(20, 20, Fraction(5, 9))
    (Fraction(1, 1), Fraction(0, 1))
    """
    start, goal, p = _ruin_input(start, goal, p)
    if p == Fraction(1, 2):
        return 1 - Fraction(start, goal)
    r = (1 - p) / p
    return (r**start - r**goal) / (1 - r**goal)


def ruin_rounds(start: int, goal: int, p: Fraction | float) -> Fraction:
    """The average number of rounds until the bankroll of :func:`ruin_chance` reaches 0 or ``goal``.

    start (goal - start) for a fair bet; otherwise start / (q - p) - goal / (q - p) × (1 - r^start) / (1 - r^goal),
    with q = 1 - p and r = q / p.

    >>> ruin_rounds(1, 2, Fraction(2, 3))
    Fraction(1, 1)
    >>> float(ruin_rounds(10, 20, Fraction(5, 9)))
    72.5...
    """
    start, goal, p = _ruin_input(start, goal, p)
    q = 1 - p
    if p == q:
        return Fraction(start * (goal - start))
    r = q / p
    return start / (q - p) - goal / (q - p) * (1 - r**start) / (1 - r**goal)
