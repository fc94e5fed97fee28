"""The match: a game's players, its record of what was played, going back, and saving.

A :class:`Match` keeps the players, the seed, the rules (:class:`~furlib.core.engine.rules.Rules`, made
once per set of parameters), the present state (:mod:`~furlib.core.engine.state`) and its one
:class:`~furlib.core.engine.timeline.Timeline`: the actions played (each with whether the game's stream
rolled it), the events (written only once someone reads them), the checkpoints behind undo (python-chess's
``push``/``pop``: a stack of moves, not a board per move, with OpenSpiel's cheap clone), and the random
stream. :class:`~furlib.core.engine.game.Game` is the match played: what may be done, playing, showing.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, ClassVar, TypeVar
from weakref import ref

from ..errors import check_bool, check_int
from ..words import plural
from . import saving
from .events import Event, keys_of, seats
from .fixed import fixed
from .players import HISTORY_COLUMNS, normalize_players, numbered_players
from .rules import Rules
from .seeds import MAX_SEED, check_seed, fresh_seed
from .table import Table
from .texts import Texts
from .timeline import Timeline
from .view import View

__all__ = ["Match", "MAX_SEED", "check_seed"]

M = TypeVar("M", bound="Match")
_new_tuple = tuple.__new__
_get = tuple.__getitem__


#: The settings a game reads from its rules class (``RULES``) and from its view class (``VIEW``): each is
#: declared once, where it belongs, and :meth:`Match.__init_subclass__` copies it onto the game class.
FROM_RULES = ("ACTIONS", "CHANCE_PHASE")
FROM_VIEW = ("EVENT_FIELDS", "HISTORY_FIELDS", "HIDDEN_INFO", "CHANCE_VERB")


class Match(Table):
    """The match of a game: players, seed, rules, state and timeline (see the module docstring).

    A game class names its rules class (``RULES``) and its view class (``VIEW``); the settings of
    :data:`FROM_RULES` and :data:`FROM_VIEW` are read from them, and declaring one on the game as well is a
    TypeError (two places to keep equal is one too many).
    """

    #: The game's rules class (:class:`~furlib.core.engine.rules.Rules`): ``ACTIONS`` and ``CHANCE_PHASE``.
    RULES: ClassVar[type[Rules]]
    ACTIONS: ClassVar[tuple[type, ...]] = ()
    MIN_PLAYERS: ClassVar[int] = 1
    MAX_PLAYERS: ClassVar[int | None] = None
    #: The most actions (decisions and chance outcomes) a game holds: ``play()`` stops there with a
    #: RuntimeError, ``apply()`` and ``step()`` refuse one more (an IllegalAction), and a save of more is
    #: refused before any action is replayed (so every game's save loads, in a bounded time). A game whose
    #: games are shorter sets its own (High Card, Nim); at most ``saving.MAX_SAVE_ACTIONS`` (100,000).
    MAX_STEPS: ClassVar[int] = 100_000
    #: The largest seed, :data:`MAX_SEED` (read from the class by modules that do not import this one).
    MAX_SEED: ClassVar[int] = MAX_SEED
    #: Keys of ``Event.data`` shown in ``history`` (player names may not take them).
    EVENT_FIELDS: ClassVar[tuple[str, ...]] = ()
    #: The keys of ``Event.data`` shown as columns of ``history`` (None: all of ``EVENT_FIELDS``).
    HISTORY_FIELDS: ClassVar[tuple[str, ...] | None] = None
    #: True if players hold secrets (hands, face-down cards, a deck's order).
    HIDDEN_INFO: ClassVar[bool] = False
    #: The verb of a chance point, for messages: "roll" (dice) or "draw" (cards).
    CHANCE_VERB: ClassVar[str] = "roll"
    #: The phase of the chance points (the rules' ``CHANCE_PHASE``), for readers of the class.
    CHANCE_PHASE: ClassVar[str | None] = None
    #: How often (in actions) the state is kept for undo; undo replays at most ``CHECKPOINT_EVERY - 1`` (15) actions.
    CHECKPOINT_EVERY: ClassVar[int] = 16
    TEXTS: ClassVar[type[Texts]]
    VIEW: ClassVar[type[View]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for owner_name, names in (("RULES", FROM_RULES), ("VIEW", FROM_VIEW)):
            owner = cls.__dict__.get(owner_name)
            if owner is None:          # a subclass of a game, or a game made without the split: inherits
                continue
            for name in names:
                if name in cls.__dict__:
                    raise TypeError(f"{cls.__name__}.{name} is read from {owner_name} ({owner.__name__}.{name}); "
                                    f"declare it there only")
                setattr(cls, name, getattr(owner, name))

    _players: tuple[str, ...]       # kept by the fixed properties below
    _seed: int | None
    _show_all: bool
    _rules: Any

    players = fixed("players", "The players' names, in seat order (fixed when the game is made).")
    seed = fixed("seed", "The seed actually used (drawn at random when ``seed=None``): a game rebuilt with it "
                 "and the same actions is the same game (fixed when the game is made).")
    viewer: str | None = None

    def __init__(self, players: object, *, seed: int | None = None):
        if seed is not None and not (type(seed) is int and 0 <= seed <= MAX_SEED):   # checked before any work
            seed = check_seed(seed, or_none=True)
        if type(players) is int:   # "Player 1", "Player 2", ...: the same tuple every time
            self.players = numbered_players(players, self.MIN_PLAYERS, self.MAX_PLAYERS)
        else:
            self.players = normalize_players(
                players, self.MIN_PLAYERS, self.MAX_PLAYERS, HISTORY_COLUMNS + tuple(self.EVENT_FIELDS))
        # no seed: fresh entropy from the system, kept so that the game can be replayed
        self.seed = int(seed) if seed is not None else fresh_seed()
        self.reveal = not self.HIDDEN_INFO   # the teacher's switch (see reveal)
        self._timeline = Timeline(self.seed)
        self._state: Any = None

    def _begin(self, rules: Rules) -> None:
        """Play by ``rules`` (made for this game's seats): keep them and the game's texts, and build the start.

        The start needs no stored copy: going back to it builds it again with a stream seeded afresh. A game
        with hidden information writes its events as it goes (each decision is made on a view, which holds
        the events its player may see); any other game writes them when they are first read (:meth:`_events`).
        """
        self._rules = rules
        self._texts = self.TEXTS(self._players, rules)
        self._log, self._silent = _Writer(self), _Silent(self._players)
        timeline = self._timeline
        timeline.recording = True       # the start's own events are always written
        self._state = rules.start(self._log)
        timeline.recording = self.HIDDEN_INFO
        timeline.checkpoint(None)

    @property
    def rules(self) -> Rules:
        """The rules the game is played by (made once per set of parameters, shared by its games)."""
        rules: Rules = self._rules
        return rules

    @property
    def params(self) -> dict[str, Any]:
        """The parameters the game was made with, by keyword (players included), as a save keeps them."""
        return self._params()

    @property
    def reveal(self) -> bool:
        """The teacher's switch of a game with hidden information: show every secret in the repr, the log
        and the history (off by default; always on in a game without secrets). True or False only."""
        return self._show_all

    @reveal.setter
    def reveal(self, value: bool) -> None:
        self._show_all = check_bool("reveal", value)

    # ------------------------------------------------------------- the rules' seams
    # The engine asks the rules through these (a test plants a fault by overriding one).
    def _params(self) -> dict[str, Any]:
        return {"players": list(self._players), **self._rules.params()}

    def _legal_actions(self) -> list[object]:
        return list(self._rules.legal_actions(self._state))

    def _apply(self, action: object) -> None:
        self._rules.apply(self._state, action, self._log if self._timeline.recording else self._silent)

    def _is_chance(self) -> bool:
        return bool(self._rules.is_chance(self._state))

    def _sample_chance(self) -> object:
        return self._rules.sample(self._state, self._timeline)

    def _chance_outcomes(self) -> list[tuple[object, Fraction]]:
        return list(self._rules.chance_outcomes(self._state))

    def _why_illegal(self, action: object) -> str:
        return str(self._rules.why_illegal(self._state, action, self._players))

    def _secrets(self, seat: int | None) -> set[str]:
        """The names of the things ``seat`` may not see now (cards, ...), for the leak check."""
        return set(self._rules.secrets(self._state, seat))

    def check_invariants(self) -> None:
        """Raise AssertionError if the state breaks a rule that must always hold."""
        self._rules.check(self._state)

    def _default_policy(self) -> Callable[[Any], object]:
        from ..registry import get

        return get(self).default_bot()

    @classmethod
    def _saved_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """The parameters of a save as this furlib reads them (a game whose parameters changed meaning reads
        an older save's here; by default they are as saved)."""
        return params

    # ------------------------------------------------------------- the story
    def _write(self, kind: str, seat: int | None, visible_to: Any, data: dict[str, Any]) -> None:
        """Write an event the rules emitted (while recording): its text is told by the game's texts."""
        timeline = self._timeline
        state = self._state
        s = getattr(state, "scores", None)
        events = timeline.events
        scores = () if s is None else tuple(s)
        if events and scores == (last := _get(events[-1], 6)):
            scores = last                  # the same scores as the event before: one tuple for both
        # Event(...) without the checks of Event.__new__: the engine's own values (see engine_tricks)
        events.append(_new_tuple(Event, (timeline.base + len(timeline.actions), state.turn,
                                         None if seat is None else self._players[seat], kind, self._texts,
                                         keys_of(data) if data else None, scores,
                                         None if visible_to is None else seats(tuple(visible_to)),
                                         *data.values())))

    def _events(self) -> list[Event]:
        """The game's events (the timeline's own list): written now by a replay if they were not recorded."""
        timeline = self._timeline
        if not timeline.recording:
            timeline.recording = True
            actions = list(timeline.actions)
            if actions:                    # back to the start (or the clone's), then every action again, writing
                self._back_to(timeline.base)
                for action, sampled in actions:
                    self._replay(action, sampled)
                    if len(timeline.actions) % self.CHECKPOINT_EVERY == 0:
                        timeline.checkpoint(self._state)
                timeline.changed()
        return timeline.events

    def _replay(self, action: object, sampled: bool) -> None:
        """Apply a recorded ``action`` again (a rolled one is rolled again, and must come out the same)."""
        if sampled:
            again = self._sample_chance()
            assert again == action, f"replaying a roll gave {again}, not {action}"
        self._timeline.record(action, sampled)
        self._apply(action)

    # ------------------------------------------------------------- going back
    def undo(self: M, n: int = 1) -> M:
        """Take back the last ``n`` actions, restoring exactly the earlier state (the stream included).

        Raises
        ------
        ValueError
            If ``n`` is not a whole number >= 1, or more actions than were applied.
        """
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

    def at(self: M, n_steps: int) -> M:
        """A copy of the game as it was after its first ``n_steps`` actions (0 = the start)."""
        n_steps = check_int("n_steps", n_steps, low=self._timeline.base, high=self.n_steps)
        other = self.copy()
        if n_steps < self.n_steps:
            other._restore(n_steps)
        return other

    def _set_state(self: M, **changes: Any) -> M:
        """Set up a position by hand (for tests and lessons): change fields of the state before any action.

        The changed state becomes the game's start, so undo works from it (a save, which keeps the parameters
        and the actions, does not load back to it).

        Raises
        ------
        ValueError
            If an action was applied already, or a field is not the state's.
        """
        timeline = self._timeline
        if timeline.n_steps:
            raise ValueError("_set_state() only sets up a new game, before any action")
        self._state = self._state.replace(**changes)
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
        log = self._log if self._timeline.recording else self._silent
        self._state = self._rules.start(log) if state is None else state
        return replay

    def _bare(self: M, timeline: Timeline, state: Any) -> M:
        """A new object of this class with this one's parameters, and ``timeline`` and ``state``."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._timeline, other._state = timeline, state
        other._log, other._silent = _Writer(other), _Silent(other._players)
        return other

    def copy(self: M) -> M:
        """An independent copy, with the same history, undo and random stream."""
        return self._bare(self._timeline.copy(), self._state.copy())

    def __copy__(self: M) -> M:
        return self.copy()

    def __deepcopy__(self: M, memo: dict[Any, Any]) -> M:
        return self.copy()

    def clone(self: M) -> M:
        """A cheap independent copy of the present state, without history (for lookahead bots): it plays on
        like the game (the same stream), but keeps no events, cannot be undone before the moment it was made,
        and cannot be saved."""
        return self._bare(self._timeline.clone(self._state), self._state.copy())

    # ------------------------------------------------------------- saving
    def to_json(self) -> str:
        """The game as a JSON string: parameters, seed, every action, and the state;
        ``type(g).from_json(g.to_json())`` rebuilds the same game (history and undo too).

        **A save holds every secret.** To rebuild the game it keeps the seed and every action, so in a game
        with hidden information (Furry Poker) it tells every hand, every face-down card and the order of the
        deck to whoever reads it, whatever ``reveal`` says. Share a save only with someone who may see
        everything (a teacher); to share what one player may see, share their view: ``g.html("Ann")``,
        ``g.log(viewer="Ann")`` or ``g.history_for("Ann")`` (none can be loaded as a game).

        Raises
        ------
        ValueError
            For a clone, which keeps no history to replay.
        """
        if self._timeline.base:
            raise ValueError("a clone keeps no history, so it cannot be saved; save the game itself "
                             "(or a copy(), which keeps the history)")
        return saving.game_to_json(type(self).__name__, self._params(), self.seed, self._timeline.actions,
                                   self._state.as_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> Any:
        """Rebuild a game from :meth:`to_json`, replaying and checking every action.

        A save must hold every key that ``to_json`` writes, each of the same kind (booleans are not numbers,
        and nothing missing is filled in), each key once in its object (at any depth), and is checked against
        these limits before any work: at most ``MAX_SAVE_CHARS`` (10,000,000) characters, at most the game's
        ``MAX_STEPS`` actions, a seed up to ``MAX_SEED``, and the players' limits of the game. Every action
        is read and checked (its type, ``rng`` flag and fields) before the first is replayed, so the replay
        is bounded by the game's ``MAX_STEPS`` and a save malformed anywhere replays nothing.

        Raises
        ------
        ValueError
            If the text is not a saved furlib game of this class, a key is missing or of the wrong kind, a
            limit is passed, a parameter or an action is not legal, or the saved state does not match its
            actions. The message says where (``params.target``, ``action 12``) and echoes at most an excerpt.
        """
        game, state = saving.game_from_json(cls, text)
        saving.state_difference(state, game._state.as_dict())
        return game


class _Silent:
    """The :class:`~furlib.core.engine.rules.Log` handed to the rules while nobody has read the events: silent."""

    __slots__ = ("players",)

    def __init__(self, players: tuple[str, ...]):
        self.players = players

    def emit(self, kind: str, seat: int | None = None, *facts: Any, visible_to: Any = None, **data: Any) -> None:
        pass

    def name(self, seat: int) -> str:
        return self.players[seat]


class _Writer(_Silent):
    """The log while the events are recorded (``Timeline.recording``): each is written at once. It holds its
    game by a weak reference: with no cycle, a game dropped is freed at once, not by the garbage collector."""

    __slots__ = ("game",)

    def __init__(self, game: Match):
        self.players, self.game = game._players, ref(game)

    def emit(self, kind: str, seat: int | None = None, *facts: Any, visible_to: Any = None, **data: Any) -> None:
        game = self.game()
        assert game is not None, "only its game uses a writer"
        if facts:                          # named by the rules' FACTS, in order (strict: one name per fact)
            assert not data, f"the event {kind!r} gives its facts in order or by keyword, not both"
            data = dict(zip(game._rules.FACTS[kind], facts, strict=True))
        game._write(kind, seat, visible_to, data)
