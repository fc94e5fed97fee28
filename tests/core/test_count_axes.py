"""Axes that count (dice, turns, players, games, points) have whole-number ticks only.

Checked twice for every chart the apps and the sweep draw: in the plotly
figure's layout (ticks at whole values, or every whole ``dtick`` from a
whole ``tick0``), and in the SVG picture the apps show
(:class:`furlib.core.charts.svg.FigurePicture`: its tick labels, ``<text
class="tick" data-axis=...>``, read back as numbers).
"""

from __future__ import annotations

from xml.etree import ElementTree

import plotly.graph_objects as go
import pytest

from furlib import Furcle, Furglars, sweep
from furlib.core import registry
from furlib.core.charts.plotting import MAX_VALUE_TICKS, whole_step, whole_ticks
from furlib.core.charts.svg import FigurePicture
from furlib.core.charts.sweep_chart import sweep_chart
from furlib.furcle.bots import SatisfiedAt

SVG = "{http://www.w3.org/2000/svg}"


def svg_ticks(svg: str) -> dict[str, list[str]]:
    """The tick labels of an SVG picture, by axis (``"x"``, ``"y"``, ``"x2"``, ..., ``"colorbar"``)."""
    out: dict[str, list[str]] = {}
    for t in ElementTree.fromstring(svg).iter(f"{SVG}text"):
        if t.get("class") == "tick":
            out.setdefault(t.get("data-axis"), []).append("".join(t.itertext()))
    return out


def number(label: str) -> float:
    return float(label.replace(",", ""))


def assert_whole_labels(labels: list[str], what: str) -> None:
    assert labels, f"{what}: no tick labels"
    values = [number(s) for s in labels]
    assert all(v == int(v) for v in values), f"{what}: ticks {labels}"
    assert len(set(values)) == len(values), f"{what}: a tick written twice in {labels}"


def assert_whole_layout(axis, what: str) -> None:
    """A plotly axis whose ticks are whole numbers whatever plotly.js makes of its range."""
    if axis.tickmode == "array" or (axis.tickmode is None and axis.tickvals is not None):
        assert axis.tickvals and all(float(v).is_integer() for v in axis.tickvals), f"{what}: {axis.tickvals}"
    else:
        assert axis.tickmode == "linear", f"{what}: tickmode {axis.tickmode} (plotly would choose the ticks)"
        assert float(axis.dtick).is_integer() and axis.dtick >= 1, f"{what}: dtick {axis.dtick}"
        assert float(axis.tick0 or 0).is_integer(), f"{what}: tick0 {axis.tick0}"


# ------------------------------------------------------------------ the apps
def _app(name: str, seed: int):
    info = registry.get(name)
    return info.app_class()(info.load(info.game)(seed=seed, **info.example_kwargs))


APPS = ("Furcle", "Furglars", "Pig", "HighCard")   # the games whose app draws a score chart


@pytest.mark.parametrize("name", APPS)
@pytest.mark.parametrize("seed", [1, 3, 8])
@pytest.mark.parametrize("moment", ["new", "over"])
def test_the_live_chart_of_each_app_counts_in_whole_numbers(name, seed, moment):
    app = _app(name, seed)
    if moment == "over":
        app.game.play()
        app.refresh()
    fig = app.chart
    assert fig is not None
    assert_whole_layout(fig.layout.xaxis, f"{name} turns")
    assert_whole_layout(fig.layout.yaxis, f"{name} points")
    ticks = svg_ticks(app.chart_view.value)          # the picture the page shows
    assert set(ticks) == {"x", "y"}
    assert_whole_labels(ticks["x"], f"{name} turns in the picture")
    assert_whole_labels(ticks["y"], f"{name} points in the picture")


def test_apps_without_a_chart_draw_none():
    for name in ("FurryPoker", "Thieves"):
        app = _app(name, 1)
        assert app.chart is None and app.chart_view.value == ""


def test_a_short_game_has_one_tick_a_turn_and_no_half_points():
    from furlib.highcard import HighCard

    info = registry.get("HighCard")
    app = info.app_class()(HighCard(seed=2, **info.example_kwargs))   # scores 0 to 2: plotly would tick 0.5
    ticks = svg_ticks(app.chart_view.value)
    assert ticks["x"] == ["0", "1"] and ticks["y"] == ["0", "1", "2"]


# ----------------------------------------------------------------- the sweep
@pytest.fixture(scope="module")
def dice_and_targets():
    return sweep(Furcle, {"target": [20, 50, 100], "n_dice": [4, 5, 6]}, [SatisfiedAt(10), SatisfiedAt(20)], 30,
                 seed=1)


@pytest.mark.parametrize("value", ["win_rate", "wins", "mean_score"])
def test_the_sweep_heatmap_ticks_each_rule_value_only(dice_and_targets, value):
    fig = sweep_chart(dice_and_targets, value=value)
    assert tuple(fig.layout.xaxis.tickvals) == (20, 50, 100) and tuple(fig.layout.yaxis.tickvals) == (4, 5, 6)
    ticks = svg_ticks(FigurePicture(fig).svg())
    assert ticks["x"] == ["20", "50", "100"] and ticks["y"] == ["4", "5", "6"]     # no 4.5 or 5.5 dice
    bar = fig.data[0].colorbar
    if value == "wins":
        assert bar.tickmode == "linear" and float(bar.dtick).is_integer() and bar.tickformat == ",d"
        assert_whole_labels(ticks["colorbar"], "wins on the colour bar")
    else:
        assert ticks["colorbar"]


