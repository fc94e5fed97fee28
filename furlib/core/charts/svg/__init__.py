"""Plotly figures drawn as SVG pictures of their own: the one renderer of every chart's static picture.

Every furlib chart is a plotly figure (a game's plot, a sweep's chart, a
lesson's :class:`~furlib.lessons.Chart`); this package draws its picture for
the places that cannot run plotly: a lesson's static fallback and exports
(:mod:`furlib.lessons.fallback`) and the apps' chart. A plain ``nbconvert
--to html``, GitHub's notebook preview and a PDF show no plotly output; they
show an ``image/svg+xml`` one. :func:`figure_svg` draws
a plotly figure as a self-contained SVG (no network, no Chrome, no plotly.js):

* traces: ``bar`` (grouped, stacked, overlaid; colours per bar, outlines,
  error bars, text labels), ``histogram`` (binned as plotly.js bins),
  ``scatter``/``scattergl`` (lines, including step shapes and gaps; markers
  with their symbols, sizes and colours; error bars; fills between traces;
  stack groups; dots placed over their bars with ``scattermode="group"``),
  ``heatmap`` (a grid of coloured cells, with a colour bar or the figure's
  own legend) and ``contour`` (its lines, with labels);
* layout: the title and its ``<sup>`` subtitle, the legend, subplots
  (axis domains, shared axes), linear, log and category axes (ranges,
  reversed ranges, tick values and texts, ``dtick``, d3 tick formats such as
  ``.0%``), equal scales (``scaleanchor``), shapes (lines such as ``add_hline``
  and ``add_vline``, rectangles) and annotations (with arrows).

A trace of another type (a box plot, a 3-D surface, ...) is not drawn; the
picture then says so in a line at its foot, and :attr:`FigurePicture.skipped`
names it, so a test can insist that a lesson's charts lose nothing.

Each trace is an SVG group ``<g class="trace" data-type="bar" data-name="...">``
holding its bars (``<rect>``), cells (``<rect>``), lines (``class="line"``),
markers (inside ``<g class="markers">``) and error bars (``class="error"``).
Plotly is imported only inside :func:`figure_dict` (``import furlib`` never imports this package).

The package, one job a module: :mod:`.plot` (one figure being drawn: its
traces, layout and axes), :mod:`.ranges` (the axes' kinds, ranges and pixels),
:mod:`.canvas` (the frame: size, margins, title, layers, grids, ticks),
:mod:`.bars`, :mod:`.lines`, :mod:`.heatmap` and :mod:`.contour` (the trace
types), :mod:`.shapes` (shapes and annotations), :mod:`.legend`, and the
helpers :mod:`.axes`, :mod:`.markers`, :mod:`.text`, :mod:`.colours`,
:mod:`.ticks` (number formats and tick spacing) and :mod:`.values`.
"""

from __future__ import annotations

import json
from typing import Any

from .canvas import HEIGHT, WIDTH, draw
from .colours import AXIS, GRID, INK, PLASMA, PLOTLY_COLORWAY, SOFT
from .heatmap import MAX_TITLED_CELLS
from .lines import MAX_TITLED_POINTS
from .plot import DRAWN, Plot
from .text import FONT, _lines, _title_text
from .ticks import number

__all__ = ["AXIS", "DRAWN", "FONT", "GRID", "HEIGHT", "INK", "MAX_TITLED_CELLS", "MAX_TITLED_POINTS", "PLASMA",
           "PLOTLY_COLORWAY", "SOFT", "WIDTH", "FigurePicture", "figure_dict", "figure_svg", "number"]


def figure_dict(fig: Any) -> dict[str, Any]:
    """A plotly figure (a ``go.Figure``, or its dict as plotly's renderers pass it) as plain JSON values."""
    import plotly.io as pio

    figure: dict[str, Any] = json.loads(pio.to_json(fig, validate=False))
    return figure


def figure_svg(fig: Any) -> str:
    """The SVG picture of a plotly figure (see the package's docstring for what is drawn)."""
    return FigurePicture(fig).svg()


class FigurePicture:
    """A plotly figure's SVG picture: :meth:`svg`, its :attr:`title`, and :attr:`skipped`, the trace types it
    could not draw (empty for every chart the lessons show)."""

    def __init__(self, fig: Any):
        self.figure = fig
        self._svg: str | None = None
        self.skipped: list[str] = []

    @property
    def title(self) -> str:
        """The first line of the figure's title ("" without one)."""
        if isinstance(self.figure, dict):
            text = _title_text((self.figure.get("layout") or {}).get("title"))
        else:
            text = self.figure.layout.title.text if self.figure.layout.title else ""
        return (_lines(text) or [""])[0]

    def svg(self) -> str:
        if self._svg is None:
            plot = Plot(figure_dict(self.figure))
            self._svg = draw(plot)
            self.skipped = sorted(set(plot.skipped))
        return self._svg

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"image/svg+xml": self.svg(), "text/plain": repr(self)}

    def __repr__(self) -> str:
        return f"<FigurePicture {self.title!r}>"
