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

Speed. A step costs little more than the rules themselves: the state is not
copied at every action. Every ``CHECKPOINT_EVERY`` actions the state and
the generator's state are kept; :meth:`Game.undo` goes back to the latest
checkpoint and replays the recorded actions from there (a rolled action is
rolled again, so the generator comes back exactly). Event texts are written
only when read, and the legal actions of a state are listed once. A game
whose every draw is a die (a whole number below a bound) rolls with
:meth:`Game._draw`, which draws the dice in blocks of ``DRAW_AHEAD`` (one
call of the generator instead of one per throw): numpy draws each die in
turn from the same stream, so these are the very dice that rolling one
throw at a time gives (checked once, see :func:`_draws_batch_exactly`).
Checkpoints keep the block in use, so undo, copies and saves come back to
the same point of the stream, generator included.

Hidden information. A game with ``HIDDEN_INFO = True`` redacts its state for
each player (:meth:`Game._redact`) and marks secret events with the seats
that may see them. :meth:`Game.view` is what one player may see, and a
policy is called with that view, never with the game. See
``docs/architecture.md``.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping

import numpy as np

from .actions import action_to_json
from .errors import GameOver, IllegalAction, check_int
from .events import Event, visible
from .players import HISTORY_COLUMNS, normalize_players
from .words import plural

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

Policy = Callable[["Game"], object]

__all__ = ["Game", "Event", "Policy", "HISTORY_COLUMNS", "normalize_players"]

_new_tuple = tuple.__new__

#: Attributes of a game object that belong to the engine, not to the game's parameters.
_ENGINE = ("_state", "_rng", "_ahead", "_events", "_actions", "_checkpoints", "_base", "_version", "_memo")

#: How many numbers :meth:`Game._draw` draws from the generator at a time (a block).
DRAW_AHEAD = 64
_BATCH_OK: list[bool] = []   # the answer of _draws_batch_exactly(), once known


def _draws_batch_exactly() -> bool:
    """True if ``integers(high, size=a + b)`` draws what ``integers(high, size=a)`` then ``size=b`` draw.

    numpy draws each bounded integer in turn from the bit generator (a
    rejected draw is drawn again at once), so one long call and several short
    ones give the same numbers and leave the generator in the same state.
    :meth:`Game._draw` relies on it; this checks it once on the numpy in use
    (bounds with frequent rejections included), and :meth:`Game._draw` rolls
    one throw at a time if it ever fails.
    """
    if not _BATCH_OK:
        ok = True
        for high in (6, 20, 2**31 + 1):
            one, parts = (np.random.Generator(np.random.PCG64(2024)) for _ in range(2))
            sizes = (3, 1, 5, 0, 2, 9, 4, 7, 1, 6)
            drawn: list[int] = []
            for k in sizes:
                drawn += parts.integers(high, size=k).tolist()
            ok = ok and (one.integers(high, size=sum(sizes)).tolist() == drawn
                         and one.bit_generator.state == parts.bit_generator.state)
        _BATCH_OK.append(ok)
    return _BATCH_OK[0]


@lru_cache(maxsize=4096)
def _action_json(action: object) -> dict[str, Any]:
    """:func:`action_to_json`, remembered (actions are frozen); callers copy it, never change it."""
    return action_to_json(action)


@lru_cache(maxsize=64)
def _numbered_players(n: int, low: int, high: int | None) -> tuple[str, ...]:
    """:func:`normalize_players` of a player count (a plain ``int``), remembered."""
    return normalize_players(n, low, high)


def _copy(value: Any) -> Any:
    """Fast deep copy of plain JSON-like data (dicts, lists, scalars).

    A shallow copy first, then only the dicts and lists inside are copied
    again (most values of a state are numbers and strings).
    """
    kind = type(value)
    if kind is dict:
        out = value.copy()
        for k, v in out.items():
            kind = type(v)
            if kind is dict or kind is list:
                out[k] = _copy(v)
        return out
    if kind is list:
        out = value[:]
        for i, v in enumerate(out):
            kind = type(v)
            if kind is dict or kind is list:
                out[i] = _copy(v)
        return out
    return value


