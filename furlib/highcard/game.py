"""A game of High Card: the match played by :class:`~furlib.highcard.rules.HighCardRules`."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.engine.game import Game
from .actions import NAMES
from .rules import HighCardRules
from .texts import HighCardTexts
from .views import HighCardFacts, HighCardView

__all__ = ["HighCard"]


class HighCard(HighCardFacts, Game):
    """High Card: secret simultaneous play with hidden hands.

    Parameters
    ----------
    players : int or list of str, default 2
        2 to 4 players, or their names.
    cards : int, default 10
        Cards in the deck, named after animals from the Ant (1) up (at most 20).
    hand : int, default 3
        Cards dealt to each player; also the number of rounds.
    seed : int, optional
        Seed of the game's own random generator, 0 to ``MAX_SEED`` (2**128 - 1).

    A game holds at most ``MAX_STEPS`` (40) actions: a deal and a play for
    each card of the largest deck, the most any game takes.

    Examples
    --------
    >>> g = HighCard(["Ann", "Bob"], seed=1)
    >>> g.is_chance, g.CHANCE_VERB
    (True, 'draw')
    >>> g.play().is_over
    True
    >>> g.view("Ann").seed is None     # a view holds nothing a bot could use to work out the deck
    True
    """

    RULES = HighCardRules
    VIEW = HighCardView
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    #: Every card is dealt once and played once at most: no game takes more actions (so no save holds more).
    MAX_STEPS = 2 * len(NAMES)
    TEXTS = HighCardTexts

    def __init__(self, players: int | Sequence[str] = 2, *, cards: int = 10, hand: int = 3,
                 seed: int | None = None):
        super().__init__(players, seed=seed)
        self._begin(HighCardRules.of(len(self.players), cards=cards, hand=hand))
