"""A game being played: the match, as python-chess's ``Board`` and OpenSpiel's ``State`` are.

A :class:`Game` is played by its rules (:class:`~furlib.core.engine.rules.Rules`, made once per set of
parameters) from a typed state (:mod:`~furlib.core.engine.state`): it keeps the players, the seed and the
present state, and its :class:`~furlib.core.engine.timeline.Timeline` keeps everything else that changes as
it is played (the actions, the events, the checkpoints behind undo, the random stream). It has two kinds of
points:

* **decision points**, where ``current_player`` picks one of :meth:`Game.legal_actions` (by
  :meth:`Game.apply`, or by a policy in :meth:`Game.step`);
* **chance points** (``is_chance``), where the dice are rolled or a card is drawn:
  :meth:`Game.chance_outcomes` lists every outcome with its exact probability; :meth:`Game.step` samples
  one from the game's own stream, and :meth:`Game.apply` takes an explicit outcome ("what if you rolled
  3,3,5,6,1?"), checked like any action.

What a game shows is read through its public API by :mod:`~furlib.core.engine.viewing` (the log, the
history, the repr); what one player may see is a :class:`~furlib.core.engine.view.View`; saves are written
and read by :mod:`~furlib.core.engine.saving`; the HTML and the app come from the registry. A game with
hidden information gives a policy the acting player's view, never the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn

from ..errors import GameOver, IllegalAction, PolicyError, check_bool, check_int, error_excerpt, excerpt
from ..words import plural
from . import saving, viewing
from .events import Event, pack, seats
from .fixed import fixed
from .play import play_through
from .players import HISTORY_COLUMNS, normalize_players
from .rules import Rules
from .seeds import MAX_SEED, check_seed, fresh_seed
from .table import Table
from .texts import Texts
from .timeline import Timeline
from .view import View

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

#: A policy: given the game (nothing hidden) or the acting player's view (hidden information), it returns an action.
Policy = Callable[[Any], object]

__all__ = ["Game", "Event", "Policy", "HISTORY_COLUMNS", "MAX_SEED", "check_seed", "normalize_players"]

_new_tuple = tuple.__new__
_get = tuple.__getitem__


@lru_cache(maxsize=64)
def _numbered_players(n: int, low: int, high: int | None) -> tuple[str, ...]:
    """:func:`normalize_players` of a player count (a plain ``int``), remembered."""
    return normalize_players(n, low, high)


class Game(Table):
    """A game being played (see the module docstring).

    A game's class sets ``TEXTS`` (its :class:`~furlib.core.engine.texts.Texts`), ``VIEW`` (its
    :class:`~furlib.core.engine.view.View`), ``ACTIONS`` (for saves), ``MIN_PLAYERS`` and ``MAX_PLAYERS``,
    and in its constructor checks the names (``super().__init__``) and begins with its rules
    (:meth:`_begin`). Its own properties are a mixin its view shares.
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
    #: How often (in actions) the state is kept for undo; undo replays at most this many actions.
    CHECKPOINT_EVERY: ClassVar[int] = 16
    TEXTS: ClassVar[type[Texts]]
    VIEW: ClassVar[type[View]]

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
            self.players = _numbered_players(players, self.MIN_PLAYERS, self.MAX_PLAYERS)
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
        self._log = _Writer(self)
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
        self._rules.apply(self._state, action, self._log)

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

    def _default_policy(self) -> Policy:
        from ..registry import get

        return get(self).default_bot()

    @classmethod
    def _saved_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """The parameters of a save as this furlib reads them (a game whose parameters changed meaning reads
        an older save's here; by default they are as saved)."""
        return params

    # ------------------------------------------------------------- what may be done now
    @property
    def is_chance(self) -> bool:
        """True when the next event is a roll of the dice (or a draw), not a decision."""
        return self._state.phase != "over" and self._is_chance()

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
        """``action in legal_actions()`` at a decision point, by the rules' quick test where they have one
        (:func:`furlib.testing.check_game` holds the two to each other)."""
        quick = self._rules.is_legal(self._state, action)
        return action in self._legal() if quick is None else bool(quick)

    def is_legal(self, action: object) -> bool:
        """True if ``action`` is a decision ``apply`` would take now (as ``action in legal_actions()``, by the
        rules' quick test where they have one); False at a chance point and once the game is over."""
        return self._state.phase != "over" and not self._is_chance() and self._is_legal(action)

    def legal_actions(self) -> list[object]:
        """The decisions the current player may take now (empty when the game is over, and at a chance point:
        see ``is_chance``)."""
        if self._state.phase == "over" or self._is_chance():
            return []
        return list(self._legal())

    def chance_outcomes(self) -> list[tuple[object, Fraction]]:
        """At a chance point, every outcome with its exact probability (they sum to 1)."""
        if not self.is_chance:
            raise ValueError("chance_outcomes() needs a chance point: this is a decision point "
                             f"for {self.current_player}; check game.is_chance first")
        return list(self._cached("chance", self._chance_outcomes))   # listed once per state

    # ------------------------------------------------------------- playing
    def apply(self, action: object) -> Game:
        """Apply one action (a decision, or an explicit chance outcome); return the game.

        Raises
        ------
        IllegalAction
            If the rules do not allow ``action`` now; the game is unchanged.
        """
        if self.is_over:
            raise IllegalAction(f"the game is over ({self._over_text()}); no action can be applied.")
        if self._timeline.n_steps >= self.MAX_STEPS:
            raise IllegalAction(self._full_text())
        if self._is_chance():
            try:
                self._rules.check_chance(self._state, action, self._players)
            except ValueError:
                raise
            except Exception:   # an outcome made past its constructor (hostile code): refused all the same
                raise IllegalAction(self._refusal(action), self._legal()) from None
        elif not self._is_legal(action):   # the rules may accept an action they do not list (Thieves' TimeUp)
            raise IllegalAction(self._refusal(action), self._legal())
        self._push(action, False)
        return self

    def _refusal(self, action: object) -> str:
        """Why ``action`` is refused, in the rules' words; a plain sentence if those cannot be written for it
        (an object made past its constructor, whose fields break its own ``str``): it is refused either way."""
        try:
            return self._why_illegal(action)
        except Exception:
            return f"{excerpt(action)} is not a legal action now ({self.current_player} to play)."

    def step(self, policy: Policy | None = None) -> object:
        """Advance by one action and return it.

        At a chance point the game rolls (or draws) from its own random stream; at a decision point
        ``policy`` chooses (by default the game's default bot). In a game with hidden information the
        policy is given the current player's view (:meth:`view`), else the game.
        """
        if self._state.phase == "over":
            raise GameOver(f"the game is over ({self._over_text()}): nothing more can be played; make a new game "
                           "(or undo() a move) to play on")
        if self._timeline.n_steps >= self.MAX_STEPS:
            raise IllegalAction(self._full_text())
        if self._is_chance():
            action = self._sample_chance()
            self._push(action, True)
            return action
        chooser = policy if policy is not None else self._default_policy()
        if not callable(chooser):
            raise ValueError(f"step() takes a policy: a function (game -> action) or a bot, got {excerpt(chooser)}; "
                             f"to take one action yourself, use apply({excerpt(chooser)})")
        seat = self._state.current
        try:
            action = chooser(self.view(self._players[seat]) if self.HIDDEN_INFO else self)
        except Exception as e:   # the policy's error, its message cut (an interrupt passes as it is)
            raise self._policy_error(chooser, seat, e) from e
        if not self._is_legal(action):
            self._refuse_choice(chooser, action)
        self._push(action, False)
        return action

    def play(self, *policies: Policy | Mapping[str, Policy], max_steps: int | None = None) -> Game:
        """Play to the end and return the game (for chaining).

        ``play()`` uses the default bot for everyone; ``play(bot)`` gives every player ``bot``;
        ``play(bot_a, bot_b)`` one per seat; ``play({name: bot})`` by name (others use the default bot).
        Stops with a RuntimeError after ``max_steps`` actions (1 to ``MAX_STEPS``, the default), or when the
        game holds ``MAX_STEPS`` actions; the game is left where it stopped.

        If a policy raises, or returns an action that is not legal, or the call is interrupted, the game is
        back where it was before the call (the actions this call applied are taken back, stream included)
        and the error propagates: an illegal choice as an :class:`IllegalAction`, a policy's own error as a
        :class:`PolicyError` (its message cut to an excerpt; the whole error is its ``__cause__``), an
        interrupt as it is.
        """
        play_through(self, policies, max_steps)
        return self

    def _full_text(self) -> str:
        """Why a game at its ``MAX_STEPS`` takes no more actions, and what to do."""
        return (f"this game has reached its limit of {self.MAX_STEPS:,} actions ({type(self).__name__}.MAX_STEPS) "
                f"without ending (it is at turn {self.turn}): no more can be applied; undo() some, or make a new "
                "game with settings that end sooner.")

    def _policy_error(self, policy: Policy, seat: int, error: Exception) -> PolicyError:
        """The :class:`PolicyError` passing on ``error``, raised by ``policy`` choosing for ``seat``."""
        return PolicyError(f"the policy {excerpt(policy)} of {self._players[seat]} raised "
                           f"{error_excerpt(error)} (the whole error is this error's __cause__)")

    def _refuse_choice(self, policy: Policy, action: object) -> NoReturn:
        """Raise the IllegalAction for a ``policy`` that chose an ``action`` not legal now."""
        raise IllegalAction(f"the policy {excerpt(policy)} chose {excerpt(action)}, which is not legal now.",
                            self._legal())

    def _push(self, action: object, sampled: bool) -> None:
        """Record ``action`` and apply it (a failed action is taken back whole)."""
        timeline = self._timeline
        timeline.record(action, sampled)
        try:
            self._apply(action)
        except BaseException:
            self._restore(timeline.n_steps - 1)
            raise
        timeline.changed()                 # nothing worked out during the change is kept
        if len(timeline.actions) % self.CHECKPOINT_EVERY == 0:
            timeline.checkpoint(self._state)

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
                                         pack(data) if data else None, scores,
                                         None if visible_to is None else seats(tuple(visible_to)))))

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
    def undo(self, n: int = 1) -> Game:
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

    def at(self, n_steps: int) -> Game:
        """A copy of the game as it was after its first ``n_steps`` actions (0 = the start)."""
        n_steps = check_int("n_steps", n_steps, low=self._timeline.base, high=self.n_steps)
        other = self.copy()
        if n_steps < self.n_steps:
            other._restore(n_steps)
        return other

    def _set_state(self, **changes: Any) -> Game:
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
        self._state = self._rules.start(self._log) if state is None else state
        return replay

    def _bare(self, timeline: Timeline, state: Any) -> Game:
        """A new object of this class with this one's parameters, and ``timeline`` and ``state``."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._timeline, other._state = timeline, state
        other._log = _Writer(other)
        return other

    def copy(self) -> Game:
        """An independent copy, with the same history, undo and random stream."""
        return self._bare(self._timeline.copy(), self._state.copy())

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: dict[Any, Any]) -> Game:
        return self.copy()

    def clone(self) -> Game:
        """A cheap independent copy of the present state, without history (for lookahead bots): it plays on
        like the game (the same stream), but keeps no events, cannot be undone before the moment it was made,
        and cannot be saved."""
        return self._bare(self._timeline.clone(self._state), self._state.copy())

    # ------------------------------------------------------------- showing
    def view(self, player: str | None = None) -> View:
        """What ``player`` may see of the game now (None: a spectator): a read-only
        :class:`~furlib.core.engine.view.View` of the state with every secret of the others taken out (not
        hidden: absent), the events that player may see, and the legal actions if it is their move. It
        holds no seed, no stream and no actions, so nothing in it can reveal a secret; it cannot be played.

        Raises
        ------
        ValueError
            If ``player`` is not one of the players (nor None).
        """
        view: View = viewing.view_of(self, player, self._seat(player))
        return view

    def _seat(self, player: str | None) -> int | None:
        """The seat of ``player`` (None: a spectator); a ValueError naming the players for anyone else."""
        return viewing.seat_of(self._players, player)

    @property
    def events(self) -> list[Event]:
        """Every event so far, oldest first (secret ones too: see :meth:`events_for`)."""
        return list(self._events())

    def events_for(self, viewer: str | None = None, *, reveal: bool | None = None) -> list[Event]:
        """The events ``viewer`` may see (None: the spectator, or everything once ``reveal`` is on).

        ``reveal=True`` gives every event and ``reveal=False`` only the public ones, whatever the game's own
        :attr:`reveal` says, without changing it. A ValueError names a ``viewer`` who is not a player, or
        ``reveal=True`` asked with a ``viewer``.
        """
        return viewing.events_for(self, self._events(), viewer, reveal)

    @property
    def history(self) -> pd.DataFrame:
        """One row per event: step, turn, player, event, text, each player's score, details (in a game with
        hidden information: what a spectator sees, or everything once ``reveal`` is on)."""
        return self.history_for(None)

    def history_for(self, viewer: str | None = None, *, language: str | None = None) -> pd.DataFrame:
        """The history as ``viewer`` may see it, its text in ``language`` (as :meth:`log`)."""
        return viewing.history_for(self, self.events_for(viewer), self._texts, language)

    def log(self, last: int | None = None, *, viewer: str | None = None, language: str | None = None) -> str:
        """The event log as text, one line per event (the last ``last`` only if given), as ``viewer`` may see
        it (None: the spectator, or everything once ``reveal`` is on), in ``language`` (one of
        ``type(game).TEXTS.languages()``: Oh Furcle! is written in English and French, ``"fr"``). A
        ValueError names a bad ``last``, ``viewer`` or ``language``."""
        return viewing.log_text(self.events_for(viewer), last, self._texts, language)

    def __repr__(self) -> str:
        return viewing.describe(self, self._over_text() if self.is_over else "")

    def html(self, viewer: str | None = None, *, reveal: bool | None = None) -> str:
        """The game drawn as HTML, as ``viewer`` may see it (None: the spectator, or all once ``reveal`` is on).

        ``reveal=True`` draws everything (every hand, every face-down card) and ``reveal=False`` what a
        spectator sees, whatever the game's own :attr:`reveal` says, and without changing it: a teacher's
        "show all" that leaves the game, its log and history as they were. A ValueError names a ``viewer``
        who is not a player, or ``reveal=True`` asked with a ``viewer``.
        """
        from ..registry import get

        return get(self).renderer()(viewing.perspective(self, viewer, reveal))

    def _repr_html_(self) -> str:
        return self.html(None)

    def widget(self, **kwargs: Any) -> Any:
        """An ipywidgets app to play this game against bots (the game's app in the registry, or the core's frame)."""
        from ..registry import get

        return get(self).app_class()(self, **kwargs).box

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
    def from_json(cls, text: str | bytes) -> Game:
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
        return game  # type: ignore[no-any-return]  # game_from_json makes an instance of cls


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
