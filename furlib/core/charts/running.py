"""A running estimate settling on an exact value: the pieces every such chart shares.

A simulation's running value (a share of rolls, a mean of turns) after 1, 2,
..., ``n`` trials is drawn as a line over a count axis, with its 95% band
and a dashed line at the exact value it settles on. :func:`thinned` picks
the trials drawn, :func:`add_band` shades the band, :func:`add_exact_line`
draws the exact value and :func:`count_axis` the axis of trials (a log axis
ticked 1, 2, 5, 10, 20, ... or whole-number ticks). The line itself, with
its own hover text, is the chart's. Plotly is imported only inside the
functions that need it.

>>> thinned(5, 1000, log_x=True).tolist()
[0, 1, 2, 3, 4]
>>> thinned(10_000, 4, log_x=True).tolist()       # spread on a log scale, the last trial kept
[0, 21, 463, 9999]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .palette import BAND, VERMILION
from .ticks import whole_ticks

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go


def thinned(n: int, most: int, *, log_x: bool) -> npt.NDArray[np.int64]:
    """The positions (0 to ``n - 1``) of the trials drawn: all of them up to ``most``, else ``most`` spread
    evenly (or evenly on a log scale), the first and the last kept."""
    if n <= most:
        return np.arange(n)
    points = np.geomspace(1, n, most) if log_x else np.linspace(1, n, most)
    return np.unique(np.rint(points).astype(np.int64)) - 1


def add_band(fig: go.Figure, x: Any, low: Any, high: Any, *, name: str, top_name: str, hovertemplate: str) -> None:
    """Shade the band from ``low`` to ``high`` over ``x``: a line ``top_name`` at ``high`` (no legend entry, no
    hover), then ``name`` at ``low``, filled up to it; its hover reads ``high`` as ``%{customdata}``."""
    import plotly.graph_objects as go

    fig.add_trace(go.Scatter(x=x, y=high, name=top_name, mode="lines",
                             line=dict(width=0, color=BAND), showlegend=False, hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=x, y=low, name=name, mode="lines", fill="tonexty", fillcolor=BAND,
                             line=dict(width=0, color=BAND), customdata=high, hovertemplate=hovertemplate))


def add_exact_line(fig: go.Figure, n: int, value: float, *, hovertemplate: str) -> None:
    """The exact value, a dashed line named ``"Exact value"`` from trial 1 to trial ``n``."""
    import plotly.graph_objects as go

    fig.add_trace(go.Scatter(x=[1, n], y=[value, value], name="Exact value", mode="lines",
                             line=dict(color=VERMILION, dash="dash", width=2), hovertemplate=hovertemplate))


def count_axis(fig: go.Figure, n: int, *, title: str, log_x: bool) -> None:
    """The x axis of ``n`` trials: on a log scale ticked at 1, 2, 5, 10, 20, 50, ... (written ``1,000``) and
    titled ``"<title> (log scale)"``, or linear with whole-number ticks."""
    if log_x:
        ticks = [m * 10 ** k for k in range(len(str(n))) for m in (1, 2, 5) if m * 10 ** k <= n]
        fig.update_xaxes(type="log", tickvals=ticks, ticktext=[f"{t:,}" for t in ticks],
                         title_text=f"{title} (log scale)")
    else:
        fig.update_xaxes(title_text=title)
        whole_ticks(fig, axis="x", span=n, ticks=6)
