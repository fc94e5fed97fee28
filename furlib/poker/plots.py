"""Plotly charts for Furry Poker: final scores by bot, the combinations made, exact against simulated chances.

Every function returns a :class:`plotly.graph_objects.Figure` (never calls
``.show()``); plotly is imported inside the functions, and ``import furlib``
does not import this module. The data functions (:func:`final_scores`,
:func:`combinations_made`) return plain dicts, so a lesson can print them.

>>> data = final_scores({"Greedy": "Greedy"}, n_games=2, players=2, seed=1)
>>> sorted(data), len(data["Greedy"])
(['Greedy'], 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any

import numpy as np

from ..core.charts.plotting import style
from ..core.engine.game import Policy, check_seed
from ..core.errors import check_int, excerpt
from ..core.stats import wilson_arrays
from .analysis import KINDS, MAX_DEALS, chance, simulate
from .checks import read_list
from .game import FurryPoker

__all__ = ["final_scores", "score_distribution_chart", "combinations_made", "combination_chart",
           "exact_vs_simulated_chart", "MAX_GAMES", "MAX_BOTS"]

#: The most games :func:`final_scores` plays per bot (``n_games``), and the most games
#: :func:`combinations_made` reads: a game of bots takes about a quarter of a second.
MAX_GAMES = 1_000
#: The most bots :func:`final_scores` compares (one box each in :func:`score_distribution_chart`).
MAX_BOTS = 12
_MOST = 10**9       # the largest number a chart of scores or counts takes (far above any game's)


def _bot(spec: Any) -> Policy:
    from . import bots

    if isinstance(spec, str):
        if spec == "RandomBot":
            return bots.RandomBot(seed=0)
        if spec not in ("Greedy", "Planner"):
            raise ValueError(f"unknown bot {excerpt(spec)}; use 'RandomBot', 'Greedy', 'Planner' or a policy")
        bot: Policy = getattr(bots, spec)()
        return bot
    if not callable(spec):
        raise ValueError(f"a bot must be a policy (a function of a view) or a bot name, got {excerpt(spec)}")
    policy: Policy = spec
    return policy


def _mapping(what: str, table: object, most: int) -> Mapping[str, Any]:
    """``table`` if it is a dict of 1 to ``most`` entries keyed by str; else a ValueError naming it."""
    if not isinstance(table, Mapping) or not 1 <= len(table) <= most or not all(isinstance(k, str) for k in table):
        raise ValueError(f"{what} must be a dict of 1 to {most} entries by name (a str), got {excerpt(table)}")
    return table


def _table(what: str, table: object, most: int, longest: int) -> dict[str, list[int]]:
    """``table``: a dict of 1 to ``most`` names to lists of at most ``longest`` whole numbers >= 0, read lazily."""
    out: dict[str, list[int]] = {}
    for name, values in _mapping(what, table, most).items():
        row = f"{what}[{excerpt(name)}]"
        number = partial(check_int, f"each number of {row}", low=0, high=_MOST)
        out[name] = read_list(values, longest, number, not_a_list=f"{row} must be a list of whole numbers",
                              too_many=f"{row} holds at most {longest:,} numbers, got more")
    return out


def final_scores(bots: Mapping[str, Any], *, n_games: int = 20, players: int = 3, seed: int = 0,
                 ) -> dict[str, list[int]]:
    """The final score of every seat, by bot: each bot fills all ``players`` seats of ``n_games`` seeded games.

    ``bots`` maps 1 to :data:`MAX_BOTS` (12) names (str) to a bot or a bot's name ("Greedy", "Planner",
    "RandomBot"); ``n_games`` is 1 to :data:`MAX_GAMES` (1,000); ``players`` as for
    :class:`~furlib.poker.FurryPoker`; game ``i`` has the seed ``seed + i`` (at most ``MAX_SEED``).
    Everything is checked before the first game is played.
    """
    n_games = check_int("n_games", n_games, low=1, high=MAX_GAMES)
    seed = check_seed(seed)
    check_seed(seed + n_games - 1, f"seed + n_games - 1 (the last game's seed, n_games={n_games})")
    FurryPoker(players, seed=seed)      # the players, checked before any game is played
    if not isinstance(bots, Mapping) or not 1 <= len(bots) <= MAX_BOTS:
        raise ValueError(f"bots must be a dict of 1 to {MAX_BOTS} bots by name, e.g. {{'Greedy': 'Greedy'}}; "
                         f"got {excerpt(bots)}")
    made: dict[str, Policy] = {}
    for name, spec in bots.items():
        if not isinstance(name, str):
            raise ValueError(f"each bot's name must be a str, e.g. 'Greedy'; got {excerpt(name)}")
        made[name] = _bot(spec)
    out: dict[str, list[int]] = {}
    for name, bot in made.items():
        scores: list[int] = []
        for i in range(n_games):
            g = FurryPoker(players, seed=seed + i).play(bot)
            scores.extend(g.scores.values())
        out[name] = scores
    return out


def score_distribution_chart(scores: Mapping[str, list[int]], *, template: Any = None) -> Any:
    """Box plots of final scores by bot (from :func:`final_scores`).

    ``scores`` maps 1 to :data:`MAX_BOTS` names (str) to lists of at most ``MAX_GAMES * 6`` whole numbers
    from 0 to 10**9 (read lazily); a ValueError names anything else.
    """
    import plotly.graph_objects as go

    data = _table("scores", scores, MAX_BOTS, MAX_GAMES * FurryPoker.MAX_PLAYERS)
    fig = go.Figure()
    for name, values in data.items():
        fig.add_trace(go.Box(y=values, name=name, boxmean=True))
    fig.update_yaxes(title="final score (points)")
    return style(fig, title="Final scores by bot", template=template)


def combinations_made(games: Iterable[FurryPoker]) -> dict[str, int]:
    """How many of each kind of combination the finished games' Personal Areas scored.

    ``games``: at most :data:`MAX_GAMES` finished Furry Poker games, read lazily (the one past it is
    refused), all checked before any is counted.
    """

    def finished(g: object) -> FurryPoker:
        if not isinstance(g, FurryPoker):
            raise ValueError(f"games must be Furry Poker games, got {excerpt(g)}")
        if not g.is_over:
            raise ValueError("combinations_made() needs finished games; play them to the end first")
        return g

    checked = read_list(games, MAX_GAMES, finished, not_a_list="games must be a list of finished Furry Poker games",
                        too_many=f"combinations_made() reads at most {MAX_GAMES:,} games (MAX_GAMES), got more")
    counts = {"pair": 0, "of a kind": 0, "straight": 0, "flush": 0, "straight flush": 0}
    for g in checked:
        for p in g.players:
            for c in g.score_of(p).combinations:
                counts["pair" if c.kind == "of a kind" and len(c.cards) == 2 else c.kind] += 1
    return counts


def combination_chart(counts: Mapping[str, int], *, template: Any = None) -> Any:
    """Bars: how often each combination was made (from :func:`combinations_made`).

    ``counts`` maps 1 to 12 names (str) to whole numbers from 0 to 10**9; a ValueError names anything else.
    """
    import plotly.graph_objects as go

    data = {name: check_int(f"counts[{excerpt(name)}]", v, low=0, high=_MOST)
            for name, v in _mapping("counts", counts, 12).items()}
    fig = go.Figure(go.Bar(x=list(data), y=list(data.values()), text=list(data.values())))
    fig.update_yaxes(title="combinations scored")
    return style(fig, title="Combinations made", template=template)


def exact_vs_simulated_chart(k: int = 8, *, size: int = 3, n: int = 2000, seed: int = 0,
                             template: Any = None) -> Any:
    """Exact chance of each combination of at least ``size`` cards in ``k`` cards, against ``n`` simulated deals.

    The simulated bars carry 95% Wilson intervals. ``k`` is 0 to 72, ``size`` 3 to 6, ``n`` 1 to
    :data:`~furlib.poker.analysis.MAX_DEALS` (1,000,000); all checked before any deal.
    """
    import plotly.graph_objects as go

    n = check_int("n", n, low=1, high=MAX_DEALS)
    seed = check_seed(seed)
    check_seed(seed + len(KINDS) - 1, f"seed + {len(KINDS) - 1} (the last kind's seed)")
    size = check_int("size", size, low=3, high=6)       # a size every kind can have
    chance(KINDS[0], size, k)                           # k, checked before any work
    kinds = list(KINDS)
    exact = [float(chance(kind, size, k)) for kind in kinds]
    hits = np.array([simulate(kind, size, k, n, seed=seed + i) for i, kind in enumerate(kinds)])
    low, high = wilson_arrays(hits, np.full(len(kinds), n))
    sim = hits / n
    fig = go.Figure([
        go.Bar(name="exact", x=kinds, y=exact),
        go.Bar(name=f"simulated ({n} deals)", x=kinds, y=sim,
               error_y={"type": "data", "symmetric": False, "array": high - sim, "arrayminus": sim - low}),
    ])
    fig.update_layout(barmode="group")
    fig.update_yaxes(title="chance", range=[0, 1])
    return style(fig, title=f"{size}+ card combinations in {k} cards: exact and simulated", template=template)
