"""furlib.lessons: charts with a static fallback, the guess, the class pool."""

from __future__ import annotations

import base64
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import pytest
from IPython.core.formatters import DisplayFormatter

from furlib import lessons
from furlib.lessons import Chart, Prediction, parse_counts, pool

SVG = "{http://www.w3.org/2000/svg}"
SRC = Path(__file__).resolve().parent.parent / "notebooks"


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
    }


@pytest.mark.parametrize("name", list(charts()))
def test_every_chart_is_an_accessible_svg_and_a_plotly_figure(name):
    chart = charts()[name]
    root = ElementTree.fromstring(chart.svg())
    assert root.tag == SVG + "svg" and root.get("role") == "img"
    assert root.find(SVG + "title").text == chart.title
    assert len(list(root.iter())) > 10
    data, _ = DisplayFormatter().format(chart)
    assert set(data) >= {"image/svg+xml", "text/plain", lessons.PLOTLY_MIME}
    assert data[lessons.PLOTLY_MIME]["data"], "the plotly figure has no trace"
    assert "text/html" not in data, "a text/html output would hide the SVG in a plain HTML export"


def test_svg_marks_the_misses_of_the_intervals():
    svg = lessons.intervals_chart([0.1, 0.6, 0.3], [0.4, 0.9, 0.7], 0.5).svg()
    assert svg.count(f'fill="{lessons.COLORS[1]}"') == 2  # the one miss: its dot, and its legend mark
    assert svg.count("<circle") == 3


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


#: Lessons whose charts are all built with furlib.lessons, and how many charts each draws.
STATIC_LESSONS = {"lesson-fair-die.ipynb": 2, "class-pool.ipynb": 1}


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
        chart = lessons.from_figure(f)
        assert [t.kind for t in chart.traces] == ["bar", "points", "hline"]
        assert chart.traces[1].low == pytest.approx([0.08, 0.16, 0.24])
        assert (chart.title, chart.x_label, chart.y_label) == ("Hands", "number of Hands", "share")
    data, _ = DisplayFormatter().format(lessons.static(fig))
    assert set(data) == {lessons.PLOTLY_MIME, "image/svg+xml", "text/plain"}
    ElementTree.fromstring(data["image/svg+xml"])
    line = px.line(x=[1, 2, 3], y=[3, 2, 1], markers=True, title="A line")
    assert [t.kind for t in lessons.from_figure(line).traces] == ["line", "points"]


def test_a_figure_the_svg_cannot_draw_still_shows():
    import plotly.graph_objects as go

    fig = go.Figure(go.Bar(x=["a", "b"], y=["x", "y"]))     # not numbers: no SVG, the plotly figure still shows
    data, _ = DisplayFormatter().format(lessons.static(fig))
    assert lessons.PLOTLY_MIME in data


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
