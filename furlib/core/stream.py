"""The game's random stream: dice drawn in blocks, and where a game is in its stream.

Every game rolls and draws with its own numpy generator (``PCG64``, seeded
from ``seed``). A game whose every draw is a die (a whole number below a
bound) rolls with :meth:`_Stream._draw`, which draws the dice in blocks of
``DRAW_AHEAD`` (one call of the generator instead of one per throw): numpy
draws each die in turn from the same stream, so these are the very dice that
rolling one throw at a time gives (checked once, see
:func:`_draws_batch_exactly`). Blocks are counted from the game's first draw,
and a checkpoint keeps the block in use (:meth:`_Stream._rng_position`,
:meth:`_Stream._seek`), so undo, copies and saves come back to the same point
of the stream, generator included.

:class:`_Stream` is a mixin of :class:`furlib.core.game.Game`: its methods
read and set the game's ``_rng`` (the generator, None in a view), ``_ahead``
(the block in use) and ``seed``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = ["DRAW_AHEAD"]

#: How many numbers :meth:`Game._draw` draws from the generator at a time (a block).
DRAW_AHEAD = 64
_BATCH_OK: list[bool] = []   # the answer of _draws_batch_exactly(), once known


def _draws_batch_exactly() -> bool:
    """True if ``integers(high, size=a + b)`` draws what ``integers(high, size=a)`` then ``size=b`` draw.

    numpy draws each bounded integer in turn from the bit generator (a
    rejected draw is drawn again at once), so one long call and several short
    ones give the same numbers and leave the generator in the same state.
    :meth:`Game._draw` relies on it; this checks it once on the numpy in use
    (bounds with frequent rejections included), and :meth:`Game._draw` rolls
    one throw at a time if it ever fails.
    """
    if not _BATCH_OK:
        ok = True
        for high in (6, 20, 2**31 + 1):
            one, parts = (np.random.Generator(np.random.PCG64(2024)) for _ in range(2))
            sizes = (3, 1, 5, 0, 2, 9, 4, 7, 1, 6)
            drawn: list[int] = []
            for k in sizes:
                drawn += parts.integers(high, size=k).tolist()
            ok = ok and (one.integers(high, size=sum(sizes)).tolist() == drawn
                         and one.bit_generator.state == parts.bit_generator.state)
        _BATCH_OK.append(ok)
    return _BATCH_OK[0]


class _Stream:
    """The random stream of a :class:`~furlib.core.game.Game` (a mixin: see the module docstring)."""

    def _draw(self, high: int, k: int) -> list[int]:
        """The next ``k`` whole numbers from 0 to ``high - 1`` of the game's stream: ``rng.integers(high, size=k)``.

        For games whose every draw is one of these (dice). The numbers are
        drawn in blocks of ``DRAW_AHEAD``, counted from the game's first draw,
        which gives the same numbers (see :func:`_draws_batch_exactly`) for a
        fraction of the calls. The generator itself is then at the end of the
        block in use: the same place for every game at the same point of the
        same history, whatever undo, copies or saves led there. A game that
        draws with ``_draw`` takes nothing else from the generator.
        """
        a = self._ahead
        if a is not None:
            if a[0] == high:
                values, pos = a[2], a[3]
                end = pos + k
                if end <= len(values):
                    a[3] = end
                    return values[pos:end]
                rest = values[pos:]   # the generator is at the end of this block: the next one starts there
            else:                     # another bound (no furlib game does this): blocks start afresh here
                self._sync_rng()
                rest = []
        elif high > 2**32 or not _draws_batch_exactly():
            return self._rng.integers(high, size=k).tolist()  # type: ignore[union-attr]
        else:
            rest = []
        need = k - len(rest)
        rng = self._rng
        base = rng.bit_generator.state  # type: ignore[union-attr]
        values = rng.integers(high, size=-(-need // DRAW_AHEAD) * DRAW_AHEAD).tolist()  # type: ignore[union-attr]
        self._ahead = [high, base, values, need]
        return rest + values[:need] if rest else values[:need]

    def _sync_rng(self) -> None:
        """Put the generator exactly where the game is in its stream (drop the numbers drawn ahead)."""
        a = self._ahead
        if a is not None:
            self._ahead = None
            high, base, _, pos = a
            self._rng.bit_generator.state = base  # type: ignore[union-attr]
            if pos:
                self._rng.integers(high, size=pos)  # type: ignore[union-attr]

    def _rng_position(self) -> tuple:
        """Where the game is in its stream, for a checkpoint: (generator state, high, block, numbers used).

        The state is the generator's at the start of the block drawn ahead
        (None, (), 0 for no block: the state is then exactly the game's).
        """
        a = self._ahead
        if a is None:
            return (self._rng.bit_generator.state, None, (), 0)  # type: ignore[union-attr]
        return (a[1], a[0], a[2], a[3])

    def _seek(self, position: tuple) -> None:
        """Put the stream back at ``position`` (from :meth:`_rng_position`), block drawn ahead included."""
        base, high, block, used = position
        self._rng.bit_generator.state = base  # type: ignore[union-attr]
        if block:
            self._rng.integers(high, size=len(block))  # type: ignore[union-attr]  # the same numbers (kept in `block`)
            self._ahead = [high, base, block, used]
        else:
            self._ahead = None

    def _reseed(self) -> None:
        """Start the stream again from the seed (going back to the game's start)."""
        self._rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(self.seed)))
        self._ahead = None

    def _fresh_rng(self) -> np.random.Generator | None:
        """A generator in the state of this one (and the dice drawn ahead copied with it: see ``_copy_rng``)."""
        if self._rng is None:
            return None
        rng = np.random.Generator(np.random.PCG64())
        rng.bit_generator.state = self._rng.bit_generator.state
        return rng

    def _copy_rng(self, other: "Game") -> None:
        """Give ``other`` a generator of its own, at the same point of the same stream as this game."""
        other._rng = self._fresh_rng()
        other._ahead = None if self._ahead is None else list(self._ahead)   # the dice list is never changed
