"""The registry: the one place that names every game and its parts.

Each game's package registers a :class:`GameInfo` when it is imported (its
``__init__.py`` calls :func:`register`); ``import furlib`` imports every
game package, so :func:`games` lists all of them. The parts are named as
``"module:attribute"`` paths inside the game's package and imported only
when asked for, so registering costs nothing and a rules module never
imports its renderer, bots or app.

The tournament, the conformance and widget tests, the docs and the
:class:`~furlib.core.engine.game.Game` base class (default bot, HTML repr,
``widget()``) read the registry; nothing in ``furlib.core`` looks a game's
modules up by name.

>>> import furlib
>>> [info.name for info in games()][:2]
['Furcle', 'Furglars']
>>> get("Furcle").title
'Oh Furcle!'
>>> get(furlib.Furcle).default_bot()
BeekinSmart(points=25, min_dice=2, min_gain=8)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .engine.fixed import FrozenDict
from .errors import excerpt

__all__ = ["GameInfo", "register", "get", "games"]


@dataclass(frozen=True)
class GameInfo:
    """What the library knows about one game.

    Attributes
    ----------
    name : str
        The class name, e.g. ``"Furcle"``.
    title : str
        The printed title, e.g. ``"Oh Furcle!"``.
    package : str
        The game's package, e.g. ``"furlib.furcle"``.
    game : str
        ``"module:Class"`` of the game class, relative to ``package``.
    bot : str
        ``"module:function"`` returning the default bot (a new one per call).
    bots : mapping
        Bot kinds by name (``"module:Class"``), for tournaments and settings panels.
    render : str
        ``"module:function"`` turning a game (or a player's view of it) into HTML.
    app : str or None
        ``"module:Class"`` of the ipywidgets app (imports ipywidgets when loaded).
    fast : str or None
        ``"module:function"`` of the vectorised tournament hook, if the game has one:
        ``hook(bots, pairings, seed=..., **kwargs)`` returns winners or None.
    example_kwargs : mapping
        Keyword arguments for a small, quick game (conformance and widget tests).
    demo : bool
        True for a small game that exists to exercise the core (High Card):
        tested like every game, but not listed among the games a class plays.
    """

    name: str
    title: str
    package: str
    game: str
    bot: str
    render: str
    bots: Mapping[str, str] = field(default_factory=dict)
    app: str | None = None
    fast: str | None = None
    example_kwargs: Mapping[str, Any] = field(default_factory=dict)
    demo: bool = False

    def __post_init__(self) -> None:
        # read-only copies: every caller of get() shares this entry, so a change to one caller's dict would
        # reach them all (the entry itself is frozen)
        object.__setattr__(self, "bots", FrozenDict(self.bots))
        object.__setattr__(self, "example_kwargs", FrozenDict(self.example_kwargs))

    def load(self, path: str | None) -> Any:
        """Import ``"module:attribute"`` (relative to the game's package); None stays None."""
        if path is None:
            return None
        module, _, attr = path.partition(":")
        return getattr(importlib.import_module(f"{self.package}.{module}"), attr)

    @property
    def cls(self) -> type:
        """The game class."""
        cls: type = self.load(self.game)
        return cls

    def default_bot(self) -> Callable[..., Any]:
        """A new default bot for this game."""
        bot: Callable[..., Any] = self.load(self.bot)()
        return bot

    def bot_classes(self) -> dict[str, type]:
        """The game's bot kinds by name."""
        return {name: self.load(path) for name, path in self.bots.items()}

    def renderer(self) -> Callable[..., str]:
        """The function that draws a game as HTML."""
        render: Callable[..., str] = self.load(self.render)
        return render

    def app_class(self) -> type:
        """The ipywidgets app class (imports ipywidgets): the game's own, or the core's frame ``GameApp``."""
        app: type
        if self.app is None:   # every game plays in the core frame: one button per legal action
            app = getattr(importlib.import_module(_CORE_APP[0]), _CORE_APP[1])
        else:
            app = self.load(self.app)
        return app

    def fast_hook(self) -> Callable[..., Any] | None:
        """The vectorised tournament hook, or None."""
        hook: Callable[..., Any] | None = self.load(self.fast)
        return hook


_GAMES: dict[str, GameInfo] = {}
#: The app of a game without its own: the core's frame, loaded (like every app) only when an app is made.
_CORE_APP = ("furlib.core.app.widgets", "GameApp")


def register(info: GameInfo) -> GameInfo:
    """Add a game to the registry (a game's ``__init__.py`` calls this); returns ``info``.

    Raises
    ------
    ValueError
        If another game already has this name.
    """
    old = _GAMES.get(info.name)
    if old is not None and old != info:
        raise ValueError(f"a game named {excerpt(info.name)} is registered already ({old.package})")
    _GAMES[info.name] = info
    return info


def get(game: object) -> GameInfo:
    """The registry entry of a game: by name, class, or instance.

    Raises
    ------
    KeyError
        If the game is not registered; the message lists the games that are.
    """
    if isinstance(game, str):
        name = game
    else:
        cls = game if isinstance(game, type) else type(game)
        name = next((c.__name__ for c in cls.__mro__ if c.__name__ in _GAMES
                     and _GAMES[c.__name__].package == c.__module__.rpartition(".")[0]), cls.__name__)
    if name not in _GAMES:
        raise KeyError(f"no game named {excerpt(name)} is registered; registered games: {sorted(_GAMES)}")
    return _GAMES[name]


def games(*, demos: bool = False) -> list[GameInfo]:
    """Every registered game, in the order they were registered (with ``demos``, the test games too)."""
    return [g for g in _GAMES.values() if demos or not g.demo]
