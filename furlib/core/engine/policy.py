"""Policies shared by every game."""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np

from ..errors import excerpt
from .game import Game, check_seed

_BLOCK = 256   # a RandomBot draws its uniform numbers this many steps at a time


class RandomBot:
    """Picks uniformly among the legal actions.

    Its choice at a decision depends only on ``(seed, game.seed,
    game.n_steps)``: the same game and seed always give the same choices
    (also after an ``undo()``, or when the bot plays other games in
    between), and the game's own dice are never disturbed. The numbers come
    256 steps at a time: steps ``256 b`` to ``256 b + 255`` of a game use
    the 256 uniform numbers of a generator seeded by ``(seed, game.seed,
    b)``, made once for those steps (not once per decision); with ``k``
    legal actions, the number ``u`` of step ``n`` picks action ``int(u *
    k)``. A player's view has no seed (it would let a bot work out the
    deck): 0 stands in for it, and ``u`` is shifted round the unit interval
    (``(u + c) % 1``, still uniform) by a checksum ``c`` of the legal actions'
    reprs, which the player sees anyway; so games that deal the player
    different cards get different choices, not the same ranks every game.

    >>> RandomBot(seed=4)
    RandomBot(seed=4)
    """

    def __init__(self, seed: int = 0):
        self.seed = check_seed(seed)   # 0 to MAX_SEED (2**128 - 1), so that its repr can always be shown
        self._game_seed = self._block_no = -1   # which block _block holds
        self._block: list[float] = []

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"

    def __call__(self, game: Any) -> object:
        if not (isinstance(game, Game) or callable(getattr(game, "legal_actions", None))
                and hasattr(game, "n_steps") and hasattr(game, "seed")):
            raise ValueError(f"RandomBot plays a game (it reads legal_actions(), n_steps and seed): give it a game "
                             f"or a player's view of one, got {excerpt(game)}")
        legal = game.legal_actions()
        if not legal:
            raise ValueError("RandomBot was asked to move where there is no decision to take")
        n = game.n_steps
        seed = game.seed
        game_seed = seed or 0
        block_no, i = n // _BLOCK, n % _BLOCK
        if block_no != self._block_no or game_seed != self._game_seed:
            self._game_seed, self._block_no = game_seed, block_no
            self._block = np.random.default_rng([self.seed, game_seed, block_no]).random(_BLOCK).tolist()
        u = self._block[i]
        if seed is None:   # a view: what the player can see shifts the number
            u = (u + zlib.crc32(repr(legal).encode()) / 2**32) % 1.0
        k = len(legal)
        j = int(u * k)
        return legal[j if j < k else k - 1]   # u * k may round up to k when u is within 2**-53 of 1
