"""A game of Furry Poker: the match played by :class:`~furlib.poker.rules.PokerRules`."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.engine.game import Game
from ..core.errors import excerpt
from .cards import ALL_CARDS, ANIMALS, COLOURS, LETTERS
from .rules import PokerRules
from .texts import PokerTexts
from .views import PokerFacts, PokerView

__all__ = ["FurryPoker"]

#: Words a player may not be called: every card's code ("R7", "CC1", "+2"), colour and colour letter, and animal.
_GAME_WORDS = frozenset(w.casefold() for w in (*ALL_CARDS, *COLOURS, *LETTERS.values(), *ANIMALS.values(), "grey"))


class FurryPoker(PokerFacts, Game):
    """Furry Poker: collect combinations of cards in your Personal Area; every card played in secret.

    Parameters
    ----------
    players : int or list of str, default 2
        2 to 6 players (``MIN_PLAYERS``, ``MAX_PLAYERS``; the box says 2-4),
        or their names (each as :func:`furlib.core.engine.game.normalize_players`
        takes them, and no word of the cards: "R7", "Red", "Lion").
    advanced : bool, default False
        The printed Advanced Rules: each player is dealt 7 cards and places
        one of them face down as the first Personal card. True or False only.
    seed : int, optional
        Seed of the game's own random generator: None or a whole number from
        0 to ``MAX_SEED`` (2**128 - 1).

    Every parameter is checked before the game is dealt; a bad one is a
    ValueError naming it. These are all the rule parameters, each bounded:
    a game holds the 86 cards and at most 6 players, and takes at most
    ``MAX_STEPS`` (100,000) actions whatever its players choose.

    Examples
    --------
    >>> g = FurryPoker(["Ann", "Bob"], seed=1)
    >>> g.is_chance, g.CHANCE_VERB, g.deck_size
    (True, 'draw', 72)
    >>> g.play().is_over
    True
    >>> sorted(g.scores) == ["Ann", "Bob"]
    True
    """

    RULES = PokerRules
    VIEW = PokerView
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    TEXTS = PokerTexts

    def __init__(self, players: int | Sequence[str] = 2, *, advanced: bool = False, seed: int | None = None):
        super().__init__(players, seed=seed)
        for name in self.players:
            if name.casefold() in _GAME_WORDS:
                raise ValueError(f"player name {excerpt(name)} is a word of the game's cards (a card's code, colour or "
                                 "animal), so the log could read it as a card; choose another name")
        self._begin(PokerRules.of(len(self.players), advanced=advanced))
