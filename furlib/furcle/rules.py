"""Oh Furcle!'s rules for one set of parameters: the rulebook, section by section.

A turn (:meth:`FurcleRules.rolled`): roll the dice; every group of equal faces scores (:mod:`.scoring`). A
roll with all faces different is a Furcle: say Beekin to rescue it, or lose the turn score
(:meth:`FurcleRules.furcle`). After a scoring roll, be Satisfied (:meth:`FurcleRules.satisfied`: bank the
turn score) or roll the scoring dice again. Once a turn, Beekin adds 1 to one die (:meth:`FurcleRules.beekin`).
The first to bank the target becomes the Leader (:meth:`FurcleRules.check_leader`); a Leader still leading at
the start of their next turn wins (:meth:`FurcleRules.next_turn`). Rulings from ``RULES.md`` are the
defaults; the ones marked (param) there are parameters.

The rules of one set of parameters are made once (:meth:`Rules.of`) and hold that set's tables: the points
and scoring dice of each roll seen, and the Beekins open on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any

from ..core.engine.dice import DiceChance
from ..core.engine.rules import Log
from ..core.errors import check_bool, check_int, excerpt
from ..core.words import act
from . import events as ev
from .actions import AcceptFurcle, Beekin, Dice, Roll, Satisfied
from .scoring import MAX_BONUS, MAX_DICE, MAX_SIDES, BonusTable, check_bonus, score_checked
from .state import FurcleState

__all__ = ["FurcleRules", "Dice", "Roll", "Satisfied", "Beekin", "AcceptFurcle", "MAX_TARGET", "MAX_DICE",
           "MAX_SIDES", "MAX_BONUS"]

#: The largest target (``Furcle(target=...)``; the settings panel offers 1 to this). A game to it ends well
#: within ``Game.MAX_STEPS`` (100,000 actions): of 200 seeded games to 1000 with BeekinSmart or RandomBot for
#: every player, the longest took 1,665 actions with 2 players and 4,305 with 6 (RandomBot; BeekinSmart 1,142
#: and 3,072).
MAX_TARGET = 1000
#: The most rolls of faces a rule set remembers the score of (and the Beekins on); past it they are forgotten
#: and worked out again (5 dice of 6 sides have 7,776 rolls; 10 dice of 20 sides many more).
MAX_TABLE = 1 << 16

ROLL, SATISFIED, ACCEPT = Roll(), Satisfied(), AcceptFurcle()
BEEKINS = tuple(Beekin(i) for i in range(MAX_DICE))
_points = itemgetter(0)
_Option = tuple[int, Beekin]
_NO_OPTIONS: tuple[tuple[_Option, ...], None] = ((), None)
#: The printed bonus table, shared by the games made without ``bonus`` (it cannot change).
PRINTED = BonusTable(check_bonus(None))


class FurcleRules(DiceChance):
    """Oh Furcle! for ``players`` seats and one set of parameters (see :class:`furlib.furcle.Furcle`).

    The roll is :class:`~furlib.core.engine.dice.DiceChance`'s: the dice to roll, each showing 1 to ``sides``."""

    ACTIONS = (Dice, Roll, Satisfied, Beekin, AcceptFurcle)
    CHANCE_PHASE = "roll"
    ROLLED = Dice

    def __init__(self, players: int, target: int | None = 50, n_dice: int = 5, sides: int = 6,
                 bonus: Mapping[int, int] | None = None, beekin: bool = True):
        super().__init__(players)
        if target is not None:
            target = check_int("target", target, low=1)
            if target > MAX_TARGET:
                raise ValueError(f"target must be between 1 and {MAX_TARGET} (MAX_TARGET: a game to it ends within a "
                                 f"few thousand actions) or None (practice: no target), got {excerpt(target)}")
        self.target = target
        self.n_dice = check_int("n_dice", n_dice, low=2, high=MAX_DICE)
        self.sides = check_int("sides", sides, low=2, high=MAX_SIDES)
        self.die_faces = tuple(range(1, self.sides + 1))
        self.bonus = PRINTED if bonus is None else BonusTable(check_bonus(bonus))
        self.beekin = check_bool("beekin", beekin)
        #: The points and the number of scoring dice of each roll of faces seen, and the Beekins open on it.
        self._scores: dict[tuple[int, ...], tuple[int, int]] = {}
        self._options: dict[tuple[int, ...], tuple[tuple[_Option, ...], _Option | None]] = {}
        self._dice: dict[tuple[int, ...], Dice] = {}     # the rolls drawn: numbers drawn -> Dice, made once

    def params(self) -> dict[str, Any]:
        return {"target": self.target, "n_dice": self.n_dice, "sides": self.sides,
                "bonus": {str(k): v for k, v in self.bonus.items()}, "beekin": self.beekin}

    def start(self, log: Log) -> FurcleState:
        """The first player is to roll all the dice; nobody has a point."""
        return FurcleState(turn=1, current=0, scores=[0] * self.players, leader=None, phase="roll",
                           to_roll=self.n_dice, dice=(), points=0, turn_score=0, beekin_used=False,
                           beekin_die=None, winner=None)

    # ------------------------------------------------------------ what a roll scores
    def score(self, faces: tuple[int, ...]) -> tuple[int, int]:
        """The points of a roll of ``faces`` and how many of its dice score (are rolled again)."""
        known = self._scores.get(faces)
        if known is None:
            if len(self._scores) >= MAX_TABLE:
                self._scores.clear()
            points, scoring = score_checked(list(faces), self.bonus)
            known = self._scores[faces] = points, len(scoring)
        return known

    def beekins(self, state: FurcleState) -> tuple[tuple[_Option, ...], _Option | None]:
        """The Beekins legal now with the points the roll would then score, and the one that scores most."""
        if state.phase != "decide" or not self.beekin or state.beekin_used:
            return _NO_OPTIONS
        dice = state.dice
        known = self._options.get(dice)
        if known is None:
            if len(self._options) >= MAX_TABLE:
                self._options.clear()
            options = tuple((self.score(dice[:i] + (f + 1,) + dice[i + 1:])[0], BEEKINS[i])
                            for i, f in enumerate(dice) if f < self.sides)
            known = self._options[dice] = options, max(options, key=_points, default=None)
        return known

    # ------------------------------------------------------------ the roll
    def dice_to_roll(self, state: FurcleState) -> int:
        """All the dice at the start of a turn; after a scoring roll, the dice that scored."""
        return state.to_roll

    def outcome_drawn(self, drawn: tuple[int, ...]) -> Dice:
        """The Dice of the numbers drawn (``rng.integers(sides, size=k)``: faces 1 to sides, less 1), made once."""
        dice = self._dice.get(drawn)
        if dice is None:
            if len(self._dice) >= MAX_TABLE:
                self._dice.clear()
            dice = self._dice[drawn] = Dice(tuple([f + 1 for f in drawn]))
        return dice

    # ------------------------------------------------------------ the decisions
    def legal_actions(self, state: FurcleState) -> list[object]:
        """After a scoring roll: roll again or be Satisfied; after a Furcle: accept it. A Beekin on any die
        below the top face while the turn's Beekin is left."""
        acts: list[object] = [ROLL, SATISFIED] if state.points > 0 else [ACCEPT]
        if self.beekin and not state.beekin_used:
            acts += [BEEKINS[i] for i, f in enumerate(state.dice) if f < self.sides]
        return acts

    def is_legal(self, state: FurcleState, action: object) -> bool:
        if isinstance(action, (Roll, Satisfied)):
            return state.points > 0
        if isinstance(action, AcceptFurcle):
            return state.points == 0
        if isinstance(action, Beekin):            # as legal_actions() lists them
            die = action.die
            return (self.beekin and not state.beekin_used and type(die) is int and 0 <= die < len(state.dice)
                    and state.dice[die] < self.sides)
        return False

    def why_illegal(self, state: FurcleState, action: object, players: tuple[str, ...]) -> str:
        me = players[state.current]
        if isinstance(action, Dice):
            return f"{action} is a roll of the dice, but {me} must decide now."
        if isinstance(action, Beekin):
            if not self.beekin:
                return "Beekin is switched off in this game (beekin=False)."
            if state.beekin_used:
                return act(me, "has already said Beekin this turn.")
            if not (isinstance(action.die, int) and 0 <= action.die < len(state.dice)):
                return f"there is no die {excerpt(action.die)}: dice are numbered 0 to {len(state.dice) - 1}."
            return f"die {action.die} shows {state.dice[action.die]}, the top face: it cannot be raised."
        if isinstance(action, (Roll, Satisfied)):
            return "this roll is a Furcle: nothing to keep or bank (say Beekin to rescue it, or accept it)."
        if isinstance(action, AcceptFurcle):
            return "this roll scores: it is not a Furcle."
        return (f"{excerpt(action)} is not a Furcle action (expected Roll(), Satisfied(), Beekin(die) or "
                "AcceptFurcle()).")

    def apply(self, state: FurcleState, action: object, log: Log) -> None:
        if isinstance(action, Dice):
            self.rolled(state, action.faces, log)
        elif isinstance(action, Roll):
            self.roll_again(state, log)
        elif isinstance(action, Satisfied):
            self.satisfied(state, log)
        elif isinstance(action, Beekin):
            self.beekin_on(state, action.die, log)
        else:
            self.furcle(state, log)

    # ------------------------------------------------------------ the sections of the rulebook
    def rolled(self, state: FurcleState, faces: tuple[int, ...], log: Log) -> None:
        """The roll on the table scores its groups; a Furcle with no Beekin left ends the turn."""
        state.dice = faces
        state.phase = "decide"
        state.beekin_die = None
        points, scoring = self._scores.get(faces) or self.score(faces)
        state.points, state.to_roll = points, scoring
        log.emit(ev.ROLL, state.current, faces=faces, points=points, turn_score=state.turn_score + points)
        # a Furcle's dice all differ and there are at least 2 of them, so one shows less than the top face: a
        # Beekin can rescue it whenever one is left this turn
        if points == 0 and (state.beekin_used or not self.beekin):
            self.furcle(state, log)

    def roll_again(self, state: FurcleState, log: Log) -> None:
        """Not Satisfied: the roll's points join the turn score and the scoring dice are rolled again."""
        state.turn_score += state.points
        state.points = 0
        state.phase = "roll"
        log.emit(ev.ROLL_AGAIN, state.current, turn_score=state.turn_score, dice=state.to_roll)

    def beekin_on(self, state: FurcleState, die: int, log: Log) -> None:
        """Beekin: one die shows 1 more, once a turn; the roll is scored anew (a Furcle still ends the turn)."""
        before = state.points
        faces = state.dice = state.dice[:die] + (state.dice[die] + 1,) + state.dice[die + 1:]
        state.beekin_used = True
        state.beekin_die = die
        state.points, state.to_roll = self._scores.get(faces) or self.score(faces)
        log.emit(ev.BEEKIN, state.current, faces=faces, points=state.points,
                 turn_score=state.turn_score + state.points, die=die, before=before)
        if state.points == 0:
            self.furcle(state, log)

    def furcle(self, state: FurcleState, log: Log) -> None:
        """Oh Furcle!: the turn score is lost and the turn ends."""
        log.emit(ev.FURCLE, state.current, points=0, turn_score=0, lost=state.turn_score)
        self.next_turn(state, log)

    def satisfied(self, state: FurcleState, log: Log) -> None:
        """Satisfied: the turn score is banked on the track; the turn ends."""
        banked = state.turn_score + state.points
        me = state.current
        state.scores[me] += banked
        log.emit(ev.SATISFIED, me, points=banked, turn_score=banked)
        self.check_leader(state, me, log)
        self.next_turn(state, log)

    def check_leader(self, state: FurcleState, seat: int, log: Log) -> None:
        """Banking to the target with no Leader, or past the Leader's total, makes ``seat`` the Leader."""
        total, lead = state.scores[seat], state.leader
        if self.target is not None and total >= self.target and (lead is None or total > state.scores[lead]):
            state.leader = seat
            log.emit(ev.LEADER, seat, passed=lead)

    def next_turn(self, state: FurcleState, log: Log) -> None:
        """The next player's turn starts with all the dice, unless they are the Leader: then they win."""
        state.turn += 1
        state.current = (state.current + 1) % self.players
        state.phase = "roll"
        state.to_roll = self.n_dice
        state.dice = ()
        state.points = 0
        state.turn_score = 0
        state.beekin_used = False
        state.beekin_die = None
        if state.leader == state.current:
            state.phase = "over"
            state.winner = state.current
            log.emit(ev.WIN, state.current)

    def check(self, state: FurcleState) -> None:
        assert state.phase in ("roll", "decide", "over"), state.phase
        assert all(x >= 0 for x in state.scores)
        assert 0 <= state.turn_score
        if state.phase != "decide":
            assert state.points == 0, "points are those of a roll on the table"
        if state.phase == "roll":
            assert 1 <= state.to_roll <= self.n_dice
        if state.phase == "decide":
            points, scoring = score_checked(list(state.dice), self.bonus)   # scored anew, not read from a table
            assert (state.points, state.to_roll) == (points, len(scoring)) == self.score(state.dice)
            assert 1 <= len(state.dice) <= self.n_dice
            assert all(1 <= f <= self.sides for f in state.dice)
        if state.leader is not None:
            lead = state.scores[state.leader]
            assert self.target is not None and lead >= self.target
            assert all(x <= lead for x in state.scores), "nobody banks past the Leader without leading"
        assert (state.winner is not None) == (state.phase == "over")
