"""furlib.lessons: charts with a static fallback, the guess, the class pool."""

from __future__ import annotations

import base64
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import pytest
from IPython.core.formatters import DisplayFormatter

from furlib import lessons
from furlib.lessons import Chart, Prediction, fallback, parse_counts, pool

SVG = "{http://www.w3.org/2000/svg}"
SRC = Path(__file__).resolve().parent.parent / "notebooks"


#: Two series of estimates with their intervals, as furlib's tables give them (a dict of columns here).
SEATS = {"seat": [1, 2, 3, 1, 2, 3], "rate": [0.30, 0.31, 0.39, 0.31, 0.30, 0.39],
         "ci_low": [0.29, 0.30, 0.38, 0.30, 0.29, 0.38], "ci_high": [0.31, 0.32, 0.40, 0.32, 0.31, 0.40],
         "rule": ["on", "on", "on", "off", "off", "off"]}


def charts():
    rng = np.random.default_rng(0)
    lows = rng.random(100) * 0.4 + 0.2
    return {
        "counts": lessons.counts_chart(["furgle", "lock", "hand", "x"], [20, 9, 27, 4], [20, 10, 20, 10]),
        "histogram": lessons.histogram_chart(rng.binomial(60, 1 / 3, 1000), marker=27),
        "running": lessons.running_chart(rng.random(3000) < 5 / 6, Fraction(5, 6)),
        "intervals": lessons.intervals_chart(lows, lows + 0.25, 0.5),
        "shrink": lessons.shrink_chart([10, 40, 160], [0.3, 0.15, 0.075]),
        "pool": pool("Ann: 15/20, Bob: 18/20, 16/20", Fraction(5, 6)).chart(),
        "line": lessons.line_chart([1, 2, 3], [0.9, 0.6, 0.2], title="Falling", reference=0.5, reference_name="half"),
        "estimates": lessons.estimates_chart(SEATS, x="seat", y="rate", by="rule", kind="bars", percent=True,
                                             title="Win rate by seat"),
    }


@pytest.mark.parametrize("name", list(charts()))
def test_every_chart_is_a_plotly_figure_with_its_picture(name):
    """One path: the chart is a plotly figure, and its static picture is that figure's, drawn by the one renderer."""
    chart = charts()[name]
    data, _ = DisplayFormatter().format(chart)
    assert set(data) >= {"image/svg+xml", "text/plain", lessons.PLOTLY_MIME}
    assert data[lessons.PLOTLY_MIME]["data"], "the plotly figure has no trace"
    assert "text/html" not in data, "a text/html output would hide the SVG in a plain HTML export"
    assert data["image/svg+xml"] == lessons.from_figure(chart.figure()).svg()
    root = picture(chart.figure())                      # every trace drawn, an accessible image with the title
    assert root.find(SVG + "title").text == chart.title
    assert len(traces(root)) == len([t for t in chart.traces if t.kind != "hline"])
    assert not hasattr(chart, "svg"), "a Chart draws no picture of its own: its figure's is the one"


def test_the_picture_marks_the_misses_of_the_intervals():
    root = svg_root(lessons.intervals_chart([0.1, 0.6, 0.3], [0.4, 0.9, 0.7], 0.5))     # truth 0.5: one catch
    assert [len(markers(named(root, name))) for name in ("catches the true value", "misses it")] == [1, 2]
    assert {m.get("fill") for m in markers(named(root, "misses it"))} == {lessons.COLORS[1].lower()}


def test_import_furlib_stays_light():
    code = ("import sys, furlib, furlib.lessons, furlib.teaching; "
            "print(sorted(m for m in ('plotly', 'ipywidgets', 'pandas', 'nbformat') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_prediction_compares_guess_simulated_and_exact():
    g = Prediction("Chance of a Furcle with 2 dice?", 0.5)
    text = str(g.compare(simulated=0.83, exact=Fraction(5, 6)))
    assert "0.8333 (5/6)" in text and "0.3333 from the exact answer" in text
    html = g.compare(simulated=0.83, exact=Fraction(5, 6))._repr_html_()
    ElementTree.fromstring(f"<div>{html}</div>")
    assert "no guess written" in str(Prediction("?").compare(simulated=1.0))


def test_prediction_box_sets_the_value():
    pytest.importorskip("ipywidgets")
    g = Prediction("How many Hands?")
    box = g.box()
    box.children[1].value = 3.0
    assert g.value == 3.0


def test_a_prediction_left_at_the_end_of_a_cell_shows_its_box():
    pytest.importorskip("ipywidgets")
    g = Prediction("How many Hands?")
    bundle = g._repr_mimebundle_()         # what Jupyter asks of the last expression of a cell
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"]          # a widget, shown
    box = g.box()                          # the same text box inside
    assert box.children[0].value == "<b>How many Hands?</b>"
    box.children[1].value = 4.0
    assert g.value == 4.0 and repr(g) == "Prediction('How many Hands?', 4.0)"   # a script still reads the repr


def test_parse_counts_reads_names_and_separators():
    assert parse_counts("Ann: 7/20, Bob 4/20; 11 of 20\n Cy Li: 2 out of 5") == [
        ("Ann", 7, 20), ("Bob", 4, 20), ("3", 11, 20), ("Cy Li", 2, 5)]


@pytest.mark.parametrize("text, message", [
    ("Ann: 7/20, Bob: 7/2o", r"entry 2 \('Bob: 7/2o'\) is not a count"),
    ("5/6, 7/6", r"entry 2 \('7/6'\): 7 successes out of 6 tries"),
    ("3/0", r"entry 1 \('3/0'\): 0 tries"),
    (" , ;", "no counts"),
    ("Ann: -1/20", r"entry 1 \('Ann: -1/20'\) is not a count"),
    ("Ann: 2.5/20", r"entry 1 \('Ann: 2.5/20'\) is not a count"),
])
def test_bad_pasted_counts_name_the_bad_entry(text, message):
    with pytest.raises(ValueError, match=message):
        parse_counts(text)


def test_pool_running_estimate():
    p = pool("Ann: 15/20, Bob: 18/20, 16/20", Fraction(5, 6))
    assert (p.successes, p.tries) == (49, 60)
    assert p.running() == [(20, 0.75), (40, 33 / 40), (60, 49 / 60)]
    low, high = p.interval
    assert low < 49 / 60 < high
    assert "pooled estimate 0.817" in str(p)


#: Executed lessons, and how many charts each draws: furlib.lessons charts only, and (furcle-satisfied) a line
#: chart, a two-panel heatmap, a band and bars with dots, all through the furlib renderer of its first cell.
STATIC_LESSONS = {"lesson-fair-die.ipynb": 2, "class-pool.ipynb": 1, "lesson-furcle-satisfied.ipynb": 4}


@pytest.mark.notebooks
@pytest.mark.parametrize("name", list(STATIC_LESSONS))
def test_a_plain_html_export_shows_every_chart(name):
    """``jupyter nbconvert --to html`` of an executed lesson: each chart is an inline SVG image."""
    import nbformat
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter

    nb = nbformat.read(SRC / name, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(SRC)}}).execute()
    charts = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if lessons.PLOTLY_MIME in o.get("data", {})]
    assert len(charts) == STATIC_LESSONS[name]
    assert all("image/svg+xml" in o["data"] for o in charts)
    assert not [o for o in charts if 'class="skipped"' in o["data"]["image/svg+xml"]], "a picture left a trace out"
    body, _ = HTMLExporter().from_notebook_node(nb)
    for o in charts:
        svg = o["data"]["image/svg+xml"]
        title = ElementTree.fromstring(svg).find(SVG + "title").text
        inline = base64.b64encode(svg.encode("utf-8")).decode("ascii")
        assert f'src="data:image/svg+xml;base64,{inline}"' in body or svg in body, (
            f"{name}: the chart {title!r} is not an image in the HTML export")


