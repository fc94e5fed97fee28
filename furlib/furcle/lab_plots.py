"""Plotly figures of the Oh Furcle! probability lab: strategy maps, win chances, turn points.

* :func:`strategy_map`: roll or be Satisfied, for every turn score and number
  of dice left, with the Beekin in hand and without (one heatmap panel each);
  for the best turn (:func:`~furlib.furcle.turn.optimal_turn_policy`) or the
  solved 2-player game at given scores (:func:`~furlib.furcle.solver.solve`).
* :func:`win_probability_map`: the chance to win of the player about to start
  a turn, over (my score, opponent's score), no Leader yet.
* :func:`turn_distribution_chart`: exact chance of each number of points
  banked in one turn (bars) with simulated shares (dots, 95% intervals).
* :func:`turn_value_convergence_chart`: the running mean of simulated turns
  settling on the exact expected points, with its 95% band.

Every function returns a :class:`plotly.graph_objects.Figure` (never
``.show()``); ``import furlib`` does not import this module, and plotly is
imported inside the functions.

Examples
--------
>>> fig = strategy_map(n_dice=3)
>>> [t.name for t in fig.data]
['Beekin in hand', 'no Beekin (used, or not in the rules)', 'Roll again', 'Be Satisfied']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypedDict

import numpy as np
import numpy.typing as npt

from ..core.charts.palette import BLUE, DARK_INK, ORANGE, SKY_BLUE, VERMILION
from ..core.charts.plotting import percent_axis, style, whole_ticks
from ..core.charts.running import add_band, add_exact_line, count_axis, thinned
from ..core.errors import check_bool, check_int, excerpt
from ..core.stats import wilson_arrays
from .turn import OptimalTurnPolicy, optimal_turn_policy, turn_value
from .turn_distribution import turn_distribution

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

    from .exact import TransitionModel
    from .solver import Solution

__all__ = ["strategy_map", "win_probability_map", "turn_distribution_chart", "turn_value_convergence_chart",
           "ROLL_COLOR", "BANK_COLOR"]

#: The strategy map's colours: roll again (sky blue) and be Satisfied (orange).
ROLL_COLOR, BANK_COLOR = SKY_BLUE, ORANGE
MAX_TURNS = 2_000_000
MAX_DRAWN = 1_000           # points drawn on a convergence line
PANEL_NAMES = {True: "Beekin in hand", False: "no Beekin (used, or not in the rules)"}

#: {(dice, beekin): (bank values, roll values)} over the turn scores of a strategy map.
Grid = dict[tuple[int, bool], tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]]


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


# ------------------------------------------------------------------ strategy map
def _solution_grid(sol: Solution, my: int, opp: int, scores: npt.NDArray[np.int64]) -> Grid:
    """{(dice, beekin): (bank values, roll values)} of the solved game at scores (my, opp)."""
    model = sol.model
    grid: Grid = {}
    for i, (k, b) in enumerate(model.states):
        bank = np.array([sol.bank_value(my, opp, False, int(t)) for t in scores])
        roll = np.array([sol.roll_value(my, opp, False, int(t), i) for t in scores])
        grid[(k, b)] = bank, roll
    return grid


def _turn_grid(opt: OptimalTurnPolicy, scores: npt.NDArray[np.int64]) -> Grid:
    grid: Grid = {}
    for i, (k, b) in enumerate(opt.model.states):
        inside = scores < opt.s_star
        roll = np.where(inside, opt.roll_values[np.minimum(scores, opt.s_star - 1), i], np.nan)
        if opt.model.sure[i]:
            roll = np.where(inside, roll, np.inf)         # proved: rolling wins where no Furcle can happen
        else:
            roll = np.where(inside, roll, -np.inf)
        grid[(k, b)] = scores.astype(float), roll
    return grid


def strategy_map(source: Any = None, *, my_score: int | None = None, opp_score: int | None = None,
                 n_dice: int = 5, sides: int = 6, bonus: Mapping[int, int] | None = None, beekin: bool = True,
                 max_score: int | None = None, template: Any = None) -> go.Figure:
    """Roll again or be Satisfied? The best play at every turn score and number of dice left.

    One heatmap panel per Beekin state: "Beekin in hand" (only when the rules
    have the Beekin) and "no Beekin" (used this turn, or not in the rules:
    both are the same turn). A cell is the decision after a scoring roll,
    with that turn score (the roll included) and that many dice to roll next.
    Hover over a cell for the two values compared.

    Parameters
    ----------
    source : None, OptimalTurnPolicy or Solution
        None: the turn that maximises the expected points for the rules given
        by ``n_dice``, ``sides``, ``bonus`` and ``beekin``
        (:func:`~furlib.furcle.turn.optimal_turn_policy`). An
        ``OptimalTurnPolicy``: that one (its own rules). A
        :class:`~furlib.furcle.solver.Solution`: the solved 2-player game at
        the scores ``my_score`` and ``opp_score`` (no Leader yet), which
        maximises the chance to win (the first call builds the solution's
        tables, about a second for target 50).
    my_score, opp_score : int, optional
        Track scores (below the target) when ``source`` is a Solution.
    n_dice, sides, bonus, beekin
        The rules when ``source`` is None.
    max_score : int, optional
        Largest turn score shown (default: 10 past the last risky roll of the
        optimal turn; the target for a Solution).
    template : str or plotly Template, optional
        E.g. ``"plotly_dark"``.

    Returns
    -------
    plotly.graph_objects.Figure
        Heatmap traces named after the panels (``z`` is 1 for roll, 0 for
        bank; ``x`` turn scores, ``y`` dice left), then two legend entries
        ``"Roll again"`` and ``"Be Satisfied"``.

    Raises
    ------
    ValueError
        If ``source`` is none of those; if the scores are missing or out of
        0 to target - 1 for a Solution, or given for the optimal turn; if
        ``max_score`` is out of its range (1 to 10 times the target for a
        Solution, else 1 to 2000); for rules the optimal turn refuses; or if
        ``template`` is not a plotly template.

    Examples
    --------
    >>> fig = strategy_map(n_dice=2, beekin=False, max_score=5)
    >>> fig.data[0].z                       # with 2 dice and no Beekin: always bank
    ([0, 0, 0, 0, 0],)
    """
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    from .solver import Solution

    if isinstance(source, Solution):
        if my_score is None or opp_score is None:
            raise ValueError("a Solution's strategy map needs my_score and opp_score (the track scores)")
        sol, target = source, source.target
        my = check_int("my_score", my_score, low=0, high=target - 1)
        opp = check_int("opp_score", opp_score, low=0, high=target - 1)
        model = sol.model
        top = target if max_score is None else check_int("max_score", max_score, low=1, high=10 * target)
        scores = np.arange(1, top + 1)
        grid = _solution_grid(sol, my, opp, scores)
        what = "win chance"
        fmt = ".1%"
        title = (f"Roll or be Satisfied? Best play for the win at {my} to {opp} (target {target})"
                 f"<br><sup>{_rules_text(model)}; the solved 2-player game</sup>")
    elif source is None or isinstance(source, OptimalTurnPolicy):
        if my_score is not None or opp_score is not None:
            raise ValueError("my_score and opp_score are for a Solution's map; the optimal turn ignores scores")
        opt = source if source is not None else optimal_turn_policy(
            n_dice=n_dice, sides=sides, bonus=bonus, beekin=check_bool("beekin", beekin))
        model = opt.model
        if max_score is None:
            risky = [opt.table[(opt.table.dice == k) & (opt.table.beekin == b) & (opt.table.action == "roll")]
                     .turn_score.max() for i, (k, b) in enumerate(model.states) if not model.sure[i]]
            top = int(min(opt.s_star - 1, max([r for r in risky if r == r] + [0]) + 10))
            top = max(top, 10)
        else:
            top = check_int("max_score", max_score, low=1, high=2000)
        scores = np.arange(1, top + 1)
        grid = _turn_grid(opt, scores)
        what, fmt = "expected points", ".2f"
        title = (f"Roll or be Satisfied? The turn with the most points on average"
                 f"<br><sup>{_rules_text(model)}: {opt.value:.2f} points a turn</sup>")
    else:
        raise ValueError(f"source must be None, an OptimalTurnPolicy or a Solution, got {excerpt(source)}")
    panels = [b for b in (True, False) if (not b) or model.beekin]
    dice = list(range(2, model.n_dice + 1))
    fig = make_subplots(rows=len(panels), cols=1, shared_xaxes=True, vertical_spacing=0.12,
                        subplot_titles=[PANEL_NAMES[b] for b in panels])
    for row, b in enumerate(panels, start=1):
        z, text = [], []
        for k in dice:
            bank, roll = grid[(k, b)]
            rolls = roll > bank
            z.append([int(v) for v in rolls])
            text.append([_cell_text(t, k, r, bv, rv, fmt, what)
                         for t, r, bv, rv in zip(scores, rolls, bank, roll)])
        fig.add_trace(go.Heatmap(
            x=scores, y=dice, z=z, name=PANEL_NAMES[b], customdata=text, zmin=0, zmax=1,
            colorscale=[[0, BANK_COLOR], [0.5, BANK_COLOR], [0.5, ROLL_COLOR], [1, ROLL_COLOR]],
            showscale=False, xgap=1, ygap=2, hovertemplate="%{customdata}<extra></extra>",
        ), row=row, col=1)
        fig.update_yaxes(title_text="dice left", tickvals=dice, row=row, col=1)
    for name, color in (("Roll again", ROLL_COLOR), ("Be Satisfied", BANK_COLOR)):
        fig.add_trace(go.Scatter(x=[None], y=[None], name=name, mode="markers", hoverinfo="skip",
                                 marker=dict(symbol="square", size=14, color=color)))
    fig.update_xaxes(title_text="turn score (this roll included)", row=len(panels), col=1)
    whole_ticks(fig, axis="x", span=top)                               # points: no 2.5 points between cells
    fig.update_layout(height=200 + 120 * len(panels) + 25 * len(dice) * len(panels))
    style(fig, title=title, template=template)
    fig.update_xaxes(showgrid=False)
    fig.update_yaxes(showgrid=False)
    return fig


def _cell_text(t: int | np.integer[Any], k: int, rolls: bool | np.bool_, bank: float, roll: float, fmt: str,
               what: str) -> str:
    act = "<b>roll again</b>" if rolls else "<b>be Satisfied</b>"

    def show(v: float) -> str:
        if np.isposinf(v):
            return "more (no Furcle possible)"
        if np.isneginf(v) or np.isnan(v):
            return "less"
        return format(v, fmt)
    return (f"turn score {t}, {k} dice left: {act}<br>{what} if Satisfied: {show(bank)}; "
            f"if you roll: {show(roll)}")


# ------------------------------------------------------------------ win chances
def win_probability_map(solution: Any, *, kind: str = "heatmap", template: Any = None) -> go.Figure:
    """The chance to win of the player about to start a turn, for every pair of scores.

    From a solved game (:func:`~furlib.furcle.solver.solve`): ``P[my, opp]``
    with both scores below the target (no Leader yet), both players playing
    optimally. The dashed line marks 50%: above it the player to move is
    ahead in the odds.

    Parameters
    ----------
    solution : Solution
        The solved game.
    kind : {"heatmap", "surface"}, default "heatmap"
        A flat map with a 50% contour, or a 3-D surface.
    template : str or plotly Template, optional

    Returns
    -------
    plotly.graph_objects.Figure
        ``"heatmap"``: traces ``"win chance"`` (Heatmap, ``z[my][opp]``) and
        ``"50%"`` (Contour line); ``"surface"``: one Surface ``"win chance"``.

    Raises
    ------
    ValueError
        If ``solution`` is not a Solution or ``kind`` is unknown.

    Examples
    --------
    >>> from furlib.furcle.solver import solve
    >>> sol = solve(target=20)
    >>> fig = win_probability_map(sol)
    >>> fig.data[0].z[0][0] == sol.first_player_win
    True
    """
    import plotly.graph_objects as go

    from .solver import Solution

    if not isinstance(solution, Solution):
        raise ValueError(f"win_probability_map() needs a Solution from solve(), got {type(solution).__name__}")
    if kind not in ("heatmap", "surface"):
        raise ValueError(f"kind must be 'heatmap' or 'surface', got {excerpt(kind)}")
    P, target = solution.P, solution.target
    scores = np.arange(target)
    hover = "you have %{y}, the opponent %{x}:<br>you win %{z:.1%}<extra></extra>"
    fig = go.Figure()
    scale = "RdBu"
    if kind == "heatmap":
        fig.add_trace(go.Heatmap(x=scores, y=scores, z=P.tolist(), name="win chance", colorscale=scale,
                                 zmin=0, zmax=1, hovertemplate=hover,
                                 colorbar=dict(title="win<br>chance", tickformat=".0%")))
        fig.add_trace(go.Contour(x=scores, y=scores, z=P.tolist(), name="50%", showscale=False,
                                 contours=dict(start=0.5, end=0.5, size=1, coloring="none",
                                               showlabels=True, labelformat=".0%"),
                                 line=dict(color=DARK_INK, dash="dash", width=2), hoverinfo="skip"))
        fig.update_xaxes(title_text="opponent's score", range=[-0.5, target - 0.5], constrain="domain")
        fig.update_yaxes(title_text="your score (you are about to roll)", range=[-0.5, target - 0.5],
                         scaleanchor="x", constrain="domain")
        whole_ticks(fig, axis="x", span=target, ticks=8)
        whole_ticks(fig, axis="y", span=target, ticks=8)
        fig.update_layout(height=560, width=640)
    else:
        fig.add_trace(go.Surface(x=scores, y=scores, z=P.tolist(), name="win chance", colorscale=scale,
                                 cmin=0, cmax=1, hovertemplate=hover,
                                 colorbar=dict(title="win<br>chance", tickformat=".0%")))
        fig.update_layout(height=600, scene=dict(
            xaxis_title="opponent's score", yaxis_title="your score", zaxis=dict(title="win chance",
                                                                                tickformat=".0%", range=[0, 1]),
            camera=dict(eye=dict(x=1.6, y=-1.6, z=0.9))))
    title = (f"Your chance to win at the start of your turn (target {target})<br><sup>both play optimally; "
             f"first player at 0 to 0: {solution.first_player_win:.1%}</sup>")
    style(fig, title=title, template=template)
    fig.update_xaxes(showgrid=False)
    fig.update_yaxes(showgrid=False)
    return fig


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

