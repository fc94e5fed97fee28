"""The games' plot kit in one import: furlib's palette, its look, its tick rule and the shared score race.

Plot modules (``furlib.<game>.plots``) build a :class:`plotly.graph_objects.Figure`
and pass it through :func:`style`, so all games' charts look alike and stay
readable on a white page, in JupyterLab's light theme and in its dark theme
(the backgrounds are transparent). Each name lives in one module of
:mod:`furlib.core.charts` and is handed on here:

* :mod:`~furlib.core.charts.palette`: the colours, dashes and marker symbols
  (:data:`PLAYER_COLORS`, :func:`player_colors`, :func:`player_dashes`, :data:`NEUTRAL`, ...);
* :mod:`~furlib.core.charts.style`: the look (:func:`style`, :func:`check_template`,
  :func:`percent_axis`, :func:`target_line`, :func:`compact`);
* :mod:`~furlib.core.charts.ticks`: the whole-number tick rule (:func:`whole_ticks`, :func:`whole_step`);
* :mod:`~furlib.core.charts.score_race` and :mod:`~furlib.core.charts.marks`: the score race every game
  with scores shares (:func:`score_race`, :class:`Mark`, :func:`has_scores`, :func:`progress_note`).

``import furlib`` never imports this module, and plotly is imported only
inside the functions that need it.

>>> player_colors(3)
['#0072B2', '#D55E00', '#009E73']
"""

from __future__ import annotations

from .marks import CHAR_WIDTH, MANY_NOTES, NOTE_ROOM, NOTE_WIDTH, Mark, note_place, note_span
from .palette import (
    GRID,
    NEUTRAL,
    PLAYER_COLORS,
    PLAYER_DASHES,
    PLAYER_SYMBOLS,
    TRANSPARENT,
    player_colors,
    player_dashes,
)
from .score_race import MAX_MARKED_POINTS, has_scores, progress_note, score_race
from .style import check_template, compact, percent_axis, style, target_line
from .ticks import MAX_VALUE_TICKS, whole_step, whole_ticks

__all__ = ["PLAYER_COLORS", "PLAYER_DASHES", "NEUTRAL", "GRID", "TRANSPARENT", "player_colors", "player_dashes",
           "check_template", "style", "percent_axis", "MAX_VALUE_TICKS", "whole_step", "whole_ticks", "target_line",
           "PLAYER_SYMBOLS", "MAX_MARKED_POINTS", "MANY_NOTES", "NOTE_ROOM", "NOTE_WIDTH", "CHAR_WIDTH", "Mark",
           "has_scores", "progress_note", "score_race", "note_place", "note_span", "compact"]
