"""What a game app says: the new game, each turn, what to do now, why a click did nothing.

:class:`_AppWords` is the part of :class:`furlib.core.app.widgets.GameApp` that writes its sentences, with
the hooks a game's app overrides (:meth:`~_AppWords._intro`, :meth:`~_AppWords._summary`,
:meth:`~_AppWords._prompt`, :meth:`~_AppWords._human_prompt`, :meth:`~_AppWords._refusal`) and the helpers
they share (a player's name with their bot, "Your turn", the status lines of the moves since the last click).

This module imports no widget library itself; ``import furlib`` never imports it.
"""

from __future__ import annotations

from ..engine.events import Event
from ..engine.game import Game
from ..words import possessive, sentence, sentences, subjects
from .app_helpers import bot_label, by_turn, winner_words
from .app_layout import _AppLayout

__all__: list[str] = []


class _AppWords(_AppLayout):
    """The sentences of a :class:`~furlib.core.app.widgets.GameApp` (see the module docstring)."""

    def _intro(self, game: Game) -> str:
        """The status line that announces a new game."""
        return sentence(f"New game: {subjects([self._who(p) for p in game.players])}")

    def _summary(self, events: list[Event]) -> str:
        """One sentence for one player's turn (or the part of it in ``events``).

        The events' texts are joined by :func:`~furlib.core.words.sentences`;
        the player is named once, with their bot's label ("Bob (Greedy)
        plays ..."), and not again before a text that starts with the name.
        """
        player = events[0].player
        texts = [e.text for e in events]
        who = self._who(player)
        if texts and player and texts[0].startswith(f"{player} "):
            texts[0] = who + texts[0][len(player):]
        elif player:
            texts[0] = f"{who}: {texts[0]}"
        return sentences(texts)

    def _prompt(self) -> str:
        """What the player at the screen should do now, in words."""
        g = self.game
        if g.is_over:
            return f"Game over: {winner_words(g)}. Click Play again, or change the settings below."
        if self.stopped:
            hint = " (for example with a smaller target)" if isinstance(getattr(g, "target", None), int) else ""
            return (f"Stopped: the game did not end within {g.MAX_STEPS:,} moves, its step limit (MAX_STEPS). "
                    f"Click Play again, or start a new game in the settings below{hint}.")
        me = g.current_player
        if me in self.bots:
            return f"{self._who(me)} to play."
        return self._human_prompt()

    def _human_prompt(self) -> str:
        """What the human should do now (the game is on and it is their move)."""
        g = self.game
        if g.is_chance:
            return f"{self._you()} turn: click {self._chance_label()}."
        return f"{self._you()} turn: choose a move below."

    def _refusal(self, key: str) -> str:
        """Why the element of the view with this ``key`` cannot be clicked now, in a sentence.

        Called for a click on an element that matches ``VIEW_CLICK`` but is
        not clickable at the moment shown (nothing is played); the app shows
        the sentence in its error line. A game's app says the real reason.
        """
        if not self._live():
            return "You are looking back at an earlier moment: click Back to now to play on."
        if self.game.is_over:
            return "The game is over: click Play again, or change the settings below."
        if not self._human_to_play():
            return f"It is not your move: {self._prompt()}"
        return f"That cannot be played now. {self._prompt()}"

    def _chance_label(self) -> str:
        return str(getattr(self.game, "CHANCE_VERB", "roll")).capitalize()

    def _turn_lines(self, events: list[Event]) -> list[str]:
        """The status lines for ``events`` (the moves since the last click): one line per turn."""
        return [self._summary(t) for t in by_turn(self._visible(events))]

    def _who(self, name: str) -> str:
        bot = self.bots.get(name)
        return name if bot is None else f"{name} ({bot_label(bot)})"

    def _you(self) -> str:
        """The owner of the turn in a prompt: "Your" with one person at the screen, else "Ann's" (or "Your")."""
        return "Your" if len(self.game.players) - len(self.bots) == 1 else possessive(self.game.current_player or "")
