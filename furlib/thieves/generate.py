"""Random labyrinths: valid Thieves map text of any allowed size, for trying the bots and the rules.

>>> from furlib.thieves.board import Board
>>> text = random_map(4, seed=1)
>>> print(text)
#########
#PB.#pBp#
#B#Y#G###
#pG.BpY.#
#R##*##R#
#.YdB.Gd#
###G#Y#B#
#dBd#.BD#
#########
<BLANKLINE>
>>> Board.load(text).door_counts()
{'red': 2, 'yellow': 4, 'green': 4, 'blue': 8}

The map is the same for both players under a half turn (as the rules ask);
each place between two pathways is a doorway of a random colour, or a wall
with probability ``walls``; every pathway is reachable as the rules allow
movement, never through the opponent's exit (a draw that fails any check of
:meth:`~furlib.thieves.Board.load`, e.g. leaves a pathway cut off or reachable
only through an exit, is drawn again). Exits sit in the corners (Pale's top
left) and each gang starts on the same four pathways near its exit (Pale on
C1, D1, A2 and C2).
"""

from __future__ import annotations

import numbers

import numpy as np

from ..core.errors import excerpt
from .board import MAX_MAP_SIDE, Board

__all__ = ["random_map", "MAX_PATHWAYS"]

#: The most pathways along a side of a generated map (the map limit, :data:`~furlib.thieves.board.MAX_MAP_SIDE`).
MAX_PATHWAYS = (MAX_MAP_SIDE - 1) // 2
_TRIES = 200
#: Pale's starting places (Dark's are opposite them through the centre), as on the tests' small labyrinth.
_STARTS = ((1, 5), (1, 7), (3, 1), (3, 5))


def random_map(pathways: int = 8, seed: int | None = None, walls: float = 0.25) -> str:
    """A random valid map, ``pathways`` by ``pathways`` pathways, as map text.

    Parameters
    ----------
    pathways : int, default 8
        Pathways along each side: an even number from 4 to :data:`MAX_PATHWAYS` (16).
    seed : int, optional
        Seed of the draw: the same seed gives the same map.
    walls : float, default 0.25
        The chance that a place between two pathways is a wall (0 to 0.5).

    Raises
    ------
    ValueError
        For a size or a share of walls outside those ranges (checked before any work).
    """
    if isinstance(pathways, bool) or not isinstance(pathways, numbers.Integral) \
            or not 4 <= pathways <= MAX_PATHWAYS or pathways % 2:
        raise ValueError(f"pathways must be an even whole number from 4 to {MAX_PATHWAYS} (the largest map "
                         f"allowed), got {excerpt(pathways)}")
    if isinstance(walls, bool) or not isinstance(walls, numbers.Real) or not 0 <= walls <= 0.5:
        raise ValueError(f"walls must be a share from 0 to 0.5 (the chance of a wall between two pathways), "
                         f"got {excerpt(walls)}")
    rng = np.random.default_rng(seed)
    n = 2 * int(pathways) + 1
    for _ in range(_TRIES):
        text = _draw(n, rng, float(walls))
        try:
            Board.load(text)
        except ValueError:   # any check failed (a pathway cut off, or reachable only through an exit): draw again
            continue
        return text
    raise ValueError(f"no valid labyrinth (every pathway reachable, never through the opponent's exit) was drawn in "
                     f"{_TRIES} tries with walls={excerpt(walls)}: use fewer walls")


def _draw(n: int, rng: np.random.Generator, walls: float) -> str:
    g = [["#"] * n for _ in range(n)]
    half = n // 2
    for r in range(1, n - 1):
        for c in range(1, n - 1):
            if (n - 1 - r, n - 1 - c) < (r, c):
                continue
            if r % 2 and c % 2:
                ch = "."
            elif r % 2 == 0 and c % 2 == 0:
                ch = "*" if (r, c) == (half, half) else "#"
            else:
                ch = "#" if rng.random() < walls else "RYGB"[int(rng.integers(4))]
            g[r][c] = g[n - 1 - r][n - 1 - c] = ch
    g[1][1], g[n - 2][n - 2] = "P", "D"
    for r, c in _STARTS:
        g[r][c], g[n - 1 - r][n - 1 - c] = "p", "d"
    return "\n".join("".join(row) for row in g) + "\n"
