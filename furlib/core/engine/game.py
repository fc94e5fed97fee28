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
from typing import TYPE_CHECKING, Any, NoReturn

from ..errors import GameOver, IllegalAction, PolicyError, error_excerpt, excerpt
from . import viewing
from .events import Event
from .match import Match
from .play import play_through
from .players import HISTORY_COLUMNS, normalize_players
from .rules import Rules
from .seeds import MAX_SEED, check_seed
from .view import View

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

#: A policy: given the game (nothing hidden) or the acting player's view (hidden information), it returns an action.
Policy = Callable[[Any], object]

__all__ = ["Game", "Event", "Policy", "HISTORY_COLUMNS", "MAX_SEED", "check_seed", "normalize_players"]

class Game(Match):
    """A game being played (see the module docstring).

    A game's class sets ``RULES`` (its :class:`~furlib.core.engine.rules.Rules`, whose ``ACTIONS`` and
    ``CHANCE_PHASE`` it reads), ``VIEW`` (its :class:`~furlib.core.engine.view.View`, whose event fields,
    ``HIDDEN_INFO`` and ``CHANCE_VERB`` it reads), ``TEXTS``, ``MIN_PLAYERS`` and ``MAX_PLAYERS``,
    and in its constructor checks the names (``super().__init__``) and begins with its rules
    (:meth:`~furlib.core.engine.match.Match._begin`). Its own properties are a mixin its view shares.
    """

    # ------------------------------------------------------------- what may be done now
    @property
    def is_chance(self) -> bool:
        """True when the next event is a roll of the dice (or a draw), not a decision."""
        return self._state.phase != "over" and self._is_chance()

    @property
    def n_steps(self) -> int:
        """How many actions (decisions and chance outcomes) have been applied."""
        timeline = self._timeline          # its n_steps, read without a second property
        return timeline.base + len(timeline.actions)

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
        return self._accepted(action) is not None

    def _accepted(self, action: object) -> object | None:
        """The action to record for ``action`` at a decision point, or None if it is not legal: the action
        itself where the rules' quick test accepts it, else the equal action of the listed ones (an action
        made past its constructor with ``True`` for ``1`` equals a listed one, but only the listed one saves
        as it should)."""
        quick = self._rules.is_legal(self._state, action)
        if quick is not None:
            return action if quick else None
        return self._listed(action)

    def _asks_its_rules(self) -> bool:
        """Whether the game asks its rules through the engine's own seams (``_apply``, ``_sample_chance``,
        ``_accepted``), so that ``play()`` may ask the rules directly; False where a test overrides one."""
        kind = type(self)
        return (kind._apply is Match._apply and kind._sample_chance is Match._sample_chance
                and kind._accepted is Game._accepted)

    def _listed(self, action: object) -> object | None:
        """The listed legal action equal to ``action``, or None (for rules without a quick test)."""
        for listed in self._legal():    # not list.index: its error would repr the action (hostile code's)
            if listed == action:
                return listed
        return None

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
            action = self._outcome(action)
        else:                              # the rules may accept an action they do not list (Thieves' TimeUp)
            accepted = self._accepted(action)
            if accepted is None:
                raise IllegalAction(self._refusal(action), self._legal())
            action = accepted
        self._push(action, False)
        return self

    def _outcome(self, outcome: object) -> object:
        """The outcome to record for ``outcome`` given at a chance point: checked by the rules' ``check_chance``
        where they have one (an outcome they take in any order, say), else the equal one of the listed outcomes;
        an IllegalAction in the rules' words (``why_illegal``) if it cannot happen now."""
        rules = self._rules
        try:
            if type(rules).check_chance is not Rules.check_chance:
                rules.check_chance(self._state, outcome, self._players)
                return outcome
            for listed, _ in self._cached("chance", self._chance_outcomes):
                if listed == outcome:
                    return listed
        except ValueError:
            raise
        except Exception:  # noqa: BLE001 - an outcome made past its constructor (hostile code): refused all the same
            pass
        raise IllegalAction(self._refusal(outcome))

    def _refusal(self, action: object) -> str:
        """Why ``action`` is refused, in the rules' words; a plain sentence if those cannot be written for it
        (an object made past its constructor, whose fields break its own ``str``): it is refused either way."""
        try:
            return self._why_illegal(action)
        except Exception:  # noqa: BLE001 - hostile code's str may raise anything: refused either way
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
            action = chooser(self._policy_view(seat) if self.HIDDEN_INFO else self)
        except Exception as e:   # the policy's error, its message cut (an interrupt passes as it is)
            raise self._policy_error(chooser, seat, e) from e
        accepted = self._accepted(action)
        if accepted is None:
            self._refuse_choice(chooser, action)
        self._push(accepted, False)
        return accepted

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

    # ------------------------------------------------------------- showing
    def view(self, player: str | None = None) -> View:
        """What ``player`` may see of the game now (None: a spectator): a read-only
        :class:`~furlib.core.engine.view.View` of the state with every secret of the others taken out (not
        hidden: absent) and the events that player may see; its legal actions (if it is their move) are
        worked out from that state when asked. It holds no seed, no stream and no actions, so nothing in it
        can reveal a secret; it cannot be played.

        Raises
        ------
        ValueError
            If ``player`` is not one of the players (nor None).
        """
        players = self._players
        try:
            seat = None if player is None else players.index(player)
        except ValueError:
            viewing.seat_of(players, player)      # raises the error that names the players
            raise
        rules, state, timeline = self._rules, self._state, self._timeline
        if self.HIDDEN_INFO:   # the events the seat may see (a tuple its views share) and the state redacted
            # (a tuple: a view holds nothing the game changes, and nothing the seat had not seen when it was made)
            events = timeline.visible_events(seat)
            seen = rules.redact(state, seat)
        else:
            events = tuple(self._events())
            seen = state.copy()
        return self.VIEW(rules, players, player, seen, events, timeline.base + len(timeline.actions), self._texts)

    def _policy_view(self, seat: int) -> View:
        """The view given to the policy of ``seat``, whose move it is: handed the game's own legal actions, the
        list the game checks the policy's choice against (worked out once, for both)."""
        view = self.view(self._players[seat])
        if isinstance(view, View):
            return view._given(tuple(self._legal()))
        if self.HIDDEN_INFO:     # a policy never gets more than its player may see: only a View is handed over
            raise TypeError(f"{type(self).__name__}.view() must return a View (a player's view) in a game with hidden "
                            f"information, got {excerpt(view)}")
        return view              # a game without secrets hides nothing: a subclass may hand another

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

    def html(self, viewer: str | None = None, *, reveal: bool | None = None, language: str = "en") -> str:
        """The game drawn as HTML, as ``viewer`` may see it (None: the spectator, or all once ``reveal`` is on).

        ``reveal=True`` draws everything (every hand, every face-down card) and ``reveal=False`` what a
        spectator sees, whatever the game's own :attr:`reveal` says, and without changing it: a teacher's
        "show all" that leaves the game, its log and history as they were. ``language`` is the picture's (one of
        ``type(game).TEXTS.languages()``: ``Furcle(...).html(language="fr")`` draws Oh Furcle! in French; the
        HTML repr is English). A ValueError names a ``viewer`` who is not a player, ``reveal=True`` asked with a
        ``viewer``, or a language the game is not written in.
        """
        return self._drawn(viewing.perspective(self, viewer, reveal), language)

    def _repr_html_(self) -> str:
        return self.html(None)

    def widget(self, **kwargs: Any) -> Any:
        """An ipywidgets app to play this game against bots (the game's app in the registry, or the core's frame)."""
        from ..registry import get

        return get(self).app_class()(self, **kwargs).box
