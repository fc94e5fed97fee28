"""Policies shared by every game."""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np

from ..errors import excerpt
from .game import Game, check_seed

_BLOCK = 256   # a RandomBot's generator serves this many steps of a game
_CHUNK = 64    # ... and draws its numbers this many at a time, as they are needed (most games are short)


def _generator(key: list[int]) -> np.random.Generator:
    """``np.random.default_rng(key)``, made faster for numbers below 2**32: seeded with them as a uint32 array,
    the very words numpy makes of the list (each such number is one word), without its conversion per number."""
    if max(key) < 2**32:
        return np.random.Generator(np.random.PCG64(np.random.SeedSequence(np.array(key, dtype=np.uint32))))
    return np.random.default_rng(key)


class RandomBot:
    """Picks uniformly among the legal actions.

    Its choice at a decision depends only on ``(seed, game.seed,
    game.n_steps)``: the same game and seed always give the same choices
    (also after an ``undo()``, or when the bot plays other games in
    between), and the game's own dice are never disturbed. The numbers come
    256 steps at a time: steps ``256 b`` to ``256 b + 255`` of a game use
    the 256 uniform numbers of a generator seeded by ``(seed, game.seed,
    b)``, made once for those steps (not once per decision) and drawn 64
    at a time as the game reaches them; with ``k``
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
        self._block: list[float] = []            # its numbers drawn so far (from _rng, _CHUNK at a time)
        self._rng: Any = None                    # the block's generator (None before the first decision)

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
            self._rng, self._block = _generator([self.seed, game_seed, block_no]), []
        block = self._block
        if i >= len(block):    # the block's next numbers, in order: random(64) twice draws what random(128) does
            block += self._rng.random((i // _CHUNK + 1) * _CHUNK - len(block)).tolist()
        u = block[i]
        if seed is None:   # a view: what the player can see shifts the number
            u = (u + zlib.crc32(repr(legal).encode()) / 2**32) % 1.0
        k = len(legal)
        j = int(u * k)
        return legal[j if j < k else k - 1]   # u * k may round up to k when u is within 2**-53 of 1
