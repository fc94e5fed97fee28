"""The :class:`Chart`: a small chart built in a few calls, drawn as a plotly figure.

Bars, lines, points with whiskers and reference lines, described once and
drawn by :meth:`Chart.figure` as a plotly figure, the one path of every
furlib chart: in Jupyter the figure itself, and in every static export the
figure's SVG picture, drawn by the one renderer (:mod:`furlib.core.charts.svg`).
The colours are furlib's palette (:mod:`furlib.core.charts.palette`) and an
axis that counts gets whole-number ticks by the games' rule
(:func:`furlib.core.charts.ticks.whole_ticks`). Plotly is imported only by
:meth:`Chart.figure`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.charts.palette import EXACT_COLOR, NEUTRAL, SERIES_COLORS, TRANSPARENT, WHISKER
from ..core.charts.ticks import whole_ticks, whole_values
from ..core.errors import excerpt
from .fallback import _plotly_bundle, from_figure

#: The colours of a chart's series, in turn (furlib's palette: blue, vermilion, green, purple, orange).
COLORS = SERIES_COLORS
#: Reference lines and the second series of a comparison (furlib's neutral grey).
GREY = NEUTRAL

__all__ = ["COLORS", "EXACT_COLOR", "GREY", "WHISKER", "Chart"]


@dataclass
class _Trace:
    kind: str                  # "bar", "line", "points", "hline"
    x: list[Any]
    y: list[float]
    name: str
    color: str
    low: list[float] | None = None
    high: list[float] | None = None
    dash: bool = False
    colors: list[str] | None = None
    group: str | None = None


def _num(v: Any) -> float:
    return float(v)


def _whiskers(y: list[float], low: Sequence[Any] | npt.NDArray[Any] | None,
              high: Sequence[Any] | npt.NDArray[Any] | None) -> tuple[list[float] | None, list[float] | None]:
    """The whiskers' ends as numbers, one ``low`` and one ``high`` per value of ``y`` (or neither); else ValueError."""
    def shown(ends: Sequence[Any] | npt.NDArray[Any]) -> str:
        return excerpt(ends.tolist() if isinstance(ends, np.ndarray) else list(ends))

    if low is None:
        if high is None:
            return None, None
        raise ValueError(f"high={shown(high)} is given but low is not: give both low and high "
                         "(the two ends of each whisker), or neither")
    if high is None:
        raise ValueError(f"low={shown(low)} is given but high is not: give both low and high "
                         "(the two ends of each whisker), or neither")
    for name, ends in (("low", low), ("high", high)):
        if len(ends) != len(y):
            raise ValueError(f"{name} has {len(ends)} value{'' if len(ends) == 1 else 's'} but y has {len(y)}: "
                             f"give one {name} per value of y, got {name}={shown(ends)}")
    return [_num(v) for v in low], [_num(v) for v in high]


