"""Memory a game keeps per action: the engine against the bare record of its actions, in the same run.

For each game, 20 seeded games are played to the end with the default bots
(caches warmed first on other seeds); ``tracemalloc`` gives the bytes held
per action: what freeing the games gives back (the bots' own caches, shared
and bounded, stay). The baseline is the least any engine that can undo and
replay must keep: a list of ``(action, rolled)`` pairs of the same action
objects (the actions themselves are counted in both).

A short game's figure includes what every game holds whatever its length
(the game object, its generator, its first state and checkpoint): so the
same seeded games are also played to half their length (``play(max_steps=)``)
and the second half's bytes per action are given too, what each further
action of a long game costs. Issue 32's aim: at most 300 bytes an action for
the dice and board games, 500 for Furry Poker.

Tracing starts before furlib is imported and runs to the end: a block that
a game reuses from one of CPython's free lists (tuples, lists, dicts) is then
one that was traced when it was made, so freeing the game counts it (with
tracing started just before the games, as up to 2026-12-07, a game of
Thieves reusing the tuples the bots' caches had let go of was counted at 65
bytes an action instead of about 135). Run::

    .venv/bin/python benchmarks/bench_memory.py
    .venv/bin/python benchmarks/bench_memory.py --breakdown "Furry Poker (3"   # where its bytes go
"""

from __future__ import annotations

import gc
import os
import time
import tracemalloc
from typing import Any

tracemalloc.start()   # before furlib is imported (see the module docstring); never stopped


def games() -> dict[str, Any]:
    """The games measured, by name: a function of the seed making a new game (furlib imported while tracing)."""
    from furlib import Furcle, Furglars, FurryPoker, Thieves
    from furlib.highcard import HighCard
    from furlib.pig import Pig

    return {
        "Oh Furcle! (target 1000)": lambda s: Furcle(seed=s, target=1000),
        "The Furglars (target 100)": lambda s: Furglars(2, seed=s, target=100),
        "Furry Poker (3 players)": lambda s: FurryPoker(3, seed=s),
        "Furry Poker (6 players)": lambda s: FurryPoker(6, seed=s),
        "Thieves (300 turns at most)": lambda s: Thieves(seed=s, max_turns=300),
        "High Card": lambda s: HighCard(2, seed=s),
        "Pig (target 1000)": lambda s: Pig(2, seed=s, target=1000),
    }


def _freed(games: list[Any], play: Any) -> tuple[int, int, int]:
    """Play ``games`` with ``play(g)`` under tracemalloc; (bytes freeing them gives back, bytes a bare record of
    their actions takes, actions)."""
    gc.collect()
    for g in games:
        play(g)
    steps = sum(g.n_steps for g in games)
    records = [[(a, True) for a in g.actions] for g in games]     # the actions exist already: only the record
    gc.collect()
    with_records = tracemalloc.get_traced_memory()[0]
    del records
    gc.collect()
    with_games = tracemalloc.get_traced_memory()[0]
    games.clear()
    gc.collect()
    # what freeing the games gives back: the bots' shared caches (bounded) are not the games' memory
    engine = with_games - tracemalloc.get_traced_memory()[0]
    return engine, with_records - with_games, steps


def held(make: Any, n: int = 20) -> tuple[float, float, int, float]:
    """Bytes per action held by ``n`` played games, and by a bare list of their actions; actions per game; and the
    bytes per action of the second half of the same games (held at the end less held at half their length)."""
    for s in range(100, 105):
        make(s).play()
    lengths = [make(s).play().n_steps for s in range(n)]   # the same seeds give the same games
    engine, bare, steps = _freed([make(s) for s in range(n)], lambda g: g.play())

    halves = [make(s) for s in range(n)]
    stop = {id(g): length // 2 for g, length in zip(halves, lengths)}   # ids only: nothing else holds the games

    def half(g: Any) -> None:
        try:
            g.play(max_steps=stop[id(g)])
        except RuntimeError:          # stopped at half its length, as asked
            pass

    engine_half, _, steps_half = _freed(halves, half)
    return engine / steps, bare / steps, steps // n, (engine - engine_half) / (steps - steps_half)


def breakdown(name: str, make: Any, n: int = 20, top: int = 10) -> None:
    """Where the bytes a finished game of ``name`` holds were allocated: the lines of code whose blocks freeing
    ``n`` games gives back, in bytes per action (``tracemalloc`` snapshots before and after)."""
    for s in range(100, 105):
        make(s).play()
    played = [make(s).play() for s in range(n)]
    steps = sum(g.n_steps for g in played)
    gc.collect()
    before = tracemalloc.take_snapshot()
    played.clear()
    gc.collect()
    after = tracemalloc.take_snapshot()
    print(f"\n{name}: where the bytes a game holds were allocated ({n} games, {steps:,} actions)\n")
    print("| allocated at | bytes per action | blocks per action |")
    print("|---|---:|---:|")
    for diff in before.compare_to(after, "lineno")[:top]:
        frame = diff.traceback[0]
        where = frame.filename.split("site-packages/")[-1].split("/furlib/", 1)[-1]
        print(f"| {where}:{frame.lineno} | {diff.size_diff / steps:,.1f} | {diff.count_diff / steps:.2f} |")


def main() -> None:
    import argparse

    import furlib

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--breakdown", default="",
                    help="also list where a game's bytes were allocated, for the games whose name contains this "
                         "(e.g. 'Furry Poker (3')")
    args = ap.parse_args()

    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, furlib from {os.path.dirname(furlib.__file__)}\n")
    print("| game | engine, bytes per action | bare record of the actions | ratio | actions a game "
          "| engine, bytes per action of the second half |")
    print("|---|---|---|---|---|---|")
    for name, make in games().items():
        engine, bare, per, second = held(make)
        print(f"| {name} | {engine:,.0f} | {bare:,.0f} | {engine / bare:.1f}x | {per:,} | {second:,.0f} |", flush=True)
    for name, make in games().items():
        if args.breakdown and args.breakdown in name:
            breakdown(name, make)


if __name__ == "__main__":
    main()