def test_any_plotly_figure_gets_a_static_picture():
    import json

    import pandas as pd
    import plotly.express as px
    import plotly.graph_objects as go

    fig = go.Figure()
    s = pd.Series([0.1, 0.2, 0.3])
    fig.add_bar(x=pd.Series([0, 1, 2]), y=s, name="exact", marker_color="#56B4E9")
    fig.add_scatter(x=pd.Series([0, 1, 2]), y=s, mode="markers", name="simulated",
                    error_y=dict(type="data", symmetric=False, array=s * 0.1, arrayminus=s * 0.2))
    fig.add_hline(y=0.25, line_dash="dot")
    fig.update_layout(title="Hands", xaxis_title="number of Hands", yaxis_title="share")
    for f in (fig, go.Figure(json.loads(fig.to_json()))):     # plotly's typed arrays too
        root = picture(f)
        assert root.find(f"{SVG}title").text == "Hands"
        assert axis_titles(root) == ["number of Hands", "share"]
        (bars,), (dots,) = traces(root, "bar"), traces(root, "scatter")
        assert [r.find(f"{SVG}title").text for r in bars.findall(f"{SVG}rect")] == [
            "exact: 0: 0.1", "exact: 1: 0.2", "exact: 2: 0.3"]
        assert len(markers(dots)) == 3 and len(dots.findall(f"{SVG}path[@class='error']")) == 3
        assert len(dashed_lines(root)) == 1
        assert legend(root) == ["exact", "simulated"]
    data, _ = DisplayFormatter().format(lessons.static(fig))
    assert set(data) == {lessons.PLOTLY_MIME, "image/svg+xml", "text/plain"}
    ElementTree.fromstring(data["image/svg+xml"])
    line = picture(px.line(x=[1, 2, 3], y=[3, 2, 1], markers=True, title="A line"))
    (trace,) = traces(line, "scatter")
    assert len(trace.findall(f"{SVG}polyline")) == 1 and len(markers(trace)) == 3


def test_a_trace_the_picture_cannot_draw_is_named_and_still_shows():
    import plotly.graph_objects as go

    fig = go.Figure([go.Box(y=[1, 2, 3, 9], name="scores"), go.Scatter(x=[0, 1], y=[2, 3], name="line")])
    pic = lessons.from_figure(fig)
    root = ElementTree.fromstring(pic.svg())
    assert pic.skipped == ["box"]
    assert "Not drawn in this picture: box" in texts(root)[-1]
    assert len(traces(root, "scatter")) == 1
    data, _ = DisplayFormatter().format(lessons.static(fig))
    assert lessons.PLOTLY_MIME in data and "image/svg+xml" in data


def fills(root) -> list:
    return [e for g in traces(root, "fill") for e in g if e.get("class") == "fill"]


def unnamed(svg: str) -> str:
    """An SVG picture without its figure's id (a digest of the figure, which names its clip paths)."""
    return re.sub(r"\bf[0-9a-f]{8}-clip", "clip", svg)


def test_tonext_fills_the_ring_between_two_traces():
    import plotly.graph_objects as go

    from furlib.core.charts.svg import PLOTLY_COLORWAY, figure_svg

    outer = dict(x=[0, 4, 4, 0, 0], y=[0, 0, 4, 4, 0], mode="lines", name="outer")
    inner = dict(x=[1, 3, 3, 1, 1], y=[1, 1, 3, 3, 1], mode="lines", name="inner")
    root = picture(go.Figure([go.Scatter(**outer), go.Scatter(**inner, fill="tonext")], layout_title="Ring"))
    (ring,) = fills(root)
    assert ring.tag == f"{SVG}path"
    assert (ring.get("fill"), ring.get("fill-opacity")) == (PLOTLY_COLORWAY[1].lower(), "0.5")

    def line(name):
        (g,) = [g for g in traces(root, "scatter") if g.get("data-name") == name]
        (polyline,) = g.iter(f"{SVG}polyline")
        return polyline.get("points").split()
    d = ring.get("d")
    assert d.count("M") == 2 and d.endswith(" Z")       # as plotly.js: both traces closed on themselves
    first, second = (run.replace("M", "").replace("L", "").split() for run in d.split(" Z")[:2])
    assert first == line("inner") and second == line("outer")[::-1]     # the outer one reversed: the inner is a hole
    # with no trace before it, tonext fills as toself; tonextx as tozerox, tonexty as tozeroy (axes fixed)
    axes = dict(xaxis_range=[-1, 5], yaxis_range=[-1, 5])
    for alone, like in [("tonext", "toself"), ("tonextx", "tozerox"), ("tonexty", "tozeroy")]:
        svg = figure_svg(go.Figure(go.Scatter(**inner, fill=alone), layout=axes))
        assert unnamed(svg) == unnamed(figure_svg(go.Figure(go.Scatter(**inner, fill=like), layout=axes)))
        (area,) = fills(ElementTree.fromstring(svg))
        assert area.tag == f"{SVG}polygon"


