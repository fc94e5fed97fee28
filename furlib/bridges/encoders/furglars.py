"""The Furglars as numbers: Done, and a Hand's two uses aimed at each seat.

====================  ==========================================
decision              index
====================  ==========================================
Done                  0 (pass the dice)
BreakLock(player)     1 + seat of ``player``
StealFurgle(player)   1 + n + seat of ``player``
====================  ==========================================

A chance outcome is a roll of ``k`` dice, known by its counts of Furgles,
Locks, Hands and Xs (the dice are alike). Its index counts every roll of
fewer dice first (all ``(k + 3 choose 3)`` count vectors of ``k`` dice,
whether the die has every kind or not), then the rolls of ``k`` dice with
the counts in lexicographic order of ``(furgle, lock, hand, x)``, from
``(0, 0, 0, k)``; there are ``(d + 4 choose 4) - 1`` indices for ``d``
dice in play (1,819 for 3 players with 4 dice each). Kinds the die does
not have never come up.

The observation (after the common pieces), every count of dice divided by
the dice in play (so in ``[0, 1]``):

* ``scores`` (n): each score ``s`` as ``s / (s + target)``;
* ``front``, ``furgles``, ``locks`` (n each): the dice in front of each
  seat, the Furgles and the Locks on each card;
* ``pile`` (3): the pass pile's Hands, Xs and broken Locks;
* ``hands_left`` (1): Hands of this turn not used yet;
* ``last_roll`` (4): the counts of this turn's last roll, in the order
  furgle, lock, hand, x;
* ``bonus`` (1): 1 at an X-factor bonus roll.

The Furglars has no hidden information: the information state is the
observation.

>>> from furlib import Furglars
>>> from furlib.furglars import Roll
>>> enc = FurglarsEncoder(Furglars(seed=0), 1000)
>>> enc.num_actions, enc.num_chance
(7, 1819)
>>> g = Furglars(["Ann", "Bob", "Cat"], seed=0)
>>> g = g.apply(Roll(("lock", "hand", "x", "x"))).apply(Roll(("hand", "furgle", "x", "x", "x", "x", "x")))
>>> sorted(FurglarsEncoder(g, 1000).legal(g))
[0, 1]
"""

from __future__ import annotations

from itertools import product
from typing import Any, ClassVar

from ...core import Game
from ...furglars import KINDS, BreakLock, Done, Furglars, Roll, StealFurgle
from ...furglars.views import FurglarsFacts
from .base import Encoder, FloatArray, unit

__all__ = ["FurglarsEncoder"]


def _compositions(k: int) -> dict[tuple[int, ...], int]:
    """Every way to split ``k`` dice into the 4 kinds, ``(furgle, lock, hand, x)``, numbered in lexicographic order."""
    first_three = [c for c in product(range(k + 1), repeat=3) if sum(c) <= k]   # the Xs are the rest
    return {(*c, k - sum(c)): i for i, c in enumerate(first_three)}


class FurglarsEncoder(Encoder):
    """The Furglars' decisions, rolls and views as numbers (see the module docstring)."""

    game_class: ClassVar[type[Game]] = Furglars
    short_name = "furglars"
    chance_type = Roll

    def __init__(self, template: Game, max_moves: int):
        assert isinstance(template, Furglars)
        self.target, self.dice = template.target, template.total_dice
        self._ranks: dict[int, dict[tuple[int, ...], int]] = {}
        super().__init__(template, max_moves)

    def count_actions(self) -> int:
        return 1 + 2 * self.n

    def count_chance(self) -> int:
        return self._offset(self.dice + 1)

    @staticmethod
    def _offset(k: int) -> int:
        """The number of rolls of 1 to ``k - 1`` dice: ``(k + 3 choose 4) - 1``."""
        return (k + 3) * (k + 2) * (k + 1) * k // 24 - 1 if k else 0

    def action_index(self, action: object, game: Game) -> int:
        kind = type(action)
        if kind is Done:
            return 0
        seat = self.seat_of(action.player)  # type: ignore[attr-defined]  # a Hand's use names its target
        return 1 + seat if kind is BreakLock else 1 + self.n + seat

    def action_name(self, index: int) -> str:
        if index == 0:
            return str(Done())
        seat = (index - 1) % self.n
        return str((BreakLock if index <= self.n else StealFurgle)(self.players[seat]))

    def chance_context(self, game: Game) -> int | None:
        return game.dice_to_roll if isinstance(game, Furglars) else None

    def chance_index(self, outcome: object, game: Game) -> int:
        assert isinstance(outcome, Roll)
        counts = tuple(outcome.faces.count(kind) for kind in KINDS)
        k = sum(counts)
        ranks = self._ranks.get(k)
        if ranks is None:
            ranks = self._ranks[k] = _compositions(k)
        return self._offset(k) + ranks[counts]

    def observation_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        n = self.n
        return [("scores", (n,)), ("front", (n,)), ("furgles", (n,)), ("locks", (n,)), ("pile", (3,)),
                ("hands_left", (1,)), ("last_roll", (len(KINDS),)), ("bonus", (1,))]

    def fill_observation(self, parts: dict[str, FloatArray], view: Any, seat: int) -> None:
        assert isinstance(view, FurglarsFacts)
        d = self.dice
        scores, front, furgles, locks = view.scores, view.dice_in_front, view.furgles, view.locks
        for i, p in enumerate(self.players):
            parts["scores"][i] = unit(scores[p], self.target)
            parts["front"][i] = front[p] / d
            parts["furgles"][i] = furgles[p] / d
            parts["locks"][i] = locks[p] / d
        pile = view.pass_pile
        for i, kind in enumerate(("hand", "x", "lock")):
            parts["pile"][i] = pile[kind] / d
        parts["hands_left"][0] = view.hands_left / d
        roll = view.last_roll
        for i, kind in enumerate(KINDS):
            parts["last_roll"][i] = roll.count(kind) / d
        parts["bonus"][0] = view.is_bonus_roll