class Game:
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

    #: The player whose view this is (a view only; see :meth:`view`).
    viewer: str | None = None
    #: True for a view made by :meth:`view`: it shows, it cannot be played.
    is_view: bool = False

    def __init__(self, players: object, *, seed: int | None = None):
        if seed is not None and not (type(seed) is int and seed >= 0) and (
                isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0):
            raise ValueError(f"seed must be None or a whole number >= 0, got {seed!r}")
        if type(players) is int:   # "Player 1", "Player 2", ...: the same tuple every time
            self.players: tuple[str, ...] = _numbered_players(players, self.MIN_PLAYERS, self.MAX_PLAYERS)
        else:
            self.players = normalize_players(
                players, self.MIN_PLAYERS, self.MAX_PLAYERS, HISTORY_COLUMNS + tuple(self.EVENT_FIELDS))
        ss = np.random.SeedSequence(None if seed is None else int(seed))
        #: The seed actually used (drawn at random when ``seed=None``): a game
        #: rebuilt with it and the same actions is the same game.
        self.seed: int | None = int(ss.entropy)  # type: ignore[arg-type]
        #: The teacher's switch of a game with hidden information: show every
        #: secret in the repr, the log and the history (off by default).
        self.reveal: bool = not self.HIDDEN_INFO
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

    def _set_state(self, **changes: Any) -> "Game":
        """Set up a position by hand (for tests and lessons): change state keys before any action.

        The changed state becomes the game's start, so undo and saves work
        from it. Note that ``to_json`` saves the parameters and actions, so a
        game set up by hand does not load back from its save.

        Raises
        ------
        ValueError
            If an action was applied already, or a key is not in the state.
        """
        if self._actions or self._base:
            raise ValueError("_set_state() only sets up a new game, before any action")
        unknown = sorted(set(changes) - set(self._state))
        if unknown:
            raise ValueError(f"unknown state keys {unknown}; the state has {sorted(self._state)}")
        self._state.update(_copy(changes))
        self._version += 1
        self._checkpoints = []
        self._checkpoint()
        return self

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

    def _draw(self, high: int, k: int) -> list[int]:
        """The next ``k`` whole numbers from 0 to ``high - 1`` of the game's stream: ``rng.integers(high, size=k)``.

        For games whose every draw is one of these (dice). The numbers are
        drawn in blocks of ``DRAW_AHEAD``, counted from the game's first draw,
        which gives the same numbers (see :func:`_draws_batch_exactly`) for a
        fraction of the calls. The generator itself is then at the end of the
        block in use: the same place for every game at the same point of the
        same history, whatever undo, copies or saves led there. A game that
        draws with ``_draw`` takes nothing else from the generator.
        """
        a = self._ahead
        if a is not None:
            if a[0] == high:
                values, pos = a[2], a[3]
                end = pos + k
                if end <= len(values):
                    a[3] = end
                    return values[pos:end]
                rest = values[pos:]   # the generator is at the end of this block: the next one starts there
            else:                     # another bound (no furlib game does this): blocks start afresh here
                self._sync_rng()
                rest = []
        elif high > 2**32 or not _draws_batch_exactly():
            return self._rng.integers(high, size=k).tolist()  # type: ignore[union-attr]
        else:
            rest = []
        need = k - len(rest)
        rng = self._rng
        base = rng.bit_generator.state  # type: ignore[union-attr]
        values = rng.integers(high, size=-(-need // DRAW_AHEAD) * DRAW_AHEAD).tolist()  # type: ignore[union-attr]
        self._ahead = [high, base, values, need]
        return rest + values[:need] if rest else values[:need]

    def _sync_rng(self) -> None:
        """Put the generator exactly where the game is in its stream (drop the numbers drawn ahead)."""
        a = self._ahead
        if a is not None:
            self._ahead = None
            high, base, _, pos = a
            self._rng.bit_generator.state = base  # type: ignore[union-attr]
            if pos:
                self._rng.integers(high, size=pos)  # type: ignore[union-attr]

    def _rng_position(self) -> tuple:
        """Where the game is in its stream, for a checkpoint: (generator state, high, block, numbers used).

        The state is the generator's at the start of the block drawn ahead
        (None, (), 0 for no block: the state is then exactly the game's).
        """
        a = self._ahead
        if a is None:
            return (self._rng.bit_generator.state, None, (), 0)  # type: ignore[union-attr]
        return (a[1], a[0], a[2], a[3])

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
        return self.players[self._state["current"]]

    @property
    def scores(self) -> dict[str, int]:
        """Each player's score, by name (empty for a game without scores)."""
        s = self._state.get("scores")
        return {} if s is None else dict(zip(self.players, s))

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
            return tuple(self.players[i] for i in w)
        return self.players[w]

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
        return self._chance_outcomes()

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
        else:
            legal = self._legal()
            if action not in legal:
                raise IllegalAction(self._why_illegal(action), legal)
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
            raise GameOver(f"the game is over ({self._over_text()})")
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
            raise ValueError(f"step() takes a policy: a function (game -> action) or a bot, got {chooser!r}; "
                             f"to take one action yourself, use apply({chooser!r})")
        action = chooser(self.view(self.current_player) if self.HIDDEN_INFO else self)
        if not self._is_legal(action):
            raise IllegalAction(f"the policy {chooser!r} chose {action!r}, which is not legal now.", self._legal())
        self._push(action, False)
        return action

    def play(self, *policies: Policy | Mapping[str, Policy], max_steps: int | None = None) -> "Game":
        """Play to the end and return the game (for chaining).

        ``play()`` uses the default bot for everyone; ``play(bot)`` gives every
        player ``bot``; ``play(bot_a, bot_b)`` one per seat; ``play({name: bot})``
        by name (others use the default bot). Stops with a RuntimeError after
        ``max_steps`` actions (default ``MAX_STEPS``); the game is left where it stopped.
        """
        from .players import seat_policies

        self._playable("be played")
        chooser = seat_policies(self.players, policies, self._default_policy)
        limit = self.MAX_STEPS if max_steps is None else check_int("max_steps", max_steps, low=1)
        decide, is_chance, sample, push, players = (self._decide, self._is_chance, self._sample_chance,
                                                    self._push, self.players)
        for _ in range(limit):   # _advance, unrolled
            state = self._state
            if state["phase"] == "over":
                return self
            if is_chance():
                push(sample(self._rng), True)
            else:
                decide(chooser[players[state["current"]]])
        if not self.is_over:
            raise RuntimeError(
                f"the game did not end within max_steps={limit} actions (it is left at turn {self.turn}); "
                f"call play(max_steps=...) with a larger limit to go on, or choose settings that end sooner")
        return self

    def undo(self, n: int = 1) -> "Game":
        """Take back the last ``n`` actions, restoring exactly the earlier state (RNG included).

        Raises
        ------
        ValueError
            If ``n`` is not a whole number >= 1, or more actions than were applied.
        """
        self._playable("be undone")
        n = check_int("n", n, low=1)
        done = len(self._actions)
        if n > done:
            if done == 0:
                raise ValueError("nothing to undo: no action has been applied yet"
                                 + (" since this clone was made" if self._base else ""))
            raise ValueError(f"cannot undo {plural(n, 'action')}: only {done} "
                             f"{'has' if done == 1 else 'have'} been applied"
                             + (" since this clone was made" if self._base else ""))
        self._restore(self.n_steps - n)
        return self

    # ------------------------------------------------------- copies and views
    def _bare(self) -> "Game":
        """A new object of this class with this one's parameters and nothing of the engine."""
        other = object.__new__(type(self))
        other.__dict__.update({k: v for k, v in self.__dict__.items() if k not in _ENGINE})
        other._version, other._memo = 0, (0, {})
        other._ahead = None
        return other

    def _fresh_rng(self) -> np.random.Generator | None:
        """A generator in the state of this one (and the dice drawn ahead copied with it: see ``_copy_rng``)."""
        if self._rng is None:
            return None
        rng = np.random.Generator(np.random.PCG64())
        rng.bit_generator.state = self._rng.bit_generator.state
        return rng

    def _copy_rng(self, other: "Game") -> None:
        """Give ``other`` a generator of its own, at the same point of the same stream as this game."""
        other._rng = self._fresh_rng()
        other._ahead = None if self._ahead is None else list(self._ahead)   # the dice list is never changed

    def copy(self) -> "Game":
        """An independent copy, with the same history, undo and random generator."""
        other = self._bare()
        other._state = _copy(self._state)
        self._copy_rng(other)
        other._events = list(self._events)
        other._actions = list(self._actions)
        other._checkpoints = list(self._checkpoints)  # checkpoint states are never changed in place
        other._base = self._base
        return other

    def __copy__(self) -> "Game":
        return self.copy()

    def __deepcopy__(self, memo: dict) -> "Game":
        return self.copy()

    def clone(self) -> "Game":
        """A cheap independent copy of the present state, without history (for lookahead bots).

        A clone plays on like the game (same random generator state), but it
        keeps no events, cannot be undone before the moment it was made, and
        cannot be saved as JSON.
        """
        self._playable("be cloned (a view has no future to explore)")
        other = self._bare()
        other._state = _copy(self._state)
        self._copy_rng(other)
        other._events, other._actions = [], []
        other._base = self.n_steps
        other._checkpoints = []
        other._checkpoint()
        return other

    def view(self, player: str | None = None) -> "Game":
        """What ``player`` may see of the game now (None: a spectator), as a game object that only shows.

        The view has the game's parameters, the state with every secret of
        the others removed (not hidden: absent), the events that player may
        see, and ``legal_actions()`` if it is that player's move. It has no
        seed, no random generator and no actions, so nothing in it can
        reveal a secret; it cannot be played. In a game without hidden
        information it is the whole state.

        Raises
        ------
        ValueError
            If ``player`` is not one of the players.
        """
        seat = self._seat(player)
        v = self._bare()
        v.seed = None
        v.viewer, v.is_view = player, True
        v.reveal = not self.HIDDEN_INFO
        v._state = self._redact(_copy(self._state), seat) if self.HIDDEN_INFO else _copy(self._state)
        v._rng = None
        v._events = [e for e in self._events if visible(e, seat, not self.HIDDEN_INFO)]
        v._actions, v._checkpoints = [], []
        v._base = self.n_steps
        return v

    def _seat(self, player: str | None) -> int | None:
        if player is None:
            return None
        if player not in self.players:
            raise ValueError(f"unknown player {player!r}; players are {list(self.players)} "
                             "(or None for a spectator)")
        return self.players.index(player)

    def _perspective(self, viewer: str | None) -> "Game":
        """The game as ``viewer`` sees it: itself if it shows everything to everyone."""
        if self.is_view or (viewer is None and self.reveal):
            return self
        return self.view(viewer)

    # -------------------------------------------------------------- history
    @property
    def events(self) -> list[Event]:
        """Every event so far, oldest first (secret ones too: see :meth:`events_for`)."""
        return list(self._events)

    def events_for(self, viewer: str | None = None) -> list[Event]:
        """The events ``viewer`` may see (None: the spectator, or everything once ``reveal`` is on).

        A view shows its own events (``viewer`` is then None or the view's player).
        """
        if self.is_view:
            if viewer is not None and viewer != self.viewer:
                raise ValueError(f"this view shows what {self.viewer or 'a spectator'} sees; "
                                 f"ask the game itself for {viewer}'s events")
            return list(self._events)
        if viewer is None and self.reveal:
            return list(self._events)
        seat = self._seat(viewer)
        return [e for e in self._events if visible(e, seat)]

    @property
    def history(self) -> "pd.DataFrame":
        """One row per event: step, turn, player, event, text, each player's score, details.

        In a game with hidden information: the events a spectator sees (every
        event once ``reveal`` is on); see :meth:`history_for`.
        """
        return self.history_for(None)

    def history_for(self, viewer: str | None = None) -> "pd.DataFrame":
        """The history as ``viewer`` may see it."""
        from .history import history_frame

        fields = self.EVENT_FIELDS if self.HISTORY_FIELDS is None else self.HISTORY_FIELDS
        return history_frame(self.events_for(viewer), self.players, bool(self.scores), fields)

    def log(self, last: int | None = None, *, viewer: str | None = None) -> str:
        """The event log as text, one line per event (the last ``last`` only if given).

        ``viewer`` shows the log as that player may see it (None: the spectator,
        or everything once ``reveal`` is on).

        Raises
        ------
        ValueError
            If ``last`` is not a whole number >= 0 or ``viewer`` is not a player.
        """
        events = self.events_for(viewer)
        if last is not None:
            last = check_int("last", last, low=0)
            events = events[len(events) - last:] if last else []
        return "\n".join(str(e) for e in events)

    def _emit(self, kind: str, text: str | Callable[[], str], player: str | None = None, *,
              visible_to: tuple[int, ...] | None = None, **data: Any) -> None:
        state = self._state
        s = state.get("scores")
        # Event(...) without the call of Event.__new__ (an event per action or two: it adds up)
        self._events.append(_new_tuple(Event, (self._base + len(self._actions), state["turn"], player, kind, [text],
                                               data, () if s is None else tuple(s), visible_to)))

    # ------------------------------------------------------------ internals
    def _checkpoint(self) -> None:
        rng = None if self._rng is None else self._rng_position()
        self._checkpoints.append((self.n_steps, _copy(self._state), rng, len(self._events)))

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

    def _restore(self, n: int) -> None:
        """Go back to the moment after action ``n``: the latest checkpoint, then replay."""
        cps = self._checkpoints
        while cps[-1][0] > n:
            cps.pop()
        at, state, rng_state, n_events = cps[-1]
        replay = self._actions[at - self._base:n - self._base]
        del self._actions[at - self._base:]
        if state is None:              # the start: built again
            del self._events[:]
            self._rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(self.seed)))
            self._ahead = None
            self._state = self._new_state()
            self._after_start()
        else:
            self._state = _copy(state)
            if self._rng is not None:   # back to that point of the stream, block drawn ahead included
                base, high, block, used = rng_state
                self._rng.bit_generator.state = base
                if block:
                    self._rng.integers(high, size=len(block))   # the same numbers again (kept in `block`)
                    self._ahead = [high, base, block, used]
                else:
                    self._ahead = None
            del self._events[n_events:]
        self._version += 1
        for action, sampled in replay:
            if sampled:
                again = self._sample_chance(self._rng)
                assert again == action, f"replaying a roll gave {again}, not {action}"
            self._actions.append((action, sampled))
            self._version += 1
            self._apply(action)
        self._version += 1

    def _over_text(self) -> str:
        w = self.winner
        if isinstance(w, tuple):
            return "shared win: " + ", ".join(w)
        return "nobody won" if w is None else f"{w} won"

    # --------------------------------------------------------------- JSON
    def _saved_actions(self) -> list[dict[str, Any]]:
        return [{"rng": sampled, **_action_json(a)} for a, sampled in self._actions]

    def to_json(self) -> str:
        """The game as a JSON string: parameters, seed, every action, and the state.

        ``type(g).from_json(g.to_json())`` rebuilds the same game (history and undo too).

        Raises
        ------
        ValueError
            For a clone or a view, which keep no history to replay.
        """
        from .saving import game_to_json

        self._playable("be saved")
        if self._base:
            raise ValueError("a clone keeps no history, so it cannot be saved; save the game itself "
                             "(or a copy(), which keeps the history)")
        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> "Game":
        """Rebuild a game from :meth:`to_json`, replaying and checking every action.

        Raises
        ------
        ValueError
            If the text is not a saved furlib game of this class, or an action
            is not legal, or the saved state does not match its actions.
        """
        from .saving import game_from_json

        return game_from_json(cls, text)

    # ------------------------------------------------------------ display
    def __repr__(self) -> str:
        params = ", ".join(f"{k}={v!r}" for k, v in self._params().items() if k != "players")
        scores = ", ".join(f"{p}: {s}" for p, s in self.scores.items())
        if self.is_over:
            where = f"over, {self._over_text()}"
        else:
            where = f"turn {self.turn}, {self.current_player} to {self.CHANCE_VERB if self.is_chance else 'play'}"
        whose = "" if not self.is_view else f" as {self.viewer} sees it" if self.viewer else " as a spectator sees it"
        tail = f"; scores {scores}" if scores else ""
        return f"<{type(self).__name__}{whose} {list(self.players)!r} {params}; {where}{tail}>"

    def html(self, viewer: str | None = None) -> str:
        """The game drawn as HTML, as ``viewer`` may see it (None: the spectator, or all once ``reveal`` is on)."""
        from .registry import get

        return get(self).renderer()(self._perspective(viewer))

    def _repr_html_(self) -> str:
        return self.html(self.viewer if self.is_view else None)

    def widget(self, **kwargs: Any):
        """An ipywidgets app to play this game against bots (the game's app in the registry, or the core's frame)."""
        from .registry import get

        app = get(self).app_class()
        if app is None:   # every game plays in the core frame: one button per legal action
            from .widgets import GameApp as app
        return app(self, **kwargs).box

    def at(self, n_steps: int) -> "Game":
        """A copy of the game as it was after its first ``n_steps`` actions (0 = the start)."""
        n_steps = check_int("n_steps", n_steps, low=self._base, high=self.n_steps)
        other = self.copy()
        if n_steps < self.n_steps:
            other._restore(n_steps)
        return other
