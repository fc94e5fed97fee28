"""Memory a game keeps per action: the engine against the bare record of its actions, in the same run.

For each game, 20 seeded games are played to the end with the default bots
(caches warmed first on other seeds); ``tracemalloc`` gives the bytes held
per action: what freeing the games gives back (the bots' own caches, shared
and bounded, stay). The baseline is the least any engine that can undo and
replay must keep: a list of ``(action, rolled)`` pairs of the same action
objects (the actions themselves are counted in both). Run::

    .venv/bin/python benchmarks/bench_memory.py
"""

from __future__ import annotations

import gc
import tracemalloc

from furlib import Furcle, Furglars, FurryPoker, Thieves
from furlib.highcard import HighCard
from furlib.pig import Pig

GAMES = {
    "Oh Furcle! (target 1000)": lambda s: Furcle(seed=s, target=1000),
    "The Furglars (target 100)": lambda s: Furglars(2, seed=s, target=100),
    "Furry Poker (3 players)": lambda s: FurryPoker(3, seed=s),
    "Thieves (300 turns at most)": lambda s: Thieves(seed=s, max_turns=300),
    "High Card": lambda s: HighCard(2, seed=s),
    "Pig (target 1000)": lambda s: Pig(2, seed=s, target=1000),
}


def held(make, n: int = 20) -> tuple[float, float, int]:
    """Bytes per action held by ``n`` played games, and by a bare list of their actions; actions per game."""
    for s in range(100, 105):
        make(s).play()
    games = [make(s) for s in range(n)]
    tracemalloc.start()
    for g in games:
        g.play()
    steps = sum(g.n_steps for g in games)
    records = [[(a, True) for a in g.actions] for g in games]     # the actions exist already: only the record
    gc.collect()
    with_records = tracemalloc.get_traced_memory()[0]
    del records
    gc.collect()
    with_games = tracemalloc.get_traced_memory()[0]
    bare = with_records - with_games
    del games, g
    gc.collect()
    # what freeing the games gives back: the bots' shared caches (bounded) are not the games' memory
    engine = with_games - tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return engine / steps, bare / steps, steps // n


def main() -> None:
    print("| game | engine, bytes per action | bare record of the actions | ratio | actions a game |")
    print("|---|---|---|---|---|")
    for name, make in GAMES.items():
        engine, bare, per = held(make)
        print(f"| {name} | {engine:,.0f} | {bare:,.0f} | {engine / bare:.1f}x | {per:,} |")


if __name__ == "__main__":
    main()
