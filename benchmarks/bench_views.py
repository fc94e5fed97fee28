"""``view()`` now against ``view()`` at commit e9b4e4d, paired in one run (issue 32: at least twice as fast).

At commit ``e9b4e4d`` a view was a ``Game`` built with ``object.__new__`` (a copy of the game's attributes,
its state copied and redacted); now it is a read-only ``View`` value. This script unpacks that commit's
``furlib`` into a temporary folder (``git archive e9b4e4d furlib | tar -x``), then in each of ``--rounds``
rounds runs itself as a worker twice, in subprocesses: once with ``PYTHONPATH`` at the old code and once
with this checkout's (which goes first alternates from round to round). A worker plays the same seeded
games through the public API only (``game.step(bot)``, ``game.view(p)``; the module paths differ between
the two versions, the public names do not):

* High Card, 2 players, ``HighestCard`` in both seats (seeds ``0 .. --highcard-games - 1``);
* Furry Poker, 3 players, ``Greedy`` in every seat (seeds ``0 .. --poker-games - 1``);

and at every position (the start, then after every action) times ``game.view(p)`` for every player and for
a spectator (``p = None``) with ``time.process_time``: only the views are timed, not the play. The games are
played ``--batch`` at a time (default 100), in step with each other, and the views of every game of the batch
at one position are timed together, by one pair of clock calls. It reports views per CPU second for each game.
Both versions must play the very same games: each worker also gives the number of views and a sha256 of the
games' saves (``to_json``), and the script stops if they differ.

The figure is the ratio new / old of views per CPU second in each round, median and range over the rounds
(and each side's median rate). ``--batch 1`` (one game at a time, one pair of clock calls around each
position's views: the timing of this script before commit ``c00f8d0``) and the default batch measure
different things. With ``--batch 1`` each position's views are timed right after a step of their game, as a
policy's view is made in play, and the timer's own cost (about 0.3 us a view, both sides) is in the figure;
with a batch the views of many games run back to back, warm, and the timer's cost is about 0.02 us a view.
Both lower the ratio towards 1 only through costs both sides pay alike; benchmarks/README.md gives both.
The worker reports its estimate of the timer's cost a view (the last line printed: the new side's).

Run::

    .venv/bin/python benchmarks/bench_views.py                  # 7 rounds, about a minute
    .venv/bin/python benchmarks/bench_views.py --batch 1        # the timer around each position's views
    .venv/bin/python benchmarks/bench_views.py --rounds 11 --new-path /tmp/furlib-head

``--new-path`` measures another unpacked furlib instead of this checkout's (e.g. a commit, unpacked with
``git archive <commit> furlib | tar -x -C DIR``).
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

OLD_COMMIT = "e9b4e4d"
ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------------------------------------- the worker
def _time_views(make, bot, seeds: range, batch: int) -> dict[str, object]:
    """Play the games of ``make(seed)`` with ``bot`` in every seat, ``batch`` games at a time in step with each
    other; time every viewer's view of every game of the batch at each position, with one pair of clock calls
    around them all (``batch`` 1: one pair per position of one game)."""
    clock = time.process_time
    cpu = 0.0
    views = 0
    pairs = 0
    games = []
    for start in range(seeds.start, seeds.stop, batch):
        group = [(g, [*g.players, None]) for g in map(make, range(start, min(start + batch, seeds.stop)))]
        games += [g for g, _ in group]
        while group:
            t = clock()
            for game, viewers in group:
                for p in viewers:
                    game.view(p)
            cpu += clock() - t
            pairs += 1
            views += sum(len(viewers) for _, viewers in group)
            group = [(g, v) for g, v in group if not g.is_over]
            for game, _ in group:
                game.step(bot)
    saves = hashlib.sha256()
    for game in games:
        saves.update(game.to_json().encode())
    # the timer's own cost: the same pair of calls around nothing
    t0 = clock()
    for _ in range(10_000):
        t = clock()
        cpu_empty = clock() - t
    overhead = (clock() - t0) / 10_000
    del cpu_empty
    return {"views": views, "cpu": cpu, "rate": views / cpu, "saves": saves.hexdigest()[:16],
            "timer_per_view_us": overhead * pairs / views * 1e6}


def worker(highcard_games: int, poker_games: int, batch: int) -> None:
    """Print one JSON line: for each game, views, CPU seconds, views per CPU second and the saves' digest."""
    import furlib
    from furlib import FurryPoker
    from furlib.highcard import HighCard
    from furlib.highcard.bots import HighestCard
    from furlib.poker.bots import Greedy

    # warm-up (imports, caches), not counted: other seeds
    _time_views(lambda s: HighCard(2, seed=s), HighestCard(), range(10_000, 10_020), batch)
    _time_views(lambda s: FurryPoker(3, seed=s), Greedy(), range(10_000, 10_002), batch)
    out = {
        "furlib": os.path.dirname(furlib.__file__),
        "High Card": _time_views(lambda s: HighCard(2, seed=s), HighestCard(), range(highcard_games), batch),
        "Furry Poker": _time_views(lambda s: FurryPoker(3, seed=s), Greedy(), range(poker_games), batch),
    }
    print(json.dumps(out))


