"""A game's timeline: what happened (actions, events), checkpoints to go back, and its random stream.

Every :class:`furlib.core.engine.game.Game` owns one :class:`Timeline`. The game
keeps its rules and its present state; the timeline keeps everything else
that changes as the game is played:

* the **actions** applied (each with whether the game's own generator
  rolled it) and the **events** they wrote;
* **checkpoints**: every ``CHECKPOINT_EVERY`` actions a copy of the state
  and where the stream was, so that going back (undo, a copy at an earlier
  step, a failed ``play()``) restores the latest checkpoint and replays the
  few actions after it (:meth:`Timeline.rewind`), as python-chess's
  ``push``/``pop`` keeps a move stack rather than a board per move;
* the **random stream**: a numpy ``PCG64`` generator seeded from the game's
  seed. Dice are drawn in blocks of ``DRAW_AHEAD`` (:meth:`Timeline.draw`):
  numpy draws each bounded integer in turn from the same stream, so a block
  holds the very dice that rolling one throw at a time gives (checked once,
  :func:`draws_batch_exactly`), for a fraction of the calls. Blocks are
  counted from the game's first draw and a checkpoint keeps the block in use,
  so undo, copies and saves come back to the same point of the stream;
* the **version**, which changes with every change of state, and a memo of
  values worked out once per version (the legal actions, the chance outcomes).

Events are written only once someone reads them (``recording``): a game
played in a loop keeps its actions alone, and the first read of its events
(the log, the history, a view, the HTML) replays its actions from the start
with recording on, after which it records as it goes. The events derive from
the actions, so the replay writes exactly the events the game would have. A
game with hidden information records from the start (every decision is made
on a view, and a view holds the events its player may see).

A copy of a timeline shares what is never changed in place (events,
checkpoint states, the blocks of dice); a clone (for lookahead) starts a new
one at the present moment. A view has no timeline (it keeps a tuple of the
events its player may see, which :meth:`Timeline.visible_events` makes).
This module imports nothing of the game: the game calls it.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from typing import Any

import numpy as np

from .chance import draw_index
from .state import State

_get = tuple.__getitem__   # an event's fields, read as the tuple it is (visible_to is field 7)

__all__ = ["Timeline", "DRAW_AHEAD", "draws_batch_exactly"]

#: How many numbers :meth:`Timeline.draw` draws from the generator at a time (a block).
DRAW_AHEAD = 256
_BATCH_OK: list[bool] = []   # the answer of draws_batch_exactly(), once known


#: A checkpoint: (step, the state's marshal bytes or None for the start, stream position or None, number of
#: events).
Checkpoint = tuple[int, Any, Any, int]


def draws_batch_exactly() -> bool:
    """True if ``integers(high, size=a + b)`` draws what ``integers(high, size=a)`` then ``size=b`` draw.

    numpy draws each bounded integer in turn from the bit generator (a
    rejected draw is drawn again at once), so one long call and several short
    ones give the same numbers and leave the generator in the same state.
    :meth:`Timeline.draw` relies on it; this checks it once on the numpy in
    use (bounds with frequent rejections included), and ``draw`` rolls one
    throw at a time if it ever fails.
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


def _generator(seed: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))