def test_a_fill_that_is_not_drawn_draws_nothing():
    from furlib.core.charts.svg import figure_svg

    trace = {"type": "scatter", "x": [0, 1, 2], "y": [1, 3, 2], "mode": "lines"}
    plain = unnamed(figure_svg({"data": [trace]}))
    for fill in ("none", "sideways"):                   # plotly's "none", and a value plotly does not know
        svg = figure_svg({"data": [{**trace, "fill": fill}]})
        assert unnamed(svg) == plain and not fills(ElementTree.fromstring(svg))


def test_the_plotly_renderer():
    import plotly.graph_objects as go
    import plotly.io as pio

    before = pio.renderers.default
    try:
        lessons.use_static_fallback()
        assert pio.renderers.default == "furlib"
        bundle = pio.renderers["furlib"].to_mimebundle(go.Figure(go.Bar(x=[1, 2], y=[3, 4])).to_dict())
        assert {"image/svg+xml", lessons.PLOTLY_MIME} <= set(bundle)
    finally:
        pio.renderers.default = before


def test_the_docs_renderer_is_honoured(monkeypatch):
    """The docs build sets PLOTLY_RENDERER=notebook: static pages get plotly's offline HTML, not the JSON mimetype
    (which myst-nb cannot render and warns about)."""
    import plotly.io as pio

    chart = lessons.counts_chart(["a", "b"], [1, 2])
    before = pio.renderers.default
    monkeypatch.setenv("PLOTLY_RENDERER", "notebook")
    try:
        pio.renderers.default = "notebook"
        data, _ = DisplayFormatter().format(chart)
    finally:
        pio.renderers.default = before
    assert "text/html" in data and lessons.PLOTLY_MIME not in data and "image/svg+xml" in data


def test_the_fallback_renderer_wraps_the_docs_renderer(monkeypatch):
    """A lesson's first cell sets up the furlib renderer; in the docs build (PLOTLY_RENDERER=notebook) every chart
    then carries plotly's offline HTML and the picture, and the renderer never calls itself."""
    import plotly.graph_objects as go
    import plotly.io as pio

    before = pio.renderers.default
    monkeypatch.setenv("PLOTLY_RENDERER", "notebook")
    try:
        pio.renderers.default = "notebook"
        lessons.use_static_fallback()
        lessons.use_static_fallback()                                  # a cell run twice
        assert pio.renderers.default == "furlib" and fallback._RENDERERS["before"] == "notebook"
        bundle = pio.renderers["furlib"].to_mimebundle(go.Figure(go.Heatmap(z=[[1, 2], [3, 4]])).to_dict())
        chart, _ = DisplayFormatter().format(lessons.counts_chart(["a", "b"], [1, 2]))
    finally:
        pio.renderers.default = before
    for data in (bundle, chart):
        assert {"text/html", "image/svg+xml"} <= set(data) and lessons.PLOTLY_MIME not in data


# ---------------------------------------------------------------- the helpers that replaced inline plotly

def svg_root(chart: Chart) -> ElementTree.Element:
    """The chart's static picture (its plotly figure's, drawn by furlib.core.charts.svg), parsed."""
    return picture(chart.figure())


def tick_labels(root) -> dict[str, list[str]]:
    """The tick labels of a picture, by axis."""
    out: dict[str, list[str]] = {}
    for t in root.iter(f"{SVG}text"):
        if t.get("class") == "tick":
            out.setdefault(t.get("data-axis"), []).append("".join(t.itertext()))
    return out


def test_line_chart_draws_the_exact_values_dots_and_a_reference():
    from math import perm

    sizes = list(range(1, 61))
    exact = [perm(365, n) / 365 ** n for n in sizes]          # all birthdays different
    chart = lessons.line_chart(sizes, exact, reference=0.5, reference_name="one half", title="Birthdays",
                               x_label="people", y_label="P(all different)")
    fig = chart.figure()
    line, dots = fig.data
    assert (line.mode, dots.mode) == ("lines", "markers") and line.line.color == dots.marker.color
    assert list(line.x) == list(dots.x) == sizes and list(line.y) == list(dots.y) == exact
    assert dots.showlegend is False
    assert [sh.y0 for sh in fig.layout.shapes] == [0.5]
    assert (fig.layout.xaxis.title.text, fig.layout.yaxis.title.text) == ("people", "P(all different)")
    root = svg_root(chart)
    drawn_line, drawn_dots = traces(root, "scatter")
    assert len(drawn_line.find(f"{SVG}polyline").get("points").split()) == 60 and not markers(drawn_line)
    assert len(markers(drawn_dots)) == 60
    assert "one half" in texts(root) and len(dashed_lines(root)) == 1
    no_dots = lessons.line_chart([1, 2], [3, 4], title="t", markers=False)
    assert [t.kind for t in no_dots.traces] == ["line"]


def test_line_chart_in_percent_within_a_range():
    chart = lessons.line_chart([10, 20, 30], [0.694, 0.662, 0.643], percent=True, y_range=(0.5, 0.75), title="Edge")
    fig = chart.figure()
    assert fig.layout.yaxis.tickformat == ".0%" and tuple(fig.layout.yaxis.range) == (0.5, 0.75)
    assert tick_labels(svg_root(chart)) == {"x": ["10", "20", "30"], "y": ["50%", "55%", "60%", "65%", "70%", "75%"]}


