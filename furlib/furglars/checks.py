"""The Furglars' checks: the parameters, an explicit roll, why an action is refused, the invariants.

:func:`checked_params` validates a new game's parameters (each error names
the value and what is accepted) and remembers the result for games like an
earlier one. :class:`FurglarsChecks` is a mixin of
:class:`furlib.furglars.Furglars`: its ``_check_chance`` and ``_why_illegal``
explain a refused action, and ``check_invariants`` what must always hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any, cast

from ..core.errors import IllegalAction, check_bool, check_int, excerpt
from ..core.words import act, plural, possessive
from .actions import BreakLock, Roll, StealFurgle
from .faces import DEFAULT_FACES, KINDS, MAX_FACES, Chart, ChartTable, check_chart, check_faces

__all__ = ["MAX_DICE_PER_PLAYER", "DEFAULT_DICE", "MAX_TARGET", "MIN_SCORING_CHANCE", "MIN_POINTS_PER_FURGLE",
           "checked_params", "FurglarsChecks"]

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

#: A game's checked parameters: ``(dice_per_player, faces, face_codes, target_actions, chart, target, x_factor,
#: seat_of, others)``.
Setup = tuple[int, tuple[str, ...], tuple[int, ...], tuple[tuple[BreakLock, StealFurgle], ...], ChartTable, int, bool,
              dict[str, int], tuple[tuple[int, ...], ...]]
#: Checked parameters, by the arguments they came from (games with the default chart only).
_SETUPS: dict[tuple[object, ...], Setup] = {}
_CACHE_SIZE = 4096


def checked_params(cls: type, players: tuple[str, ...], dice_per_player: int | None, faces: Sequence[str],
                   chart: Chart | None, target: int | None, x_factor: bool) -> Setup:
    """A new ``cls`` game's parameters, checked: ``(dice_per_player, faces, face_codes, target_actions,
    chart, target, x_factor, seat_of, others)``.

    ``face_codes`` gives each face of the die a number, ``1 << 6 * k`` for
    the face's kind ``k`` (its place in :data:`~furlib.furglars.faces.KINDS`),
    so the codes of the faces a roll shows add up to its counts per kind, 6
    bits each (:func:`~furlib.furglars.actions.counts_of_code`; a roll has at
    most ``MAX_PLAYERS * MAX_DICE_PER_PLAYER``, 60, dice). ``seat_of`` gives
    each player's seat by name, and ``others[seat]`` the other seats in the
    order they play after ``seat`` (its left first).

    The result depends only on the arguments: a game like an earlier one takes
    its checked parameters (the default chart only; plain ints and bools, so 1
    and True stay apart). The chart in it is a :class:`ChartTable`, which
    cannot change, so games share it.

    Raises
    ------
    ValueError
        Naming the bad value and what is accepted.
    """
    key: tuple[object, ...] | None = None
    if (chart is None and type(x_factor) is bool and (dice_per_player is None or type(dice_per_player) is int)
            and (target is None or type(target) is int)
            and (faces is DEFAULT_FACES or type(faces) in (tuple, list) and len(faces) <= MAX_FACES
                 and all(type(f) is str for f in faces))):
        key = (cls, players, dice_per_player, tuple(faces), target, x_factor)
        setup = _SETUPS.get(key)
        if setup is not None:
            return setup
    n = len(players)
    if dice_per_player is None:
        dice_per_player = DEFAULT_DICE[n]
    dice_per_player = check_int("dice_per_player", dice_per_player, low=1, high=MAX_DICE_PER_PLAYER)
    target = check_int("target", 21 if n == 2 and target is None else 15 if target is None else target, low=1)
    if target > MAX_TARGET:
        raise ValueError(f"target must be between 1 and {MAX_TARGET} (MAX_TARGET: a game to it ends well within "
                         f"Game.MAX_STEPS), got {excerpt(target)}")
    x_factor = check_bool("x_factor", x_factor)
    checked_faces = check_faces(faces)
    face_codes = tuple(1 << 6 * KINDS.index(f) for f in checked_faces)   # a roll's counts, added up
    target_actions = tuple((BreakLock(p), StealFurgle(p)) for p in players)
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
    seat_of = {p: i for i, p in enumerate(players)}   # name -> seat
    others = tuple(tuple((seat + d) % n for d in range(1, n)) for seat in range(n))
    setup = (dice_per_player, checked_faces, face_codes, target_actions, table, target, x_factor, seat_of, others)
    if key is not None:
        if len(_SETUPS) >= _CACHE_SIZE:
            _SETUPS.clear()
        _SETUPS[key] = setup
    return setup


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


class FurglarsChecks:
    """Why an action is refused, and the invariants, of :class:`furlib.furglars.Furglars` (a mixin)."""

    # what the checks read of the game (set by Game and Furglars, the properties in FurglarsViews)
    _players: tuple[str, ...]
    _state: dict[str, Any]
    _faces: tuple[str, ...]
    _dice_per_player: int
    _target: int

    if TYPE_CHECKING:  # pragma: no cover
        @property
        def current_player(self) -> str | None: ...
        @property
        def dice_to_roll(self) -> int: ...
        @property
        def total_dice(self) -> int: ...
        @property
        def dice_locations(self) -> dict[str, int]: ...
        @property
        def dice_in_play(self) -> int: ...
        def _legal_actions(self) -> list[object]: ...

    def _check_chance(self, action: object) -> None:
        k = self.dice_to_roll
        me = cast(str, self.current_player)   # Game checks the game is not over first: someone rolls
        example = Roll(tuple(self._faces[i % len(self._faces)] for i in range(k)))
        if not isinstance(action, Roll):
            raise IllegalAction(act(me, f"is about to roll {plural(k, 'die')}: call step() to roll them, or give "
                                    f"the faces, e.g. apply({excerpt(example)}); got {excerpt(action)}."))
        faces = action.faces
        if not isinstance(faces, tuple) or len(faces) != k:
            raise IllegalAction(act(me, f"rolls {plural(k, 'die')}, so give {plural(k, 'face')}; "
                                    f"got {excerpt(faces)}."))
        for f in faces:
            if f not in self._faces:
                raise IllegalAction(f"each face must be one on the die, {sorted(set(self._faces), key=KINDS.index)}; "
                                    f"got {excerpt(f)} in {excerpt(faces)}.")

    def _why_illegal(self, action: object) -> str:
        s = self._state
        me = cast(str, self.current_player)   # Game checks the game is not over first: someone decides
        if isinstance(action, Roll):
            text = str(action)
            text = text if len(text) <= 60 else text[:56] + " ..."
            return f"{text} is a roll of the dice, but {me} must decide how to use the Hands now."
        if isinstance(action, (BreakLock, StealFurgle)):
            p = action.player
            if p not in self._players:
                return f"there is no player {excerpt(p)}; players are {list(self._players)}."
            if p == me:
                return f"{me} cannot use a Hand on {'your' if me == 'You' else 'their'} own card."
            j = self._players.index(p)
            if isinstance(action, BreakLock):
                return act(p, "has no Lock to break.")
            if s["locks"][j]:
                return (f"{possessive(p)} Furgles are protected by {plural(s['locks'][j], 'Lock')}: "
                        "break them first.")
            return act(p, "has no Furgle to steal.")
        return (f"{excerpt(action)} is not a Furglars action (expected BreakLock(player), StealFurgle(player) "
                f"or Done()).")

    def check_invariants(self) -> None:
        s = self._state
        n = len(self._players)
        assert s["phase"] in ("roll", "hands", "over"), s["phase"]
        counts = s["front"] + s["furgles"] + s["locks"] + list(s["pile"].values())
        assert all(isinstance(x, int) and x >= 0 for x in counts + [s["unused"]]), counts
        assert self.dice_in_play == self.total_dice, self.dice_locations
        assert s["unused"] <= s["pile"]["hand"]
        assert all(x >= 0 for x in s["scores"])
        assert (s["winner"] is not None) == (s["phase"] == "over")
        cur = s["current"]
        for j in range(n):
            if j != cur:  # dice rest in front of a player only before their first roll
                assert s["front"][j] in (0, self._dice_per_player), s["front"]
        if s["phase"] == "roll":
            assert s["front"][cur] > 0
            assert s["unused"] == 0
            if not s["bonus"]:
                assert sum(s["pile"].values()) == 0 and s["furgles"][cur] == s["locks"][cur] == 0
        if s["phase"] == "hands":
            assert s["front"][cur] == 0 and s["unused"] > 0 and len(self._legal_actions()) > 1
        if s["phase"] == "over":
            assert s["scores"][s["winner"]] >= self._target
        assert sum(x >= self._target for x in s["scores"]) <= 1
