"""Speed of The Furglars: the step engine against the vectorised simulator (furlib.furglars.fast).

Both play whole games of GreedyThief in every seat (the engine's default
bot) with the default rules, for 2 to 6 players. The figures are the time
per game of each and their ratio. CPU time is the fair figure on a shared
machine (other processes do not inflate it); wall time is given beside it.
Each figure is the best of ``--repeat`` runs.

Run::

    .venv/bin/python benchmarks/bench_furglars.py                 # about two minutes
    .venv/bin/python benchmarks/bench_furglars.py --engine-games 50 --fast-games 20000 --players 3
    .venv/bin/python benchmarks/bench_furglars.py --json furglars.json

It prints a Markdown table (for benchmarks/README.md) and, with ``--json``,
writes the same figures to a file.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
import tracemalloc

import numpy as np

from furlib.furglars import Furglars
from furlib.furglars.bots import GreedyThief
from furlib.furglars.fast import simulate_games


def best_of(repeat: int, run) -> tuple[float, float, object]:
    """Best CPU seconds, best wall seconds and the last result of ``run()``."""
    cpu = wall = float("inf")
    out = None
    for r in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        out = run(r)
        cpu, wall = min(cpu, time.process_time() - c), min(wall, time.perf_counter() - w)
    return cpu, wall, out


def engine_run(players: int, games: int, x_factor: bool):
    bot = GreedyThief()

    def run(r: int) -> list[int]:
        # game lengths as simulate_games counts them: turns before the winning cash-in
        return [Furglars(players, x_factor=x_factor, seed=r * games + s).play(bot).turn - 1 for s in range(games)]
    return run


def fast_run(players: int, games: int, x_factor: bool):
    def run(r: int) -> list[int]:
        return simulate_games(n=games, players=players, x_factor=x_factor, seed=r).turns.tolist()
    return run


def peak_memory(players: int, games: int) -> float:
    """Peak MiB traced by tracemalloc while simulating ``games`` games."""
    tracemalloc.start()
    simulate_games(n=games, players=players, seed=0)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine-games", type=int, default=200, help="step-engine games per run")
    parser.add_argument("--fast-games", type=int, default=100_000, help="simulated games per run")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5, 6])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (the best is kept)")
    parser.add_argument("--x-factor", action="store_true", help="play with the optional X factor")
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    rows = []
    for n in args.players:
        e_cpu, e_wall, e_len = best_of(args.repeat, engine_run(n, args.engine_games, args.x_factor))
        f_cpu, f_wall, f_len = best_of(args.repeat, fast_run(n, args.fast_games, args.x_factor))
        rows.append({"players": n, "engine_games": args.engine_games, "fast_games": args.fast_games,
                     "engine_ms_cpu": 1e3 * e_cpu / args.engine_games,
                     "engine_ms_wall": 1e3 * e_wall / args.engine_games,
                     "fast_us_cpu": 1e6 * f_cpu / args.fast_games, "fast_us_wall": 1e6 * f_wall / args.fast_games,
                     "speedup_cpu": (e_cpu / args.engine_games) / (f_cpu / args.fast_games),
                     "speedup_wall": (e_wall / args.engine_games) / (f_wall / args.fast_games),
                     "engine_mean_turns": float(np.mean(e_len)), "fast_mean_turns": float(np.mean(f_len))})
    memory = peak_memory(3, args.fast_games)
    print(f"The Furglars, GreedyThief in every seat{', X factor' if args.x_factor else ''}. "
          f"CPython {platform.python_version()}, numpy {np.__version__}, {platform.machine()}, "
          f"{os.cpu_count()} cores (one used), {time.strftime('%Y-%m-%d')}; best of {args.repeat} runs of "
          f"{args.engine_games} engine games and {args.fast_games:,} simulated games.\n")
    print("| players | step engine, ms/game (CPU / wall) | simulator, µs/game (CPU / wall) "
          "| simulator / engine (CPU / wall) | mean turns (engine / simulator) |")
    print("|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['players']} | {r['engine_ms_cpu']:.2f} / {r['engine_ms_wall']:.2f} | "
              f"{r['fast_us_cpu']:.1f} / {r['fast_us_wall']:.1f} | "
              f"**{r['speedup_cpu']:,.0f}x** / {r['speedup_wall']:,.0f}x | "
              f"{r['engine_mean_turns']:.1f} / {r['fast_mean_turns']:.1f} |")
    print(f"\nPeak memory, simulate_games({args.fast_games:,}), 3 players: {memory:.0f} MiB")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"python": platform.python_version(), "numpy": np.__version__, "x_factor": args.x_factor,
                       "peak_memory_mib": memory, "rows": rows}, f, indent=2)
    return rows


if __name__ == "__main__":
    main()
