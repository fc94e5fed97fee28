"""One block of a sweep's games: the unit of work a process or a dask worker runs.

A block is plain data (the game class, its rules, the bots, how many games
and where its seeds come from), so any engine can ship it to a worker. Its
games draw their randomness only from ``SeedSequence(entropy,
spawn_key=(cell, block))``: a block gives the same result in any process, in
any order, so a sweep's result does not depend on how many workers ran it.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

__all__ = ["Block", "BlockResult", "run_block", "fast_simulator"]

#: The keywords of a fast simulator that are not rules (``simulate_games(policies, n, *, seed, max_turns, ...)``).
_NOT_RULES = frozenset({"policies", "n", "seed", "max_turns"})


@dataclass(frozen=True)
class Block:
    """Games ``index * size`` onwards of one grid cell (``size`` fixed by the sweep, never by the workers)."""

    cell: int
    index: int
    games: int
    game: type
    rules: dict[str, Any]
    bots: tuple[Any, ...]
    simulator: Callable[..., Any] | None      # the game's vectorised simulate_games, or None: the step API
    entropy: int
    pass_players: bool = field(default=False)  # the simulator takes ``players`` (else it plays 2 seats)

    def seed_sequence(self) -> np.random.SeedSequence:
        """The block's own seed sequence: the sweep's entropy, spawned at ``(cell, block)``."""
        return np.random.SeedSequence(self.entropy, spawn_key=(self.cell, self.index))


@dataclass(frozen=True)
class BlockResult:
    """Counts of one block, per seat: sole wins, shared wins, the sum of final scores; the sum of game lengths."""

    cell: int
    index: int
    games: int
    wins: tuple[int, ...]
    shared: tuple[int, ...]
    scores: tuple[int, ...] | None
    turns: int


def run_block(block: Block) -> BlockResult:
    """Play a block: on the game's vectorised simulator if it has one for these bots and rules, else step by step.

    The bots are copied first, so a bot that keeps something between games
    starts every block the same way, whichever worker plays it.
    """
    bots = copy.deepcopy(block.bots)
    if block.simulator is not None:
        return _run_fast(block, bots)
    return _run_steps(block, bots)


def _run_steps(block: Block, bots: tuple[Any, ...]) -> BlockResult:
    seats = len(bots)
    wins, shared, scores = [0] * seats, [0] * seats, [0] * seats
    turns = 0
    keeps_scores = True
    for s in block.seed_sequence().generate_state(block.games, np.uint64):
        g = block.game(players=seats, seed=int(s), **block.rules)
        g.play(*bots)
        w = g.winner
        won = w if isinstance(w, tuple) else (w,) if w is not None else ()
        for name in won:
            seat = g.players.index(name)
            if len(won) == 1:
                wins[seat] += 1
            else:
                shared[seat] += 1
        final = g.scores
        keeps_scores = bool(final)
        if keeps_scores:
            for seat, name in enumerate(g.players):
                scores[seat] += int(final[name])
        turns += g.turn
    return BlockResult(block.cell, block.index, block.games, tuple(wins), tuple(shared),
                       tuple(scores) if keeps_scores else None, turns)


def _run_fast(block: Block, bots: tuple[Any, ...]) -> BlockResult:
    seats = len(bots)
    state = block.seed_sequence().generate_state(4, np.uint32)
    seed = int.from_bytes(state.astype("<u4").tobytes(), "little")    # 128 bits of the block's sequence
    rules = dict(block.rules, players=seats) if block.pass_players else dict(block.rules)
    assert block.simulator is not None
    df = block.simulator(list(bots), block.games, seed=seed, **rules)
    winner = df["winner"].to_numpy(np.int64)
    wins = np.bincount(winner[winner >= 0], minlength=seats)
    scores = None
    if all(f"score_{i}" in df for i in range(seats)):
        scores = tuple(int(df[f"score_{i}"].to_numpy(np.int64).sum()) for i in range(seats))
    # the simulators count the turns played before the winning one ends the game: the engine's game.turn - 1
    turns = int(df["turns"].to_numpy(np.int64).sum()) + block.games
    return BlockResult(block.cell, block.index, block.games, tuple(int(x) for x in wins), (0,) * seats, scores,
                       turns)


def fast_simulator(info: Any, bots: Sequence[Any], rules: dict[str, Any]) -> tuple[Callable[..., Any], bool] | None:
    """The game's vectorised ``simulate_games`` for these bots and rules, and whether it takes ``players``; or None.

    It is the ``simulate_games`` of the module of the game's registered fast
    hook (``GameInfo.fast``), used when that module's ``supports`` accepts
    every bot and the simulator takes every rule keyword (and ``players``,
    unless there are 2 bots: a simulator without it plays 2-player games).
    """
    if info.fast is None:
        return None
    module = info.fast.partition(":")[0]
    try:
        simulate = info.load(f"{module}:simulate_games")
        supports = info.load(f"{module}:supports")
    except AttributeError:
        return None
    if not all(supports(b) for b in bots):
        return None
    params = set(inspect.signature(simulate).parameters) - _NOT_RULES
    takes_players = "players" in params
    if not takes_players and len(bots) != 2:
        return None
    if set(rules) - params:
        return None
    return simulate, takes_players
