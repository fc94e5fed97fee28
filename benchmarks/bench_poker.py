"""Furry Poker's exact scorer against the brute-force reference (tests/poker/brute.py).

Run ``python benchmarks/bench_poker.py`` (``--areas N`` for more areas; ``--largest`` for the largest
areas only). It
times ``best_score`` on seeded random Personal Areas of two shapes (8 plain
basic cards; 6 basic cards with 2 specials) and the brute force on the same
areas, and prints the medians and the ratio. Each call of the scorer starts
cold except for its small table of flush splits, which is kept between calls
(it depends on the colour counts only); the brute force's cache of splits is
cleared before every area. Then it times the largest areas the scorer
takes, cold, and prints the slowest.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path

from furlib.poker import best_score
from furlib.poker.cards import COLOURS

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("brute", ROOT / "tests" / "poker" / "brute.py")
brute = importlib.util.module_from_spec(spec)
spec.loader.exec_module(brute)  # type: ignore[union-attr]

DECK = [(n, c) for c in COLOURS for n in range(1, 13)]
VALUES = (1, 2, 3, 4, -1, -2, -3, -4)


def areas(shape: str, n: int, seed: int):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        if shape == "8 plain":
            out.append((rng.sample(DECK, 8), 0, ()))
        else:
            cc = rng.randint(0, 2)
            out.append((rng.sample(DECK, 6), cc, tuple(rng.sample(VALUES, 2 - cc))))
    return out


def time_each(fn, items) -> list[float]:
    out = []
    for cards, cc, ab in items:
        brute.best_split.cache_clear()
        t = time.perf_counter()
        fn(cards, cc, ab)
        out.append(time.perf_counter() - t)
    return out


#: The largest areas, crowded numbers (5-8 in turn: the most ways for the Abilities): 8 cards in all (the
#: rules' largest Personal Area) and the scorer's bound of 11 basic and Ability cards (all 6 Color-Changes).
LARGEST = [(8, 0, 0), (4, 0, 4), (3, 0, 5), (2, 0, 6), (4, 2, 2), (5, 0, 3),
           (6, 0, 5), (5, 0, 6), (4, 0, 7), (3, 0, 8), (6, 6, 5), (5, 6, 6), (7, 6, 4), (11, 6, 0)]


def largest(repeats: int = 3) -> None:
    """The slowest of the largest areas, each timed cold (the flush splits' table cleared) ``repeats`` times."""
    from furlib.poker import search

    print(f"| largest areas | slowest area | its best of {repeats}, ms |")
    print("|---|---|---|")
    for label, keep in (("8 cards (rules' largest)", lambda b, c, k: b + c + k <= 8),
                        ("11 basic + Ability, 0-6 Color-Change (scorer's bound)", lambda b, c, k: b + k == 11)):
        worst = (0.0, None)
        for b, c, k in (x for x in LARGEST if keep(*x)):
            cards = [(5 + i % 4, COLOURS[i % 6]) for i in range(b)]
            times = []
            for _ in range(repeats):
                search._flush_best.cache_clear()
                t = time.perf_counter()
                best_score(cards, c, VALUES[:k])
                times.append(time.perf_counter() - t)
            worst = max(worst, (min(times), (b, c, k)))
        b, c, k = worst[1]
        print(f"| {label} | {b} basic, {c} Color-Change, {k} Ability | {worst[0] * 1e3:.1f} |")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--areas", type=int, default=400, help="areas per shape for the scorer (default 400)")
    p.add_argument("--brute", type=int, default=40, help="areas per shape for the brute force (default 40)")
    p.add_argument("--largest", action="store_true", help="only time the largest areas the scorer takes")
    args = p.parse_args(argv)
    if args.largest:
        print(f"Python {sys.version.split()[0]}")
        largest()
        return
    print(f"Python {sys.version.split()[0]}")
    print("| areas | scorer median ms (p90) | brute force median ms | brute / scorer |")
    print("|---|---|---|---|")
    for shape in ("8 plain", "6 basic + 2 specials"):
        items = areas(shape, args.areas, seed=1)
        time_each(best_score, items[:20])          # warm up
        fast = time_each(best_score, items)
        slow = time_each(brute.brute_score, items[:args.brute])
        fm = statistics.median(fast) * 1e3
        p90 = sorted(fast)[int(0.9 * len(fast))] * 1e3
        bm = statistics.median(slow) * 1e3
        print(f"| {shape} | {fm:.3f} ({p90:.3f}) | {bm:.1f} | {bm / fm:.0f}x |")
    print()
    largest()


if __name__ == "__main__":
    main()
