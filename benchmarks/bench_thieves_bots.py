"""Thieves bots: how strong and how fast each is against ``Greedy``, and whether two Patrol bots ever stalemate.

Every game is seeded (game ``i`` uses seed ``seed + i``) and the bots swap
seats every game (``furlib.thieves.analysis.play_games``). The win share of
each bot against ``Greedy()`` is given with its 95% Wilson interval; the
seconds per decision are CPU seconds of the bot's own decisions (the mean and
the worst). Patrol against Patrol: how many games end by themselves (an
escape) before ``--max-turns``, and the median and longest game in turns.
Run::

    nice -n 10 .venv/bin/python benchmarks/bench_thieves_bots.py --games 400 --patrol-games 100
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from furlib.core.stats import wilson_interval
from furlib.thieves import Thieves
from furlib.thieves.analysis import play_games
from furlib.thieves.bots import Expectimax, Foresight, Greedy, Hunter, Lookahead, Patrol


class Timed:
    """Wraps a bot and records the CPU seconds of each of its decisions."""

    def __init__(self, bot: Callable[[Thieves], object]):
        self.bot = bot
        self.times: list[float] = []

    def __repr__(self) -> str:
        return repr(self.bot)

    def __call__(self, game: Thieves) -> object:
        t = time.process_time()
        action = self.bot(game)
        self.times.append(time.process_time() - t)
        return action


def against_greedy(bot: Callable[[Thieves], object], games: int, seed: int, max_turns: int) -> str:
    timed = Timed(bot)
    t = time.perf_counter()
    played = play_games([timed, Greedy()], games, seed=seed, max_turns=max_turns)
    wall = time.perf_counter() - t
    wins = sum(1 for g, seats in zip(played, played.seats) if g.winner == g.players[seats.index(0)])
    undecided = sum(1 for g in played if g.winner is None)
    low, high = wilson_interval(wins, games)
    mean = sum(timed.times) / len(timed.times)
    return (f"| {bot!r} | {games} | {wins} | {wins / games:.1%} | {low:.1%} to {high:.1%} | {undecided} | "
            f"{mean * 1e3:.1f} ms | {max(timed.times) * 1e3:.0f} ms | {wall:.0f} s |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="games of each bot against Greedy (default 400)")
    ap.add_argument("--patrol-games", type=int, default=100, help="Patrol-vs-Patrol games (default 100)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-turns", type=int, default=600, help="turns after which a game ends undecided")
    ap.add_argument("--bots", default="Patrol(),Expectimax(),Lookahead()",
                    help="comma-separated bots to set against Greedy (default: %(default)s)")
    args = ap.parse_args()
    known = {"Patrol()": Patrol, "Expectimax()": Expectimax, "Lookahead()": Lookahead, "Hunter()": Hunter,
             "Foresight()": Foresight}
    print(f"Against Greedy(): {args.games} seeded games each (seeds {args.seed}..{args.seed + args.games - 1}), "
          f"seats alternated, max_turns={args.max_turns}.\n")
    print("| bot | games | wins | win share | 95% Wilson interval | undecided | s/decision, mean | worst | "
          "wall time |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in args.bots.split(","):
        if name.strip() not in known:
            ap.error(f"--bots: unknown bot {name.strip()!r}; known: {', '.join(known)}")
        print(against_greedy(known[name.strip()](), args.games, args.seed, args.max_turns), flush=True)
    n = args.patrol_games
    if n:
        played = play_games([Patrol(), Patrol()], n, seed=args.seed, max_turns=args.max_turns)
        ended = sum(1 for g in played if g.winner is not None)
        turns = [g.turn for g in played]
        print(f"\nPatrol() against Patrol(): {n} seeded games, max_turns={args.max_turns}.\n")
        print("| games | ended by an escape | median turns | longest game (turns) |")
        print("|---|---|---|---|")
        print(f"| {n} | {ended} | {statistics.median(turns):g} | {max(turns)} |")


if __name__ == "__main__":
    main()
