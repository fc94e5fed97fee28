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

import datetime
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.charts.palette import EXACT_COLOR, NEUTRAL, SERIES_COLORS, TRANSPARENT, WHISKER
from ..core.charts.ticks import whole_ticks, whole_values
from ..core.errors import check_bool, excerpt, read_at_most
from .fallback import _plotly_bundle, from_figure

#: The colours of a chart's series, in turn (furlib's palette: blue, vermilion, green, purple, orange).
COLORS = SERIES_COLORS
#: Reference lines and the second series of a comparison (furlib's neutral grey).
GREY = NEUTRAL

__all__ = ["COLORS", "EXACT_COLOR", "GREY", "MAX_PARTS", "MAX_TEXT_CHARS", "MAX_VALUES", "WHISKER", "Chart"]


#: The most values one chart draws, over all its parts: its bars, its points and the points of its lines. At the
#: limit the slowest kind, 4,000 bars with text labels, builds and shows (plotly figure and SVG picture) in about
#: 0.8 s; 4,000 points with whiskers in about 0.3 s.
MAX_VALUES = 4_000
#: The most parts (calls of bars, line, points and hline) of one chart: 40 reference lines show in about a second.
#: (A reference line is a part, not a value.)
MAX_PARTS = 40
#: The most characters of a chart's title, an axis label, a part's name and a text on the x axis.
MAX_TEXT_CHARS = 1_000

#: The colours a chart takes: furlib's (:data:`COLORS`, :data:`GREY`, ...), a CSS colour name ("red") and any
#: ``#rgb``, ``#rrggbb`` (with an alpha too), ``hsl()``,
#: ``rgb(r, g, b)`` or ``rgba(r, g, b, a)``.
_COLOR = re.compile(r"#[0-9a-fA-F]{3,4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|(rgb|hsl)a?\([0-9.,% ]{1,40}\)|[a-zA-Z]{3,30}")
_COLOR_FORMS = ("a colour such as '#0072B2' or 'red' (#rrggbb, #rgb, a CSS colour name, 'rgb(r, g, b)', "
                "'rgba(r, g, b, a)' or 'hsl(h, s%, l%)'; furlib's are COLORS)")


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


def _number(name: str, v: Any, *, nan: bool = False) -> float:
    """``v`` as a float if it is a finite number (``nan`` too if allowed); else a ValueError naming ``name``."""
    if not isinstance(v, (str, bytes, bool, np.bool_)):
        try:
            f = float(v)
        except (TypeError, ValueError):
            pass
        except OverflowError:
            f = math.inf
        else:
            if math.isfinite(f) or nan and math.isnan(f):
                return f
            raise ValueError(f"{name} must be a finite number{' (or nan: not drawn)' if nan else ''}, "
                             f"got {excerpt(v)}")
    raise ValueError(f"{name} must be a number, got {excerpt(v)}")



def _is_date(v: Any) -> bool:
    """True if ``v`` is a date or a moment (a ``date``, a ``datetime``, a pandas ``Timestamp`` or a numpy
    ``datetime64``), not a missing one (NaT)."""
    return isinstance(v, (datetime.date, np.datetime64)) and bool(v == v)


def _sequence(name: str, values: Any, limit: int = MAX_VALUES, limit_name: str = "MAX_VALUES", *,
              already: int = 0) -> list[Any]:
    """``values`` (a list, tuple, range, 1-D array or column) as a list of at most ``limit - already`` items,
    counted before they are read; else a ValueError naming ``name`` and the limit ``limit_name``."""
    if (isinstance(values, (str, bytes, dict, set, frozenset)) or not isinstance(values, Iterable)
            or getattr(values, "ndim", 1) != 1):
        raise ValueError(f"{name} must be a sequence of values (a list, a tuple, an array or a column), "
                         f"got {excerpt(values)}")
    items, count = read_at_most(values, limit - already)
    if items is None:
        raise ValueError(f"{name} has {count} values; a chart draws at most {limit:,} ({limit_name})"
                         + (f", and this one has {already:,} already" if already else ""))
    return items


def _numbers(name: str, values: Any, *, nan: bool = True) -> list[float]:
    """Each value as a float (a finite number, or nan if allowed: not drawn); else a ValueError naming ``name``."""
    out = []
    for i, v in enumerate(values):
        try:
            out.append(_number(name, v, nan=nan))
        except ValueError:
            finite = "finite numbers (or nan: not drawn)" if nan else "finite numbers"
            want = "numbers" if isinstance(v, (str, bytes, bool, np.bool_)) or not hasattr(v, "__float__") else finite
            raise ValueError(f"{name} must hold {want}, got {excerpt(v)} (at position {i})") from None
    return out