def test_an_axis_that_counts_has_whole_ticks_as_in_the_games_charts():
    """The lessons' charts tick a counting axis by the games' one rule (whole_ticks), in the figure and the picture."""
    small = lessons.counts_chart([1, 2, 3], [1, 3, 2], title="Three counts")      # plotly alone: 0.5, 1.5, 2.5
    fig = small.figure()
    assert (fig.layout.xaxis.tickmode, fig.layout.xaxis.tickvals) == ("array", (1, 2, 3))
    assert (fig.layout.yaxis.tickmode, fig.layout.yaxis.dtick, fig.layout.yaxis.tick0) == ("linear", 1, 0)
    assert tick_labels(svg_root(small)) == {"x": ["1", "2", "3"], "y": ["0", "1", "2", "3"]}
    lows = np.linspace(0.2, 0.6, 40)
    many = lessons.intervals_chart(lows, lows + 0.25, 0.5).figure()              # 40 samples: every whole_step
    assert (many.layout.xaxis.tickmode, many.layout.xaxis.dtick) == ("linear", 5)
    assert tick_labels(picture(many))["x"] == ["0", "5", "10", "15", "20", "25", "30", "35", "40"]
    histogram = lessons.histogram_chart([2, 3, 3, 4, 4, 4])                      # labels are texts: categories
    fig = histogram.figure()
    assert (fig.layout.xaxis.type, fig.layout.xaxis.tickvals, fig.layout.yaxis.dtick) == ("category", None, 1)
    assert tick_labels(svg_root(histogram)) == {"x": ["2", "3", "4"], "y": ["0", "1", "2", "3"]}
    # shares, percentages, fractions and a log axis keep plotly's own ticks
    for chart in (lessons.line_chart([1, 2, 3], [0.9, 0.6, 0.2], title="t", percent=True),
                  lessons.running_chart([1, 0, 1, 1]), lessons.shrink_chart([10, 40, 160], [3, 2, 1]),
                  lessons.counts_chart(["a", "b"], [1.5, 2])):
        fig = chart.figure()
        assert fig.layout.yaxis.tickmode is None, chart.title
    assert lessons.shrink_chart([10, 40, 160], [3, 2, 1]).figure().layout.xaxis.tickmode is None


def test_estimates_as_grouped_bars_with_whiskers():
    chart = lessons.estimates_chart(SEATS, x="seat", y="rate", by="rule", names="X factor {}", kind="bars",
                                    percent=True, title="Win rate by seat", x_label="seat (1 plays first)")
    fig = chart.figure()
    assert [(t.type, t.name) for t in fig.data] == [("bar", "X factor on"), ("bar", "X factor off")]
    on, off = fig.data
    assert list(on.x) == [1, 2, 3] and list(on.y) == [0.30, 0.31, 0.39] and list(off.y) == [0.31, 0.30, 0.39]
    assert on.error_y.array == pytest.approx([0.01] * 3) and on.error_y.arrayminus == pytest.approx([0.01] * 3)
    assert on.marker.color != off.marker.color
    assert (fig.layout.yaxis.tickformat, fig.layout.yaxis.title.text) == (".0%", "rate")
    root = svg_root(chart)
    assert [bar_titles(g) for g in traces(root, "bar")] == [
        ["X factor on: 1: 30.0%", "X factor on: 2: 31.0%", "X factor on: 3: 39.0%"],
        ["X factor off: 1: 31.0%", "X factor off: 2: 30.0%", "X factor off: 3: 39.0%"]]
    whiskers = [e for g in traces(root, "bar") for e in g.findall(f"{SVG}path[@class='error']")]
    assert len(whiskers) == 6 and {e.get("stroke") for e in whiskers} == {lessons.WHISKER}
    assert [t.name for t in lessons.estimates_chart(SEATS, x="seat", y="rate", by="rule").traces] == ["on", "off"]


def test_estimates_as_lines_against_a_fair_share():
    chart = lessons.estimates_chart(SEATS, x="seat", y="rate", by="rule", names="{} rule", kind="lines",
                                    reference=1 / 3, reference_name="fair")
    assert [(t.kind, t.name) for t in chart.traces] == [("line", "on rule"), ("points", ""), ("line", "off rule"),
                                                        ("points", ""), ("hline", "fair")]
    dots = chart.traces[1]
    assert (dots.low, dots.high) == ([0.29, 0.30, 0.38], [0.31, 0.32, 0.40])
    assert chart.traces[0].color == dots.color != chart.traces[2].color
    assert chart.traces[4].y == [1 / 3]
    bare = lessons.estimates_chart(SEATS, x="seat", y="rate", low=None, high=None)
    assert [(t.kind, t.name, t.low) for t in bare.traces] == [("points", "rate", None)]


def test_estimates_against_exact_bars_of_the_binomial():
    import pandas as pd

    from furlib.furglars.analysis import count_comparison, count_distribution, simulate_rolls

    small = count_comparison(simulate_rolls(8, 1_000, seed=2), "hand")
    big = count_comparison(simulate_rolls(8, 10_000, seed=1), "hand")
    samples = pd.concat([small.assign(sample="1,000 rolls"), big.assign(sample="10,000 rolls")])
    chart = lessons.estimates_chart(samples, x="n", y="freq", by="sample", exact="p", exact_name="exact (binomial)",
                                    percent=True, title="Hands")
    exact, first, second = chart.traces
    binomial = count_distribution(8, "hand")
    assert (exact.kind, exact.name, exact.color) == ("bar", "exact (binomial)", lessons.EXACT_COLOR)
    assert exact.x == list(range(9)) and exact.y == [float(binomial[n]) for n in range(9)]
    assert exact.y[2] == exact.y[3] == 1792 / 6561
    assert (first.kind, first.name, second.name) == ("points", "1,000 rolls", "10,000 rolls")
    assert first.y == small.freq.tolist() and first.low == small.ci_low.tolist() and second.high == big.ci_high.tolist()
    assert sum(first.y) == pytest.approx(1)
    assert [len(markers(g)) for g in traces(svg_root(chart), "scatter")] == [9, 9]