# ---------------------------------------------------------------------------------------------- the driver
def run_worker(path: Path, args: argparse.Namespace) -> dict[str, dict[str, float]]:
    env = dict(os.environ, PYTHONPATH=str(path))
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--highcard-games", str(args.highcard_games),
           "--poker-games", str(args.poker_games), "--batch", str(args.batch)]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=tempfile.gettempdir(), check=False)
    if done.returncode:
        raise SystemExit(f"the worker for {path} failed:\n{done.stderr}")
    result: dict[str, dict[str, float]] = json.loads(done.stdout.strip().splitlines()[-1])
    got = Path(str(result.pop("furlib"))).resolve()
    if got != (path / "furlib").resolve():
        raise SystemExit(f"the worker imported furlib from {got}, not from {path}")
    return result


def unpack(commit: str, into: str) -> Path:
    """``furlib`` of ``commit`` unpacked into ``into`` (``git archive``: the checkout is not touched)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "furlib"], capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", into], input=archive, check=True)
    return Path(into)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=7, help="rounds of old and new (which goes first alternates)")
    ap.add_argument("--highcard-games", type=int, default=1000, help="seeded High Card games a worker plays")
    ap.add_argument("--poker-games", type=int, default=20, help="seeded Furry Poker games a worker plays")
    ap.add_argument("--batch", type=int, default=100,
                    help="games played in step, their views timed together (1: one game, a timer pair a position)")
    ap.add_argument("--new-path", type=Path, default=ROOT,
                    help="the folder holding the new furlib (default: this checkout)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.highcard_games, args.poker_games, args.batch)
        return
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True, check=True).stdout.strip()
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, CPython {sys.version.split()[0]}, "
          f"{os.cpu_count()} cores, load average at the start {os.getloadavg()[0]:.2f}; old: commit {OLD_COMMIT}; "
          f"new: {args.new_path} (checkout at {head}); {args.rounds} rounds, {args.highcard_games} High Card "
          f"games (2 players) and {args.poker_games} Furry Poker games (3 players) a worker, {args.batch} "
          "at a time.\n")
    with tempfile.TemporaryDirectory(prefix="furlib-e9b4e4d-") as tmp:
        old_path = unpack(OLD_COMMIT, tmp)
        rates: dict[str, dict[str, list[float]]] = {}
        ratios: dict[str, list[float]] = {}
        for r in range(args.rounds):
            sides = [("old", old_path), ("new", args.new_path)]
            if r % 2:
                sides.reverse()
            got = {name: run_worker(path, args) for name, path in sides}
            for game, old in got["old"].items():
                new = got["new"][game]
                if (old["views"], old["saves"]) != (new["views"], new["saves"]):
                    raise SystemExit(f"{game}: the two versions did not play the same games: old {old}, new {new}")
                for name in ("old", "new"):
                    rates.setdefault(game, {}).setdefault(name, []).append(got[name][game]["rate"])
                ratios.setdefault(game, []).append(new["rate"] / old["rate"])
            print(f"round {r + 1}: " + "; ".join(
                f"{g}: old {got['old'][g]['rate']:,.0f}, new {got['new'][g]['rate']:,.0f} views/s, "
                f"ratio {ratios[g][-1]:.2f}" for g in ratios), flush=True)
        print(f"\nload average at the end {os.getloadavg()[0]:.2f}\n")
        print("| game, seeded games | views a worker (positions x viewers) | old (e9b4e4d), views per CPU s, median "
              "| new, views per CPU s, median | new / old, median of rounds (range) |")
        print("|---|---:|---:|---:|---|")
        for game, rs in ratios.items():
            rs = sorted(rs)
            last = got["new"][game]
            print(f"| {game} | {last['views']:,.0f} | {statistics.median(rates[game]['old']):,.0f} | "
                  f"{statistics.median(rates[game]['new']):,.0f} | **{statistics.median(rs):.2f}** "
                  f"({rs[0]:.2f} to {rs[-1]:.2f}) |")
        print(f"\nThe timer's own cost (the new side's estimate, paid by both): about "
              f"{last['timer_per_view_us']:.3f} us a view.")


if __name__ == "__main__":
    main()
