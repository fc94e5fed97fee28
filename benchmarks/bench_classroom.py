"""A class of 200 students sending 20 games each, at once, to one class server on loopback.

The server (``python -m furlib.classroom serve``) runs in its own process on
a fresh database; the games (Oh Furcle!, the default rules, 2 players, seeds
1 to 4,000, the default bots) are played once before the clock starts, so
the figures are the server's: each submission is read, replayed by furlib,
checked against the class's rules, hashed and committed (WAL,
synchronous=FULL) before it is acknowledged. The students are threads of
this process, ``--concurrency`` of them sending at a time, each with the
standard-library client (``furlib.classroom.Student``, a new connection per
request as on Binder). A request refused for the rate (429) waits and is sent
again with the same idempotency key (counted in the table: it should be 0).

The baseline, in the same run and at the same concurrency: as many requests
to ``/health`` (the web framework and the connection, no database or
replay). At the end the teacher's results must hold all 4,000 games, each
once. Run::

    .venv/bin/python benchmarks/bench_classroom.py                   # 200 students x 20 games, 64 at a time
    .venv/bin/python benchmarks/bench_classroom.py --students 50 --games 10 --concurrency 16
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from furlib import Furcle  # noqa: E402 - after the sys.path line: runs from a checkout
from furlib.classroom import Refused, Student, Teacher  # noqa: E402 - after the sys.path line: runs from a checkout

KEY = "benchmark-teacher-key-0123456789"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start(db: Path, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-m", "furlib.classroom", "serve", "--db", str(db), "--port", str(port)],
                            cwd=ROOT, env={**os.environ, "FURLIB_TEACHER_KEY": KEY}, stdout=subprocess.DEVNULL)
    for _ in range(600):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the class server did not start")


def percentiles(seconds: list[float]) -> tuple[float, float, float]:
    q = statistics.quantiles(seconds, n=100, method="inclusive")
    return q[49] * 1000, q[94] * 1000, q[98] * 1000


def health_baseline(url: str, n: int, concurrency: int) -> tuple[float, list[float]]:
    def one(_: int) -> float:
        t = time.perf_counter()
        with urllib.request.urlopen(f"{url}/health", timeout=30) as r:
            r.read()
        return time.perf_counter() - t

    start_time = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool:
        times = list(pool.map(one, range(n)))
    return time.perf_counter() - start_time, times


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--students", type=int, default=200)
    p.add_argument("--games", type=int, default=20, help="games each student sends")
    p.add_argument("--concurrency", type=int, default=64, help="students sending at the same time")
    args = p.parse_args()
    n = args.students * args.games
    t = time.perf_counter()
    games = [Furcle(["You", "Bot"], seed=seed).play() for seed in range(1, n + 1)]
    print(f"played {n:,} games in {time.perf_counter() - t:.1f} s (not counted)")
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        server = start(Path(folder) / "class.db", port)
        try:
            teacher = Teacher(url, KEY, timeout=60)
            code = teacher.open_class("Furcle", {"players": 2})
            students = [Student(url, code, f"Student {i + 1}", timeout=60) for i in range(args.students)]
            base_wall, base_times = health_baseline(url, n, args.concurrency)
            latencies: list[float] = []
            retries = 0
            lock = threading.Lock()
            acked: dict[int, int] = {}

            def student_sends(i: int) -> None:
                nonlocal retries
                for k in range(args.games):
                    game = games[i * args.games + k]
                    key = f"bench-{i}-{k}"
                    while True:
                        t0 = time.perf_counter()
                        try:
                            receipt = students[i].submit(game, request_id=key)
                        except Refused as e:
                            if e.status != 429:
                                raise
                            with lock:
                                retries += 1
                            time.sleep(0.5)
                            continue
                        break
                    with lock:
                        latencies.append(time.perf_counter() - t0)
                        acked[game.seed] = receipt.id

            t = time.perf_counter()
            with ThreadPoolExecutor(args.concurrency) as pool:
                list(pool.map(student_sends, range(args.students)))
            wall = time.perf_counter() - t
            results = teacher.results(code)
        finally:
            server.terminate()
            server.wait(10)
    stored_once = len(results) == n and results.seed.is_unique and set(results.seed) == set(acked)
    same_ids = dict(zip(results.seed, results.id)) == acked
    p50, p95, p99 = percentiles(latencies)
    b50, b95, b99 = percentiles(base_times)
    print(f"{args.students} students x {args.games} games = {n:,} submissions, {args.concurrency} at a time")
    print(f"stored: {len(results):,}, each game once: {stored_once}, every acknowledged id: {same_ids}, "
          f"retries after 429: {retries}")
    print("| | requests/s | p50 ms | p95 ms | p99 ms | wall s |")
    print("|---|---:|---:|---:|---:|---:|")
    print(f"| submissions (replayed, committed) | {n / wall:.0f} | {p50:.1f} | {p95:.1f} | {p99:.1f} | {wall:.1f} |")
    print(f"| baseline: GET /health | {n / base_wall:.0f} | {b50:.1f} | {b95:.1f} | {b99:.1f} | {base_wall:.1f} |")
    print(f"| ratio | {(n / wall) / (n / base_wall):.2f} | {p50 / b50:.1f} | {p95 / b95:.1f} | {p99 / b99:.1f} | |")
    if not (stored_once and same_ids):
        raise SystemExit("FAILED: the results do not hold every game exactly once")


if __name__ == "__main__":
    main()
