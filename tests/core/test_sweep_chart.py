"""sweep_chart(): lines over one rule, a heatmap over two, read from the sweep's own table; drawn as SVG too."""

import pytest

from furlib import Furcle, Furglars, sweep
from furlib.core.charts.sweep_chart import sweep_chart
from furlib.furcle.bots import SatisfiedAt
from furlib.furglars.bots import GreedyThief
from furlib.lessons.fallback import from_figure
from furlib.testing import parse_html


@pytest.fixture(scope="module")
def two_rules():
    return sweep(Furcle, {"target": [20, 40, 60], "n_dice": [4, 5]}, [SatisfiedAt(10), SatisfiedAt(20)], 300, seed=1)


def test_lines_over_one_rule_show_every_seat_with_its_interval(two_rules):
    df = two_rules[two_rules.n_dice == 5]
    fig = sweep_chart(df, x="target")
    lines = [t for t in fig.data if t.type == "scatter"]
    assert [t.name for t in lines] == ["seat 1: SatisfiedAt(10)", "seat 2: SatisfiedAt(20)"]
    for seat, t in enumerate(lines, start=1):
        rows = df[df.seat == seat]
        assert list(t.x) == [20, 40, 60] and list(t.y) == rows.win_rate.tolist()
        assert list(t.error_y.array) == pytest.approx((rows.high - rows.win_rate).tolist())
        assert list(t.error_y.arrayminus) == pytest.approx((rows.win_rate - rows.low).tolist())
    assert fig.layout.yaxis.tickformat == ".0%" and fig.layout.xaxis.title.text == "target"
    assert [s.y0 for s in fig.layout.shapes] == [0.5]          # the fair share of two seats
    assert fig.layout.title.text == "Win rate by target"


def test_a_heatmap_over_two_rules_puts_each_cell_in_its_place(two_rules):
    fig = sweep_chart(two_rules, seat=2)
    (heat,) = fig.data
    assert heat.type == "heatmap" and list(heat.x) == [20, 40, 60] and list(heat.y) == [4, 5]
    for _, row in two_rules[two_rules.seat == 2].iterrows():
        assert heat.z[[4, 5].index(row.n_dice)][[20, 40, 60].index(row.target)] == row.win_rate
    assert fig.layout.title.text == "Win rate of seat 2 (SatisfiedAt(20)) by target and n_dice"
    assert fig.layout.xaxis.title.text == "target" and fig.layout.yaxis.title.text == "n_dice"


def test_other_values_and_rules_that_are_not_numbers():
    df = sweep(Furglars, {"x_factor": [False, True]}, [GreedyThief()] * 3, 200, seed=1)
    fig = sweep_chart(df, value="mean_turns")
    assert list(fig.data[0].x) == ["False", "True"] and list(fig.data[0].y) == df[df.seat == 1].mean_turns.tolist()
    assert fig.data[0].error_y.array is None and not fig.layout.shapes
    assert fig.layout.yaxis.title.text == "mean length (turns)"


@pytest.mark.parametrize("draw", [
    lambda df: sweep_chart(df),
    lambda df: sweep_chart(df[df.n_dice == 4], x="target", value="mean_score"),
])
def test_the_charts_draw_as_svg_pictures(two_rules, draw):
    picture = from_figure(draw(two_rules))
    parse_html(picture.svg())
    assert picture.skipped == [] and picture.title.startswith("Mean final score" if "score" in picture.title
                                                              else "Win rate")


@pytest.mark.parametrize("call, match", [
    (lambda df: sweep_chart(df.to_dict()), "df must be the table of sweep"),
    (lambda df: sweep_chart(df, value="low"), "value must be a column of the sweep among win_rate"),
    (lambda df: sweep_chart(df, x="sides"), "'sides' is not a keyword of this sweep; its keywords: target, n_dice"),
    (lambda df: sweep_chart(df, y="target"), "give x too"),
    (lambda df: sweep_chart(df, x="target", y="target"), "two different keywords"),
    (lambda df: sweep_chart(df, x="target"), r"keep one value of 'n_dice' first, e.g. df\[df\['n_dice'\] == 4\]"),
    (lambda df: sweep_chart(df, seat=3), "seat must be between 1 and 2, got 3"),
])
def test_bad_requests_say_what_to_do(two_rules, call, match):
    with pytest.raises(ValueError, match=match):
        call(two_rules)


def test_a_sweep_of_one_cell_has_no_chart():
    df = sweep(Furcle, {}, [SatisfiedAt(10), SatisfiedAt(20)], 10, seed=1)
    with pytest.raises(ValueError, match="no rule keyword"):
        sweep_chart(df)
