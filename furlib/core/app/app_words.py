"""What a game app says: the new game, each turn, what to do now, why a click did nothing.

:class:`_AppWords` is the part of :class:`furlib.core.app.widgets.GameApp` that writes its sentences, with
the hooks a game's app overrides (:meth:`~_AppWords._intro`, :meth:`~_AppWords._summary`,
:meth:`~_AppWords._prompt`, :meth:`~_AppWords._human_prompt`, :meth:`~_AppWords._refusal`) and the helpers
they share (a player's name with their bot, "Your turn", the status lines of the moves since the last click).

Its words are in the app's ``language``: the frame's own from the table ``words``
(:mod:`furlib.core.app.frame_words`), the events' from the game's texts in that language
(:meth:`~_AppWords._tell`; in English, each event's own ``text``).

This module imports no widget library itself; ``import furlib`` never imports it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..engine.events import Event
from ..engine.game import Game
from ..errors import excerpt
from ..words import possessive, sentences
from .app_helpers import bot_label, by_turn
from .app_layout import _AppLayout
from .frame_words import FRAME_WORDS

__all__: list[str] = []


class _AppWords(_AppLayout):
    """The sentences of a :class:`~furlib.core.app.widgets.GameApp` (see the module docstring)."""

    #: The languages the app's own lines are written in (a game's app that writes its own lines in English only
    #: says ``("en",)``); the app speaks those of them the game's texts are written in too.
    LANGUAGES: ClassVar[tuple[str, ...]] = ("en", "fr")
    _teller: Any = None

    def _intro(self, game: Game) -> str:
        """The status line that announces a new game."""
        return self.words.intro([self._who(p) for p in game.players])

    def _summary(self, events: list[Event]) -> str:
        """One sentence for one player's turn (or the part of it in ``events``).

        The events' texts are joined by :func:`~furlib.core.words.sentences`;
        the player is named once, with their bot's label ("Bob (Greedy)
        plays ..."), and not again before a text that starts with the name.
        """
        player = events[0].player
        texts = [self._tell(e) for e in events]
        who = self._who(player)
        name = self.words.subject(player) if player else player   # "You" is "Vous" in French
        if texts and player and texts[0].startswith(f"{name} "):
            texts[0] = self.words.subject(who) + texts[0][len(name):]
        elif player:
            texts[0] = f"{who}: {texts[0]}"
        return sentences(texts)

    def _prompt(self) -> str:
        """What the player at the screen should do now, in words."""
        g = self.game
        if g.is_over:
            return self.words.game_over(g)
        if self.stopped:
            return self.words.stopped(g.MAX_STEPS, isinstance(getattr(g, "target", None), int))
        me = g.current_player
        if me in self.bots:
            return self.words.to_play(self._who(me))
        return self._human_prompt()

    def _human_prompt(self) -> str:
        """What the human should do now (the game is on and it is their move)."""
        turn = self.words.turn(self._turn_owner())
        if self.game.is_chance:
            return self.words.click_chance(turn, self._chance_label())
        return self.words.choose_move(turn)

    def _refusal(self, key: str) -> str:
        """Why the element of the view with this ``key`` cannot be clicked now, in a sentence.

        Called for a click on an element that matches ``VIEW_CLICK`` but is
        not clickable at the moment shown (nothing is played); the app shows
        the sentence in its error line. A game's app says the real reason.
        """
        if not self._live():
            return self.words.looking_back_refusal()
        if self.game.is_over:
            return self.words.over_refusal()
        if not self._human_to_play():
            return self.words.not_your_move(self._prompt())
        return self.words.cannot_play(self._prompt())

    def _chance_label(self) -> str:
        return self.words.chance_label(str(getattr(self.game, "CHANCE_VERB", "roll")))

    def _turn_lines(self, events: list[Event]) -> list[str]:
        """The status lines for ``events`` (the moves since the last click): one line per turn."""
        return [self._summary(t) for t in by_turn(self._visible(events))]

    def _who(self, name: str) -> str:
        bot = self.bots.get(name)
        return name if bot is None else f"{name} ({bot_label(bot)})"

    def _you(self) -> str:
        """The owner of the turn in a prompt: "Your" with one person at the screen, else "Ann's" (or "Your")."""
        return "Your" if len(self.game.players) - len(self.bots) == 1 else possessive(self.game.current_player or "")

    def _turn_owner(self) -> str | None:
        """Whose turn a prompt names: None (the one person at the screen: "Your turn"), else the player to play."""
        return None if len(self.game.players) - len(self.bots) == 1 else self.game.current_player or ""

    # ----------------------------------------------------------------- the app's language
    def _tell(self, event: Event) -> str:
        """An event's sentence in the app's language (in English, its own ``text``)."""
        if self.language == "en":
            return str(event.text)
        return str(self._teller.tell(event))

    def _texts_of(self, game: Game) -> Any:
        """The game's texts in the app's language (:meth:`Game.texts <furlib.core.engine.game.Game.texts>`; in
        English the events tell themselves)."""
        return game.texts(self.language)

    @classmethod
    def _check_language(cls, game: Game, language: object) -> str:
        """``language`` if this app and ``game``'s texts are written in it; else a ValueError naming those they
        are written in."""
        texts = getattr(type(game), "TEXTS", None)
        spoken = texts.languages() if texts is not None else ("en",)
        known = [code for code in cls.LANGUAGES if code in spoken and code in FRAME_WORDS]
        if not isinstance(language, str) or language not in known:
            raise ValueError(f"language must be one of {known} (the languages {type(game).__name__}'s app is "
                             f"written in), got {excerpt(language)}")
        return language