@pytest.mark.parametrize("kwargs, message", [
    ({"kind": "pie"}, "kind must be 'dots', 'lines' or 'bars'"),
    ({"low": None}, "give both low and high"),
    ({"exact": "rate", "kind": "bars"}, "exact values are drawn as bars"),
    ({"by": "rules"}, r"no column 'rules'; its columns are \['seat', 'rate'"),
    ({"exact": "rate"}, "two rows at seat = 1 give different exact values"),
])
def test_estimates_chart_says_what_is_wrong(kwargs, message):
    with pytest.raises(ValueError, match=message):
        lessons.estimates_chart(SEATS, **{"x": "seat", "y": "rate", **kwargs})


@pytest.mark.parametrize("method", ["bars", "points"])
@pytest.mark.parametrize("kwargs, message", [
    ({"low": [0.5, 1.5]}, r"^low=\[0\.5, 1\.5\] is given but high is not: give both low and high "
                          r"\(the two ends of each whisker\), or neither$"),
    ({"high": np.array([1.5, 2.5])}, r"^high=\[1\.5, 2\.5\] is given but low is not: give both low and high "
                                     r"\(the two ends of each whisker\), or neither$"),
    ({"low": [0.5], "high": [1.5, 2.5]},
     r"^low has 1 value but y has 2: give one low per value of y, got low=\[0\.5\]$"),
    ({"low": [0.5, 1.5], "high": [1, 2, 3]},
     r"^high has 3 values but y has 2: give one high per value of y, got high=\[1, 2, 3\]$"),
])
def test_whiskers_need_both_ends_one_per_value(method, kwargs, message):
    chart = Chart("t").line([1, 2], [1, 2])
    before = list(chart.traces)
    with pytest.raises(ValueError, match=message):
        getattr(chart, method)([1, 2], [1, 2], **kwargs)
    assert chart.traces == before                     # the chart is left unchanged
    svg_root(chart)


def test_whiskers_with_both_ends_are_drawn():
    chart = Chart("t").bars(["a", "b"], [1, 2], low=[0.5, 1.5], high=np.array([1.5, 2.5]))
    chart.points(["a", "b"], [1, 2], low=np.array([0.8, 1.8]), high=[1.2, 2.2])
    assert chart.traces[0].high == [1.5, 2.5] and chart.traces[1].low == [0.8, 1.8]
    assert [len(g.findall(f"{SVG}path[@class='error']")) for g in traces(svg_root(chart))] == [2, 2]
    bar, dots = chart.figure().data
    assert list(bar.error_y.array) == [0.5, 0.5] and list(dots.error_y.arrayminus) == pytest.approx([0.2, 0.2])


def test_a_long_legend_wraps_inside_the_picture():
    chart = lessons.estimates_chart(SEATS, x="seat", y="rate", by="rule",
                                    names="a rather long name for the series of the rule {}, to wrap",
                                    reference=0.35, reference_name="another long name for a reference line")
    root = svg_root(chart)
    group = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "legend")
    entries = list(group.iter(f"{SVG}text"))
    assert len(entries) == 2 and len({t.get("y") for t in entries}) == 2              # one row each
    assert all(float(t.get("x")) + 7 * len(t.text) <= float(root.get("width")) for t in entries)
    assert "another long name for a reference line" in texts(root)                  # the line's own label


#: Lessons that built their charts with inline plotly until issue 11; now every lesson uses furlib's helpers.
INLINE = re.compile(r"^\s*(import plotly|from plotly)|\bgo\.Figure\(|\bpx\.|\.plot\(|\.plot\.|\.hist\(|\bfig\.",
                    flags=re.M)


@pytest.mark.parametrize("path", sorted(SRC.glob("lesson-*.ipynb")), ids=lambda p: p.name)
def test_lessons_build_no_chart_inline(path):
    import nbformat

    nb = nbformat.read(path, as_version=4)
    inline = {i: INLINE.search(c.source).group(0).strip() for i, c in enumerate(nb.cells)
              if c.cell_type == "code" and INLINE.search(c.source)}
    assert not inline, (f"{path.name} builds charts inline (cell: code) {inline}: use a helper of furlib.lessons "
                        f"(line_chart, estimates_chart, counts_chart, ...) or of the game's plots module")


def test_the_inline_check_catches_plotly_and_pandas_plotting():
    for code in ("import plotly.express as px", "from plotly import graph_objects as go", "fig = go.Figure()",
                 "df.plot(kind='bar')", "df.plot.bar()", "s.hist()", "fig.add_hline(y=1)", "px.line(x=[1])"):
        assert INLINE.search(code), code
    for code in ("from furlib.lessons import line_chart", "line_chart(ks, values, title='k')",
                 "by_count.pivot(index='seat')", "turn_distribution_chart(best)"):
        assert not INLINE.search(code), code


# ---------------------------------------------------------------- the games' charts in the lessons, as pictures

def picture(fig) -> ElementTree.Element:
    """The SVG picture of a plotly figure, parsed; it must have drawn every trace."""
    pic = lessons.from_figure(fig)
    root = ElementTree.fromstring(pic.svg())
    assert pic.skipped == [], f"the picture of {pic.title!r} leaves out {pic.skipped}"
    assert root.get("role") == "img" and root.find(f"{SVG}title").text == pic.title
    return root


def traces(root, kind=None) -> list:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == "trace" and kind in (None, g.get("data-type"))]


def named(root, name):
    (g,) = [g for g in traces(root) if g.get("data-name") == name]
    return g


def markers(trace) -> list:
    group = trace.find(f"{SVG}g[@class='markers']")
    return [] if group is None else list(group)


def texts(root) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def axis_titles(root) -> list[str]:
    return [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "axis-title"]


def legend(root) -> list[str]:
    group = next((g for g in root.iter(f"{SVG}g") if g.get("class") == "legend"), None)
    return [] if group is None else ["".join(t.itertext()) for t in group.iter(f"{SVG}text")]


