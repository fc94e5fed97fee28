"""A game of Pig: the match played by :class:`~furlib.pig.rules.PigRules`."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.engine.game import Game
from .rules import MAX_TARGET, SIDES, Die, Hold, PigRules, Roll
from .texts import PigTexts
from .views import PigFacts, PigView

__all__ = ["Pig", "Die", "Roll", "Hold", "SIDES", "MAX_TARGET"]


class Pig(PigFacts, Game):
    """Pig: roll one die as long as you dare; a 1 loses the turn's points.

    Every turn starts with a roll. A 2 to 6 adds its face to the turn total
    and the player decides: roll again (:class:`Roll`) or hold
    (:class:`Hold`), which banks the turn total and passes the die. A 1 ends
    the turn at once and the turn total is lost. The first player whose
    banked score reaches ``target`` wins (the game ends at that hold).

    Parameters
    ----------
    players : int or list of str, default 2
        2 to 6 players, or their names.
    target : int, default 100
        The score that wins, 1 to ``MAX_TARGET`` (1000).
    seed : int, optional
        Seed of the game's own random generator, 0 to ``MAX_SEED``
        (2**128 - 1): same seed and same decisions, same game.

    A game holds at most ``MAX_STEPS`` (100,000) actions, the core's limit:
    nothing in the rules ends a game whose players never hold (nor one of
    1s given by ``apply(Die(1))``), and games between furlib's bots take up
    to about 64,000 (six ``HoldAt(100)`` to 1000: 38,700 on average, 63,724
    at most in 200 seeded games), so Pig keeps the core's limit; a save of
    one replays in about a second.

    Examples
    --------
    >>> g = Pig(["Ann", "Bob"], seed=1)
    >>> g.is_chance, g.CHANCE_VERB
    (True, 'roll')
    >>> g.apply(Die(5)).apply(Roll()).apply(Die(3)).turn_total
    8
    >>> [str(a) for a in g.legal_actions()]
    ['roll again', 'hold']
    >>> g.apply(Hold()).scores
    {'Ann': 8, 'Bob': 0}
    >>> g.apply(Die(1)).events[-1].text
    'Bob rolls a 1: the turn scores nothing'
    """

    RULES = PigRules
    VIEW = PigView
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    TEXTS = PigTexts

    def __init__(self, players: int | Sequence[str] = 2, *, target: int = 100, seed: int | None = None):
        super().__init__(players, seed=seed)
        self._begin(PigRules.of(len(self.players), target=target))
