"""The baseline of the step-API benchmark for Thieves: a game and the greedy bot as a plain Python loop.

This is the loop a student could write without furlib's engine: the same
rules (keys, doorways, the forbidden placements, the imperative of movement
as maximal plans, the escape) and the same policy as
``furlib.thieves.bots.Greedy``, with nothing but a numpy generator, tuples,
dicts and ifs. Only the map text is borrowed (``DEFAULT_MAP``, plain data).
It rolls the dice from ``np.random.default_rng(seed)`` exactly as the
engine does (numpy draws in blocks of 256, one call per block rather than
per roll: the same numbers), so a seed gives the very same game: the test
(``tests/thieves/test_plain_thieves.py``) checks winners and lengths agree.

Run it to compare with the step API (CPU time, best of ``--repeat``)::

    .venv/bin/python benchmarks/plain_thieves.py --games 20 --repeat 3
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import deque

import numpy as np

FACES = ("red", "yellow", "green", "blue", "white", "black")
DOORS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}


def load(text: str) -> dict:
    """The board as plain dicts: links, gold pathways, exits, rings, areas, starts, distances."""
    g = text.strip("\n").split("\n")
    rows, cols = len(g), len(g[0])
    links: dict = {}
    found: dict = {}
    for r in range(rows):
        for c in range(cols):
            ch = g[r][c]
            found.setdefault(ch, []).append((r, c))
            if r % 2 and c % 2:
                links[(r, c)] = []
    for r in range(rows):
        for c in range(cols):
            ch = g[r][c]
            if ch in DOORS:
                a, b = ((r, c - 1), (r, c + 1)) if r % 2 else ((r - 1, c), (r + 1, c))
                links[a].append((DOORS[ch], b))
                links[b].append((DOORS[ch], a))
    gr, gc = found["*"][0]
    exits = (found["P"][0], found["D"][0])
    rings = tuple(frozenset((r + dr, c + dc) for dr in (-2, 0, 2) for dc in (-2, 0, 2)
                            if (dr or dc) and 0 < r + dr < rows and 0 < c + dc < cols) for r, c in exits)
    dist = {}
    for a in links:
        d = {a: 0}
        todo = deque([a])
        while todo:
            x = todo.popleft()
            for _, y in links[x]:
                if y not in d:
                    d[y] = d[x] + 1
                    todo.append(y)
        dist[a] = d
    return {"links": links, "gold": frozenset((gr + a, gc + b) for a in (-1, 1) for b in (-1, 1)),
            "exits": exits, "rings": rings, "areas": tuple(r | {e} for r, e in zip(rings, exits)),
            "starts": found["p"] + found["d"], "dist": dist}


def counts(B: dict, cells: tuple, carrier, seat: int) -> tuple:
    a = b = c = 0
    for t in range(4 * seat, 4 * seat + 4):
        x = cells[t]
        a += x in B["rings"][1 - seat]
        b += x in B["areas"][seat]
        c += x in B["rings"][seat] and t != carrier
    return a, b, c


def uses(B: dict, p: tuple) -> list:
    """Every single key use in position ``p = (cells, carrier, moved, passed, keys, seat)``."""
    cells, carrier, moved, passed, keys, seat = p
    out = []
    keys = tuple(dict.fromkeys(keys))
    if not keys:
        return out
    occ = {c: t for t, c in enumerate(cells)}
    lo = 4 * seat
    ring, oring, area = B["rings"][seat], B["rings"][1 - seat], B["areas"][seat]
    a0, b0, c0 = counts(B, cells, carrier, seat)
    colour_keys = [k for k in keys if k != "black"]
    for t in range(lo, lo + 4):
        here = cells[t]
        if "black" in keys:
            if carrier is None and here in B["gold"]:
                out.append(("take", t, None, "black"))
            if carrier == t and here == B["exits"][seat] and any(cells[o] in ring for o in range(lo, lo + 4) if o != t):
                out.append(("escape", t, None, "black"))
        if not colour_keys:
            continue
        for colour, there in B["links"][here]:
            ks = [k for k in colour_keys if k == colour or k == "white"]
            if not ks:
                continue
            other = occ.get(there)
            if other is None:
                if t in moved or there == B["exits"][1 - seat]:
                    continue
                a = a0 - (here in oring) + (there in oring)
                b = b0 - (here in area) + (there in area)
                c = c0 + ((there in ring) - (here in ring) if t != carrier else 0)
                if (a <= 1 or a <= a0) and (b <= 2 or b <= b0) and (c <= 1 or c <= c0):
                    out += [("move", t, there, k) for k in ks]
            elif carrier == other and other // 4 != seat:
                out += [("steal", t, other, k) for k in ks]
            elif carrier == t and other // 4 == seat and other not in passed:
                c = c0 + (here in ring) - (there in ring)
                if c <= 1 or c <= c0:
                    out += [("pass", t, other, k) for k in ks]
    return out


def after(p: tuple, u: tuple) -> tuple:
    cells, carrier, moved, passed, keys, seat = p
    kind, t, target, key = u
    i = keys.index(key)
    keys = keys[:i] + keys[i + 1:]
    if kind == "move":
        return (cells[:t] + (target,) + cells[t + 1:], carrier, moved | {t}, passed, keys, seat)
    if kind == "pass":
        return (cells, target, moved, passed | {t}, keys, seat)
    if kind in ("steal", "take"):
        return (cells, t, moved, passed, keys, seat)
    return (cells, carrier, moved, passed, (), seat)


def best(B: dict, p: tuple) -> int:
    n, top = len(p[4]), 0
    for u in uses(B, p):
        if u[0] == "escape":
            return n
        top = max(top, 1 + (best(B, after(p, u)) if n > 1 else 0))
        if top == n:
            return n
    return top


def legal(B: dict, p: tuple) -> list:
    opts = uses(B, p)
    n = len(p[4])
    vals = [n if u[0] == "escape" else 1 if n == 1 else 1 + best(B, after(p, u)) for u in opts]
    return [u for u, v in zip(opts, vals) if v == max(vals)]


def plans(B: dict, p: tuple, done: tuple = ()) -> list:
    ls = legal(B, p) if p[4] else []
    if not ls:
        return [(done, p)]
    out = []
    for u in ls:
        q = after(p, u)
        out += [(done + (u,), q)] if u[0] == "escape" else plans(B, q, done + (u,))
    return out


def carrying(B: dict, c: tuple, carrier: int, cells: tuple, seat: int) -> float:
    d = B["dist"]
    mates = [cells[t] for t in range(4 * seat, 4 * seat + 4) if t != carrier]
    v = 100.0 - 4.0 * d[c][B["exits"][seat]]
    v -= 1.5 * min(d[m][r] for m in mates for r in B["rings"][seat])
    v += 1.0 * sum(1 for m in mates if d[m][c] == 1)
    for f in cells[4 * (1 - seat):4 * (1 - seat) + 4]:
        v -= 12.0 if d[f][c] == 1 else 4.0 if d[f][c] == 2 else 0.0
        v -= 3.0 if f in B["areas"][seat] else 0.0
    return v


def value(B: dict, p: tuple, seat: int) -> float:
    """The greedy bot's evaluation (``furlib.thieves.bots.evaluate``)."""
    cells, carrier = p[0], p[1]
    d = B["dist"]
    if carrier is None:
        dm = sorted(min(d[x][g] for g in B["gold"]) for x in cells[4 * seat:4 * seat + 4])
        do = sorted(min(d[y][g] for g in B["gold"]) for y in cells[4 * (1 - seat):4 * (1 - seat) + 4])
        return -3.0 * dm[0] - 1.0 * dm[1] + 2.0 * do[0] + 0.5 * do[1]
    if carrier // 4 == seat:
        return carrying(B, cells[carrier], carrier, cells, seat)
    return -carrying(B, cells[carrier], carrier, cells, 1 - seat)


