"""Tests for furlib.core.charts.plotting: the shared look of every furlib chart."""

import importlib.util
import re
import subprocess
import sys

import plotly.graph_objects as go
import plotly.io as pio
import pytest

from furlib.core.charts.plotting import (
    GRID,
    NEUTRAL,
    PLAYER_COLORS,
    TRANSPARENT,
    Mark,
    check_template,
    has_scores,
    percent_axis,
    player_colors,
    player_dashes,
    progress_note,
    score_race,
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
            "bad = [m for m in ('plotly', 'furlib.core.charts.plotting', 'ipywidgets', 'IPython') "
            "if m in sys.modules]; "
            "print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_importing_plotting_does_not_import_plotly():
    code = "import sys, furlib.core.charts.plotting; print('plotly' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ------------------------------------------------------------- score race
def _race_game():
    from furlib import Furcle
    from furlib.furcle.bots import SatisfiedAt

    return Furcle(players=["Ann", "Bob"], seed=7).play(SatisfiedAt(20), SatisfiedAt(12))


def test_score_race_by_turn_and_by_step():
    g = _race_game()
    fig = score_race(g, target=g.target)
    ends = {}
    for e in g.events:
        ends[e.turn] = e.scores
    assert [t.name for t in fig.data] == ["Ann", "Bob"]
    assert list(fig.data[0].x) == [0, *ends] and list(fig.data[1].y) == [0] + [s[1] for s in ends.values()]
    assert fig.data[0].customdata[0] == "start" and fig.data[0].customdata[1].startswith("turn 1: ")
    steps = score_race(g, x="step")
    assert list(steps.data[0].x) == [0] + [e.step for e in g.events]
    assert [s.y0 for s in fig.layout.shapes if s.name == "target"] == [g.target]
    assert not [s for s in steps.layout.shapes if s.name == "target"]
    assert "Scores" in steps.layout.title.text and "game over" in steps.layout.title.text


def test_score_race_marks_are_merged_per_player_and_point():
    g = _race_game()
    mark = Mark("Rolls", ("roll",), symbol="circle-open", label=lambda e, k, n: f"{k + 1} of {n}", note_name="r")
    fig = score_race(g, marks=[mark])
    rolls = fig.data[2]
    points = {(e.turn, e.player) for e in g.events if e.kind == "roll"}
    assert rolls.name == "Rolls" and len(rolls.x) == len(points)
    notes = [a for a in fig.layout.annotations if a.name == "r"]
    if len(points) > 8:   # many marks get short labels: the player's name
        assert {a.text for a in notes} <= set(g.players)
    only_ann = Mark("Ann's rolls", ("roll",), when=lambda e: e.player == "Ann")
    assert set(score_race(g, marks=[only_ann]).data[2].x) == {e.turn for e in g.events if e.player == "Ann"
                                                               and e.kind == "roll"}
    assert len(score_race(g, marks=[Mark("none", ("no such kind",))]).data) == 2


def test_score_race_marks_the_moment_now():
    g = _race_game()
    first_turn = [e for e in g.events if e.turn == 1]
    fig = score_race(g, now=first_turn[0].step)
    (line,) = [s for s in fig.layout.shapes if s.name == "now"]
    assert 0 < line.x0 <= 1
    end = score_race(g, now=first_turn[-1].step)
    assert [s.x0 for s in end.layout.shapes if s.name == "now"] == [1]
    assert [a.text for a in end.layout.annotations if a.name == "now"] == [f"step {first_turn[-1].step}"]
    assert [s.x0 for s in score_race(g, x="step", now=3).layout.shapes if s.name == "now"] == [3]
    with pytest.raises(ValueError, match="now must be between 0 and"):
        score_race(g, now=g.n_steps + 1)


def test_score_race_needs_scores_and_a_known_axis():
    class NoScores:
        players = ("Ann", "Bob")
        scores: dict = {}
        events: list = []

    assert not has_scores(NoScores()) and not has_scores("a game") and has_scores(_race_game())
    with pytest.raises(ValueError, match="needs a game that keeps scores; NoScores has none"):
        score_race(NoScores())
    with pytest.raises(ValueError, match="x must be 'turn' or 'step', got 'turns'"):
        score_race(_race_game(), x="turns")


def test_score_race_has_no_empty_band_under_the_title():
    """The legend sits on the plot and the title on the legend; the top margin holds just those."""
    fig = score_race(_race_game())
    lines = 1 + fig.layout.title.text.count("<br>")
    assert fig.layout.title.yref == "paper" and fig.layout.title.yanchor == "bottom"
    assert fig.layout.legend.y == 1.0 and fig.layout.legend.yanchor == "bottom"
    assert fig.layout.margin.t <= 30 + 22 * lines + 10


def test_overlapping_lines_stay_visible():
    from furlib import Furcle

    fig = score_race(Furcle(players=["Ann", "Bob", "Cy", "Dan"], seed=1))
    widths = [t.line.width for t in fig.data]
    assert widths == sorted(widths, reverse=True) and len(set(widths)) == 4
    assert len({t.marker.symbol for t in fig.data}) == 4


def test_progress_note_says_you_win():
    from furlib import Furcle
    from furlib.furcle import Dice, Satisfied

    g = Furcle(players=["You"], target=10, seed=1)
    assert progress_note(g) == "no move yet: You to start"
    g.apply(Dice((6, 6, 6, 6, 6)))
    assert progress_note(g) == "so far: turn 1, You to play"
    g.apply(Satisfied())
    assert progress_note(g) == "game over: You win"


def test_one_palette_one_tick_rule_one_renderer():
    """Issue 32: the games' plot kit, the lessons' charts and the apps' chart hand on the same objects."""
    from furlib import lessons
    from furlib.core.charts import marks, palette, plotting, svg, ticks
    from furlib.core.charts import score_race as race
    from furlib.core.charts import style as look

    homes = (palette, look, ticks, race, marks)
    assert len(plotting.__all__) > 10                   # the loop below checks names, not nothing
    for name in plotting.__all__:                       # the kit defines nothing: each name is one module's
        assert any(vars(m).get(name) is getattr(plotting, name) for m in homes), name
    assert not [n for n, v in vars(plotting).items() if callable(v) and v.__module__ == plotting.__name__]
    assert lessons.COLORS == palette.SERIES_COLORS == palette.PLAYER_COLORS[:5]
    assert (lessons.GREY, lessons.EXACT_COLOR, lessons.WHISKER) == (NEUTRAL, PLAYER_COLORS[5], palette.WHISKER)
    assert plotting.whole_ticks is ticks.whole_ticks
    assert svg.FigurePicture is type(lessons.from_figure(go.Figure()))
    assert importlib.util.find_spec("furlib.lesson_svg") is None    # the old path is gone: one renderer, one home