def _same_length(name: str, values: Sequence[Any], other: str, n: int, one: str) -> None:
    if len(values) != n:
        raise ValueError(f"{name} has {len(values):,} value{'' if len(values) == 1 else 's'} but {other} has {n:,}: "
                         f"give one per {one}")



def flag(name: str, value: object) -> bool:
    """An on/off option: True or False (a numpy bool too, as numpy comparisons give); else a ValueError naming it."""
    return check_bool(name, bool(value) if isinstance(value, np.bool_) else value)

def _text(name: str, value: Any) -> str:
    """``value`` if it is a text of at most :data:`MAX_TEXT_CHARS` characters; else a ValueError naming ``name``."""
    if not isinstance(value, str):
        raise ValueError(f"{name} must be a text (a str), got {excerpt(value)}")
    if len(value) > MAX_TEXT_CHARS:
        raise ValueError(f"{name} has {len(value):,} characters; at most {MAX_TEXT_CHARS:,} (MAX_TEXT_CHARS)")
    return value


def _color(name: str, value: Any) -> str:
    if not isinstance(value, str) or not _COLOR.fullmatch(value):
        raise ValueError(f"{name} must be {_COLOR_FORMS}, got {excerpt(value)}")
    return value


def _y_range(value: Any) -> tuple[float, float] | None:
    """``None``, or a pair of finite numbers ``(low, high)`` with ``low < high`` (kept as given)."""
    want = "y_range must be None or a pair (low, high) of finite numbers with low < high, such as (0, 1)"
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, (tuple, list, np.ndarray)) or len(value) != 2:
        raise ValueError(f"{want}; got {excerpt(value)}")
    low, high = value
    try:
        ends = _number("y_range", low), _number("y_range", high)
    except ValueError:
        raise ValueError(f"{want}; got {excerpt(value)}") from None
    if not ends[0] < ends[1]:
        raise ValueError(f"{want}; got {excerpt(value)}")
    return low, high


