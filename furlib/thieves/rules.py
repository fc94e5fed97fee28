"""Thieves' rules for one set of parameters: the rulebook, section by section.

Two gangs of four thieves race through a labyrinth of coloured doorways to steal the dragon's gold and
escape with it. A turn: the player may offer to double the stake (the variant, :meth:`ThievesRules.stakes`);
rolls two dice whose faces are keys (:meth:`ThievesRules.rolled`); each key opens one doorway once
(:meth:`ThievesRules.use`: move, pass the gold, steal it, take it, escape); a key that cannot be used is
lost and the turn passes (:meth:`ThievesRules.after_use`). Which uses are legal is worked out on the
position by :mod:`furlib.thieves.moves`, and why one is refused by :mod:`furlib.thieves.refusals`. The
rules are the printed rulebook's as ``RULES.md`` reads it; the choices furlib made where the rulebook leaves
room are listed in :class:`furlib.thieves.Thieves`.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from functools import lru_cache
from itertools import islice
from typing import Any, TypeVar, cast

from ..core.engine.dice import DiceChance
from ..core.engine.game import Game
from ..core.engine.rules import Log
from ..core.errors import check_bool, check_int, excerpt
from ..core.words import act, join_words
from . import events as ev
from .actions import ACTIONS, Accept, Escape, KeepStake, Move, OfferDouble, Pass, Refuse, Roll, Steal, TakeGold, TimeUp
from .board import Board, Cell
from .moves import KEYS, Pos, Use, _legal_uses
from .refusals import refusal
from .state import ThievesState

__all__ = ["ThievesRules", "DEFAULT_DICE", "check_dice", "MAX_TURNS", "MAX_STAKE", "MAX_TIME_LIMIT", "ACTIONS_PER_TURN",
           "use_to_action"]

_Action = TypeVar("_Action")
#: The actions that use a key.
_KeyUse = Move | Pass | Steal | TakeGold | Escape

#: The six faces of each die, as printed.
DEFAULT_DICE = ("red", "yellow", "green", "blue", "white", "black")
#: The most actions one turn takes: an offer to double and its answer (the doubling variant), the roll, and
#: the two keys' uses.
ACTIONS_PER_TURN = 5
#: The largest ``max_turns``: 20,000 turns of at most :data:`ACTIONS_PER_TURN` actions end within
#: ``Game.MAX_STEPS`` (100,000) actions, so ``play()`` always finishes a game with a turn limit (a game
#: between bots takes a few hundred turns at most: 303 in 1,000 seeded games of Greedy against Greedy).
MAX_TURNS = Game.MAX_STEPS // ACTIONS_PER_TURN
#: The largest stake of the doubling variant: 2**20 (twenty accepted doublings). At this stake no offer to
#: double is legal (the player rolls at once). A ruling of furlib (the rulebook sets no cap): without it a
#: game could double past any number that can be shown or saved. No real game meets it: in 1,000 seeded
#: games with doubling on and the default bots (Greedy against Greedy) the largest stake was 4.
MAX_STAKE = 2 ** 20
#: The largest ``time_limit``, in seconds (an hour).
MAX_TIME_LIMIT = 3600


@lru_cache(maxsize=64)
def _rolls_of(dice: tuple[str, ...]) -> tuple[Roll, ...]:
    """The Roll of each pair of faces of ``dice`` (first die's face times 6 plus the second's), made once per
    dice: the keys in the order the faces first come on the die (a roll is a pair of keys, not two throws)."""
    first = {f: i for i, f in reversed(list(enumerate(dice)))}
    rolls = []
    for a in dice:
        for b in dice:
            rolls.append(_roll(tuple(sorted((a, b), key=first.__getitem__))))
    return tuple(rolls)


def _roll(keys: tuple[str, ...]) -> Roll:
    """The one Roll of these keys (in the dice's order), shared by every game: the rolls drawn and the chance
    outcomes listed are the same objects. Keys are two of the seven colours, so a few dozen Rolls at most."""
    return _ROLLS.get(keys) or _ROLLS.setdefault(keys, Roll(keys))


def check_dice(dice: object) -> tuple[str, ...]:
    """The six faces of a die, validated: each exactly one of the six key words (:data:`~furlib.thieves.moves.KEYS`,
    lower case, no spaces), at least one black and one that opens a doorway. None gives :data:`DEFAULT_DICE`.

    The faces are a list or a tuple, read no further than a seventh face (a longer list is refused without
    reading the rest). Raises ``ValueError`` naming the bad value (an excerpt) and what is accepted.

    >>> check_dice(["red", "red", "green", "blue", "white", "black"])
    ('red', 'red', 'green', 'blue', 'white', 'black')
    >>> check_dice([" RED"] * 6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: dice[0] must be exactly one of 'red', 'yellow', ... or 'black' (lower case, no spaces), got ' RED'
    """
    if dice is None:
        return DEFAULT_DICE
    if not isinstance(dice, (list, tuple)):
        raise ValueError(f"dice must be a list of the 6 faces of a die, e.g. {list(DEFAULT_DICE)}; got {excerpt(dice)}")
    faces: list[str] = []
    for i, f in enumerate(islice(dice, 7)):        # a seventh face is one too many: the rest is never read
        if not isinstance(f, str) or f not in KEYS:
            raise ValueError(f"dice[{i}] must be exactly one of {join_words([repr(k) for k in KEYS], 'or')} "
                             f"(lower case, no spaces), got {excerpt(f)}")
        faces.append(KEYS[KEYS.index(f)])          # the plain str (not a subclass such as numpy.str_)
    if len(faces) != 6:
        raise ValueError(f"dice must list the 6 faces of a die, got {len(dice):,}: {excerpt(faces[:6])}")
    if "black" not in faces:
        raise ValueError(f"dice {faces} have no black face: the gold could never be taken; "
                         "give the die at least one 'black'")
    if not any(f in ("red", "yellow", "green", "blue", "white") for f in faces):
        raise ValueError(f"dice {faces} have no face that opens a doorway (red, yellow, green, blue or white): "
                         "no thief could ever move; give the die at least one of them")
    return tuple(faces)


def _check_max_turns(max_turns: object) -> int:
    """``max_turns`` (not None), checked: a whole number from 1 to :data:`MAX_TURNS`."""
    return check_int("max_turns", max_turns, low=1, high=MAX_TURNS, accepted=f"None or a whole number from 1 to "
                     f"{MAX_TURNS} (MAX_TURNS: a game ends within MAX_STEPS actions)")


#: The actions of key uses, made once (by their checked constructors) and shared by every game (an action is a
#: frozen value); at most ``_MADE_SIZE`` (a 16 x 16 map has about 30,000 key uses), then made afresh.
_MADE: dict[Use, object] = {}
_MADE_SIZE = 1 << 16
#: The rolls, made once: the two keys (in the dice's order) -> Roll.
_ROLLS: dict[tuple[str, ...], Roll] = {}


def use_to_action(use: Use) -> object:
    """The action of a key use of :mod:`furlib.thieves.moves` (made once, then shared)."""
    action = _MADE.get(use)
    if action is None:
        if len(_MADE) >= _MADE_SIZE:
            _MADE.clear()
        action = _MADE[use] = _action_of(use)
    return action


def _action_of(use: Use) -> object:
    kind, t, target, key = use
    n = t % 4 + 1
    if kind == "move":
        cell = cast(Cell, target)                # a move's target is the pathway moved to
        return Move(thief=n, row=cell[0], col=cell[1], key=key)
    if kind == "pass":
        return Pass(giver=n, receiver=cast(int, target) % 4 + 1, key=key)   # the thief passed to
    if kind == "steal":
        return Steal(thief=n, key=key)
    if kind == "take":
        return TakeGold(thief=n)
    return Escape(thief=n)


class _Table:
    """What :func:`furlib.thieves.refusals.refusal` reads of a game: the board, the players, who is to move and
    the position (the rules' own, made from a state)."""

    __slots__ = ("board", "players", "current_player", "_pos")

    def __init__(self, board: Board, players: tuple[str, ...], seat: int, pos: Pos):
        self.board, self.players, self.current_player, self._pos = board, players, players[seat], pos

    def position(self) -> Pos:
        return self._pos


class ThievesRules(DiceChance):
    """Thieves for one labyrinth, dice and variants (see :class:`furlib.thieves.Thieves`).

    The roll is :class:`~furlib.core.engine.dice.DiceChance`'s: two dice, each showing one of ``dice``; a roll is
    the pair of keys, in the order the faces first come on the die."""

    ACTIONS = ACTIONS
    CHANCE_PHASE = "roll"
    ROLLED = Roll
    ROLL_FIELD = "keys"

    def __init__(self, players: int, board: Board | None = None, dice: Sequence[str] | None = None,
                 doubling: bool = False, max_turns: int | None = None, time_limit: float | None = None):
        super().__init__(players)
        self.board = Board.default() if board is None else board
        self.dice = self.die_faces = check_dice(dice)
        self.doubling = check_bool("doubling", doubling)
        self.max_turns = None if max_turns is None else _check_max_turns(max_turns)
        if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, numbers.Real)
                                       or not 0 < time_limit <= MAX_TIME_LIMIT):
            raise ValueError(f"time_limit must be None or a number of seconds above 0 and at most {MAX_TIME_LIMIT}, "
                             f"got {excerpt(time_limit)}")
        self.time_limit = None if time_limit is None else float(time_limit)

    def params(self) -> dict[str, Any]:
        return {"board": self.board.name or self.board.to_text(), "dice": list(self.dice),
                "doubling": self.doubling, "max_turns": self.max_turns,
                **({} if self.time_limit is None else {"time_limit": self.time_limit})}

    def start(self, log: Log) -> ThievesState:
        """Each gang's thieves on its starting pathways; the first player begins."""
        cells = [list(c) for seat in (0, 1) for c in self.board.starts[seat]]
        return ThievesState(turn=1, current=0, phase=self.first_phase(0, None), winner=None, thieves=cells,
                            carrier=None, keys=[], roll=[], moved=[], passed=[], uses=[], last_uses=[], stake=1,
                            cube=None, escaped=False)

    def first_phase(self, seat: int, cube: int | None, stake: int = 1) -> str:
        """The phase a turn of ``seat`` begins with: "offer" if it may offer to double (the variant, the right
        to double its own or nobody's, the stake below :data:`MAX_STAKE`), else "roll"."""
        return "offer" if self.doubling and cube in (None, seat) and stake < MAX_STAKE else "roll"

    def position(self, state: ThievesState) -> Pos:
        """The position as :mod:`furlib.thieves.moves` reads it (an immutable record)."""
        return Pos(tuple((r, c) for r, c in state.thieves), state.carrier, frozenset(state.moved),
                   frozenset(state.passed), tuple(state.keys), state.current)

    # ------------------------------------------------------------ the roll
    def dice_to_roll(self, state: ThievesState) -> int:
        """Two dice, every turn."""
        return 2

    def outcome_of(self, faces: tuple[str, ...]) -> Roll:
        """The one Roll of these keys (in the dice's order), shared by every game."""
        return _roll(faces)

    def outcome_drawn(self, drawn: tuple[int, ...]) -> Roll:
        """The Roll of the faces of the two dice drawn (``rng.integers(0, 6, size=2)``)."""
        first, second = drawn
        return _rolls_of(self.dice)[6 * first + second]

    def refuse_at_roll(self, state: ThievesState, action: object, players: tuple[str, ...]) -> str | None:
        """An offer to double at the stake's cap (the doubling variant: the player rolls at once) says why."""
        if isinstance(action, OfferDouble) and self.doubling and state.stake >= MAX_STAKE:
            return (f"the stake is {MAX_STAKE:,}, the most it may be (MAX_STAKE): no offer to double is legal now; "
                    "the dice are to be rolled: call step() to roll them.")
        return None

    # ------------------------------------------------------------ the decisions
    def legal_actions(self, state: ThievesState) -> list[object]:
        """Keep or offer to double; accept or refuse the offer; or a use of a key that some maximal plan of
        the turn makes (:func:`furlib.thieves.moves.legal_uses`)."""
        if state.phase == "offer":
            return [KeepStake(), OfferDouble()]
        if state.phase == "answer":
            return [Accept(), Refuse()]
        return [use_to_action(u) for u in _legal_uses(self.board, self.position(state))]

    def is_legal(self, state: ThievesState, action: object) -> bool | None:
        """:class:`TimeUp` at a key use of a game with a time limit (never listed); the rest as listed."""
        if isinstance(action, TimeUp):
            return self.time_limit is not None and state.phase == "keys"
        return None

    def why_illegal(self, state: ThievesState, action: object, players: tuple[str, ...]) -> str:
        phase, me = state.phase, players[state.current]
        # an action is named in its words; anything else by an excerpt (a huge value is never echoed whole)
        named = str(action) if isinstance(action, ACTIONS) else excerpt(action)
        if phase in ("offer", "answer"):
            doing = "choose whether to double" if phase == "offer" else "answer the offer"
            return act(me, f"is to {doing}, not {named}.")
        if isinstance(action, TimeUp):
            return "this game has no time_limit, so the time cannot run out: use the keys."
        if not isinstance(action, (Move, Pass, Steal, TakeGold, Escape)):
            using = act(me, "is to use a key")
            return f"{excerpt(action)} is not a Thieves action: {using} ({join_words(state.keys)})."
        key = getattr(action, "key", "black")
        if key not in state.keys:
            return act(me, f"has no {key} key left (keys left: {join_words(state.keys) or 'none'}).")
        return refusal(_Table(self.board, players, state.current, self.position(state)), action)

    def apply(self, state: ThievesState, action: object, log: Log) -> None:
        if isinstance(action, Roll):
            self.rolled(state, action.keys, log)
        elif isinstance(action, (OfferDouble, KeepStake, Accept, Refuse)):
            self.stakes(state, action, log)
        elif isinstance(action, TimeUp):
            log.emit(ev.LOST, state.current, keys=tuple(state.keys), time=True)
            state.keys = []
            self.after_use(state, log)
        else:
            # a key use: apply() lets through only the legal actions (and TimeUp, handled above)
            self.use(state, cast(_KeyUse, action), log)

    # ------------------------------------------------------------ the sections of the rulebook
    def rolled(self, state: ThievesState, keys: tuple[str, ...], log: Log) -> None:
        """The two keys of the roll are this turn's."""
        state.roll, state.keys = list(keys), list(keys)
        state.moved, state.passed, state.uses = [], [], []
        log.emit(ev.ROLL, state.current, keys=tuple(keys))
        self.after_use(state, log)

    def stakes(self, state: ThievesState, action: object, log: Log) -> None:
        """The doubling variant: offer to double (the other player answers), accept (the stake doubles and the
        right to redouble passes to whoever accepted) or refuse (and forfeit at the current stake)."""
        seat, other = state.current, 1 - state.current
        if isinstance(action, KeepStake):
            state.phase = "roll"
        elif isinstance(action, OfferDouble):
            log.emit(ev.DOUBLE, seat, stake=2 * state.stake)
            state.phase, state.current = "answer", other
        elif isinstance(action, Accept):
            state.stake *= 2
            log.emit(ev.ACCEPT, seat, stake=state.stake)
            state.cube, state.phase, state.current = seat, "roll", other
        else:
            log.emit(ev.REFUSE, seat, stake=state.stake)
            self.win(state, other, log, refused=True)

    def use(self, state: ThievesState, action: _KeyUse, log: Log) -> None:
        """A key used: a thief moves through a doorway, passes the gold, steals it, takes it from the central
        square, or escapes with it (and wins)."""
        seat = state.current
        base = 4 * seat
        t = base + action.thief - 1 if not isinstance(action, Pass) else base + action.giver - 1
        key = getattr(action, "key", "black")
        src = (state.thieves[t][0], state.thieves[t][1])
        if isinstance(action, Move):
            dst = (action.row, action.col)
            state.thieves[t] = list(dst)
            state.moved.append(t)
            log.emit(ev.MOVE, seat, thief=t % 4 + 1, key=key, src=src, dst=dst, gold=state.carrier == t)
            state.uses.append(["move", t, list(src), list(dst)])
        elif isinstance(action, Pass):
            r = base + action.receiver - 1
            dst = (state.thieves[r][0], state.thieves[r][1])
            state.carrier = r
            state.passed.append(t)
            log.emit(ev.PASS, seat, thief=t % 4 + 1, key=key, src=src, dst=dst, receiver=action.receiver)
            state.uses.append(["pass", t, list(src), list(dst)])
        elif isinstance(action, Steal):
            victim = cast(int, state.carrier)          # a steal is legal only from a carrier of the other gang
            dst = (state.thieves[victim][0], state.thieves[victim][1])
            state.carrier = t
            log.emit(ev.STEAL, seat, thief=t % 4 + 1, key=key, src=src, dst=dst, victim=victim)
            state.uses.append(["steal", t, list(dst), list(src)])
        elif isinstance(action, TakeGold):
            state.carrier = t
            log.emit(ev.TAKE, seat, thief=t % 4 + 1, key=key, src=src)
            state.uses.append(["take", t, list(self.board.gold_square), list(src)])
        else:
            state.escaped = True
            state.keys.remove(key)
            log.emit(ev.ESCAPE, seat, thief=t % 4 + 1, key=key, src=src)
            self.win(state, seat, log)
            return
        state.keys.remove(key)
        self.after_use(state, log)

    def after_use(self, state: ThievesState, log: Log) -> None:
        """The turn goes on while a key left can be used; then the keys that cannot are lost and the turn
        passes (or the game ends undecided at ``max_turns``)."""
        if state.keys and _legal_uses(self.board, self.position(state)):
            state.phase = "keys"
            return
        if state.keys:
            log.emit(ev.LOST, state.current, keys=tuple(state.keys), time=False)
        state.keys, state.moved, state.passed = [], [], []
        state.last_uses, state.uses = state.uses, []
        if self.max_turns is not None and state.turn >= self.max_turns:
            state.phase = "over"
            log.emit(ev.UNDECIDED, None)
            return
        state.turn += 1
        state.current = 1 - state.current
        state.phase = self.first_phase(state.current, state.cube, state.stake)

    def win(self, state: ThievesState, seat: int, log: Log, refused: bool = False) -> None:
        """``seat`` wins (the other refused the doubled stake, or a thief escaped with the gold)."""
        state.phase, state.winner = "over", seat
        state.last_uses = state.uses
        log.emit(ev.WIN, seat, stake=state.stake, refused=refused)

    def check(self, state: ThievesState) -> None:
        cells = [(r, c) for r, c in state.thieves]
        assert len(cells) == 8, f"{len(cells)} thieves, not 8"
        assert len(set(cells)) == 8, f"two thieves share a pathway: {cells}"
        path = set(self.board.pathways)
        assert all(c in path for c in cells), f"a thief is off the pathways: {cells}"
        c = state.carrier
        assert c is None or (isinstance(c, int) and 0 <= c < 8), f"bad carrier {c!r}"
        if state.escaped:
            assert state.phase == "over" and c is not None and state.winner is not None and c // 4 == state.winner, \
                "an escape without its carrier"
            assert cells[c] == self.board.exits[state.winner], "an escape from elsewhere than the exit"
        for seat in (0, 1):
            assert self.board.exits[1 - seat] not in cells[4 * seat:4 * seat + 4], "a thief on the opponent's exit"
        assert (state.phase == "over") or state.winner is None
