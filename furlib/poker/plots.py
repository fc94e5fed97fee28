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

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..core.errors import check_int, excerpt
from ..core.game import Policy
from ..core.plotting import style
from ..core.stats import wilson_arrays
from .analysis import KINDS, chance, simulate
from .rules import FurryPoker

__all__ = ["final_scores", "score_distribution_chart", "combinations_made", "combination_chart",
           "exact_vs_simulated_chart"]


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


def final_scores(bots: Mapping[str, Any], *, n_games: int = 20, players: int = 3, seed: int = 0,
                 ) -> dict[str, list[int]]:
    """The final score of every seat, by bot: each bot fills all ``players`` seats of ``n_games`` seeded games."""
    n_games = check_int("n_games", n_games, low=1)
    out: dict[str, list[int]] = {}
    for name, spec in bots.items():
        bot = _bot(spec)
        scores: list[int] = []
        for i in range(n_games):
            g = FurryPoker(players, seed=seed + i).play(bot)
            scores.extend(g.scores.values())
        out[name] = scores
    return out


def score_distribution_chart(scores: Mapping[str, list[int]], *, template: Any = None) -> Any:
    """Box plots of final scores by bot (from :func:`final_scores`)."""
    import plotly.graph_objects as go

    fig = go.Figure()
    for name, values in scores.items():
        fig.add_trace(go.Box(y=list(values), name=name, boxmean=True))
    fig.update_yaxes(title="final score (points)")
    return style(fig, title="Final scores by bot", template=template)


def combinations_made(games: list[FurryPoker]) -> dict[str, int]:
    """How many of each kind of combination the finished games' Personal Areas scored."""
    counts = {"pair": 0, "of a kind": 0, "straight": 0, "flush": 0, "straight flush": 0}
    for g in games:
        if not g.is_over:
            raise ValueError("combinations_made() needs finished games; play them to the end first")
        for p in g.players:
            for c in g.score_of(p).combinations:
                counts["pair" if c.kind == "of a kind" and len(c.cards) == 2 else c.kind] += 1
    return counts


def combination_chart(counts: Mapping[str, int], *, template: Any = None) -> Any:
    """Bars: how often each combination was made (from :func:`combinations_made`)."""
    import plotly.graph_objects as go

    fig = go.Figure(go.Bar(x=list(counts), y=list(counts.values()), text=list(counts.values())))
    fig.update_yaxes(title="combinations scored")
    return style(fig, title="Combinations made", template=template)


def exact_vs_simulated_chart(k: int = 8, *, size: int = 3, n: int = 2000, seed: int = 0,
                             template: Any = None) -> Any:
    """Exact chance of each combination of at least ``size`` cards in ``k`` cards, against ``n`` simulated deals.

    The simulated bars carry 95% Wilson intervals.
    """
    import plotly.graph_objects as go

    n = check_int("n", n, low=1)
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
