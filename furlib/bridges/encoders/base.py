"""What every game's encoder shares: tensor layouts, the move cap, utilities, and action indices.

An encoder turns one rule set of one furlib game into numbers, the way
OpenSpiel and PettingZoo want them:

* each possible **decision** is a whole number from 0 to ``num_actions - 1``
  (a fixed enumeration, the same in every state, documented per game);
* each **chance outcome** is a whole number from 0 to ``num_chance - 1``,
  with furlib's exact probability;
* what a seat may see, its **view** (``game.view(player)``), becomes a
  fixed-size float32 vector: the *observation*, and the *information state*
  (the observation plus what the seat remembers, for the games where the
  view alone forgets something);
* the end of a game becomes one **return** per seat.

Every number of a vector lies in ``[0, 1]``: flags and one-hot pieces are 0
or 1, and a count ``c`` without a fixed largest value is written
``c / (c + u)`` with a natural unit ``u`` (the target, the dice in play),
which keeps every value of the count apart and is 0.5 at ``c = u``.

>>> layout = Layout([("seat", (2,)), ("dice", (3, 6))])
>>> layout.size, [row[:2] for row in layout.rows()]
(20, [('seat', (2,)), ('dice', (3, 6))])
>>> round(unit(50, 50), 2), unit(0, 50)
(0.5, 0.0)
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

from ...core import Game
from ...core.engine.fixed import FrozenDict
from ...core.errors import excerpt

#: A chance point's outcomes by index, ``{index: (outcome, probability)}``, and as OpenSpiel lists them.
_ChanceTable = tuple[Mapping[int, tuple[object, float]], tuple[tuple[int, float], ...]]

__all__ = ["Layout", "Encoder", "unit", "MAX_MOVES", "DEFAULT_MAX_MOVES", "FloatArray"]

FloatArray = np.ndarray[Any, np.dtype[np.float32]]

#: The largest move cap (``max_moves``): the decisions an episode may hold before it is cut off undecided.
#: 10,000 decisions and the chance outcomes between them stay within every game's ``MAX_STEPS``.
MAX_MOVES = 10_000
#: The move cap when none is given: random play finishes almost every game of Pig, Oh Furcle!, The Furglars
#: and Furry Poker well within it (their medians are 25 to 55 decisions); Thieves' random thieves wander for
#: thousands, so its episodes are often cut off there.
DEFAULT_MAX_MOVES = 1_000


def unit(count: float, scale: float) -> float:
    """``count / (count + scale)``: a count from 0 up, as a number in ``[0, 1)`` (0.5 at ``count == scale``)."""
    return count / (count + scale)


class Layout:
    """The named pieces of a flat float32 vector, in order: ``[(name, shape), ...]``."""

    def __init__(self, pieces: Sequence[tuple[str, tuple[int, ...]]]):
        names = [name for name, _ in pieces]
        if len(set(names)) != len(names):
            raise ValueError(f"a layout's pieces need different names, got {names}")
        self.pieces: tuple[tuple[str, tuple[int, ...]], ...] = tuple((n, tuple(s)) for n, s in pieces)
        self.sizes = tuple(math.prod(shape) for _, shape in self.pieces)
        self.size = sum(self.sizes)

    def zeros(self) -> FloatArray:
        """A vector of zeros of this layout's size."""
        return np.zeros(self.size, np.float32)

    def split(self, tensor: FloatArray) -> dict[str, FloatArray]:
        """Each piece of ``tensor`` by name, as a view of its shape (writing to it writes to ``tensor``)."""
        out, start = {}, 0
        for (name, shape), size in zip(self.pieces, self.sizes):
            out[name] = tensor[start:start + size].reshape(shape)
            start += size
        return out

    def rows(self) -> list[tuple[str, tuple[int, ...], int, int]]:
        """``(name, shape, start, stop)`` of each piece: where it lies in the vector."""
        rows, start = [], 0
        for (name, shape), size in zip(self.pieces, self.sizes):
            rows.append((name, shape, start, start + size))
            start += size
        return rows

    def text(self, tensor: FloatArray) -> str:
        """The non-zero entries of ``tensor``, piece by piece: ``"seat=[1] dice=[0:0.5 7:1]"`` (exact: float32
        values are written with 9 digits, which tells any two apart)."""
        parts = []
        for name, _, start, stop in self.rows():
            piece = tensor[start:stop]
            nz = np.flatnonzero(piece)
            if len(nz):
                parts.append(name + "=[" + " ".join(f"{i}" if piece[i] == 1 else f"{i}:{piece[i]:.9g}"
                                                    for i in nz) + "]")
        return " ".join(parts)