def dashed_lines(root) -> list:
    return [el for el in root.iter() if el.get("class") in ("shape", "line") and el.get("stroke-dasharray")]


def bar_titles(trace) -> list[str]:
    return [r.find(f"{SVG}title").text for r in trace.findall(f"{SVG}rect")]


def heading(root) -> tuple[str, str]:
    desc = root.find(f"{SVG}desc")
    return root.find(f"{SVG}title").text, "" if desc is None else desc.text


def test_score_trajectories_picture():
    from furlib import Furcle
    from furlib.furcle.plots import score_trajectories

    g = Furcle(players=["Ann", "Bob"], seed=7, target=50).play()
    fig = score_trajectories(g, x="turn")
    root = picture(fig)
    assert heading(root) == (f"Oh Furcle! {g.winner} wins (target 50)",
                             f"after {g.turn - 1} turns, {g.n_steps} steps")
    assert axis_titles(root) == ["Turn (scores at its end)", "Track score (points)"]
    assert legend(root) == [t.name for t in fig.data]
    for player, trace in zip(["Ann", "Bob"], fig.data):
        g_ = named(root, player)
        (line,) = g_.findall(f"{SVG}polyline")
        n = len(trace.x)
        assert len(line.get("points").split()) == 2 * n - 1        # a step (hv) line: two corners per turn
        assert len(markers(g_)) == (n if n <= 60 else 0)
    marks = [t for t in fig.data if t.name in ("New Leader", "Oh Furcle!")]
    for trace in marks:
        assert len(markers(named(root, trace.name))) == len(trace.x)
    notes = [a.text for a in fig.layout.annotations]
    assert "target 50" in notes and all(n in texts(root) for n in notes)
    assert len(root.findall(f".//{SVG}path[@class='arrow']")) == len(notes) - 1     # every Leader label points
    assert len(dashed_lines(root)) == 1                                            # the target line


def test_running_estimate_chart_picture():
    from furlib.furcle.plots import running_estimate_chart

    fig = running_estimate_chart(n_dice=2, n_rolls=200)
    root = picture(fig)
    assert heading(root)[0] == "Simulated chance of a Furcle: 2 dice, no Beekin"
    assert legend(root) == ["95% interval (Wilson)", "Running estimate", "Exact value"]
    (band,) = traces(root, "fill")
    assert band.get("data-name") == "95% interval (Wilson)"
    assert len(band.find(f"{SVG}polygon").get("points").split()) == 2 * 200      # low line and top line
    (line,) = named(root, "Running estimate").findall(f"{SVG}polyline")
    assert len(line.get("points").split()) == 200
    assert named(root, "Exact value").find(f"{SVG}polyline").get("stroke-dasharray")
    labels = texts(root)
    assert {"1", "10", "100", "200"} <= set(labels) and {"0%", "100%"} <= set(labels)
    assert axis_titles(root) == ["Number of rolls so far (log scale)", "Share of rolls that were Furcles"]


def test_furcle_probability_chart_picture():
    from furlib.furcle.plots import furcle_probability_chart

    fig = furcle_probability_chart(4, n_rolls=500)
    root = picture(fig)
    exact, exact_b, sim, sim_b = fig.data
    assert legend(root) == [t.name for t in fig.data]
    for bars, dots in ((exact, sim), (exact_b, sim_b)):
        rects = named(root, bars.name).findall(f"{SVG}rect")
        assert len(rects) == 3
        assert [t.text for t in named(root, bars.name).findall(f"{SVG}text")] == list(bars.text)
        dots_g = named(root, dots.name)
        assert len(markers(dots_g)) == 3 and len(dots_g.findall(f"{SVG}path[@class='error']")) == 3
        middles = [float(r.get("x")) + float(r.get("width")) / 2 for r in rects]      # each dot over its bar
        assert [float(c.get("cx")) for c in markers(dots_g)] == pytest.approx(middles, abs=0.2)
    assert axis_titles(root) == ["Number of dice rolled", "Chance that the roll is a Furcle"]
    assert {"2", "3", "4", "0%", "100%"} <= set(texts(root))


def test_strategy_map_picture():
    from furlib.furcle.lab_plots import BANK_COLOR, ROLL_COLOR, strategy_map

    fig = strategy_map(n_dice=3, max_score=12)
    root = picture(fig)
    assert heading(root)[0] == "Roll or be Satisfied? The turn with the most points on average"
    cells = {t.get("data-name"): t.findall(f"{SVG}rect") for t in traces(root, "heatmap")}
    assert list(cells) == ["Beekin in hand", "no Beekin (used, or not in the rules)"]
    for trace in fig.data[:2]:
        rects, z = cells[trace.name], [v for row in trace.z for v in row]
        assert len(rects) == 2 * 12 == len(z)                       # 2 or 3 dice left, turn scores 1 to 12
        assert [r.get("fill").lower() for r in rects] == [(ROLL_COLOR if v else BANK_COLOR).lower() for v in z]
        tips = [r.find(f"{SVG}title").text for r in rects]            # each cell's hover text, as a tooltip
        hover = [" ".join(re.sub(r"<[^>]+>", "", part) for part in text.split("<br>"))
                 for row in trace.customdata for text in row]
        assert tips == hover and tips[0].startswith("turn score 1, 2 dice left:")
    assert legend(root) == ["Roll again", "Be Satisfied"]             # the colours' meaning
    swatches = [el.get("fill").lower() for el in next(g for g in root.iter(f"{SVG}g") if g.get("class") == "legend")
                if el.tag == f"{SVG}rect"]
    assert swatches == [ROLL_COLOR.lower(), BANK_COLOR.lower()]
    assert {"Beekin in hand", "no Beekin (used, or not in the rules)"} <= set(texts(root))   # the panels' titles
    assert axis_titles(root) == ["turn score (this roll included)", "dice left", "dice left"]


