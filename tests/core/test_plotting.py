"""Tests for furlib.core.plotting: the shared look of every furlib chart."""

import re
import subprocess
import sys

import plotly.graph_objects as go
import plotly.io as pio
import pytest

from furlib.core.plotting import (
    GRID,
    NEUTRAL,
    PLAYER_COLORS,
    TRANSPARENT,
    check_template,
    percent_axis,
    player_colors,
    player_dashes,
    style,
)


def _luminance(hex_color: str) -> float:
    """WCAG relative luminance of '#rrggbb'."""
    chans = [int(hex_color[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in chans]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_player_colors_cycle_and_are_distinct():
    assert player_colors(0) == []
    six = player_colors(6)
    assert six == list(PLAYER_COLORS)
    assert len(set(six)) == 6
    assert all(re.fullmatch(r"#[0-9A-F]{6}", c) for c in six)
    twelve = player_colors(12)
    assert twelve[6:] == six  # colours repeat after six players ...
    dashes = player_dashes(12)
    assert dashes[:6] == ["solid"] * 6 and dashes[6:] == ["dash"] * 6  # ... told apart by dashes
    assert len(set(zip(twelve, dashes))) == 12


def test_player_colors_read_on_white_and_on_dark_theme():
    # JupyterLab's dark theme background is #111111; the neutral grey is for text.
    for c in PLAYER_COLORS:
        assert _contrast(c, "#FFFFFF") >= 2.0, c
        assert _contrast(c, "#111111") >= 2.0, c
    assert _contrast(NEUTRAL, "#FFFFFF") >= 4.0
    assert _contrast(NEUTRAL, "#111111") >= 4.0


@pytest.mark.parametrize("bad", [-1, 2.5, "3", True])
def test_player_colors_reject_bad_counts(bad):
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        player_colors(bad)
    with pytest.raises(ValueError, match="n must be"):
        player_dashes(bad)


def test_style_default_is_transparent_with_neutral_text():
    fig = go.Figure(go.Scatter(x=[1, 2], y=[3, 4]))
    out = style(fig, title="Scores")
    assert out is fig
    assert fig.layout.paper_bgcolor == TRANSPARENT
    assert fig.layout.plot_bgcolor == TRANSPARENT
    assert fig.layout.font.color == NEUTRAL
    assert fig.layout.title.text == "Scores"
    assert fig.layout.xaxis.gridcolor == GRID and fig.layout.yaxis.gridcolor == GRID
    assert fig.layout.legend.bgcolor == TRANSPARENT
    # The base is plotly_white, whose own backgrounds we replaced.
    assert fig.layout.template == pio.templates["plotly_white"]


def test_style_with_a_dark_template_keeps_its_fonts_and_transparent_backgrounds():
    fig = style(go.Figure(), title="Dark", template="plotly_dark")
    assert fig.layout.template == pio.templates["plotly_dark"]
    assert fig.layout.font.color is None  # the template's light text is used
    assert fig.layout.paper_bgcolor == TRANSPARENT and fig.layout.plot_bgcolor == TRANSPARENT
    tpl = go.layout.Template(layout=dict(font=dict(family="serif")))
    assert style(go.Figure(), template=tpl).layout.template.layout.font.family == "serif"


def test_style_without_title_leaves_title_unset():
    assert style(go.Figure()).layout.title.text is None


def test_bad_template_is_refused_by_name():
    with pytest.raises(ValueError, match=r"'plotly_darkk'.*'plotly_dark'|'plotly_dark'.*'plotly_darkk'"):
        style(go.Figure(), template="plotly_darkk")
    with pytest.raises(ValueError, match="got 3"):
        check_template(3)
    assert check_template(None) is None
    assert check_template("ggplot2") == "ggplot2"


def test_style_needs_a_figure():
    with pytest.raises(ValueError, match="dict"):
        style({"data": []})


def test_percent_axis():
    fig = percent_axis(go.Figure(), title="Chance")
    assert fig.layout.yaxis.tickformat == ".0%"
    assert fig.layout.yaxis.title.text == "Chance"
    assert percent_axis(go.Figure(), axis="x", decimals=1).layout.xaxis.tickformat == ".1%"
    with pytest.raises(ValueError, match="'z'"):
        percent_axis(go.Figure(), axis="z")
    with pytest.raises(ValueError, match="decimals"):
        percent_axis(go.Figure(), decimals=-1)


def test_import_furlib_does_not_import_plotting_or_plotly():
    code = ("import sys, furlib; furlib.Furcle(seed=1).play(); "
            "bad = [m for m in ('plotly', 'furlib.core.plotting', 'ipywidgets', 'IPython') if m in sys.modules]; "
            "print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_importing_plotting_does_not_import_plotly():
    code = "import sys, furlib.core.plotting; print('plotly' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