class Timeline:
    """The actions, events, checkpoints, random stream and version of one game (see the module docstring).

    Parameters
    ----------
    seed : int or None
        The seed of the generator (None: no generator; a game always has one).
    """

    __slots__ = ("seed", "rng", "ahead", "actions", "events", "checkpoints", "base", "version", "memo", "recording",
                 "seen", "fresh", "filtered")

    def __init__(self, seed: int | None):
        self.seed = seed
        self.rng: np.random.Generator | None = None if seed is None else _generator(seed)
        #: The block drawn by draw(): [high, generator state before the block, the numbers, how many are used];
        #: None while the generator is exactly where the game is.
        self.ahead: list[Any] | None = None
        self.actions: list[tuple[object, bool]] = []
        self.events: list[Any] = []
        self.checkpoints: list[Checkpoint] = []
        self.base = 0            # actions before this timeline's own (a clone's starting point)
        self.version = 0         # changes with every change of state (keys the memo)
        self.memo: tuple[int, dict[str, Any]] = (0, {})
        #: Whether the game writes its events as it plays. Off until someone reads them: a game played in a
        #: loop keeps only its actions, and the events are written by replaying them when first asked for.
        self.recording = False
        #: For each seat asked (None: a spectator), the events that seat may see, as a tuple its views share (up
        #: to the seat's last view), and the ones sorted out for it since (a list, joined to the tuple when
        #: the seat is next asked): a view per decision sorts out only the events written since the last one,
        #: among the first ``filtered``. Dropped by a rewind.
        self.seen: dict[int | None, tuple[Any, ...]] = {}
        self.fresh: dict[int | None, list[Any]] = {}
        self.filtered = 0

    @property
    def generator(self) -> np.random.Generator:
        """The random generator (a timeline made without a seed has none: asking it for one is a ValueError)."""
        rng = self.rng
        if rng is None:
            raise ValueError("this timeline has no random generator (no seed): it cannot roll or draw")
        return rng

    # ------------------------------------------------------------- history
    @property
    def n_steps(self) -> int:
        """How many actions the game has had (a clone's count goes on from its game's)."""
        return self.base + len(self.actions)

    def record(self, action: object, sampled: bool) -> None:
        """Note ``action`` as applied (``sampled``: rolled by the game's own generator)."""
        self.actions.append((action, sampled))
        self.version += 1

    def changed(self) -> None:
        """The state changed: forget the values worked out for the old one."""
        self.version += 1

    def cached(self, key: str, make: Callable[[], Any]) -> Any:
        """``make()``, worked out once per version of the state."""
        version, memo = self.memo
        if version == self.version:
            if key in memo:
                return memo[key]
        else:
            memo = {}
            self.memo = (self.version, memo)
        value = memo[key] = make()
        return value

    def checkpoint(self, state: Any) -> None:
        """Keep ``state`` and the stream's position, to come back to this moment (None: the start).

        The state is kept as the bytes of ``marshal.dumps`` (plain data: dicts, lists, tuples, strings,
        numbers): a quarter of the memory of a copy for a game with many cards, made faster, and read
        back by :meth:`rewind` as a new state that shares nothing. The bytes are the engine's own and
        are never read from anywhere else.
        """
        kept: Any = None if state is None else (type(state), state.pack()) if isinstance(state, State) \
            else marshal.dumps(state)
        where = None if self.rng is None or state is None else self.position()
        self.checkpoints.append((self.n_steps, kept, where, len(self.events)))

    def restart(self) -> None:
        """Forget every checkpoint (a position set up by hand becomes the start: checkpoint it next)."""
        self.checkpoints = []

    def rewind(self, n: int) -> tuple[Any, list[tuple[object, bool]]]:
        """Go back to the latest checkpoint at or before step ``n``.

        Returns the state to restart from (a fresh copy, or None: build the
        start again) and the actions to replay from there to reach step
        ``n``; the actions and events after the checkpoint are dropped and the
        stream is put back where it was then.
        """
        cps = self.checkpoints
        while cps[-1][0] > n:
            cps.pop()
        at, state, where, n_events = cps[-1]
        replay = self.actions[at - self.base:n - self.base]
        del self.actions[at - self.base:]
        del self.events[0 if state is None else n_events:]   # the start's own events are written again
        self.seen, self.fresh, self.filtered = {}, {}, 0
        if state is None:
            if self.rng is not None:
                self.rng, self.ahead = _generator(self.seed), None   # type: ignore[arg-type]  # a seed with an rng
        elif self.rng is not None:
            self.seek(where)
        self.version += 1
        if state is None:
            return None, replay
        if type(state) is tuple:
            kind, packed = state
            return kind.unpack(packed), replay
        return marshal.loads(state), replay

    # -------------------------------------------------------------- copies
    def _like(self) -> Timeline:
        """A new timeline with this one's seed, stream (the block drawn ahead copied) and recording switch."""
        other = Timeline.__new__(Timeline)
        other.seed = self.seed
        other.rng, other.ahead = self._fork_rng(), None if self.ahead is None else list(self.ahead)
        other.version, other.memo = 0, (0, {})
        other.recording = self.recording
        other.seen, other.fresh, other.filtered = {}, {}, 0
        return other

    def copy(self) -> Timeline:
        """An independent copy: the same history, checkpoints and stream (sharing what never changes in place)."""
        other = self._like()
        other.actions, other.events = list(self.actions), list(self.events)
        other.checkpoints, other.base = list(self.checkpoints), self.base
        return other

    def clone(self, state: Any) -> Timeline:
        """A timeline that starts now, at ``state``, with the same stream and no history (for lookahead)."""
        other = self._like()
        other.actions, other.events, other.checkpoints, other.base = [], [], [], self.n_steps
        other.recording = False
        other.checkpoint(state)
        return other

    def visible_events(self, seat: int | None) -> tuple[Any, ...]:
        """The events the player in ``seat`` may see (None: a spectator), oldest first: a tuple, which every
        view of that seat shares until the next event (events are never changed, nor is a tuple).

        Each event is looked at once: the events written since the last call are sorted out, in one pass, for
        every seat asked so far (the players' views are usually asked for one after the other) and put aside
        for it; a seat's tuple is made anew, once, when it is next asked (not once per event, nor for a seat
        nobody asks about).
        """
        if self.filtered < len(self.events) or seat not in self.seen:
            self._filter(seat)
        fresh = self.fresh[seat]
        if fresh:
            kept = self.seen[seat] = self.seen[seat] + tuple(fresh)
            fresh.clear()
            return kept
        return self.seen[seat]

    def _filter(self, seat: int | None) -> None:
        """The events written since the last call, put aside for every seat asked so far (and ``seat``'s events
        until then, if it was not asked before)."""
        events, fresh, done = self.events, self.fresh, self.filtered
        if seat not in self.seen:     # a seat not asked before: the events already sorted out, for it
            self.seen[seat] = tuple([e for e in events[:done] if (who := _get(e, 7)) is None
                                     or (seat is not None and seat in who)])
            fresh[seat] = []
        for e in events[done:]:
            who = _get(e, 7)         # visible(e, seat) written out: None (everybody) or the seats among them
            if who is None:
                for put_aside in fresh.values():
                    put_aside.append(e)
            else:
                for s in who:
                    if s in fresh:
                        fresh[s].append(e)
        self.filtered = len(events)

    # ------------------------------------------------------------- stream
    def draw(self, high: int, k: int) -> tuple[int, ...]:
        """The next ``k`` whole numbers from 0 to ``high - 1`` of the stream: ``rng.integers(high, size=k)``.

        Drawn in blocks of ``DRAW_AHEAD``, counted from the game's first
        draw, which gives the same numbers (see :func:`draws_batch_exactly`)
        for a fraction of the calls. The generator itself is then at the end
        of the block in use: the same place for every game at the same point
        of the same history. A game that draws with ``draw`` takes nothing
        else from the generator.
        """
        a = self.ahead
        if a is not None and a[0] == high:
            values, pos = a[2], a[3]
            end = pos + k
            if end <= len(values):     # the numbers are in the block drawn ahead
                a[3] = end
                return values[pos:end]  # type: ignore[no-any-return]  # the block is a tuple of ints
        rng = self.rng
        assert rng is not None, "this timeline has no random stream (no seed)"
        if a is not None:
            if a[0] == high:
                rest = a[2][a[3]:]    # the generator is at the end of this block: the next one starts there
            else:                     # another bound (no furlib game does this): blocks start afresh here
                self.sync()
                rest = ()
        elif high > 2**32 or not draws_batch_exactly():
            return tuple(rng.integers(high, size=k).tolist())
        else:
            rest = ()
        need = k - len(rest)
        base = rng.bit_generator.state
        values = tuple(rng.integers(high, size=-(-need // DRAW_AHEAD) * DRAW_AHEAD).tolist())
        self.ahead = [high, base, values, need]
        return rest + values[:need] if rest else values[:need]

    def index(self, n: int) -> int:
        """One whole number from 0 to ``n - 1`` of the stream, ``rng.integers(n)`` (a card off a deck of ``n``).

        A game draws its dice with :meth:`draw` or its cards with this, not both: a block of dice drawn ahead
        is given back first (the generator goes back to where the game is).
        """
        if n < 1:                  # refused before the block drawn ahead is given back
            raise ValueError("cannot draw from an empty deck")
        self.sync()
        return draw_index(self.generator, n)

    def sync(self) -> None:
        """Put the generator exactly where the game is in its stream (drop the numbers drawn ahead)."""
        a = self.ahead
        if a is not None and self.rng is not None:
            self.ahead = None
            high, base, _, pos = a
            self.rng.bit_generator.state = base
            if pos:
                self.rng.integers(high, size=pos)

    def position(self) -> tuple[Any, int | None, Any, int]:
        """Where the game is in its stream: (generator state, high, block, numbers used).

        The state is the generator's at the start of the block drawn ahead
        (None, (), 0 for no block: the state is then exactly the game's).
        """
        a = self.ahead
        if a is None:
            assert self.rng is not None
            return (self.rng.bit_generator.state, None, (), 0)
        return (a[1], a[0], a[2], a[3])

    def seek(self, position: tuple[Any, int | None, Any, int]) -> None:
        """Put the stream back at ``position`` (from :meth:`position`), block drawn ahead included."""
        base, high, block, used = position
        rng = self.rng
        assert rng is not None
        rng.bit_generator.state = base
        if block:
            assert high is not None
            rng.integers(high, size=len(block))   # the same numbers (kept in `block`)
            self.ahead = [high, base, block, used]
        else:
            self.ahead = None

    def _fork_rng(self) -> np.random.Generator | None:
        """A generator in the state of this one (the dice drawn ahead are copied with ``ahead``)."""
        if self.rng is None:
            return None
        rng = np.random.Generator(np.random.PCG64())
        rng.bit_generator.state = self.rng.bit_generator.state
        return rng