@dataclass
class Chart:
    """A small chart, built in a few calls and drawn as a plotly figure (:meth:`figure`).

    Build it with :meth:`bars`, :meth:`line`, :meth:`points` and :meth:`hline`
    (each returns the chart, so calls chain). In Jupyter the chart shows the
    plotly figure; its display bundle also carries the figure's SVG picture
    (:func:`furlib.lessons.from_figure`), which every static export (HTML,
    GitHub, PDF, the docs site) shows instead.
    ``y_percent`` labels the y axis in percent (the values stay shares: 0.25 is 25%).

    >>> c = Chart("Two bars", x_label="face", y_label="rolls").bars(["a", "b"], [3, 5])
    >>> fig = c.figure()
    >>> [(t.type, list(t.y)) for t in fig.data], fig.layout.yaxis.dtick      # rolls count: whole ticks
    ([('bar', [3.0, 5.0])], 1)
    """

    title: str
    x_label: str = ""
    y_label: str = ""
    log_x: bool = False
    y_range: tuple[float, float] | None = None
    traces: list[_Trace] = field(default_factory=list)
    y_percent: bool = False

    # -- building
    def _color(self, color: str | None) -> str:
        return color or COLORS[len([t for t in self.traces if t.kind != "hline"]) % len(COLORS)]

    def bars(self, x: Sequence[Any] | npt.NDArray[Any], y: Sequence[Any] | npt.NDArray[Any], name: str = "",
             color: str | None = None, colors: Sequence[str] | None = None,
             low: Sequence[Any] | npt.NDArray[Any] | None = None,
             high: Sequence[Any] | npt.NDArray[Any] | None = None, group: str | None = None) -> Chart:
        """Bars of heights ``y`` at categories (or numbers) ``x``; ``colors`` gives each bar its own;
        whiskers from ``low`` to ``high`` if given (both, one of each per bar). Bars of different calls stand
        side by side, unless they are given the same ``group``: then they share one place at each ``x`` (for
        bars that never share an ``x``, such as the two colours of one histogram, each with its legend).

        >>> c = Chart("t").bars(["1", "2"], [4, 3], group="h").bars(["3"], [1], "3 or more", group="h")
        >>> [(t.name, t.offsetgroup) for t in c.figure().data]
        [('', 'h'), ('3 or more', 'h')]
        """
        if group is not None and not isinstance(group, str):
            raise ValueError(f"group must be a name (a str) shared by the bars that stand in one place, or None; "
                             f"got {excerpt(group)}")
        ys = [_num(v) for v in y]
        lows, highs = _whiskers(ys, low, high)
        self.traces.append(_Trace("bar", list(x), ys, name, self._color(color), lows, highs,
                                  colors=None if colors is None else list(colors), group=group))
        return self

    def line(self, x: Sequence[Any] | npt.NDArray[Any], y: Sequence[Any] | npt.NDArray[Any], name: str = "",
             color: str | None = None, dash: bool = False) -> Chart:
        """A line through the points ``(x, y)``."""
        self.traces.append(_Trace("line", list(x), [_num(v) for v in y], name, self._color(color), dash=dash))
        return self

    def points(self, x: Sequence[Any] | npt.NDArray[Any], y: Sequence[Any] | npt.NDArray[Any], name: str = "",
               color: str | None = None, low: Sequence[Any] | npt.NDArray[Any] | None = None,
               high: Sequence[Any] | npt.NDArray[Any] | None = None) -> Chart:
        """Dots, with whiskers from ``low`` to ``high`` if given (both, one of each per dot)."""
        ys = [_num(v) for v in y]
        lows, highs = _whiskers(ys, low, high)
        self.traces.append(_Trace("points", list(x), ys, name, self._color(color), lows, highs))
        return self

    def hline(self, y: float, name: str = "", color: str = GREY) -> Chart:
        """A dashed horizontal reference line (an exact value, a fair share)."""
        self.traces.append(_Trace("hline", [], [_num(y)], name, color, dash=True))
        return self

    # -- plotly
    def figure(self) -> Any:
        """The chart as a plotly figure: interactive in Jupyter, and drawn as its SVG picture (by
        :mod:`furlib.core.charts.svg`) for every export that cannot run plotly."""
        import plotly.graph_objects as go

        def whiskers(t: _Trace, color: str) -> dict[str, Any] | None:
            if t.low is None or t.high is None:
                return None
            return {"type": "data", "symmetric": False,
                    "array": [h - y for h, y in zip(t.high, t.y)],
                    "arrayminus": [y - lo for lo, y in zip(t.low, t.y)], "color": color}

        fig = go.Figure()
        for t in self.traces:
            named = {"name": t.name, "showlegend": bool(t.name)}
            if t.kind == "bar":
                fig.add_bar(x=t.x, y=t.y, marker_color=t.colors or t.color, error_y=whiskers(t, WHISKER),
                            offsetgroup=t.group, **named)
            elif t.kind == "line":
                fig.add_scatter(x=t.x, y=t.y, mode="lines",
                                line={"color": t.color, "dash": "dash" if t.dash else "solid"}, **named)
            elif t.kind == "points":
                fig.add_scatter(x=t.x, y=t.y, mode="markers", marker_color=t.color, error_y=whiskers(t, t.color),
                                **named)
            else:
                fig.add_hline(y=t.y[0], line_dash="dash", line_color=t.color,
                              annotation_text=t.name, annotation_position="top left")
        fig.update_layout(title=self.title, template="plotly_white", paper_bgcolor=TRANSPARENT,
                          xaxis_title=self.x_label, yaxis_title=self.y_label, barmode="group",
                          margin={"t": 50, "b": 50}, legend={"orientation": "h", "y": -0.2})
        if self.log_x:
            fig.update_xaxes(type="log")
        elif self._texts_on_x():
            fig.update_xaxes(type="category")    # as plotly's templates read texts, even "12": and so the picture too
        if self.y_range:
            fig.update_yaxes(range=list(self.y_range))
        if self.y_percent:
            fig.update_yaxes(tickformat=".0%")
        self._count_ticks(fig)
        return fig

    def _texts_on_x(self) -> bool:
        return any(isinstance(x, str) for t in self.traces for x in t.x)

    def _count_ticks(self, fig: Any) -> None:
        """Whole-number ticks on an axis that counts, by furlib's one rule (:func:`.whole_ticks`): the x axis
        when every x is a whole number (a tick at each, up to 12 of them), the y axis when every value drawn on it
        is (about 6 ticks). A log axis, a percent axis, an axis of fractions and one of categories (texts such as
        a histogram's labels: a tick at each) keep plotly's ticks."""
        xs = None if self.log_x or self._texts_on_x() else whole_values(x for t in self.traces for x in t.x)
        if xs is not None:
            whole_ticks(fig, axis="x", values=xs)
        ys = whole_values(v for t in self.traces for v in t.y + (t.low or []) + (t.high or []))
        if ys is not None and not self.y_percent:
            lo, hi = self.y_range or (min([0, *ys]), max([0, *ys]))
            whole_ticks(fig, axis="y", span=hi - lo, ticks=6)

    # -- display
    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """The plotly figure (Jupyter) and its SVG picture (every static export), drawn from one figure."""
        fig = self.figure()
        return {**_plotly_bundle(fig), "image/svg+xml": from_figure(fig).svg(), "text/plain": repr(self)}

    def __repr__(self) -> str:
        return f"<Chart {self.title!r}: {len(self.traces)} parts>"

