"""Exact probabilities of The Furglars' captures: the Furgles a roll takes, those an opponent's roll leaves you.

And the Bullion Points a turn earns from them. Re-exported by :mod:`furlib.furglars.analysis`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ..core.errors import check_int
from .analysis_rolls import MAX_ROLL, count_distribution, roll_probabilities
from .faces import DEFAULT_FACES

__all__ = ["capture_distribution", "expected_capture", "survival_distribution", "expected_points_per_turn"]


def _check_available(available: object) -> int | None:
    if available is None:
        return None
    return check_int("available", available, low=0)


def capture_distribution(k: int, available: int | None = None,
                         faces: Sequence[str] = DEFAULT_FACES) -> dict[int, Fraction]:
    """Exact distribution of the Furgles on your card after one roll of ``k`` dice.

    The model: your card is empty; the other players hold ``available``
    Furgles and no Lock (``None``: more than you could ever steal); you
    keep every Furgle you roll and each Hand steals one Furgle while any
    are left. So you end with ``F + min(H, available)`` Furgles, where
    ``F`` and ``H`` are the Furgles and Hands of the roll (multinomial).
    Without the X factor a turn has one roll, so this is also per turn.

    Parameters
    ----------
    k : int
        Dice you roll (0 to 60).
    available : int, optional
        Unprotected Furgles on the other players' cards.
    faces : sequence of str
        The faces of one die.

    Returns
    -------
    dict
        ``{furgles: Fraction}``, values adding up to 1.

    Examples
    --------
    >>> {n: str(p) for n, p in capture_distribution(1).items()}       # Furgle or Hand: 1/3 + 1/3
    {0: '1/3', 1: '2/3'}
    >>> {n: str(p) for n, p in capture_distribution(1, available=0).items()}
    {0: '2/3', 1: '1/3'}
    """
    available = _check_available(available)
    out: dict[int, Fraction] = {}
    for (f, _, h, _), p in roll_probabilities(k, faces).items():
        got = f + (h if available is None else min(h, available))
        out[got] = out.get(got, Fraction(0)) + p
    return dict(sorted(out.items()))


def expected_capture(k: int, available: int | None = None, faces: Sequence[str] = DEFAULT_FACES) -> Fraction:
    """Expected Furgles captured by one roll of ``k`` dice (the model of :func:`capture_distribution`).

    With unlimited unprotected Furgles to steal it is ``k * (p_furgle + p_hand)``
    (``2k/3`` with the default die); with ``available`` Furgles it is
    ``k * p_furgle + E[min(H, available)]``.

    >>> expected_capture(8)
    Fraction(16, 3)
    >>> expected_capture(8, available=0)           # only the Furgles rolled: 8/3
    Fraction(8, 3)
    """
    return sum((n * p for n, p in capture_distribution(k, available, faces).items()), Fraction(0))


def survival_distribution(furgles: int, locks: int, thief_dice: int,
                          faces: Sequence[str] = DEFAULT_FACES) -> dict[int, Fraction]:
    """Exact distribution of your Furgles left after one opponent's roll of ``thief_dice`` dice.

    The model: you are the opponent's only target and they play like
    :class:`~furlib.furglars.bots.GreedyThief`: with ``H`` Hands, if
    ``H > locks`` they break all your Locks and steal ``min(furgles, H - locks)``
    Furgles; otherwise they steal nothing. (Their own Furgles and Locks do
    not matter to you.)

    Parameters
    ----------
    furgles, locks : int
        What is on your card (0 to 60 each).
    thief_dice : int
        Dice the opponent rolls (0 to 60).
    faces : sequence of str
        The faces of one die.

    Returns
    -------
    dict
        ``{furgles kept: Fraction}``, values adding up to 1.

    Examples
    --------
    >>> {n: str(p) for n, p in survival_distribution(1, 0, 1).items()}     # a Hand steals it: 1/3
    {0: '1/3', 1: '2/3'}
    >>> survival_distribution(2, 1, 1)           # one Hand cannot break the Lock and steal
    {2: Fraction(1, 1)}
    """
    furgles = check_int("furgles", furgles, low=0, high=MAX_ROLL)
    locks = check_int("locks", locks, low=0, high=MAX_ROLL)
    out: dict[int, Fraction] = {}
    for h, p in count_distribution(thief_dice, "hand", faces).items():
        kept = furgles - min(furgles, max(0, h - locks))
        out[kept] = out.get(kept, Fraction(0)) + p
    return dict(sorted(out.items()))


def expected_points_per_turn(k: int, available: int = 0, total_dice: int = 10,
                             faces: Sequence[str] = DEFAULT_FACES, chart: Any = None) -> Fraction:
    """Expected Bullion Points a turn earns in a 2-player game, in a stated simple setting.

    The model (exact, X factor off): you roll ``k`` dice while your
    opponent holds ``available`` Furgles and no Lock; you keep the Furgles
    and Locks you roll and steal with your Hands
    (:func:`capture_distribution`). Every other die of the ``total_dice``
    in play then goes to your opponent, who rolls them all and plays like
    :class:`~furlib.furglars.bots.GreedyThief` against you
    (:func:`survival_distribution`). At your next turn you cash in the
    Furgles left, by the Bullion ``chart``. The first turn of a 2-player
    game is ``k = 5, available = 0, total_dice = 10``.

    Parameters
    ----------
    k : int
        Dice you roll (1 to 60).
    available : int, default 0
        Unprotected Furgles on your opponent's card.
    total_dice : int, default 10
        Dice in play; at least ``k + available``.
    faces : sequence of str
        The faces of one die.
    chart : dict or callable, optional
        Bullion chart as for :class:`~furlib.furglars.game.Furglars`
        (default: 1 point per Furgle).

    Returns
    -------
    fractions.Fraction
        Expected points cashed in at your next turn.

    Examples
    --------
    >>> expected_points_per_turn(1, total_dice=2)      # keep a Furgle (1/3) the opponent's die doesn't steal (2/3)
    Fraction(2, 9)
    >>> round(float(expected_points_per_turn(5)), 4)   # a 2-player game's first turn
    0.6552
    """
    from .faces import check_chart

    k = check_int("k", k, low=1, high=MAX_ROLL)
    available = check_int("available", available, low=0)
    total_dice = check_int("total_dice", total_dice, low=1, high=MAX_ROLL)
    if k + available > total_dice:
        raise ValueError(f"total_dice must be at least k + available = {k + available} (your dice and the "
                         f"Furgles on your opponent's card), got total_dice={total_dice}")
    table = check_chart(chart, total_dice)
    total = Fraction(0)
    for (f, lk, h, _), p in roll_probabilities(k, faces).items():
        mine = f + min(h, available)
        for kept, q in survival_distribution(mine, lk, total_dice - mine - lk, faces).items():
            total += p * q * table[kept]
    return total
