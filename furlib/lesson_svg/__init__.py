"""The old home of the SVG pictures of plotly figures, kept so that old imports work: see :mod:`furlib.core.charts.svg`.

The renderer moved under :mod:`furlib.core.charts` (issue 32: one chart path); import it from there.
"""

from __future__ import annotations

from ..core.charts.svg import (
    AXIS,
    DRAWN,
    FONT,
    GRID,
    HEIGHT,
    INK,
    MAX_TITLED_CELLS,
    MAX_TITLED_POINTS,
    PLASMA,
    PLOTLY_COLORWAY,
    SOFT,
    WIDTH,
    FigurePicture,
    figure_dict,
    figure_svg,
    number,
)

__all__ = ["AXIS", "DRAWN", "FONT", "GRID", "HEIGHT", "INK", "MAX_TITLED_CELLS", "MAX_TITLED_POINTS", "PLASMA",
           "PLOTLY_COLORWAY", "SOFT", "WIDTH", "FigurePicture", "figure_dict", "figure_svg", "number"]
