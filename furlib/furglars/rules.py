"""The Furglars' rules for one set of parameters: the rulebook, section by section.

A turn: (1) cash in every Furgle on your card by the Bullion chart (reach the target and you win at once);
those dice and every Lock on your card join the dice in front of you (:meth:`FurglarsRules.start_turn`);
(2) roll all the dice in front of you (none: the turn passes); (3) Furgles and Locks you roll go on your card
(:meth:`FurglarsRules.rolled`, with the X factor: :meth:`FurglarsRules.x_factor_roll`); (4) each Hand may
break one Lock of another player or steal one Furgle from a player with no Lock left
(:meth:`FurglarsRules.steal`, :meth:`FurglarsRules.break_lock`); (5) everything not on your card (Hands,
Xs, broken Locks) passes to the next player (:meth:`FurglarsRules.pass_on`). Rulings from ``RULES.md`` are
the defaults; the ones marked (param) there are parameters (:mod:`.checks`, :mod:`.faces`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.engine.dice import DiceChance
from ..core.engine.rules import Log
from ..core.errors import cut_message, excerpt
from ..core.words import act, plural, possessive, their
from . import events as ev
from .actions import ACTIONS, BreakLock, Done, Roll, StealFurgle
from .checks import (
    DEFAULT_DICE,
    MAX_DICE_PER_PLAYER,
    MAX_TARGET,
    MIN_POINTS_PER_FURGLE,
    MIN_SCORING_CHANCE,
    check_params,
)
from .faces import DEFAULT_FACES, KINDS, Chart, faces_of
from .state import FurglarsState

__all__ = ["FurglarsRules", "DEFAULT_DICE", "MAX_DICE_PER_PLAYER", "MAX_TARGET", "MIN_POINTS_PER_FURGLE",
           "MIN_SCORING_CHANCE"]

DONE = Done()
#: The most rolls (counts per kind) a rule set keeps made (a roll of up to 60 dice of 4 kinds).
MAX_ROLLS = 4096


class FurglarsRules(DiceChance):
    """The Furglars for ``players`` seats named ``names`` and one set of parameters (see
    :class:`furlib.furglars.Furglars`). The names are part of the rules: a Hand's action names its target.

    The roll is :class:`~furlib.core.engine.dice.DiceChance`'s: the dice in front of the current player, each
    showing one of ``faces``; a roll lists its faces in the order of ``KINDS`` (the dice are alike)."""

    ACTIONS = ACTIONS
    FACTS = ev.FACTS
    CHANCE_PHASE = "roll"
    ROLLED = Roll
    FACE_ORDER = KINDS

    def __init__(self, players: int, names: tuple[str, ...] = (), dice_per_player: int | None = None,
                 faces: Sequence[str] = DEFAULT_FACES, chart: Chart | None = None, target: int | None = None,
                 x_factor: bool = False):
        super().__init__(players)
        self.dice_per_player, self.faces, self.chart, self.target, self.x_factor = check_params(
            players, dice_per_player, faces, chart, target, x_factor)
        self.die_faces = self.faces
        self.names = names
        #: For each seat, the two uses of a Hand aimed at that player, made once.
        self.targets = tuple((BreakLock(p), StealFurgle(p)) for p in names)
        #: Each player's seat, by name (kept private, as every table of a rule set shared by its games).
        self._seat_of = {p: i for i, p in enumerate(names)}
        #: For each seat, the other seats in the order they play next (its left first).
        self.others = tuple(tuple((seat + d) % players for d in range(1, players)) for seat in range(players))
        self.total_dice = players * self.dice_per_player
        self._kind_of = tuple(KINDS.index(f) for f in self.faces)
        self._rolls: dict[tuple[int, ...], Roll] = {}
        #: The counts per kind of each roll made by roll_of, by its faces.
        self._counts: dict[tuple[str, ...], tuple[int, ...]] = {}

    def params(self) -> dict[str, Any]:
        return {"dice_per_player": self.dice_per_player, "faces": list(self.faces),
                "chart": {str(k): v for k, v in self.chart.items()}, "target": self.target,
                "x_factor": self.x_factor}

    def start(self, log: Log) -> FurglarsState:
        """Everybody has their dice in front of them; the first player's turn has begun (nothing to cash in)."""
        n = self.players
        return FurglarsState(turn=1, current=0, phase="roll", scores=[0] * n, front=[self.dice_per_player] * n,
                             furgles=[0] * n, locks=[0] * n, pile={"hand": 0, "x": 0, "lock": 0}, unused=0,
                             bonus=False, roll=[], winner=None)

    # ------------------------------------------------------------ the roll
    def roll_of(self, counts: tuple[int, ...]) -> Roll:
        """The roll showing ``counts`` per kind (its faces in the order of ``KINDS``), made once."""
        roll = self._rolls.get(counts)
        if roll is None:
            if len(self._rolls) >= MAX_ROLLS:
                self._rolls.clear()
                self._counts.clear()
            roll = self._rolls[counts] = Roll(faces_of(dict(zip(KINDS, counts))))
            self._counts[roll.faces] = counts
        return roll

    def count(self, faces: tuple[str, ...]) -> tuple[int, ...]:
        """How many Furgles, Locks, Hands and Xs ``faces`` show (in the order of ``KINDS``)."""
        return tuple([faces.count(kind) for kind in KINDS])

    def dice_to_roll(self, state: FurglarsState) -> int:
        """The dice in front of the current player."""
        return state.front[state.current]

    def outcome_drawn(self, drawn: tuple[int, ...]) -> Roll:
        """The roll of the faces drawn (``rng.integers(len(faces), size=k)``), by its counts per kind."""
        counts = [0, 0, 0, 0]
        kind_of = self._kind_of
        for i in drawn:
            counts[kind_of[i]] += 1
        counted = tuple(counts)
        return self._rolls.get(counted) or self.roll_of(counted)

    # ------------------------------------------------------------ the Hands
    def legal_actions(self, state: FurglarsState) -> list[object]:
        """Each Hand left may break a Lock of another player, or steal a Furgle from one with no Lock; or stop."""
        acts: list[object] = []
        if state.unused > 0:
            for j in self.others[state.current]:
                if state.locks[j] > 0:
                    acts.append(self.targets[j][0])
                elif state.furgles[j] > 0:
                    acts.append(self.targets[j][1])
        acts.append(DONE)
        return acts

    def is_legal(self, state: FurglarsState, action: object) -> bool:
        if isinstance(action, Done):
            return True
        if not isinstance(action, (StealFurgle, BreakLock)):
            return False
        j = self._seat_of.get(action.player)
        if j is None or j == state.current or state.unused <= 0:
            return False
        if isinstance(action, BreakLock):
            return state.locks[j] > 0
        return state.locks[j] == 0 and state.furgles[j] > 0

    def why_illegal(self, state: FurglarsState, action: object, players: tuple[str, ...]) -> str:
        me = players[state.current]
        if isinstance(action, Roll):
            return f"{cut_message(action, 60)} is a roll of the dice, but {me} must decide how to use the Hands now."
        if isinstance(action, (BreakLock, StealFurgle)):
            p = action.player
            if p not in players:
                return f"there is no player {excerpt(p)}; players are {list(players)}."
            if p == me:
                return f"{me} cannot use a Hand on {their(me)} own card."
            j = players.index(p)
            if isinstance(action, BreakLock):
                return act(p, "has no Lock to break.")
            if state.locks[j]:
                return f"{possessive(p)} Furgles are protected by {plural(state.locks[j], 'Lock')}: break them first."
            return act(p, "has no Furgle to steal.")
        return (f"{excerpt(action)} is not a Furglars action (expected BreakLock(player), StealFurgle(player) "
                f"or Done()).")

    def apply(self, state: FurglarsState, action: object, log: Log) -> None:
        if isinstance(action, Roll):
            self.rolled(state, action.faces, log)
        elif isinstance(action, StealFurgle):
            self.steal(state, self._seat_of[action.player], log)
        elif isinstance(action, BreakLock):
            self.break_lock(state, self._seat_of[action.player], log)
        else:
            self.pass_on(state, log)

    def hands_can_act(self, state: FurglarsState) -> bool:
        """Whether a Hand is left that can break a Lock or steal a Furgle (else the turn ends by itself)."""
        if state.unused > 0:
            locks, furgles = state.locks, state.furgles
            for j in self.others[state.current]:
                if locks[j] or furgles[j]:
                    return True
        return False

    def steal(self, state: FurglarsState, victim: int, log: Log) -> None:
        """A Hand steals one Furgle from a player with no Lock: it goes on your card."""
        me = state.current
        state.furgles[victim] -= 1
        state.furgles[me] += 1
        state.unused -= 1
        log.emit(ev.STEAL, me, self.names[victim], state.furgles[me])
        if not self.hands_can_act(state):
            self.pass_on(state, log)

    def break_lock(self, state: FurglarsState, victim: int, log: Log) -> None:
        """A Hand breaks one Lock of another player: the die joins your pass pile."""
        me = state.current
        state.locks[victim] -= 1
        state.pile["lock"] += 1
        state.unused -= 1
        log.emit(ev.BREAK, me, self.names[victim], state.locks[victim])
        if not self.hands_can_act(state):
            self.pass_on(state, log)

    # ------------------------------------------------------------ the roll's result
    def rolled(self, state: FurglarsState, faces: tuple[str, ...], log: Log) -> None:
        """Furgles and Locks rolled go on your card; Hands and Xs to the pass pile; then the Hands are used
        (the turn ends by itself when none can act)."""
        me = state.current
        nf, nl, nh, nx = self._counts.get(faces) or self.count(faces)
        k = len(faces)
        state.front[me] -= k
        state.furgles[me] += nf
        state.locks[me] += nl
        state.pile["hand"] += nh
        state.pile["x"] += nx
        state.unused += nh
        state.roll = list(faces)
        log.emit(ev.ROLL, me, faces, state.bonus, nf, nl, nh, nx)
        state.bonus = False
        if nx == k and self.x_factor and k > 0 and self.x_factor_roll(state, log):
            return
        if self.hands_can_act(state):
            state.phase = "hands"
        else:
            self.pass_on(state, log)

    def x_factor_roll(self, state: FurglarsState, log: Log) -> bool:
        """The X factor: only Xs rolled, so every other player gives you the Locks on their card, which you
        roll at once as a bonus roll (True); with no Lock on another card there is no bonus roll."""
        me = state.current
        gifts = tuple((j, state.locks[j]) for j in range(self.players) if j != me and state.locks[j])
        for j, n in gifts:
            state.locks[j] = 0
            state.front[me] += n
        log.emit(ev.X_FACTOR, me, sum(n for _, n in gifts), gifts)
        state.bonus = bool(gifts)
        return state.bonus

    # ------------------------------------------------------------ the end of a turn and the start of the next
    def pass_on(self, state: FurglarsState, log: Log) -> None:
        """Everything not on your card passes to the next player, whose turn starts."""
        me = state.current
        nxt = me + 1 if me + 1 < self.players else 0
        pile = state.pile
        passed = pile["hand"] + pile["x"] + pile["lock"]
        log.emit(ev.PASS, me, passed, self.names[nxt], state.furgles[me], state.locks[me],
                 pile["hand"], pile["x"], pile["lock"], state.unused)
        state.front[nxt] += passed
        state.pile = {"hand": 0, "x": 0, "lock": 0}
        state.unused = 0
        state.roll = []
        state.bonus = False
        state.current = nxt
        state.turn += 1
        self.start_turn(state, log)

    def start_turn(self, state: FurglarsState, log: Log) -> None:
        """Cash in the Furgles on your card (reaching the target wins), take back your Locks, and roll; a
        player with no dice passes the turn on."""
        for _ in range(self.players):
            cur = state.current
            f, lk = state.furgles[cur], state.locks[cur]
            if f or lk:
                state.front[cur] += f + lk
                state.furgles[cur] = state.locks[cur] = 0
                if f:
                    state.scores[cur] += self.chart[f]
                    log.emit(ev.CASH_IN, cur, f, self.chart[f])
                    if state.scores[cur] >= self.target:
                        state.phase, state.winner = "over", cur
                        log.emit(ev.WIN, cur)
                        return
                if lk:
                    log.emit(ev.TAKE_BACK, cur, lk)
            if state.front[cur]:
                state.phase = "roll"
                return
            nxt = cur + 1 if cur + 1 < self.players else 0
            log.emit(ev.NO_DICE, cur, nxt)
            state.current = nxt
            state.turn += 1
        raise AssertionError("no player has any dice")  # pragma: no cover - dice are conserved

    def check(self, state: FurglarsState) -> None:
        assert state.phase in ("roll", "hands", "over"), state.phase
        counts = state.front + state.furgles + state.locks + list(state.pile.values())
        assert all(isinstance(x, int) and x >= 0 for x in [*counts, state.unused]), counts
        assert sum(counts) == self.total_dice, counts
        assert state.unused <= state.pile["hand"]
        assert all(x >= 0 for x in state.scores)
        assert (state.winner is not None) == (state.phase == "over")
        cur = state.current
        for j in range(self.players):
            if j != cur:  # dice rest in front of a player only before their first roll
                assert state.front[j] in (0, self.dice_per_player), state.front
        if state.phase == "roll":
            assert state.front[cur] > 0
            assert state.unused == 0
            if not state.bonus:
                assert sum(state.pile.values()) == 0 and state.furgles[cur] == state.locks[cur] == 0
        if state.phase == "hands":
            assert state.front[cur] == 0 and state.unused > 0 and len(self.legal_actions(state)) > 1
        if state.winner is not None:
            assert state.scores[state.winner] >= self.target
        assert sum(x >= self.target for x in state.scores) <= 1
