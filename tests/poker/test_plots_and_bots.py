"""Plots return figures (never shown); bots play on views; a tournament by seat count with intervals."""

from __future__ import annotations

import subprocess
import sys

import pytest

from furlib import FurryPoker, tournament
from furlib.core.engine.policy import RandomBot
from furlib.poker import Take, Trigger
from furlib.poker.bots import Greedy, Planner
from furlib.poker.plots import (
    combination_chart,
    combinations_made,
    exact_vs_simulated_chart,
    final_scores,
    score_distribution_chart,
)

from .helpers import position


def test_import_furlib_stays_light():
    code = "import sys, furlib; print(any(m in sys.modules for m in ('plotly', 'ipywidgets', 'pandas')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_figures():
    scores = final_scores({"Greedy": "Greedy", "RandomBot": RandomBot(seed=2)}, n_games=2, players=2, seed=3)
    assert [len(v) for v in scores.values()] == [4, 4]
    fig = score_distribution_chart(scores)
    assert [t.name for t in fig.data] == ["Greedy", "RandomBot"]
    games = [FurryPoker(2, seed=s).play() for s in range(3)]
    counts = combinations_made(games)
    assert sum(counts.values()) == sum(len(g.score_of(p).combinations) for g in games for p in g.players)
    assert list(combination_chart(counts).data[0].x) == list(counts)
    fig = exact_vs_simulated_chart(8, n=300, seed=1)
    assert [t.name for t in fig.data] == ["exact", "simulated (300 deals)"]
    with pytest.raises(ValueError, match="unknown bot 'Smart'"):
        final_scores({"x": "Smart"}, n_games=1)


def test_greedy_takes_the_card_that_scores_most_now():
    g = position(("Ann", "Bob"), hands=[["B1"], ["Y1"]], public=["R3", "Y9", "G5"], up=[["R4", "R5"], []],
                 order=[(0, "R9"), (1, "Gy12")])
    assert Greedy()(g.view("Ann")) == Take("R3")        # straight flush 3-5: 3 points


def test_greedy_triggers_a_peacock_when_a_color_change_makes_a_straight_flush():
    g = position(("Ann", "Bob"), hands=[["B1"], ["Y1"]], public=["Y9"], up=[["R4", "R5", "B6"], []],
                 order=[(0, "R2"), (1, "Gy12")])
    assert Greedy()(g.view("Ann")) == Trigger()          # 2 (straight) -> 3 (straight flush)


def test_planner_denies_a_card_the_other_needs_when_its_own_gain_ties():
    g = position(("Ann", "Bob"), hands=[["B1"], ["Y1"]], public=["P11", "Y9"], up=[[], ["Y7", "Y8"]],
                 order=[(0, "R7"), (1, "Gy12")])
    assert Planner()(g.view("Ann")) == Take("Y9")        # Y9 would give Bob a straight flush
    assert repr(Planner(deny=0.25)) == "Planner(deny=0.25)"
    with pytest.raises(ValueError, match="deny must be"):
        Planner(deny=2)


def test_tournament_by_seat_count_with_intervals():
    for seats in (2, 3):
        bots = [Greedy(), Planner(), RandomBot(seed=1)][:seats]
        table = tournament(FurryPoker, bots, 4, seed=5, players=seats, progress=False)
        assert list(table["games"]) == [4] * seats
        assert ((table["ci_low"] <= table["win_rate"]) & (table["win_rate"] <= table["ci_high"])).all()
