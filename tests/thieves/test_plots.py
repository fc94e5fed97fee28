"""Thieves plots: plotly figures built from played games, returned and never shown."""

import subprocess
import sys

import pytest

from furlib.thieves.analysis import gold_changes, play_games, seat_table
from furlib.thieves.bots import Greedy
from furlib.thieves.plots import game_length_chart, gold_heatmap, seat_win_rate_chart


@pytest.fixture(scope="module")
def games():
    return play_games([Greedy(), Greedy()], 4, seed=5, max_turns=80)


def test_seat_win_rate_chart(games):
    fig = seat_win_rate_chart(seat_table(games, ["G", "H"]))
    assert [t.name for t in fig.data] == ["G", "H", "either"]
    assert list(fig.data[2].x) == ["seat 1", "seat 2"]
    bar = fig.data[2]
    assert all(lo >= 0 for lo in bar.error_y.arrayminus)
    with pytest.raises(ValueError, match="needs a seat_table"):
        seat_win_rate_chart({"a": 1})


def test_game_length_chart(games):
    fig = game_length_chart(games)
    total = sum(len(t.x) for t in fig.data)
    assert total == 4
    with pytest.raises(ValueError, match="at least one"):
        game_length_chart([])


def test_gold_heatmap(games):
    counts = gold_changes(games)
    fig = gold_heatmap(counts)
    z = fig.data[0].z
    assert len(z) == 8 and len(z[0]) == 8 and sum(map(sum, z)) == sum(counts.values())
    assert z[0][0] == counts.get((1, 1), 0)
    with pytest.raises(ValueError, match=r"counts has \(2, 2\), which is not a pathway"):
        gold_heatmap({(2, 2): 1})


def test_import_furlib_imports_no_plotly_widgets_or_pandas():
    code = ("import sys, furlib, furlib.thieves.rules, furlib.thieves.bots, furlib.thieves.render; "
            "print(sorted(m for m in ('plotly', 'ipywidgets', 'pandas') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