@pytest.mark.parametrize("value", ["win_rate", "wins", "shared", "mean_turns", "mean_score"])
def test_sweep_lines_over_the_dice(dice_and_targets, value):
    df = dice_and_targets[dice_and_targets.target == 50]
    fig = sweep_chart(df, x="n_dice", value=value)
    assert tuple(fig.layout.xaxis.tickvals) == (4, 5, 6)
    ticks = svg_ticks(FigurePicture(fig).svg())
    assert ticks["x"] == ["4", "5", "6"]
    if value in ("wins", "shared"):
        assert_whole_layout(fig.layout.yaxis, value)
        assert_whole_labels(ticks["y"], value)
    elif value == "win_rate":
        assert all(s.endswith("%") for s in ticks["y"])


def test_a_long_range_of_whole_values_gets_whole_steps():
    df = sweep(Furcle, {"target": list(range(10, 80, 5))}, [SatisfiedAt(10), SatisfiedAt(20)], 4, seed=1)
    assert df.target.nunique() > MAX_VALUE_TICKS
    fig = sweep_chart(df)
    assert_whole_layout(fig.layout.xaxis, "target")
    assert_whole_labels(svg_ticks(FigurePicture(fig).svg())["x"], "target")


def test_rules_that_are_not_numbers_keep_their_categories():
    from furlib.furglars.bots import GreedyThief

    df = sweep(Furglars, {"x_factor": [False, True]}, [GreedyThief()] * 3, 10, seed=1)
    fig = sweep_chart(df)
    assert fig.layout.xaxis.tickvals is None
    assert svg_ticks(FigurePicture(fig).svg())["x"] == ["False", "True"]


# ------------------------------------------------------- the games' other charts
def _other_charts():
    from furlib.furcle import lab_plots
    from furlib.furcle.plots import running_estimate_chart
    from furlib.furcle.solver import solve
    from furlib.furglars.plots import dice_flow, game_length_chart

    yield "strategy map, turn score", lambda: lab_plots.strategy_map(n_dice=3, beekin=False, max_score=3), ("x",)
    yield "strategy map, dice", lambda: lab_plots.strategy_map(), ("x2", "y", "y2")
    yield "win map", lambda: lab_plots.win_probability_map(solve(target=6, cache=False)), ("x", "y")
    yield "turn distribution", lambda: lab_plots.turn_distribution_chart(n_turns=200), ("x",)
    yield "turn value, turns", lambda: lab_plots.turn_value_convergence_chart(n_turns=3, log_x=False), ("x",)
    yield "running estimate, rolls", lambda: running_estimate_chart(2, n_rolls=3, log_x=False), ("x",)
    yield "dice flow", lambda: dice_flow(Furglars(2, seed=4).play()), ("y",)
    yield "game length", lambda: game_length_chart([10, 11, 11, 12]), ("x",)


@pytest.mark.parametrize("what, make, axes", list(_other_charts()), ids=[c[0] for c in _other_charts()])
def test_the_games_other_charts_count_in_whole_numbers(what, make, axes):
    fig = make()
    ticks = svg_ticks(FigurePicture(fig).svg())
    for name in axes:
        assert_whole_layout(fig.layout[f"{name[0]}axis{name[1:]}"], f"{what} {name}")
        assert_whole_labels(ticks[name], f"{what} {name} in the picture")


# ------------------------------------------------------------ the SVG drawing
def _figure(**axis) -> go.Figure:
    return go.Figure(go.Scatter(x=[4, 6], y=[0, 1]), layout=dict(xaxis=axis, width=480, height=330))


@pytest.mark.parametrize("axis, want", [
    (dict(), ["4", "4.5", "5", "5.5", "6"]),                             # plotly's own: halves
    (dict(tickformat="d"), ["4", "5", "6"]),                             # whole numbers only, never "4" twice
    (dict(tickformat=",d", dtick=0.5), ["4", "5", "6"]),
    (dict(tickmode="linear", tick0=0, dtick=2), ["4", "6"]),
    (dict(tickmode="array", tickvals=[4, 5, 6]), ["4", "5", "6"]),
    (dict(tickvals=[4, 6], ticktext=["four", "six"]), ["four", "six"]),
    (dict(tickmode="auto", dtick=2, tickvals=[5]), ["4", "4.5", "5", "5.5", "6"]),   # "auto" ignores both
])
def test_the_picture_honours_the_tick_settings(axis, want):
    assert svg_ticks(FigurePicture(_figure(**axis)).svg())["x"] == want


def test_whole_ticks_and_steps():
    assert [whole_step(s) for s in (0, 1, 8, 8.5, 16, 17, 40, 41, 400)] == [1, 1, 1, 2, 2, 5, 5, 10, 50]
    fig = whole_ticks(go.Figure(), values=[4, 5, 6])
    assert (fig.layout.xaxis.tickmode, fig.layout.xaxis.tickvals) == ("array", (4, 5, 6))
    many = whole_ticks(go.Figure(), axis="y", values=list(range(0, 100, 5)))
    assert (many.layout.yaxis.tickmode, many.layout.yaxis.dtick, many.layout.yaxis.tick0) == ("linear", 20, 0)
    assert whole_ticks(go.Figure(), span=3).layout.xaxis.dtick == 1
    with pytest.raises(ValueError, match="axis must be 'x' or 'y'"):
        whole_ticks(go.Figure(), axis="z")


def test_the_colour_bar_honours_its_tick_settings():
    heat = go.Heatmap(z=[[12, 13], [14, 15]], colorbar=dict(tickformat=",d"))
    assert svg_ticks(FigurePicture(go.Figure(heat)).svg())["colorbar"] == ["12", "13", "14", "15"]
    heat = go.Heatmap(z=[[0, 10], [20, 30]], colorbar=dict(tickmode="linear", tick0=0, dtick=10))
    assert svg_ticks(FigurePicture(go.Figure(heat)).svg())["colorbar"] == ["0", "10", "20", "30"]
