"""Helpers the lessons call: charts that survive every export, a place for a guess, a class pool.

* :class:`Chart` is a small chart (bars, lines, points with whiskers,
  reference lines) drawn as a plotly figure, the one path of every furlib
  chart: interactive in Jupyter, and the figure's SVG picture (no network,
  no Chrome; :mod:`furlib.core.charts.svg`) in a plain ``nbconvert --to
  html``, GitHub's preview, the docs site and a PDF. The lessons build
  their charts with one-line helpers (:func:`counts_chart`,
  :func:`running_chart`, :func:`line_chart`, :func:`estimates_chart`, ...).
* :class:`Prediction`: the student writes a guess (a box in Jupyter, a plain
  number in a script) and compares it at the end with the simulated and
  exact answers.
* :func:`parse_counts` and :func:`pool_chart`: the class pool. Each student
  enters a short count such as ``7/20``; the teacher pastes the list.
* :func:`static` and :func:`use_static_fallback`: any plotly figure, with an
  SVG fallback (:func:`from_figure`) for the exports that cannot run plotly.

The package, one theme a module: :mod:`.chart` (the :class:`Chart` and its
colours, furlib's palette), :mod:`.charts` (the lessons' one-line charts),
:mod:`.guess` (:class:`Prediction`, :class:`Comparison`), :mod:`.class_pool` (the
class pool) and :mod:`.fallback` (any plotly figure with a static fallback,
and the plotly part of every chart's display bundle). Every name is
importable from ``furlib.lessons``.

``import furlib`` does not import this package; plotly and ipywidgets are
imported inside the functions that need them.

Examples
--------
>>> parse_counts("Ann: 7/20, Bob 4/20; 11/20")
[('Ann', 7, 20), ('Bob', 4, 20), ('3', 11, 20)]
>>> c = Chart("Two bars", x_label="face", y_label="rolls").bars(["a", "b"], [3, 5])
>>> from_figure(c.figure()).svg().startswith("<svg")
True
"""

from __future__ import annotations

from .chart import COLORS, EXACT_COLOR, GREY, WHISKER, Chart
from .charts import (
                     counts_chart,
                     estimates_chart,
                     histogram_chart,
                     intervals_chart,
                     line_chart,
                     running_chart,
                     shrink_chart,
)
from .class_pool import Pool, parse_counts, pool, pool_chart
from .distributions import binomial, hypergeometric, normal_cdf, poisson, ruin_chance, ruin_rounds
from .fallback import FALLBACK_RENDERER, PLOTLY_MIME, StaticFigure, from_figure, static, use_static_fallback
from .furcle_race import first_seat_win
from .guess import Comparison, Prediction
from .inference import ShuffleTest, bonferroni, holm, permutation_test

__all__ = ["COLORS", "GREY", "EXACT_COLOR", "WHISKER", "PLOTLY_MIME", "FALLBACK_RENDERER",
           "Chart", "counts_chart", "histogram_chart", "running_chart", "intervals_chart", "shrink_chart",
           "line_chart", "estimates_chart", "Prediction", "Comparison", "parse_counts", "Pool", "pool",
           "pool_chart", "from_figure", "StaticFigure", "static", "use_static_fallback"]
__all__ += ["binomial", "hypergeometric", "poisson", "normal_cdf", "ruin_chance", "ruin_rounds"]
__all__ += ["permutation_test", "ShuffleTest", "bonferroni", "holm", "first_seat_win"]
