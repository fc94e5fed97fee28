"""Speed of The Furglars: the step engine against the vectorised simulator (furlib.furglars.fast).

Both play whole games of GreedyThief against GreedyThief (the engine's
default bot) with the default rules, for 2 to 6 players. The figure that
matters is the time per game and the ratio between the two.

Run::

    .venv/bin/python benchmarks/bench_furglars.py                 # about a minute
    .venv/bin/python benchmarks/bench_furglars.py --engine-games 50 --fast-games 20000 --players 3
    .venv/bin/python benchmarks/bench_furglars.py --json furglars.json

It prints a Markdown table (for benchmarks/README.md) and, with ``--json``,
writes the same figures to a file.
"""

from __future__ import annotations

import argparse
import json
import platform
import time

import numpy as np

from furlib.furglars import Furglars
from furlib.furglars.bots import GreedyThief
from furlib.furglars.fast import simulate_games


def time_engine(players: int, games: int, x_factor: bool) -> tuple[float, float]:
    """Seconds per game and mean game length (turns before the winning cash-in) of the step engine."""
    bot = GreedyThief()
    turns = []
    t = time.perf_counter()
    for seed in range(games):
        turns.append(Furglars(players, x_factor=x_factor, seed=seed).play(bot).turn - 1)
    return (time.perf_counter() - t) / games, float(np.mean(turns))


def time_fast(players: int, games: int, x_factor: bool, repeats: int) -> tuple[float, float]:
    """Best of ``repeats`` seconds per game, and mean game length, of the vectorised simulator."""
    best, df = float("inf"), None
    for r in range(repeats):
        t = time.perf_counter()
        df = simulate_games(n=games, players=players, x_factor=x_factor, seed=r)
        best = min(best, time.perf_counter() - t)
    return best / games, float(df.turns.mean())


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine-games", type=int, default=200, help="step-engine games per player count")
    parser.add_argument("--fast-games", type=int, default=100_000, help="simulated games per player count")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5, 6])
    parser.add_argument("--repeats", type=int, default=3, help="fast runs per player count (best is kept)")
    parser.add_argument("--x-factor", action="store_true", help="play with the optional X factor")
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    rows = []
    for n in args.players:
        eng, eng_len = time_engine(n, args.engine_games, args.x_factor)
        fast, fast_len = time_fast(n, args.fast_games, args.x_factor, args.repeats)
        rows.append({"players": n, "engine_ms_per_game": 1e3 * eng, "fast_us_per_game": 1e6 * fast,
                     "speedup": eng / fast, "engine_games": args.engine_games, "fast_games": args.fast_games,
                     "engine_mean_turns": eng_len, "fast_mean_turns": fast_len})
    print(f"The Furglars, GreedyThief x all seats{', X factor' if args.x_factor else ''} "
          f"(Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()})\n")
    print("| players | step engine (ms/game) | fast (µs/game) | speed-up | mean turns (engine / fast) |")
    print("|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['players']} | {r['engine_ms_per_game']:.2f} | {r['fast_us_per_game']:.1f} | "
              f"{r['speedup']:.0f}x | {r['engine_mean_turns']:.1f} / {r['fast_mean_turns']:.1f} |")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"python": platform.python_version(), "numpy": np.__version__, "x_factor": args.x_factor,
                       "rows": rows}, f, indent=2)
    return rows


if __name__ == "__main__":
    main()
