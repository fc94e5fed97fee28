"""Pig's rules: the classic push-your-luck dice game, furlib's smallest dice game.

On your turn you roll one die as often as you like. Each roll of 2 to 6 adds to your turn total; a 1 ends
your turn and the turn total is lost. Hold instead to bank the turn total and pass the die. The first
player whose banked score reaches the target wins.

Pig is a demo game like High Card: the worked example, with High Card and Nim, of how a game is added
(``docs/add-a-game.md``).
"""

from __future__ import annotations

from fractions import Fraction

from ..core.engine.rules import Log, Rules
from ..core.errors import check_int, cut_message, excerpt
from ..core.words import act
from . import events as ev
from .actions import SIDES, Die, Hold, Roll
from .state import PigState

__all__ = ["PigRules", "Die", "Roll", "Hold", "SIDES", "MAX_TARGET"]

#: The largest target a game accepts (a game to 1000 takes a few thousand actions).
MAX_TARGET = 1000


_DIE = tuple(Die(f) for f in range(1, SIDES + 1))
_DECISIONS = (Roll(), Hold())


# ------------------------------------------------------------------------ rules
class PigRules(Rules):
    """Pig for a number of players and a target (1 to ``MAX_TARGET``)."""

    ACTIONS = (Die, Roll, Hold)
    CHANCE_PHASE = "roll"

    def __init__(self, players: int, target: int = 100):
        super().__init__(players)
        self.target = check_int("target", target, low=1, high=MAX_TARGET)

    def params(self) -> dict[str, int]:
        return {"target": self.target}

    def start(self, log: Log) -> PigState:
        """The first player is to roll; every score is 0."""
        return PigState(turn=1, current=0, phase="roll", winner=None, scores=[0] * self.players, turn_total=0,
                        last=None)

    # --- the roll
    def chance_outcomes(self, state: PigState) -> list[tuple[object, Fraction]]:
        """One die: each face with chance 1/6."""
        return [(d, Fraction(1, SIDES)) for d in _DIE]

    # --- the decision
    def legal_actions(self, state: PigState) -> tuple[object, ...]:
        """After a 2 to 6, roll again or hold."""
        return _DECISIONS

    def why_illegal(self, state: PigState, action: object, players: tuple[str, ...]) -> str:
        """Why ``action`` cannot be taken now: a decision when the die is to be rolled, a bad face, a roll when
        the player must decide, or no Pig action at all."""
        if state.phase == "roll":
            if isinstance(action, Die):       # a face of no die, made past Die's own checks
                return f"the die shows 1 to {SIDES}; got {excerpt(action)}."
            return act(players[state.current], "is about to roll the die: call step() to roll it, or give the face, "
                       f"e.g. apply(Die(4)); got {excerpt(action)}.")
        if isinstance(action, Die):
            return (f"{cut_message(action, 60)} is a roll of the die, but {players[state.current]} must decide "
                    "now: Roll() or Hold().")
        return f"{excerpt(action)} is not a Pig action (expected Roll() or Hold())."

    def apply(self, state: PigState, action: object, log: Log) -> None:
        if isinstance(action, Die):
            self.rolled(state, action.face, log)
        elif isinstance(action, Roll):
            state.phase = "roll"
            log.emit(ev.ROLL_AGAIN, state.current, turn_total=state.turn_total)
        else:
            self.hold(state, log)

    def rolled(self, state: PigState, face: int, log: Log) -> None:
        """A 1 ends the turn and its points are lost; a 2 to 6 adds to the turn total."""
        state.last = face
        if face == 1:
            lost, state.turn_total = state.turn_total, 0
            log.emit(ev.ONE, state.current, face=1, lost=lost)
            self.next_turn(state)
        else:
            state.turn_total += face
            state.phase = "decide"
            log.emit(ev.ROLL, state.current, face=face, turn_total=state.turn_total)

    def hold(self, state: PigState, log: Log) -> None:
        """The turn total is banked; reaching the target wins, else the turn passes."""
        me = state.current
        banked, state.turn_total = state.turn_total, 0
        state.scores[me] += banked
        log.emit(ev.HOLD, me, banked=banked)
        if state.scores[me] >= self.target:
            state.phase = "over"
            state.winner = me
            log.emit(ev.WIN, me)
        else:
            self.next_turn(state)

    def next_turn(self, state: PigState) -> None:
        state.turn += 1
        state.current = (state.current + 1) % self.players
        state.phase = "roll"

    def check(self, state: PigState) -> None:
        assert state.phase in ("roll", "decide", "over"), state.phase
        assert all(x >= 0 for x in state.scores) and state.turn_total >= 0
        assert (state.winner is not None) == (state.phase == "over")
        if state.winner is not None:
            assert state.scores[state.winner] >= self.target and state.turn_total == 0
            assert sum(x >= self.target for x in state.scores) == 1, "only the winner reaches the target"
        else:
            assert max(state.scores) < self.target
        if state.phase == "decide":
            assert state.last is not None and state.turn_total >= 2 and 2 <= state.last <= SIDES
