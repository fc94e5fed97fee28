"""Thieves as numbers: 228 decisions that name a thief, a direction and a key, whatever the map.

===================  ======================================================
decision             index
===================  ======================================================
KeepStake            0 (roll without offering to double)
OfferDouble          1
Accept               2
Refuse               3
TakeGold(t)          4 + (t - 1)
Escape(t)            8 + (t - 1)
Steal(t, key)        12 + 6 (t - 1) + k
Pass(g, r, key)      36 + 6 (4 (g - 1) + (r - 1)) + k
Move(t, .., key)     132 + 6 (4 (t - 1) + d) + k
===================  ======================================================

``t``, ``g`` and ``r`` are thief numbers 1 to 4, ``k`` the key's place in
red, yellow, green, blue, white, black (0 to 5), and ``d`` the direction of
the move from the thief's pathway through one doorway: 0 up, 1 right, 2
down, 3 left (a move always goes to the next pathway in a line). The time
limit's ``TimeUp`` is never a legal decision, so it has no index.

A chance outcome is a roll of the two key dice, numbered in the order furlib
lists them (``chance_outcomes()``: pairs of faces in the die's order): 21
with the printed dice.

The observation (after the common pieces):

* ``thieves`` (8 x pathways): one-hot of each thief's pathway, thieves 1-4
  of the first player then 1-4 of the second, pathways in the map's
  reading order (``board.pathways``);
* ``carrier`` (8): one-hot of the thief carrying the gold (none: all 0);
* ``keys`` (6), ``roll`` (6): the keys left to use and this turn's roll, by
  colour, each count divided by 2;
* ``moved`` (8), ``passed`` (8): the thieves that moved, or passed the gold
  on, this turn (neither may do it again);
* ``phase`` (5): one-hot of offer, answer, roll, keys, over;
* ``stake`` (1): log2 of the stake divided by 20 (``MAX_STAKE`` is 2**20);
* ``cube`` (2): who may offer the next double (none yet: all 0).

Thieves has no hidden information: the information state is the
observation. With ``doubling`` the winner wins the stake (a return of
+stake and -stake); without it every win is worth 1.

>>> from furlib import Thieves
>>> from furlib.thieves import Roll
>>> enc = ThievesEncoder(Thieves(seed=0), 1000)
>>> enc.num_actions, enc.num_chance, enc.observation_layout.size
(228, 21, 563)
>>> g = Thieves(seed=0).apply(Roll(("red", "white")))
>>> index = min(enc.legal(g))
>>> index, enc.action_name(index), str(enc.legal(g)[index])
(142, 'thief 1 right with the white key', 'thief 1 to D1 with the white key')
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from ...core import Game
from ...thieves import Accept, Escape, KeepStake, Move, OfferDouble, Pass, Refuse, Roll, Steal, TakeGold, Thieves
from ...thieves import events as ev
from ...thieves.moves import KEYS
from ...thieves.rules import MAX_STAKE
from ...thieves.views import ThievesFacts
from .base import Encoder, FloatArray, one_hot

__all__ = ["ThievesEncoder"]

_STAKES: dict[type, int] = {KeepStake: 0, OfferDouble: 1, Accept: 2, Refuse: 3}
_STAKE_NAMES = ("roll without doubling", "offer to double the stake", "accept the doubled stake",
                "refuse and forfeit")
_KEY = {k: i for i, k in enumerate(KEYS)}
_STEPS = ((-2, 0), (0, 2), (2, 0), (0, -2))
_DIRECTIONS = ("up", "right", "down", "left")
_PHASES = ("offer", "answer", "roll", "keys", "over")
TAKE, ESCAPE, STEAL, PASS, MOVE = 4, 8, 12, 36, 132


class ThievesEncoder(Encoder):
    """Thieves' decisions, rolls and views as numbers (see the module docstring)."""

    game_class: ClassVar[type[Game]] = Thieves
    short_name = "thieves"
    chance_type = Roll
    MAX_PLAYERS = 2     # Thieves' own

    def __init__(self, template: Game, max_moves: int):
        assert isinstance(template, Thieves)
        self.pathways = template.board.pathways
        self.cell_index = {c: i for i, c in enumerate(self.pathways)}
        self.doubling = template.doubling
        self.faces = len(set(template.dice))
        self._ranks: dict[tuple[str, ...], int] = {}
        super().__init__(template, max_moves)

    def count_actions(self) -> int:
        return MOVE + 4 * 4 * len(KEYS)

    def count_chance(self) -> int:
        return self.faces * (self.faces + 1) // 2      # the pairs of the die's different faces

    def largest_stake(self) -> int:
        return MAX_STAKE if self.doubling else 1

    def stake(self, game: Game) -> int:
        assert isinstance(game, Thieves)
        return game.stake if self.doubling else 1

    def action_index(self, action: object, game: Game) -> int:
        kind = type(action)
        if kind in _STAKES:
            return _STAKES[kind]
        if isinstance(action, TakeGold):
            return TAKE + action.thief - 1
        if isinstance(action, Escape):
            return ESCAPE + action.thief - 1
        if isinstance(action, Steal):
            return STEAL + 6 * (action.thief - 1) + _KEY[action.key]
        if isinstance(action, Pass):
            return PASS + 6 * (4 * (action.giver - 1) + action.receiver - 1) + _KEY[action.key]
        assert isinstance(action, Move) and isinstance(game, Thieves), action
        r, c = game.thieves[game.players[self.seat_of(game.current_player)]][action.thief - 1]
        d = _STEPS.index((action.row - r, action.col - c))
        return MOVE + 6 * (4 * (action.thief - 1) + d) + _KEY[action.key]

    def action_name(self, index: int) -> str:
        if index < TAKE:
            return _STAKE_NAMES[index]
        if index < STEAL:
            t = (index - TAKE) % 4 + 1
            return str(TakeGold(t) if index < ESCAPE else Escape(t))
        if index < PASS:
            t, k = divmod(index - STEAL, 6)
            return str(Steal(t + 1, KEYS[k]))
        if index < MOVE:
            pair, k = divmod(index - PASS, 6)
            g, r = divmod(pair, 4)
            return f"pass the gold from thief {g + 1} to thief {r + 1} with the {KEYS[k]} key"
        pair, k = divmod(index - MOVE, 6)
        t, d = divmod(pair, 4)
        return f"thief {t + 1} {_DIRECTIONS[d]} with the {KEYS[k]} key"

    def chance_context(self, game: Game) -> int | None:
        return 0           # two key dice, every time

    def chance_index(self, outcome: object, game: Game) -> int:
        assert isinstance(outcome, Roll)
        if not self._ranks:   # the game lists the same rolls, in the same order, at every chance point
            self._ranks = {o.keys: i for i, (o, _) in enumerate(game.chance_outcomes())}  # type: ignore[attr-defined]  # Rolls
        return self._ranks[outcome.keys]

    def observation_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        return [("thieves", (8, len(self.pathways))), ("carrier", (8,)), ("keys", (len(KEYS),)),
                ("roll", (len(KEYS),)), ("moved", (8,)), ("passed", (8,)), ("phase", (len(_PHASES),)),
                ("stake", (1,)), ("cube", (2,))]

    def fill_observation(self, parts: dict[str, FloatArray], view: Any, seat: int) -> None:
        assert isinstance(view, ThievesFacts)
        gangs = view.thieves
        for g, p in enumerate(self.players):
            for t, cell in enumerate(gangs[p]):
                parts["thieves"][4 * g + t, self.cell_index[cell]] = 1
        carrier = view.carrier
        one_hot(parts["carrier"], None if carrier is None else 4 * self.seat_of(carrier[0]) + carrier[1] - 1)
        for key in view.keys:
            parts["keys"][_KEY[key]] += 0.5
        for key in view.roll:
            parts["roll"][_KEY[key]] += 0.5
        pos = view.position()
        for t in pos.moved:
            parts["moved"][t] = 1
        for t in pos.passed:
            parts["passed"][t] = 1
        parts["phase"][_PHASES.index(view.phase)] = 1
        parts["stake"][0] = math.log2(view.stake) / math.log2(MAX_STAKE)
        if self.doubling:
            accepted = [e.player for e in view.events if e.kind == ev.ACCEPT]
            one_hot(parts["cube"], self.seat_of(accepted[-1]) if accepted else None)