def test_win_probability_map_picture():
    from furlib.furcle.lab_plots import win_probability_map
    from furlib.furcle.solver import solve

    sol = solve(target=10)
    root = picture(win_probability_map(sol))
    (heat,) = traces(root, "heatmap")
    rects = heat.findall(f"{SVG}rect")
    assert len(rects) == 10 * 10
    assert rects[0].find(f"{SVG}title").text.endswith(f": {sol.first_player_win:.0%}")
    blue = rects[-10]                                                 # you 9, opponent 0: you nearly surely win
    assert int(blue.get("fill")[1:3], 16) < int(blue.get("fill")[5:7], 16)
    bar = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "colorbar")
    assert ["".join(t.itertext()) for t in bar.iter(f"{SVG}text")] == ["win", "chance", "0%", "20%", "40%", "60%",
                                                                      "80%", "100%"]
    (contour,) = traces(root, "contour")
    (path,) = contour.findall(f"{SVG}path")
    assert path.get("d").count("M") == 1 and path.get("stroke-dasharray")   # one dashed curve, one dash pattern
    assert "50%" in texts(root)
    assert axis_titles(root) == ["opponent's score", "your score (you are about to roll)"]


def test_turn_value_convergence_chart_picture():
    from furlib.furcle.lab_plots import turn_value_convergence_chart

    fig = turn_value_convergence_chart(n_turns=500, n_dice=3)
    root = picture(fig)
    assert legend(root) == ["95% confidence band", "Running mean", "Exact value"]
    assert len(traces(root, "fill")) == 1
    (line,) = named(root, "Running mean").findall(f"{SVG}polyline")
    assert len(line.get("points").split()) == len(fig.data[2].x) == 499
    assert fig.layout.annotations[0].text in texts(root)
    assert axis_titles(root) == ["number of turns so far (log scale)", "average points a turn"]


def test_turn_distribution_chart_picture():
    from furlib.furcle.lab_plots import turn_distribution_chart

    fig = turn_distribution_chart(n_turns=2000, n_dice=3)
    root = picture(fig)
    exact, simulated = fig.data
    assert len(named(root, "Exact").findall(f"{SVG}rect")) == len(exact.x)
    dots = named(root, "Simulated")
    assert len(markers(dots)) == len(dots.findall(f"{SVG}path[@class='error']")) == len(simulated.x)
    assert bar_titles(named(root, "Exact"))[0] == f"Exact: 0: {exact.y[0]:.1%}"
    assert any(t.endswith(".0%") for t in texts(root))                # the axis's ".1%" ticks
    assert axis_titles(root) == ["points banked in one turn (0: lost to a Furcle)", "chance"]


def test_furglars_seat_win_rate_chart_picture():
    from furlib.furglars.plots import seat_win_rate_chart

    root = picture(seat_win_rate_chart([1, 2, 1, 1], n_seats=3))
    bars = named(root, "win rate")
    assert bar_titles(bars) == ["win rate: Seat 1: 75.0%", "win rate: Seat 2: 25.0%", "win rate: Seat 3: 0.0%"]
    assert len(bars.findall(f"{SVG}path[@class='error']")) == 3
    assert legend(root) == ["win rate", "fair share 1/3"] and len(dashed_lines(root)) == 1
    assert {"Seat 1", "Seat 2", "Seat 3"} <= set(texts(root))
    assert axis_titles(root) == ["Seat (seat 1 plays first)", "Share of games won"]


def test_furglars_game_length_chart_picture():
    import pandas as pd

    from furlib.furglars.plots import game_length_chart

    games = pd.DataFrame({"turns": [10, 12, 12, 15, 11, 12], "x_factor": ["on"] * 3 + ["off"] * 3})
    fig = game_length_chart(games, by="x_factor")
    root = picture(fig)
    assert legend(root) == ["x_factor = off", "x_factor = on"]
    groups = [named(root, t.name).findall(f"{SVG}rect") for t in fig.data]
    assert [len(g) for g in groups] == [len(t.x) for t in fig.data] == [6, 6]
    for off, on in zip(*groups):                                      # side by side, not on top of each other
        assert float(off.get("x")) + float(off.get("width")) <= float(on.get("x")) + 0.1
    single = picture(game_length_chart([10, 12, 12, 15]))
    assert {"mean 12.2", "median 12.0"} <= set(texts(single)) and len(dashed_lines(single)) == 2
    assert axis_titles(root) == ["Game length (turns played before the winning cash-in)", "Share of games"]


def test_poker_exact_vs_simulated_chart_picture():
    from furlib.poker.analysis import KINDS
    from furlib.poker.plots import exact_vs_simulated_chart

    fig = exact_vs_simulated_chart(8, size=3, n=200, seed=1)
    root = picture(fig)
    exact, simulated = (named(root, t.name) for t in fig.data)
    assert len(exact.findall(f"{SVG}rect")) == len(simulated.findall(f"{SVG}rect")) == len(KINDS)
    assert len(exact.findall(f"{SVG}path[@class='error']")) == 0
    assert len(simulated.findall(f"{SVG}path[@class='error']")) == len(KINDS)
    assert set(KINDS) <= set(texts(root)) and {"0", "0.2", "1"} <= set(texts(root))
    assert heading(root)[0] == "3+ card combinations in 8 cards: exact and simulated"


def test_thieves_seat_win_rate_chart_picture():
    from furlib.thieves.analysis import play_games, seat_table
    from furlib.thieves.plots import seat_win_rate_chart

    table = seat_table(play_games(*thieves_games(), seed=1), ["Greedy A", "Greedy B"])
    root = picture(seat_win_rate_chart(table))
    assert legend(root) == ["Greedy A", "Greedy B", "either"]
    for bot in ("Greedy A", "Greedy B", "either"):
        rows = table[table.bot == bot]
        assert bar_titles(named(root, bot)) == [f"{bot}: seat {s}: {r:.1%}" for s, r in zip(rows.seat, rows.win_rate)]
    assert "50%" in texts(root) and len(dashed_lines(root)) == 1
    assert axis_titles(root) == ["seat (seat 1 begins)", "win rate"]


