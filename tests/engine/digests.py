"""Digests of what many seeded games show: saves, logs, histories, reprs, HTML and views (issue 32).

The core is rebuilt in steps; each step must keep every game playing and showing exactly as before. This
module plays a fixed list of seeded games (the four games and the two demo games, every bot, the rule
variants) and hashes, for each game: its save, its log (whole and as each player sees it), its history
(the spectator's and each player's), its repr and HTML, and the views of every player and a spectator at
five points of the game (repr, legal actions, the last events they see, and their HTML at the end).
``tests/engine/test_digests.py`` holds the digests recorded before the rebuild began and compares.

Run ``python tests/engine/digests.py --record`` only to record new digests on purpose (a change of
behaviour that an issue asks for), never to make a failing test pass.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import furlib  # noqa: F401  (registers every game)
from furlib import Furcle, Furglars, FurryPoker, Thieves
from furlib.core.engine.policy import RandomBot
from furlib.furcle import bots as fb
from furlib.furglars import bots as gb
from furlib.highcard import HighCard
from furlib.highcard import bots as hb
from furlib.pig import Pig
from furlib.pig import bots as pb
from furlib.poker import bots as kb
from furlib.thieves import bots as tb

RECORDED = Path(__file__).with_name("digests.json")

#: (label, game class, constructor keywords, bots for the seats (a factory given the seed and the seat count),
#: seeds).
Spec = tuple[str, type, dict[str, Any], Callable[[int, int], list[Any]], range]


def _same(make: Callable[[int], Any]) -> Callable[[int, int], list[Any]]:
    return lambda seed, n: [make(seed + i) for i in range(n)]


def _mixed(*makers: Callable[[int], Any]) -> Callable[[int, int], list[Any]]:
    return lambda seed, n: [makers[(seed + i) % len(makers)](seed + i) for i in range(n)]


def specs(scale: int = 1) -> list[Spec]:
    """The games hashed: about ``1,020 * scale`` in all (``scale`` < 1 for a quick subset)."""
    def seeds(n: int) -> range:
        return range(max(1, round(n * scale)))

    rnd = _same(lambda s: RandomBot(seed=s))
    return [
        # Oh Furcle!: every bot, the rule variants, 1 to 4 players
        ("furcle", Furcle, {}, _mixed(lambda s: fb.BeekinSmart(), lambda s: fb.SatisfiedAt(15 + s % 20),
                                      lambda s: RandomBot(seed=s)), seeds(150)),
        ("furcle-4p-t30", Furcle, {"players": 4, "target": 30}, _same(lambda s: fb.SatisfiedAt(10 + s % 15)),
         seeds(40)),
        ("furcle-variants", Furcle, {"players": 3, "target": 40, "n_dice": 6, "sides": 8,
                                     "bonus": {2: 1, 3: 12, 4: 20}, "beekin": False},
         _mixed(lambda s: fb.BeekinSmart(points=20), lambda s: RandomBot(seed=s)), seeds(40)),
        ("furcle-1p-practice", Furcle, {"players": ["Ann"], "target": 25}, _same(lambda s: fb.BeekinSmart()),
         seeds(20)),
        # The Furglars: every bot, 2 to 6 players, the X factor, other dice and charts
        ("furglars", Furglars, {"players": 3}, _mixed(lambda s: gb.GreedyThief(), lambda s: gb.Mastermind(),
                                                      lambda s: RandomBot(seed=s)), seeds(100)),
        ("furglars-2p", Furglars, {"players": ["Ann", "You"]}, _same(lambda s: gb.Mastermind()), seeds(40)),
        ("furglars-6p-x", Furglars, {"players": 6, "x_factor": True, "target": 20}, rnd, seeds(30)),
        ("furglars-faces", Furglars, {"players": 4, "faces": ["furgle", "furgle", "lock", "hand", "x", "x"],
                                      "chart": {n: n * (n + 1) // 2 for n in range(1, 17)}},
         _same(lambda s: gb.GreedyThief()), seeds(30)),
        # Furry Poker: every bot, 2 to 6 players, the Advanced Rules
        ("poker", FurryPoker, {"players": 2}, _mixed(lambda s: kb.Greedy(), lambda s: kb.Planner(),
                                                     lambda s: RandomBot(seed=s)), seeds(140)),
        ("poker-4p-adv", FurryPoker, {"players": 4, "advanced": True}, _mixed(lambda s: kb.Greedy(),
                                                                             lambda s: RandomBot(seed=s)),
         seeds(50)),
        ("poker-6p", FurryPoker, {"players": ["You", "Ann", "Bob", "Cy", "Di", "Ed"]}, rnd, seeds(30)),
        # Thieves: every bot, both labyrinths, the doubling stake, turn limits
        ("thieves", Thieves, {"max_turns": 40}, _mixed(lambda s: tb.Greedy(), lambda s: tb.Hunter(),
                                                       lambda s: tb.Patrol(), lambda s: RandomBot(seed=s)),
         seeds(80)),
        ("thieves-classic-double", Thieves, {"board": "classic", "doubling": True, "max_turns": 30},
         _mixed(lambda s: tb.Greedy(), lambda s: RandomBot(seed=s)), seeds(40)),
        ("thieves-search", Thieves, {"max_turns": 12}, _mixed(lambda s: tb.Lookahead(), lambda s: tb.Expectimax(),
                                                              lambda s: tb.Foresight()), seeds(12)),
        ("thieves-whole", Thieves, {}, _same(lambda s: tb.Greedy()), seeds(16)),
        # the demo games
        ("pig", Pig, {"players": 3, "target": 30}, _mixed(lambda s: pb.HoldAt(10 + s % 15),
                                                          lambda s: RandomBot(seed=s)), seeds(100)),
        ("highcard", HighCard, {"players": 3}, _mixed(lambda s: hb.HighestCard(), lambda s: RandomBot(seed=s)),
         seeds(100)),
    ]


def _frame(df: Any) -> str:
    return str(df.to_csv(index=False))


def _view_parts(g: Any, who: str | None, html: bool) -> Iterator[str]:
    v = g.view(who)
    yield repr(v)
    yield "|".join(str(a) for a in v.legal_actions())
    yield v.log(last=6)
    if html:
        yield v.html(who)


def game_parts(label: str, cls: type, kwargs: dict[str, Any], bots: Callable[[int, int], list[Any]],
               seed: int) -> Iterator[str]:
    """Everything hashed for one seeded game, as strings."""
    g = cls(seed=seed, **kwargs)
    g.play(*bots(seed, len(g.players)))
    yield g.to_json()
    yield repr(g)
    hidden = cls.HIDDEN_INFO
    viewers: list[str | None] = [None, *g.players] if hidden else [None]
    for who in viewers:
        yield g.log(viewer=who)
        yield _frame(g.history_for(who))
        yield g.html(who)
    if hidden:
        yield g.html(reveal=True)
        yield g.log() if g.reveal else ""
    n = g.n_steps
    for k in sorted({0, n // 4, n // 2, 3 * n // 4, n}):
        at = g.at(k)
        for who in viewers if hidden else [None, g.players[0]]:
            yield from _view_parts(at, who, html=k == n)


def digest(label: str, cls: type, kwargs: dict[str, Any], bots: Callable[[int, int], list[Any]],
           seeds: range) -> str:
    h = hashlib.sha256()
    for seed in seeds:
        for part in game_parts(label, cls, kwargs, bots, seed):
            h.update(part.encode())
            h.update(b"\x00")
    return h.hexdigest()


def digests(scale: float = 1) -> dict[str, str]:
    return {label: digest(label, cls, kw, bots, seeds) for label, cls, kw, bots, seeds in specs(scale)}  # type: ignore[arg-type]


def count(scale: float = 1) -> int:
    return sum(len(s[4]) for s in specs(scale))  # type: ignore[arg-type]


if __name__ == "__main__":
    if "--record" in sys.argv:
        recorded = {"full": digests(1), "quick": digests(0.1)}
        RECORDED.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")
        print(f"recorded {count(1)} games (quick: {count(0.1)}) in {RECORDED}")
    else:
        print(json.dumps(digests(float(sys.argv[1]) if len(sys.argv) > 1 else 0.1), indent=1))
