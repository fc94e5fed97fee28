"""What a game and a player's view of it both show: who plays, whose turn it is, the scores, the winner.

:class:`Table` is the base of :class:`~furlib.core.engine.game.Game` (the match) and of
:class:`~furlib.core.engine.view.View` (what one player may see): the properties every game shows, read
from the state each holds (a view's with the others' secrets taken out).

:class:`Facts` is the base of each game's own properties (the dice, a hand, the thieves): a mixin that both
the game's class and its view class inherit, so a bot or a renderer given a view reads it as it would read
the game. It is typed by the game's state and rules classes, so mypy checks each property against them::

    class NimFacts(Facts[NimState, NimRules]):       # furlib/nim/views.py
        heaps = rule("heaps", "The stones in each heap at the start ...")

        @property
        def stones(self) -> tuple[int, ...]:
            return tuple(self._state.heaps)          # a NimState

    class NimView(NimFacts, View): ...               # what a player sees of a game of Nim
    class Nim(NimFacts, Game): ...                   # furlib/nim/game.py: the game itself
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..errors import excerpt

if TYPE_CHECKING:  # pragma: no cover
    from .events import Event
    from .rules import Rules
    from .state import State
    from .texts import Texts

__all__ = ["Table", "Facts", "Slotted"]

S = TypeVar("S", bound="State")
R = TypeVar("R", bound="Rules")


class Table:
    """The read-only properties a game and its views share (see the module docstring)."""

    __slots__ = ()
    # what each reads: the game's or the view's
    _state: Any
    _rules: Any
    _players: tuple[str, ...]
    _texts: Any

    #: True for a player's view (:class:`~furlib.core.engine.view.View`), False for the game itself.
    is_view: bool = False

    if TYPE_CHECKING:  # pragma: no cover - the game's and the view's own
        viewer: str | None
        reveal: bool

        @property
        def players(self) -> tuple[str, ...]: ...
        @property
        def is_chance(self) -> bool: ...
        @property
        def n_steps(self) -> int: ...
        @property
        def events(self) -> list[Event]: ...
        @property
        def params(self) -> dict[str, Any]: ...
        def legal_actions(self) -> list[object]: ...
        def log(self, last: int | None = None, *, viewer: str | None = None,
                language: str | None = None) -> str: ...
        def events_for(self, viewer: str | None = None, *, reveal: bool | None = None) -> list[Event]: ...
        def _seat(self, player: str | None) -> int | None: ...
        def _cached(self, key: str, make: Any) -> Any: ...

    @property
    def current_player(self) -> str | None:
        """Who moves now (or whose dice are rolled); None once the game is over."""
        state = self._state
        return None if state.phase == "over" else self._players[state.current]

    @property
    def scores(self) -> dict[str, int]:
        """Each player's score, by name (empty for a game without scores)."""
        s = getattr(self._state, "scores", None)
        return {} if s is None else dict(zip(self._players, s))

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return bool(self._state.phase == "over")

    @property
    def winner(self) -> str | tuple[str, ...] | None:
        """The winner's name, a tuple of names for a shared win, or None (playing, or no winner)."""
        w = self._state.winner
        if w is None:
            return None
        if isinstance(w, list):
            return tuple(self._players[i] for i in w)
        seat: int = w
        return self._players[seat]

    @property
    def turn(self) -> int:
        """The number of the current turn, counting from 1."""
        return int(self._state.turn)

    def texts(self, language: str = "en") -> Texts:
        """The game's texts in ``language``: ``texts.tell(event)`` is the sentence of one of its events, as the log
        and the history tell it in that language (and an app, and the picture drawn by ``html(language=...)``).

        ``language`` is one of ``type(game).TEXTS.languages()`` (Oh Furcle! is written in English and French:
        ``"en"`` and ``"fr"``; the other games in English); anything else is a ValueError naming those. A player's
        view answers as its game does.

        >>> from furlib import Furcle
        >>> g = Furcle(players=["You", "Ann"], seed=1).roll(3, 3, 5, 6, 1)
        >>> g.texts("fr").tell(g.events[0]).replace("\u00a0", " ")
        'Vous lancez 3, 3, 5, 6, 1 : une paire de 3 pour 3 points'
        >>> g.texts().tell(g.events[0]) == g.events[0].text
        True
        >>> g.texts("de")
        Traceback (most recent call last):
        ...
        ValueError: language must be one of ['en', 'fr'] (the languages Furcle's texts are written in), got 'de'
        """
        texts = self._texts
        spoken = texts.languages()
        if not isinstance(language, str) or language not in spoken:
            name = getattr(self, "GAME", None) or type(self).__name__   # a view names its game
            raise ValueError(f"language must be one of {list(spoken)} (the languages {name}'s texts are written in), "
                             f"got {excerpt(language)}")
        told: Texts = texts.in_language(language)
        return told

    def _drawn(self, shown: Any, language: str) -> str:
        """``shown`` (this game, or what a player may see of it) drawn as HTML by the game's renderer (the
        registry's ``render``), its words in ``language`` (checked by :meth:`texts`): in English as the HTML repr,
        in another language by ``render(shown, language=language)`` (a game whose texts are written in more than
        one language draws its picture in each of them)."""
        from ..registry import get

        if language != "en":
            self.texts(language)
        render = get(getattr(self, "GAME", None) if self.is_view else self).renderer()
        return render(shown) if language == "en" else render(shown, language=language)

    def _over_text(self) -> str:
        w = self.winner
        if isinstance(w, tuple):
            return "shared win: " + ", ".join(w)
        return "nobody won" if w is None else f"{w} won"


class Slotted(type):
    """The type of :class:`Facts` and of :class:`~furlib.core.engine.view.View`: a class of this type that
    does not declare its ``__slots__`` is given ``__slots__ = ()``.

    A view is a read-only value: it holds no ``__dict__``, so nothing can be set on it or hidden in it,
    and that takes every class it is made of declaring its ``__slots__``. So a game's facts and view
    classes have no ``__dict__`` without saying so. A game class keeps the ``__dict__`` of its match
    (:class:`~furlib.core.engine.match.Match` is not of this type).
    """

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any) -> Slotted:
        namespace.setdefault("__slots__", ())
        return super().__new__(mcs, name, bases, namespace, **kwargs)


class Facts(Table, Generic[S, R], metaclass=Slotted):
    """The base of a game's own properties, which the game and its views both show (see the module docstring).

    ``Facts[NimState, NimRules]`` reads a ``NimState`` as ``self._state`` and a ``NimRules`` as
    ``self._rules``. A subclass declares the game's parameters with :func:`~furlib.core.engine.fixed.rule`
    and the rest as properties that return new values (a tuple, a copy), never a list of the state. It
    holds no ``__dict__`` (see :class:`Slotted`), so that a view holds none.
    """

    _state: S
    _rules: R
