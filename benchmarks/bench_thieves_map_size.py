"""Do the Thieves bots fit the largest map the limits allow? Per-move cost on a 16 x 16 labyrinth vs the default 8 x 8.

The baseline is the same bot on furlib's default labyrinth in the same run:
the figure is the ratio (largest / default) of the CPU time per bot decision,
and the one-off cost of the board's all-pairs distances on each. The largest
map is ``furlib.thieves.generate.random_map(16, seed=3)`` (33 x 33 squares,
``MAX_MAP_SIDE``). Run::

    .venv/bin/python benchmarks/bench_thieves_map_size.py --games 3
"""

from __future__ import annotations

import argparse
import time

from furlib import Thieves
from furlib.thieves.board import Board
from furlib.thieves.bots import Greedy, Lookahead
from furlib.thieves.generate import random_map


def per_decision(board: object, bot: object, games: int) -> tuple[float, float]:
    """Mean and worst CPU seconds per decision of ``bot`` (both seats) over ``games`` seeded games."""
    total, worst, n = 0.0, 0.0, 0
    for seed in range(games):
        g = Thieves(board=board, seed=seed, max_turns=200)
        while not g.is_over:
            if g.is_chance:
                g.step()
                continue
            t = time.process_time()
            g.step(bot)
            dt = time.process_time() - t
            total, worst, n = total + dt, max(worst, dt), n + 1
    return total / n, worst


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    args = ap.parse_args()
    boards = {"default 8 x 8": Board.default(), "largest 16 x 16": Board.load(random_map(16, seed=3))}
    print("| what | default 8 x 8 | largest 16 x 16 | ratio |")
    print("|---|---|---|---|")
    cost = {}
    for name, b in boards.items():
        t = time.process_time()
        b.distances()
        cost[name] = time.process_time() - t
    d, l_ = cost.values()
    print(f"| all-pairs distances, once per board | {d * 1e3:.1f} ms | {l_ * 1e3:.1f} ms | {l_ / d:.1f}x |")
    for bot in (Greedy(), Lookahead(top=2), Lookahead()):
        rows = [per_decision(b, bot, args.games) for b in boards.values()]
        (m0, w0), (m1, w1) = rows
        print(f"| {bot!r} per decision, mean (worst) | {m0 * 1e3:.1f} ms ({w0 * 1e3:.0f} ms) | "
              f"{m1 * 1e3:.1f} ms ({w1 * 1e3:.0f} ms) | {m1 / m0:.1f}x |")


if __name__ == "__main__":
    main()
