"""The Game protocol shared by every furlib game.

A game is a state machine with two kinds of points:

* **decision points**, where ``current_player`` picks one of
  :meth:`Game.legal_actions` (by :meth:`Game.apply`, or by a policy in
  :meth:`Game.step`);
* **chance points** (``is_chance``), where the dice are rolled or cards
  drawn. :meth:`Game.chance_outcomes` lists every outcome with its exact
  probability; :meth:`Game.step` samples one with the game's own random
  generator, and :meth:`Game.apply` accepts an explicit outcome ("what if
  you rolled 3,3,5,6,1?"), validated like any action.

Subclasses implement the rules in a handful of ``_methods`` and keep their
whole state in ``self._state``, a dict of plain JSON values. The base class
gives them undo, copies, JSON round trips, history, bounded play and the
shared error messages.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping, Sequence

import numpy as np

from .actions import action_to_json
from .errors import GameOver, IllegalAction, check_int

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

Policy = Callable[["Game"], object]


@dataclass(frozen=True)
class Event:
    """One thing that happened: a roll, a decision, a score, a win."""

    step: int
    turn: int
    player: str | None
    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    scores: tuple = ()

    def __str__(self) -> str:
        return f"{self.step:>4}  {self.text}"


HISTORY_COLUMNS = ("step", "turn", "player", "event", "text")


def normalize_players(players: object, low: int, high: int | None,
                      reserved: Sequence[str] = HISTORY_COLUMNS) -> tuple[str, ...]:
    """Turn a player count or a list of names into a tuple of unique names.

    Names in ``reserved`` (the columns of ``game.history``) are refused, since
    each player's score is a history column named after them.
    """
    limit = f"between {low} and {high}" if high is not None else f"at least {low}"
    if isinstance(players, (int, np.integer)) and not isinstance(players, bool):
        n = check_int("players", players, low=low, high=high)
        return tuple(f"Player {i + 1}" for i in range(n))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ValueError(
            f"players must be a number of players ({limit}) or a list of names, got {players!r}"
        )
    names = tuple(players)
    if not (low <= len(names) <= (high if high is not None else len(names))):
        raise ValueError(f"players must name {limit} players, got {len(names)}: {list(names)!r}")
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise ValueError(f"each player name must be a non-empty string, got {n!r}")
    if len(set(names)) != len(names):
        raise ValueError(f"player names must be different, got {list(names)!r}")
    clash = [n for n in names if n in reserved]
    if clash:
        raise ValueError(f"player names {clash!r} are taken by columns of the game history; "
                         f"choose names other than {sorted(reserved)}")
    return names


def _copy(value: Any) -> Any:
    """Fast deep copy of plain JSON-like data (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


class Game:
    """Base class of the four furlib games (see the module docstring).

    Subclasses set ``ACTIONS`` (the action classes, for JSON), ``MIN_PLAYERS``
    and ``MAX_PLAYERS``, and implement ``_params``, ``_new_state``,
    ``_legal_actions``, ``_apply``, ``_is_chance``, ``_sample_chance``,
    ``_chance_outcomes``, ``_check_chance`` and ``_default_policy``. Their
    state holds the keys ``turn``, ``current``, ``scores``, ``phase`` and
    ``winner``, from which ``current_player``, ``scores``, ``is_over`` and
    ``winner`` are read (a game may refine those properties' docstrings).
    """

    ACTIONS: ClassVar[tuple[type, ...]] = ()
    MIN_PLAYERS: ClassVar[int] = 1
    MAX_PLAYERS: ClassVar[int | None] = None
    MAX_STEPS: ClassVar[int] = 100_000
    #: Keys of ``Event.data`` this game writes; they are history columns too.
    EVENT_FIELDS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, players: object, *, seed: int | None = None):
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0):
            raise ValueError(f"seed must be None or a whole number >= 0, got {seed!r}")
        self.players: tuple[str, ...] = normalize_players(
            players, self.MIN_PLAYERS, self.MAX_PLAYERS, HISTORY_COLUMNS + tuple(self.EVENT_FIELDS))
        ss = np.random.SeedSequence(None if seed is None else int(seed))
        #: The seed actually used (drawn at random when ``seed=None``): a game
        #: rebuilt with it and the same actions is the same game.
        self.seed: int = int(ss.entropy)  # type: ignore[arg-type]
        self._rng = np.random.Generator(np.random.PCG64(ss))
        self._events: list[Event] = []
        self._actions: list[tuple[object, bool]] = []
        self._saved_actions: list[dict[str, Any]] = []  # JSON form of _actions, kept in step
        self._undo: list[tuple[dict, dict, int]] = []
        self._state: dict[str, Any] = {}

    def _start(self) -> None:
        """Build the first state; subclasses call this at the end of ``__init__``."""
        self._state = self._new_state()
        self._after_start()

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
        raise NotImplementedError

    def _why_illegal(self, action: object) -> str:
        """A sentence saying why ``action`` is not legal now (games may refine it)."""
        return f"{action!s} is not a legal action now ({self.current_player} to play)."

    def check_invariants(self) -> None:
        """Raise AssertionError if the state breaks a rule that must always hold."""

    # ------------------------------------------------------------- protocol
    # Every game keeps these keys in its state: "turn" (from 1), "current"
    # (index of the player to move), "scores" (a list in player order),
    # "phase" ("over" once the game has ended) and "winner" (an index, a list
    # of indices for a shared win, or None). The properties below read them.
    @property
    def current_player(self) -> str | None:
        """Who moves now (or whose dice are rolled); None once the game is over."""
        if self._state["phase"] == "over":
            return None
        return self.players[self._state["current"]]

    @property
    def scores(self) -> dict[str, int]:
        """Each player's score, by name."""
        return dict(zip(self.players, self._state["scores"]))

    @property
    def is_over(self) -> bool:
        """True once the game has a winner."""
        return self._state["phase"] == "over"

    @property
    def winner(self) -> str | tuple[str, ...] | None:
        """The winner's name, a tuple of names for a shared win, or None while playing."""
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
        return not self.is_over and self._is_chance()

    @property
    def n_steps(self) -> int:
        """How many actions (decisions and chance outcomes) have been applied."""
        return len(self._actions)

    @property
    def actions(self) -> list[object]:
        """Every action applied so far, in order (chance outcomes included)."""
        return [a for a, _ in self._actions]

    def legal_actions(self) -> list[object]:
        """The decisions the current player may take now.

        Empty when the game is over or at a chance point (see ``is_chance``).
        """
        if self.is_over or self._is_chance():
            return []
        return list(self._legal_actions())

    def chance_outcomes(self) -> list[tuple[object, Fraction]]:
        """At a chance point, every outcome with its exact probability (they sum to 1)."""
        if not self.is_chance:
            raise ValueError("chance_outcomes() needs a chance point: this is a decision point "
                             f"for {self.current_player}; check game.is_chance first")
        return self._chance_outcomes()

    def apply(self, action: object) -> "Game":
        """Apply one action (a decision, or an explicit chance outcome); return the game.

        Raises
        ------
        IllegalAction
            If the rules do not allow ``action`` now; the game is unchanged.
        """
        if self.is_over:
            raise IllegalAction(f"the game is over ({self._over_text()}); no action can be applied.")
        if self._is_chance():
            self._check_chance(action)
        else:
            legal = self._legal_actions()
            if action not in legal:
                raise IllegalAction(self._why_illegal(action), legal)
        self._push(action, False, self._snapshot())
        return self

    def step(self, policy: Policy | None = None) -> object:
        """Advance by one action and return it.

        At a chance point the game rolls with its own random generator; at a
        decision point ``policy(game)`` chooses (by default the game's default
        bot).
        """
        if self.is_over:
            raise GameOver(f"the game is over ({self._over_text()})")
        snap = self._snapshot()
        if self._is_chance():
            action = self._sample_chance(self._rng)
            self._push(action, True, snap)
            return action
        chooser = policy if policy is not None else self._default_policy()
        action = chooser(self)
        legal = self._legal_actions()
        if action not in legal:
            raise IllegalAction(f"the policy {chooser!r} chose {action!r}, which is not legal now.", legal)
        self._push(action, False, snap)
        return action

    def play(self, *policies: Policy | Mapping[str, Policy], max_steps: int | None = None) -> "Game":
        """Play to the end and return the game (for chaining).

        ``play()`` uses the default bot for everyone; ``play(bot)`` gives every
        player ``bot``; ``play(bot_a, bot_b)`` one per seat; ``play({name: bot})``
        by name (others use the default bot). Stops with a RuntimeError after
        ``max_steps`` actions (default ``MAX_STEPS``).
        """
        chooser = self._seat_policies(policies)
        limit = self.MAX_STEPS if max_steps is None else check_int("max_steps", max_steps, low=1)
        for _ in range(limit):
            if self.is_over:
                return self
            self.step(None if self._is_chance() else chooser[self.current_player])
        if not self.is_over:
            raise RuntimeError(f"the game did not end within max_steps={limit} actions")
        return self

    def _seat_policies(self, policies: tuple) -> dict[str, Policy]:
        default = self._default_policy()
        if len(policies) == 1 and isinstance(policies[0], Mapping):
            by_name = dict(policies[0])
            unknown = set(by_name) - set(self.players)
            if unknown:
                raise ValueError(f"unknown player names {sorted(unknown)}; players are {list(self.players)}")
            chosen = {p: by_name.get(p, default) for p in self.players}
        elif len(policies) == 0:
            chosen = {p: default for p in self.players}
        elif len(policies) == 1:
            chosen = {p: policies[0] for p in self.players}
        elif len(policies) == len(self.players):
            chosen = dict(zip(self.players, policies))
        else:
            raise ValueError(
                f"play() takes no policy, one for everybody, or one per player ({len(self.players)}); "
                f"got {len(policies)}"
            )
        for name, pol in chosen.items():
            if not callable(pol):
                raise ValueError(f"the policy for {name} must be callable (game -> action), got {pol!r}")
        return chosen

    def undo(self, n: int = 1) -> "Game":
        """Take back the last ``n`` actions, restoring exactly the earlier state (RNG included)."""
        n = check_int("n", n, low=1, high=max(1, len(self._undo)))
        if n > len(self._undo):
            raise ValueError(f"cannot undo {n} actions: none has been applied yet")
        for _ in range(n):
            state, rng_state, n_events = self._undo.pop()
            self._actions.pop()
            self._saved_actions.pop()
            self._state = state
            self._rng.bit_generator.state = rng_state
            del self._events[n_events:]
        return self

    def copy(self) -> "Game":
        """An independent copy, with the same history, undo stack and RNG state."""
        return copy.deepcopy(self)

    # -------------------------------------------------------------- history
    @property
    def events(self) -> list[Event]:
        """Every event so far, oldest first."""
        return list(self._events)

    @property
    def history(self) -> "pd.DataFrame":
        """One row per event: step, turn, player, event, text, each player's score, details."""
        import pandas as pd

        rows = []
        for e in self._events:
            row: dict[str, Any] = {"step": e.step, "turn": e.turn, "player": e.player,
                                   "event": e.kind, "text": e.text}
            row.update(zip(self.players, e.scores))
            for k, v in e.data.items():
                row[k] = list(v) if isinstance(v, tuple) else v
            rows.append(row)
        cols = ["step", "turn", "player", "event", "text", *self.players]
        df = pd.DataFrame(rows)
        if df.empty:
            return pd.DataFrame(columns=cols)
        rest = [c for c in df.columns if c not in cols]
        return df[cols + rest]

    def log(self, last: int | None = None) -> str:
        """The event log as text, one line per event (the last ``last`` only if given)."""
        events = self._events if last is None else self._events[-last:]
        return "\n".join(str(e) for e in events)

    def _emit(self, kind: str, text: str, player: str | None = None, **data: Any) -> None:
        now = self.scores
        scores = tuple(now[p] for p in self.players)
        self._events.append(Event(len(self._actions), self.turn, player, kind, text, data, scores))

    # ------------------------------------------------------------ internals
    def _snapshot(self) -> tuple[dict, dict, int]:
        return (_copy(self._state), _copy(self._rng.bit_generator.state), len(self._events))

    def _push(self, action: object, sampled: bool, snap: tuple[dict, dict, int]) -> None:
        self._undo.append(snap)
        self._actions.append((action, sampled))
        self._saved_actions.append({"rng": sampled, **action_to_json(action)})
        try:
            self._apply(action)
        except Exception:
            self._undo.pop()
            self._actions.pop()
            self._saved_actions.pop()
            self._state, rng_state, n_events = snap
            self._rng.bit_generator.state = rng_state
            del self._events[n_events:]
            raise

    def _over_text(self) -> str:
        w = self.winner
        if isinstance(w, tuple):
            return "shared win: " + ", ".join(w)
        return f"{w} won"

    # --------------------------------------------------------------- JSON
    def to_json(self) -> str:
        """The game as a JSON string: parameters, seed, every action, and the state.

        ``type(g).from_json(g.to_json())`` rebuilds the same game (history and undo too).
        """
        from .saving import game_to_json

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
            where = f"turn {self.turn}, {self.current_player} to {'roll' if self.is_chance else 'play'}"
        return f"<{type(self).__name__} {list(self.players)!r} {params}; {where}; scores {scores}>"

    def at(self, n_steps: int) -> "Game":
        """A copy of the game as it was after its first ``n_steps`` actions (0 = the start)."""
        n_steps = check_int("n_steps", n_steps, low=0, high=self.n_steps)
        other = self.copy()
        if n_steps < self.n_steps:
            other.undo(self.n_steps - n_steps)
        return other
