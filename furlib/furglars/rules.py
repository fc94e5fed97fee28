"""The Furglars: the rules engine (no display code).

Rulings from ``RULES.md`` are the defaults; the ones marked (param) there are
constructor keywords. Die faces, the Bullion chart and the words for rolls
live in :mod:`furlib.furglars.faces`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Sequence

import numpy as np

from ..core.actions import check_text, set_tuple
from ..core.errors import IllegalAction, check_bool, check_int
from ..core.game import Game
from ..core.words import act
from . import events as ev
from .faces import (DEFAULT_FACES, KINDS, Chart, check_chart, check_faces, count_faces, describe_counts,
                    describe_pile, faces_of, plural, roll_outcomes, sort_faces)

MAX_DICE_PER_PLAYER = 10
DEFAULT_DICE = {2: 5, 3: 4, 4: 4, 5: 4, 6: 3}


# --------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Roll:
    """Chance outcome: the faces the dice show, e.g. ``Roll(("hand", "lock", "x"))``.

    The order of the faces does not matter (the dice are alike); a list is
    turned into a tuple.
    """

    faces: tuple[str, ...]

    def __post_init__(self) -> None:
        set_tuple(self, "faces", "str", 'Roll(("hand", "lock", "x"))')

    def __str__(self) -> str:
        return "roll " + ",".join(str(f) for f in self.faces)


@dataclass(frozen=True)
class BreakLock:
    """Use one Hand to break one Lock on ``player``'s card (the die joins your pass pile)."""

    player: str

    def __post_init__(self) -> None:
        check_text(self, "player", 'BreakLock("Ann")')

    def __str__(self) -> str:
        return f"break {self.player}'s Lock"


@dataclass(frozen=True)
class StealFurgle:
    """Use one Hand to steal one Furgle from ``player``, who has no Lock left (it goes on your card)."""

    player: str

    def __post_init__(self) -> None:
        check_text(self, "player", 'StealFurgle("Ann")')

    def __str__(self) -> str:
        return f"steal a Furgle from {self.player}"


@dataclass(frozen=True)
class Done:
    """Leave the remaining Hands unused and pass the dice to the left: the turn ends."""

    def __str__(self) -> str:
        return "done: pass the dice"


_DONE = Done()

#: The engine's rolls, made once: counts per kind (in KINDS order) -> the Roll showing them.
_ROLLS: dict[tuple[int, ...], Roll] = {}
#: A roll's faces -> its counts per kind (furgle, lock, hand, x), worked out once.
_COUNTS: dict[tuple[str, ...], tuple[int, int, int, int]] = {}
#: Checked parameters, by the arguments they came from (games with the default chart only).
_SETUPS: dict[tuple, tuple] = {}
_CACHE_SIZE = 4096


def _roll_of(counts: tuple[int, ...]) -> Roll:
    """The Roll with these counts per kind (faces in KINDS order), made once."""
    roll = _ROLLS.get(counts)
    if roll is None:
        if len(_ROLLS) >= _CACHE_SIZE:
            _ROLLS.clear()
        roll = _ROLLS[counts] = Roll(faces_of(dict(zip(KINDS, counts))))
    return roll


def _counts_of(faces: tuple[str, ...]) -> tuple[int, int, int, int]:
    """How many of ``faces`` show each kind, in KINDS order (furgle, lock, hand, x)."""
    c = _COUNTS.get(faces)
    if c is None:
        if len(_COUNTS) >= _CACHE_SIZE:
            _COUNTS.clear()
        c = _COUNTS[faces] = tuple(count_faces(faces).values())  # type: ignore[assignment]
    return c  # type: ignore[return-value]


_ACTION_KINDS = frozenset((Roll, BreakLock, StealFurgle, Done))


