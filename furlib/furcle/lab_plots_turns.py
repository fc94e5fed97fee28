"""Plotly figures of one turn of Oh Furcle! in the probability lab: its points, exact and simulated.

* :func:`turn_distribution_chart`: exact chance of each number of points
  banked in one turn (bars) with simulated shares (dots, 95% intervals).
* :func:`turn_value_convergence_chart`: the running mean of simulated turns
  settling on the exact expected points, with its 95% band.

Both are re-exported by :mod:`furlib.furcle.lab_plots`, with the lab's maps.
Every function returns a :class:`plotly.graph_objects.Figure` (never
``.show()``); ``import furlib`` does not import this module, and plotly is
imported inside the functions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypedDict

import numpy as np

from ..core.charts.palette import BLUE, SKY_BLUE, VERMILION
from ..core.charts.plotting import percent_axis, style, whole_ticks
from ..core.charts.running import add_band, add_exact_line, count_axis, thinned
from ..core.errors import check_bool, check_int
from ..core.stats import wilson_arrays
from .turn import OptimalTurnPolicy, optimal_turn_policy, turn_value
from .turn_distribution import turn_distribution

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

    from .exact import TransitionModel

__all__ = ["turn_distribution_chart", "turn_value_convergence_chart"]

MAX_TURNS = 2_000_000
MAX_DRAWN = 1_000           # points drawn on a convergence line


class TurnRules(TypedDict):
    """The rules of one turn, as the keywords of ``optimal_turn_policy``, ``turn_value`` and ``simulate_turns``."""

    n_dice: int
    sides: int
    bonus: Mapping[int, int] | None
    beekin: bool


def _check_seed(seed: object) -> int | None:
    return None if seed is None else check_int("seed", seed, low=0)


def _policy_and_label(policy: Any, rules: TurnRules) -> tuple[Any, str]:
    if policy is None:
        return optimal_turn_policy(**rules), "the optimal turn"
    if isinstance(policy, OptimalTurnPolicy):
        return policy, "the optimal turn"
    return policy, repr(policy) if len(repr(policy)) <= 30 else type(policy).__name__


def _rules_text(model: Any) -> str:
    beekin = "with Beekin" if model.beekin else "no Beekin"
    return f"{model.n_dice} dice, {beekin}"


# ------------------------------------------------------------- turn distribution
def turn_distribution_chart(policy: Any = None, *, n_turns: int = 100_000, seed: int | None = 0, n_dice: int = 5,
                            sides: int = 6, bonus: Mapping[int, int] | None = None, beekin: bool = True,
                            max_points: int | None = None, template: Any = None) -> go.Figure:
    """How many points does one turn bank? Exact chances (bars) and a simulation (dots).

    Bars: the exact chance of banking each number of points
    (:func:`~furlib.furcle.turn_distribution.turn_distribution`); 0 is a turn
    lost to a Furcle. Dots: the share of ``n_turns`` simulated turns
    (:func:`~furlib.furcle.fast.simulate_turns`) with their 95% Wilson
    intervals.

    Parameters
    ----------
    policy : None, SatisfiedAt, OptimalTurnPolicy, dict or DataFrame
        How the turn is played (None: the optimal turn for these rules).
    n_turns : int, default 100_000
        Simulated turns (0 to 2,000,000; 0 draws the exact bars only).
    seed : int or None, default 0
        Seed of the simulation.
    n_dice, sides, bonus, beekin
        The rules.
    max_points : int, optional
        Largest total drawn (default: where 99.5% of turns are covered); the
        title says how much is beyond it.
    template : str or plotly Template, optional

    Returns
    -------
    plotly.graph_objects.Figure
        Traces ``"Exact"`` (bars) and, if ``n_turns > 0``, ``"Simulated"``.

    Raises
    ------
    ValueError
        If ``n_turns`` (0 to 2,000,000), ``seed`` or ``max_points`` (0 or
        more) is out of its range, ``policy`` cannot play these rules, the
        rules are refused, or ``template`` is not a plotly template.

    Examples
    --------
    >>> from furlib.furcle.bots import SatisfiedAt
    >>> fig = turn_distribution_chart(SatisfiedAt(1), n_dice=2, beekin=False, n_turns=0)
    >>> list(fig.data[0].x), round(fig.data[0].y[0], 4)
    ([0, 1, 2, 3, 4, 5, 6], 0.8333)
    """
    import plotly.graph_objects as go

    from .fast import simulate_turns

    n_turns = check_int("n_turns", n_turns, low=0, high=MAX_TURNS)
    seed = _check_seed(seed)
    rules = TurnRules(n_dice=n_dice, sides=sides, bonus=bonus, beekin=check_bool("beekin", beekin))
    policy, label = _policy_and_label(policy, rules)
    dist = turn_distribution(policy, **rules)
    pts = np.array(list(dist))
    prob = np.array(list(dist.values()))
    if max_points is None:
        cover = np.cumsum(prob)
        top = int(pts[min(int(np.searchsorted(cover, 0.995)), len(pts) - 1)])
    else:
        top = check_int("max_points", max_points, low=0)
    shown = pts <= top
    beyond = float(prob[~shown].sum())
    mean = float(pts @ prob)
    fig = go.Figure()
    fig.add_trace(go.Bar(x=pts[shown].tolist(), y=prob[shown].tolist(), name="Exact",
                         marker=dict(color=SKY_BLUE, line=dict(color=BLUE, width=1)),
                         hovertemplate="bank exactly %{x} points: %{y:.3%}<extra>exact</extra>"))
    if n_turns:
        banked = simulate_turns(policy, n_turns, seed=seed, **rules)["banked"].to_numpy()
        counts = np.bincount(banked, minlength=top + 1)[: top + 1]
        xs = np.flatnonzero(counts)
        low, high = wilson_arrays(counts[xs], np.full(len(xs), n_turns))
        share = counts[xs] / n_turns
        fig.add_trace(go.Scatter(
            x=xs.tolist(), y=share.tolist(), name="Simulated", mode="markers",
            marker=dict(color=VERMILION, size=6, line=dict(color="white", width=1)),
            error_y=dict(type="data", symmetric=False, array=(high - share).tolist(),
                         arrayminus=(share - low).tolist(), color=VERMILION, thickness=1.5, width=3),
            customdata=np.stack([counts[xs], low, high], axis=1).tolist(),
            hovertemplate=("%{customdata[0]:,} of " + f"{n_turns:,}" + " turns banked %{x}: %{y:.3%}"
                           "<br>95% interval %{customdata[1]:.3%} to %{customdata[2]:.3%}<extra></extra>")))
        sub = f"bars: exact; dots: {n_turns:,} simulated turns with 95% intervals; mean {mean:.2f} points"
    else:
        sub = f"exact chances; mean {mean:.2f} points"
    if beyond > 0:
        sub += f"; {beyond:.2%} of turns bank more than {top}"
    fig.update_layout(bargap=0.15)
    fig.update_xaxes(title_text="points banked in one turn (0: lost to a Furcle)", range=[-1, top + 1])
    whole_ticks(fig, axis="x", span=top + 2)
    percent_axis(fig, title="chance", decimals=1)
    return style(fig, title=f"Points of one turn played by {label} ({_rules_text(policy_model(rules))})"
                 f"<br><sup>{sub}</sup>", template=template)


def policy_model(rules: Mapping[str, Any]) -> TransitionModel:
    """The roll model of ``rules`` (``n_dice``, ``sides``, ``bonus``, ``beekin``)."""
    from .exact import transition_model

    return transition_model(rules["n_dice"], sides=rules["sides"], bonus=rules["bonus"], beekin=rules["beekin"])


# ------------------------------------------------------------- convergence
def turn_value_convergence_chart(policy: Any = None, *, n_turns: int = 20_000, seed: int | None = 0,
                                 n_dice: int = 5, sides: int = 6, bonus: Mapping[int, int] | None = None,
                                 beekin: bool = True, log_x: bool = True, template: Any = None) -> go.Figure:
    """Watch the average points of simulated turns settle on the exact expected value.

    The line is the mean of the first 1, 2, ..., ``n_turns`` simulated turns
    (:func:`~furlib.furcle.fast.simulate_turns`); the band is its 95%
    confidence interval, mean ± 1.96 × (standard deviation so far) / √turns;
    the dashed line is the exact value (:func:`~furlib.furcle.turn.turn_value`).

    Parameters
    ----------
    policy : None, SatisfiedAt, OptimalTurnPolicy, dict or DataFrame
        How the turn is played (None: the optimal turn for these rules).
    n_turns : int, default 20_000
        Simulated turns (2 to 2,000,000); at most 1,000 points are drawn.
    seed : int or None, default 0
        Seed of the simulation.
    n_dice, sides, bonus, beekin
        The rules.
    log_x : bool, default True
        Number of turns on a log scale.
    template : str or plotly Template, optional

    Returns
    -------
    plotly.graph_objects.Figure
        Traces ``"95% band top"`` (no legend entry), ``"95% confidence band"``,
        ``"Running mean"`` and ``"Exact value"``.

    Raises
    ------
    ValueError
        If ``n_turns`` (2 to 2,000,000) or ``seed`` is out of its range,
        ``log_x`` is not a bool, ``policy`` cannot play these rules, the rules
        are refused, or ``template`` is not a plotly template.

    Examples
    --------
    >>> fig = turn_value_convergence_chart(n_turns=500)
    >>> [t.name for t in fig.data]
    ['95% band top', '95% confidence band', 'Running mean', 'Exact value']
    """
    import plotly.graph_objects as go

    from .fast import simulate_turns

    n_turns = check_int("n_turns", n_turns, low=2, high=MAX_TURNS)
    seed = _check_seed(seed)
    log_x = check_bool("log_x", log_x)
    rules = TurnRules(n_dice=n_dice, sides=sides, bonus=bonus, beekin=check_bool("beekin", beekin))
    policy, label = _policy_and_label(policy, rules)
    exact = turn_value(policy, **rules)
    x = simulate_turns(policy, n_turns, seed=seed, **rules)["banked"].to_numpy().astype(float)
    n = np.arange(1, n_turns + 1)
    mean = np.cumsum(x) / n
    var = np.maximum(np.cumsum(x * x) / n - mean ** 2, 0.0) * n / np.maximum(n - 1, 1)
    half = 1.959963984540054 * np.sqrt(var / n)
    idx = thinned(n_turns, MAX_DRAWN, log_x=log_x)
    idx = idx[idx >= 1]                         # one turn has no spread yet
    fig = go.Figure()
    add_band(fig, n[idx], (mean - half)[idx], (mean + half)[idx], name="95% confidence band", top_name="95% band top",
             hovertemplate="95% band: %{y:.2f} to %{customdata:.2f}<extra></extra>")
    fig.add_trace(go.Scatter(x=n[idx], y=mean[idx], name="Running mean", mode="lines",
                             line=dict(color=BLUE, width=2),
                             hovertemplate="after %{x:,} turns: %{y:.3f} points a turn<extra></extra>"))
    add_exact_line(fig, n_turns, exact, hovertemplate=f"exact: {exact:.4f} points a turn<extra></extra>")
    count_axis(fig, n_turns, title="number of turns so far", log_x=log_x)
    lo, hi = mean[-1] - half[-1], mean[-1] + half[-1]
    spread = max(4 * half[min(len(half) - 1, 99)], 1.0)
    fig.update_yaxes(title_text="average points a turn", range=[max(0.0, exact - spread), exact + spread])
    title = (f"Average points of {label}: simulation meets the exact value<br><sup>after {n_turns:,} turns: "
             f"{mean[-1]:.3f} (95% interval {lo:.3f} to {hi:.3f}); exact {exact:.3f}</sup>")
    fig.add_annotation(x=1, xref="paper", xanchor="right", y=exact, yanchor="bottom", showarrow=False,
                       text=f"exact {exact:.3f}", font=dict(color=VERMILION))
    return style(fig, title=title, template=template)
