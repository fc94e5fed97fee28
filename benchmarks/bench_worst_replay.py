"""How long a save can take to load: the worst case of ``from_json`` within the documented limits (#31).

A save is refused before any replay when it holds more than its game's ``MAX_STEPS`` actions, and every
action is read and checked before the first is replayed; what is left is the replay itself, bounded by
``MAX_STEPS`` actions of the game's rules. This script builds, for each registered game, the longest saves
its rules allow in practice (a stalling bot for the dice games, which never banks, so the game never ends;
random play for the others), and times ``from_json`` on them against the baseline of applying the same
actions to a new game with ``apply`` (the fastest honest way to rebuild the same state), in the same run.

    .venv/bin/python benchmarks/bench_worst_replay.py [--actions 20000] [--repeat 3]

It prints, per game: the actions, the save's size, the replay's time per action, its ratio to the apply
loop, and the time a save of ``MAX_STEPS`` actions would take at that rate (the figure docs/architecture.md's
Limits states).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import furlib  # noqa: F401  (registers every game)
from furlib.core.engine.policy import RandomBot
from furlib.core.registry import games


def _stall(game: Any) -> object:
    """Roll again whenever the rules allow (never bank): a dice game that never ends."""
    actions = game.legal_actions()
    for a in actions:
        if type(a).__name__ in ("Roll", "RollAgain"):
            return a
    return actions[0]


def long_game(name: str, cls: type, actions: int) -> Any:
    """A seeded game of ``cls`` played to its end or to ``actions`` actions, whichever comes first."""
    kwargs: dict[str, Any] = {"FurryPoker": {"players": 6}, "Furglars": {"players": 6, "target": 200}}.get(name, {})
    g = cls(seed=1, **kwargs)
    bot: Callable[[Any], object] = _stall if name in ("Furcle", "Pig") else RandomBot(seed=1)
    while not g.is_over and g.n_steps < min(actions, cls.MAX_STEPS):
        g.step(bot)
    return g


def timed(call: Callable[[], object], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game':<11} {'actions':>8} {'MB':>6} {'us/action':>10} {'vs apply':>9} {'MAX_STEPS':>10} {'worst s':>8}")
    for info in games(demos=True):
        cls = info.cls
        g = long_game(cls.__name__, cls, args.actions)
        text = g.to_json()
        n = g.n_steps
        moves = list(g.actions)

        def apply_all(cls: type = cls, params: dict[str, Any] = g.params, seed: int = g.seed,
                      moves: list[object] = moves) -> None:
            fresh = cls(seed=seed, **params)
            for a in moves:
                fresh.apply(a)

        replay = timed(lambda cls=cls, text=text: cls.from_json(text), args.repeat)
        base = timed(apply_all, args.repeat)
        per = replay / n
        print(f"{cls.__name__:<11} {n:>8,} {len(text) / 1e6:>6.2f} {per * 1e6:>10.1f} {replay / base:>9.2f} "
              f"{cls.MAX_STEPS:>10,} {per * cls.MAX_STEPS:>8.1f}")


if __name__ == "__main__":
    main()
