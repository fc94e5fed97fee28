"""Numbers as plotly writes them (d3 tick formats such as ``.0%``) and where plotly.js puts the ticks.

This is no tick rule of furlib's own: the picture reproduces plotly.js, so that it shows the ticks the
interactive figure shows. furlib's one rule, whole-number ticks on an axis that counts, is set on the figure
(:func:`furlib.core.charts.ticks.whole_ticks`: ``tickvals``, or ``dtick`` and ``tick0`` with a ``",d"``
format), and the picture follows it as plotly.js does.
"""

from __future__ import annotations

import math
import re

_FMT = re.compile(r"^(?P<comma>,)?(?:\.(?P<prec>\d+))?(?P<trim>~)?(?P<type>[%fdegsr])?$")


def number(v: float, fmt: str | None = None, step: float | None = None) -> str:
    """``v`` written with a d3 format as plotly's ``tickformat`` (``".0%"``, ``",d"``, ``".2f"``, ``".3~s"``),
    or, with none, with as many decimals as ``step`` (the distance between ticks) needs.

    >>> number(0.25, ".0%"), number(1234.5, ",d"), number(0.125, ".1%"), number(1.0, step=0.2)
    ('25%', '1,234', '12.5%', '1')
    """
    m = _FMT.match(fmt or "") if fmt else None
    if m and fmt:
        kind, trim = m["type"] or "", m["trim"]
        comma = "," if m["comma"] else ""
        prec = None if m["prec"] is None else int(m["prec"])
        if kind == "%":
            out = f"{100 * v:{comma}.{0 if prec is None else prec}f}"
            return (out.rstrip("0").rstrip(".") if trim and "." in out else out) + "%"
        if kind == "d":
            return f"{round(v):{comma}d}"
        if kind == "f":
            out = f"{v:{comma}.{6 if prec is None else prec}f}"
            return out.rstrip("0").rstrip(".") if trim and "." in out else out
        if kind in ("e", "g"):
            return f"{v:{comma}.{6 if prec is None else prec}{kind}}"
        if kind == "s":
            for div, sym in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
                if abs(v) >= div:
                    return f"{v / div:.{3 if prec is None else prec}g}{sym}"
            return f"{v:.{3 if prec is None else prec}g}"
        return f"{v:{comma}.{prec or 6}g}"
    if v == 0:
        return "0"
    if step:
        decimals = max(0, -math.floor(math.log10(abs(step)) + 1e-9))
        if round(step * 10 ** decimals, 6) % 1:
            decimals += 1
        return f"{v:,.{decimals}f}".rstrip("0").rstrip(".") if decimals else f"{round(v):,}"
    if v == int(v) and abs(v) < 1e15:
        return f"{int(v):,}"
    return f"{v:.4g}"


def whole_format(fmt: str | None) -> bool:
    """True for a d3 format that writes whole numbers (``"d"``, ``",d"``): its ticks must fall on whole numbers.

    >>> whole_format(",d"), whole_format("d"), whole_format(".0%"), whole_format(None)
    (True, True, False, False)
    """
    m = _FMT.match(fmt or "") if fmt else None
    return bool(m and m["type"] == "d")


def _nice(raw: float) -> float:
    mag: float = 10 ** math.floor(math.log10(raw))
    return next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw * (1 - 1e-9))


def _tick_step(rough: float) -> float:
    """plotly.js's tick spacing for a rough one: 2, 5 or 10 times a power of ten, at least ``rough``."""
    base: float = 10 ** math.floor(math.log10(rough))
    return base * next(m for m in (2, 5, 10) if m >= rough / base * (1 - 1e-9))


def _linear_ticks(lo: float, hi: float, n: float, dtick: float | None = None, tick0: float = 0.0,
                  whole: bool = False) -> list[float]:
    """Ticks from ``lo`` to ``hi``: every ``dtick`` from ``tick0``, or about ``n`` of them as plotly.js spaces them.

    ``whole`` (an axis whose format writes whole numbers): only whole-number ticks, at least 1 apart (plotly.js
    would write 4.5 as a second "4"; the picture leaves it out).

    >>> _linear_ticks(3.5, 6.5, 7), _linear_ticks(3.5, 6.5, 7, whole=True), _linear_ticks(0, 3, 9, 0.5, whole=True)
    ([3.5, 4.0, 4.5, 5.0, 5.5, 6.0, 6.5], [4.0, 5.0, 6.0], [0.0, 1.0, 2.0, 3.0])
    """
    lo, hi = min(lo, hi), max(lo, hi)
    step = dtick if dtick and dtick > 0 else _tick_step((hi - lo) / max(n, 1) or 1.0)
    if (hi - lo) / step > 200:
        step = _tick_step((hi - lo) / max(n, 1) or 1.0)
    if whole:
        step, tick0 = max(1.0, float(round(step))), float(round(tick0))
    k = math.ceil((lo - tick0) / step - 1e-9)
    out = []
    while tick0 + k * step <= hi + step * 1e-9:
        out.append(round(tick0 + k * step, 12))
        k += 1
    return out