class Encoder:
    """One rule set of one game as numbers (see the module docstring). Subclasses fill in the game's part.

    Parameters
    ----------
    template : Game
        A fresh game with the rules (its players and parameters are read; it is never played).
    max_moves : int
        The move cap: an episode ends undecided (every return 0) after this many decisions.
    """

    #: The furlib game class this encoder reads.
    game_class: ClassVar[type[Game]]
    #: The short name: ``furlib_<name>`` in OpenSpiel, ``furlib_<name>_v0`` in PettingZoo.
    short_name: ClassVar[str]
    #: False for a game with hidden information (Furry Poker, High Card).
    perfect_information: ClassVar[bool] = True
    #: The bridge's limits on the number of players (within the game's own).
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 6
    #: The class of the game's chance outcomes (every other action is a decision).
    chance_type: ClassVar[type]

    def __init__(self, template: Game, max_moves: int):
        self._params: dict[str, Any] = template.params
        self._fresh = template.copy() if template.seed == 0 and template.n_steps == 0 else None
        self._chance_tables: dict[Hashable, _ChanceTable] = {}
        self.players: tuple[str, ...] = tuple(template.players)
        self.n = len(self.players)
        self.max_moves = max_moves
        self.max_game_length = min(max_moves, self.natural_length())
        self.num_actions = self.count_actions()
        self.num_chance = self.count_chance()
        common = [("seat", (self.n,)), ("to_move", (self.n,)), ("chance", (1,)), ("over", (1,)), ("moves", (1,))]
        self.observation_layout = Layout(common + self.observation_pieces())
        self.information_layout = Layout(common + self.observation_pieces() + self.memory_pieces())
        self.max_stake = self.largest_stake()
        self.max_utility = float(self.max_stake)
        self.min_utility = -self.max_stake / (self.n - 1)

    # ------------------------------------------------------------ the game's part (subclasses)
    def count_actions(self) -> int:
        """How many decision indices there are."""
        raise NotImplementedError

    def count_chance(self) -> int:
        """How many chance outcome indices there are."""
        raise NotImplementedError

    def action_index(self, action: object, game: Game) -> int:
        """The index of the decision ``action``, legal in ``game`` (or in a view of it)."""
        raise NotImplementedError

    def action_name(self, index: int) -> str:
        """A decision index in words, whatever the state."""
        raise NotImplementedError

    def chance_index(self, outcome: object, game: Game) -> int:
        """The index of the chance outcome ``outcome`` of ``game``'s chance point."""
        raise NotImplementedError

    def observation_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        """The game's pieces of the observation (after the common ones)."""
        raise NotImplementedError

    def fill_observation(self, parts: dict[str, FloatArray], view: Any, seat: int) -> None:
        """Write the game's pieces of ``view``, the view of ``seat``, into ``parts`` (zeros on entry)."""
        raise NotImplementedError

    def memory_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        """What the information state adds to the observation (nothing by default)."""
        return []

    def fill_memory(self, parts: dict[str, FloatArray], view: Any, seat: int) -> None:
        """Write the memory pieces of ``view`` (nothing by default)."""

    def natural_length(self) -> int:
        """The most decisions a game of these rules can take whatever the cap (none by default)."""
        return MAX_MOVES

    def largest_stake(self) -> int:
        """The most a game can be played for (1: a win is worth 1); Thieves' doubling raises it."""
        return 1

    def stake(self, game: Game) -> int:
        """What the finished ``game`` was played for."""
        return 1

    def history_text(self, view: Any, seat: int) -> str:
        """Extra text for the information state's string (nothing by default; see Furry Poker)."""
        return ""

    # ------------------------------------------------------------ generic
    def __deepcopy__(self, memo: dict[int, Any]) -> Encoder:
        return self          # an encoder never changes: the states of a game share it

    def __reduce__(self) -> tuple[Any, ...]:
        from . import encoder_from_key  # pickled as its key, rebuilt (once per process) from it

        return encoder_from_key, self.key

    @property
    def key(self) -> tuple[str, str, int]:
        """What rebuilds this encoder: the game's name, its parameters as JSON, the move cap."""
        return (self.game_class.__name__, json.dumps(self._params, sort_keys=True), self.max_moves)

    def new_game(self, seed: int | None = None) -> Game:
        """A new game with these rules (seeded: the same seed, the same dice and cards)."""
        if seed == 0 and self._fresh is not None:
            return self._fresh.copy()       # quicker than making one (OpenSpiel makes many fresh states)
        return self.game_class(**self._params, seed=seed)

    def seat_of(self, player: str | None) -> int:
        """The seat of a player's name."""
        return self.players.index(player)

    def legal(self, game: Game) -> dict[int, object]:
        """The decisions legal now, by index (sorted), at a decision point of ``game``."""
        return dict(sorted((self.action_index(a, game), a) for a in game.legal_actions()))

    def action(self, index: object, game: Game) -> object:
        """The legal decision of ``game`` with this index; a ValueError naming the index and the legal ones."""
        legal = self.legal(game)
        if isinstance(index, bool) or not isinstance(index, (int, np.integer)) or int(index) not in legal:
            raise ValueError(f"{excerpt(index)} is not a legal action of {self.short_name} now; the legal actions "
                             f"are {excerpt(list(legal))} ({self.num_actions} in all, 0 to {self.num_actions - 1})")
        return legal[int(index)]

    @property
    def params(self) -> dict[str, Any]:
        """The game's parameters, by keyword (players included), as its save keeps them: a new dict each time."""
        return copy.deepcopy(self._params)      # its lists (the players, the faces) are the encoder's own

    def chance_context(self, game: Game) -> Hashable | None:
        """What the chance outcomes of ``game``'s chance point depend on, when it is not the whole game (the
        number of dice rolled): they are then listed once per context. None: list them at every chance point."""
        return None

    def chances(self, game: Game) -> Mapping[int, tuple[object, float]]:
        """The chance outcomes of ``game``'s chance point by index: ``{index: (outcome, probability)}``, by index
        (read-only: it is kept for every chance point alike)."""
        return self.chance_table(game)[0]

    def chance_table(self, game: Game) -> _ChanceTable:
        """:meth:`chances`, and the same as a tuple of ``(index, probability)`` (as OpenSpiel lists them); both
        read-only, since they are kept and shared by every chance point of the same context."""
        context = self.chance_context(game)
        table = None if context is None else self._chance_tables.get(context)
        if table is None:
            outcomes = dict(sorted((self.chance_index(o, game), (o, float(p))) for o, p in game.chance_outcomes()))
            table = (FrozenDict(outcomes), tuple([(i, p) for i, (_, p) in outcomes.items()]))
            if context is not None:
                self._chance_tables[context] = table
        return table

    def returns(self, game: Game) -> list[float]:
        """Each seat's return: 0 for all while the game is on, when it ends undecided, or when everybody shares the
        win; else a zero sum: each of k winners gets ``stake * (n - k) / (k * (n - 1))`` and each loser
        ``-stake / (n - 1)`` (with 2 players: +stake and -stake)."""
        won = game.winner if game.is_over else None
        if won is None:
            return [0.0] * self.n
        winners = {self.seat_of(w) for w in ((won,) if isinstance(won, str) else won)}
        k = len(winners)
        if k == self.n:
            return [0.0] * self.n
        stake = self.stake(game)
        win, lose = stake * (self.n - k) / (k * (self.n - 1)), -stake / (self.n - 1)
        return [win if i in winners else lose for i in range(self.n)]

    def observe(self, view: Any, seat: int, moves: int, out: FloatArray | None = None, *,
                memory: bool = False) -> FloatArray:
        """The observation (or with ``memory`` the information state) of ``seat`` from its ``view``.

        ``view`` must be ``game.view(players[seat])``: nothing else is read, so nothing the seat may not see
        can reach the vector. ``moves`` is how many decisions the episode has taken (public to all).
        """
        if not view.is_view or view.viewer != self.players[seat]:
            raise ValueError(f"observe() reads a seat's view: give game.view({self.players[seat]!r}) for seat {seat}, "
                             f"not {excerpt(view)}")
        layout = self.information_layout if memory else self.observation_layout
        tensor = layout.zeros() if out is None else out
        tensor[:] = 0
        parts = layout.split(tensor)
        parts["seat"][seat] = 1
        if view.is_over:
            parts["over"][0] = 1
        elif view.is_chance:
            parts["chance"][0] = 1
        else:
            parts["to_move"][self.seat_of(view.current_player)] = 1
        parts["moves"][0] = min(moves, self.max_moves) / self.max_moves
        self.fill_observation(parts, view, seat)
        if memory:
            self.fill_memory(parts, view, seat)
        return tensor

    def text(self, view: Any, seat: int, moves: int, *, memory: bool = False) -> str:
        """The observation (or information state) as text: its non-zero entries by piece (see :meth:`Layout.text`),
        and for the information state of some games the history the seat saw."""
        layout = self.information_layout if memory else self.observation_layout
        text = layout.text(self.observe(view, seat, moves, memory=memory))
        extra = self.history_text(view, seat) if memory else ""
        return f"{text} | {extra}" if extra else text


def one_hot(piece: FloatArray, index: int | None) -> None:
    """Set ``piece[index]`` to 1 (nothing for None)."""
    if index is not None:
        piece[index] = 1
