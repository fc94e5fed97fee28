"""The Furglars' checks: the parameters, an explicit roll, why an action is refused, the invariants.

:func:`checked_params` validates a new game's parameters (each error names
the value and what is accepted) and remembers the result for games like an
earlier one. :class:`FurglarsChecks` is a mixin of
:class:`furlib.furglars.Furglars`: its ``_check_chance`` and ``_why_illegal``
explain a refused action, and ``check_invariants`` what must always hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from ..core.errors import IllegalAction, check_bool, check_int, excerpt
from ..core.words import act, plural, possessive
from .actions import BreakLock, Roll, StealFurgle
from .faces import DEFAULT_FACES, KINDS, Chart, ChartTable, check_chart, check_faces

__all__ = ["MAX_DICE_PER_PLAYER", "DEFAULT_DICE", "checked_params", "FurglarsChecks"]

MAX_DICE_PER_PLAYER = 10
DEFAULT_DICE = {2: 5, 3: 4, 4: 4, 5: 4, 6: 3}

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
            and (faces is DEFAULT_FACES or type(faces) in (tuple, list) and all(type(f) is str for f in faces))):
        key = (cls, players, dice_per_player, tuple(faces), target, x_factor)
        setup = _SETUPS.get(key)
        if setup is not None:
            return setup
    n = len(players)
    if dice_per_player is None:
        dice_per_player = DEFAULT_DICE[n]
    dice_per_player = check_int("dice_per_player", dice_per_player, low=1, high=MAX_DICE_PER_PLAYER)
    checked_faces = check_faces(faces)
    face_codes = tuple(1 << 6 * KINDS.index(f) for f in checked_faces)   # a roll's counts, added up
    target_actions = tuple((BreakLock(p), StealFurgle(p)) for p in players)
    if "furgle" not in checked_faces:
        raise ValueError(f"faces must include a 'furgle', or nobody could ever score; got faces={excerpt(list(faces))}")
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
    target = check_int("target", 21 if n == 2 and target is None else 15 if target is None else target, low=1)
    x_factor = check_bool("x_factor", x_factor)
    seat_of = {p: i for i, p in enumerate(players)}   # name -> seat
    others = tuple(tuple((seat + d) % n for d in range(1, n)) for seat in range(n))
    setup = (dice_per_player, checked_faces, face_codes, target_actions, table, target, x_factor, seat_of, others)
    if key is not None:
        if len(_SETUPS) >= _CACHE_SIZE:
            _SETUPS.clear()
        _SETUPS[key] = setup
    return setup


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
            return f"{action} is a roll of the dice, but {me} must decide how to use the Hands now."
        if isinstance(action, (BreakLock, StealFurgle)):
            p = action.player
            if p not in self._players:
                return f"there is no player {p!r}; players are {list(self._players)}."
            if p == me:
                return f"{me} cannot use a Hand on {'your' if me == 'You' else 'their'} own card."
            j = self._players.index(p)
            if isinstance(action, BreakLock):
                return act(p, "has no Lock to break.")
            if s["locks"][j]:
                return (f"{possessive(p)} Furgles are protected by {plural(s['locks'][j], 'Lock')}: "
                        "break them first.")
            return act(p, "has no Furgle to steal.")
        return (f"{action!r} is not a Furglars action (expected BreakLock(player), StealFurgle(player) "
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
