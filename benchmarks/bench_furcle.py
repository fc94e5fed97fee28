"""Speed and memory of the Oh Furcle! analysis core (a plain script, no pytest).

Run from the repository root::

    python benchmarks/bench_furcle.py            # print the table
    python benchmarks/bench_furcle.py --write    # and put it into benchmarks/README.md

Every figure is the best of ``--repeat`` runs (default 3). Rates are given per
CPU second of this process (``time.process_time``), which other programs on a
busy machine do not inflate, and per wall-clock second. Peak memory is the
peak of memory traced by ``tracemalloc`` (numpy reports its arrays to it)
during a separate, untimed run.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from furlib.furcle import Furcle  # noqa: E402 - after the sys.path line: runs from a checkout
from furlib.furcle.bots import SatisfiedAt  # noqa: E402 - after the sys.path line: runs from a checkout
from furlib.furcle.fast import simulate_games, simulate_turns  # noqa: E402 - after the sys.path line: runs from a checkout
from furlib.furcle.solver import solve  # noqa: E402 - after the sys.path line: runs from a checkout
from furlib.furcle.turn import optimal_turn_policy  # noqa: E402 - after the sys.path line: runs from a checkout

README = Path(__file__).resolve().parent / "README.md"
START, END = "<!-- bench:start -->", "<!-- bench:end -->"


def best_of(repeat, fn):
    """(result, best wall seconds, best CPU seconds) over ``repeat`` calls."""
    walls, cpus, out = [], [], None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        out = fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return out, min(walls), min(cpus)


def peak_mib(fn):
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1] / 2 ** 20
    finally:
        tracemalloc.stop()


def step_api_turns(policy, n_turns, seed=0):
    """``n_turns`` turns of a 1-player game played with ``game.step(policy)``."""
    g = Furcle(players=1, target=10 ** 9, seed=seed)
    done = 0
    while done < n_turns:
        turn = g.turn
        while g.turn == turn:
            g.step(policy)
        done += 1
    return done


def step_api_games(policies, n_games, target=50):
    for s in range(n_games):
        Furcle(players=["A", "B"], target=target, seed=s).play(*policies)
    return n_games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="write the table into benchmarks/README.md")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--turns", type=int, default=4_000_000, help="turns for the vectorised runs")
    ap.add_argument("--step-turns", type=int, default=20_000, help="turns for the step-API runs")
    args = ap.parse_args()
    r = args.repeat
    rows = []

    def rate(n, wall, cpu):
        return n / cpu, n / wall

    # solve first (its time is a headline figure), then reuse it
    sol, sw, sc = best_of(r, lambda: solve(target=50, cache=False))
    rows.append(("solve(target=50), no cache", f"{sc:.2f} s CPU", f"{sw:.2f} s wall", ""))
    with tempfile.TemporaryDirectory() as tmp:
        solve(target=50, cache=tmp)
        _, lw, lc = best_of(r, lambda: solve(target=50, cache=tmp))
    rows.append(("solve(target=50), from the disk cache", f"{lc * 1e3:.1f} ms CPU", f"{lw * 1e3:.1f} ms wall", ""))
    _, tw, tc = best_of(1, sol.tables)
    rows.append(("bot tables rebuilt from the solution (once)", f"{tc:.2f} s CPU", f"{tw:.2f} s wall", ""))

    opt = optimal_turn_policy()
    for name, policy in (("SatisfiedAt(20)", SatisfiedAt(20)), ("optimal turn policy", opt)):
        _, fw, fc = best_of(r, lambda policy=policy: simulate_turns(policy, args.turns, seed=1))
        _, pw, pc = best_of(r, lambda policy=policy: step_api_turns(policy, args.step_turns))
        fast_cpu, fast_wall = rate(args.turns, fw, fc)
        step_cpu, step_wall = rate(args.step_turns, pw, pc)
        rows.append((f"turns/s, {name}, vectorised", f"{fast_cpu / 1e6:.1f} M/s CPU",
                     f"{fast_wall / 1e6:.1f} M/s wall", ""))
        rows.append((f"turns/s, {name}, step API", f"{step_cpu / 1e3:.1f} k/s CPU",
                     f"{step_wall / 1e3:.1f} k/s wall",
                     f"vectorised / step = **{fast_cpu / step_cpu:,.0f}x** (CPU), "
                     f"{fast_wall / step_wall:,.0f}x (wall)"))

    n_games, n_step_games = 1_000_000, 1_000
    for name, pols in (("SatisfiedAt(20) vs SatisfiedAt(20)", [SatisfiedAt(20)] * 2),
                       ("solver bot vs solver bot", [sol.bot] * 2)):
        _, gw, gc = best_of(r, lambda pols=pols: simulate_games(pols, n_games, seed=2))
        _, sw2, sc2 = best_of(1, lambda pols=pols: step_api_games(pols, n_step_games))
        g_cpu, g_wall = rate(n_games, gw, gc)
        s_cpu, s_wall = rate(n_step_games, sw2, sc2)
        rows.append((f"2-player games/s, {name}, vectorised", f"{g_cpu / 1e3:.0f} k/s CPU",
                     f"{g_wall / 1e3:.0f} k/s wall", ""))
        rows.append((f"2-player games/s, {name}, step API", f"{s_cpu:.0f} /s CPU", f"{s_wall:.0f} /s wall",
                     f"vectorised / step = **{g_cpu / s_cpu:,.0f}x** (CPU)"))

    rows.append(("peak memory, solve(target=50)", f"{peak_mib(lambda: solve(target=50, cache=False)):.0f} MiB", "", ""))
    rows.append(("peak memory, bot tables", f"{peak_mib(lambda: solve(target=50, cache=False).tables()):.0f} MiB",
                 "", ""))
    rows.append((f"peak memory, simulate_turns({args.turns:,})",
                 f"{peak_mib(lambda: simulate_turns(opt, args.turns, seed=1)):.0f} MiB", "", ""))
    rows.append(("peak memory, simulate_games(1,000,000), SatisfiedAt(20)",
                 f"{peak_mib(lambda: simulate_games(SatisfiedAt(20), 1_000_000, seed=2)):.0f} MiB", "", ""))

    facts = [f"first player's chance to win under optimal play (target 50): {sol.first_player_win:.10f}",
             f"expected points of an optimal turn: {opt.value:.10f}"]
    machine = (f"{platform.python_implementation()} {platform.python_version()}, numpy {np.__version__}, "
               f"{platform.machine()}, {os.cpu_count()} cores (one used), {time.strftime('%Y-%m-%d')}")
    table = ["| what | CPU time | wall time | ratio |", "|---|---|---|---|"]
    table += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    text = "\n".join([f"Machine: {machine}.", "", *table, "", *[f"- {f}" for f in facts]])
    print(text)
    if args.write:
        doc = README.read_text()
        block = f"{START}\n{text}\n{END}"
        README.write_text(re.sub(re.escape(START) + ".*?" + re.escape(END), lambda m: block, doc, flags=re.S))
        print(f"\nwritten to {README}")


if __name__ == "__main__":
    main()
