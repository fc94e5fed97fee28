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

This module holds the protocol (the state, the legal actions, ``apply``,
``step``, ``play``, events); the rest of :class:`Game` comes from mixins, one
job each: :mod:`~furlib.core.stream` (the random stream: dice drawn in blocks
by ``_draw``), :mod:`~furlib.core.undo` (checkpoints and replay, copies,
clones), :mod:`~furlib.core.viewing` (views, what each player may see, log,
history, HTML) and :mod:`~furlib.core.saving` (JSON). A step costs little
more than the rules themselves: no copy of the state per action, event texts
written only when read, the legal actions of a state listed once.

Hidden information. A game with ``HIDDEN_INFO = True`` redacts its state for
each player (:meth:`Game._redact`) and marks secret events with the seats
that may see them. :meth:`Game.view` is what one player may see, and a
policy is called with that view, never with the game. See
``docs/architecture.md``.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, ClassVar, Mapping

import numpy as np

from .errors import GameOver, IllegalAction, check_int
from .events import Event
from .fixed import fixed
from .players import HISTORY_COLUMNS, normalize_players
from .saving import _Saving
# DRAW_AHEAD, _draws_batch_exactly, _ENGINE and _copy lived here: still importable from this module.
from .stream import DRAW_AHEAD, _draws_batch_exactly, _Stream  # noqa: F401
from .undo import _ENGINE, _copy, _Undo  # noqa: F401
from .viewing import _Views
from .errors import excerpt

Policy = Callable[["Game"], object]

__all__ = ["Game", "Event", "Policy", "HISTORY_COLUMNS", "normalize_players"]

_new_tuple = tuple.__new__


@lru_cache(maxsize=64)
def _numbered_players(n: int, low: int, high: int | None) -> tuple[str, ...]:
    """:func:`normalize_players` of a player count (a plain ``int``), remembered."""
    return normalize_players(n, low, high)


