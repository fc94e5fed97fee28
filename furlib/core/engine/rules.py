"""A game's rules for one set of parameters: what may be done, and what it does (OpenSpiel's Game).

A game's rules are a subclass of :class:`Rules`, made once per set of parameters (:meth:`Rules.of`) and
shared by every game played with them, so the tables worked out from the parameters (the score of every
roll, the Roll of every count of faces) are made once (Thieves keeps a labyrinth's tables per map instead,
shared by every rule set with that map). Rules hold no position: each hook is given the state
(:mod:`furlib.core.engine.state`) and changes it in place or reads it; what happened is written as events
of data (a kind and its facts) through the ``log`` the engine passes, and the game's texts turn them into
sentences (:mod:`furlib.core.engine.texts`). A reader follows each section of a rulebook to one method.

A game without hidden information needs at most seven: :meth:`params`, :meth:`start`, :meth:`legal_actions`,
:meth:`apply`, and for chance :meth:`chance_outcomes` (:meth:`sample` to draw faster), with
:meth:`why_illegal` (the rule a refused action breaks) to say why. The others are refinements a game adds where
they pay: :meth:`is_legal` (a quick test), :meth:`check` (invariants), :meth:`check_chance` (a refused outcome in
the game's words), :meth:`is_chance` (chance points that are not one phase). Nim, without chance, implements seven
(the first four, :meth:`why_illegal`, :meth:`is_legal` and :meth:`check`), and so does Pig, with a die
(:meth:`chance_outcomes` in place of :meth:`is_legal`: ``tests/engine/test_hooks.py`` counts them). A game with
hidden information adds :meth:`redact` and :meth:`secrets`.

Since one rule set serves every game with its parameters, games in progress too, it is sealed once made: the
whole construction done (every ``__init__`` up its classes, so a subclass sets its attributes after
``super().__init__`` as usual), setting or deleting any attribute raises AttributeError saying to make a game
with other parameters instead. Its memo tables are private dicts filled in place, which it may still do.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import gcd
from typing import Any, ClassVar, Protocol

from ..errors import excerpt
from .fixed import FrozenDict
from .state import State

__all__ = ["Rules", "Log", "Stream"]


class Log(Protocol):
    """Where rules write what happened (the engine's writer; it records only when someone reads)."""

    def emit(self, kind: str, seat: int | None = None, *facts: Any, visible_to: Sequence[int] | None = None,
             **data: Any) -> None:
        """An event of ``kind`` by the player in ``seat`` (None: the table's), with its facts: in the order the
        rules' :attr:`Rules.FACTS` names them for ``kind`` (``emit("steal", me, "Bob", 3)``), or as keywords
        (``emit("steal", me, target="Bob", has=3)``), not both. Either way the event's data is the same dict."""

    def name(self, seat: int) -> str:
        """The name of the player in ``seat`` (for an event's data that a history shows by name)."""


class Stream(Protocol):
    """The game's random stream, as rules draw from it (the game's :class:`~furlib.core.engine.timeline.Timeline`)."""

    def draw(self, high: int, k: int) -> tuple[int, ...]:
        """``k`` whole numbers from 0 to ``high - 1``: the dice of a roll (drawn ahead in blocks)."""

    def index(self, n: int) -> int:
        """One whole number from 0 to ``n - 1``: which card comes off a shuffled deck of ``n``."""

_MADE: dict[tuple[Any, ...], Rules] = {}
#: How many rule sets are kept (the least recently made dropped first): a sweep over many rule values makes
#: one per cell.
MAX_KEPT = 64


#: The attribute that marks a rule set sealed (``Rules.__sealed`` in its class; copied by ``copy`` and ``pickle``).
_SEALED = "_Rules__sealed"


class _Sealing(type):
    """The metaclass of :class:`Rules`: a rule set made by calling its class (``Rules.of`` does) is sealed once the
    whole construction has returned, so every ``__init__`` of its classes sets its attributes first."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        rules = super().__call__(*args, **kwargs)
        # an attribute, never through ``rules.__dict__``: asking an object for its ``__dict__`` makes CPython keep
        # its attributes in a real dict from then on, and every later read of them slower (see core.engine.fixed)
        object.__setattr__(rules, _SEALED, True)
        return rules

    @property
    def __signature__(cls) -> inspect.Signature:
        """The class's signature, its ``__init__``'s without ``self`` (what ``help`` and the docs show), as for a
        class without this metaclass (whose ``__call__`` takes anything)."""
        made: Any = cls          # a class (mypy takes ``cls.__init__`` for an instance's)
        init = inspect.signature(made.__init__)
        return init.replace(parameters=list(init.parameters.values())[1:])


class Rules(metaclass=_Sealing):
    """The rules of a game for one set of parameters (see the module docstring).

    Subclasses set the class attributes below, take their parameters (checked) in ``__init__`` and
    implement the hooks. ``players`` is the number of seats. Once made, a rule set is sealed: setting or
    deleting an attribute raises AttributeError (its private memo dicts may still be filled in place).
    """

    #: The action classes of the game (decisions and chance outcomes), for saves.
    ACTIONS: ClassVar[tuple[type, ...]] = ()
    #: The names of each event kind's facts, in the order the rules give them to ``log.emit`` (a kind not
    #: listed gives its facts as keywords). Given in order, a fact costs a silent log (the events not read)
    #: no keyword to gather.
    FACTS: ClassVar[Mapping[str, tuple[str, ...]]] = FrozenDict({})
    #: The phase that is the chance point (``"roll"``), or None for a game without chance or whose chance
    #: points are not one phase (it implements :meth:`is_chance`).
    CHANCE_PHASE: ClassVar[str | None] = None
    #: Whether the rule set is sealed (True on the object once made, by the metaclass).
    __sealed = False

    def __init__(self, players: int):
        self.players = players

    def __copy__(self) -> Rules:
        """The rule set itself: it never changes, so a copy (a bot's deep copy that holds it) may share it; a real
        copy would be no different, and copying reads ``__dict__``, which makes CPython read every attribute of
        the object copied slower from then on."""
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        """The rule set itself (see :meth:`__copy__`)."""
        return self

    # Only writes are checked: reading an attribute (the hot path) is Python's own lookup, untouched.
    def __setattr__(self, name: str, value: Any) -> None:
        if self.__sealed:
            raise AttributeError(self._unchangeable(name, "set", value), name=name, obj=self)
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        if self.__sealed:
            raise AttributeError(self._unchangeable(name, "deleted"), name=name, obj=self)
        object.__delattr__(self, name)

    def _unchangeable(self, name: str, done: str, *value: Any) -> str:
        """Why ``name`` cannot be set (to ``value``) or deleted, and what to do instead."""
        try:       # the parameters the class is made with, for an example (read, never called)
            parameter = name in inspect.signature(type(self).__init__).parameters and name not in ("self", "players")
        except (TypeError, ValueError):
            parameter = False
        instead = f", e.g. with {name}={excerpt(value[0])}" if parameter and value else ""
        return (f"{type(self).__name__}.{name} cannot be {done}: a rule set is shared by every game made with its "
                f"parameters (games in progress too) and cannot change once made; make a game with other "
                f"parameters instead{instead}.")

    @classmethod
    def of(cls, players: int, **params: Any) -> Rules:
        """The rules for ``players`` seats and ``params``, made once per set (checked when made)."""
        try:
            # each value with its type (True and 1 are equal, but not the same parameter); a table by its items
            key: tuple[Any, ...] | None = (cls, players, *sorted([(k, type(v), v if type(v) in _PLAIN else _frozen(v))
                                                                  for k, v in params.items()]))
            hash(key)
        except TypeError:      # an unhashable parameter (a table): made anew, never kept
            key = None
        if key is not None:
            made = _MADE.get(key)
            if made is not None:
                return made
        rules = cls(players, **params)
        if key is not None:
            if len(_MADE) >= MAX_KEPT:
                del _MADE[next(iter(_MADE))]
            _MADE[key] = rules
        return rules

    def params(self) -> dict[str, Any]:
        """The parameters, by keyword, as a save keeps them (JSON values)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the hooks
    def start(self, log: Log) -> State:
        """The state at the start of a game (events of the start, if any, written to ``log``)."""
        raise NotImplementedError

    def legal_actions(self, state: Any) -> Sequence[object]:
        """The decisions the player to move may take (at a decision point)."""
        raise NotImplementedError

    def apply(self, state: Any, action: Any, log: Log) -> None:
        """Apply a legal ``action`` (a decision or a chance outcome) to ``state`` in place."""
        raise NotImplementedError

    def chance_outcomes(self, state: Any) -> Sequence[tuple[object, Fraction]]:
        """At a chance point: every outcome with its exact probability."""
        raise NotImplementedError(f"{type(self).__name__} has no chance")

    def sample(self, state: Any, stream: Stream) -> object:
        """One chance outcome drawn from the game's random ``stream``: by default from :meth:`chance_outcomes`,
        by their exact probabilities (``n`` equally likely outcomes, as the faces of one die: the one at a
        number drawn from 0 to ``n - 1``). A game whose outcomes are sets of dice draws the faces itself."""
        outcomes = self.chance_outcomes(state)
        n = len(outcomes)
        if all(p.numerator == 1 and p.denominator == n for _, p in outcomes):
            return outcomes[stream.draw(n, 1)[0]][0]
        total = 1
        for _, p in outcomes:
            total = total * p.denominator // gcd(total, p.denominator)
        pick = stream.index(total)
        for outcome, p in outcomes:
            pick -= p.numerator * (total // p.denominator)
            if pick < 0:
                return outcome
        raise AssertionError("the chance outcomes' probabilities do not sum to 1")

    def is_chance(self, state: Any) -> bool:
        """Whether the game is at a chance point (by default: the phase is ``CHANCE_PHASE``)."""
        return self.CHANCE_PHASE is not None and bool(state.phase == self.CHANCE_PHASE)

    def check_chance(self, state: Any, outcome: object, players: tuple[str, ...]) -> None:
        """Refuse (IllegalAction) an ``outcome`` given at a chance point that cannot happen now. Optional: without
        it the engine takes an outcome equal to one of :meth:`chance_outcomes` (recording the listed one) and
        refuses any other in the words of :meth:`why_illegal`; a game whose outcomes may be given in more than one
        form (dice in any order) checks them here."""
        raise NotImplementedError

    def is_legal(self, state: Any, action: object) -> bool | None:
        """Whether ``action`` is legal now, if the rules can tell quickly without listing the legal actions
        (Oh Furcle!, The Furglars); None (the default) to look it up among them (the engine keeps the list of
        the state, so a bot's choice is checked in the list it chose from). ``check_game`` holds the two to
        each other."""
        return None

    def why_illegal(self, state: Any, action: object, players: tuple[str, ...]) -> str:
        """A sentence saying why ``action`` is not legal now (a game names the rule it breaks)."""
        return f"{excerpt(action)} is not a legal action now ({players[state.current]} to play)."

    def check(self, state: Any) -> None:
        """Raise AssertionError if ``state`` breaks a rule that must always hold."""

    def redact(self, state: Any, seat: int | None) -> Any:
        """What ``seat`` (None: a spectator) may see of ``state``: a new state without what that seat may not see
        (hidden information), for its view. ``state`` is the game's own: a redaction leaves it unchanged and
        shares none of its lists and dicts (tuples, strings and numbers are never changed in place, and may be
        shared), building what the seat sees from it (a count of cards for a hand it may not see) or changing a
        :meth:`~furlib.core.engine.state.State.copy`. By default, a copy of the whole state."""
        return state.copy()

    def secrets(self, state: Any, seat: int | None) -> set[str]:
        """The names of the things ``seat`` may not see now (cards, ...), for the leak check."""
        return set()


#: The most items of a table or a tuple a key of a rule set reads (a larger one is made anew, unkept: the
#: rules' own checks refuse it, counting before they read).
MAX_KEY_ITEMS = 256


#: The types of parameter a key keeps as they are (with their type beside them: ``True`` is not ``1``).
_PLAIN = frozenset({int, str, bool, float, type(None)})


def _frozen(value: Any) -> Any:
    """A parameter as part of a key: a table (a mapping) or a tuple as its items with their types (``(3, True)``
    is not ``(3, 1)``), anything else as it is; TypeError for what cannot be a key (a list, a huge table)."""
    if type(value) is tuple:      # first: names and faces are tuples, and the test for a mapping is slower
        if len(value) > MAX_KEY_ITEMS:
            raise TypeError("too many items to keep a rule set by")
        if all([type(v) is str for v in value]):   # names, faces: no value of another type equals a string
            return value
        return tuple([(type(v).__name__, _frozen(v)) for v in value])
    if isinstance(value, Mapping):
        if len(value) > MAX_KEY_ITEMS:
            raise TypeError("too many items to keep a rule set by")
        return tuple(sorted((type(k).__name__, k, type(v).__name__, v) for k, v in value.items()))
    return value
