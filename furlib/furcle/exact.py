"""Exact odds of one roll of Oh Furcle!, and the per-roll model every solver uses.

A roll of ``k`` dice is one of the ``C(sides + k - 1, k)`` multisets of faces
(an *outcome class*, e.g. ``(3, 3, 5)``), with probability
``k! / (c_1! c_2! ...) / sides**k``. After seeing it the player picks a
*choice*: no Beekin, or (while the Beekin is still available) a Beekin on one
of the dice not showing the top face. Each choice leads to a number of points
and a number of dice to roll next (0 points and 0 dice for a Furcle). That
model is all that :mod:`furlib.furcle.turn`, :mod:`furlib.furcle.solver` and
:mod:`furlib.furcle.fast` need, and it is built here from
:func:`~furlib.furcle.scoring.score_checked` (the scoring of
:func:`~furlib.furcle.scoring.score_roll`), the very function the rules engine
uses, so the analysis agrees with the game.

Examples
--------
>>> roll_distribution(2)[2]        # a pair of 2s
Fraction(1, 36)
>>> sum(p * pts for pts, p in roll_distribution(2).items())   # 21/36
Fraction(7, 12)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, cast

import numpy as np
import numpy.typing as npt

from ..core.engine.chance import dice_outcomes
from ..core.engine.fixed import FrozenDict
from ..core.errors import check_bool, check_int, excerpt
from .scoring import MAX_SIDES, check_bonus, score_checked

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["Choice", "RollOutcome", "roll_outcomes", "roll_distribution", "transition_model",
           "TransitionModel", "transitions_frame", "MAX_CLASSES", "MAX_EXACT_DICE"]

#: Largest number of outcome classes (multisets of faces) enumerated for one roll.
MAX_CLASSES = 20_000
#: The most dice of one roll the exact odds take (a game rolls at most ``MAX_DICE``, 10; more dice of few sides,
#: e.g. 20 two-sided dice, still have few outcome classes). Sides: 2 to ``MAX_SIDES`` (20), as in a game.
MAX_EXACT_DICE = 20


@dataclass(frozen=True)
class Choice:
    """One way to score a roll: ``beekin`` is the face raised by 1 (None: no Beekin).

    ``points`` and ``next_dice`` are 0 when the choice leaves a Furcle.
    """

    beekin: int | None
    faces: tuple[int, ...]
    points: int
    next_dice: int

    @property
    def furcle(self) -> bool:
        """True when this choice leaves a Furcle (the turn score is lost)."""
        return self.points == 0


@dataclass(frozen=True)
class RollOutcome:
    """An outcome class: the sorted ``faces``, its exact ``probability`` and the ``choices``.

    ``choices[0]`` is always "no Beekin"; the others raise one face (one per
    distinct face below the top, since raising either of two equal dice gives
    the same roll).
    """

    faces: tuple[int, ...]
    probability: Fraction
    choices: tuple[Choice, ...]

    @property
    def plain(self) -> Choice:
        """The choice without a Beekin."""
        return self.choices[0]

    def best_for_points(self) -> Choice:
        """The choice with the most points for this roll (first such choice on a tie)."""
        return max(self.choices, key=lambda c: c.points)


def _check_params(n_dice: object, sides: object, bonus: Mapping[int, int] | None,
                  beekin: object) -> tuple[int, int, dict[int, int], bool]:
    n = check_int("n_dice", n_dice, low=1, high=MAX_EXACT_DICE)
    m = check_int("sides", sides, low=2, high=MAX_SIDES)
    table = check_bonus(bonus)
    b = check_bool("beekin", beekin)
    if comb(m + n - 1, n) > MAX_CLASSES:
        raise ValueError(f"{n} dice with {m} sides have {comb(m + n - 1, n)} different rolls, too many to "
                         f"enumerate exactly (at most {MAX_CLASSES}); use fewer dice or sides")
    return n, m, table, b


def _bonus_key(table: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(table.items()))


@lru_cache(maxsize=64)
def _outcomes(k: int, beekin: bool, sides: int, bonus_key: tuple[tuple[int, int], ...]) -> tuple[RollOutcome, ...]:
    table = dict(bonus_key)
    out = []
    for faces, probability in dice_outcomes(k, range(1, sides + 1)):
        pts, scoring = score_checked(list(faces), table)
        choices = [Choice(None, faces, pts, len(scoring))]
        if beekin:
            for f in sorted(set(faces)):
                if f < sides:
                    raised = list(faces)
                    raised[raised.index(f)] = f + 1
                    raised_t = tuple(sorted(raised))
                    q, sc = score_checked(list(raised_t), table)
                    choices.append(Choice(f, raised_t, q, len(sc)))
        out.append(RollOutcome(faces, probability, tuple(choices)))
    return tuple(out)


def roll_outcomes(n_dice: int, *, beekin: bool = False, sides: int = 6,
                  bonus: Mapping[int, int] | None = None) -> tuple[RollOutcome, ...]:
    """Every outcome class of one roll of ``n_dice`` dice, with its choices.

    Parameters
    ----------
    n_dice : int
        Dice rolled (1 to ``MAX_EXACT_DICE``, 20, as long as there are at most
        ``MAX_CLASSES`` different rolls).
    beekin : bool, default False
        Whether the Beekin is still available for this roll; if so every
        outcome also lists a Beekin choice per distinct face below the top.
    sides : int, default 6
        Faces per die.
    bonus : dict, optional
        Bonus per group size (default: the printed table).

    Returns
    -------
    tuple of RollOutcome
        Sorted faces, exact probability (they sum to 1) and choices.

    Examples
    --------
    >>> out = roll_outcomes(3, beekin=True)
    >>> o = next(o for o in out if o.faces == (3, 5, 6))     # the rulebook's example
    >>> [(c.beekin, c.points, c.next_dice) for c in o.choices]
    [(None, 0, 0), (3, 0, 0), (5, 6, 2)]
    """
    n, m, table, b = _check_params(n_dice, sides, bonus, beekin)
    return _outcomes(n, b, m, _bonus_key(table))


def roll_distribution(n_dice: int, *, beekin: bool = False, sides: int = 6,
                      bonus: Mapping[int, int] | None = None,
                      as_frame: bool = False) -> dict[int, Fraction] | pd.DataFrame:
    """Exact distribution of the points of one roll of ``n_dice`` dice.

    With ``beekin=True`` the Beekin is used to get the most points from this
    roll (a rescued Furcle, or 4,5,5 -> 5,5,5); 0 points means a Furcle.

    Parameters
    ----------
    n_dice : int
        Number of dice rolled.
    beekin : bool, default False
        Use the Beekin for the best immediate score.
    sides : int, default 6
        Faces per die.
    bonus : dict, optional
        Bonus per group size (default ``{2: 0, 3: 10, 4: 15, 5: 20}``).
    as_frame : bool, default False
        Return a DataFrame (columns ``points``, ``ways``, ``probability``
        (float), ``fraction`` (exact)) instead of a dict.

    Returns
    -------
    dict or pandas.DataFrame
        ``{points: Fraction}`` sorted by points, or the DataFrame.

    Examples
    --------
    >>> d = roll_distribution(2)
    >>> d[0], d[6]
    (Fraction(5, 6), Fraction(1, 36))
    >>> roll_distribution(2, beekin=True)[0]        # 20/36: no two faces equal or adjacent
    Fraction(5, 9)
    >>> df = roll_distribution(5, beekin=True, as_frame=True)
    >>> int(df.ways.sum()), df.fraction.sum()
    (7776, Fraction(1, 1))
    """
    as_frame = check_bool("as_frame", as_frame)
    outcomes = roll_outcomes(n_dice, beekin=beekin, sides=sides, bonus=bonus)
    dist: dict[int, Fraction] = {}
    for o in outcomes:
        pts = o.best_for_points().points
        dist[pts] = dist.get(pts, Fraction(0)) + o.probability
    dist = dict(sorted(dist.items()))
    if not as_frame:
        return dist
    import pandas as pd

    total = int(sides) ** int(n_dice)
    return pd.DataFrame({"points": list(dist), "ways": [int(p * total) for p in dist.values()],
                         "probability": [float(p) for p in dist.values()],
                         "fraction": list(dist.values())})


# ---------------------------------------------------------------- compiled model
@dataclass(frozen=True)
class TransitionModel:
    """The roll model of a whole turn in array form (built by :func:`transition_model`).

    A *state* is ``(dice to roll, Beekin available)``; ``states[i]`` lists
    them; ``state_index`` maps back. For a roll from state ``i``:

    * ``outcomes[i]`` are its :class:`RollOutcome` objects (``classes`` in
      the text), with ``prob[i]`` their probabilities as floats;
    * ``opt_points[i]``, ``opt_state[i]`` (``(n_classes, n_choices)`` int
      arrays) give each choice's points and the state it leads to (``-1`` for
      a Furcle; padding repeats the first choice); ``opt_beekin[i]`` is the
      face raised (``0``: no Beekin).

    ``sure[i]`` is True when no roll from state ``i`` can end in a Furcle
    (every outcome has a scoring choice), ``furcle[i]`` the probability that
    every choice is a Furcle, ``max_points`` the most points of one roll.

    One model is kept per rule set and shared by every solver, so it cannot
    change: its arrays are read-only, ``bonus`` and ``state_index`` are
    read-only mappings.
    """

    n_dice: int
    sides: int
    bonus: Mapping[int, int]
    beekin: bool
    states: tuple[tuple[int, bool], ...]
    state_index: Mapping[tuple[int, bool], int]
    outcomes: tuple[tuple[RollOutcome, ...], ...]
    prob: tuple[npt.NDArray[np.float64], ...]
    opt_points: tuple[npt.NDArray[np.int64], ...]
    opt_state: tuple[npt.NDArray[np.int64], ...]
    opt_beekin: tuple[npt.NDArray[np.int64], ...]
    sure: npt.NDArray[np.bool_]
    furcle: npt.NDArray[np.float64]
    max_points: int

    @property
    def start(self) -> int:
        """Index of the state at the start of a turn (all dice, Beekin if the game allows it)."""
        return self.state_index[(self.n_dice, self.beekin)]


@lru_cache(maxsize=16)
def _model(n: int, sides: int, bonus_key: tuple[tuple[int, int], ...], beekin: bool) -> TransitionModel:
    states = tuple((k, b) for k in range(2, n + 1) for b in ((False, True) if beekin else (False,)))
    index = {s: i for i, s in enumerate(states)}
    outs: list[tuple[RollOutcome, ...]] = []
    probs: list[npt.NDArray[np.float64]] = []
    pts: list[npt.NDArray[np.int64]] = []
    nxt: list[npt.NDArray[np.int64]] = []
    bee: list[npt.NDArray[np.int64]] = []
    sure, furcle = np.zeros(len(states), bool), np.zeros(len(states))
    max_points = 0
    for i, (k, b) in enumerate(states):
        classes = _outcomes(k, b, sides, bonus_key)
        width = max(len(o.choices) for o in classes)
        p = np.zeros((len(classes), width), np.int64)
        s = np.zeros((len(classes), width), np.int64)
        f = np.zeros((len(classes), width), np.int64)
        for c, o in enumerate(classes):
            row = list(o.choices) + [o.choices[0]] * (width - len(o.choices))
            for j, ch in enumerate(row):
                p[c, j] = ch.points
                used = b and ch.beekin is not None
                s[c, j] = -1 if ch.points == 0 else index[(ch.next_dice, b and not used)]
                f[c, j] = 0 if ch.beekin is None else ch.beekin
        scoring = cast("npt.NDArray[np.bool_]", (p > 0).any(axis=1))   # one flag per row of p
        pr = np.array([float(o.probability) for o in classes])
        sure[i] = bool(scoring.all())
        furcle[i] = float(sum((o.probability for o, sc in zip(classes, scoring) if not sc), Fraction(0)))
        max_points = max(max_points, int(p.max()))
        outs.append(classes)
        probs.append(pr)
        pts.append(p)
        nxt.append(s)
        bee.append(f)
    for a in (*probs, *pts, *nxt, *bee, sure, furcle):     # complete: kept and shared from here on
        a.flags.writeable = False
    return TransitionModel(n, sides, FrozenDict(bonus_key), beekin, states, FrozenDict(index), tuple(outs),
                           tuple(probs), tuple(pts), tuple(nxt), tuple(bee), sure, furcle, max_points)


def transition_model(n_dice: int = 5, *, sides: int = 6, bonus: Mapping[int, int] | None = None,
                     beekin: bool = True) -> TransitionModel:
    """The compiled roll model of a turn (cached): states, outcome classes, choices.

    The same :class:`TransitionModel` is returned for the same rules (it is
    read-only, see there).

    Examples
    --------
    >>> m = transition_model()
    >>> m.states[m.start], len(m.outcomes[m.start])
    ((5, True), 252)
    >>> [s for s, sure in zip(m.states, m.sure) if sure]     # Beekin makes 4 or 5 dice safe
    [(4, True), (5, True)]
    """
    n, m, table, b = _check_params(n_dice, sides, bonus, beekin)
    if n < 2:
        raise ValueError(f"n_dice must be at least 2 for a turn of Oh Furcle!, got {excerpt(n_dice)}")
    return _model(n, m, _bonus_key(table), b)


def transitions_frame(n_dice: int, *, beekin: bool = False, sides: int = 6,
                      bonus: Mapping[int, int] | None = None) -> pd.DataFrame:
    """One row per (outcome class, choice): faces, probability, Beekin face, points, next dice.

    ``beekin`` is the face raised by 1 (0: no Beekin); ``points == 0`` is a Furcle.

    >>> df = transitions_frame(2, beekin=True)
    >>> df[df.faces == (1, 2)][["beekin", "points", "next_dice"]].values.tolist()
    [[0, 0, 0], [1, 2, 2], [2, 0, 0]]
    """
    import pandas as pd

    rows = []
    for o in roll_outcomes(n_dice, beekin=beekin, sides=sides, bonus=bonus):
        for c in o.choices:
            rows.append({"faces": o.faces, "probability": float(o.probability), "fraction": o.probability,
                         "beekin": 0 if c.beekin is None else c.beekin, "after": c.faces,
                         "points": c.points, "next_dice": c.next_dice})
    return pd.DataFrame(rows)