class Game(_Stream, _Undo, _Views, _Saving):
    """Base class of the furlib games (see the module docstring).

    Subclasses set ``ACTIONS`` (the action classes, for JSON), ``MIN_PLAYERS``
    and ``MAX_PLAYERS``, and implement ``_params``, ``_new_state``,
    ``_legal_actions``, ``_apply``, ``_is_chance``, ``_sample_chance``,
    ``_chance_outcomes`` and ``_check_chance``. Their state holds the keys
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
    MAX_STEPS: ClassVar[int] = 100_000
    #: Keys of ``Event.data`` this game writes (player names may not take them).
    EVENT_FIELDS: ClassVar[tuple[str, ...]] = ()
    #: The keys of ``Event.data`` shown as columns of ``history`` (None: all of ``EVENT_FIELDS``).
    HISTORY_FIELDS: ClassVar[tuple[str, ...] | None] = None
    #: True if players hold secrets (hands, face-down cards, a deck's order).
    HIDDEN_INFO: ClassVar[bool] = False
    #: The verb of a chance point, for messages: "roll" (dice) or "draw" (cards).
    CHANCE_VERB: ClassVar[str] = "roll"
    #: How often (in actions) the state is kept for undo; undo replays at most this many actions.
    CHECKPOINT_EVERY: ClassVar[int] = 16

    players = fixed("players", "The players' names, in seat order (fixed when the game is made).")
    seed = fixed("seed", "The seed actually used (drawn at random when ``seed=None``): a game rebuilt with it "
                 "and the same actions is the same game (fixed when the game is made; None in a view).")

    #: The player whose view this is (a view only; see :meth:`view`).
    viewer: str | None = None
    #: True for a view made by :meth:`view`: it shows, it cannot be played.
    is_view: bool = False

    def __init__(self, players: object, *, seed: int | None = None):
        if seed is not None and not (type(seed) is int and seed >= 0) and (
                isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0):
            raise ValueError(f"seed must be None or a whole number >= 0, got {excerpt(seed)}")
        if type(players) is int:   # "Player 1", "Player 2", ...: the same tuple every time
            self.players = _numbered_players(players, self.MIN_PLAYERS, self.MAX_PLAYERS)
        else:
            self.players = normalize_players(
                players, self.MIN_PLAYERS, self.MAX_PLAYERS, HISTORY_COLUMNS + tuple(self.EVENT_FIELDS))
        ss = np.random.SeedSequence(None if seed is None else int(seed))
        self.seed = int(ss.entropy)  # type: ignore[arg-type]
        self.reveal = not self.HIDDEN_INFO   # the teacher's switch (see _Views.reveal)
        self._rng: np.random.Generator | None = np.random.Generator(np.random.PCG64(ss))
        #: The block of numbers drawn by _draw: [high, generator state before the block, the numbers, how
        #: many are used]; None while the generator is exactly where the game is (no block drawn yet).
        self._ahead: list | None = None
        self._events: list[Event] = []
        self._actions: list[tuple[object, bool]] = []
        self._checkpoints: list[tuple[int, dict, Any, int]] = []
        self._base = 0                 # actions before this object's history (a clone's starting point)
        self._version = 0              # changes with every change of state (keys the memo)
        self._memo: tuple[int, dict] = (0, {})
        self._state: dict[str, Any] = {}

    def _start(self) -> None:
        """Build the first state; subclasses call this at the end of ``__init__``.

        The start needs no stored copy: going back to it builds it again
        (``_new_state``, ``_after_start``) with a generator seeded afresh.
        """
        self._state = self._new_state()
        self._after_start()
        self._checkpoints.append((0, None, None, len(self._events)))

    def _after_start(self) -> None:
        """Hook for automatic first events (none by default)."""

    # ------------------------------------------------------------------ rules
    def _params(self) -> dict[str, Any]:
        raise NotImplementedError

    def _new_state(self) -> dict[str, Any]:
        raise NotImplementedError

    def _legal_actions(self) -> list[object]:
        raise NotImplementedError

    def _apply(self, action: object) -> None:
        raise NotImplementedError

    def _is_chance(self) -> bool:
        raise NotImplementedError

    def _sample_chance(self, rng: np.random.Generator) -> object:
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[object, Fraction]]:
        raise NotImplementedError

    def _check_chance(self, action: object) -> None:
        """Raise IllegalAction unless ``action`` is a possible chance outcome now."""
        raise NotImplementedError


    def _default_policy(self) -> Policy:
        from .registry import get

        return get(self).default_bot()

    def _why_illegal(self, action: object) -> str:
        """A sentence saying why ``action`` is not legal now (games may refine it)."""
        return f"{action!s} is not a legal action now ({self.current_player} to play)."

    def _redact(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """``state`` (a copy, may be changed in place) without what ``seat`` may not see (None: a spectator)."""
        return state

    def _secrets(self, seat: int | None) -> set[str]:
        """The names of the things ``seat`` may not see now (cards, ...), for the leak check."""
        return set()

    def check_invariants(self) -> None:
        """Raise AssertionError if the state breaks a rule that must always hold."""

    # ------------------------------------------------------------- protocol
    # Every game keeps these keys in its state: "turn" (from 1), "current"
    # (index of the player to move), "phase" ("over" once the game has ended),
    # "winner" (an index, a list of indices for a shared win, or None), and
    # "scores" (a list in player order) if the game keeps scores.
    @property
    def current_player(self) -> str | None:
        """Who moves now (or whose dice are rolled); None once the game is over."""
        if self._state["phase"] == "over":
            return None
        return self._players[self._state["current"]]

    @property
    def scores(self) -> dict[str, int]:
        """Each player's score, by name (empty for a game without scores)."""
        s = self._state.get("scores")
        return {} if s is None else dict(zip(self._players, s))

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._state["phase"] == "over"

    @property
    def winner(self) -> str | tuple[str, ...] | None:
        """The winner's name, a tuple of names for a shared win, or None (playing, or no winner)."""
        w = self._state["winner"]
        if w is None:
            return None
        if isinstance(w, list):
            return tuple(self._players[i] for i in w)
        return self._players[w]

    @property
    def turn(self) -> int:
        """The number of the current turn, counting from 1."""
        return int(self._state["turn"])

    @property
    def is_chance(self) -> bool:
        """True when the next event is a roll of the dice (or a draw), not a decision."""
        return self._state["phase"] != "over" and self._is_chance()

    @property
    def n_steps(self) -> int:
        """How many actions (decisions and chance outcomes) have been applied."""
        return self._base + len(self._actions)

    @property
    def actions(self) -> list[object]:
        """Every action applied so far, in order (chance outcomes included)."""
        return [a for a, _ in self._actions]

    def _cached(self, key: str, make: Callable[[], Any]) -> Any:
        """``make()``, worked out once per state (for values read many times, such as the legal actions)."""
        version, memo = self._memo
        if version == self._version:
            if key in memo:
                return memo[key]
        else:
            memo = {}
            self._memo = (self._version, memo)
        value = memo[key] = make()
        return value

    def _legal(self) -> list[object]:
        return self._cached("legal", self._legal_actions)

    def _is_legal(self, action: object) -> bool:
        """``action in legal_actions()`` at a decision point; a game may answer faster without listing them.

        :func:`furlib.testing.check_game` checks that the two always agree.
        """
        return action in self._legal()

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

    def _playable(self, what: str) -> None:
        if self.is_view:
            who = "a spectator's" if self.viewer is None else f"{self.viewer}'s"
            raise ValueError(f"this is {who} view of the game: it shows the game but cannot {what}; "
                             "use the game itself")

    def apply(self, action: object) -> "Game":
        """Apply one action (a decision, or an explicit chance outcome); return the game.

        Raises
        ------
        IllegalAction
            If the rules do not allow ``action`` now; the game is unchanged.
        """
        self._playable("be played")
        if self.is_over:
            raise IllegalAction(f"the game is over ({self._over_text()}); no action can be applied.")
        if self._is_chance():
            self._check_chance(action)
        elif not self._is_legal(action):   # a game may accept an action it does not list (Thieves' TimeUp)
            raise IllegalAction(self._why_illegal(action), self._legal())
        self._push(action, False)
        return self

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
        return self._advance(policy)

    def _advance(self, policy: Policy | None) -> object:
        """:meth:`step` without its checks (the game is on and is not a view)."""
        if self._is_chance():
            action = self._sample_chance(self._rng)
            self._push(action, True)
            return action
        return self._decide(policy)

    def _decide(self, policy: Policy | None) -> object:
        """:meth:`_advance` at a decision point."""
        chooser = policy if policy is not None else self._default_policy()
        if not callable(chooser):
            raise ValueError(f"step() takes a policy: a function (game -> action) or a bot, got {excerpt(chooser)}; "
                             f"to take one action yourself, use apply({excerpt(chooser)})")
        action = chooser(self.view(self.current_player) if self.HIDDEN_INFO else self)
        if not self._is_legal(action):
            raise IllegalAction(f"the policy {excerpt(chooser)} chose {excerpt(action)}, which is not legal now.", self._legal())
        self._push(action, False)
        return action

    def play(self, *policies: Policy | Mapping[str, Policy], max_steps: int | None = None) -> "Game":
        """Play to the end and return the game (for chaining).

        ``play()`` uses the default bot for everyone; ``play(bot)`` gives every
        player ``bot``; ``play(bot_a, bot_b)`` one per seat; ``play({name: bot})``
        by name (others use the default bot). Stops with a RuntimeError after
        ``max_steps`` actions (default ``MAX_STEPS``); the game is left where it stopped.

        If a policy raises, or returns an action that is not legal, the error
        propagates and the game is back where it was before the call (the
        actions this call applied are taken back, generator included).
        """
        from .players import seat_policies

        self._playable("be played")
        chooser = seat_policies(self._players, policies, self._default_policy)
        limit = self.MAX_STEPS if max_steps is None else check_int("max_steps", max_steps, low=1)
        decide, is_chance, sample, push, players = (self._decide, self._is_chance, self._sample_chance,
                                                    self._push, self._players)
        start = self.n_steps
        try:
            for _ in range(limit):   # _advance, unrolled
                state = self._state
                if state["phase"] == "over":
                    return self
                if is_chance():
                    push(sample(self._rng), True)
                else:
                    decide(chooser[players[state["current"]]])
        except Exception:
            if self.n_steps != start:   # back to where the call began (a checkpoint and a short replay)
                self._restore(start)
            raise
        if not self.is_over:
            raise RuntimeError(
                f"the game did not end within max_steps={limit} actions (it is left at turn {self.turn}); "
                f"call play(max_steps=...) with a larger limit to go on, or choose settings that end sooner")
        return self

    # ------------------------------------------------------------ internals
    def _emit(self, kind: str, text: str | Callable[[], str], player: str | None = None, *,
              visible_to: tuple[int, ...] | None = None, **data: Any) -> None:
        state = self._state
        s = state.get("scores")
        # Event(...) without the call of Event.__new__ (an event per action or two: it adds up)
        self._events.append(_new_tuple(Event, (self._base + len(self._actions), state["turn"], player, kind, [text],
                                               data, () if s is None else tuple(s), visible_to)))

    def _push(self, action: object, sampled: bool) -> None:
        self._actions.append((action, sampled))
        self._version += 1
        try:
            self._apply(action)
        except BaseException:
            self._restore(self.n_steps - 1)
            raise
        self._version += 1  # nothing worked out during the change is kept
        if len(self._actions) % self.CHECKPOINT_EVERY == 0:
            self._checkpoint()

    def _over_text(self) -> str:
        w = self.winner
        if isinstance(w, tuple):
            return "shared win: " + ", ".join(w)
        return "nobody won" if w is None else f"{w} won"

    # ------------------------------------------------------ from the mixins
    # The public methods the mixins bring, bound here too so that Game's own documentation lists them
    # (autodoc shows a class's own members): the same functions, looked up no slower.
    undo, at, copy, clone = _Undo.undo, _Undo.at, _Undo.copy, _Undo.clone
    view, events, events_for, log = _Views.view, _Views.events, _Views.events_for, _Views.log
    history, history_for, html, widget = _Views.history, _Views.history_for, _Views.html, _Views.widget
    to_json, from_json = _Saving.to_json, vars(_Saving)["from_json"]
