"""Pig as numbers: 2 decisions, 6 chance outcomes, a small observation.

=========  ==========================================================
decision   index
=========  ==========================================================
Roll       0 (roll again)
Hold       1 (bank the turn total)
=========  ==========================================================

A chance outcome ``Die(face)`` is ``face - 1`` (each 1/6).

The observation (after the common pieces ``seat``, ``to_move``,
``chance``, ``over``, ``moves``):

* ``scores`` (n): each banked score ``s`` as ``s / (s + target)``;
* ``turn_total`` (1): the turn's points ``t`` as ``t / (t + target)``;
* ``last_roll`` (6): one-hot of the face of the game's last roll (none before the first).

Pig has no hidden information: the information state is the observation.

>>> from furlib.pig import Pig, Die
>>> enc = PigEncoder(Pig(seed=0), 1000)
>>> enc.num_actions, enc.num_chance, enc.observation_layout.size
(2, 6, 16)
>>> g = Pig(seed=0).apply(Die(5))
>>> enc.legal(g)
{0: Roll(), 1: Hold()}
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...core import Game
from ...pig import SIDES, Die, Hold, Pig, Roll
from ...pig.views import PigFacts
from .base import Encoder, FloatArray, one_hot, unit

__all__ = ["PigEncoder"]

_DECISIONS: dict[type, int] = {Roll: 0, Hold: 1}
_NAMES = ("roll again", "hold")


class PigEncoder(Encoder):
    """Pig's decisions, dice and views as numbers (see the module docstring)."""

    game_class: ClassVar[type[Game]] = Pig
    short_name = "pig"
    chance_type = Die
    MAX_PLAYERS = 6     # Pig's own

    def __init__(self, template: Game, max_moves: int):
        assert isinstance(template, Pig)
        self.target = template.target
        super().__init__(template, max_moves)

    def count_actions(self) -> int:
        return len(_DECISIONS)

    def count_chance(self) -> int:
        return SIDES

    def action_index(self, action: object, game: Game) -> int:
        return _DECISIONS[type(action)]

    def action_name(self, index: int) -> str:
        return _NAMES[index]

    def chance_context(self, game: Game) -> int | None:
        return 0           # one die, every time

    def chance_index(self, outcome: object, game: Game) -> int:
        assert isinstance(outcome, Die)
        return outcome.face - 1

    def observation_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        return [("scores", (self.n,)), ("turn_total", (1,)), ("last_roll", (SIDES,))]

    def fill_observation(self, parts: dict[str, FloatArray], view: Any, seat: int) -> None:
        assert isinstance(view, PigFacts)
        scores = view.scores
        for i, p in enumerate(self.players):
            parts["scores"][i] = unit(scores[p], self.target)
        parts["turn_total"][0] = unit(view.turn_total, self.target)
        last = view.last_roll
        one_hot(parts["last_roll"], None if last is None else last - 1)
