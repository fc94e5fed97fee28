"""Undo and copies of a game: checkpoints, replay, rewound copies, full copies and clones.

The state is not copied at every action. Every ``CHECKPOINT_EVERY`` actions
the game keeps its state and where it is in its random stream (the block of
dice drawn ahead included, see :mod:`furlib.core.stream`); :meth:`_Undo.undo`
goes back to the latest checkpoint at or before the target and replays the
recorded actions from there. A rolled action is rolled again from the
restored generator, which both advances it exactly and checks that it gives
the same outcome. A copy shares the immutable parts (events, checkpoints);
a clone keeps no history at all. A position set up by hand
(``_set_state``) becomes the game's start.

:class:`_Undo` is a mixin of :class:`furlib.core.game.Game`: its methods read
and set the game's engine attributes (``_ENGINE``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import check_int
from .words import plural

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

#: Attributes of a game object that belong to the engine, not to the game's parameters.
_ENGINE = ("_state", "_rng", "_ahead", "_events", "_actions", "_checkpoints", "_base", "_version", "_memo")


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


class _Undo:
    """Undo, rewound copies, copies and clones of a :class:`~furlib.core.game.Game` (a mixin)."""

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

    def at(self, n_steps: int) -> "Game":
        """A copy of the game as it was after its first ``n_steps`` actions (0 = the start)."""
        n_steps = check_int("n_steps", n_steps, low=self._base, high=self.n_steps)
        other = self.copy()
        if n_steps < self.n_steps:
            other._restore(n_steps)
        return other

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

    def _checkpoint(self) -> None:
        rng = None if self._rng is None else self._rng_position()
        self._checkpoints.append((self.n_steps, _copy(self._state), rng, len(self._events)))

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
            self._reseed()
            self._state = self._new_state()
            self._after_start()
        else:
            self._state = _copy(state)
            if self._rng is not None:   # back to that point of the stream, block drawn ahead included
                self._seek(rng_state)
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

    def _bare(self) -> "Game":
        """A new object of this class with this one's parameters and nothing of the engine."""
        other = object.__new__(type(self))
        other.__dict__.update({k: v for k, v in self.__dict__.items() if k not in _ENGINE})
        other._version, other._memo = 0, (0, {})
        other._ahead = None
        return other

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

