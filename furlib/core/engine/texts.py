"""A game's words: each kind of event as a sentence, in one place, in one or more languages.

Rules write events as data (a kind, the seat, the facts); a game's texts turn each into the sentence a
person reads, with the shared word helpers (:mod:`furlib.core.words`). A game's texts are a subclass of
:class:`Texts` with one method per event kind, named as the kind (``def roll(self, e)``): ``e`` is the
:class:`~furlib.core.engine.events.Event`, and ``self.players`` and ``self.rules`` give the names and the
parameters (a kind that is a Python keyword, ``"pass"``, is the method ``pass_``). Another language is a
subclass of it that overrides the methods (and ``LANGUAGE``), listed in the English one's ``LANGUAGES``.

An event keeps the texts of its game (one shared object, the English ones), and its ``text`` is made when
read; ``Game.log(language=...)`` tells the same events in another language.
"""

from __future__ import annotations

import keyword
from collections.abc import Callable
from typing import Any, ClassVar

from ..errors import excerpt

#: An event as the texts read it (:class:`furlib.core.engine.events.Event`, which imports this module).
Event = Any

__all__ = ["Texts"]


class Texts:
    """The sentences of a game's events (see the module docstring).

    Parameters
    ----------
    players : tuple of str
        The players' names, in seat order.
    rules : Rules
        The game's rules (their parameters, e.g. the target).
    """

    #: This language's code.
    LANGUAGE: ClassVar[str] = "en"
    #: The languages of the game's texts, by code: ``"module:Class"`` of each (English among them), for a
    #: game written in more than one.
    LANGUAGES: ClassVar[dict[str, str]] = {}

    __slots__ = ("players", "rules", "_by_kind")

    def __init__(self, players: tuple[str, ...], rules: Any):
        self.players = players
        self.rules = rules
        self._by_kind: dict[str, Callable[[Event], str]] = {}

    def tell(self, event: Event) -> str:
        """The sentence of ``event``."""
        kind = event.kind
        say = self._by_kind.get(kind)
        if say is None:
            name = kind.replace("-", "_").replace(" ", "_")
            say = getattr(self, name + "_" if keyword.iskeyword(name) else name, None)   # "pass": pass_
            if say is None:
                raise ValueError(f"{type(self).__name__} has no words for the event kind {excerpt(kind)}")
            self._by_kind[kind] = say
        return say(event)

    def who(self, event: Event) -> str:
        """The name of the event's player."""
        player: str = event.player
        return player

    @classmethod
    def languages(cls) -> tuple[str, ...]:
        """The codes of the languages the game's texts are written in."""
        return tuple(cls.LANGUAGES) or (cls.LANGUAGE,)

    def in_language(self, language: str) -> Texts:
        """These texts in ``language`` (a code of :meth:`languages`); a ValueError names the others."""
        if language == self.LANGUAGE:
            return self
        path = type(self).LANGUAGES.get(language)
        if path is None:
            raise ValueError(f"the texts of this game are written in {list(self.languages())}, "
                             f"not {excerpt(language)}")
        from importlib import import_module

        module, _, name = path.partition(":")
        cls = getattr(import_module(module), name)
        return cls(self.players, self.rules)  # type: ignore[no-any-return]  # a Texts subclass
