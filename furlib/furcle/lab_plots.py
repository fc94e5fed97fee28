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

The two turn charts live in :mod:`furlib.furcle.lab_plots_turns` and are
re-exported here.

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
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..core.charts.palette import DARK_INK, ORANGE, SKY_BLUE
from ..core.charts.plotting import style, whole_ticks
from ..core.errors import check_bool, check_int, excerpt

# the turn charts, and the turn module's other public names (importable from here as before the split)
from .lab_plots_turns import MAX_DRAWN as MAX_DRAWN
from .lab_plots_turns import MAX_TURNS as MAX_TURNS
from .lab_plots_turns import TurnRules as TurnRules
from .lab_plots_turns import _rules_text, turn_distribution_chart, turn_value_convergence_chart
from .lab_plots_turns import policy_model as policy_model
from .turn import OptimalTurnPolicy, optimal_turn_policy

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

    from .solver import Solution

__all__ = ["strategy_map", "win_probability_map", "turn_distribution_chart", "turn_value_convergence_chart",
           "ROLL_COLOR", "BANK_COLOR"]

#: The strategy map's colours: roll again (sky blue) and be Satisfied (orange).
ROLL_COLOR, BANK_COLOR = SKY_BLUE, ORANGE
PANEL_NAMES = {True: "Beekin in hand", False: "no Beekin (used, or not in the rules)"}

#: {(dice, beekin): (bank values, roll values)} over the turn scores of a strategy map.
Grid = dict[tuple[int, bool], tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]]


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
