"""A game of Nim: the match played by :class:`~furlib.nim.rules.NimRules`."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.engine.game import Game
from .actions import MAX_HEAP, MAX_HEAPS
from .rules import NimRules, check_heaps
from .texts import NimTexts
from .views import NimFacts, NimView

__all__ = ["Nim"]


class Nim(NimFacts, Game):
    """Nim: take stones from one heap in turn; whoever takes the last stone wins.

    On your turn you take at least one stone from one heap: as many as you
    like from it (classic Nim), or at most ``take`` (the subtraction game).
    Then the next player moves. The player who takes the last stone of all
    wins. There is no chance: a game is its players' decisions only.

    Parameters
    ----------
    players : int or list of str, default 2
        2 to 6 players, or their names.
    heaps : list of int, default (3, 4, 5)
        The stones in each heap at the start: 1 to ``MAX_HEAPS`` (10) heaps
        of 1 to ``MAX_HEAP`` (100) stones.
    take : int or None, default None
        The most stones one move may take, 1 to ``MAX_HEAP``; None: a whole
        heap.
    seed : int, optional
        Seed of the game's own random stream, 0 to ``MAX_SEED`` (2**128 - 1).
        Nim draws nothing from it; a save keeps it, and ``RandomBot`` plays
        by it.

    A game holds at most ``MAX_STEPS`` (1,000) actions: every move takes a
    stone, and no game has more than 10 heaps of 100.

    Examples
    --------
    >>> from furlib.nim import Nim, Take
    >>> g = Nim(["Ann", "Bob"], heaps=[3, 4, 5], take=3)
    >>> g.apply(Take(2, 3)).stones
    (3, 4, 2)
    >>> g.log()
    '   1  Ann takes 3 stones from the third heap: 2 stones left there'
    >>> [str(a) for a in g.legal_actions()][:2]
    ['take 1 stone from the first heap', 'take 2 stones from the first heap']
    >>> g.play().winner       # both play the default bot, Optimal()
    'Bob'
    """

    RULES = NimRules
    VIEW = NimView
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    #: Every move takes at least one stone: no game holds more actions than the most stones there can be.
    MAX_STEPS = MAX_HEAPS * MAX_HEAP
    TEXTS = NimTexts

    def __init__(self, players: int | Sequence[str] = 2, *, heaps: Sequence[int] = (3, 4, 5),
                 take: int | None = None, seed: int | None = None):
        super().__init__(players, seed=seed)
        self._begin(NimRules.of(len(self.players), heaps=check_heaps(heaps), take=take))
