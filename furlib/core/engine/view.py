"""What one player may see of a game at one moment: a read-only value (boardgame.io's player view).

:meth:`Game.view(player) <furlib.core.engine.game.Game.view>` makes a :class:`View`: the game's rules and
players, the state with every secret of the others removed (``Rules.redact``: not hidden, absent) and a
tuple of the events that player may see; if it is their move, its legal actions are worked out from that
state when first asked. It has no seed, no random stream, no actions and no way back to the game, so
nothing in it can reveal a secret; it shows (a repr, HTML, the log and the history, the game's own
properties) and cannot be played. In a game with hidden information a policy is given the acting player's
view, never the game.

Each game's view is a subclass of :class:`View` and of the game's own properties (the mixin its game
class shares), so a view answers ``view.hand`` or ``view.dice`` as the game does, from what it holds.
``viewer`` None is a spectator; a view made with ``revealed=True`` is the teacher's "show everything" (the
whole state, every event): it shares the game's live state and events (it is made only to be drawn at once,
by ``Game.html``), so unlike a player's view it is no snapshot, but it cannot change the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import check_int, excerpt
from . import viewing
from .events import Event
from .table import Slotted, Table

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from .rules import Rules
    from .texts import Texts

__all__ = ["View"]


class View(Table, metaclass=Slotted):
    """What ``viewer`` (None: a spectator) may see of a game (see the module docstring)."""

    __slots__ = ("_rules", "_players", "_state", "_events", "_legal", "viewer", "reveal", "_n_steps", "_texts",
                 "_memo")
    _memo: dict[str, Any]

    is_view = True
    #: The game class's settings, read by the code that shows a game (set on each game's view class).
    CHANCE_VERB: ClassVar[str] = "roll"
    HIDDEN_INFO: ClassVar[bool] = False
    EVENT_FIELDS: ClassVar[tuple[str, ...]] = ()
    HISTORY_FIELDS: ClassVar[tuple[str, ...] | None] = None
    #: The name of the game's class (its repr reads ``<FurryPoker as Ann sees it ...>``).
    GAME: ClassVar[str] = "Game"

    def __init__(self, rules: Rules, players: tuple[str, ...], viewer: str | None, state: Any,
                 events: Sequence[Event], n_steps: int, texts: Texts | None, revealed: bool = False):
        self._rules = rules
        self._players = players
        self.viewer = viewer
        self._state = state
        self._events = events
        self._legal: tuple[object, ...] | None = None    # worked out when first asked (_mine), or _given
        self._n_steps = n_steps
        self._texts = texts
        #: True for the teacher's "show everything" (every secret, every event), False for a player's view.
        self.reveal = revealed or not self.HIDDEN_INFO
        # _memo is set by the first _cached (most views are never asked for anything worked out)

    # ------------------------------------------------------------ what every game shows
    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in seat order."""
        return self._players

    @property
    def rules(self) -> Rules:
        """The rules the game is played by."""
        rules: Rules = self._rules
        return rules

    @property
    def n_steps(self) -> int:
        """How many actions the game had had when the view was made."""
        return self._n_steps

    @property
    def params(self) -> dict[str, Any]:
        """The game's parameters, by keyword (players included)."""
        return {"players": list(self._players), **self._rules.params()}

    @property
    def seed(self) -> None:
        """A view holds no seed (nothing in it could work out the dice or the deck)."""
        return None

    @property
    def is_chance(self) -> bool:
        """True when the next event is a roll of the dice (or a draw), not a decision."""
        return not self.is_over and self._rules.is_chance(self._state)

    def legal_actions(self) -> list[object]:
        """The decisions the viewer may take now (empty unless it is their move)."""
        return list(self._mine())

    def is_legal(self, action: object) -> bool:
        """True if ``action`` is a decision the viewer may take now, judged as the game judges it
        (:meth:`Game.is_legal <furlib.core.engine.game.Game.is_legal>`: the rules' quick test where they have
        one, else among :meth:`legal_actions`); False when it is not the viewer's move."""
        mine = self._mine()
        if not mine:
            return False
        quick = self._rules.is_legal(self._state, action)
        return action in mine if quick is None else bool(quick)

    def _given(self, legal: tuple[object, ...]) -> View:
        """This view, just made by the engine for a policy at its decision point, handed the game's list of the
        legal actions (the same actions the view would work out, listed once for both: the game checks the
        policy's choice in it, unless the rules have a quick test). A view that has worked them out already
        (a game's ``view`` overridden to ask) keeps its own, which are the same."""
        if self._legal is None:
            self._legal = legal
        return self

    def _mine(self) -> tuple[object, ...]:
        """The viewer's legal actions: the rules' ``legal_actions`` of the state the view holds, worked out when
        first asked (a player's legal actions depend only on what that player may see, as OpenSpiel asks of
        an information state), or the game's own list if the view was given it (a policy's view)."""
        legal = self._legal
        if legal is None:
            state, rules = self._state, self._rules
            seat = self._seat(self.viewer)
            mine = seat is not None and seat == state.current and state.phase != "over" and not rules.is_chance(state)
            legal = self._legal = tuple(rules.legal_actions(state)) if mine else ()
        return legal

    def _cached(self, key: str, make: Callable[[], Any]) -> Any:
        """``make()``, worked out once for this view (it never changes)."""
        try:
            memo = self._memo
        except AttributeError:
            memo = self._memo = {}
        if key not in memo:
            memo[key] = make()
        return memo[key]

    def _seat(self, player: str | None) -> int | None:
        return viewing.seat_of(self._players, player)

    def _whose(self) -> str:
        return "a spectator's" if self.viewer is None else f"{self.viewer}'s"

    # ------------------------------------------------------------ the story
    @property
    def events(self) -> list[Event]:
        """The events the viewer may see, oldest first."""
        return list(self._events)

    def events_for(self, viewer: str | None = None, *, reveal: bool | None = None) -> list[Event]:
        """The view's events (``viewer`` None or the view's own player)."""
        return viewing.events_for(self, self._events, viewer, reveal)

    @property
    def history(self) -> pd.DataFrame:
        """One row per event the viewer may see."""
        return self.history_for(None)

    def history_for(self, viewer: str | None = None, *, language: str | None = None) -> pd.DataFrame:
        return viewing.history_for(self, self.events_for(viewer), self._texts, language)

    def log(self, last: int | None = None, *, viewer: str | None = None, language: str | None = None) -> str:
        """The events the viewer may see as text, one line each (the last ``last`` only if given)."""
        return viewing.log_text(self.events_for(viewer), last, self._texts, language)

    def __repr__(self) -> str:
        return viewing.describe(self, self._over_text() if self.is_over else "")

    def html(self, viewer: str | None = None, *, reveal: bool | None = None, language: str = "en") -> str:
        """The view drawn as HTML (``viewer`` None or the view's own player), its words in ``language`` (as
        :meth:`Game.html <furlib.core.engine.game.Game.html>`)."""
        viewing.events_for(self, self._events, viewer, reveal)   # the same checks of viewer and reveal
        return self._drawn(self, language)

    def _repr_html_(self) -> str:
        return self.html(self.viewer)

    def view(self, player: str | None = None) -> View:
        """The view of a view is that view itself (for the same player); another player's is refused."""
        self._seat(player)
        if player == self.viewer:
            return self
        raise ValueError(f"this is {self._whose()} view of the game: it cannot show what "
                         f"{'a spectator' if player is None else player} sees; ask the game itself, "
                         f"e.g. game.view({excerpt(player)})")

    # ------------------------------------------------------------ what a view cannot do
    def _refuse(self, what: str) -> ValueError:
        return ValueError(f"this is {self._whose()} view of the game: it shows the game but cannot {what}; "
                          "use the game itself")

    def apply(self, action: object) -> View:
        raise self._refuse("be played")

    def step(self, policy: object = None) -> object:
        raise self._refuse("be played")

    def play(self, *policies: object, max_steps: int | None = None) -> View:
        raise self._refuse("be played")

    def undo(self, n: int = 1) -> View:
        check_int("n", n, low=1)
        raise self._refuse("be undone")

    def at(self, n_steps: int) -> View:
        raise self._refuse("go back")

    def clone(self) -> View:
        raise self._refuse("be cloned (a view has no future to explore)")

    def to_json(self) -> str:
        raise self._refuse("be saved")

    def chance_outcomes(self) -> list[object]:
        if not self.is_chance:
            raise ValueError("chance_outcomes() needs a chance point: this is a decision point "
                             f"for {self.current_player}; check game.is_chance first")
        if self.HIDDEN_INFO and not self.reveal:
            raise ValueError(f"a player's view cannot list the outcomes of a {self.CHANCE_VERB}: "
                             "they depend on what the player cannot see")
        return list(self._rules.chance_outcomes(self._state))

    def copy(self) -> View:
        """A view cannot change, so its copy is itself."""
        return self

    def __copy__(self) -> View:
        return self

    def __deepcopy__(self, memo: dict[Any, Any]) -> View:
        return self

    def widget(self, **kwargs: Any) -> Any:
        raise self._refuse("be played in an app")

    @property
    def actions(self) -> list[object]:
        """A view holds no actions (they would tell the chance outcomes, the deck's order)."""
        return []
