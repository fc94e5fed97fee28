"""Policies shared by every game."""

from __future__ import annotations

import numpy as np
from .errors import excerpt


class RandomBot:
    """Picks uniformly among the legal actions.

    Its choices are drawn from a generator seeded by ``(seed, game.seed,
    game.n_steps)``, so the same game and seed always give the same choices,
    and the game's own dice are never disturbed.

    >>> RandomBot(seed=4)
    RandomBot(seed=4)
    """

    def __init__(self, seed: int = 0):
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
            raise ValueError(f"seed must be a whole number >= 0, got {excerpt(seed)}")
        self.seed = int(seed)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"

    def __call__(self, game):  # noqa: ANN001 - any furlib game
        legal = game.legal_actions()
        if not legal:
            raise ValueError("RandomBot was asked to move where there is no decision to take")
        # A player's view has no seed (it would let a bot work out the deck): 0 stands in.
        rng = np.random.default_rng([self.seed, game.seed or 0, game.n_steps])
        return legal[int(rng.integers(len(legal)))]
