"""Sweeps on two cores, and tournament()'s own bookkeeping (a plain script, no pytest).

Run from the repository root (``pip install -e '.[scale]'`` first)::

    python benchmarks/bench_sweep.py                  # both parts
    python benchmarks/bench_sweep.py --part speedup   # jobs=2 against jobs=1
    python benchmarks/bench_sweep.py --part bookkeeping

**speedup**: a step-API-bound sweep (Thieves, Greedy against RandomBot, two
cells of the ``doubling`` rule) played with ``jobs=1`` and then ``jobs=2``,
``--pairs`` times in turn in the same run; each pair gives the ratio of
their wall times (jobs=1 over jobs=2: above 1 is faster on two cores). The
workers are started once before the first pair (joblib keeps them), and
that cold start is printed apart. Every run returns the same table (checked).
Beside the wall times it gives the CPU seconds of jobs=1 and of each of
jobs=2's workers (psutil): on a machine whose other programs take CPU time,
jobs=1's CPU over the busier worker's CPU is the ratio two free cores would
give (the work is split evenly and no CPU time is added), which the wall
times can then hide.

**bookkeeping**: a 100,000-game Oh Furcle! tournament on the vectorised fast
path (SatisfiedAt(20) against SatisfiedAt(30), seats rotated): the CPU time of
``tournament()``, and inside that same call the CPU time of the fast hook
(Furcle's ``fast_tournament``, timed by a wrapper); the rest is the
tournament's own work (plans, counting, tables), given as its share of the
whole. Median and range over ``--repeat`` runs, for the tournament of
``--before`` (a git revision, read with ``git show``) and for today's.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from furlib import Furcle, RandomBot, Thieves, sweep, tournament  # noqa: E402 - after the sys.path line: runs from a checkout
from furlib.furcle.bots import SatisfiedAt  # noqa: E402 - after the sys.path line: runs from a checkout
from furlib.furcle.fast import fast_tournament  # noqa: E402 - after the sys.path line: runs from a checkout
from furlib.thieves.bots import Greedy  # noqa: E402 - after the sys.path line: runs from a checkout


def wall(fn):
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def cpu(fn):
    """(result, CPU seconds of this process): other programs on a busy machine do not inflate it."""
    start = time.process_time()
    out = fn()
    return out, time.process_time() - start


def worker_cpu():
    """CPU seconds used so far by each child process of this one (joblib's workers), by pid."""
    import psutil

    out = {}
    for child in psutil.Process().children(recursive=True):
        try:
            times = child.cpu_times()
        except psutil.NoSuchProcess:
            continue
        out[child.pid] = times.user + times.system
    return out


def speedup(pairs: int, games: int) -> None:
    args = (Thieves, {"doubling": [False, True]}, [Greedy(), RandomBot(seed=1)], games)
    _, cold = wall(lambda: sweep(*args[:3], 2, seed=0, jobs=2, progress=False))
    print(f"cold start of 2 workers (a 4-game sweep): {cold:.2f} s")
    ratios, ones, twos, first, busiest = [], [], [], None, []
    for _ in range(pairs):
        c1 = time.process_time()
        a, t1 = wall(lambda: sweep(*args, seed=7, jobs=1, progress=False))
        c1 = time.process_time() - c1
        before = worker_cpu()
        b, t2 = wall(lambda: sweep(*args, seed=7, jobs=2, progress=False))
        after = worker_cpu()
        used = sorted((after[k] - before.get(k, 0.0) for k in after), reverse=True)[:2]
        assert a.equals(b), "jobs=1 and jobs=2 gave different tables"
        first = a if first is None else first
        assert a.equals(first)
        ones.append(t1)
        twos.append(t2)
        ratios.append(t1 / t2)
        busiest.append(c1 / max(used))
        print(f"  jobs=1 {t1:6.2f} s (CPU {c1:5.2f} s)   jobs=2 {t2:6.2f} s (workers' CPU "
              f"{' + '.join(f'{u:.2f}' for u in used)} s)   ratio {t1 / t2:.2f}")
    print(f"Thieves Greedy vs RandomBot, 2 cells x {games} games, {pairs} pairs: jobs=1 over jobs=2 wall time "
          f"median {statistics.median(ratios):.2f} (range {min(ratios):.2f} to {max(ratios):.2f}); "
          f"jobs=1 median {statistics.median(ones):.1f} s, jobs=2 median {statistics.median(twos):.1f} s; "
          f"jobs=1's CPU over the busier worker's CPU median {statistics.median(busiest):.2f} "
          f"(range {min(busiest):.2f} to {max(busiest):.2f}): the ratio two free cores would give")


def tournament_at(rev: str):
    """``tournament()`` as it was at git revision ``rev`` (read with ``git show``), loaded beside today's."""
    import importlib.util
    import subprocess

    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:furlib/core/sim/tournament.py"], check=True,
                            capture_output=True, text=True).stdout
    spec = importlib.util.spec_from_loader("furlib.core._tournament_at_rev", loader=None)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "furlib.core"
    exec(compile(source, f"{rev}:furlib/core/sim/tournament.py", "exec"), module.__dict__)
    return module.tournament


def bookkeeping(repeat: int, games: int, before: str) -> None:
    """The share of a fast tournament's CPU time spent outside the fast hook, timed inside the same call."""
    spent = []

    def timed_hook(*args, **kwargs):
        start = time.process_time()
        out = fast_tournament(*args, **kwargs)
        spent.append(time.process_time() - start)
        return out

    timed = type("Furcle", (Furcle,), {"_fast_tournament": staticmethod(timed_hook)})
    bots = [SatisfiedAt(20), SatisfiedAt(30)]
    for label, play in ((f"before ({before})", tournament_at(before)), ("now", tournament)):
        shares, totals = [], []
        for _ in range(repeat):
            spent.clear()
            df, total = cpu(lambda play=play: play(timed, bots, games, seed=3, progress=False, fast=True))
            assert df.attrs["fast"] and df.games.tolist() == [games, games]
            totals.append(total)
            shares.append((total - sum(spent)) / total)
        print(f"Oh Furcle! tournament, {games:,} games on the fast path, {label}, {repeat} runs: CPU median "
              f"{statistics.median(totals):.3f} s; bookkeeping (outside the fast hook) median "
              f"{statistics.median(shares):.1%} (range {min(shares):.1%} to {max(shares):.1%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=["speedup", "bookkeeping", "both"], default="both")
    parser.add_argument("--pairs", type=int, default=5, help="jobs=1/jobs=2 pairs (speedup)")
    parser.add_argument("--games", type=int, default=100, help="games per cell (speedup)")
    parser.add_argument("--repeat", type=int, default=7, help="runs (bookkeeping)")
    parser.add_argument("--before", default="8efdf8d^", help="git revision of the tournament to compare "
                        "(bookkeeping; default: the last before issue 21)")
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")
    if args.part in ("bookkeeping", "both"):
        bookkeeping(args.repeat, 100_000, args.before)
    if args.part in ("speedup", "both"):
        speedup(args.pairs, args.games)


if __name__ == "__main__":
    main()
