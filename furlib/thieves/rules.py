"""Thieves: the engine (state, legal key uses, transitions). No display code.

Two gangs of four thieves race through a labyrinth of coloured doorways to
steal the dragon's gold and escape with it. Each turn the player rolls two
dice whose faces are keys; each key opens one doorway once. The rules are
the printed rulebook's as ``RULES.md`` reads it; the choices furlib made
where the rulebook leaves room are listed in :class:`Thieves`.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import islice
from typing import Any, TypeVar, cast

import numpy as np

from ..core.engine.chance import dice_outcomes
from ..core.engine.fixed import fixed
from ..core.engine.game import Game
from ..core.errors import IllegalAction, check_bool, check_int, excerpt
from ..core.words import act, join_words, plural, possessive
from . import events as ev
from .actions import ACTIONS, Accept, Escape, KeepStake, Move, OfferDouble, Pass, Refuse, Roll, Steal, TakeGold, TimeUp
from .board import Board, Cell, check_cell
from .moves import KEYS, Pos, Use, _legal_uses
from .refusals import refusal
from .squares import square_name

__all__ = ["Thieves", "DEFAULT_DICE", "check_dice", "MAX_TURNS", "MAX_STAKE", "MAX_TIME_LIMIT", "ACTIONS_PER_TURN"]

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
    try:
        return check_int("max_turns", max_turns, low=1, high=MAX_TURNS)
    except ValueError:
        raise ValueError(f"max_turns must be None or a whole number from 1 to {MAX_TURNS} (MAX_TURNS: a game "
                         f"ends within MAX_STEPS actions), got {excerpt(max_turns)}") from None


def _the_keys(keys: list[str]) -> str:
    """ "the black key", "the red and white keys", "both green keys": keys in words."""
    if len(keys) == 1:
        return f"the {keys[0]} key"
    if len(keys) == 2 and keys[0] == keys[1]:
        return f"both {keys[0]} keys"
    return f"the {join_words(keys)} keys"


def _make(cls: type[_Action], **fields: object) -> _Action:
    """An action made from values the engine knows are valid (no checks: it is made often)."""
    action = object.__new__(cls)
    for k, v in fields.items():
        object.__setattr__(action, k, v)
    return action


#: The actions of key uses, made once and shared by every game (an action is a frozen value); at most
#: ``_MADE_SIZE`` (a 16 x 16 map has about 30,000 key uses), then made afresh.
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
        return _make(Move, thief=n, row=cell[0], col=cell[1], key=key)
    if kind == "pass":
        return _make(Pass, giver=n, receiver=cast(int, target) % 4 + 1, key=key)   # the thief passed to
    if kind == "steal":
        return _make(Steal, thief=n, key=key)
    if kind == "take":
        return _make(TakeGold, thief=n)
    return _make(Escape, thief=n)


class Thieves(Game):
    """Thieves, the two-player labyrinth race.

    Parameters
    ----------
    players : sequence of 2 str, default ("Pale", "Dark")
        The gangs' names; the first begins (the seating is the printed coin flip).
    board : Board, str or pathlib.Path, optional
        The labyrinth (:class:`~furlib.thieves.board.Board`, map text, the
        name of a map furlib ships, ``"crossroads"`` or ``"classic"``, or a
        ``pathlib.Path`` of a map file: a string is never a file's name);
        default furlib's own, ``"crossroads"`` (:mod:`furlib.thieves.default_board`).
    dice : sequence of 6 str, optional
        The faces of each die, default red, yellow, green, blue, white, black.
    doubling : bool, default False
        The doubling-stakes variant: before rolling, the player may offer to
        double; a refusal forfeits at the current stake; the right to
        redouble passes to whoever accepted. furlib's ruling: the stake stops
        at :data:`MAX_STAKE` (2**20): once it is reached no offer to double
        is legal, and the player rolls at once.
    max_turns : int, optional
        End the game undecided (no winner) after this many turns (not in the
        printed rules; for simulations): 1 to :data:`MAX_TURNS` (20,000, so
        that a game ends within ``MAX_STEPS`` actions).
    time_limit : float, optional
        The printed variant's seconds to decide each move, for interactive
        play (the rulebook suggests 10): above 0 and at most
        :data:`MAX_TIME_LIMIT` (3600). The engine never reads a clock: at
        every key use it accepts :class:`~furlib.thieves.actions.TimeUp`,
        which the app's clock applies when the time runs out (the keys left
        are lost). ``TimeUp`` is never among ``legal_actions()``: it is not
        a move, so no bot or player can choose it to dodge the rule that
        every usable key must be used.
    seed : int, optional
        Seed of the game's own dice.

    Notes
    -----
    Choices furlib made where the rulebook leaves room: a turn must use as
    many keys as can be used (both when some plan uses both, see
    :mod:`furlib.thieves.moves`), an escape completing any plan; stealing,
    passing and taking the gold do not move a thief; "more than one on the
    three pathways around the opponent's exit" counts the mover's own
    thieves; an "accomplice" is any thief of the gang not carrying the gold;
    a forbidden count that an opponent's steal pushes over its limit may
    stay, but no own use may raise it; a turn is one player's roll and key
    uses, counted from 1.

    Examples
    --------
    >>> g = Thieves(seed=3)
    >>> g.is_chance, g.current_player
    (True, 'Pale')
    >>> g.apply(Roll(("red", "white"))).legal_actions()[0]
    Move(thief=1, row=1, col=3, key='white')
    """

    ACTIONS = ACTIONS
    EVENT_FIELDS = ("keys", "thief", "key", "src", "dst", "stake")
    MIN_PLAYERS = 2
    CHANCE_PHASE = "roll"
    MAX_PLAYERS = 2
    HIDDEN_INFO = False
    CHANCE_VERB = "roll"

    board = fixed("board", "The labyrinth (:class:`~furlib.thieves.board.Board`), fixed when the game is made.")
    dice = fixed("dice", "The six faces of each key die, as colours (fixed when the game is made).")
    doubling = fixed("doubling", "Whether the doubling variant is played (fixed when the game is made).")
    max_turns = fixed("max_turns", "Turns after which the game ends undecided, or None (fixed when the game "
                      "is made).")
    time_limit = fixed("time_limit", "Seconds to decide each move in the app, or None (fixed when the game "
                       "is made).")

    def __init__(self, players: Sequence[str] | int = ("Pale", "Dark"), *, board: Any = None,
                 dice: Sequence[str] | None = None, doubling: bool = False, max_turns: int | None = None,
                 time_limit: float | None = None, seed: int | None = None):
        super().__init__(players, seed=seed)
        self.board = Board.default() if board is None else Board.load(board)
        self.dice = check_dice(dice)
        self.doubling = check_bool("doubling", doubling)
        self.max_turns = None if max_turns is None else _check_max_turns(max_turns)
        if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, numbers.Real)
                                       or not 0 < time_limit <= MAX_TIME_LIMIT):
            raise ValueError(f"time_limit must be None or a number of seconds above 0 and at most {MAX_TIME_LIMIT}, "
                             f"got {excerpt(time_limit)}")
        self.time_limit = None if time_limit is None else float(time_limit)
        self._outcomes = [(_roll(tuple(o)), p) for o, p in dice_outcomes(2, self.dice)]
        self._start()

    @classmethod
    def _saved_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """A save made before the default labyrinth changed (December 2026) names no map (board None): it was
        played on the labyrinth now called "classic". Later saves always name their map or give its text."""
        if "board" in params and params["board"] is None:
            return {**params, "board": "classic"}
        return params

    def _params(self) -> dict[str, Any]:
        return {"players": list(self.players), "board": self.board.name or self.board.to_text(),
                "dice": list(self.dice), "doubling": self.doubling, "max_turns": self.max_turns,
                **({} if self.time_limit is None else {"time_limit": self.time_limit})}

    def _new_state(self) -> dict[str, Any]:
        cells = [list(c) for seat in (0, 1) for c in self.board.starts[seat]]
        return {"turn": 1, "current": 0, "phase": self._first_phase(0, None), "winner": None,
                "thieves": cells, "carrier": None, "keys": [], "roll": [], "moved": [], "passed": [],
                "uses": [], "last_uses": [], "stake": 1, "cube": None, "escaped": False}

    def _first_phase(self, seat: int, cube: int | None, stake: int = 1) -> str:
        """The phase a turn of ``seat`` begins with: "offer" if it may offer to double (the variant, the right
        to double its own or nobody's, the stake below :data:`MAX_STAKE`), else "roll"."""
        return "offer" if self.doubling and cube in (None, seat) and stake < MAX_STAKE else "roll"

    # ------------------------------------------------------------- views
    @property
    def thieves(self) -> dict[str, list[tuple[int, int]]]:
        """Each gang's thieves' squares, thieves 1 to 4 in order."""
        cells = [tuple(c) for c in self._state["thieves"]]
        return {self.players[0]: cells[:4], self.players[1]: cells[4:]}

    @property
    def carrier(self) -> tuple[str, int] | None:
        """``(player, thief number)`` of the thief carrying the gold, or None while it lies on the central square."""
        c = self._state["carrier"]
        return None if c is None else (self.players[c // 4], c % 4 + 1)

    @property
    def keys(self) -> list[str]:
        """The keys of this turn's roll not used yet (empty before the roll)."""
        return list(self._state["keys"])

    @property
    def roll(self) -> list[str]:
        """This turn's roll (empty before it); after the turn, the last roll is in the history."""
        return list(self._state["roll"])

    @property
    def stake(self) -> int:
        """The stake (1, doubled at each accepted offer)."""
        return int(self._state["stake"])

    @property
    def phase(self) -> str:
        """What happens next: "offer" (to double or not), "answer" (the offer), "roll", "keys" (use them) or "over"."""
        return cast(str, self._state["phase"])

    @property
    def escaped(self) -> bool:
        """True once a thief has escaped with the gold (the game is then over)."""
        return bool(self._state["escaped"])

    @property
    def uses(self) -> tuple[tuple[str, int, tuple[int, int], tuple[int, int]], ...]:
        """This turn's key uses so far: ``(kind, thief 0-7, from, to)``, kind "move", "pass", "steal" or "take"."""
        return tuple((k, t, tuple(a), tuple(b)) for k, t, a, b in self._state["uses"])

    @property
    def last_uses(self) -> tuple[tuple[str, int, tuple[int, int], tuple[int, int]], ...]:
        """The key uses of the last finished turn, as :attr:`uses` (empty before the first)."""
        return tuple((k, t, tuple(a), tuple(b)) for k, t, a, b in self._state["last_uses"])

    def position(self) -> Pos:
        """The position as :mod:`furlib.thieves.moves` reads it (an immutable record, made once per state)."""
        return self._cached("position", self._position)   # type: ignore[no-any-return]  # the memo holds Any

    def _position(self) -> Pos:
        """:meth:`position` made now (the rules call this while they change the state)."""
        s = self._state
        return Pos(tuple(tuple(c) for c in s["thieves"]), s["carrier"], frozenset(s["moved"]),
                   frozenset(s["passed"]), tuple(s["keys"]), s["current"])

    def thief_at(self, cell: tuple[int, int]) -> tuple[str, int] | None:
        """``(player, thief number)`` of the thief on ``cell`` (a square ``(row, col)`` of the map), or None.

        >>> Thieves().thief_at((1, 5)), Thieves().thief_at((1, 1))
        (('Pale', 1), None)

        Raises
        ------
        ValueError
            If ``cell`` is not a square of the map (naming it and the map's rows and columns).
        """
        r, c = check_cell(self.board, "cell", cell)
        for t, (tr, tc) in enumerate(self._state["thieves"]):
            if tr == r and tc == c:
                return self.players[t // 4], t % 4 + 1
        return None

    # ------------------------------------------------------------- chance
    def _chance_outcomes(self) -> list[tuple[object, Fraction]]:
        return list(self._outcomes)

    def _sample_chance(self, rng: np.random.Generator) -> object:
        # rng.integers(0, 6, size=2): the same two dice, drawn ahead in blocks by the core (Game._draw; every
        # draw of the game is a pair of these dice), read as the Roll of those faces
        first, second = self._draw(6, 2)
        return _rolls_of(self.dice)[6 * first + second]

    def _check_chance(self, action: object) -> None:
        if isinstance(action, OfferDouble) and self.doubling and self._state["stake"] >= MAX_STAKE:
            raise IllegalAction(f"the stake is {MAX_STAKE:,}, the most it may be (MAX_STAKE): no offer to double "
                                "is legal now; the dice are to be rolled: call step() to roll them.")
        if not isinstance(action, Roll):
            raise IllegalAction(f"the dice are to be rolled: call step() to roll them, or name the keys, e.g. "
                                f"apply(Roll(('red', 'white'))); got {excerpt(action)}.")
        keys = action.keys
        if type(keys) is not tuple or len(keys) != 2 or not all(type(k) is str for k in keys):  # made past Roll()
            raise IllegalAction(f"a roll is the keys of the two dice, e.g. apply(Roll(('red', 'white'))); "
                                f"got {excerpt(action)}.")
        bad = [k for k in keys if k not in self.dice]
        if bad:
            raise IllegalAction(f"the dice have no {join_words([excerpt(k) for k in bad])} face; "
                                f"their faces are {list(self.dice)}.")

    # ------------------------------------------------------------- rules
    def _legal_actions(self) -> list[object]:
        phase = self._state["phase"]
        if phase == "offer":
            return [KeepStake(), OfferDouble()]
        if phase == "answer":
            return [Accept(), Refuse()]
        uses_now = [use_to_action(u) for u in _legal_uses(self.board, self.position())]
        return uses_now

    def _is_legal(self, action: object) -> bool:
        """As ``action in legal_actions()``, and :class:`TimeUp` at a key use of a game with a time limit."""
        if isinstance(action, TimeUp):
            return self.time_limit is not None and self._state["phase"] == "keys" and not self.is_over
        return super()._is_legal(action)

    def _why_illegal(self, action: object) -> str:
        phase = self._state["phase"]
        me = self.current_player
        # an action is named in its words; anything else by an excerpt (a huge value is never echoed whole)
        named = str(action) if isinstance(action, ACTIONS) else excerpt(action)
        if phase in ("offer", "answer"):
            return f"{me} is to {'choose whether to double' if phase == 'offer' else 'answer the offer'}, not {named}."
        if isinstance(action, TimeUp):
            return "this game has no time_limit, so the time cannot run out: use the keys."
        if not isinstance(action, (Move, Pass, Steal, TakeGold, Escape)):
            return f"{excerpt(action)} is not a Thieves action: {me} is to use a key ({join_words(self.keys)})."
        key = getattr(action, "key", "black")
        if key not in self._state["keys"]:
            return f"{me} has no {key} key left (keys left: {join_words(self.keys) or 'none'})."
        return refusal(self, action)

    def _apply(self, action: object) -> None:
        s = self._state
        me = self.players[s["current"]]
        if isinstance(action, Roll):
            keys = list(action.keys)
            s["roll"], s["keys"] = list(keys), list(keys)
            s["moved"], s["passed"], s["uses"] = [], [], []
            self._emit(ev.ROLL, lambda: act(me, f"rolls {join_words(keys)}"), me, keys=tuple(keys))
            self._after_use()
        elif isinstance(action, (OfferDouble, KeepStake, Accept, Refuse)):
            self._stakes(action, me)
        elif isinstance(action, TimeUp):
            lost = list(s["keys"])
            self._emit(ev.LOST, lambda: act(me, f"runs out of time: {_the_keys(lost)} "
                                                f"{'is' if len(lost) == 1 else 'are'} lost"), me, keys=tuple(lost))
            s["keys"] = []
            self._after_use()
        else:
            # a key use: apply() lets through only the legal actions (and TimeUp, handled above)
            self._use(cast(_KeyUse, action), me)

    def _stakes(self, action: object, me: str) -> None:
        s = self._state
        seat, other = s["current"], 1 - s["current"]
        you = self.players[other]
        if isinstance(action, KeepStake):
            s["phase"] = "roll"
        elif isinstance(action, OfferDouble):
            offer = 2 * s["stake"]
            self._emit(ev.DOUBLE, lambda: act(me, f"offers to double the stake to {offer}"), me, stake=offer)
            s["phase"], s["current"] = "answer", other
        elif isinstance(action, Accept):
            s["stake"] *= 2
            stake = s["stake"]
            self._emit(ev.ACCEPT, lambda: act(me, f"accepts: the stake is {stake}"), me, stake=stake)
            s["cube"], s["phase"], s["current"] = seat, "roll", other
        else:
            stake = s["stake"]
            self._emit(ev.REFUSE, lambda: act(me, f"refuses and forfeits the stake of {stake}"), me, stake=stake)
            self._win(other, lambda: act(you, f"wins: {me} refused the doubled stake"))

    def _use(self, action: _KeyUse, me: str) -> None:
        s = self._state
        base = 4 * s["current"]
        t = base + action.thief - 1 if not isinstance(action, Pass) else base + action.giver - 1
        key = getattr(action, "key", "black")
        src = tuple(s["thieves"][t])
        name = f"{possessive(me)} thief {t % 4 + 1}".replace("Your thief", "your thief")
        if isinstance(action, Move):
            dst = (action.row, action.col)
            colour = self.board.doors[self.board.door_of(src, dst)]
            s["thieves"][t] = list(dst)
            s["moved"].append(t)
            gold = " with the gold" if s["carrier"] == t else ""
            self._emit(ev.MOVE, lambda: act(me, f"opens a {colour} doorway with the {key} key: thief {t % 4 + 1} "
                                                f"moves{gold} to {square_name(*dst)}"),
                       me, thief=t % 4 + 1, key=key, src=src, dst=dst)
            s["uses"].append(["move", t, list(src), list(dst)])
        elif isinstance(action, Pass):
            r = base + action.receiver - 1
            dst = tuple(s["thieves"][r])
            s["carrier"] = r
            s["passed"].append(t)
            recv = action.receiver
            self._emit(ev.PASS, lambda: act(me, f"passes the gold from thief {t % 4 + 1} to thief {recv} "
                                                f"with the {key} key"), me, thief=t % 4 + 1, key=key, src=src, dst=dst)
            s["uses"].append(["pass", t, list(src), list(dst)])
        elif isinstance(action, Steal):
            victim = s["carrier"]
            dst = tuple(s["thieves"][victim])
            other = self.players[victim // 4]
            s["carrier"] = t
            self._emit(ev.STEAL, lambda: act(me, f"steals the gold from {possessive(other).replace('Your', 'your')} "
                                                 f"thief {victim % 4 + 1} with the {key} key (thief {t % 4 + 1})"),
                       me, thief=t % 4 + 1, key=key, src=src, dst=dst)
            s["uses"].append(["steal", t, list(dst), list(src)])
        elif isinstance(action, TakeGold):
            s["carrier"] = t
            self._emit(ev.TAKE, lambda: act(me, f"opens the central square with the black key: {name} "
                                                "takes the gold"), me, thief=t % 4 + 1, key=key, src=src)
            s["uses"].append(["take", t, list(self.board.gold_square), list(src)])
        else:
            s["escaped"] = True
            s["keys"].remove(key)
            self._emit(ev.ESCAPE, lambda: act(me, f"opens the exit with the black key: {name} escapes with the gold"),
                       me, thief=t % 4 + 1, key=key, src=src)
            self._win(s["current"], lambda: act(me, "wins!"))
            return
        s["keys"].remove(key)
        self._after_use()

    def _after_use(self) -> None:
        """End the turn once no key left can be used (the keys that cannot are lost)."""
        s = self._state
        if s["keys"] and _legal_uses(self.board, self._position()):   # kept: the next decision reads it
            s["phase"] = "keys"
            return
        if s["keys"]:
            me, lost = self.players[s["current"]], list(s["keys"])
            self._emit(ev.LOST, lambda: act(me, f"cannot use {_the_keys(lost)}: "
                                                f"{'it is' if len(lost) == 1 else 'they are'} lost"),
                       me, keys=tuple(lost))
        s["keys"], s["moved"], s["passed"] = [], [], []
        s["last_uses"], s["uses"] = s["uses"], []
        if self.max_turns is not None and s["turn"] >= self.max_turns:
            s["phase"] = "over"
            n = s["turn"]
            self._emit(ev.UNDECIDED, lambda: f"After {plural(n, 'turn')} (max_turns) the game ends undecided", None)
            return
        s["turn"] += 1
        s["current"] = 1 - s["current"]
        s["phase"] = self._first_phase(s["current"], s["cube"], s["stake"])

    def _win(self, seat: int, text: str | Callable[[], str]) -> None:
        s = self._state
        s["phase"], s["winner"] = "over", seat
        s["last_uses"] = s["uses"]
        self._emit(ev.WIN, text, self.players[seat], stake=s["stake"])

    def check_invariants(self) -> None:
        s = self._state
        cells = [tuple(c) for c in s["thieves"]]
        assert len(cells) == 8, f"{len(cells)} thieves, not 8"
        assert len(set(cells)) == 8, f"two thieves share a pathway: {cells}"
        path = set(self.board.pathways)
        assert all(c in path for c in cells), f"a thief is off the pathways: {cells}"
        c = s["carrier"]
        assert c is None or (isinstance(c, int) and 0 <= c < 8), f"bad carrier {c!r}"
        if s["escaped"]:
            assert s["phase"] == "over" and c is not None and c // 4 == s["winner"], "an escape without its carrier"
            assert cells[c] == self.board.exits[s["winner"]], "an escape from elsewhere than the exit"
        for seat in (0, 1):
            assert self.board.exits[1 - seat] not in cells[4 * seat:4 * seat + 4], "a thief on the opponent's exit"
        assert (s["phase"] == "over") or s["winner"] is None
