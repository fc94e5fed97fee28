"""The Game protocol shared by every furlib game.

A game is a state machine with two kinds of points:

* **decision points**, where ``current_player`` picks one of
  :meth:`Game.legal_actions` (by :meth:`Game.apply`, or by a policy in
  :meth:`Game.step`);
* **chance points** (``is_chance``), where the dice are rolled or a card is
  drawn. :meth:`Game.chance_outcomes` lists every outcome with its exact
  probability; :meth:`Game.step` samples one with the game's own random
  generator, and :meth:`Game.apply` accepts an explicit outcome ("what if
  you rolled 3,3,5,6,1?"), validated like any action.

Subclasses implement the rules in a handful of ``_methods`` and keep their
whole state in ``self._state``, a dict of plain JSON values. The base class
gives them undo, copies, views, JSON round trips, history and bounded play.

A game owns its rules and its present state; everything else that changes
as it is played lives in its one :class:`~furlib.core.engine.timeline.Timeline`
(actions, events, checkpoints, the random generator, the version). Undo is
a timeline rewind and a short replay, a copy copies the timeline, a clone
starts a new one. What a game shows is read through its public API by
:mod:`~furlib.core.engine.viewing`, saves are written and read by
:mod:`~furlib.core.engine.saving`, and the HTML and the app come from the registry
(:mod:`~furlib.core.registry`): none of these modules imports this one. A
step costs little more than the rules themselves: no copy of the state per
action, event texts written only when read, the legal actions of a state
listed once.

Hidden information. A game with ``HIDDEN_INFO = True`` redacts its state for
each player (:meth:`Game._redact`) and marks secret events with the seats
that may see them. :meth:`Game.view` is what one player may see, and a
policy is called with that view, never with the game. See
``docs/architecture.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn

import numpy as np

from ..errors import GameOver, IllegalAction, PolicyError, check_bool, check_int, cut_message, error_excerpt, excerpt
from ..words import plural
from . import saving, viewing
from .events import Event, pack, seats
from .fixed import fixed
from .players import HISTORY_COLUMNS, normalize_players, seat_policies
from .rules import Rules
from .state import State
from .table import Table
from .texts import Texts
from .timeline import Timeline, copy_state
from .view import View

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

#: A policy: given the game (nothing hidden) or the acting player's view (hidden information), it returns an action.
Policy = Callable[[Any], object]

__all__ = ["Game", "Event", "Policy", "HISTORY_COLUMNS", "MAX_SEED", "check_seed", "normalize_players"]

_new_tuple = tuple.__new__
_get = tuple.__getitem__


#: The largest seed a game takes: ``2**128 - 1``, the 128 bits of entropy a game made without a seed draws
#: (``numpy.random.SeedSequence``), so every seed a game can report is one it takes back. A larger number
#: is refused before any work: it would add no randomness, and past 4,300 digits it could not even be
#: shown or saved.
MAX_SEED = 2**128 - 1


def check_seed(seed: object, name: str = "seed", *, or_none: bool = False) -> int:
    """``seed`` as a plain ``int`` if it is a whole number from 0 to :data:`MAX_SEED` (a numpy integer
    too); else a ValueError naming it and what is accepted (``or_none``: the caller takes None too, and
    the message says so; None itself is the caller's to handle).

    >>> check_seed(7), check_seed(MAX_SEED) == MAX_SEED
    (7, True)
    >>> check_seed(2**128)
    Traceback (most recent call last):
    ...
    ValueError: seed must be a whole number from 0 to 2**128 - 1 (MAX_SEED), got 340282366920938463463374607431768211456
    """
    if type(seed) is int and 0 <= seed <= MAX_SEED:
        return seed
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"{name} must be {'None or ' if or_none else ''}a whole number from 0 to 2**128 - 1 "
                         f"(MAX_SEED), got {excerpt(seed)}")
    return int(seed)


def _fresh_seed() -> int:
    """A seed from the system's entropy (for a game made without one): 128 bits, at most MAX_SEED."""
    return int(np.random.SeedSequence().entropy)  # type: ignore[arg-type]  # made without a seed: an int


@lru_cache(maxsize=64)
def _numbered_players(n: int, low: int, high: int | None) -> tuple[str, ...]:
    """:func:`normalize_players` of a player count (a plain ``int``), remembered."""
    return normalize_players(n, low, high)


class Game(Table):
    """Base class of the furlib games (see the module docstring).

    Subclasses set ``ACTIONS`` (the action classes, for JSON), ``MIN_PLAYERS``
    and ``MAX_PLAYERS``, and implement ``_params``, ``_new_state``,
    ``_legal_actions``, ``_apply``, ``_sample_chance``, ``_chance_outcomes``
    and ``_check_chance``, and say when chance plays: ``CHANCE_PHASE`` (the
    phase of the chance points) or ``_is_chance``. Their state holds the keys
    ``turn``, ``current``, ``phase`` and ``winner`` (and ``scores`` if the
    game keeps scores), from which ``current_player``, ``scores``,
    ``is_over`` and ``winner`` are read. A game with hidden information sets
    ``HIDDEN_INFO = True`` and implements ``_redact`` and ``_secrets``.
    The default bot, the HTML and the app come from the registry
    (:mod:`furlib.core.registry`).
    """

    ACTIONS: ClassVar[tuple[type, ...]] = ()
    MIN_PLAYERS: ClassVar[int] = 1
    MAX_PLAYERS: ClassVar[int | None] = None
    #: The most actions (decisions and chance outcomes) a game holds: ``play()`` stops there with a
    #: RuntimeError, ``apply()`` and ``step()`` refuse one more (an IllegalAction), and a save of more is
    #: refused before any action is replayed (so every game's save loads, in a bounded time). A game whose
    #: games are shorter sets its own (Pig, High Card); at most ``saving.MAX_SAVE_ACTIONS`` (100,000).
    MAX_STEPS: ClassVar[int] = 100_000
    #: The largest seed, :data:`MAX_SEED` (read from the class by modules that do not import this one).
    MAX_SEED: ClassVar[int] = MAX_SEED
    #: Keys of ``Event.data`` this game writes (player names may not take them).
    EVENT_FIELDS: ClassVar[tuple[str, ...]] = ()
    #: The keys of ``Event.data`` shown as columns of ``history`` (None: all of ``EVENT_FIELDS``).
    HISTORY_FIELDS: ClassVar[tuple[str, ...] | None] = None
    #: True if players hold secrets (hands, face-down cards, a deck's order).
    HIDDEN_INFO: ClassVar[bool] = False
    #: The verb of a chance point, for messages: "roll" (dice) or "draw" (cards).
    CHANCE_VERB: ClassVar[str] = "roll"
    #: The phase that is the chance point, in a game whose chance points are exactly one phase (``"roll"``):
    #: the default ``_is_chance`` compares the phase with it, and ``play()`` reads it without a call. A game
    #: with other chance points leaves it None and implements ``_is_chance``.
    CHANCE_PHASE: ClassVar[str | None] = None
    #: How often (in actions) the state is kept for undo; undo replays at most this many actions.
    CHECKPOINT_EVERY: ClassVar[int] = 16
    #: The game's texts: the sentence of each kind of event (a game whose rules are a :class:`Rules`).
    TEXTS: ClassVar[type[Texts] | None] = None
    #: The rules the game is played by (a game that keeps them apart; see :meth:`_begin`).
    _rules: Any = None
    #: The game's view class: what :meth:`view` makes (a game whose rules are a :class:`Rules`).
    VIEW: ClassVar[type[View] | None] = None

    _players: tuple[str, ...]       # kept by the fixed properties below
    _seed: int | None
    _show_all: bool

    players = fixed("players", "The players' names, in seat order (fixed when the game is made).")
    seed = fixed("seed", "The seed actually used (drawn at random when ``seed=None``): a game rebuilt with it "
                 "and the same actions is the same game (fixed when the game is made; None in a view).")

    #: The player whose view this is (a view only; see :meth:`view`).
    viewer: str | None = None
    #: True for a view made by :meth:`view`: it shows, it cannot be played.
    is_view: bool = False

    def __init__(self, players: object, *, seed: int | None = None):
        if seed is not None and not (type(seed) is int and 0 <= seed <= MAX_SEED):   # checked before any work
            seed = check_seed(seed, or_none=True)
        if type(players) is int:   # "Player 1", "Player 2", ...: the same tuple every time
            self.players = _numbered_players(players, self.MIN_PLAYERS, self.MAX_PLAYERS)
        else:
            self.players = normalize_players(
                players, self.MIN_PLAYERS, self.MAX_PLAYERS, HISTORY_COLUMNS + tuple(self.EVENT_FIELDS))
        # no seed: fresh entropy from the system, kept so that the game can be replayed
        self.seed = int(seed) if seed is not None else _fresh_seed()
        self.reveal = not self.HIDDEN_INFO   # the teacher's switch (see reveal)
        self._timeline = Timeline(self.seed)
        self._state: Any = {}

    def _begin(self, rules: Rules) -> None:
        """Play by ``rules`` (made for this game's seats): keep them and the game's texts, and build the start."""
        self._rules = rules
        assert self.TEXTS is not None, f"{type(self).__name__} plays by rules and needs its TEXTS"
        self._texts = self.TEXTS(self._players, rules)
        self._log = _Writer(self)
        self._start()

    @property
    def rules(self) -> Rules:
        """The rules the game is played by: its parameters and what may be done (made once per set of
        parameters, shared by every game played with them)."""
        rules: Rules | None = self._rules
        if rules is None:
            raise ValueError(f"{type(self).__name__} keeps its rules in the game itself")
        return rules

    def _start(self) -> None:
        """Build the first state; subclasses call this at the end of ``__init__``.

        The start needs no stored copy: going back to it builds it again
        (``_new_state``, ``_after_start``) with a generator seeded afresh.
        """
        timeline = self._timeline
        timeline.recording = True       # the start's own events are always written
        self._state = self._new_state()
        self._after_start()
        # a game with hidden information writes as it goes: each decision is made on a view, which holds the
        # events its player may see; any other game writes its events when they are first read (see _events)
        timeline.recording = self.HIDDEN_INFO
        timeline.checkpoint(None)

    def _after_start(self) -> None:
        """Hook for automatic first events (none by default)."""

    # ------------------------------------------------------------------ rules
    # A game that keeps its rules apart (a Rules, see _begin) is played by them; a game that keeps its rules
    # in its own class overrides these.
    def _params(self) -> dict[str, Any]:
        return {"players": list(self._players), **self.rules.params()}

    def _new_state(self) -> Any:
        return self.rules.start(self._log)

    def _legal_actions(self) -> list[object]:
        return list(self.rules.legal_actions(self._state))

    def _apply(self, action: object) -> None:
        self.rules.apply(self._state, action, self._log)

    def _is_chance(self) -> bool:
        rules: Rules | None = self._rules
        if rules is not None:
            return rules.is_chance(self._state)
        phase = self.CHANCE_PHASE
        if phase is None:
            raise NotImplementedError(f"{type(self).__name__} sets neither CHANCE_PHASE nor _is_chance()")
        return bool(self._state["phase"] == phase)

    def _sample_chance(self, rng: np.random.Generator) -> object:
        return self.rules.sample(self._state, self._timeline)

    def _chance_outcomes(self) -> list[tuple[object, Fraction]]:
        return list(self.rules.chance_outcomes(self._state))

    def _check_chance(self, action: object) -> None:
        """Raise IllegalAction unless ``action`` is a possible chance outcome now."""
        self.rules.check_chance(self._state, action, self._players)


    def _default_policy(self) -> Policy:
        from ..registry import get

        return get(self).default_bot()

    def _why_illegal(self, action: object) -> str:
        """A sentence saying why ``action`` is not legal now (games may refine it)."""
        rules: Rules | None = self._rules
        if rules is not None:
            return rules.why_illegal(self._state, action, self._players)
        return f"{cut_message(action, 60)} is not a legal action now ({self.current_player} to play)."

    @classmethod
    def _saved_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """The parameters of a save as this furlib reads them (a game whose parameters changed meaning reads
        an older save's here; by default they are as saved)."""
        return params

    def _redact(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """``state`` without what ``seat`` may not see (None: a spectator).

        ``state`` is a shallow copy of the game's state: replace its values
        (``state["deck"] = len(state["deck"])``), never change one in place
        (its lists and dicts are the game's own). What is returned is then
        copied whole for the view.
        """
        return state if self._rules is None else self._rules.redact(state, seat)

    def _secrets(self, seat: int | None) -> set[str]:
        """The names of the things ``seat`` may not see now (cards, ...), for the leak check."""
        return set() if self._rules is None else self._rules.secrets(self._state, seat)

    def check_invariants(self) -> None:
        """Raise AssertionError if the state breaks a rule that must always hold."""
        if self._rules is not None:
            self._rules.check(self._state)

    # ------------------------------------------------------------- protocol
    # Every game keeps these keys in its state: "turn" (from 1), "current"
    # (index of the player to move), "phase" ("over" once the game has ended),
    # "winner" (an index, a list of indices for a shared win, or None), and
    # "scores" (a list in player order) if the game keeps scores.
    @property
    def is_chance(self) -> bool:
        """True when the next event is a roll of the dice (or a draw), not a decision."""
        return self._state["phase"] != "over" and self._is_chance()

    @property
    def n_steps(self) -> int:
        """How many actions (decisions and chance outcomes) have been applied."""
        return self._timeline.n_steps

    @property
    def actions(self) -> list[object]:
        """Every action applied so far, in order (chance outcomes included)."""
        return [a for a, _ in self._timeline.actions]

    def _cached(self, key: str, make: Callable[[], Any]) -> Any:
        """``make()``, worked out once per state (for values read many times, such as the legal actions)."""
        return self._timeline.cached(key, make)

    def _legal(self) -> list[object]:
        legal: list[object] = self._cached("legal", self._legal_actions)
        return legal

    def _is_legal(self, action: object) -> bool:
        """``action in legal_actions()`` at a decision point; a game may answer faster without listing them.

        :func:`furlib.testing.check_game` checks that the two always agree.
        """
        rules: Rules | None = self._rules
        if rules is not None:
            quick = rules.is_legal(self._state, action)
            if quick is not None:
                return quick
        return action in self._legal()

    def is_legal(self, action: object) -> bool:
        """True if ``action`` is a decision ``apply`` would take now (as ``action in legal_actions()``, but
        answered by the game's quick test where it has one). False at a chance point (see
        :meth:`chance_outcomes`), once the game is over, and in a view of a player who is not to move."""
        if self._state["phase"] == "over" or self._is_chance():
            return False
        if self.is_view and self.viewer != self.current_player:
            return False
        return self._is_legal(action)

    def legal_actions(self) -> list[object]:
        """The decisions the current player may take now.

        Empty when the game is over, at a chance point (see ``is_chance``), and
        in a view of a player who is not to move.
        """
        if self._state["phase"] == "over" or self._is_chance():
            return []
        if self.is_view and self.viewer != self.current_player:
            return []
        return list(self._legal())

    def chance_outcomes(self) -> list[tuple[object, Fraction]]:
        """At a chance point, every outcome with its exact probability (they sum to 1)."""
        if not self.is_chance:
            raise ValueError("chance_outcomes() needs a chance point: this is a decision point "
                             f"for {self.current_player}; check game.is_chance first")
        if self.is_view and self.HIDDEN_INFO:
            raise ValueError(f"a player's view cannot list the outcomes of a {self.CHANCE_VERB}: "
                             "they depend on what the player cannot see")
        return list(self._cached("chance", self._chance_outcomes))   # listed once per state

    def _whose(self) -> str:
        """Whose view this is, for messages: "a spectator's", "Ann's"."""
        return "a spectator's" if self.viewer is None else f"{self.viewer}'s"

    def _playable(self, what: str) -> None:
        if self.is_view:
            raise ValueError(f"this is {self._whose()} view of the game: it shows the game but cannot {what}; "
                             "use the game itself")

    def apply(self, action: object) -> Game:
        """Apply one action (a decision, or an explicit chance outcome); return the game.

        Raises
        ------
        IllegalAction
            If the rules do not allow ``action`` now; the game is unchanged.
        """
        self._playable("be played")
        if self.is_over:
            raise IllegalAction(f"the game is over ({self._over_text()}); no action can be applied.")
        if self._timeline.n_steps >= self.MAX_STEPS:
            raise IllegalAction(self._full_text())
        if self._is_chance():
            try:
                self._check_chance(action)
            except ValueError:
                raise
            except Exception:   # an outcome made past its constructor (hostile code): refused all the same
                raise IllegalAction(self._refusal(action), self._legal()) from None
        elif not self._is_legal(action):   # a game may accept an action it does not list (Thieves' TimeUp)
            raise IllegalAction(self._refusal(action), self._legal())
        self._push(action, False)
        return self

    def _refusal(self, action: object) -> str:
        """:meth:`_why_illegal`, or a plain sentence if the game's cannot be written for ``action`` (an object
        made past its constructor, whose fields break its own ``str``): the refusal stands either way."""
        try:
            return self._why_illegal(action)
        except Exception:
            return f"{excerpt(action)} is not a legal action now ({self.current_player} to play)."

    def step(self, policy: Policy | None = None) -> object:
        """Advance by one action and return it.

        At a chance point the game rolls (or draws) with its own random
        generator; at a decision point ``policy`` chooses (by default the
        game's default bot). In a game with hidden information the policy is
        called with the current player's view (:meth:`view`), else with the game.
        """
        self._playable("be played")
        if self._state["phase"] == "over":
            raise GameOver(f"the game is over ({self._over_text()}): nothing more can be played; make a new game "
                           "(or undo() a move) to play on")
        if self._timeline.n_steps >= self.MAX_STEPS:
            raise IllegalAction(self._full_text())
        return self._advance(policy)

    def _full_text(self) -> str:
        """Why a game at its ``MAX_STEPS`` takes no more actions, and what to do."""
        return (f"this game has reached its limit of {self.MAX_STEPS:,} actions ({type(self).__name__}.MAX_STEPS) "
                f"without ending (it is at turn {self.turn}): no more can be applied; undo() some, or make a new "
                "game with settings that end sooner.")

    def _advance(self, policy: Policy | None) -> object:
        """:meth:`step` without its checks (the game is on and is not a view)."""
        if self._is_chance():
            action = self._sample_chance(self._timeline.generator)
            self._push(action, True)
            return action
        return self._decide(policy)

    def _decide(self, policy: Policy | None) -> object:
        """:meth:`_advance` at a decision point."""
        chooser = policy if policy is not None else self._default_policy()
        if not callable(chooser):
            raise ValueError(f"step() takes a policy: a function (game -> action) or a bot, got {excerpt(chooser)}; "
                             f"to take one action yourself, use apply({excerpt(chooser)})")
        seat = self._state["current"]
        try:
            action = chooser(self.view(self._players[seat]) if self.HIDDEN_INFO else self)
        except Exception as e:   # the policy's error, its message cut (an interrupt passes as it is)
            raise self._policy_error(chooser, seat, e) from e
        if not self._is_legal(action):
            self._refuse_choice(chooser, action)
        self._push(action, False)
        return action

    def _policy_error(self, policy: Policy, seat: int, error: Exception) -> PolicyError:
        """The :class:`PolicyError` passing on ``error``, raised by ``policy`` choosing for ``seat``."""
        return PolicyError(f"the policy {excerpt(policy)} of {self._players[seat]} raised "
                           f"{error_excerpt(error)} (the whole error is this error's __cause__)")

    def _refuse_choice(self, policy: Policy, action: object) -> NoReturn:
        """Raise the IllegalAction for a ``policy`` that chose an ``action`` not legal now."""
        raise IllegalAction(f"the policy {excerpt(policy)} chose {excerpt(action)}, which is not legal now.",
                            self._legal())

    def play(self, *policies: Policy | Mapping[str, Policy], max_steps: int | None = None) -> Game:
        """Play to the end and return the game (for chaining).

        ``play()`` uses the default bot for everyone; ``play(bot)`` gives every
        player ``bot``; ``play(bot_a, bot_b)`` one per seat; ``play({name: bot})``
        by name (others use the default bot). Stops with a RuntimeError after
        ``max_steps`` actions (1 to ``MAX_STEPS``, the default), or when the game
        holds ``MAX_STEPS`` actions; the game is left where it stopped.

        If a policy raises, or returns an action that is not legal, or the call
        is interrupted, the game is back where it was before the call (the
        actions this call applied are taken back, generator included) and the
        error propagates: an illegal choice as an :class:`IllegalAction`, a
        policy's own error as a :class:`PolicyError` (its message cut to an
        excerpt; the whole error is its ``__cause__``), an interrupt as it is.
        """
        self._playable("be played")
        chooser = seat_policies(self._players, policies, self._default_policy)   # each checked callable
        by_seat = [chooser[p] for p in self._players]
        cap = self.MAX_STEPS
        limit = cap if max_steps is None else check_int("max_steps", max_steps, low=1, high=cap)
        room = cap - self._timeline.n_steps    # the actions the game may still hold
        is_chance, sample, apply, is_legal = self._is_chance, self._sample_chance, self._apply, self._is_legal
        # the chance phase, when the default _is_chance() compares with it (read here without the call)
        rules = self._rules
        if rules is None:
            chance_phase = self.CHANCE_PHASE if type(self)._is_chance is Game._is_chance else None
        else:
            chance_phase = rules.CHANCE_PHASE if type(rules).is_chance is Rules.is_chance else None
        by_phase = chance_phase is not None
        hidden, every, players, view = self.HIDDEN_INFO, self.CHECKPOINT_EVERY, self._players, self.view
        timeline = self._timeline
        actions = timeline.actions
        start = self.n_steps
        try:
            for _ in range(min(limit, room)):   # _advance, _decide and _push, unrolled
                state = self._state
                phase = state["phase"]
                if phase == "over":
                    return self
                if phase == chance_phase if by_phase else is_chance():
                    action, sampled = sample(timeline.generator), True   # the generator of now (see _events)
                else:
                    seat = state["current"]
                    policy = by_seat[seat]
                    try:
                        action, sampled = policy(view(players[seat]) if hidden else self), False
                    except Exception as e:   # the policy's error, its message cut (an interrupt: as it is)
                        raise self._policy_error(policy, seat, e) from e
                    if not is_legal(action):
                        self._refuse_choice(policy, action)
                actions.append((action, sampled))
                timeline.version += 1
                apply(action)             # if it raises, the handler below puts the game back whole
                timeline.version += 1
                if len(actions) % every == 0:
                    timeline.checkpoint(self._state)
        except BaseException:           # an error, or an interrupt (a Stop button) that may come mid-action
            if self.n_steps != start:   # back to where the call began (a checkpoint and a short replay)
                self._restore(start)
            raise
        if not self.is_over:
            if room <= limit:
                raise RuntimeError(
                    f"the game did not end within its limit of {cap:,} actions ({type(self).__name__}.MAX_STEPS; it "
                    f"is left at turn {self.turn}): choose settings that end sooner")
            raise RuntimeError(
                f"the game did not end within max_steps={limit} actions (it is left at turn {self.turn}); "
                f"call play(max_steps=...) with a larger limit to go on, or choose settings that end sooner")
        return self

    # ------------------------------------------------------------ internals
    def _emit(self, kind: str, text: str | Callable[[], str] | tuple[Any, ...], player: str | None = None, *,
              visible_to: tuple[int, ...] | None = None, **data: Any) -> None:
        """Write an event (if the game is recording): its ``text`` a string, a function of no argument, or a
        recipe ``(function, *arguments)`` that keeps only its arguments (see
        :class:`~furlib.core.engine.events.Event`)."""
        timeline = self._timeline
        if not timeline.recording:      # nobody has read the events yet: they are written when first asked for
            return
        state = self._state
        s = state.get("scores")
        events = timeline.events
        scores = () if s is None else tuple(s)
        if events and scores == (last := _get(events[-1], 6)):
            scores = last                # the same scores as the event before: one tuple for both
        # Event(...) without the checks of Event.__new__ (an event per action or two: it adds up)
        events.append(_new_tuple(Event, (timeline.base + len(timeline.actions), state["turn"], player, kind, text,
                                         pack(data) if data else None, scores,
                                         None if visible_to is None else seats(visible_to))))

    def _write(self, kind: str, seat: int | None, visible_to: Any, data: dict[str, Any]) -> None:
        """Write an event the rules emitted (the game is recording): its text is told by the game's texts."""
        timeline = self._timeline
        state = self._state
        s = state.get("scores")
        events = timeline.events
        scores = () if s is None else tuple(s)
        if events and scores == (last := _get(events[-1], 6)):
            scores = last
        events.append(_new_tuple(Event, (timeline.base + len(timeline.actions), state["turn"],
                                         None if seat is None else self._players[seat], kind, self._texts,
                                         pack(data) if data else None, scores,
                                         None if visible_to is None else seats(tuple(visible_to)))))

    def _events(self) -> list[Event]:
        """The game's events (the timeline's own list): written now by a replay if they were not recorded."""
        timeline = self._timeline
        if not timeline.recording:
            timeline.recording = True
            actions = list(timeline.actions)
            if actions:                # back to the start (or the clone's), then every action again, writing
                self._back_to(timeline.base)
                for action, sampled in actions:
                    self._replay(action, sampled)
                    if len(timeline.actions) % self.CHECKPOINT_EVERY == 0:
                        timeline.checkpoint(self._state)
                timeline.changed()
        return timeline.events

    def _replay(self, action: object, sampled: bool) -> None:
        """Apply a recorded ``action`` again (a rolled one is rolled again, and must come out the same)."""
        timeline = self._timeline
        if sampled:
            again = self._sample_chance(timeline.generator)
            assert again == action, f"replaying a roll gave {again}, not {action}"
        timeline.record(action, sampled)
        self._apply(action)

    def _draw(self, high: int, k: int) -> tuple[int, ...]:
        """The next ``k`` whole numbers from 0 to ``high - 1`` of the game's random stream (dice; see
        :meth:`furlib.core.engine.timeline.Timeline.draw`)."""
        return self._timeline.draw(high, k)

    def _push(self, action: object, sampled: bool) -> None:
        timeline = self._timeline
        actions = timeline.actions
        actions.append((action, sampled))   # Timeline.record and .changed, inline: this runs once an action
        timeline.version += 1
        try:
            self._apply(action)
        except BaseException:
            self._restore(timeline.n_steps - 1)
            raise
        timeline.version += 1               # nothing worked out during the change is kept
        if len(actions) % self.CHECKPOINT_EVERY == 0:
            timeline.checkpoint(self._state)

    # ------------------------------------------------------- going back
    def undo(self, n: int = 1) -> Game:
        """Take back the last ``n`` actions, restoring exactly the earlier state (RNG included).

        Raises
        ------
        ValueError
            If ``n`` is not a whole number >= 1, or more actions than were applied.
        """
        self._playable("be undone")
        n = check_int("n", n, low=1)
        timeline = self._timeline
        done = len(timeline.actions)
        if n > done:
            since = " since this clone was made" if timeline.base else ""
            if done == 0:
                raise ValueError("nothing to undo: no action has been applied yet" + since)
            raise ValueError(f"cannot undo {plural(n, 'action')}: only {done} "
                             f"{'has' if done == 1 else 'have'} been applied" + since)
        self._restore(self.n_steps - n)
        return self

    def at(self, n_steps: int) -> Game:
        """A copy of the game as it was after its first ``n_steps`` actions (0 = the start)."""
        n_steps = check_int("n_steps", n_steps, low=self._timeline.base, high=self.n_steps)
        other = self.copy()
        if n_steps < self.n_steps:
            other._restore(n_steps)
        return other

    def _set_state(self, **changes: Any) -> Game:
        """Set up a position by hand (for tests and lessons): change state keys before any action.

        The changed state becomes the game's start, so undo and saves work
        from it. Note that ``to_json`` saves the parameters and actions, so a
        game set up by hand does not load back from its save.

        Raises
        ------
        ValueError
            If an action was applied already, or a key is not in the state.
        """
        timeline = self._timeline
        if timeline.n_steps:
            raise ValueError("_set_state() only sets up a new game, before any action")
        keys = self._state.names() if isinstance(self._state, State) else self._state
        unknown = sorted(set(changes) - set(keys))
        if unknown:
            raise ValueError(f"unknown state keys {unknown}; the state has {sorted(keys)}")
        if isinstance(self._state, State):
            self._state = self._state.replace(**changes)
        else:
            self._state.update(copy_state(changes))
        timeline.changed()
        timeline.restart()
        timeline.checkpoint(self._state)
        return self

    def _restore(self, n: int) -> None:
        """Go back to the moment after action ``n``: the timeline's latest checkpoint, then replay."""
        for action, sampled in self._back_to(n):
            self._replay(action, sampled)
        self._timeline.changed()

    def _back_to(self, n: int) -> list[tuple[object, bool]]:
        """Rewind the timeline to its latest checkpoint at or before step ``n`` and put the state there (the
        start is built again); return the actions to replay from there to reach step ``n``."""
        state, replay = self._timeline.rewind(n)
        if state is None:
            self._state = self._new_state()
            self._after_start()
        else:
            self._state = state
        return replay

    def _bare(self, timeline: Timeline, state: Any) -> Game:
        """A new object of this class with this one's parameters, and ``timeline`` and ``state``."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._timeline, other._state = timeline, state
        if self._rules is not None:
            other._log = _Writer(other)
        return other

    def copy(self) -> Game:
        """An independent copy, with the same history, undo and random generator."""
        return self._bare(self._timeline.copy(), copy_state(self._state))

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: dict[Any, Any]) -> Game:
        return self.copy()

    def clone(self) -> Game:
        """A cheap independent copy of the present state, without history (for lookahead bots).

        A clone plays on like the game (same random generator state), but it
        keeps no events, cannot be undone before the moment it was made, and
        cannot be saved as JSON.
        """
        self._playable("be cloned (a view has no future to explore)")
        return self._bare(self._timeline.clone(self._state), copy_state(self._state))

    # ------------------------------------------------------------ showing
    @property
    def reveal(self) -> bool:
        """The teacher's switch of a game with hidden information: show every
        secret in the repr, the log and the history (off by default; always
        on in a game without secrets). True or False, nothing else."""
        return self._show_all

    @reveal.setter
    def reveal(self, value: bool) -> None:
        self._show_all = check_bool("reveal", value)

    @property
    def params(self) -> dict[str, Any]:
        """The parameters the game was made with, by keyword (players included), as a save keeps them."""
        return dict(self._params())

    def view(self, player: str | None = None) -> Any:
        """What ``player`` may see of the game now (None: a spectator), as a game object that only shows.

        The view has the game's parameters, the state with every secret of
        the others removed (not hidden: absent), the events that player may
        see, and ``legal_actions()`` if it is that player's move. It has no
        seed, no random generator and no actions, so nothing in it can
        reveal a secret; it cannot be played. In a game without hidden
        information it is the whole state.

        The view of a view is that view itself, for the same player (a view
        shows what it holds, and holds nothing more to take away); for another
        player it is refused: a view holds nothing of what the others see.

        Raises
        ------
        ValueError
            If ``player`` is not one of the players (nor None), or this is a
            view of another player.
        """
        seat = self._seat(player)
        if self.is_view:
            if player == self.viewer:
                return self
            raise ValueError(f"this is {self._whose()} view of the game: it cannot show what "
                             f"{'a spectator' if player is None else player} sees; ask the game itself, "
                             f"e.g. game.view({excerpt(player)})")
        if self.VIEW is not None:
            return self._view_of(player, seat)
        hidden = self.HIDDEN_INFO
        timeline = self._timeline
        if hidden:   # the secrets go first (from a shallow copy), then the lists and dicts left are copied
            events = timeline.visible_events(seat)
            state = copy_state(self._redact(self._state.copy(), seat))
        else:
            events = list(self._events())
            state = copy_state(self._state)
        v = object.__new__(type(self))
        kept = v.__dict__
        kept.update(self.__dict__)
        # a view has no seed (set past the fixed parameter), and shows everything only in a game without secrets
        kept.update(_timeline=timeline.for_view(events), _state=state, _seed=None, viewer=player, is_view=True,
                    _show_all=not hidden)
        return v

    def _view_of(self, player: str | None, seat: int | None) -> View:
        """:meth:`view` of a game with a view class: a value made of a copy of the state with the others' secrets
        taken out, the events the player may see, and the legal actions if it is their move."""
        rules, state, view = self.rules, self._state, self.VIEW
        assert view is not None
        if self.HIDDEN_INFO:
            events = self._timeline.visible_events(seat)
            seen = rules.redact(state.copy(), seat)
        else:
            events = list(self._events())
            seen = state.copy()
        legal = None
        if seat is not None and state.phase != "over" and seat == state.current and not rules.is_chance(state):
            legal = list(self._legal())
        return view(rules, self._players, player, seen, events, legal, self.n_steps, self._texts)

    def _seat(self, player: str | None) -> int | None:
        """The seat of ``player`` (None: a spectator); a ValueError naming the players for anyone else."""
        return viewing.seat_of(self._players, player)

    def _perspective(self, viewer: str | None, reveal: bool | None = None) -> Any:
        """The game as ``viewer`` sees it: itself if it shows everything to everyone.

        ``reveal=True`` (a spectator only): everything, whatever ``self.reveal``
        says, as a snapshot that shares the state and never changes the game.
        """
        if viewing.reveals(self, viewer, reveal):
            if self.reveal:
                return self
            if self.VIEW is not None:  # everything, as a read-only value sharing the state and the events
                return self.VIEW(self.rules, self._players, None, self._state, self._events(), None, self.n_steps,
                                 self._texts, revealed=True)
            self._events()             # written before the snapshot shares them
            shown = self._bare(self._timeline.snapshot(), self._state)   # read-only: drawing changes nothing
            shown._show_all = True
            return shown
        if self.is_view:
            return self
        return self.view(viewer)

    @property
    def events(self) -> list[Event]:
        """Every event so far, oldest first (secret ones too: see :meth:`events_for`)."""
        return list(self._events())

    def events_for(self, viewer: str | None = None, *, reveal: bool | None = None) -> list[Event]:
        """The events ``viewer`` may see (None: the spectator, or everything once ``reveal`` is on).

        A view shows its own events (``viewer`` is then None or the view's player).
        ``reveal=True`` gives every event and ``reveal=False`` only the public
        ones (a spectator's), whatever the game's own :attr:`reveal` says,
        without changing it (None, the default: as the game's switch says).

        Raises
        ------
        ValueError
            If ``viewer`` is not a player, or ``reveal=True`` is asked with a
            ``viewer`` or of a view.
        """
        return viewing.events_for(self, self._events(), viewer, reveal)

    @property
    def history(self) -> pd.DataFrame:
        """One row per event: step, turn, player, event, text, each player's score, details.

        In a game with hidden information: the events a spectator sees (every
        event once ``reveal`` is on); see :meth:`history_for`.
        """
        return self.history_for(None)

    def history_for(self, viewer: str | None = None) -> pd.DataFrame:
        """The history as ``viewer`` may see it."""
        return viewing.history_for(self, self.events_for(viewer))

    def log(self, last: int | None = None, *, viewer: str | None = None, language: str | None = None) -> str:
        """The event log as text, one line per event (the last ``last`` only if given).

        ``viewer`` shows the log as that player may see it (None: the spectator,
        or everything once ``reveal`` is on). ``language`` tells it in another
        of the game's languages (``type(game).TEXTS.languages()``; Oh Furcle!
        is written in English and French, ``"fr"``).

        Raises
        ------
        ValueError
            If ``last`` is not a whole number >= 0, ``viewer`` is not a player,
            or the game's texts are not written in ``language``.
        """
        return viewing.log_text(self.events_for(viewer), last, getattr(self, "_texts", None), language)

    def __repr__(self) -> str:
        return viewing.describe(self, self._over_text() if self.is_over else "")

    def html(self, viewer: str | None = None, *, reveal: bool | None = None) -> str:
        """The game drawn as HTML, as ``viewer`` may see it (None: the spectator, or all once ``reveal`` is on).

        ``reveal=True`` draws everything (every hand, every face-down card)
        and ``reveal=False`` what a spectator sees, whatever the game's own
        :attr:`reveal` says, and without changing it: a teacher's "show all"
        that leaves the game, its log and history as they were.

        Raises
        ------
        ValueError
            If ``viewer`` is not a player, or ``reveal=True`` is asked with a
            ``viewer`` or of a view.
        """
        from ..registry import get

        return get(self).renderer()(self._perspective(viewer, reveal))

    def _repr_html_(self) -> str:
        return self.html(self.viewer if self.is_view else None)

    def widget(self, **kwargs: Any) -> Any:
        """An ipywidgets app to play this game against bots (the game's app in the registry, or the core's frame)."""
        from ..registry import get

        return get(self).app_class()(self, **kwargs).box

    # ------------------------------------------------------------- saving
    def to_json(self) -> str:
        """The game as a JSON string: parameters, seed, every action, and the state.

        ``type(g).from_json(g.to_json())`` rebuilds the same game (history and undo too).

        **A save holds every secret.** To rebuild the game it keeps the seed
        and every action, so in a game with hidden information (Furry Poker)
        it tells every hand, every face-down card and the order of the deck
        to whoever reads it, whatever ``reveal`` says. Share a save only
        with someone who may see everything (a teacher). To share what one
        player may see, share their view instead: ``g.html("Ann")`` (a page),
        ``g.log(viewer="Ann")`` (the story as text) or ``g.history_for("Ann")``
        (a table): none of them holds anything Ann may not see, and none can
        be loaded as a game.

        Raises
        ------
        ValueError
            For a clone or a view, which keep no history to replay.
        """
        self._playable("be saved")
        if self._timeline.base:
            raise ValueError("a clone keeps no history, so it cannot be saved; save the game itself "
                             "(or a copy(), which keeps the history)")
        return saving.game_to_json(type(self).__name__, self._params(), self.seed, self._timeline.actions,
                                   _as_dict(self._state))

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Rebuild a game from :meth:`to_json`, replaying and checking every action.

        A save must hold every key that ``to_json`` writes, each of the same
        kind (booleans are not numbers, and nothing missing is filled in
        with a default), each key once in its object (at any depth), and is
        checked against these limits before any work: at most
        ``MAX_SAVE_CHARS`` (10,000,000) characters, at most the game's
        ``MAX_STEPS`` actions (100,000 at most, ``MAX_SAVE_ACTIONS``; 40 for
        High Card), a seed up to ``MAX_SEED``, and the players' limits of the
        game (see :func:`furlib.core.engine.players.normalize_players`). Every action
        is read and checked (its type, ``rng`` flag and fields) before the
        first is replayed, so the replay is bounded by the game's
        ``MAX_STEPS`` and a save malformed anywhere replays nothing.

        Raises
        ------
        ValueError
            If the text is not a saved furlib game of this class, a key is
            missing or of the wrong kind, a limit is passed, a parameter or an
            action is not legal, or the saved state does not match its
            actions. The message says where (``params.target``, ``action 12``)
            and echoes at most a short excerpt of the bad value.
        """
        game, state = saving.game_from_json(cls, text)
        saving.state_difference(state, _as_dict(game._state))
        return game  # type: ignore[no-any-return]  # game_from_json makes an instance of cls


def _as_dict(state: Any) -> dict[str, Any]:
    """A state as the dict a save writes (a typed state's fields, or a state kept as a dict)."""
    return state.as_dict() if isinstance(state, State) else state


class _Writer:
    """The log a game's rules write to (:class:`~furlib.core.engine.rules.Log`): nothing is written until
    someone reads the events (see ``Timeline.recording``)."""

    __slots__ = ("game",)

    def __init__(self, game: Game):
        self.game = game

    def emit(self, kind: str, seat: int | None = None, *, visible_to: Any = None, **data: Any) -> None:
        game = self.game
        if game._timeline.recording:
            game._write(kind, seat, visible_to, data)

    def name(self, seat: int) -> str:
        return self.game._players[seat]
