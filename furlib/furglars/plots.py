"""Plotly charts for The Furglars: a game's race and dice, and many games' lengths and seats.

Every function returns a :class:`plotly.graph_objects.Figure` (it never calls
``.show()``); in a notebook, the figure as the last line of a cell shows it.
``import furlib`` does not import this module, and plotly is imported inside
the functions. The charts of one game live in
:mod:`furlib.furglars.plots_game`, those of many games in
:mod:`furlib.furglars.plots_many`; all are re-exported here. For example:

>>> from furlib import Furglars
>>> fig = score_race(Furglars(["Ann", "Bob", "Cy"], seed=7).play())
>>> [t.name for t in fig.data]
['Ann', 'Bob', 'Cy', 'Steals']
"""

from __future__ import annotations

# the charts, and the other public names of this module before the split (importable from here as before)
from .plots_game import MAX_TURN_TICKS as MAX_TURN_TICKS
from .plots_game import PLACES, SCORE_MARKS, dice_flow, dice_flow_table, score_race
from .plots_many import MAX_BARS as MAX_BARS
from .plots_many import game_length, game_length_chart, seat_win_rate_chart

__all__ = ["score_race", "SCORE_MARKS", "dice_flow", "dice_flow_table", "PLACES", "game_length", "game_length_chart",
           "seat_win_rate_chart"]