def _whiskers(y: list[float], low: Sequence[Any] | npt.NDArray[Any] | None,
              high: Sequence[Any] | npt.NDArray[Any] | None) -> tuple[list[float] | None, list[float] | None]:
    """The whiskers' ends as numbers, one ``low`` and one ``high`` per value of ``y`` (or neither), each ``low``
    at most its ``high`` (nan: no whisker); else ValueError."""
    def shown(ends: Any) -> str:
        return excerpt(ends.tolist() if isinstance(ends, np.ndarray) else ends)

    if low is None:
        if high is None:
            return None, None
        raise ValueError(f"high={shown(high)} is given but low is not: give both low and high "
                         "(the two ends of each whisker), or neither")
    if high is None:
        raise ValueError(f"low={shown(low)} is given but high is not: give both low and high "
                         "(the two ends of each whisker), or neither")
    ends = []
    for name, given in (("low", low), ("high", high)):
        seq = _sequence(name, given)
        if len(seq) != len(y):
            raise ValueError(f"{name} has {len(seq)} value{'' if len(seq) == 1 else 's'} but y has {len(y)}: "
                             f"give one {name} per value of y, got {name}={shown(given)}")
        ends.append(_numbers(name, seq))
    for i, (lo, hi) in enumerate(zip(*ends)):
        if lo > hi:
            raise ValueError(f"low must be at most high, got low={lo:g} and high={hi:g} (at position {i})")
    return ends[0], ends[1]


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

    def __post_init__(self) -> None:
        self._check()

    def _check(self) -> None:
        """The options, checked when the chart is made and again when it is drawn (they may be set in between)."""
        for name in ("title", "x_label", "y_label"):
            _text(name, getattr(self, name))
        flag("log_x", self.log_x)
        flag("y_percent", self.y_percent)
        self.y_range = _y_range(self.y_range)
        if not isinstance(self.traces, list) or not all(isinstance(t, _Trace) for t in self.traces):
            raise ValueError(f"traces must be a list of a chart's parts (made by bars, line, points and hline), "
                             f"got {excerpt(self.traces)}")

    # -- building
    def _color(self, color: str | None) -> str:
        return color or COLORS[len([t for t in self.traces if t.kind != "hline"]) % len(COLORS)]

    def _add(self, kind: str, x: Any, y: Any, name: str, color: str | None, low: Any = None, high: Any = None,
             **more: Any) -> Chart:
        """Check one part and add it: ``x`` and ``y`` of one length (at most :data:`MAX_VALUES` in the whole
        chart, counted before they are read), numbers on ``y`` (nan leaves a gap), numbers, texts or dates on ``x``
        (dates not on a log axis)."""
        if len(self.traces) >= MAX_PARTS:
            raise ValueError(f"this chart has {len(self.traces)} parts already; a chart has at most {MAX_PARTS} "
                             "(MAX_PARTS)")
        _text("name", name)
        if color is not None:
            _color("color", color)
        already = sum(len(t.y) for t in self.traces if t.kind != "hline")
        xs = _sequence("x", x, already=already)
        ys = _sequence("y", y, already=already)
        _same_length("y", ys, "x", len(xs), "value of x")
        for i, v in enumerate(xs):
            if isinstance(v, str):
                _text("a text on the x axis", v)
            elif _is_date(v) and not self.log_x:
                continue
            elif self.log_x and _number("x", v, nan=True) <= 0:
                raise ValueError(f"x must be above 0 on a log axis (log_x=True), got {excerpt(v)} (at position {i})")
            else:
                try:
                    _number("x", v)
                except ValueError:
                    raise ValueError(f"x must hold finite numbers or texts, got {excerpt(v)} "
                                     f"(at position {i}); dates are taken too") from None
        values = _numbers("y", ys)
        lows, highs = _whiskers(values, low, high)
        if more.get("colors") is not None:
            more["colors"] = [_color("colors", c) for c in _sequence("colors", more["colors"])]
            _same_length("colors", more["colors"], "y", len(ys), "bar")
        self.traces.append(_Trace(kind, xs, values, name, self._color(color), lows, highs, **more))
        return self

    def bars(self, x: Sequence[Any] | npt.NDArray[Any], y: Sequence[Any] | npt.NDArray[Any], name: str = "",
             color: str | None = None, colors: Sequence[str] | None = None,
             low: Sequence[Any] | npt.NDArray[Any] | None = None,
             high: Sequence[Any] | npt.NDArray[Any] | None = None, group: str | None = None) -> Chart:
        """Bars of heights ``y`` at categories (or numbers, or dates) ``x``; ``colors`` gives each bar its own;
        whiskers from ``low`` to ``high`` if given (both, one of each per bar). Bars of different calls stand
        side by side, unless they are given the same ``group``: then they share one place at each ``x`` (for
        bars that never share an ``x``, such as the two colours of one histogram, each with its legend).

        ``x`` and ``y`` have one value each per bar, at most :data:`MAX_VALUES` in the whole chart (and at most
        :data:`MAX_PARTS` parts); a colour is one of :data:`COLORS` or ``'#rrggbb'``, ``'#rgb'``, ``'rgb(...)'``
        or ``'rgba(...)'``. The same goes for :meth:`line` and :meth:`points`.

        >>> c = Chart("t").bars(["1", "2"], [4, 3], group="h").bars(["3"], [1], "3 or more", group="h")
        >>> [(t.name, t.offsetgroup) for t in c.figure().data]
        [('', 'h'), ('3 or more', 'h')]
        >>> Chart("t").bars(["a", "b"], [1, 2, 3])
        Traceback (most recent call last):
        ValueError: y has 3 values but x has 2: give one per value of x
        """
        if group is not None and not isinstance(group, str):
            raise ValueError(f"group must be a name (a str) shared by the bars that stand in one place, or None; "
                             f"got {excerpt(group)}")
        return self._add("bar", x, y, name, color, low, high, colors=colors, group=group)

    def line(self, x: Sequence[Any] | npt.NDArray[Any], y: Sequence[Any] | npt.NDArray[Any], name: str = "",
             color: str | None = None, dash: bool = False) -> Chart:
        """A line through the points ``(x, y)`` (a nan in ``y`` leaves a gap)."""
        return self._add("line", x, y, name, color, dash=flag("dash", dash))

    def points(self, x: Sequence[Any] | npt.NDArray[Any], y: Sequence[Any] | npt.NDArray[Any], name: str = "",
               color: str | None = None, low: Sequence[Any] | npt.NDArray[Any] | None = None,
               high: Sequence[Any] | npt.NDArray[Any] | None = None) -> Chart:
        """Dots, with whiskers from ``low`` to ``high`` if given (both, one of each per dot)."""
        return self._add("points", x, y, name, color, low, high)

    def hline(self, y: float, name: str = "", color: str = GREY) -> Chart:
        """A dashed horizontal reference line (an exact value, a fair share) at the finite number ``y``."""
        if len(self.traces) >= MAX_PARTS:
            raise ValueError(f"this chart has {len(self.traces)} parts already; a chart has at most {MAX_PARTS} "
                             "(MAX_PARTS)")
        self.traces.append(_Trace("hline", [], [_number("y", y)], _text("name", name), _color("color", color),
                                  dash=True))
        return self

    # -- plotly
    def figure(self) -> Any:
        """The chart as a plotly figure: interactive in Jupyter, and drawn as its SVG picture (by
        :mod:`furlib.core.charts.svg`) for every export that cannot run plotly."""
        import plotly.graph_objects as go

        self._check()

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

