"""Oh Furcle! as numbers: the three turn decisions and one Beekin per die.

=================  ================================================
decision           index
=================  ================================================
Roll               0 (not Satisfied: roll the scoring dice again)
Satisfied          1 (bank the turn score)
AcceptFurcle       2 (say "Oh Furcle!" instead of a Beekin)
Beekin(die)        3 + die (die 0 to ``n_dice - 1``, its place in the roll)
=================  ================================================

A chance outcome is a roll of ``k`` dice, listed as furlib lists it (every
multiset of faces, sorted, with its multinomial chance): its index is its
place in that list plus the number of rolls of fewer dice, so the rolls of
1 die come first (``sides`` of them), then those of 2 dice, and so on up to
``n_dice``; 461 in all with the printed rules.

The observation (after the common pieces):

* ``scores`` (n): each track score ``s`` as ``s / (s + target)``;
* ``leader`` (n): one-hot of the Leader (none: all 0);
* ``dice`` (n_dice x sides): the dice on the table, die by die (the place a
  Beekin names), one-hot of its face; empty places all 0;
* ``roll_points`` (1), ``turn_score`` (1): ``p / (p + target)``;
* ``dice_to_roll`` (n_dice): one-hot of how many dice the next roll uses;
* ``beekin`` (1): 1 while the player to move may still say Beekin;
* ``beekin_die`` (n_dice): one-hot of the die this turn's Beekin raised.

Oh Furcle! has no hidden information: the information state is the
observation. A game needs a target (``target=None``, practice, never ends).

>>> from furlib import Furcle
>>> from furlib.furcle import Dice
>>> enc = FurcleEncoder(Furcle(seed=0), 1000)
>>> enc.num_actions, enc.num_chance
(8, 461)
>>> g = Furcle(seed=0).apply(Dice((2, 2, 4, 5, 6)))
>>> enc.legal(g)
{0: Roll(), 1: Satisfied(), 3: Beekin(die=0), 4: Beekin(die=1), 5: Beekin(die=2), 6: Beekin(die=3)}
>>> enc.chance_index(Dice((2, 2, 4, 5, 6)), Furcle(seed=0))   # at the first roll's chance point
364
"""

from __future__ import annotations

from math import comb
from typing import Any, ClassVar

from ...core import Game
from ...core.errors import excerpt
from ...furcle import AcceptFurcle, Beekin, Dice, Furcle, Roll, Satisfied
from ...furcle.views import FurcleFacts
from .base import Encoder, FloatArray, one_hot, unit

__all__ = ["FurcleEncoder"]

_DECISIONS: dict[type, int] = {Roll: 0, Satisfied: 1, AcceptFurcle: 2}
_NAMES = ("roll again", "be Satisfied", "accept the Furcle")


class FurcleEncoder(Encoder):
    """Oh Furcle!'s decisions, rolls and views as numbers (see the module docstring)."""

    game_class: ClassVar[type[Game]] = Furcle
    short_name = "furcle"
    chance_type = Dice

    def __init__(self, template: Game, max_moves: int):
        assert isinstance(template, Furcle)
        if template.target is None:
            raise ValueError("target=None (practice) never ends and has no winner: give the game a target "
                             "(1 to 1000), e.g. target=50")
        self.target = int(template.target)
        self.n_dice, self.sides = int(template.n_dice), int(template.sides)
        #: the number of rolls of fewer dice, by dice: where the rolls of k dice start
        self.offsets = [0] * (self.n_dice + 1)
        for k in range(1, self.n_dice):
            self.offsets[k + 1] = self.offsets[k] + comb(self.sides + k - 1, k)   # the rolls of k dice
        self._ranks: dict[int, dict[tuple[int, ...], int]] = {}
        super().__init__(template, max_moves)

    def count_actions(self) -> int:
        return 3 + self.n_dice

    def count_chance(self) -> int:
        return self.offsets[self.n_dice] + comb(self.sides + self.n_dice - 1, self.n_dice)

    def action_index(self, action: object, game: Game) -> int:
        if isinstance(action, Beekin):
            return 3 + action.die
        return _DECISIONS[type(action)]

    def action_name(self, index: int) -> str:
        return _NAMES[index] if index < 3 else str(Beekin(index - 3))

    def chance_context(self, game: Game) -> int | None:
        return game.dice_to_roll if isinstance(game, Furcle) else None

    def chance_index(self, outcome: object, game: Game) -> int:
        assert isinstance(outcome, Dice)
        faces = tuple(sorted(outcome.faces))
        k = len(faces)
        ranks = self._ranks.get(k)
        if ranks is None:   # the game lists the rolls of k dice in the same order at every chance point
            assert isinstance(game, Furcle) and game.is_chance and game.dice_to_roll == k, (game, outcome)
            ranks = self._ranks[k] = {tuple(sorted(o.faces)): i  # type: ignore[attr-defined]  # Dice
                                      for i, (o, _) in enumerate(game.chance_outcomes())}
        if faces not in ranks:
            raise ValueError(f"{excerpt(outcome)} is not a roll of {k} dice with faces 1 to {self.sides}")
        return self.offsets[k] + ranks[faces]

    def observation_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        n, d = self.n, self.n_dice
        return [("scores", (n,)), ("leader", (n,)), ("dice", (d, self.sides)), ("roll_points", (1,)),
                ("turn_score", (1,)), ("dice_to_roll", (d,)), ("beekin", (1,)), ("beekin_die", (d,))]

    def fill_observation(self, parts: dict[str, FloatArray], view: Any, seat: int) -> None:
        assert isinstance(view, FurcleFacts)
        scores = view.scores
        for i, p in enumerate(self.players):
            parts["scores"][i] = unit(scores[p], self.target)
        leader = view.leader
        one_hot(parts["leader"], None if leader is None else self.seat_of(leader))
        dice = parts["dice"]
        for i, face in enumerate(view.dice):
            dice[i, face - 1] = 1
        parts["roll_points"][0] = unit(view.roll_points, self.target)
        parts["turn_score"][0] = unit(view.turn_score, self.target)
        if not view.is_over:
            one_hot(parts["dice_to_roll"], view.dice_to_roll - 1)
        parts["beekin"][0] = view.beekin_available
        one_hot(parts["beekin_die"], view.beekin_die)