def test_thieves_game_length_chart_picture():
    from furlib.thieves.analysis import play_games
    from furlib.thieves.plots import game_length_chart

    games = play_games(*thieves_games(), seed=1)
    won = [g.turn for g in games if g.winner is not None]
    root = picture(game_length_chart(games))
    (hist,) = traces(root, "histogram")
    rects = hist.findall(f"{SVG}rect")
    counts = [float(t.rsplit(": ", 1)[1]) for t in bar_titles(hist)]
    assert sum(counts) == len(won)
    assert len({r.get("width") for r in rects}) == 1                  # bins of 5 turns, all alike
    assert axis_titles(root) == ["turns played", "games"]


def thieves_games():
    from furlib.thieves.bots import Greedy

    return [Greedy(), Greedy()], 10


#: The game charts the lessons draw (module.function), each pictured by a test above.
PICTURED = {"furcle.plots.score_trajectories", "furcle.plots.running_estimate_chart",
            "furcle.plots.furcle_probability_chart", "furcle.lab_plots.strategy_map",
            "furcle.lab_plots.win_probability_map", "furcle.lab_plots.turn_value_convergence_chart",
            "furcle.lab_plots.turn_distribution_chart", "furglars.plots.seat_win_rate_chart",
            "furglars.plots.game_length_chart", "poker.plots.exact_vs_simulated_chart",
            "thieves.plots.seat_win_rate_chart", "thieves.plots.game_length_chart"}
GAME_CHARTS = re.compile(r"^from furlib\.(\w+\.(?:plots|lab_plots)) import ([\w, ]+)$", flags=re.M)


def test_every_game_chart_a_lesson_draws_has_a_picture_test():
    import nbformat

    drawn = set()
    for path in SRC.glob("lesson-*.ipynb"):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code":
                drawn |= {f"{m.group(1)}.{name.strip()}" for m in GAME_CHARTS.finditer(cell.source)
                          for name in m.group(2).split(",")}
    assert drawn, "no lesson imports a game chart: is the pattern out of date?"
    assert drawn <= PICTURED, f"lessons draw {sorted(drawn - PICTURED)}: add a picture test for each"


# ---------------------------------------------------------------- every lesson's charts carry their pictures

#: A lesson shows a chart when it imports one: a furlib.lessons chart, or a game's plots, lab_plots or lab.
SHOWS_CHARTS = re.compile(r"^from furlib\.\w+\.(plots|lab_plots|lab) import|"
                          r"^from furlib\.lessons import .*\b(Chart|\w+_chart|static)\b", flags=re.M)


@pytest.mark.parametrize("path", sorted(SRC.glob("lesson-*.ipynb")), ids=lambda p: p.name)
def test_a_lesson_with_charts_sets_up_their_pictures_first(path):
    import nbformat

    from furlib import teaching

    nb = nbformat.read(path, as_version=4)
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    if not any(SHOWS_CHARTS.search(source) for source in code):
        return
    assert teaching.sets_up_static_charts(nb), (
        f"{path.name} shows charts: start its first code cell with\n{teaching.STATIC_CHARTS_CODE}\n"
        f"so every chart carries a picture in a plain HTML export, GitHub's preview and a PDF")
    assert sum(s.count("use_static_fallback()") for s in code) == 1


def test_the_chart_check_knows_a_chart_when_it_sees_one():
    for code in ("from furlib.lessons import Chart", "from furlib.lessons import Prediction, line_chart",
                 "from furlib.furcle.lab_plots import strategy_map", "from furlib.furcle.lab import rules_lab",
                 "from furlib.thieves.plots import game_length_chart", "from furlib.lessons import static"):
        assert SHOWS_CHARTS.search(code), code
    for code in ("from furlib.lessons import Prediction", "from furlib.furglars.analysis import count_distribution",
                 "from furlib.core.stats import estimate"):
        assert not SHOWS_CHARTS.search(code), code


def test_a_marked_histogram_names_its_marked_bars_with_their_own_colour_and_keeps_every_bar_whole():
    values = [10] * 3 + [11] * 5 + [12] * 4 + [13] * 2 + [14]
    chart = lessons.histogram_chart(values, marker=12, marker_name="Kenzie's die")
    fig = chart.figure()
    below, beyond = fig.data
    assert (list(below.x), list(below.y), below.marker.color, below.showlegend) == (
        ["10", "11"], [3.0, 5.0], lessons.COLORS[0], False)
    assert (list(beyond.x), list(beyond.y), beyond.marker.color, beyond.name) == (
        ["12", "13", "14"], [4.0, 2.0, 1.0], lessons.COLORS[1], "Kenzie's die or more")
    assert below.offsetgroup is not None and below.offsetgroup == beyond.offsetgroup   # one place per value
    root = svg_root(chart)
    assert legend(root) == ["Kenzie's die or more"]
    group = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "legend")
    assert [r.get("fill") for r in group.iter(f"{SVG}rect")] == [lessons.COLORS[1].lower()]   # its own colour
    traces = [g for g in root.iter(f"{SVG}g") if g.get("class") == "trace" and g.get("data-type") == "bar"]
    bars = [r for g in traces for r in g.iter(f"{SVG}rect")]
    assert len(traces) == 2 and len(bars) == 5
    assert len({r.get("width") for r in bars}) == 1     # every bar as wide as the others
    lefts = sorted(float(r.get("x")) for r in bars)
    width, step = float(bars[0].get("width")), lefts[1] - lefts[0]
    assert 0.7 < width / step < 1                       # and none halved beside an empty place of the other colour
    # every value at or beyond the mark, and none below it: one trace left empty, the legend unchanged
    assert [list(t.x) for t in lessons.histogram_chart([5, 6], marker=5).figure().data] == [[], ["5", "6"]]
    assert [list(t.x) for t in lessons.histogram_chart([5, 6], marker=9).figure().data] == [["5", "6"], []]


def test_a_bar_group_must_be_a_name():
    with pytest.raises(ValueError, match=r"^group must be a name \(a str\).*got \[1\]$"):
        Chart("t").bars(["a"], [1], group=[1])
