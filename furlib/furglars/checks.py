"""The Furglars' parameters and their limits: :func:`check_params` checks a new game's (each error names
the value and what is accepted), and :func:`check_pace` refuses a chart too mean for a game to end in time."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

from ..core.errors import check_bool, check_int, excerpt
from ..core.words import plural
from .faces import Chart, ChartTable, check_chart, check_faces

__all__ = ["MAX_DICE_PER_PLAYER", "DEFAULT_DICE", "MAX_TARGET", "MIN_SCORING_CHANCE", "MIN_POINTS_PER_FURGLE",
           "check_params", "check_pace"]

#: The most dice a player starts with.
MAX_DICE_PER_PLAYER = 10
DEFAULT_DICE = {2: 5, 3: 4, 4: 4, 5: 4, 6: 3}
#: The largest target (``Furglars(target=...)``; the settings panel offers 1 to this). With the printed die and
#: chart a game to it ends well within ``Game.MAX_STEPS`` (100,000 actions): with 1 die each, the longest of 100
#: seeded games with Mastermind or RandomBot for every player took about 1,500 actions with 2 players and
#: 4,100 with 6; with the slowest die and chart these rules allow, about 30,000.
MAX_TARGET = 200
#: The least chance, 1 in 6, that one die shows a Furgle, and that a player's own dice (``dice_per_player`` of
#: them, rolled at once) show a number of Furgles that pays: below it a game to the target could run past
#: ``Game.MAX_STEPS``.
MIN_SCORING_CHANCE = Fraction(1, 6)
#: The least a chart pays, 1 point for every 4 Furgles, for each number of Furgles from the smallest that pays
#: up to the most a card can cash in: a chart paying less (1 point for 30 Furgles) could make a game to the
#: target run past ``Game.MAX_STEPS``.
MIN_POINTS_PER_FURGLE = Fraction(1, 4)
#: Why a slow game is refused, at the end of its message.
_TOO_SLOW = "a game to the target could run past the 100,000 actions a game may hold"

def check_params(players: int, dice_per_player: int | None, faces: Sequence[str], chart: Chart | None,
                 target: int | None, x_factor: bool) -> tuple[int, tuple[str, ...], ChartTable, int, bool]:
    """A game's parameters for ``players`` seats, checked: ``(dice_per_player, faces, chart, target, x_factor)``,
    the chart a :class:`ChartTable` (it cannot change).

    Raises
    ------
    ValueError
        Naming the bad value and what is accepted (the limits keep a game short enough to finish).
    """
    n = players
    if dice_per_player is None:
        dice_per_player = DEFAULT_DICE[n]
    dice_per_player = check_int("dice_per_player", dice_per_player, low=1, high=MAX_DICE_PER_PLAYER)
    target = check_int("target", 21 if n == 2 and target is None else 15 if target is None else target, low=1)
    if target > MAX_TARGET:
        raise ValueError(f"target must be between 1 and {MAX_TARGET} (MAX_TARGET: a game to it ends well within "
                         f"Game.MAX_STEPS), got {excerpt(target)}")
    x_factor = check_bool("x_factor", x_factor)
    checked_faces = check_faces(faces)
    furgle_faces = checked_faces.count("furgle")
    if not furgle_faces:
        raise ValueError(f"faces must include a 'furgle', or nobody could ever score; "
                         f"got faces={excerpt(list(checked_faces))}")
    share = Fraction(furgle_faces, len(checked_faces))
    if share < MIN_SCORING_CHANCE:
        raise ValueError(f"at least 1 face in 6 must be a 'furgle', or {_TOO_SLOW}; got "
                         f"{furgle_faces} in {len(checked_faces)}: faces={excerpt(list(checked_faces))}")
    table = ChartTable(check_chart(chart, n * dice_per_player))
    # Dice change hands only as Hands and Xs passed on (and what Hands take): without those faces
    # every player keeps their own dice, so one cash-in is at most dice_per_player Furgles.
    most = n * dice_per_player if {"hand", "x"} & set(checked_faces) else dice_per_player
    if not any(table[k] for k in range(1, most + 1)):
        why = ("with no Hand or X on the faces nobody's dice ever move, so a player cashes in at most "
               f"{plural(most, 'Furgle')} at once" if most == dice_per_player
               else f"at most {plural(most, 'Furgle')} can be cashed in at once")
        raise ValueError(f"nobody could ever score: {why}, and the chart pays 0 for "
                         f"{'that' if most == 1 else 'each of those counts'}; "
                         "pay at least 1 point for some count, or change the faces or the dice")
    check_pace(table, most, dice_per_player, share)
    return dice_per_player, checked_faces, table, target, x_factor


def check_pace(chart: dict[int, int], most: int, dice: int, share: Fraction) -> None:
    """Refuse a chart that pays too little for a game to end in time (a ValueError saying why).

    From the smallest number of Furgles that pays (``first``) up to ``most``,
    the most a card can cash in at once, every number ``c`` of Furgles must
    pay at least ``c * MIN_POINTS_PER_FURGLE`` points (so at least 1); and a
    player's own ``dice``, each a Furgle with chance ``share``, must show at
    least ``first`` Furgles with chance ``MIN_SCORING_CHANCE`` or more.

    >>> check_pace({0: 0, 1: 0, 2: 1, 3: 1, 4: 2}, 4, 2, Fraction(1, 2))   # 2 Furgles of 2 dice: chance 1/4
    >>> check_pace({0: 0, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1}, 5, 5, Fraction(1, 3))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the chart pays too little: 5 Furgles pay 1 point; each number of Furgles from 1 (the first ...
    """
    first = next(c for c in range(1, most + 1) if chart[c])
    for c in range(first, most + 1):
        if chart[c] < c * MIN_POINTS_PER_FURGLE:
            raise ValueError(f"the chart pays too little: {plural(c, 'Furgle')} {'pays' if c == 1 else 'pay'} "
                             f"{plural(chart[c], 'point')}; each number of Furgles from {first} (the first that "
                             f"pays) to {most} must pay at least 1 point for every 4 Furgles, "
                             f"or {_TOO_SLOW}")
    q = 1 - share
    chance = sum(comb(dice, c) * share ** c * q ** (dice - c) for c in range(first, dice + 1))
    if chance < MIN_SCORING_CHANCE:
        raise ValueError(f"the chart pays nothing for fewer than {plural(first, 'Furgle')}, and a player's own "
                         f"{plural(dice, 'die')} show that many with chance {float(chance):.3f}, less than 1 in 6, "
                         f"so {_TOO_SLOW}: pay for fewer Furgles, or give more dice or "
                         "Furgle faces")
