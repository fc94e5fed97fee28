"""Tests for furlib.furglars.plots: score race, dice flow, game lengths, seat win rates.

Chart data are compared with values derived independently: the history
DataFrame, the game rewound step by step with undo(), counts by hand, and
furlib.core.stats.wilson_interval.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import pytest

from furlib.core.charts.plotting import player_colors
from furlib.core.stats import wilson_interval
from furlib.furglars import Furglars, Roll
from furlib.furglars.bots import GreedyThief, Mastermind, RandomBot
from furlib.furglars.plots import (
    PLACES,
    dice_flow,
    dice_flow_table,
    game_length,
    game_length_chart,
    score_race,
    seat_win_rate_chart,
)

F, L, H, X = "furgle", "lock", "hand", "x"


def golden() -> Furglars:
    """Four players, X factor, seed 140: every kind of event (see tests/furglars/test_golden.py)."""
    g = Furglars(["Ann", "Bob", "Cat", "Dan"], seed=140, x_factor=True)
    return g.play(Mastermind(), GreedyThief(), RandomBot(1), GreedyThief())


def names(fig) -> list[str]:
    return [t.name for t in fig.data]


# ------------------------------------------------------------- score race
def test_score_race_by_turn_is_the_history_at_the_end_of_each_turn():
    g = golden()
    h = g.history
    ends = h.groupby("turn").last()
    fig = score_race(g)
    assert isinstance(fig, go.Figure) and names(fig) == [*g.players, "Steals"]
    for i, name in enumerate(g.players):
        t = fig.data[i]
        assert list(t.x) == [0] + ends.index.tolist()
        assert list(t.y) == [0] + ends[name].tolist()
        assert t.line.color == player_colors(4)[i]
        assert t.y[-1] == g.scores[name]
    assert list(fig.data[0].x)[-1] == g.turn          # the winning cash-in opens the last turn
    win = [e for e in g.events if e.kind == "win"][0]
    assert win.text in fig.data[0].customdata[-1]
    assert [a.text for a in fig.layout.annotations if a.name == "target"] == [f"target {g.target}"]
    assert fig.layout.shapes[0].y0 == g.target
    assert fig.layout.title.text.startswith("The Furglars: the race for Bullion Points<br><sup>"
                                            f"{g.winner} wins after {g.turn - 1} turns")


def test_score_race_by_step_is_the_history_score_columns():
    g = golden()
    h = g.history
    fig = score_race(g, x="step")
    for i, name in enumerate(g.players):
        assert list(fig.data[i].x) == [0] + h["step"].tolist()
        assert list(fig.data[i].y) == [0] + h[name].tolist()
    assert fig.layout.xaxis.title.text == "Step (each roll or decision)"


def test_score_race_fresh_and_in_progress():
    fresh = score_race(Furglars(["Ann", "Bob"], seed=1))
    assert [list(t.y) for t in fresh.data] == [[0], [0]]
    assert "no roll yet: Ann to start (target 21)" in fresh.layout.title.text
    g = Furglars(["Ann", "Bob"], seed=1).apply(Roll((F, F, H, X, X)))
    fig = score_race(g)
    assert list(fig.data[0].x) == [0, 1] and list(fig.data[0].y) == [0, 0]
    assert "so far: turn 2, Bob to play" in fig.layout.title.text


def test_score_race_marks_the_steals_at_the_thiefs_line():
    g = golden()
    steals = [e for e in g.events if e.kind == "steal"]
    assert steals
    fig = score_race(g)
    marks = fig.data[names(fig).index("Steals")]
    turns = {(e.turn, e.player): e for e in steals}      # several steals in one turn make one mark
    assert list(marks.x) == [t for t, _ in turns]
    assert list(marks.y) == [e.scores[g.players.index(p)] for (_, p), e in turns.items()]
    assert len(marks.x) < len(steals)
    first = [e.text for e in steals if (e.turn, e.player) == next(iter(turns))]
    assert marks.customdata[0] == "; ".join(first)


def test_score_race_rejects_bad_input():
    with pytest.raises(ValueError, match="x must be 'turn' or 'step', got 'turns'"):
        score_race(golden(), x="turns")
    with pytest.raises(ValueError, match="score_race\\(\\) needs a Furglars game, got str"):
        score_race("game")
    with pytest.raises(ValueError, match="'darkest'"):
        score_race(Furglars(seed=1), template="darkest")


# -------------------------------------------------------------- dice flow
def rewound_locations(g: Furglars) -> dict[int, list[int]]:
    """Step k -> [in front, Furgles on cards, Locks on cards, pass pile], from the game rewound with undo()."""
    out = {}
    twin = g.copy()
    for k in range(g.n_steps, -1, -1):
        loc = twin.dice_locations
        out[k] = [sum(v for key, v in loc.items() if key.endswith(": in front")),
                  sum(v for key, v in loc.items() if key.endswith(": Furgles on card")),
                  sum(v for key, v in loc.items() if key.endswith(": Locks on card")), loc["pass pile"]]
        if k:
            twin.undo()
    return out


@pytest.mark.parametrize("make", [golden, lambda: Furglars(2, seed=5).play(RandomBot(3))])
def test_dice_flow_matches_the_game_at_every_step(make):
    g = make()
    table = dice_flow_table(g)
    assert len(table) == len(g.events) + 1
    assert (table[list(PLACES)].sum(axis=1) == g.total_dice).all()
    expected = rewound_locations(g)
    for k, where in expected.items():
        after = table[table["step"] <= k].iloc[-1]       # the state after the last event of step k
        assert after[list(PLACES)].tolist() == where, k
    fig = dice_flow(g)
    assert names(fig) == list(PLACES)
    for t, place in zip(fig.data, PLACES):
        assert t.stackgroup == "dice" and t.fillcolor == PLACES[place]
        assert list(t.x) == table["event"].tolist() and list(t.y) == table[place].tolist()
    assert fig.layout.yaxis.range == (0, g.total_dice * 1.02)


def test_dice_flow_shows_the_x_factor_and_a_win_with_locks():
    g = golden()
    kinds = [e.kind for e in g.events]
    assert "x factor" in kinds and kinds[-1] == "win"
    table = dice_flow_table(g)
    x = kinds.index("x factor") + 1
    assert table.loc[x, "Locks on cards"] < table.loc[x - 1, "Locks on cards"]
    assert table.loc[x, "In front, to roll"] - table.loc[x - 1, "In front, to roll"] == g.events[x - 1].data["dice"]


def test_dice_flow_by_hand_on_a_rigged_turn():
    g = Furglars(["Ann", "Bob"], seed=1).apply(Roll((F, L, H, X, X)))   # Ann keeps 2, passes 3
    t = dice_flow_table(g)
    assert t["kind"].tolist() == ["start", "roll", "pass"]
    assert t[list(PLACES)].values.tolist() == [[10, 0, 0, 0], [5, 1, 1, 3], [8, 1, 1, 0]]
    ticks = dice_flow(g).layout.xaxis
    assert list(ticks.tickvals) == [0] and list(ticks.ticktext) == ["1"]
    g.apply(Roll((H,) * 8))                  # Bob: 8 Hands; Ann's Lock guards her Furgle
    assert [str(a) for a in g.legal_actions()] == ["break Ann's Lock", "done: pass the dice"]
    ticks = dice_flow(g).layout.xaxis
    assert list(ticks.tickvals) == [0, 3] and list(ticks.ticktext) == ["1", "2"]   # event 3 opens turn 2


def test_dice_flow_thins_turn_ticks():
    g = golden()
    ticks = dice_flow(g).layout.xaxis
    turns = dice_flow_table(g)["turn"].nunique()
    assert turns > 16 and 8 <= len(ticks.tickvals) <= 16
    assert ticks.ticktext[0] == "1"


def test_dice_flow_rejects_bad_input():
    with pytest.raises(ValueError, match="dice_flow\\(\\) needs a Furglars game, got int"):
        dice_flow(3)
    with pytest.raises(ValueError, match="dice_flow_table\\(\\) needs a Furglars game"):
        dice_flow_table(None)


# ------------------------------------------------------------ game length
def test_game_length_is_the_turns_before_the_winning_cash_in():
    g = Furglars(["Ann", "Bob"], target=2, seed=1)
    g.apply(Roll((F, F, H, X, X))).apply(Roll((X,) * 8))    # Ann cashes in 2 at the start of turn 3
    assert g.is_over and game_length(g) == 2
    with pytest.raises(ValueError, match="needs a finished game; this one is at turn 1"):
        game_length(Furglars(seed=1))


def test_game_length_chart_counts_by_hand():
    fig = game_length_chart([10, 12, 12, 15])
    bars = fig.data[0]
    assert names(fig) == ["games"]
    assert list(bars.x) == [10, 11, 12, 13, 14, 15]
    assert list(bars.y) == [0.25, 0, 0.5, 0, 0, 0.25]
    assert [c[0] for c in bars.customdata] == [1, 0, 2, 0, 0, 1]
    notes = {a.name: a.text for a in fig.layout.annotations}
    assert notes == {"mean": "mean 12.2", "median": "median 12.0"}     # (10+12+12+15)/4 = 12.25
    assert [s.x0 for s in fig.layout.shapes] == [12.0, 12.25]
    assert "4 games; mean 12.2 turns, median 12" in fig.layout.title.text


def test_game_length_chart_from_games_equals_from_lengths():
    games = [Furglars(3, seed=s).play() for s in range(12)]
    lengths = [g.turn - 1 for g in games]
    a, b = game_length_chart(games), game_length_chart(lengths)
    assert list(a.data[0].x) == list(b.data[0].x) and list(a.data[0].y) == list(b.data[0].y)
    assert sum(c[0] for c in a.data[0].customdata) == 12


def test_game_length_chart_groups_wide_ranges_into_at_most_40_bars():
    lengths = list(range(0, 100)) + [99]
    bars = game_length_chart(lengths).data[0]
    assert len(bars.x) == 34                      # width ceil(100 / 40) = 3: bins 0-2, 3-5, ..., 99-101
    counts = [c[0] for c in bars.customdata]
    assert sum(counts) == 101 and counts[0] == 3 and counts[-1] == 2
    assert bars.customdata[0][2] == "0 to 2 turns" and bars.x[0] == 1    # the bar sits on the bin's middle


def test_game_length_chart_by_group():
    df = pd.DataFrame({"turns": [10, 12, 12, 20, 21], "players": [2, 2, 2, 3, 3]})
    fig = game_length_chart(df, by="players")
    assert names(fig) == ["players = 2", "players = 3"]
    for t, n in zip(fig.data, (3, 2)):
        assert abs(sum(t.y) - 1) < 1e-12 and sum(c[0] for c in t.customdata) == n
    assert dict(zip(fig.data[1].x, fig.data[1].y))[20] == 0.5
    assert not [a for a in fig.layout.annotations if a.name in ("mean", "median")]


@pytest.mark.parametrize("data, kw, words", [
    ([], {}, "data is empty"),
    ([3, -1], {}, "each game length must be >= 0, got -1"),
    ([3, 2.5], {}, "each game length must be a whole number, got 2.5"),
    ("12", {}, "must be a list of game lengths"),
    (5, {}, "must be a list of game lengths"),
    ([Furglars(seed=1)], {}, "needs a finished game"),
    (pd.DataFrame({"length": [3]}), {}, "needs a column 'turns'; its columns are ['length']"),
    (pd.DataFrame({"turns": [3]}), {"by": "players"}, "by='players' is not a column"),
    ([3, 4], {"by": "players"}, "by='players' needs a DataFrame"),
    (pd.DataFrame({"turns": []}), {}, "data['turns'] is empty"),
])
def test_game_length_chart_rejects_bad_input(data, kw, words):
    with pytest.raises(ValueError) as info:
        game_length_chart(data, **kw)
    assert words in str(info.value)


# ------------------------------------------------------- seat win rates
def test_seat_win_rate_from_a_dataframe_with_wilson_intervals():
    df = pd.DataFrame({"seat": [1, 2, 3], "wins": [40, 35, 25], "games": [100, 100, 100]})
    fig = seat_win_rate_chart(df)
    bars = fig.data[0]
    assert names(fig) == ["win rate", "fair share 1/3"]
    assert list(bars.x) == ["Seat 1", "Seat 2", "Seat 3"] and list(bars.y) == [0.4, 0.35, 0.25]
    for i, w in enumerate((40, 35, 25)):
        low, high = wilson_interval(w, 100)
        assert bars.error_y.array[i] == pytest.approx(high - w / 100, abs=1e-12)
        assert bars.error_y.arrayminus[i] == pytest.approx(w / 100 - low, abs=1e-12)
    assert fig.layout.shapes[0].y0 == pytest.approx(1 / 3)
    assert "over 100 games" in fig.layout.title.text


def test_seat_win_rate_from_winners_and_from_games():
    fig = seat_win_rate_chart([1, 2, 1, 1], n_seats=3)
    assert list(fig.data[0].y) == [0.75, 0.25, 0.0]
    assert [c[:2] for c in fig.data[0].customdata] == [[3, 4], [1, 4], [0, 4]]
    games = [Furglars(["A", "B", "C"], seed=s).play() for s in range(10)]
    seats = [g.players.index(g.winner) + 1 for g in games]
    from_games, from_seats = seat_win_rate_chart(games), seat_win_rate_chart(seats, n_seats=3)
    assert list(from_games.data[0].y) == list(from_seats.data[0].y)
    assert sum(c[0] for c in from_games.data[0].customdata) == 10


def test_seat_win_rate_labels_and_uneven_games():
    df = pd.DataFrame({"seat": ["first", "second"], "wins": [3, 1], "games": [5, 4]})
    fig = seat_win_rate_chart(df)
    assert list(fig.data[0].x) == ["first", "second"] and list(fig.data[0].y) == [0.6, 0.25]
    assert "over 9 games" in fig.layout.title.text


@pytest.mark.parametrize("results, kw, words", [
    (pd.DataFrame({"seat": [1], "wins": [1]}), {}, "missing ['games']"),
    (pd.DataFrame({"seat": [1, 1], "wins": [1, 1], "games": [2, 2]}), {}, "each seat must appear once"),
    (pd.DataFrame({"seat": [1], "wins": [3], "games": [2]}), {}, "wins of seat 1 must be between 0 and 2, got 3"),
    (pd.DataFrame({"seat": [1], "wins": [0], "games": [0]}), {}, "games of seat 1 must be >= 1, got 0"),
    (pd.DataFrame({"seat": [], "wins": [], "games": []}), {}, "has no rows"),
    (pd.DataFrame({"seat": [1], "wins": [1], "games": [2]}), {"n_seats": 2}, "n_seats is only for a list"),
    ([], {}, "results is empty"),
    ([1, 0], {}, "each winning seat must be >= 1, got 0"),
    ([1, 4], {"n_seats": 3}, "a winning seat is 4, but n_seats is 3"),
    ("1,2", {}, "results must be a DataFrame"),
    ([Furglars(2, seed=1).play(), Furglars(3, seed=1).play()], {}, "same number of seats, got [2, 3]"),
    ([Furglars(2, seed=1)], {}, "every game must be finished"),
])
def test_seat_win_rate_rejects_bad_input(results, kw, words):
    with pytest.raises(ValueError) as info:
        seat_win_rate_chart(results, **kw)
    assert words in str(info.value)


def test_figures_are_plain_figures_and_import_furlib_does_not_import_plots():
    g = golden()
    for fig in (score_race(g), dice_flow(g), game_length_chart([3, 4]), seat_win_rate_chart([1, 2])):
        assert type(fig) is go.Figure
        assert fig.layout.paper_bgcolor == "rgba(0, 0, 0, 0)"
    code = ("import sys, furlib, furlib.furglars; "
            "print([m for m in ('furlib.furglars.plots', 'plotly') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    assert np.isclose(sum(dice_flow_table(g).iloc[-1][list(PLACES)]), g.total_dice)
