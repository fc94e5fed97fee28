"""The step API now against the step API at an older commit (default ``e9b4e4d``, before issue 32's rebuilt core),
paired in one run: is the speed kept?

``bench_step_api.py`` weighs the step API against plain loops; this weighs it against itself before the rebuild,
game for game. The script unpacks the old commit's ``furlib`` into a temporary folder (``git archive <commit>
furlib | tar -x``), then in each of ``--rounds`` rounds runs itself as a worker twice, in subprocesses: once
with ``PYTHONPATH`` at the old code and once at this checkout's (which goes first alternates from round to
round). A worker plays the same seeded games through the public API only (``Game(2, seed=s).play(bot, bot)``):

* Oh Furcle!, 2 players, ``SatisfiedAt(20)`` in both seats;
* The Furglars, 2 players, ``GreedyThief`` in both seats;
* High Card, 2 players, ``HighestCard`` in both seats (a view per decision);

and gives its games per CPU second (the best of ``--best`` runs of ``--games`` games, after one untimed run) and
a sha256 of the games' saves (``to_json``): the script stops if the two sides did not play the very same games.
The figure is the ratio new / old of games per CPU second in each round, median and range over the rounds.

Run::

    .venv/bin/python benchmarks/bench_step_vs_commit.py              # 7 rounds, about two minutes
    .venv/bin/python benchmarks/bench_step_vs_commit.py --rounds 11 --old e9b4e4d
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _worker(games: int, best: int) -> None:
    from furlib import Furcle, Furglars
    from furlib.furcle.bots import SatisfiedAt
    from furlib.furglars.bots import GreedyThief
    from furlib.highcard import HighCard
    from furlib.highcard.bots import HighestCard

    out = {}
    for name, cls, bot, n in (("Oh Furcle!", Furcle, SatisfiedAt(20), games),
                              ("The Furglars", Furglars, GreedyThief(), games),
                              ("High Card", HighCard, HighestCard(), 10 * games)):
        saves = hashlib.sha256()
        for s in range(n):                      # untimed: imports, rule sets and caches, and the games' saves
            saves.update(cls(2, seed=s).play(bot, bot).to_json().encode())
        rates = []
        for _ in range(best):
            t = time.process_time()
            for s in range(n):
                cls(2, seed=s).play(bot, bot)
            rates.append(n / (time.process_time() - t))
        out[name] = {"rate": max(rates), "saves": saves.hexdigest()}
    print(json.dumps(out))


def _run(path: str, games: int, best: int) -> dict[str, dict[str, object]]:
    env = {**os.environ, "PYTHONPATH": path}
    done = subprocess.run([sys.executable, __file__, "--worker", "--games", str(games), "--best", str(best)],
                          env=env, capture_output=True, text=True, check=True)
    result: dict[str, dict[str, object]] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", default="e9b4e4d", help="the commit to weigh against (default e9b4e4d)")
    ap.add_argument("--rounds", type=int, default=7, help="rounds of one old and one new worker (default 7)")
    ap.add_argument("--games", type=int, default=300, help="games per timed run (High Card: 10x; default 300)")
    ap.add_argument("--best", type=int, default=3, help="timed runs per worker; the best counts (default 3)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        _worker(args.games, args.best)
        return
    with tempfile.TemporaryDirectory() as old:
        archive = subprocess.run(["git", "archive", args.old, "furlib"], cwd=ROOT, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", old], input=archive.stdout, check=True)
        ratios: dict[str, list[float]] = {}
        rates: dict[str, tuple[list[float], list[float]]] = {}
        for r in range(args.rounds):
            sides = [("old", old), ("new", str(ROOT))]
            got = {side: _run(path, args.games, args.best) for side, path in (sides if r % 2 == 0 else sides[::-1])}
            for name in got["new"]:
                if got["new"][name]["saves"] != got["old"][name]["saves"]:
                    sys.exit(f"{name}: the two sides played different games (their saves differ)")
                new_rate, old_rate = float(got["new"][name]["rate"]), float(got["old"][name]["rate"])  # type: ignore[arg-type]
                ratios.setdefault(name, []).append(new_rate / old_rate)
                rates.setdefault(name, ([], []))[0].append(new_rate)
                rates[name][1].append(old_rate)
    print(f"Old: {args.old}; new: {ROOT}; {args.rounds} rounds of {args.games} games (High Card {10 * args.games}), "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {os.getloadavg()[0]:.2f}.\n")
    print("| game and bots (2 players) | new, games/s (median) | old, games/s (median) | new / old, median of rounds "
          "(range) |")
    print("|---|---|---|---|")
    for name, rs in ratios.items():
        rs.sort()
        print(f"| {name} | {statistics.median(rates[name][0]):,.0f} | {statistics.median(rates[name][1]):,.0f} | "
              f"**{statistics.median(rs):.2f}** ({rs[0]:.2f} to {rs[-1]:.2f}) |")


if __name__ == "__main__":
    main()