def thieves_game(rng: np.random.Generator, B: dict, max_turns: int = 100_000) -> tuple[int | None, int]:
    """One game, the greedy bot in both seats; returns (the winner's seat or None, turns played)."""
    cells, carrier, seat = tuple(B["starts"]), None, 0
    order = {f: i for i, f in enumerate(FACES)}
    block: list[int] = []
    for turn in range(1, max_turns + 1):
        if not block:
            block = rng.integers(0, 6, size=256).tolist()[::-1]   # popped from the end: in drawn order
        keys = tuple(sorted((FACES[block.pop()], FACES[block.pop()]), key=order.__getitem__))
        p = (cells, carrier, frozenset(), frozenset(), keys, seat)
        while p[4] and uses(B, p):
            options = plans(B, p)
            chosen = max(options, key=lambda o: 10_000.0 if o[0] and o[0][-1][0] == "escape" else value(B, o[1], seat))
            for u in chosen[0]:
                if u[0] == "escape":
                    return seat, turn
                p = after(p, u)
            break
        cells, carrier = p[0], p[1]
        seat = 1 - seat
    return None, max_turns


def main() -> None:  # pragma: no cover - a benchmark
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
    from furlib import Thieves
    from furlib.thieves.bots import Greedy
    from furlib.thieves.default_board import DEFAULT_MAP

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    B = load(DEFAULT_MAP)

    def plain(n: int) -> None:
        for s in range(n):
            thieves_game(np.random.default_rng(s), B)

    def step(n: int) -> None:
        bot = Greedy()
        for s in range(n):
            Thieves(seed=s).play(bot, bot)

    rates = {"plain": 0.0, "step": 0.0}
    for _ in range(args.repeat):
        for name, run in (("plain", plain), ("step", step)):
            t = time.process_time()
            run(args.games)
            rates[name] = max(rates[name], args.games / (time.process_time() - t))
    print(f"| game | plain loop (games/s) | step API (games/s) | ratio |\n|---|---|---|---|\n"
          f"| Thieves, Greedy both seats | {rates['plain']:.2f} | {rates['step']:.2f} | "
          f"{rates['step'] / rates['plain']:.2f} |")


if __name__ == "__main__":  # pragma: no cover
    main()
