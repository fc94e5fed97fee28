"""The Furglars: the rules engine (no display code).

Rulings from ``RULES.md`` are the defaults; the ones marked (param) there are
constructor keywords. Die faces, the Bullion chart and the words for rolls
live in :mod:`furlib.furglars.faces`; the actions in
:mod:`furlib.furglars.actions`, the read-only properties in
:mod:`furlib.furglars.views`, the checks of parameters, refused actions and
invariants in :mod:`furlib.furglars.checks`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from ..core.engine.fixed import fixed
from ..core.engine.game import Game
from ..core.errors import IllegalAction
from ..core.words import act, join_words, named, plural, possessive
from . import events as ev
from .actions import (
    _ACTION_KINDS,
    _BY_CODE,
    _COUNTS,
    _DONE,
    ACTIONS,
    BreakLock,
    Done,
    Roll,
    StealFurgle,
    _counts_of,
    _roll_of_code,
    _roll_outcomes,
)

# DEFAULT_DICE, MAX_DICE_PER_PLAYER and the other limits are importable from this module too.
from .checks import (  # noqa: F401
    DEFAULT_DICE,
    MAX_DICE_PER_PLAYER,
    MAX_TARGET,
    MIN_POINTS_PER_FURGLE,
    MIN_SCORING_CHANCE,
    FurglarsChecks,
    checked_params,
)
from .faces import DEFAULT_FACES, KINDS, Chart, ChartTable, describe_counts, describe_pile
from .views import FurglarsViews


# ------------------------------------------------------------------------ game
class Furglars(FurglarsViews, FurglarsChecks, Game):
    """The Furglars: capture, steal and protect Furgles, cash them in for Bullion.

    A turn: (1) cash in every Furgle on your card by the Bullion chart (reach
    the target and you win at once); those dice and every Lock on your card
    join the dice in front of you; (2) roll all the dice in front of you
    (none: the turn passes); (3) Furgles and Locks you roll go on your card;
    (4) each Hand may break one Lock of another player or steal one Furgle
    from a player with no Lock left; (5) everything not on your card (Hands,
    Xs, broken Locks) passes to the next player.

    Parameters
    ----------
    players : int or list of str, default 3
        How many players (2 to 6), or their names; the next player is the
        one after you in this list (your left).
    dice_per_player : int, optional
        Dice each player starts with (1 to ``MAX_DICE_PER_PLAYER``, 10);
        default 5 with 2 players, 4 with 3-5, 3 with 6. The dice in play
        stay the same all game.
    faces : sequence of str, default ``("furgle", "furgle", "lock", "hand", "hand", "x")``
        The faces of every die, 1 to ``MAX_FACES`` (24), each one of
        ``"furgle"``, ``"lock"``, ``"hand"``, ``"x"`` written exactly so; all
        faces are equally likely, and at least 1 face in 6 is a Furgle
        (``MIN_SCORING_CHANCE``). Read lazily: no more than ``MAX_FACES + 1``
        items are read.
    chart : dict or callable, optional
        Bullion chart: points for cashing in n Furgles at once, as a dict
        ``{n: points}`` covering every n from 1 to the dice in play (at most
        ``MAX_CHART_ENTRIES``, 61, entries, keys 0 to 60), or a function of
        n (tabulated when the game starts). Points are whole numbers (ints,
        no floats) from 0 to ``MAX_CHART_POINTS`` (10**9). Default: 1 point
        per Furgle. See the Notes for how little a chart may pay.
    target : int, optional
        Points that win, checked right after cashing in: 1 to ``MAX_TARGET``
        (200); default 15, or 21 with 2 players.
    x_factor : bool, default False
        The optional "X" Factor: roll only Xs and every other player gives
        you the Locks on their card, which you roll at once as a bonus roll.
    seed : int, optional
        Seed of the game's own random generator: same seed and same
        decisions, same game.

    Notes
    -----
    Rulings (``RULES.md``): the die faces and the chart are parameters (the
    printed ones are not in the text); Hands may be left unused and may
    target several players in any order; a broken Lock joins your pass pile;
    you never break your own Locks or steal from yourself; the X factor
    needs at least one die rolled and at least one Lock on another card.
    When no Hand can be used the turn ends by itself.

    Limits that keep every game short enough to finish (within
    ``Game.MAX_STEPS``), each checked before the game is made: the target
    is at most ``MAX_TARGET``; at least 1 face in 6 is a Furgle; from the
    smallest number of Furgles the chart pays for, up to the most a card can
    cash in, every number ``c`` of Furgles pays at least ``c / 4`` points
    (``MIN_POINTS_PER_FURGLE``); and a player's own dice show a number of
    Furgles that pays with a chance of at least 1 in 6
    (``MIN_SCORING_CHANCE``).

    Examples
    --------
    >>> g = Furglars(["Kenzie", "Sofia", "Quinn"], seed=1)
    >>> g.apply(Roll(("furgle", "furgle", "hand", "x"))).current_player   # a rigged roll
    'Sofia'
    >>> g.furgles["Kenzie"], g.dice_in_front["Sofia"]
    (2, 6)
    >>> print(g.log())
       1  Kenzie rolls 4 dice: 2 Furgles, 1 Hand and 1 X
       1  Kenzie keeps 2 Furgles on the card and passes 2 dice to Sofia: 1 unused Hand and 1 X
    """

    ACTIONS = ACTIONS
    EVENT_FIELDS = ("faces", "bonus", *KINDS, "dice", "furgles", "locks", "points", "target", "to")
    #: The history shows the roll's counts, a Hand's target and the points cashed in (the rest is in ``events``).
    HISTORY_FIELDS = (*KINDS, "target", "points")
    MIN_PLAYERS = 2
    CHANCE_PHASE = "roll"
    MAX_PLAYERS = 6

    # kept by the fixed properties below (dice_per_player, faces and target: see FurglarsChecks)
    _x_factor: bool
    _chart: ChartTable

    dice_per_player = fixed("dice_per_player", "Dice each player starts with (fixed when the game is made).")
    faces = fixed("faces", "The die's faces, as a tuple of kinds (fixed when the game is made).")
    target = fixed("target", "Bullion Points that win (fixed when the game is made).")
    x_factor = fixed("x_factor", "Whether the X Factor variant is played (fixed when the game is made).")
    chart = fixed("chart", "The Bullion chart ``{number of Furgles: points}``, a "
                  "``ChartTable`` (:mod:`furlib.furglars.faces`) fixed when the game is made.")

    def __init__(
        self,
        players: int | Sequence[str] = 3,
        *,
        dice_per_player: int | None = None,
        faces: Sequence[str] = DEFAULT_FACES,
        chart: Chart | None = None,
        target: int | None = None,
        x_factor: bool = False,
        seed: int | None = None,
    ):
        super().__init__(players, seed=seed)
        (self.dice_per_player, self.faces, self._face_codes, self._target_actions, chart_table,
         self.target, self.x_factor, self._seat_of, self._others) = checked_params(
            type(self), self.players, dice_per_player, faces, chart, target, x_factor)
        self.chart = chart_table   # a ChartTable: it cannot change, so games share it
        self._start()

    # ------------------------------------------------------------- state
    def _params(self) -> dict[str, Any]:
        return {"players": list(self._players), "dice_per_player": self._dice_per_player,
                "faces": list(self._faces), "chart": {str(k): v for k, v in self._chart.items()},
                "target": self._target, "x_factor": self._x_factor}

    def _new_state(self) -> dict[str, Any]:
        # the first turn has begun: the first player has dice to roll and nothing to cash in or take back
        n = len(self._players)
        return {"turn": 1, "current": 0, "phase": "roll", "scores": [0] * n,
                "front": [self._dice_per_player] * n, "furgles": [0] * n, "locks": [0] * n,
                "pile": {"hand": 0, "x": 0, "lock": 0}, "unused": 0, "bonus": False,
                "roll": [], "winner": None}

    # ------------------------------------------------------------- rules
    def _legal_actions(self) -> list[object]:
        s = self._state
        acts: list[object] = []
        if s["unused"] > 0:
            locks, furgles, targets = s["locks"], s["furgles"], self._target_actions
            for j in self._others[s["current"]]:
                if locks[j] > 0:
                    acts.append(targets[j][0])
                elif furgles[j] > 0:
                    acts.append(targets[j][1])
        acts.append(_DONE)
        return acts

    def _is_legal(self, action: object) -> bool:
        kind = type(action)
        if kind is Done:
            return True
        if kind is not StealFurgle and kind is not BreakLock:
            return False
        s = self._state
        j = self._seat_of.get(action.player)  # type: ignore[attr-defined]  # kind is StealFurgle or BreakLock
        if j is None or j == s["current"] or s["unused"] <= 0:
            return False
        locks: list[int] = s["locks"]
        if kind is BreakLock:
            return locks[j] > 0
        return locks[j] == 0 and s["furgles"][j] > 0

    def _chance_outcomes(self) -> list[tuple[object, Fraction]]:
        return list(_roll_outcomes(self.dice_to_roll, tuple(self._faces)))

    def _sample_chance(self, rng: np.random.Generator) -> object:
        # The dice are alike, so a roll is its counts per kind: the codes of the faces drawn add up to them
        # (checks.checked_params), and the Roll with those counts (faces in KINDS order, as sorting the rolled
        # faces gives) is made once and shared.
        s = self._state
        code = self._face_codes
        total = 0
        for i in self._timeline.draw(len(code), s["front"][s["current"]]):   # rng.integers(6, size=k), drawn ahead
            total += code[i]
        roll = _BY_CODE.get(total)
        return roll if roll is not None else _roll_of_code(total)

    def _apply(self, action: object) -> None:
        kind = type(action)
        if kind is Roll or kind not in _ACTION_KINDS and isinstance(action, Roll):
            self._resolve_roll(action.faces)  # type: ignore[attr-defined]  # the action is a Roll
            return
        s = self._state
        cur = s["current"]
        if kind is StealFurgle or kind not in _ACTION_KINDS and isinstance(action, StealFurgle):
            who = action.player  # type: ignore[attr-defined]  # the action is a StealFurgle
            furgles = s["furgles"]
            furgles[self._seat_of[who]] -= 1
            mine = furgles[cur] = furgles[cur] + 1
            unused = s["unused"] = s["unused"] - 1
            if self._timeline.recording:
                me = self._players[cur]
                self._emit(ev.STEAL, (_steal_text, me, who, mine), me, target=who)
        elif kind is BreakLock or kind not in _ACTION_KINDS and isinstance(action, BreakLock):
            who = action.player  # type: ignore[attr-defined]  # the action is a BreakLock
            locks = s["locks"]
            j = self._seat_of[who]
            left = locks[j] = locks[j] - 1
            s["pile"]["lock"] += 1
            unused = s["unused"] = s["unused"] - 1
            if self._timeline.recording:
                me = self._players[cur]
                self._emit(ev.BREAK, (_break_text, me, who, left), me, target=who)
        elif kind is Done or isinstance(action, Done):
            self._end_turn()
            return
        else:  # pragma: no cover - legal_actions() guards this
            raise AssertionError(action)
        if unused:   # the turn goes on while a Hand is left that can break a Lock or steal a Furgle
            locks, furgles = s["locks"], s["furgles"]
            for j in self._others[cur]:
                if locks[j] or furgles[j]:
                    return
        self._end_turn()

    def _resolve_roll(self, faces: tuple[str, ...]) -> None:
        s = self._state
        cur = s["current"]
        nf, nl, nh, nx = _COUNTS.get(faces) or _counts_of(faces)
        k = len(faces)
        s["front"][cur] -= k
        furgles, locks, pile = s["furgles"], s["locks"], s["pile"]
        furgles[cur] += nf
        locks[cur] += nl
        pile["hand"] += nh
        pile["x"] += nx
        unused = s["unused"] = s["unused"] + nh
        s["roll"] = list(faces)
        if self._timeline.recording:
            me = self._players[cur]
            bonus = s["bonus"]
            self._emit(ev.ROLL, (_roll_text, me, bonus, nf, nl, nh, nx), me, faces=faces, bonus=bonus, furgle=nf,
                       lock=nl, hand=nh, x=nx)
        s["bonus"] = False
        if nx == k and self._x_factor and k > 0:
            me = self._players[cur]
            gifts = [(j, locks[j]) for j in range(len(self._players)) if j != cur and locks[j]]
            if gifts:
                for j, n in gifts:
                    locks[j] = 0
                    s["front"][cur] += n
                if self._timeline.recording:
                    given = join_words([act(self._players[j], f"gives {plural(n, 'Lock')}") for j, n in gifts])
                    self._emit(ev.X_FACTOR, f"X factor! {act(me, 'rolled only Xs')}: {given}; "
                                            f"{act(me, 'rolls them as a bonus roll')}", me,
                               dice=sum(n for _, n in gifts))
                s["bonus"] = True
                return
            if self._timeline.recording:
                self._emit(ev.X_FACTOR, act(me, "rolled only Xs, but no other card holds a Lock: no bonus roll"), me,
                           dice=0)
        if unused:   # the turn goes on while a Hand can break a Lock or steal a Furgle (as after a Hand, above)
            for j in self._others[cur]:
                if locks[j] or furgles[j]:
                    s["phase"] = "hands"
                    return
        self._end_turn()

    def _end_turn(self) -> None:
        """Pass the pile to the next player, whose turn starts: cash in, take back the Locks, and roll (phase
        "roll"), or win, or pass the turn on without dice."""
        s = self._state
        cur = s["current"]
        players = self._players
        n = len(players)
        nxt = cur + 1 if cur + 1 < n else 0
        left = s["pile"]
        passed = left["hand"] + left["x"] + left["lock"]
        if self._timeline.recording:
            me, to = players[cur], players[nxt]
            self._emit(ev.PASS, (_pass_text, me, s["furgles"][cur], s["locks"][cur], to, left["hand"], left["x"],
                                 left["lock"], s["unused"]), me, dice=passed, to=to)
        front, furgles, locks = s["front"], s["furgles"], s["locks"]
        front[nxt] += passed
        s["pile"] = {"hand": 0, "x": 0, "lock": 0}
        s["unused"] = 0
        s["roll"] = []
        s["bonus"] = False
        cur = s["current"] = nxt
        s["turn"] += 1
        # the turn starts (in the same call: a turn ends with the next one's start)
        passes = 0
        while True:
            f, lk = furgles[cur], locks[cur]
            if f or lk:
                front[cur] += f + lk
                furgles[cur] = locks[cur] = 0
                recording = self._timeline.recording
                if f:
                    scores = s["scores"]
                    pts = self._chart[f]
                    total = scores[cur] = scores[cur] + pts
                    if recording:
                        who = players[cur]
                        self._emit(ev.CASH_IN, (_cash_in_text, who, f, pts, total), who, furgles=f, points=pts)
                    if total >= self._target:
                        s["phase"], s["winner"] = "over", cur
                        if recording:
                            who = players[cur]
                            self._emit(ev.WIN, act(who, f"{reach_words(total, self._target)} and wins!"), who)
                        return
                if lk and recording:
                    who = players[cur]
                    self._emit(ev.TAKE_BACK, (_take_back_text, who, lk), who, locks=lk)
            if front[cur]:
                s["phase"] = "roll"
                return
            passes += 1
            if passes == n:  # pragma: no cover - dice are conserved
                raise AssertionError("no player has any dice")
            nxt = cur + 1 if cur + 1 < n else 0
            if self._timeline.recording:
                who = players[cur]
                self._emit(ev.NO_DICE, act(who, f"has no dice to roll: the turn passes to {named(players[nxt])}"), who)
            cur = s["current"] = nxt
            s["turn"] += 1

    # --------------------------------------------------- friendly verbs
    def roll(self, *faces: str) -> Furglars:
        """Roll now: with the game's dice, or with the given faces (a rigged roll).

        >>> Furglars(2, seed=1).roll("hand", "x", "x", "lock", "furgle").locks["Player 1"]
        1
        """
        if self.is_over:
            raise IllegalAction(f"the game is over ({self._over_text()}); nobody rolls any more.")
        if not self.is_chance:
            raise IllegalAction(f"{self.current_player} cannot roll now.", self.legal_actions())
        if faces:
            if len(faces) == 1 and isinstance(faces[0], (tuple, list)):
                faces = tuple(faces[0])
            self.apply(Roll(tuple(faces)))
        else:
            self.step()
        return self

    def __repr__(self) -> str:
        if self.is_over:
            where = f"over, {self._over_text()}"
        else:
            where = f"turn {self.turn}, {self.current_player} to {'roll' if self.is_chance else 'play'}"
        scores = ", ".join(f"{p}: {v}" for p, v in self.scores.items())
        return (f"<Furglars {list(self._players)!r} {self._dice_per_player} dice each, target {self._target}"
                f"{', x_factor' if self._x_factor else ''}; {where}; scores {scores}>")


# The texts of events, made when read from what the event keeps (a recipe: the function and its arguments, which
# are names and counts: nothing that changes later, and no closure kept with the game).
def _roll_text(me: str, bonus: bool, furgles: int, locks: int, hands: int, xs: int) -> str:
    """'Ann rolls 5 dice: 2 Furgles, 1 Lock and 2 Hands' ('bonus dice' for an X-factor bonus roll)."""
    k = furgles + locks + hands + xs
    what = ("die" if k == 1 else "dice") if not bonus else ("bonus die" if k == 1 else "bonus dice")
    return act(me, f"rolls {k} {what}: {describe_counts({'furgle': furgles, 'lock': locks, 'hand': hands, 'x': xs})}")


def _steal_text(me: str, who: str, mine: int) -> str:
    """'Ann steals a Furgle from Bob (Ann has 3 Furgles on the card)'."""
    return act(me, f"steals a Furgle from {named(who)} ({act(me, 'has')} {plural(mine, 'Furgle')} on the card)")


def _break_text(me: str, who: str, left: int) -> str:
    """The break of a Lock: "Ann breaks Bob's Lock with a Hand (Bob has 0 Locks left)"."""
    return act(me, f"breaks {_a_lock_of(who, left + 1)} with a Hand ({act(who, 'has')} {plural(left, 'Lock')} left)")


def _pass_text(me: str, kept_furgles: int, kept_locks: int, to: str, hands: int, xs: int, broken: int,
               unused: int) -> str:
    """'Ann keeps 2 Furgles on the card and passes 3 dice to Bob: 2 unused Hands and 1 X'."""
    passed = hands + xs + broken
    kept = describe_counts({"furgle": kept_furgles, "lock": kept_locks})
    pile = describe_pile({"hand": hands, "x": xs, "lock": broken}, unused) if passed else ""
    return act(me, f"keeps {kept} on the card and passes {plural(passed, 'die') if passed else 'no dice'} "
                   f"to {named(to)}{': ' + pile if passed else ''}")


def _cash_in_text(who: str, furgles: int, points: int, total: int) -> str:
    """'Ann cashes in 2 Furgles for 2 Bullion Points (total 5)'."""
    return act(who, f"cashes in {plural(furgles, 'Furgle')} for {plural(points, 'Bullion Point')} (total {total})")


def _take_back_text(who: str, locks: int) -> str:
    """'Ann takes back 1 Lock to roll'."""
    return act(who, f"takes back {plural(locks, 'Lock')} to roll")


def _a_lock_of(who: str, had: int) -> str:
    """ "Bob's Lock" when it was Bob's only one, else "one of Bob's Locks" ("your" for You).

    >>> _a_lock_of("Bob", 1), _a_lock_of("You", 3)
    ("Bob's Lock", 'one of your Locks')
    """
    whose = possessive(who, capital=False)
    return f"{whose} Lock" if had == 1 else f"one of {whose} Locks"


def reach_words(total: int, target: int) -> str:
    """How a winning total meets the target, after the player's name (a verb first, for :func:`act`).

    >>> reach_words(15, 15), reach_words(16, 15), reach_words(1, 1)
    ('reaches the target of 15 points', 'reaches 16 points, past the target of 15,', 'reaches the target of 1 point')
    """
    if total == target:
        return f"reaches the target of {plural(target, 'point')}"
    return f"reaches {plural(total, 'point')}, past the target of {target},"
