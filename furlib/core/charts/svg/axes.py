"""One axis of a figure: a data value's place in pixels, its ticks and their labels, a value as a tooltip writes it."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from .text import _plain
from .ticks import _linear_ticks, number, whole_format
from .values import _num, _seq


@dataclass
class _Axis:
    name: str                      # "x", "x2", "y", ...
    spec: dict[str, Any]
    kind: str = "linear"           # "linear", "log" or "category"
    categories: list[str] = field(default_factory=list)
    lo: float = 0.0                # the range, in axis units (log10 of the value on a log axis)
    hi: float = 1.0
    p0: float = 0.0                # pixels of lo and hi
    p1: float = 1.0
    domain: tuple[float, float] = (0.0, 1.0)

    @property
    def letter(self) -> str:
        return self.name[0]

    def unit(self, v: Any) -> float | None:
        """A data value in axis units (a category's index, log10 on a log axis)."""
        if self.kind == "category":
            key = str(v)
            return float(self.categories.index(key)) if key in self.categories else None
        f = _num(v)
        if f is None:
            return None
        if self.kind == "log":
            return math.log10(f) if f > 0 else None
        return f

    def px(self, u: float) -> float:
        """Axis units to pixels."""
        span = (self.hi - self.lo) or 1.0
        return self.p0 + (self.p1 - self.p0) * (u - self.lo) / span

    def at(self, v: Any) -> float | None:
        u = self.unit(v)
        return None if u is None else self.px(u)

    @property
    def fmt(self) -> str | None:
        return self.spec.get("tickformat") or None

    def value_text(self, v: Any) -> str:
        """A value as a tooltip writes it (a category as it is; a share in percent as the axis shows it)."""
        f = _num(v)
        if self.kind == "category" or f is None:
            return str(v)
        fmt = self.fmt
        if fmt and fmt.endswith("%"):
            return number(f, ".1%")
        if fmt and "d" in fmt:
            return number(f, ",d")
        return number(f)

    def ticks(self) -> list[tuple[float, str]]:
        """(pixel, label) of each tick inside the range."""
        spec, lo, hi = self.spec, min(self.lo, self.hi), max(self.lo, self.hi)
        length = abs(self.p1 - self.p0)
        vals = _seq(spec.get("tickvals"))
        texts = [str(t) for t in _seq(spec.get("ticktext"))]
        if vals and spec.get("tickmode") in (None, "array"):      # plotly reads tickvals only in "array" mode
            out = []
            for i, v in enumerate(vals):
                u = self.unit(v)
                if u is not None and lo - 1e-9 <= u <= hi + 1e-9:
                    label = _plain(texts[i]) if i < len(texts) else self._label(v, None)
                    out.append((self.px(u), label))
            return out
        if self.kind == "category":
            return [(self.px(i), _plain(c)) for i, c in enumerate(self.categories) if lo - 1e-9 <= i <= hi + 1e-9]
        if self.kind == "log":
            decades = list(range(math.ceil(lo - 1e-9), math.floor(hi + 1e-9) + 1))
            mult = (1, 2, 5) if hi - lo < 3 else (1,)
            us = [k + math.log10(m) for k in range(math.floor(lo), math.ceil(hi) + 1) for m in mult]
            us = [u for u in us if lo - 1e-9 <= u <= hi + 1e-9] or [float(d) for d in decades]
            return [(self.px(u), self._label(10 ** u, None)) for u in us]
        n = min(max(length / (80 if self.letter == "x" else 40), 4), 9) + 1        # as plotly.js counts them
        most = _num(spec.get("nticks"))
        if most and most > 0:
            n = min(n, most)
        dtick = None if spec.get("tickmode") == "auto" else _num(spec.get("dtick"))   # "auto": plotly's own
        tick0 = _num(spec.get("tick0")) or 0.0
        vals = _linear_ticks(lo, hi, n, dtick, tick0, whole=whole_format(self.fmt))
        step = vals[1] - vals[0] if len(vals) > 1 else None
        return [(self.px(v), self._label(v, step)) for v in vals]

    def _label(self, v: float, step: float | None) -> str:
        if self.kind == "log" and not self.fmt:
            v = float(f"{v:.6g}")
            return number(v) if v >= 1 else f"{v:g}"
        return number(v, self.fmt, step)
