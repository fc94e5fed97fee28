"""Oh Furcle!: the rules engine (no display code).

Rulings from ``RULES.md`` are the defaults; the ones marked (param) there are
constructor keywords.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import islice
from operator import itemgetter
from typing import Any

import numpy as np

from ..core.engine.actions import set_tuple, set_whole_number
from ..core.engine.chance import dice_outcomes
from ..core.engine.fixed import fixed
from ..core.engine.game import Game
from ..core.errors import IllegalAction, check_bool, check_int, excerpt
from ..core.words import act, possessive
from . import events as ev
from .scoring import MAX_BONUS, MAX_DICE, MAX_SIDES, BonusTable, check_bonus, describe_checked, score_checked

__all__ = ["Furcle", "Dice", "Roll", "Satisfied", "Beekin", "AcceptFurcle", "MAX_TARGET", "MAX_DICE", "MAX_SIDES",
           "MAX_BONUS"]

#: The largest target (``Furcle(target=...)``; the settings panel offers 1 to this). A game to it ends well
#: within ``Game.MAX_STEPS`` (100,000 actions): of 200 seeded games to 1000 with BeekinSmart or RandomBot for
#: every player, the longest took 1,665 actions with 2 players and 4,305 with 6 (RandomBot; BeekinSmart 1,142
#: and 3,072).
MAX_TARGET = 1000


# --------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Dice:
    """Chance outcome: the faces of the dice just rolled (e.g. ``Dice((3, 3, 5, 6, 1))``)."""

    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        faces = self.faces
        if type(faces) is not tuple and isinstance(faces, Iterable) and not isinstance(faces, (str, bytes, Mapping)):
            faces = tuple(islice(faces, MAX_DICE + 1))   # read lazily: no more than a roll can have
            object.__setattr__(self, "faces", faces)
        if type(faces) is tuple and len(faces) > MAX_DICE:
            raise IllegalAction(f"Dice's faces must be at most {MAX_DICE} faces (MAX_DICE), e.g. "
                                f"Dice((3, 3, 5, 6, 1)); got more: {excerpt(faces)}")
        set_tuple(self, "faces", "int", "Dice((3, 3, 5, 6, 1))")

    def __str__(self) -> str:
        return "roll " + ",".join(str(f) for f in self.faces)


@dataclass(frozen=True)
class Roll:
    """Not Satisfied: keep the turn score and roll the dice that scored again."""

    def __str__(self) -> str:
        return "roll again"


@dataclass(frozen=True)
class Satisfied:
    """Be Satisfied: add the turn score to your track score; the turn ends."""

    def __str__(self) -> str:
        return "be Satisfied"


@dataclass(frozen=True)
class Beekin:
    """Say "Beekin!": add 1 to die number ``die`` (counting from 0) of this roll."""

    die: int

    def __post_init__(self) -> None:
        set_whole_number(self, "die", "Beekin(0) for the first die")

    def __str__(self) -> str:
        return f"Beekin die {self.die}"


@dataclass(frozen=True)
class AcceptFurcle:
    """Say "Oh Furcle!": lose the turn score and end the turn (instead of a Beekin)."""

    def __str__(self) -> str:
        return "accept the Furcle"


_ROLL, _SATISFIED, _ACCEPT = Roll(), Satisfied(), AcceptFurcle()
_NO_OPTIONS: tuple[tuple[tuple[int, Beekin], ...], None] = ((), None)
_points = itemgetter(0)
_BEEKIN = tuple(Beekin(i) for i in range(MAX_DICE))
_ACTION_KINDS = frozenset((Dice, Roll, Satisfied, Beekin, AcceptFurcle))

_CACHE_SIZE = 1 << 16
_Scores = dict[tuple[int, ...], tuple[int, int]]
_Option = tuple[int, "Beekin"]
_Options = dict[tuple[int, ...], tuple[tuple[_Option, ...], _Option | None]]
#: What rolls score, worked out once per rule set: (bonus table as items, sides) -> the points and the number
#: of scoring dice ``{faces: (points, dice to roll again)}`` (from ``score_checked(faces, bonus)``) and the
#: Beekins open on each roll with the one that scores most ``{faces: (((points after the Beekin,
#: Beekin(die)), ...), the first best or None)}``, shared by the games of one rule set. Least recently used
#: first: it keeps the ``_TABLES_SIZE`` rule sets last used (a game keeps its own, so a game whose rule set was
#: dropped still works). Each dict is emptied when it reaches ``_CACHE_SIZE`` rolls.
_TABLES: OrderedDict[tuple[tuple[tuple[int, int], ...], int], tuple[_Scores, _Options]] = OrderedDict()
_TABLES_SIZE = 8
#: The engine's rolls, made once: the numbers drawn (0 to sides - 1) -> Dice(those numbers + 1).
_DICE: dict[tuple[int, ...], Dice] = {}
#: The printed bonus table, made once and shared by the games made without ``bonus`` (it cannot change), and
#: its items (the rule set's key).
_PRINTED = BonusTable(check_bonus(None))
_PRINTED_ITEMS = tuple(_PRINTED.items())


def _dice(drawn: tuple[int, ...]) -> Dice:
    """``Dice`` of the faces ``drawn + 1`` for numbers the engine drew (0 to sides - 1), made once."""
    d = _DICE.get(drawn)
    if d is None:
        if len(_DICE) >= _CACHE_SIZE:
            _DICE.clear()
        d = _DICE[drawn] = Dice(tuple([f + 1 for f in drawn]))
    return d


def _tables_of(key: tuple[tuple[tuple[int, int], ...], int]) -> tuple[_Scores, _Options]:
    """The shared scores and Beekin options of the rule set ``key`` (bonus items, sides); new when not kept."""
    tables = _TABLES.get(key)
    if tables is None:
        tables = _TABLES[key] = ({}, {})
        while len(_TABLES) > _TABLES_SIZE:
            _TABLES.popitem(last=False)
    else:
        _TABLES.move_to_end(key)
    return tables


# ------------------------------------------------------------------------ game
class Furcle(Game):
    """Oh Furcle!: push-your-luck with five dice.

    Roll the dice; every group of equal faces scores (pair: the face; three
    of a kind: face + 10; four: + 15; five: + 20). Then be Satisfied (bank
    the turn score) or roll the dice that scored again. A roll with all
    faces different is a Furcle: the turn score is lost. Once a turn you may
    say Beekin and add 1 to one die. The first to reach the target becomes
    the Leader; a Leader still leading at the start of their next turn wins.

    Parameters
    ----------
    players : int or list of str, default 2
        How many players (1 or more), or their names.
    target : int or None, default 50
        Track score that makes a player the Leader (1 to ``MAX_TARGET``,
        1000: a game to it ends well within ``MAX_STEPS``). ``None`` is
        practice: there is no target, nobody becomes the Leader and the game
        never ends by itself, so it is played turn by turn with :meth:`step`
        (``play()`` refuses it), e.g. to watch one player's turns for a
        lesson; it still holds at most ``MAX_STEPS`` actions.
    n_dice : int, default 5
        Dice rolled at the start of each turn (2 to ``MAX_DICE``, 10).
    sides : int, default 6
        Faces per die (2 to ``MAX_SIDES``, 20), numbered 1 to ``sides``.
    bonus : dict, optional
        Bonus per group size, default ``{2: 0, 3: 10, 4: 15, 5: 20}``; a larger
        group gets the largest bonus plus 5 per extra die. The sizes are 2, 3,
        ... with no gap, up to at most ``MAX_DICE`` (no roll has a bigger
        group); each bonus is 0 to ``MAX_BONUS`` (1000).
    beekin : bool, default True
        Whether the once-a-turn Beekin may be used.
    seed : int, optional
        Seed of the game's own random generator: same seed and same
        decisions, same game.

    Notes
    -----
    Rulings (``RULES.md``): scoring dice are all dice in scoring groups; a
    Beekin is used after seeing a roll and before it is scored, on a die not
    showing the top face; a player becomes Leader after banking when their
    total reaches the target and there is no Leader or they pass the Leader's
    total strictly; a Leader wins at the start of their next turn.

    Examples
    --------
    >>> g = Furcle(players=["Ann", "Bob"], seed=3)
    >>> g.apply(Dice((3, 3, 5, 6, 1)))   # a rigged first roll
    <Furcle ...>
    >>> g.roll_points
    3
    >>> [str(a) for a in g.legal_actions()][:3]
    ['roll again', 'be Satisfied', 'Beekin die 0']
    """

    ACTIONS = (Dice, Roll, Satisfied, Beekin, AcceptFurcle)
    EVENT_FIELDS = ("faces", "points", "turn_score")
    MIN_PLAYERS = 1
    CHANCE_PHASE = "roll"
    MAX_PLAYERS = None

    # kept by the fixed properties below
    _target: int | None
    _n_dice: int
    _sides: int
    _beekin: bool
    _bonus: BonusTable

    target = fixed("target", "Track score that makes a player the Leader (fixed when the game is made).")
    n_dice = fixed("n_dice", "Dice rolled at the start of each turn (fixed when the game is made).")
    sides = fixed("sides", "Faces per die, numbered 1 to ``sides`` (fixed when the game is made).")
    beekin = fixed("beekin", "Whether the once-a-turn Beekin may be used (fixed when the game is made).")
    bonus = fixed("bonus", "The bonus table ``{group size: bonus points}``, a ``BonusTable`` "
                  "(:mod:`furlib.furcle.scoring`) fixed when the game is made (the scores of rolls are worked "
                  "out for it).")

    def __init__(
        self,
        players: int | Sequence[str] = 2,
        *,
        target: int | None = 50,
        n_dice: int = 5,
        sides: int = 6,
        bonus: Mapping[int, int] | None = None,
        beekin: bool = True,
        seed: int | None = None,
    ):
        super().__init__(players, seed=seed)
        if target is not None:
            target = check_int("target", target, low=1)
            if target > MAX_TARGET:
                raise ValueError(f"target must be between 1 and {MAX_TARGET} (MAX_TARGET: a game to it ends within a "
                                 f"few thousand actions) or None (practice: no target), got {excerpt(target)}")
        self.target = target
        self.n_dice = check_int("n_dice", n_dice, low=2, high=MAX_DICE)
        self.sides = check_int("sides", sides, low=2, high=MAX_SIDES)
        self.bonus = _PRINTED if bonus is None else BonusTable(check_bonus(bonus))
        self.beekin = check_bool("beekin", beekin)
        #: Scores of the rolls seen with these rules, and the Beekins open on them (shared by the games with
        #: the same bonus table and dice).
        self._scores, self._options = _tables_of((_PRINTED_ITEMS if bonus is None else tuple(self._bonus.items()),
                                                  self._sides))
        self._start()

    # ------------------------------------------------------------- state
    def _params(self) -> dict[str, Any]:
        return {"players": list(self._players), "target": self._target, "n_dice": self._n_dice,
                "sides": self._sides, "bonus": {str(k): v for k, v in self._bonus.items()},
                "beekin": self._beekin}

    def _new_state(self) -> dict[str, Any]:
        return {"turn": 1, "current": 0, "scores": [0] * len(self._players), "leader": None,
                "phase": "roll", "to_roll": self._n_dice, "dice": (), "points": 0, "turn_score": 0,
                "beekin_used": False, "beekin_die": None, "winner": None}

    @property
    def leader(self) -> str | None:
        """The Leader, or None while nobody has reached the target."""
        i = self._state["leader"]
        return None if i is None else self._players[i]

    @property
    def dice(self) -> tuple[int, ...]:
        """The faces of the last roll of this turn (empty before the first roll)."""
        dice: tuple[int, ...] = self._state["dice"]
        return dice

    @property
    def dice_to_roll(self) -> int:
        """How many dice the next roll of this turn uses."""
        s = self._state
        to_roll: int = s["to_roll"]
        return to_roll

    @property
    def roll_points(self) -> int:
        """Points of the roll on the table (0 before a roll, or for a Furcle)."""
        points: int = self._state["points"]
        return points

    def _score(self, faces: tuple[int, ...]) -> tuple[int, int]:
        """The points of a roll of ``faces`` and how many of its dice score (are rolled again), from
        ``score_checked(faces, self.bonus)``, worked out once per roll of faces."""
        sc = self._scores.get(faces)
        if sc is None:
            table = self._scores
            if len(table) >= _CACHE_SIZE:
                table.clear()
            points, scoring = score_checked(list(faces), self._bonus)
            sc = table[faces] = points, len(scoring)
        return sc

    @property
    def turn_score(self) -> int:
        """Points at stake this turn: earlier rolls plus the roll on the table."""
        s = self._state
        at_stake: int = s["turn_score"] + s["points"]
        return at_stake

    @property
    def beekin_available(self) -> bool:
        """True while the current player may still say Beekin this turn."""
        return self._beekin and not self._state["beekin_used"] and not self.is_over

    def beekin_points(self, die: int) -> int:
        """Points the roll on the table would score with ``die`` raised by 1 (a Beekin on it; 0: a Furcle).

        A question only: it does not ask whether a Beekin is still allowed (see :attr:`beekin_available`).

        >>> g = Furcle(seed=1).roll(2, 2, 4, 5, 6)
        >>> g.roll_points, g.beekin_points(2), g.beekin_points(0)   # 4 -> 5 makes a pair of 5s; 2 -> 3 breaks the 2s
        (2, 7, 0)
        """
        dice = self._state["dice"]
        if self._state["phase"] != "decide":
            raise ValueError("there is no roll on the table: beekin_points() asks about the dice just rolled")
        die = check_int("die", die, low=0, high=len(dice) - 1)
        if dice[die] >= self._sides:
            raise ValueError(f"die {die} shows {dice[die]}, the top face: it cannot be raised (Beekin raises "
                             f"a die showing 1 to {self._sides - 1})")
        return self._score(dice[:die] + (dice[die] + 1,) + dice[die + 1:])[0]

    @property
    def beekin_options(self) -> list[tuple[int, Beekin]]:
        """Every Beekin legal now, with the points the roll would then score: ``[(points, Beekin(die)), ...]``.

        Empty when no Beekin may be said (none left this turn, switched off, no roll on the table, or every
        die shows the top face). Worked out once per roll of faces.

        >>> Furcle(seed=1).roll(2, 2, 4, 5, 6).beekin_options
        [(0, Beekin(die=0)), (0, Beekin(die=1)), (7, Beekin(die=2)), (8, Beekin(die=3))]
        """
        return list(self._beekin_table()[0])

    @property
    def best_beekin(self) -> tuple[int, Beekin] | None:
        """The Beekin legal now that scores most, with those points (the first such): ``(points, Beekin(die))``.

        None when no Beekin may be said (see :attr:`beekin_options`, whose largest it is). Worked out once per
        roll of faces.

        >>> Furcle(seed=1).roll(2, 2, 4, 5, 6).best_beekin
        (8, Beekin(die=3))
        """
        return self._beekin_table()[1]

    def _beekin_table(self) -> tuple[tuple[_Option, ...], _Option | None]:
        """(:attr:`beekin_options` as a tuple, :attr:`best_beekin`), kept for the rule set by faces."""
        s = self._state
        if s["phase"] != "decide" or not self._beekin or s["beekin_used"]:
            return _NO_OPTIONS
        dice = s["dice"]
        table = self._options.get(dice)
        if table is None:
            score, top = self._score, self._sides
            if len(self._options) >= _CACHE_SIZE:
                self._options.clear()
            options = tuple((score(dice[:i] + (f + 1,) + dice[i + 1:])[0], _BEEKIN[i])
                            for i, f in enumerate(dice) if f < top)
            table = self._options[dice] = options, max(options, key=_points, default=None)
        return table

    @property
    def beekin_die(self) -> int | None:
        """Position of the die raised by this turn's Beekin in the roll on the table."""
        die: int | None = self._state["beekin_die"]
        return die

    @property
    def scoring_mask(self) -> tuple[bool, ...]:
        """For each die on the table, whether it is in a scoring group."""
        counts = Counter(self._state["dice"])
        return tuple(counts[f] >= 2 for f in self._state["dice"])

    # ------------------------------------------------------------- rules
    def _legal_actions(self) -> list[object]:
        s = self._state
        dice = s["dice"]
        acts: list[object] = [_ROLL, _SATISFIED] if s["points"] > 0 else [_ACCEPT]
        if self._beekin and not s["beekin_used"]:
            top = self._sides
            acts += [_BEEKIN[i] for i, f in enumerate(dice) if f < top]
        return acts

    def _is_legal(self, action: object) -> bool:
        kind = type(action)
        if kind is Roll or kind is Satisfied:
            return self._state["points"] > 0   # type: ignore[no-any-return]  # the state holds ints here
        if kind is AcceptFurcle:
            return self._state["points"] == 0  # type: ignore[no-any-return]  # the state holds ints here
        if kind is Beekin:                     # as _legal_actions() lists them
            s, die = self._state, action.die   # type: ignore[attr-defined]  # kind is Beekin: the action is one
            return (self._beekin and not s["beekin_used"] and type(die) is int and 0 <= die < len(s["dice"])
                    and s["dice"][die] < self._sides)
        return action in self._legal()

    def _why_illegal(self, action: object) -> str:
        s = self._state
        if isinstance(action, Dice):
            return f"{action} is a roll of the dice, but {self.current_player} must decide now."
        if isinstance(action, Beekin):
            if not self._beekin:
                return "Beekin is switched off in this game (beekin=False)."
            if s["beekin_used"]:
                return f"{self.current_player} has already said Beekin this turn."
            if not (isinstance(action.die, int) and 0 <= action.die < len(s["dice"])):
                return f"there is no die {excerpt(action.die)}: dice are numbered 0 to {len(s['dice']) - 1}."
            return f"die {action.die} shows {s['dice'][action.die]}, the top face: it cannot be raised."
        if isinstance(action, (Roll, Satisfied)):
            return "this roll is a Furcle: nothing to keep or bank (say Beekin to rescue it, or accept it)."
        if isinstance(action, AcceptFurcle):
            return "this roll scores: it is not a Furcle."
        return (f"{excerpt(action)} is not a Furcle action (expected Roll(), Satisfied(), Beekin(die) or "
                "AcceptFurcle()).")

    def _chance_outcomes(self) -> list[tuple[object, Fraction]]:
        return [(Dice(faces), p) for faces, p in dice_outcomes(self._state["to_roll"], range(1, self._sides + 1))]

    def _check_chance(self, action: object) -> None:
        k = self._state["to_roll"]
        example = Dice(tuple(range(1, k + 1)) if k <= self._sides else (1,) * k)
        if not isinstance(action, Dice):
            raise IllegalAction(
                f"{self.current_player} is about to roll {k} dice: call step() to roll them, "
                f"or give the faces, e.g. apply({excerpt(example)}); got {excerpt(action)}."
            )
        faces = action.faces
        if not isinstance(faces, tuple) or len(faces) != k:
            raise IllegalAction(f"{self.current_player} rolls {k} dice, so give {k} faces; got {excerpt(faces)}.")
        for f in faces:
            if isinstance(f, bool) or not isinstance(f, (int, np.integer)) or not 1 <= f <= self._sides:
                raise IllegalAction(f"each face must be a whole number from 1 to {self._sides}; got {excerpt(f)} in "
                                    f"{excerpt(faces)}.")

    def _sample_chance(self, rng: np.random.Generator) -> object:
        # rng.integers(1, sides + 1, size=k): the same dice as rng.integers(sides, size=k) + 1, drawn ahead
        # (Game._draw: the timeline's blocks, called here without the wrapper, once a roll)
        drawn = self._timeline.draw(self._sides, self._state["to_roll"])
        return _DICE.get(drawn) or _dice(drawn)

    def _apply(self, action: object) -> None:
        s = self._state
        kind: type[object] | None = type(action)
        if kind is not Dice and kind not in _ACTION_KINDS:   # a subclass of an action: the kind it is
            kind = next((k for k in (Dice, Beekin, AcceptFurcle, Roll, Satisfied) if isinstance(action, k)), None)
        if kind is Dice:
            faces = s["dice"] = action.faces  # type: ignore[attr-defined]  # plain ints: _check_chance or the engine
            s["phase"] = "decide"
            s["beekin_die"] = None
            pts, s["to_roll"] = self._scores.get(faces) or self._score(faces)
            s["points"] = pts
            if self._timeline.recording:
                me = self._players[s["current"]]
                self._emit(ev.ROLL, lambda: _roll_text(me, faces, pts), me, faces=faces, points=pts,
                           turn_score=s["turn_score"] + pts)
            # a Furcle's dice all differ and there are at least 2 of them, so one shows less than the top face:
            # a Beekin can rescue it whenever one is left this turn
            if pts == 0 and (s["beekin_used"] or not self._beekin):
                self._end_turn(True)
        elif kind is Roll:
            total = s["turn_score"] = s["turn_score"] + s["points"]
            k = s["to_roll"]
            s["points"] = 0
            s["phase"] = "roll"
            if self._timeline.recording:
                me = self._players[s["current"]]
                self._emit(ev.ROLL_AGAIN,
                           lambda: act(me, f"is not Satisfied: turn score {total}, and rolls {k} dice again"),
                           me, turn_score=total)
        elif kind is Beekin:
            die = action.die  # type: ignore[attr-defined]  # kind is Beekin: the action is one
            dice = s["dice"]
            old = dice[die]
            was_scoring = s["points"] > 0
            faces = s["dice"] = dice[:die] + (old + 1,) + dice[die + 1:]
            s["beekin_used"] = True
            s["beekin_die"] = die
            pts, s["to_roll"] = self._scores.get(faces) or self._score(faces)
            s["points"] = pts
            if self._timeline.recording:
                me = self._players[s["current"]]
                self._emit(ev.BEEKIN, (_beekin_text, me, old, faces, pts, was_scoring), me, faces=faces, points=pts,
                           turn_score=s["turn_score"] + pts)
            if pts == 0:
                self._end_turn(True)
        elif kind is AcceptFurcle:
            self._end_turn(True)
        elif kind is Satisfied:
            banked = s["turn_score"] + s["points"]   # the turn score
            i = s["current"]
            total = s["scores"][i] = s["scores"][i] + banked
            if self._timeline.recording:
                me = self._players[s["current"]]
                self._emit(ev.SATISFIED, lambda: act(me, f"is Satisfied and banks {banked}: track score {total}"),
                           me, points=banked, turn_score=banked)
            self._check_leader(i)
            self._end_turn(False)
        else:  # pragma: no cover - legal_actions() guards this
            raise AssertionError(action)

    def _check_leader(self, i: int) -> None:
        s = self._state
        total = s["scores"][i]
        lead = s["leader"]
        if self._target is not None and total >= self._target and (lead is None or total > s["scores"][lead]):
            s["leader"] = i
            if self._timeline.recording:
                if lead is None:
                    text = act(self._players[i], f"reaches {self._target} and becomes the Leader")
                else:
                    text = act(self._players[i], f"passes {self._players[lead]} and becomes the Leader")
                self._emit(ev.LEADER, text, self._players[i])

    def _end_turn(self, furcle: bool) -> None:
        """The turn ends (``furcle``: with a Furcle, said first) and the next player's starts, or the game ends."""
        s = self._state
        if furcle and self._timeline.recording:
            loser = self._players[s["current"]]
            self._emit(ev.FURCLE, (_furcle_text, loser, s["turn_score"]), loser, points=0, turn_score=0)
        s["turn"] += 1
        s["current"] = (s["current"] + 1) % len(self._players)
        s["phase"] = "roll"
        s["to_roll"] = self._n_dice
        s["dice"] = ()
        s["points"] = 0
        s["turn_score"] = 0
        s["beekin_used"] = False
        s["beekin_die"] = None
        if s["leader"] == s["current"]:
            s["phase"] = "over"
            s["winner"] = s["current"]
            if self._timeline.recording:
                me = self._players[s["current"]]
                self._emit(ev.WIN, act(me, f"is still the Leader at the start of {'your' if me == 'You' else 'their'} "
                                       "turn and wins!"), me)

    def check_invariants(self) -> None:
        s = self._state
        assert s["phase"] in ("roll", "decide", "over"), s["phase"]
        assert all(x >= 0 for x in s["scores"])
        assert 0 <= s["turn_score"]
        if s["phase"] != "decide":
            assert s["points"] == 0, "points are those of a roll on the table"
        if s["phase"] == "roll":
            assert 1 <= s["to_roll"] <= self._n_dice
        if s["phase"] == "decide":
            points, scoring = score_checked(list(s["dice"]), self._bonus)   # scored anew, not read from the table
            assert (s["points"], s["to_roll"]) == (points, len(scoring)) == self._score(s["dice"])
            assert 1 <= len(s["dice"]) <= self._n_dice
            assert all(1 <= f <= self._sides for f in s["dice"])
        if s["leader"] is not None:
            lead = s["scores"][s["leader"]]
            assert self._target is not None and lead >= self._target
            assert all(x <= lead for x in s["scores"]), "nobody banks past the Leader without leading"
        assert (s["winner"] is not None) == (s["phase"] == "over")

    def play(self, *policies: Any, max_steps: int | None = None) -> Furcle:
        """Play to the end and return the game (see :meth:`furlib.core.engine.game.Game.play`).

        A practice game (``target=None``) never ends, so it is refused unless
        ``max_steps`` says how many actions to play: step it turn by turn instead.
        """
        if self._target is None and max_steps is None:
            raise ValueError("this game has no target (target=None, practice), so nobody ever wins and play() would "
                             "never end: play it turn by turn with step(), e.g. while g.turn <= 100: g.step(bot)")
        super().play(*policies, max_steps=max_steps)
        return self

    # --------------------------------------------------- friendly verbs
    def roll(self, *faces: int) -> Furcle:
        """Roll now: with the game's dice, or with the given faces (a rigged roll).

        After a scoring roll this also means "not Satisfied: roll again".

        >>> Furcle(seed=1).roll(2, 2, 4, 5, 6).roll_points
        2
        """
        if self.is_over:
            raise IllegalAction(f"the game is over ({self._over_text()}); nobody rolls any more.")
        start = self.n_steps
        try:
            if not self.is_chance and _ROLL in self.legal_actions():
                self.apply(_ROLL)
            if not self.is_chance:
                raise IllegalAction(f"{self.current_player} cannot roll now: this roll is a Furcle "
                                    "(say Beekin to rescue it, or accept it).", self.legal_actions())
            if faces:   # Dice reads a list given whole (roll([3, 3, 5])) lazily, as far as a roll goes
                self.apply(Dice(faces[0] if len(faces) == 1 and isinstance(faces[0], (tuple, list)) else faces))
            else:
                self.step()
        except BaseException:
            if self.n_steps > start:      # a refused roll changes nothing: take back "roll again" too
                self.undo(self.n_steps - start)
            raise
        return self


def _faces(faces: Sequence[int]) -> str:
    return ",".join(str(f) for f in faces)


def _roll_text(me: str, faces: tuple[int, ...], pts: int) -> str:
    if pts:
        return act(me, f"rolls {_faces(faces)}: {describe_checked(faces)} scores {pts}")
    return act(me, f"rolls {_faces(faces)}: all different")


def _furcle_text(me: str, lost: int) -> str:
    if lost:
        return f"Oh Furcle! {act(me, f'loses {lost}')} and the turn ends"
    return f"Oh Furcle! {possessive(me)} turn ends with nothing to bank"


def _beekin_text(me: str, old: int, faces: tuple[int, ...], pts: int, was_scoring: bool) -> str:
    text = act(me, f"says Beekin! A {old} becomes a {old + 1}: ")
    if pts:
        return text + f"{describe_checked(faces)} scores {pts}"
    return text + ("now all different" if was_scoring else "still all different")