# ------------------------------------------------------------------------ game
class Furglars(Game):
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
        Dice each player starts with (1 to 10); default 5 with 2 players, 4
        with 3-5, 3 with 6. The dice in play stay the same all game.
    faces : sequence of str, default ``("furgle", "furgle", "lock", "hand", "hand", "x")``
        The faces of every die, each one of ``"furgle"``, ``"lock"``,
        ``"hand"``, ``"x"``; all faces are equally likely.
    chart : dict or callable, optional
        Bullion chart: points for cashing in n Furgles at once, as a dict
        ``{n: points}`` covering every n from 1 to the dice in play, or a
        function of n (tabulated when the game starts). Default: 1 point
        per Furgle.
    target : int, optional
        Points that win, checked right after cashing in; default 15, or 21
        with 2 players.
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

    ACTIONS = (Roll, BreakLock, StealFurgle, Done)
    EVENT_FIELDS = ("faces", "bonus", *KINDS, "dice", "furgles", "locks", "points", "target", "to")
    #: The history shows the roll's counts, a Hand's target and the points cashed in (the rest is in ``events``).
    HISTORY_FIELDS = (*KINDS, "target", "points")
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6

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
        # The checks below depend only on the arguments: a game like an earlier one takes its checked
        # parameters (the default chart only; plain ints and bools, so 1 and True stay apart).
        key = None
        if (chart is None and type(x_factor) is bool and (dice_per_player is None or type(dice_per_player) is int)
                and (target is None or type(target) is int)
                and (faces is DEFAULT_FACES or type(faces) in (tuple, list) and all(type(f) is str for f in faces))):
            key = (type(self), self.players, dice_per_player, tuple(faces), target, x_factor)
            setup = _SETUPS.get(key)
            if setup is not None:
                (self.dice_per_player, self.faces, self._face_rank, self._target_actions, chart_table,
                 self.target, self.x_factor, self._seat_of) = setup
                self.chart = dict(chart_table)   # a game's own chart: changing it changes no other game
                self._start()
                return
        n = len(self.players)
        if dice_per_player is None:
            dice_per_player = DEFAULT_DICE[n]
        self.dice_per_player = check_int("dice_per_player", dice_per_player, low=1, high=MAX_DICE_PER_PLAYER)
        self.faces = check_faces(faces)
        self._face_rank = tuple(KINDS.index(f) for f in self.faces)   # sorts a roll into KINDS order
        self._target_actions = tuple((BreakLock(p), StealFurgle(p)) for p in self.players)
        if "furgle" not in self.faces:
            raise ValueError(f"faces must include a 'furgle', or nobody could ever score; got faces={list(faces)!r}")
        self.chart = check_chart(chart, n * self.dice_per_player)
        # Dice change hands only as Hands and Xs passed on (and what Hands take): without those faces
        # every player keeps their own dice, so one cash-in is at most dice_per_player Furgles.
        most = n * self.dice_per_player if {"hand", "x"} & set(self.faces) else self.dice_per_player
        if not any(self.chart[k] for k in range(1, most + 1)):
            why = ("with no Hand or X on the faces nobody's dice ever move, so a player cashes in at most "
                   f"{plural(most, 'furgle')} at once" if most == self.dice_per_player
                   else f"at most {plural(most, 'furgle')} can be cashed in at once")
            raise ValueError(f"nobody could ever score: {why}, and the chart pays 0 for "
                             f"{'that' if most == 1 else 'each of those counts'}; "
                             "pay at least 1 point for some count, or change the faces or the dice")
        self.target = check_int("target", 21 if n == 2 and target is None else 15 if target is None else target,
                                low=1)
        self.x_factor = check_bool("x_factor", x_factor)
        self._seat_of = {p: i for i, p in enumerate(self.players)}   # name -> seat
        if key is not None:
            if len(_SETUPS) >= _CACHE_SIZE:
                _SETUPS.clear()
            _SETUPS[key] = (self.dice_per_player, self.faces, self._face_rank, self._target_actions,
                            dict(self.chart), self.target, self.x_factor, self._seat_of)
        self._start()

    # ------------------------------------------------------------- state
    def _params(self) -> dict[str, Any]:
        return {"players": list(self.players), "dice_per_player": self.dice_per_player,
                "faces": list(self.faces), "chart": {str(k): v for k, v in self.chart.items()},
                "target": self.target, "x_factor": self.x_factor}

    def _new_state(self) -> dict[str, Any]:
        n = len(self.players)
        return {"turn": 1, "current": 0, "phase": "roll", "scores": [0] * n,
                "front": [self.dice_per_player] * n, "furgles": [0] * n, "locks": [0] * n,
                "pile": {"hand": 0, "x": 0, "lock": 0}, "unused": 0, "bonus": False,
                "roll": [], "winner": None}

    def _after_start(self) -> None:
        self._begin_turn()

    @property
    def total_dice(self) -> int:
        """How many dice are in play (constant all game)."""
        return len(self.players) * self.dice_per_player

    @property
    def furgles(self) -> dict[str, int]:
        """Furgles on each player's card."""
        return dict(zip(self.players, self._state["furgles"]))

    @property
    def locks(self) -> dict[str, int]:
        """Locks on each player's card."""
        return dict(zip(self.players, self._state["locks"]))

    @property
    def dice_in_front(self) -> dict[str, int]:
        """Dice in front of each player, waiting to be rolled."""
        return dict(zip(self.players, self._state["front"]))

    @property
    def pass_pile(self) -> dict[str, int]:
        """The current player's pass pile: ``{"hand": n, "x": n, "lock": n}`` (broken Locks)."""
        return dict(self._state["pile"])

    @property
    def hands_left(self) -> int:
        """Hands of this turn not used yet."""
        return self._state["unused"]

    @property
    def last_roll(self) -> tuple[str, ...]:
        """The faces of the last roll of this turn (empty before the first roll)."""
        return tuple(self._state["roll"])

    @property
    def dice_to_roll(self) -> int:
        """How many dice the next roll uses (0 at a decision point)."""
        return self._state["front"][self._state["current"]] if self.is_chance else 0

    @property
    def is_bonus_roll(self) -> bool:
        """True at the chance point of an X-factor bonus roll (the roll event says ``bonus`` too)."""
        return self._state["bonus"]

    @property
    def dice_locations(self) -> dict[str, int]:
        """Where every die is: in front of a player, on a card (Furgles, Locks) or in the pass pile.

        The counts always add up to :attr:`total_dice`.
        """
        s = self._state
        out = {}
        for i, p in enumerate(self.players):
            out[f"{p}: in front"] = s["front"][i]
            out[f"{p}: Furgles on card"] = s["furgles"][i]
            out[f"{p}: Locks on card"] = s["locks"][i]
        out["pass pile"] = sum(s["pile"].values())
        return out

    @property
    def dice_in_play(self) -> int:
        """The dice counted over every location (always :attr:`total_dice`)."""
        return sum(self.dice_locations.values())

    def next_player(self, player: str | None = None) -> str:
        """The player to the left of ``player`` (default: of the current player)."""
        i = self._state["current"] if player is None else self._index(player)
        return self.players[(i + 1) % len(self.players)]

    def _index(self, player: object) -> int:
        if player not in self.players:
            raise ValueError(f"there is no player {player!r}; players are {list(self.players)}")
        return self.players.index(player)  # type: ignore[arg-type]

    # ------------------------------------------------------------- rules
    def _is_chance(self) -> bool:
        return self._state["phase"] == "roll"

    def _legal_actions(self) -> list[object]:
        s = self._state
        n, cur = len(self.players), s["current"]
        acts: list[object] = []
        if s["unused"] > 0:
            locks, furgles, targets = s["locks"], s["furgles"], self._target_actions
            for d in range(1, n):
                j = (cur + d) % n
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
        j = self._seat_of.get(action.player)  # type: ignore[attr-defined]
        if j is None or j == s["current"] or s["unused"] <= 0:
            return False
        if kind is BreakLock:
            return s["locks"][j] > 0
        return s["locks"][j] == 0 and s["furgles"][j] > 0

    def _why_illegal(self, action: object) -> str:
        s = self._state
        me = self.current_player
        if isinstance(action, Roll):
            return f"{action} is a roll of the dice, but {me} must decide how to use the Hands now."
        if isinstance(action, (BreakLock, StealFurgle)):
            p = action.player
            if p not in self.players:
                return f"there is no player {p!r}; players are {list(self.players)}."
            if p == me:
                return f"{me} cannot use a Hand on their own card."
            j = self.players.index(p)
            if isinstance(action, BreakLock):
                return f"{p} has no Lock to break."
            if s["locks"][j]:
                return f"{p}'s Furgles are protected by {plural(s['locks'][j], 'lock')}: break them first."
            return f"{p} has no Furgle to steal."
        return (f"{action!r} is not a Furglars action (expected BreakLock(player), StealFurgle(player) "
                f"or Done()).")

    def _chance_outcomes(self) -> list[tuple[object, Fraction]]:
        return list(_roll_outcomes(self.dice_to_roll, tuple(self.faces)))

    def _check_chance(self, action: object) -> None:
        k = self.dice_to_roll
        me = self.current_player
        example = Roll(tuple(self.faces[i % len(self.faces)] for i in range(k)))
        if not isinstance(action, Roll):
            raise IllegalAction(f"{me} is about to roll {k} dice: call step() to roll them, or give "
                                f"the faces, e.g. apply({example!r}); got {action!r}.")
        faces = action.faces
        if not isinstance(faces, tuple) or len(faces) != k:
            raise IllegalAction(f"{me} rolls {k} dice, so give {k} faces; got {faces!r}.")
        for f in faces:
            if f not in self.faces:
                raise IllegalAction(f"each face must be one on the die, {sorted(set(self.faces), key=KINDS.index)}; "
                                    f"got {f!r} in {faces!r}.")

    def _sample_chance(self, rng: np.random.Generator) -> object:
        # The dice are alike, so a roll is its counts per kind: the Roll with those counts (faces in
        # KINDS order, as sorting the rolled faces gives) is made once and shared.
        s = self._state
        rank = self._face_rank
        counts = [0, 0, 0, 0]
        for i in self._draw(len(self.faces), s["front"][s["current"]]):   # rng.integers(6, size=k), drawn ahead
            counts[rank[i]] += 1
        return _roll_of(tuple(counts))

    def _apply(self, action: object) -> None:
        kind = type(action)
        if kind is Roll or kind not in _ACTION_KINDS and isinstance(action, Roll):
            self._resolve_roll(action.faces)  # type: ignore[attr-defined]
            return
        s = self._state
        cur = s["current"]
        me = self.players[cur]
        if kind is StealFurgle or kind not in _ACTION_KINDS and isinstance(action, StealFurgle):
            who = action.player  # type: ignore[attr-defined]
            furgles = s["furgles"]
            furgles[self._seat_of[who]] -= 1
            furgles[cur] += 1
            s["unused"] -= 1
            mine = furgles[cur]
            self._emit(ev.STEAL, lambda: act(me, f"steals a Furgle from {who} "
                                              f"({act(me, 'has')} {plural(mine, 'furgle')} on the card)"), me,
                       target=who)
            if s["unused"]:   # _after_hand(), inline: most turns steal more than once
                locks = s["locks"]
                for j in range(len(locks)):
                    if j != cur and (locks[j] or furgles[j]):
                        return
            self._end_turn()
        elif kind is BreakLock or kind not in _ACTION_KINDS and isinstance(action, BreakLock):
            who = action.player  # type: ignore[attr-defined]
            locks = s["locks"]
            j = self._seat_of[who]
            locks[j] -= 1
            s["pile"]["lock"] += 1
            s["unused"] -= 1
            left = locks[j]
            self._emit(ev.BREAK, lambda: act(me, f"breaks a Lock of {who} with a Hand "
                                              f"({act(who, 'has')} {plural(left, 'lock')} left)"), me, target=who)
            self._after_hand()
        elif kind is Done or isinstance(action, Done):
            self._end_turn()
        else:  # pragma: no cover - legal_actions() guards this
            raise AssertionError(action)

    def _resolve_roll(self, faces: tuple[str, ...]) -> None:
        s = self._state
        cur = s["current"]
        me = self.players[cur]
        nf, nl, nh, nx = _counts_of(faces)
        k = len(faces)
        s["front"][cur] -= k
        s["furgles"][cur] += nf
        s["locks"][cur] += nl
        pile = s["pile"]
        pile["hand"] += nh
        pile["x"] += nx
        s["unused"] += nh
        s["roll"] = list(faces)
        bonus = s["bonus"]
        what = ("die" if k == 1 else "dice") if not bonus else ("bonus die" if k == 1 else "bonus dice")
        self._emit(ev.ROLL, lambda: act(me, f"rolls {k} {what}: "
                                         f"{describe_counts({'furgle': nf, 'lock': nl, 'hand': nh, 'x': nx})}"),
                   me, faces=faces, bonus=bonus, furgle=nf, lock=nl, hand=nh, x=nx)
        s["bonus"] = False
        if self.x_factor and k > 0 and nx == k:
            gifts = [(j, s["locks"][j]) for j in range(len(self.players)) if j != cur and s["locks"][j]]
            if gifts:
                for j, n in gifts:
                    s["locks"][j] = 0
                    s["front"][cur] += n
                given = ", ".join(f"{self.players[j]} gives {plural(n, 'lock')}" for j, n in gifts)
                self._emit(ev.X_FACTOR, f"X factor! {me} rolled only Xs: {given}; {me} rolls them as a bonus roll",
                           me, dice=sum(n for _, n in gifts))
                s["bonus"] = True
                return
            self._emit(ev.X_FACTOR, act(me, "rolled only Xs, but no other card holds a Lock: no bonus roll"), me, dice=0)
        s["phase"] = "hands"
        self._after_hand()

    def _after_hand(self) -> None:
        """End the turn when no Hand can be used any more."""
        s = self._state
        if s["unused"]:
            cur, locks, furgles = s["current"], s["locks"], s["furgles"]
            for j in range(len(locks)):
                if j != cur and (locks[j] or furgles[j]):
                    return
        self._end_turn()

    def _end_turn(self) -> None:
        s = self._state
        cur = s["current"]
        players = self.players
        me = players[cur]
        nxt = cur + 1 if cur + 1 < len(players) else 0
        left = s["pile"]   # replaced below, never changed again: the event's text may read it later
        passed = sum(left.values())
        kept_f, kept_l, unused, to = s["furgles"][cur], s["locks"][cur], s["unused"], players[nxt]
        self._emit(ev.PASS, lambda: act(me, f"keeps {describe_counts({'furgle': kept_f, 'lock': kept_l})} on the "
                                         f"card and passes {plural(passed, 'die')} to {to}"
                                         f"{': ' + describe_pile(left, unused) if passed else ''}"),
                   me, dice=passed, to=to)
        s["front"][nxt] += passed
        s["pile"] = {"hand": 0, "x": 0, "lock": 0}
        s["unused"] = 0
        s["current"] = nxt
        s["turn"] += 1
        s["phase"] = "roll"
        s["roll"] = []
        s["bonus"] = False
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Start the current player's turn: cash in, take back Locks, or pass when no dice."""
        s = self._state
        n = len(self.players)
        for _ in range(n):
            cur = s["current"]
            me = self.players[cur]
            f, lk = s["furgles"][cur], s["locks"][cur]
            s["front"][cur] += f + lk
            s["furgles"][cur] = s["locks"][cur] = 0
            if f:
                pts = self.chart[f]
                s["scores"][cur] += pts
                total = s["scores"][cur]
                self._emit(ev.CASH_IN, lambda me=me, f=f, pts=pts, total=total: act(
                    me, f"cashes in {plural(f, 'furgle')} for {pts} Bullion Point{'s' if pts != 1 else ''} "
                        f"(total {total})"),
                           me, furgles=f, points=pts)
                if s["scores"][cur] >= self.target:
                    s["phase"], s["winner"] = "over", cur
                    self._emit(ev.WIN, act(me, f"reaches {self.target} points and wins!"), me)
                    return
            if lk:
                self._emit(ev.TAKE_BACK, lambda me=me, lk=lk: act(me, f"takes back {plural(lk, 'lock')} to roll"), me, locks=lk)
            if s["front"][cur]:
                s["phase"] = "roll"
                return
            nxt = self.players[(cur + 1) % n]
            self._emit(ev.NO_DICE, act(me, f"has no dice to roll: the turn passes to {nxt}"), me)
            s["current"], s["turn"] = (cur + 1) % n, s["turn"] + 1
        raise AssertionError("no player has any dice")  # pragma: no cover - dice are conserved

    def check_invariants(self) -> None:
        s = self._state
        n = len(self.players)
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
                assert s["front"][j] in (0, self.dice_per_player), s["front"]
        if s["phase"] == "roll":
            assert s["front"][cur] > 0
            assert s["unused"] == 0
            if not s["bonus"]:
                assert sum(s["pile"].values()) == 0 and s["furgles"][cur] == s["locks"][cur] == 0
        if s["phase"] == "hands":
            assert s["front"][cur] == 0 and s["unused"] > 0 and len(self._legal_actions()) > 1
        if s["phase"] == "over":
            assert s["scores"][s["winner"]] >= self.target
        assert sum(x >= self.target for x in s["scores"]) <= 1

    # --------------------------------------------------- friendly verbs
    def roll(self, *faces: str) -> "Furglars":
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
        return (f"<Furglars {list(self.players)!r} {self.dice_per_player} dice each, target {self.target}"
                f"{', x_factor' if self.x_factor else ''}; {where}; scores {scores}>")


@lru_cache(maxsize=256)
def _roll_outcomes(k: int, faces: tuple[str, ...]) -> tuple[tuple[Roll, Fraction], ...]:
    """Every roll of ``k`` dice with ``faces`` and its exact chance, worked out once (all immutable)."""
    return tuple((Roll(faces_of(c)), p) for c, p in roll_outcomes(k, faces))

