"""The one whole-number tick rule of every chart: an axis that counts (dice, turns, players, games, points, samples)
is ticked at whole numbers only, in the games' plots, the sweeps' charts and the lessons' charts alike.

Plotly's own ticks follow the axis's length and range, so a short range of
whole numbers gets ticks such as 4.5 and 5.5 dice; :func:`whole_ticks` sets
them instead. :func:`whole_values` tells whether values are all whole (and
so an axis of them counts). Plotly is never imported here.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import check_int, excerpt

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

#: A counting axis with at most this many values drawn gets a tick at each value (see :func:`whole_ticks`).
MAX_VALUE_TICKS = 12


def whole_step(span: float, ticks: int = 8) -> int:
    """The distance between the ticks of an axis that counts: the first of 1, 2, 5, 10, 20, 50, ... that puts
    at most ``ticks`` steps in ``span``.

    >>> [whole_step(s) for s in (0, 3, 8, 9, 30, 63, 250)]
    [1, 1, 1, 2, 5, 10, 50]
    >>> whole_step(63, ticks=6)
    20
    """
    ticks = check_int("ticks", ticks, low=1)
    rough = max(float(span), 0.0) / ticks
    k, step = 0, 1
    while step < rough * (1 - 1e-9):
        k += 1
        step = (1, 2, 5)[k % 3] * 10 ** (k // 3)
    return step


def _whole(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and float(v).is_integer()


def whole_ticks(fig: go.Figure, *, axis: str = "x", values: Sequence[Any] | None = None, span: float | None = None,
                ticks: int = 8, **where: Any) -> go.Figure:
    """Only whole-number ticks on an axis that counts (dice, turns, players, games, points).

    Plotly's own ticks follow the axis's length and range, so a short range
    of whole numbers gets ticks such as 4.5 and 5.5 dice. This sets them:

    * ``values`` (the values drawn, e.g. a rule's values on a sweep's axis),
      all whole and at most :data:`MAX_VALUE_TICKS` of them: a tick at each
      value and nowhere else (``tickmode="array"``);
    * otherwise a tick every :func:`whole_step` of ``span`` (default the
      values' range) from 0 (``tickmode="linear"``, ``tickformat=",d"``).

    ``where`` goes to ``update_xaxes``/``update_yaxes`` (``row``, ``col``).

    >>> import plotly.graph_objects as go
    >>> whole_ticks(go.Figure(), values=[4, 5, 6]).layout.xaxis.tickvals
    (4, 5, 6)
    >>> whole_ticks(go.Figure(), axis="y", span=63, ticks=6).layout.yaxis.dtick
    20
    """
    if axis not in ("x", "y"):
        raise ValueError(f"axis must be 'x' or 'y', got {excerpt(axis)}")
    update = (fig.update_xaxes if axis == "x" else fig.update_yaxes)
    vals = sorted({float(v) for v in values or () if _whole(v)})
    if values is not None and vals and len(vals) == len(set(values)) and len(vals) <= MAX_VALUE_TICKS:
        update(tickmode="array", tickvals=[int(v) for v in vals], tickformat=",d", **where)
        return fig
    if span is None:
        span = vals[-1] - vals[0] if vals else 1.0
    update(tickmode="linear", tick0=0, dtick=whole_step(span, ticks), tickformat=",d", **where)
    return fig


def whole_values(values: Iterable[Any]) -> list[int] | None:
    """``values`` as whole numbers if every one is a whole number (numpy's too), else None (a fraction, a text such
    as ``"12"``, which furlib's plotly templates read as a category, a missing value, or no value at all).

    >>> whole_values([1, 2.0, 3]), whole_values([1, 2.5]), whole_values(["lock", "12"]), whole_values([])
    ([1, 2, 3], None, None, None)
    """
    out = []
    for v in values:
        if not isinstance(v, numbers.Real) or isinstance(v, bool) or not float(v).is_integer():
            return None
        out.append(int(float(v)))
    return out or None
