"""Plotly figures drawn as SVG pictures of their own, for every export that cannot run plotly.

A plain ``nbconvert --to html``, GitHub's notebook preview and a PDF show no
plotly output; they show an ``image/svg+xml`` one. :func:`figure_svg` draws
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
Plotly is imported only inside :func:`figure_dict` (``import furlib`` never imports this module).
"""

from __future__ import annotations

import hashlib
import html
import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

#: plotly's own colours, when a figure names none (its template's colorway comes first).
PLOTLY_COLORWAY = ("#636efa", "#EF553B", "#00cc96", "#ab63fa", "#FFA15A", "#19d3f3", "#FF6692", "#B6E880")
#: plotly's default sequential colour scale (Plasma), for a heatmap that names none.
PLASMA = ((0.0, "#0d0887"), (0.111, "#46039f"), (0.222, "#7201a8"), (0.333, "#9c179e"), (0.444, "#bd3786"),
          (0.556, "#d8576b"), (0.667, "#ed7953"), (0.778, "#fb9f3a"), (0.889, "#fdca26"), (1.0, "#f0f921"))
WIDTH, HEIGHT = 640, 440
FONT = 12
GRID, AXIS, INK, SOFT = "#e5e5e5", "#bbbbbb", "#222222", "#555555"
DRAWN = ("bar", "histogram", "scatter", "scattergl", "heatmap", "contour")
MAX_TITLED_CELLS = 1000     # heatmap cells beyond this carry no tooltip of their own (the picture stays small)
MAX_TITLED_POINTS = 200

_NAMED = {"white": (255, 255, 255), "black": (0, 0, 0), "red": (255, 0, 0), "green": (0, 128, 0),
          "blue": (0, 0, 255), "grey": (128, 128, 128), "gray": (128, 128, 128), "orange": (255, 165, 0),
          "yellow": (255, 255, 0), "purple": (128, 0, 128)}
_DASHES = {"dot": "2 3", "dash": "6 4", "longdash": "10 5", "dashdot": "6 3 2 3", "longdashdot": "10 4 2 4"}
_TAG = re.compile(r"<[^>]*>")
_BR = re.compile(r"<br\s*/?>", re.I)
_FMT = re.compile(r"^(?P<comma>,)?(?:\.(?P<prec>\d+))?(?P<trim>~)?(?P<type>[%fdegsr])?$")


# ---------------------------------------------------------------- small helpers

def _lines(text: Any) -> list[str]:
    """A plotly text (``<br>`` line breaks, ``<b>``/``<sup>`` tags, entities) as plain lines."""
    if text is None:
        return []
    return [html.unescape(_TAG.sub("", part)).strip() for part in _BR.split(str(text))]


def _plain(text: Any) -> str:
    return " ".join(line for line in _lines(text) if line)


def _title_text(spec: Any) -> str:
    """The text of a title given as a dict (``{"text": ...}``) or a string."""
    if isinstance(spec, dict):
        return spec.get("text") or ""
    return spec or ""


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _width_of(text: str, size: float = FONT) -> float:
    """About how wide a line of sans-serif text is, in pixels."""
    return 0.56 * size * len(text)


def _wrap(text: str, width: float, size: float = FONT) -> list[str]:
    """Words of ``text`` in lines no wider than ``width`` pixels (a long word keeps its own line)."""
    words, out, line = text.split(), [], ""
    for w in words:
        trial = f"{line} {w}".strip()
        if line and _width_of(trial, size) > width:
            out.append(line)
            line = w
        else:
            line = trial
    return out + ([line] if line else [])


def _num(v: Any) -> float | None:
    """A number, or None for a missing value (None, NaN, text that is not a number)."""
    if v is None or isinstance(v, bool):
        return None
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(f) else f


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _decode(v: dict) -> list:
    """plotly's typed array (``{"dtype": "f8", "bdata": base64, "shape": "2, 3"}``) as (nested) lists."""
    import base64  # noqa: PLC0415

    import numpy as np  # noqa: PLC0415

    arr = np.frombuffer(base64.b64decode(v["bdata"]), dtype=np.dtype(v["dtype"]))
    shape = v.get("shape")
    if shape:
        arr = arr.reshape([int(s) for s in str(shape).split(",")])
    return arr.tolist()


def _seq(v: Any) -> list:
    """A data array of a trace as a flat Python list ([] when absent)."""
    if v is None:
        return []
    if isinstance(v, dict) and "bdata" in v:
        v = _decode(v)
    if isinstance(v, (str, int, float)):
        return [v]
    return list(v)


def _grid(v: Any) -> list[list]:
    """A 2-D array (a heatmap's ``z``) as a list of rows."""
    if isinstance(v, dict) and "bdata" in v:
        v = _decode(v)
    rows = list(v or [])
    if rows and not isinstance(rows[0], (list, tuple)):
        rows = [rows]
    return [list(r) for r in rows]


def _each(v: Any, n: int, default: Any = None) -> list:
    """A per-point attribute (a scalar, or an array) as a list of ``n`` values."""
    if isinstance(v, dict) and "bdata" in v:
        v = _decode(v)
    if isinstance(v, (list, tuple)):
        vals = list(v)
        return [vals[i] if i < len(vals) else default for i in range(n)]
    return [default if v is None else v] * n


def _get(d: Any, *path: str, default: Any = None) -> Any:
    for key in path:
        if not isinstance(d, dict) or key not in d:
            return default
        d = d[key]
    return default if d is None else d


# ---------------------------------------------------------------- colours

def _rgba(color: Any) -> tuple[int, int, int, float] | None:
    """``#rgb``, ``#rrggbb``, ``rgb()``, ``rgba()`` or a few names as (r, g, b, alpha); None if unknown."""
    if not isinstance(color, str):
        return None
    c = color.strip().lower()
    if c.startswith("#"):
        h = c[1:]
        if len(h) == 3:
            h = "".join(ch * 2 for ch in h)
        if len(h) in (6, 8):
            try:
                r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
            except ValueError:
                return None
            return r, g, b, int(h[6:8], 16) / 255 if len(h) == 8 else 1.0
        return None
    m = re.match(r"rgba?\(([^)]*)\)", c)
    if m:
        parts = [p.strip() for p in m.group(1).split(",")]
        try:
            r, g, b = (int(float(p)) for p in parts[:3])
            a = float(parts[3]) if len(parts) > 3 else 1.0
        except (ValueError, IndexError):
            return None
        return r, g, b, a
    if c in _NAMED:
        return (*_NAMED[c], 1.0)
    if c == "transparent":
        return 0, 0, 0, 0.0
    return None


def _hex(r: float, g: float, b: float) -> str:
    return "#{:02x}{:02x}{:02x}".format(*(max(0, min(255, round(v))) for v in (r, g, b)))


def _paint(attr: str, color: Any, opacity: float = 1.0) -> str:
    """`` fill="#..."`` (or ``stroke``), with an ``-opacity`` when the colour is see-through."""
    if color is None:
        return f' {attr}="none"'
    rgba = _rgba(color)
    if rgba is None:
        return f' {attr}="{_e(color)}"' + (f' {attr}-opacity="{opacity:.3g}"' if opacity < 1 else "")
    r, g, b, a = rgba
    a *= opacity
    if a <= 0:
        return f' {attr}="none"'
    return f' {attr}="{_hex(r, g, b)}"' + (f' {attr}-opacity="{a:.3g}"' if a < 1 else "")


def _scale_color(scale: list, t: float) -> str:
    """The colour at ``t`` (0 to 1) of a plotly colour scale ``[[0, c0], ..., [1, c1]]``."""
    t = min(max(t, 0.0), 1.0)
    stops = [(float(p), _rgba(c) or (128, 128, 128, 1.0)) for p, c in scale]
    for (p0, c0), (p1, c1) in zip(stops, stops[1:]):
        if t <= p1:
            f = 0.0 if p1 == p0 else (t - p0) / (p1 - p0)
            return _hex(*(c0[k] + f * (c1[k] - c0[k]) for k in range(3)))
    return _hex(*stops[-1][1][:3])


def _dash(dash: Any) -> str:
    if not dash or dash == "solid":
        return ""
    if dash in _DASHES:
        return f' stroke-dasharray="{_DASHES[dash]}"'
    nums = re.findall(r"[\d.]+", str(dash))
    return f' stroke-dasharray="{" ".join(nums)}"' if nums else ""


# ---------------------------------------------------------------- numbers

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


def _nice(raw: float) -> float:
    mag = 10 ** math.floor(math.log10(raw))
    return next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw * (1 - 1e-9))


def _tick_step(rough: float) -> float:
    """plotly.js's tick spacing for a rough one: 2, 5 or 10 times a power of ten, at least ``rough``."""
    base = 10 ** math.floor(math.log10(rough))
    return base * next(m for m in (2, 5, 10) if m >= rough / base * (1 - 1e-9))


def _linear_ticks(lo: float, hi: float, n: float, dtick: float | None = None, tick0: float = 0.0) -> list[float]:
    """Ticks from ``lo`` to ``hi``: every ``dtick`` from ``tick0``, or about ``n`` of them as plotly.js spaces them."""
    lo, hi = min(lo, hi), max(lo, hi)
    step = dtick if dtick and dtick > 0 else _tick_step((hi - lo) / max(n, 1) or 1.0)
    if (hi - lo) / step > 200:
        step = _tick_step((hi - lo) / max(n, 1) or 1.0)
    k = math.ceil((lo - tick0) / step - 1e-9)
    out = []
    while tick0 + k * step <= hi + step * 1e-9:
        out.append(round(tick0 + k * step, 12))
        k += 1
    return out


# ---------------------------------------------------------------- axes

@dataclass
class _Axis:
    name: str                      # "x", "x2", "y", ...
    spec: dict
    kind: str = "linear"           # "linear", "log" or "category"
    categories: list = field(default_factory=list)
    lo: float = 0.0                # the range, in axis units (log10 of the value on a log axis)
    hi: float = 1.0
    p0: float = 0.0                # pixels of lo and hi
    p1: float = 1.0
    domain: tuple = (0.0, 1.0)

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
        if vals:
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
        dtick = _num(spec.get("dtick"))
        tick0 = _num(spec.get("tick0")) or 0.0
        vals = _linear_ticks(lo, hi, n, dtick, tick0)
        step = vals[1] - vals[0] if len(vals) > 1 else None
        return [(self.px(v), self._label(v, step)) for v in vals]

    def _label(self, v: float, step: float | None) -> str:
        if self.kind == "log" and not self.fmt:
            v = float(f"{v:.6g}")
            return number(v) if v >= 1 else f"{v:g}"
        return number(v, self.fmt, step)


# ---------------------------------------------------------------- the picture

@dataclass
class _Bar:
    """One bar in axis units: its middle, its ends along the bar axis, its width."""

    trace: int
    index: int
    x: float
    x0: float
    x1: float
    y0: float
    y1: float
    value: Any
    label: Any


class _Drawing:
    """Draws one figure (a plotly figure as its JSON dict)."""

    def __init__(self, fig: dict):
        self.fig = fig
        self.layout = fig.get("layout") or {}
        self.data = [t for t in fig.get("data") or [] if isinstance(t, dict)]
        self.skipped: list[str] = []
        digest = hashlib.sha1(json.dumps(fig, sort_keys=True, default=str).encode()).hexdigest()[:8]
        self.uid = f"f{digest}"
        template = _get(self.layout, "template", "layout", default={})
        self.colorway = list(self.layout.get("colorway") or template.get("colorway") or PLOTLY_COLORWAY)
        self.template_data = _get(self.layout, "template", "data", default={})
        self.axes: dict[str, _Axis] = {}
        self.bars: dict[int, list[_Bar]] = {}
        self.slots: dict[str, dict] = {}          # x axis -> {"width": w, "n": n, "of": {group: k}}
        self.stack_y: dict[int, list] = {}        # stacked scatter traces: y after stacking

    # -- reading the traces
    def color(self, i: int) -> str:
        return self.colorway[i % len(self.colorway)]

    def trace_color(self, i: int, t: dict) -> str:
        for c in (_get(t, "line", "color"), _get(t, "marker", "color")):
            if isinstance(c, str):
                return c
        return self.color(i)

    def axes_of(self, t: dict) -> tuple[str, str]:
        return t.get("xaxis") or "x", t.get("yaxis") or "y"

    def visible(self, t: dict) -> bool:
        return t.get("visible", True) is True

    def kind(self, t: dict) -> str:
        return t.get("type") or "scatter"

    def horizontal(self, t: dict) -> bool:
        return self.kind(t) in ("bar", "histogram") and t.get("orientation") == "h"

    def drawn(self, t: dict) -> bool:
        return self.kind(t) in DRAWN and not self.horizontal(t)

    def _histogram_bins(self, i: int, t: dict) -> None:
        """A histogram as bars: plotly.js's bins (its rule for a given size; integers sit inside bins)."""
        xs = [v for v in (_num(x) for x in _seq(t.get("x"))) if v is not None]
        if not xs:
            t["_x"], t["_y"], t["_w"] = [], [], 1.0
            return
        lo, hi = min(xs), max(xs)
        bins = t.get("xbins") or {}
        size = _num(bins.get("size"))
        if not size:
            nb = _num(t.get("nbinsx"))
            if nb:
                raw = (hi - lo) / nb or 1.0
            else:
                mean = sum(xs) / len(xs)
                sd = math.sqrt(sum((v - mean) ** 2 for v in xs) / max(len(xs) - 1, 1))
                raw = max(2 * sd / len(xs) ** 0.4, 1e-9) or 1.0
            size = _nice(raw)
            if all(v == int(v) for v in xs):
                size = max(size, 1.0)
        start = _num(bins.get("start"))
        if start is None:
            start = math.ceil(lo / size - 1e-9) * size - size
            if all(v == int(v) for v in xs):
                start = (lo - 0.5 * size) if size < 1 else start - 0.5
                if size >= 1 and start + size < lo:
                    start += size
        end = _num(bins.get("end"))
        count = 1 + math.floor((hi - start) / size) if end is None else max(1, math.ceil((end - start) / size))
        counts = [0] * count
        for v in xs:
            k = math.floor((v - start) / size)
            if 0 <= k < count:
                counts[k] += 1
        norm = t.get("histnorm") or ""
        total = len(xs)
        if norm in ("percent", "probability"):
            counts = [c / total * (100 if norm == "percent" else 1) for c in counts]
        elif norm in ("density", "probability density"):
            counts = [c / size / (total if norm == "probability density" else 1) for c in counts]
        t["_x"] = [start + size * (k + 0.5) for k in range(count)]
        t["_y"] = counts
        t["_w"] = size

    def xy(self, t: dict) -> tuple[list, list]:
        if "_x" in t:
            return t["_x"], t["_y"]
        x, y = _seq(t.get("x")), _seq(t.get("y"))
        if not x and y:
            x = list(range(len(y)))
        if not y and x:
            y = list(range(len(x)))
        return x, y

    # -- building the axes
    def build_axes(self) -> None:
        values: dict[str, list] = {}
        for t in self.data:
            if not self.drawn(t):
                continue
            xa, ya = self.axes_of(t)
            if self.kind(t) in ("heatmap", "contour"):
                z = _grid(t.get("z"))
                values.setdefault(xa, []).extend(_seq(t.get("x")) or list(range(len(z[0]) if z else 0)))
                values.setdefault(ya, []).extend(_seq(t.get("y")) or list(range(len(z))))
                continue
            x, y = self.xy(t)
            values.setdefault(xa, []).extend(x)
            values.setdefault(ya, []).extend(y)
        names = set(values)
        for key in self.layout:
            m = re.fullmatch(r"([xy])axis(\d*)", key)
            if m:
                names.add(m.group(1) + m.group(2))
        names |= {"x", "y"}
        for name in sorted(names):
            spec = self.layout.get(f"{name[0]}axis{name[1:]}") or {}
            self.axes[name] = _Axis(name, spec, domain=tuple(spec.get("domain") or (0.0, 1.0)))
        groups = self._matched_groups()
        for group in groups:
            vals = [v for n in group for v in values.get(n, [])]
            specs = [self.axes[n].spec for n in group]
            kind = next((s.get("type") for s in specs if s.get("type") in ("linear", "log", "category")), None)
            if kind is None:
                kind = "category" if any(v is not None and not _is_number(v) and _num(v) is None for v in vals) \
                    else "linear"
            cats: list = []
            if kind == "category":
                order = next((_seq(s.get("categoryarray")) for s in specs
                              if s.get("categoryorder") == "array" and s.get("categoryarray")), None)
                for v in (order or []) + vals:
                    if v is not None and str(v) not in cats:
                        cats.append(str(v))
            for n in group:
                self.axes[n].kind, self.axes[n].categories = kind, cats

    def _matched_groups(self) -> list[list[str]]:
        parent = {n: n for n in self.axes}

        def root(n: str) -> str:
            while parent[n] != n:
                n = parent[n]
            return n
        for n, ax in self.axes.items():
            other = ax.spec.get("matches")
            if other in parent:
                parent[root(n)] = root(other)
        groups: dict[str, list[str]] = {}
        for n in self.axes:
            groups.setdefault(root(n), []).append(n)
        return list(groups.values())

    def layout_bars(self) -> None:
        """Bar positions and widths in axis units, grouped, stacked or overlaid as the layout says."""
        mode = self.layout.get("barmode") or "group"
        by_axis: dict[str, list[int]] = {}
        for i, t in enumerate(self.data):
            if self.kind(t) == "histogram" and self.visible(t) and not self.horizontal(t):
                self._histogram_bins(i, t)
            if self.kind(t) in ("bar", "histogram") and self.visible(t) and not self.horizontal(t):
                by_axis.setdefault(self.axes_of(t)[0], []).append(i)
        for xa, idx in by_axis.items():
            ax = self.axes[xa]
            only_hist = all(self.kind(self.data[i]) == "histogram" for i in idx)
            gap = _num(self.layout.get("bargap"))
            gap = (0.0 if only_hist else 0.2) if gap is None else gap
            positions = sorted({u for i in idx for u in (ax.unit(v) for v in self.xy(self.data[i])[0])
                                if u is not None})
            diffs = [b - a for a, b in zip(positions, positions[1:]) if b - a > 1e-12]
            full = min(diffs) if diffs else 1.0
            hist = [self.data[i].get("_w") for i in idx if "_w" in self.data[i]]
            if hist:
                full = min(hist + diffs) if not only_hist else min(hist)
            width = full * (1 - gap)
            groups: dict = {}
            for i in idx:
                key = self.data[i].get("offsetgroup") or f"#{i}"
                groups.setdefault(key, len(groups))
            if self.layout.get("scattermode") == "group":
                for i, t in enumerate(self.data):
                    if self.kind(t) in ("scatter", "scattergl") and t.get("offsetgroup") and \
                            self.axes_of(t)[0] == xa:
                        groups.setdefault(t["offsetgroup"], len(groups))
            n = len(groups) if mode == "group" else 1
            self.slots[xa] = {"width": width, "n": n, "of": groups}
            stacks: dict = {}
            for i in idx:
                t = self.data[i]
                x, y = self.xy(t)
                k = groups[t.get("offsetgroup") or f"#{i}"] if mode == "group" else 0
                w = width / n
                own = _num(t.get("width"))
                bars = []
                for j, (xv, yv) in enumerate(zip(x, y)):
                    u, v = ax.unit(xv), _num(yv)
                    if u is None or v is None:
                        continue
                    mid = u - width / 2 + w * (k + 0.5)
                    half = (own / 2) if own else w / 2
                    base = 0.0
                    if mode in ("stack", "relative"):
                        key = (u, v >= 0 or mode == "stack")
                        base = stacks.get(key, 0.0)
                        stacks[key] = base + v
                    bars.append(_Bar(i, j, mid, mid - half, mid + half, base, base + v, yv, xv))
                self.bars[i] = bars

    def stack_scatter(self) -> None:
        below: dict = {}
        for i, t in enumerate(self.data):
            group = t.get("stackgroup")
            if self.kind(t) not in ("scatter", "scattergl") or not group or not self.visible(t):
                continue
            x, y = self.xy(t)
            base = below.get(group, {})
            out, top = [], dict(base)
            for xv, yv in zip(x, y):
                v = _num(yv) or 0.0
                out.append(base.get(str(xv), 0.0) + v)
                top[str(xv)] = out[-1]
            below[group] = top
            self.stack_y[i] = out

    def ranges(self) -> None:
        ext: dict[str, list[float]] = {n: [] for n in self.axes}
        pad: dict[str, float] = {n: 0.0 for n in self.axes}
        zero: set[str] = set()
        for i, t in enumerate(self.data):
            if not self.drawn(t) or not self.visible(t):
                continue
            xa, ya = self.axes_of(t)
            ax, ay = self.axes[xa], self.axes[ya]
            k = self.kind(t)
            if k in ("bar", "histogram"):
                for b in self.bars.get(i, []):
                    ext[xa] += [b.x0, b.x1]
                    ext[ya] += [b.y0, b.y1]
                    lo, hi = self.errors(t, "error_y", b.index, b.y1 - b.y0)
                    ext[ya] += [b.y1 - lo, b.y1 + hi]
                zero.add(ya)
                pad[ya] = max(pad[ya], 0.05)
                continue
            if k in ("heatmap", "contour"):
                xe, ye, _ = self.cells(t)
                ext[xa] += [xe[0], xe[-1]] if xe else []
                ext[ya] += [ye[0], ye[-1]] if ye else []
                continue
            x, y = self.xy(t)
            y = self.stack_y.get(i, y)
            mode = self.mode(t, len(y))
            for j, (xv, yv) in enumerate(zip(x, y)):
                u, v = ax.unit(xv), ay.unit(yv)
                if u is None or v is None:
                    continue
                ext[xa].append(u)
                ext[ya].append(v)
                lo, hi = self.errors(t, "error_y", j, _num(yv) or 0.0)
                if lo or hi:
                    ext[ya] += [v - lo, v + hi] if ay.kind == "linear" else []
            if "markers" in mode:
                pad[xa], pad[ya] = max(pad[xa], 0.04), max(pad[ya], 0.06)
            if t.get("fill") in ("tozeroy",) or t.get("stackgroup"):
                zero.add(ya)
        for s in self.layout.get("shapes") or []:
            for letter in "xy":
                ref = s.get(f"{letter}ref") or letter
                if ref in self.axes:
                    for key in (f"{letter}0", f"{letter}1"):
                        u = self.axes[ref].unit(s.get(key))
                        if u is not None:
                            ext[ref].append(u)
        for group in self._matched_groups():
            vals = [v for n in group for v in ext[n]]
            p = max(pad[n] for n in group)
            for n in group:
                self._range(self.axes[n], vals, p, any(m in zero for m in group))

    def _range(self, ax: _Axis, vals: list[float], pad: float, zero: bool) -> None:
        spec = ax.spec
        given = _seq(spec.get("range"))
        if len(given) == 2 and None not in given and spec.get("autorange") not in (True, "reversed"):
            ax.lo, ax.hi = float(given[0]), float(given[1])   # a log axis's range is in log10 units, as plotly's
            return
        if ax.kind == "category":
            lo, hi = -0.5, max(len(ax.categories) - 0.5, 0.5)
            if vals:
                lo, hi = min(lo, min(vals)), max(hi, max(vals))
        elif vals:
            lo, hi = min(vals), max(vals)
            if zero or spec.get("rangemode") == "tozero":
                lo, hi = min(lo, 0.0), max(hi, 0.0)
            span = (hi - lo) or (abs(hi) or 1.0)
            lo2 = lo - (span * pad if not (zero and lo == 0) else 0.0)
            hi2 = hi + span * pad
            lo, hi = lo2, hi2
            if lo == hi:
                lo, hi = lo - 1, hi + 1
        else:
            lo, hi = (0.0, 1.0) if ax.kind != "log" else (0.0, 1.0)
        if spec.get("autorange") == "reversed":
            lo, hi = hi, lo
        ax.lo, ax.hi = lo, hi

    def errors(self, t: dict, key: str, j: int, value: float) -> tuple[float, float]:
        """How far the error bar of point ``j`` reaches below and above it (0, 0 without one)."""
        err = t.get(key)
        if not isinstance(err, dict) or err.get("visible") is False:
            return 0.0, 0.0
        kind = err.get("type") or ("data" if err.get("array") is not None else "percent")
        if kind == "data":
            up = _seq(err.get("array"))
            down = _seq(err.get("arrayminus")) if err.get("symmetric") is False and \
                err.get("arrayminus") is not None else up
            hi = _num(up[j]) if j < len(up) else None
            lo = _num(down[j]) if j < len(down) else None
            return lo or 0.0, hi or 0.0
        v = _num(err.get("value")) or 0.0
        vm = _num(err.get("valueminus"))
        vm = v if vm is None or err.get("symmetric") is not False else vm
        if kind == "constant":
            return vm, v
        if kind == "percent":
            return abs(value) * vm / 100, abs(value) * v / 100
        if kind == "sqrt":
            return math.sqrt(abs(value)), math.sqrt(abs(value))
        return 0.0, 0.0

    def mode(self, t: dict, n: int) -> str:
        return t.get("mode") or ("lines+markers" if n < 20 else "lines")

    def cells(self, t: dict) -> tuple[list[float], list[float], list[list]]:
        """A heatmap's cell edges along x and y (axis units) and its rows of z."""
        z = _grid(t.get("z"))
        if t.get("transpose"):
            z = [list(r) for r in zip(*z)]
        ncol = max((len(r) for r in z), default=0)
        xa, ya = self.axes_of(t)

        def edges(vals: list, n: int, ax: _Axis) -> list[float]:
            us = [ax.unit(v) for v in vals] if vals else [float(k) for k in range(n)]
            us = [u for u in us if u is not None]
            if len(us) == n + 1:
                return us
            if len(us) < n or n == 0:
                return []
            us = us[:n]
            if n == 1:
                return [us[0] - 0.5, us[0] + 0.5]
            mids = [(a + b) / 2 for a, b in zip(us, us[1:])]
            return [us[0] - (mids[0] - us[0])] + mids + [us[-1] + (us[-1] - mids[-1])]
        return (edges(_seq(t.get("x")), ncol, self.axes[xa]), edges(_seq(t.get("y")), len(z), self.axes[ya]), z)

    # -- geometry
    def place(self, width: int, height: int, top: float, bottom: float, left: float, right: float) -> None:
        pw, ph = width - left - right, height - top - bottom
        for ax in self.axes.values():
            d0, d1 = ax.domain
            if ax.letter == "x":
                ax.p0, ax.p1 = left + pw * d0, left + pw * d1
            else:
                ax.p0, ax.p1 = top + ph * (1 - d0), top + ph * (1 - d1)
        for ax in self.axes.values():
            other = ax.spec.get("scaleanchor")
            if ax.letter == "y" and other in self.axes:
                self._equal(self.axes[other], ax)
            elif ax.letter == "x" and other in self.axes:
                self._equal(ax, self.axes[other])

    @staticmethod
    def _equal(ax: _Axis, ay: _Axis) -> None:
        """Shrink one axis's pixel span so a unit is as long on both (plotly's ``constrain="domain"``)."""
        sx = abs(ax.p1 - ax.p0) / (abs(ax.hi - ax.lo) or 1)
        sy = abs(ay.p0 - ay.p1) / (abs(ay.hi - ay.lo) or 1)
        s = min(sx, sy)
        for a, scale in ((ax, sx), (ay, sy)):
            if scale > s:
                mid, half = (a.p0 + a.p1) / 2, (a.p1 - a.p0) / 2 * s / scale
                a.p0, a.p1 = mid - half, mid + half

    # -- the SVG
    def svg(self) -> str:
        """The whole picture: title, legend, axes, traces, shapes, annotations, colour bars."""
        self.build_axes()
        self.layout_bars()
        self.stack_scatter()
        self.ranges()
        for t in self.data:
            if not self.drawn(t) and self.visible(t):
                self.skipped.append("horizontal bar" if self.horizontal(t) else self.kind(t))
        for s in self.layout.get("shapes") or []:
            if (s.get("type") or "line") not in ("line", "rect", "circle"):
                self.skipped.append(f"{s.get('type')} shape")
        width = self.width = int(_num(self.layout.get("width")) or WIDTH)
        height = int(_num(self.layout.get("height")) or HEIGHT)
        title = self.layout.get("title")
        title_lines = _lines(_title_text(title))
        main, sub = (title_lines[0] if title_lines else ""), [s for s in title_lines[1:] if s]
        head: list[tuple[str, int, str]] = []              # (text, size, colour)
        for line in _wrap(main, width - 24, 16):
            head.append((line, 16, INK))
        for s in sub:
            head += [(line, 12, SOFT) for line in _wrap(s, width - 24, 12)]
        y = 10.0
        out_head = []
        for text, size, color in head:
            y += size + 4
            bold = ' font-weight="bold"' if size == 16 else ""
            out_head.append(f'<text x="12" y="{y:.0f}" font-size="{size}" fill="{color}"{bold}>{_e(text)}</text>')
        legend, rows = self.legend_entries(width)
        legend_top = y + 8
        top = legend_top + 20 * rows + (10 if rows else 12) + self.room_above()
        colorbars = [t for t in self.data if self.kind(t) in ("heatmap", "contour") and self.visible(t)
                     and t.get("showscale", True) is not False and not self.lines_only(t)]
        right = 16 + 86 * len(colorbars)
        ylabels = [label for ax in self.axes.values() if ax.letter == "y" for _, label in self._probe_ticks(ax)]
        left = 30 + (max((_width_of(s) for s in ylabels), default=0) if ylabels else 0) + 14
        left = max(left, 56)
        bottom = 58
        if self.skipped:
            bottom += 16
        height = max(height, int(top + bottom + 150))          # room for the plot under a long title or legend
        self.place(width, height, top, bottom, left, right)
        clip = f"{self.uid}-clip"
        body = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
                f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="{FONT}">',
                f"<title>{_e(main or 'chart')}</title>"]
        if sub:
            body.append(f"<desc>{_e(' '.join(sub))}</desc>")
        body.append(f'<defs>{self.clips(clip)}</defs>')
        body.append('<rect width="100%" height="100%" fill="white"/>')
        body += out_head
        body += self.grids()
        shapes_below, shapes_above = self.shapes()
        body += shapes_below
        for i, t in enumerate(self.data):
            if self.kind(t) in ("heatmap", "contour") and self.visible(t):
                body.append(self.heatmap(i, t, clip))
        for i, t in enumerate(self.data):
            if self.kind(t) in ("scatter", "scattergl") and self.visible(t):
                body.append(self.fill(i, t, clip))
        for i, t in enumerate(self.data):
            if self.kind(t) in ("bar", "histogram") and self.visible(t) and not self.horizontal(t):
                body.append(self.bar(i, t, clip))
        for i, t in enumerate(self.data):
            if self.kind(t) == "contour" and self.visible(t):
                body.append(self.contour(i, t, clip))
        body += shapes_above
        for i, t in enumerate(self.data):
            if self.kind(t) in ("scatter", "scattergl") and self.visible(t):
                body.append(self.scatter(i, t, clip))
        body += self.axis_labels()
        body += self.annotations()
        body += self.draw_legend(legend, legend_top)
        for k, t in enumerate(colorbars):
            body.append(self.colorbar(t, k, width - right + 14))
        if self.skipped:
            kinds = sorted(set(self.skipped))
            body.append(f'<text class="skipped" x="12" y="{height - 8}" font-size="11" fill="{SOFT}">'
                        f"Not drawn in this picture: {_e(', '.join(kinds))} (see the interactive chart).</text>")
        body.append("</svg>")
        return "\n".join(b for b in body if b)

    def room_above(self) -> float:
        """Height of the annotations that stand on the plot's top edge (subplot titles, labels of lines)."""
        room = 0.0
        for a in self.layout.get("annotations") or []:
            y = _num(a.get("y"))
            if a.get("yref") == "paper" and y is not None and y >= 0.999 and \
                    (a.get("yanchor") or "auto") in ("bottom", "auto") and a.get("showarrow") is False:
                size = _num(_get(a, "font", "size")) or FONT
                room = max(room, len([s for s in _lines(a.get("text")) if s]) * (size + 3) + 2)
        return room

    def _probe_ticks(self, ax: _Axis) -> list[tuple[float, str]]:
        if ax.spec.get("showticklabels") is False:
            return []
        ax.p0, ax.p1 = 300.0, 0.0                           # a plausible length, for the labels' widths only
        return ax.ticks()

    def clips(self, clip: str) -> str:
        out = []
        for xa, ya in self.subplots():
            ax, ay = self.axes[xa], self.axes[ya]
            x0, x1 = sorted((ax.p0, ax.p1))
            y0, y1 = sorted((ay.p0, ay.p1))
            out.append(f'<clipPath id="{clip}-{xa}{ya}"><rect x="{x0 - 1:.1f}" y="{y0 - 1:.1f}" '
                       f'width="{x1 - x0 + 2:.1f}" height="{y1 - y0 + 2:.1f}"/></clipPath>')
        return "".join(out)

    def subplots(self) -> list[tuple[str, str]]:
        pairs = []
        for t in self.data:
            pair = self.axes_of(t)
            if pair not in pairs and pair[0] in self.axes and pair[1] in self.axes:
                pairs.append(pair)
        for n, ax in self.axes.items():
            anchor = ax.spec.get("anchor")
            if anchor in self.axes and anchor != "free":
                pair = (n, anchor) if ax.letter == "x" else (anchor, n)
                if pair not in pairs:
                    pairs.append(pair)
        return pairs or [("x", "y")]

    def grids(self) -> list[str]:
        out = []
        for xa, ya in self.subplots():
            ax, ay = self.axes[xa], self.axes[ya]
            y0, y1 = sorted((ay.p0, ay.p1))
            x0, x1 = sorted((ax.p0, ax.p1))
            if ax.spec.get("showgrid", ax.kind != "category") is not False:
                for p, _ in ax.ticks():
                    out.append(f'<line x1="{p:.1f}" x2="{p:.1f}" y1="{y0:.1f}" y2="{y1:.1f}" stroke="{GRID}"/>')
            if ay.spec.get("showgrid", True) is not False:
                for p, _ in ay.ticks():
                    out.append(f'<line x1="{x0:.1f}" x2="{x1:.1f}" y1="{p:.1f}" y2="{p:.1f}" stroke="{GRID}"/>')
            out.append(f'<path d="M{x0:.1f},{y0:.1f} V{y1:.1f} H{x1:.1f}" fill="none" stroke="{AXIS}"/>')
        return out

    def axis_labels(self) -> list[str]:
        out = []
        for ax in self.axes.values():
            used = any(ax.name in pair for pair in self.subplots())
            if not used:
                continue
            anchor = ax.spec.get("anchor") or ("y" if ax.letter == "x" else "x")
            other = self.axes.get(anchor) or self.axes["y" if ax.letter == "x" else "x"]
            title = [s for s in _lines(_title_text(ax.spec.get("title"))) if s]
            if ax.letter == "x":
                base = max(other.p0, other.p1)
                lines_used = 1
                if ax.spec.get("showticklabels") is not False:
                    ticks = ax.ticks()
                    space = min((abs(b[0] - a[0]) for a, b in zip(ticks, ticks[1:])), default=200)
                    for p, label in ticks:
                        parts = _wrap(label, max(space - 4, 30)) if _width_of(label) > space - 4 else [label]
                        half = max(_width_of(s) for s in parts) / 2 if parts else 0
                        p = min(max(p, half + 2), self.width - half - 2)
                        lines_used = max(lines_used, len(parts[:2]))
                        tspans = "".join(f'<tspan x="{p:.1f}" dy="{0 if k == 0 else 13}">{_e(s)}</tspan>'
                                         for k, s in enumerate(parts[:2]))
                        out.append(f'<text x="{p:.1f}" y="{base + 16:.1f}" text-anchor="middle" fill="{SOFT}">'
                                   f"{tspans}</text>")
                if title:
                    mid = (ax.p0 + ax.p1) / 2
                    out.append(f'<text class="axis-title" x="{mid:.1f}" y="{base + 20 + 13 * lines_used + 6:.1f}" '
                               f'text-anchor="middle">{_e(" ".join(title))}</text>')
            else:
                edge = min(other.p0, other.p1)
                widest = 0.0
                if ax.spec.get("showticklabels") is not False:
                    for p, label in ax.ticks():
                        widest = max(widest, _width_of(label))
                        out.append(f'<text x="{edge - 6:.1f}" y="{p + 4:.1f}" text-anchor="end" fill="{SOFT}">'
                                   f"{_e(label)}</text>")
                if title:
                    mid = (ax.p0 + ax.p1) / 2
                    x = max(14.0, edge - widest - 14)
                    out.append(f'<text class="axis-title" transform="translate({x:.1f} {mid:.1f}) rotate(-90)" '
                               f'text-anchor="middle">{_e(" ".join(title))}</text>')
        return out

    # -- traces
    def _open(self, i: int, t: dict, clip: str) -> str:
        xa, ya = self.axes_of(t)
        return (f'<g class="trace" data-type="{_e(self.kind(t))}" data-name="{_e(_plain(t.get("name") or ""))}" '
                f'clip-path="url(#{clip}-{xa}{ya})">')

    def lines_only(self, t: dict) -> bool:
        """A contour drawn as lines only (no coloured cells, no colour bar)."""
        return self.kind(t) == "contour" and _get(t, "contours", "coloring", default="fill") in ("none", "lines")

    def heatmap(self, i: int, t: dict, clip: str) -> str:
        if self.lines_only(t):
            return ""
        xa, ya = self.axes_of(t)
        ax, ay = self.axes[xa], self.axes[ya]
        xe, ye, z = self.cells(t)
        if not xe or not ye:
            return ""
        scale, zmin, zmax = self.scale(t)
        labels = self.cell_labels(t, z)
        hover = _grid(t.get("customdata")) if t.get("customdata") is not None else _grid(t.get("text")) \
            if t.get("text") is not None and not labels else []
        ncells = sum(1 for row in z for v in row if _num(v) is not None)
        gx, gy = (_num(t.get("xgap")) or 0.0) / 2, (_num(t.get("ygap")) or 0.0) / 2
        xs, ys = _seq(t.get("x")), _seq(t.get("y"))
        xname = _plain(_title_text(ax.spec.get("title"))) or "x"
        yname = _plain(_title_text(ay.spec.get("title"))) or "y"
        out = [self._open(i, t, clip)]
        if not (gx or gy):                                 # no hairline seams between touching cells
            out[0] = out[0].replace("<g ", '<g shape-rendering="crispEdges" ', 1)
        for r, row in enumerate(z):
            if r + 1 >= len(ye):
                break
            y0, y1 = sorted((ay.px(ye[r]), ay.px(ye[r + 1])))
            for c, v in enumerate(row):
                f = _num(v)
                if f is None or c + 1 >= len(xe):
                    continue
                x0, x1 = sorted((ax.px(xe[c]), ax.px(xe[c + 1])))
                color = _scale_color(scale, (f - zmin) / ((zmax - zmin) or 1))
                rect = (f'<rect x="{x0 + gx:.1f}" y="{y0 + gy:.1f}" width="{max(x1 - x0 - 2 * gx, 0.3):.1f}" '
                        f'height="{max(y1 - y0 - 2 * gy, 0.3):.1f}" fill="{color}"')
                if ncells <= MAX_TITLED_CELLS:
                    if hover and r < len(hover) and c < len(hover[r]) and hover[r][c] is not None:
                        tip = _plain(hover[r][c])
                    else:
                        xv = xs[c] if c < len(xs) else c
                        yv = ys[r] if r < len(ys) else r
                        tip = f"{xname} {xv}, {yname} {yv}: {number(f, self.zfmt(t))}"
                    rect += f"><title>{_e(tip)}</title></rect>"
                else:
                    rect += "/>"
                out.append(rect)
                if labels:
                    text = labels[r][c] if r < len(labels) and c < len(labels[r]) else ""
                    if text:
                        rgba = _rgba(color) or (255, 255, 255, 1)
                        ink = INK if 0.299 * rgba[0] + 0.587 * rgba[1] + 0.114 * rgba[2] > 140 else "white"
                        out.append(f'<text class="cell-label" x="{(x0 + x1) / 2:.1f}" y="{(y0 + y1) / 2 + 4:.1f}" '
                                   f'text-anchor="middle" font-size="10" fill="{ink}">{_e(text)}</text>')
        out.append("</g>")
        return "\n".join(out)

    def cell_labels(self, t: dict, z: list[list]) -> list[list[str]]:
        """The text a heatmap writes in its cells (``texttemplate`` with ``%{z}`` or ``%{text}``), if any."""
        template = t.get("texttemplate")
        if not template:
            return []
        texts = _grid(t.get("text")) if t.get("text") is not None else []
        out = []
        for r, row in enumerate(z):
            line = []
            for c, v in enumerate(row):
                f = _num(v)

                def fill(m: re.Match, r: int = r, c: int = c, f: float | None = f) -> str:
                    key, fmt = m.group(1), (m.group(2) or "")[1:] or None
                    if key == "z":
                        return "" if f is None else number(f, fmt)
                    if key == "text" and r < len(texts) and c < len(texts[r]):
                        return str(texts[r][c])
                    return ""
                line.append(_plain(re.sub(r"%\{(\w+)(:[^}]*)?\}", fill, template)))
            out.append(line)
        return out

    def zfmt(self, t: dict) -> str | None:
        return _get(t, "colorbar", "tickformat")

    def scale(self, t: dict) -> tuple[list, float, float]:
        scale = t.get("colorscale")
        if not isinstance(scale, list) or not scale:
            tpl = self.template_data.get(self.kind(t)) or [{}]
            scale = (tpl[0] or {}).get("colorscale") if tpl else None
            if not isinstance(scale, list) or not scale:
                scale = [list(s) for s in PLASMA]
        if t.get("reversescale"):
            scale = [[1 - float(p), c] for p, c in reversed(scale)]
        vals = [f for row in _grid(t.get("z")) for f in (_num(v) for v in row) if f is not None]
        zmin = _num(t.get("zmin"))
        zmax = _num(t.get("zmax"))
        zmin = min(vals, default=0.0) if zmin is None else zmin
        zmax = max(vals, default=1.0) if zmax is None else zmax
        return scale, zmin, zmax

    def contour(self, i: int, t: dict, clip: str) -> str:
        """A contour's lines (marching squares over the grid of z), with a label on each level if asked."""
        xa, ya = self.axes_of(t)
        ax, ay = self.axes[xa], self.axes[ya]
        z = _grid(t.get("z"))
        xs = [ax.unit(v) for v in _seq(t.get("x"))] or [float(k) for k in range(len(z[0]) if z else 0)]
        ys = [ay.unit(v) for v in _seq(t.get("y"))] or [float(k) for k in range(len(z))]
        cont = t.get("contours") or {}
        start, end, size = _num(cont.get("start")), _num(cont.get("end")), _num(cont.get("size"))
        vals = [f for row in z for f in (_num(v) for v in row) if f is not None]
        if not vals or None in xs or None in ys:
            return ""
        if start is None or end is None:
            levels = _linear_ticks(min(vals), max(vals), _num(t.get("ncontours")) or 10)[1:-1]
        else:
            levels, k = [], 0
            while start + k * (size or 1) <= end + 1e-12 and k < 100:
                levels.append(start + k * (size or 1))
                k += 1
        color = _get(t, "line", "color", default=INK)
        width = _num(_get(t, "line", "width")) or 1.0
        out = [self._open(i, t, clip)]
        for level in levels:
            segs = self._march(z, xs, ys, level)
            if not segs:
                continue
            d = " ".join("M" + " L".join(f"{ax.px(px):.1f},{ay.px(py):.1f}" for px, py in run)
                         for run in _chain(segs))
            out.append(f'<path class="line" d="{d}" fill="none"{_paint("stroke", color)} stroke-width="{width}"'
                       f'{_dash(_get(t, "line", "dash"))}/>')
            if cont.get("showlabels"):
                a, b = segs[len(segs) // 2]
                px, py = ax.px((a[0] + b[0]) / 2), ay.px((a[1] + b[1]) / 2)
                label = number(level, cont.get("labelformat"))
                out.append(f'<text x="{px:.1f}" y="{py + 4:.1f}" text-anchor="middle" font-size="11" '
                           f'stroke="white" stroke-width="3" paint-order="stroke"{_paint("fill", color)}>'
                           f"{_e(label)}</text>")
        out.append("</g>")
        return "\n".join(out)

    @staticmethod
    def _march(z: list[list], xs: list[float], ys: list[float], level: float) -> list:
        segs = []
        for r in range(len(z) - 1):
            for c in range(min(len(z[r]), len(z[r + 1])) - 1):
                corners = [(xs[c], ys[r], _num(z[r][c])), (xs[c + 1], ys[r], _num(z[r][c + 1])),
                           (xs[c + 1], ys[r + 1], _num(z[r + 1][c + 1])), (xs[c], ys[r + 1], _num(z[r + 1][c]))]
                if any(v is None for _, _, v in corners):
                    continue
                pts = []
                for (x0, y0, v0), (x1, y1, v1) in zip(corners, corners[1:] + corners[:1]):
                    if (v0 >= level) != (v1 >= level):
                        f = (level - v0) / (v1 - v0)
                        pts.append((x0 + f * (x1 - x0), y0 + f * (y1 - y0)))
                if len(pts) == 2:
                    segs.append((pts[0], pts[1]))
                elif len(pts) == 4:
                    centre = sum(v for _, _, v in corners) / 4
                    first_high = corners[0][2] >= level
                    if (centre >= level) == first_high:
                        segs += [(pts[0], pts[1]), (pts[2], pts[3])]
                    else:
                        segs += [(pts[0], pts[3]), (pts[1], pts[2])]
        return segs

    def bar(self, i: int, t: dict, clip: str) -> str:
        xa, ya = self.axes_of(t)
        ax, ay = self.axes[xa], self.axes[ya]
        bars = self.bars.get(i, [])
        marker = t.get("marker") or {}
        colors = _each(marker.get("color"), len(_seq(self.xy(t)[0])), self.color(i)) \
            if not isinstance(marker.get("color"), str) else None
        color = marker.get("color") if isinstance(marker.get("color"), str) else self.color(i)
        line = marker.get("line") or {}
        lw = _num(line.get("width")) or 0.0
        stroke = (_paint("stroke", line.get("color")) + f' stroke-width="{lw}"') if lw and line.get("color") else ""
        opacity = _num(marker.get("opacity")) or _num(t.get("opacity")) or 1.0
        texts = _each(t.get("text"), len(_seq(self.xy(t)[0])), None) if t.get("text") is not None else None
        positions = _each(t.get("textposition"), len(_seq(self.xy(t)[0])), "auto")
        name = _plain(t.get("name") or "")
        err_color = _get(t, "error_y", "color", default="#444444")
        err_width = _num(_get(t, "error_y", "thickness")) or 1.5
        cap = (_num(_get(t, "error_y", "width")) or 4.0)
        out = [self._open(i, t, clip)]
        labels = []
        for b in bars:
            x0, x1 = sorted((ax.px(b.x0), ax.px(b.x1)))
            y0, y1 = sorted((ay.px(b.y0), ay.px(b.y1)))
            fill = colors[b.index] if colors and isinstance(colors[b.index], str) else color
            tip = f"{name + ': ' if name else ''}{ax.value_text(b.label)}: {ay.value_text(b.value)}"
            out.append(f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{max(x1 - x0, 0.5):.1f}" height="{y1 - y0:.1f}"'
                       f'{_paint("fill", fill, opacity)}{stroke}><title>{_e(tip)}</title></rect>')
            lo, hi = self.errors(t, "error_y", b.index, b.y1 - b.y0)
            if lo or hi:
                mid = (x0 + x1) / 2
                top, low = ay.px(b.y1 + hi), ay.px(b.y1 - lo)
                out.append(f'<path class="error" d="M{mid:.1f},{low:.1f} V{top:.1f} M{mid - cap:.1f},{top:.1f} '
                           f'H{mid + cap:.1f} M{mid - cap:.1f},{low:.1f} H{mid + cap:.1f}" fill="none"'
                           f'{_paint("stroke", err_color)} stroke-width="{err_width}"/>')
            if texts and texts[b.index] not in (None, ""):
                labels.append(self._bar_text(t, b, texts[b.index], positions[b.index], x0, x1, y0, y1, hi))
        out += [label for label in labels if label]
        out.append("</g>")
        return "\n".join(out)

    def _bar_text(self, t: dict, b: _Bar, text: Any, where: str, x0: float, x1: float, y0: float, y1: float,
                  err: float) -> str:
        if where == "none":
            return ""
        label = _plain(text)
        size = _num(_get(t, "textfont", "size")) or 11.0
        while size > 7 and _width_of(label, size) > (x1 - x0) - 2:
            size -= 1
        up = b.y1 >= b.y0
        inside = where == "inside" or (where == "auto" and (y1 - y0) > size + 6)
        if where == "outside" or not inside:
            ay = self.axes[self.axes_of(t)[1]]
            tip = min(y0, ay.px(b.y1 + err)) if up else max(y1, ay.px(b.y1 - err))
            y = tip - 4 if up else tip + size + 2
            color = _get(t, "outsidetextfont", "color") or _get(t, "textfont", "color") or INK
        else:
            anchor = t.get("insidetextanchor") or "end"
            if anchor == "start":
                y = (y1 - 4) if up else (y0 + size + 2)
            elif anchor == "middle":
                y = (y0 + y1) / 2 + size / 3
            else:
                y = (y0 + size + 2) if up else (y1 - 4)
            color = _get(t, "insidetextfont", "color") or _get(t, "textfont", "color") or INK
        return (f'<text class="bar-text" x="{(x0 + x1) / 2:.1f}" y="{y:.1f}" text-anchor="middle" '
                f'font-size="{size:.0f}"{_paint("fill", color)}>{_e(label)}</text>')

    def _points(self, i: int, t: dict) -> tuple[list, list]:
        """(x pixel or None, y pixel or None) of each point of a scatter trace."""
        xa, ya = self.axes_of(t)
        ax, ay = self.axes[xa], self.axes[ya]
        x, y = self.xy(t)
        y = self.stack_y.get(i, y)
        shift = 0.0
        slots = self.slots.get(xa)
        group = t.get("offsetgroup")
        if slots and group in slots["of"] and self.layout.get("scattermode") == "group" and \
                (self.layout.get("barmode") or "group") == "group":
            w = slots["width"] / slots["n"]
            shift = -slots["width"] / 2 + w * (slots["of"][group] + 0.5)
        xs, ys = [], []
        for xv, yv in zip(x, y):
            u, v = ax.unit(xv), ay.unit(yv)
            xs.append(None if u is None else ax.px(u + shift))
            ys.append(None if v is None else ay.px(v))
        return xs, ys

    def _path(self, xs: list, ys: list, shape: str) -> list[str]:
        """Polyline points of each unbroken run, drawn as the line's shape (linear or steps)."""
        return [" ".join(f"{x:.1f},{y:.1f}" for x, y in r) for r in self._runs(xs, ys, shape)]

    @staticmethod
    def _runs(xs: list, ys: list, shape: str) -> list[list[tuple[float, float]]]:
        """The points of each unbroken run (a missing point breaks the line), with the corners of steps."""
        runs, run = [], []
        for x, y in zip(xs, ys):
            if x is None or y is None:
                if run:
                    runs.append(run)
                run = []
                continue
            if run and shape in ("hv", "vh", "hvh", "vhv"):
                px, py = run[-1]
                if shape == "hv":
                    run.append((x, py))
                elif shape == "vh":
                    run.append((px, y))
                elif shape == "hvh":
                    run += [((px + x) / 2, py), ((px + x) / 2, y)]
                else:
                    run += [(px, (py + y) / 2), (x, (py + y) / 2)]
            run.append((x, y))
        if run:
            runs.append(run)
        return runs

    def fill(self, i: int, t: dict, clip: str) -> str:
        mode = t.get("fill") or ("tonexty" if t.get("stackgroup") and self._previous(i) is not None else
                                 "tozeroy" if t.get("stackgroup") else "none")
        if mode == "none":
            return ""
        def outline(k: int) -> list[tuple[float, float]]:          # the line's own shape (steps too)
            xs, ys = self._points(k, self.data[k])
            return [p for run in self._runs(xs, ys, _get(self.data[k], "line", "shape") or "linear") for p in run]
        pts = outline(i)
        if not pts:
            return ""
        ya = self.axes[self.axes_of(t)[1]]
        if mode in ("tonexty", "tonextx"):
            prev = self._previous(i)
            if prev is None:
                mode = "tozeroy"
            else:
                poly = pts + outline(prev)[::-1]
        if mode == "tozeroy":
            base = ya.px(0.0) if ya.kind == "linear" else max(ya.p0, ya.p1)
            poly = [(pts[0][0], base)] + pts + [(pts[-1][0], base)]
        elif mode == "tozerox":
            xa = self.axes[self.axes_of(t)[0]]
            base = xa.px(0.0)
            poly = [(base, pts[0][1])] + pts + [(base, pts[-1][1])]
        elif mode == "toself":
            poly = pts
        fillcolor = t.get("fillcolor") or self.trace_color(i, t)
        opacity = 1.0 if t.get("fillcolor") else 0.5
        d = " ".join(f"{x:.1f},{y:.1f}" for x, y in poly)
        return (f'<g class="trace" data-type="fill" data-name="{_e(_plain(t.get("name") or ""))}" '
                f'clip-path="url(#{clip}-{"".join(self.axes_of(t))})"><polygon class="fill" points="{d}"'
                f'{_paint("fill", fillcolor, opacity)}/></g>')

    def _previous(self, i: int) -> int | None:
        axes = self.axes_of(self.data[i])
        for k in range(i - 1, -1, -1):
            t = self.data[k]
            if self.kind(t) in ("scatter", "scattergl") and self.axes_of(t) == axes and self.visible(t):
                if self.data[i].get("stackgroup") and t.get("stackgroup") != self.data[i].get("stackgroup"):
                    continue
                return k
        return None

    def scatter(self, i: int, t: dict, clip: str) -> str:
        xs, ys = self._points(i, t)
        if not any(x is not None and y is not None for x, y in zip(xs, ys)):
            return ""                                    # a legend entry only (x=[None])
        n = len(xs)
        mode = self.mode(t, n)
        color = self.trace_color(i, t)
        line = t.get("line") or {}
        out = [self._open(i, t, clip)]
        lw = _num(line.get("width"))
        lw = 2.0 if lw is None else lw
        if "lines" in mode and lw > 0:
            lc = line.get("color") if isinstance(line.get("color"), str) else color
            for pts in self._path(xs, ys, line.get("shape") or "linear"):
                out.append(f'<polyline class="line" points="{pts}" fill="none"{_paint("stroke", lc)} '
                           f'stroke-width="{lw}" stroke-linejoin="round"{_dash(line.get("dash"))}/>')
        ya = self.axes[self.axes_of(t)[1]]
        _, yv = self.xy(t)
        yv = self.stack_y.get(i, yv)
        marker = t.get("marker") or {}
        mcolors = _each(marker.get("color"), n, color)
        err = t.get("error_y") if isinstance(t.get("error_y"), dict) else None
        if err and err.get("visible") is not False and ("markers" in mode or "lines" in mode):
            ec = err.get("color") or (mcolors[0] if isinstance(mcolors[0], str) else color)
            ew = _num(err.get("thickness")) or 1.5
            cap = _num(err.get("width")) or 3.0
            for j, (x, y) in enumerate(zip(xs, ys)):
                if x is None or y is None:
                    continue
                v = _num(yv[j]) or 0.0
                lo, hi = self.errors(t, "error_y", j, v)
                if not (lo or hi):
                    continue
                top, low = ya.at(v + hi), ya.at(v - lo)
                if top is None or low is None:
                    continue
                out.append(f'<path class="error" d="M{x:.1f},{low:.1f} V{top:.1f} M{x - cap:.1f},{top:.1f} '
                           f'H{x + cap:.1f} M{x - cap:.1f},{low:.1f} H{x + cap:.1f}" fill="none"'
                           f'{_paint("stroke", ec)} stroke-width="{ew}"/>')
        if "markers" in mode:
            symbols = _each(marker.get("symbol"), n, "circle")
            sizes = _each(marker.get("size"), n, 6)
            mline = marker.get("line") or {}
            mlw = _num(mline.get("width")) or 0.0
            mlc = mline.get("color") if isinstance(mline.get("color"), str) else None
            opacity = _num(marker.get("opacity")) or 1.0
            name = _plain(t.get("name") or "")
            xa = self.axes[self.axes_of(t)[0]]
            xraw, _ = self.xy(t)
            marks = ['<g class="markers">']
            for j, (x, y) in enumerate(zip(xs, ys)):
                if x is None or y is None:
                    continue
                c = mcolors[j] if isinstance(mcolors[j], str) else color
                tip = (f"{name + ': ' if name else ''}{xa.value_text(xraw[j])}, {ya.value_text(yv[j])}"
                       if n <= MAX_TITLED_POINTS else None)
                marks.append(_marker(str(symbols[j]), x, y, _num(sizes[j]) or 6.0, c, mlc, mlw, opacity, tip))
            marks.append("</g>")
            out += marks
        if "text" in mode and t.get("text") is not None:
            texts = _each(t.get("text"), n, "")
            for j, (x, y) in enumerate(zip(xs, ys)):
                if x is not None and y is not None and texts[j]:
                    out.append(f'<text x="{x:.1f}" y="{y - 8:.1f}" text-anchor="middle" font-size="11">'
                               f"{_e(_plain(texts[j]))}</text>")
        out.append("</g>")
        return "\n".join(out)

    # -- layout parts
    def _ref(self, ref: str | None, letter: str) -> tuple[str, Any]:
        """("paper", None), ("domain", axis) or ("data", axis) for a shape's or annotation's x/y reference."""
        ref = ref or letter
        if ref == "paper":
            return "paper", None
        if ref.endswith(" domain"):
            return "domain", self.axes.get(ref.split()[0])
        return "data", self.axes.get(ref)

    def _pos(self, ref: str | None, letter: str, v: Any) -> float | None:
        how, ax = self._ref(ref, letter)
        f = _num(v)
        if how == "paper":
            if f is None:
                return None
            spans = [(a.p0, a.p1) for a in self.axes.values() if a.letter == letter
                     and any(a.name in pair for pair in self.subplots())]
            lo = min(min(s) for s in spans)
            hi = max(max(s) for s in spans)
            return lo + (hi - lo) * f if letter == "x" else hi - (hi - lo) * f
        if ax is None:
            return None
        if how == "domain":
            return None if f is None else ax.p0 + (ax.p1 - ax.p0) * f
        return ax.at(v)

    def shapes(self) -> tuple[list[str], list[str]]:
        below, above = [], []
        for s in self.layout.get("shapes") or []:
            kind = s.get("type") or "line"
            x0, x1 = self._pos(s.get("xref"), "x", s.get("x0")), self._pos(s.get("xref"), "x", s.get("x1"))
            y0, y1 = self._pos(s.get("yref"), "y", s.get("y0")), self._pos(s.get("yref"), "y", s.get("y1"))
            if None in (x0, x1, y0, y1):
                continue
            line = s.get("line") or {}
            lw = _num(line.get("width"))
            lw = 2.0 if lw is None else lw
            stroke = (_paint("stroke", line.get("color") or "#444444") + f' stroke-width="{lw}"'
                      + _dash(line.get("dash"))) if lw > 0 else ""
            opacity = _num(s.get("opacity")) or 1.0
            if kind == "line":
                see = f' opacity="{opacity:.3g}"' if opacity < 1 else ""
                el = f'<line class="shape" x1="{x0:.1f}" x2="{x1:.1f}" y1="{y0:.1f}" y2="{y1:.1f}"{stroke}{see}/>'
            elif kind in ("rect", "circle"):
                fill = _paint("fill", s.get("fillcolor"), opacity) if s.get("fillcolor") else ' fill="none"'
                xa, xb = sorted((x0, x1))
                ya, yb = sorted((y0, y1))
                el = (f'<rect class="shape" x="{xa:.1f}" y="{ya:.1f}" width="{xb - xa:.1f}" height="{yb - ya:.1f}"'
                      f'{fill}{stroke}/>' if kind == "rect" else
                      f'<ellipse class="shape" cx="{(xa + xb) / 2:.1f}" cy="{(ya + yb) / 2:.1f}" '
                      f'rx="{(xb - xa) / 2:.1f}" ry="{(yb - ya) / 2:.1f}"{fill}{stroke}/>')
            else:
                continue
            (below if s.get("layer") == "below" else above).append(el)
        return below, above

    def annotations(self) -> list[str]:
        out = []
        for a in self.layout.get("annotations") or []:
            if a.get("visible") is False:
                continue
            lines = [s for s in _lines(a.get("text")) if s]
            x = self._pos(a.get("xref"), "x", a.get("x"))
            y = self._pos(a.get("yref"), "y", a.get("y"))
            if not lines or x is None or y is None:
                continue
            size = _num(_get(a, "font", "size")) or FONT
            color = _get(a, "font", "color") or INK
            arrow = a.get("showarrow", True) is not False
            xanchor, yanchor = a.get("xanchor") or "auto", a.get("yanchor") or "auto"
            tx, ty = x, y
            if arrow:
                ax, ay = _num(a.get("ax")), _num(a.get("ay"))
                tx, ty = x + (-10.0 if ax is None else ax), y + (-30.0 if ay is None else ay)
                ac = a.get("arrowcolor") or "#444444"
                out.append(f'<path class="arrow" d="M{tx:.1f},{ty:.1f} L{x:.1f},{y:.1f}"{_paint("stroke", ac)} '
                           f'stroke-width="1" fill="none"/>')
                ang = math.atan2(y - ty, x - tx)
                head = [(x, y), (x - 7 * math.cos(ang - 0.4), y - 7 * math.sin(ang - 0.4)),
                        (x - 7 * math.cos(ang + 0.4), y - 7 * math.sin(ang + 0.4))]
                out.append(f'<polygon points="{" ".join(f"{px:.1f},{py:.1f}" for px, py in head)}"'
                           f'{_paint("fill", ac)}/>')
            if xanchor == "auto":
                if arrow or a.get("xref", "x") != "paper":
                    xanchor = "center"
                else:
                    f = _num(a.get("x")) or 0.0
                    xanchor = "left" if f <= 1 / 3 else "right" if f >= 2 / 3 else "center"
            anchor = {"left": "start", "right": "end"}.get(xanchor, "middle")
            height = (size + 3) * len(lines)
            if arrow and yanchor == "auto":
                first = ty - height / 2 + size
            elif yanchor == "bottom":
                first = ty - height + size - 2
            elif yanchor == "top":
                first = ty + size
            else:
                first = ty - height / 2 + size - 1
            spans = "".join(f'<tspan x="{tx:.1f}" y="{first + k * (size + 3):.1f}">{_e(s)}</tspan>'
                            for k, s in enumerate(lines))
            out.append(f'<text class="annotation" text-anchor="{anchor}" font-size="{size:.0f}"'
                       f'{_paint("fill", color)}>{spans}</text>')
        return out

    def legend_entries(self, width: int) -> tuple[list, int]:
        items = []
        for i, t in enumerate(self.data):
            name = _plain(t.get("name") or "")
            default = self.kind(t) not in ("heatmap", "contour") and self.drawn(t)
            if not name or not t.get("showlegend", default) or t.get("visible") is False:
                continue
            items.append((name, i, t))
        shown = self.layout.get("showlegend")
        if shown is False or (shown is None and len(items) < 2 and
                              not any(t.get("showlegend") is True for _, _, t in items)):
            return [], 0
        entries, x, row = [], 12.0, 0
        for name, i, t in items:
            w = 34 + _width_of(name)
            if entries and x + w > width - 12:
                x, row = 12.0, row + 1
            entries.append((name, i, t, x, row))
            x += w + 10
        return entries, (row + 1 if entries else 0)

    def draw_legend(self, entries: list, top: float) -> list[str]:
        if not entries:
            return []
        out = ['<g class="legend">']
        for name, i, t, x, row in entries:
            y = top + 20 * row + 10
            out.append(self._swatch(i, t, x, y) + f'<text x="{x + 30:.1f}" y="{y + 4:.1f}">{_e(name)}</text>')
        out.append("</g>")
        return out

    def _swatch(self, i: int, t: dict, x: float, y: float) -> str:
        k = self.kind(t)
        color = self.trace_color(i, t)
        marker = t.get("marker") or {}
        if k in ("bar", "histogram"):
            mc = marker.get("color")
            fill = mc if isinstance(mc, str) else (self._one(mc) or self.color(i))
            line = marker.get("line") or {}
            stroke = _paint("stroke", line.get("color")) + ' stroke-width="1"' if line.get("color") else ""
            return f'<rect x="{x + 6:.1f}" y="{y - 6:.1f}" width="14" height="12"{_paint("fill", fill)}{stroke}/>'
        mode = self.mode(t, len(_seq(t.get("y"))))
        line = t.get("line") or {}
        lw = _num(line.get("width"))
        lw = 2.0 if lw is None else lw
        out = ""
        filled = t.get("fill") not in (None, "none") or bool(t.get("stackgroup"))
        if filled and (lw < 1 or "lines" not in mode):              # an area: its colour, not its hairline
            fc = t.get("fillcolor") or color
            return f'<rect x="{x + 3:.1f}" y="{y - 6:.1f}" width="20" height="12"{_paint("fill", fc)}/>'
        if "lines" in mode and lw > 0:
            lc = line.get("color") if isinstance(line.get("color"), str) else color
            out += (f'<line x1="{x:.1f}" x2="{x + 26:.1f}" y1="{y:.1f}" y2="{y:.1f}"{_paint("stroke", lc)} '
                    f'stroke-width="{min(lw, 4)}"{_dash(line.get("dash"))}/>')
        if "markers" in mode:
            mc = marker.get("color")
            c = mc if isinstance(mc, str) else (self._one(mc) or color)
            sym = marker.get("symbol")
            sym = sym if isinstance(sym, str) else "circle"
            size = _num(marker.get("size")) if not isinstance(marker.get("size"), (list, dict)) else None
            mline = marker.get("line") or {}
            out += _marker(sym, x + 13, y, min(size or 8.0, 12.0), c,
                           mline.get("color") if isinstance(mline.get("color"), str) else None,
                           _num(mline.get("width")) or 0.0, 1.0, None)
        return out

    @staticmethod
    def _one(colors: Any) -> str | None:
        """The colour of an array of colours if they are all the same, else a neutral grey."""
        vals = {c for c in _seq(colors) if isinstance(c, str)}
        if not vals:
            return None
        return vals.pop() if len(vals) == 1 else "#7a7a7a"

    def colorbar(self, t: dict, k: int, x: float) -> str:
        """A heatmap's colour scale as a bar with ticks (its ``colorbar.tickformat``) and its title."""
        scale, zmin, zmax = self.scale(t)
        ya = self.axes[self.axes_of(t)[1]]
        top, bottom = sorted((ya.p0, ya.p1))
        length = _num(_get(t, "colorbar", "len")) or 1.0
        h = (bottom - top) * min(length, 1.0)
        title = [s for s in _lines(_title_text(_get(t, "colorbar", "title"))) if s]
        top = top + 14 * len(title) + 12
        h = min(h, bottom - top)
        x += 86 * k
        gid = f"{self.uid}-scale{k}"
        stops = "".join(f'<stop offset="{float(p):.4g}" stop-color="{_scale_color(scale, float(p))}"/>'
                        for p, _ in scale)
        out = [f'<g class="colorbar"><defs><linearGradient id="{gid}" x1="0" x2="0" y1="1" y2="0">{stops}'
               f"</linearGradient></defs>"]
        for j, line in enumerate(title):
            out.append(f'<text x="{x:.1f}" y="{top - 12 - 14 * (len(title) - 1 - j):.1f}">{_e(line)}</text>')
        out.append(f'<rect x="{x:.1f}" y="{top:.1f}" width="16" height="{h:.1f}" fill="url(#{gid})" '
                   f'stroke="{AXIS}"/>')
        fmt = _get(t, "colorbar", "tickformat")
        vals = _linear_ticks(zmin, zmax, min(max(h / 40, 4), 9) + 1)
        step = vals[1] - vals[0] if len(vals) > 1 else None
        for v in vals:
            py = top + h * (1 - (v - zmin) / ((zmax - zmin) or 1))
            out.append(f'<line x1="{x + 16:.1f}" x2="{x + 20:.1f}" y1="{py:.1f}" y2="{py:.1f}" stroke="{SOFT}"/>'
                       f'<text x="{x + 23:.1f}" y="{py + 4:.1f}" fill="{SOFT}">{_e(number(v, fmt, step))}</text>')
        out.append("</g>")
        return "".join(out)


def _chain(segs: list) -> list[list]:
    """Join line segments that share ends into runs of points (so a dashed contour keeps one dash pattern)."""
    def key(p: tuple) -> tuple:
        return round(p[0], 9), round(p[1], 9)
    ends: dict = {}
    for k, (a, b) in enumerate(segs):
        ends.setdefault(key(a), []).append(k)
        ends.setdefault(key(b), []).append(k)
    used = [False] * len(segs)

    def walk(point: tuple, run: list) -> None:
        while True:
            nxt = next((k for k in ends.get(key(point), []) if not used[k]), None)
            if nxt is None:
                return
            used[nxt] = True
            a, b = segs[nxt]
            point = b if key(a) == key(point) else a
            run.append(point)
    runs = []
    for k, (a, b) in enumerate(segs):
        if used[k]:
            continue
        used[k] = True
        forward, backward = [a, b], [a]
        walk(b, forward)
        walk(a, backward)
        runs.append(backward[:0:-1] + forward)
    return runs


def _marker(symbol: str, x: float, y: float, size: float, color: str, line_color: str | None, line_width: float,
            opacity: float, tip: str | None) -> str:
    """One plotly marker (circle, square, diamond, triangles, cross, x, star, pentagon, hexagon; "-open" is
    drawn as an outline, "-thin" as strokes) as an SVG element."""
    sym = symbol.lower()
    open_ = "-open" in sym
    thin = "-thin" in sym
    base = sym.replace("-open", "").replace("-dot", "").replace("-thin", "")
    r = size / 2
    if open_ or thin:
        paint = ' fill="none"' + _paint("stroke", color, opacity) + f' stroke-width="{max(line_width, 1.5)}"'
    else:
        paint = _paint("fill", color, opacity)
        if line_color and line_width:
            paint += _paint("stroke", line_color) + f' stroke-width="{line_width}"'
    title = f"<title>{_e(tip)}</title>" if tip else ""

    def poly(points: list[tuple[float, float]]) -> str:
        pts = " ".join(f"{x + px:.1f},{y + py:.1f}" for px, py in points)
        return f'<polygon points="{pts}"{paint}>{title}</polygon>' if title else f'<polygon points="{pts}"{paint}/>'

    def regular(n: int, rad: float, turn: float = -math.pi / 2) -> list[tuple[float, float]]:
        return [(rad * math.cos(turn + 2 * math.pi * k / n), rad * math.sin(turn + 2 * math.pi * k / n))
                for k in range(n)]

    if thin and base in ("x", "cross"):
        a = r * (0.8 if base == "x" else 1.0)
        d = (f"M{x - a:.1f},{y - a:.1f} L{x + a:.1f},{y + a:.1f} M{x - a:.1f},{y + a:.1f} L{x + a:.1f},{y - a:.1f}"
             if base == "x" else f"M{x - a:.1f},{y:.1f} H{x + a:.1f} M{x:.1f},{y - a:.1f} V{y + a:.1f}")
        return f'<path d="{d}"{paint}>{title}</path>' if title else f'<path d="{d}"{paint}/>'
    if base == "square":
        el = f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{size:.1f}" height="{size:.1f}"{paint}'
        return el + (f">{title}</rect>" if title else "/>")
    if base == "diamond":
        return poly([(0, -r * 1.3), (r * 1.3, 0), (0, r * 1.3), (-r * 1.3, 0)])
    if base.startswith("triangle"):
        turn = {"triangle-up": -math.pi / 2, "triangle-down": math.pi / 2, "triangle-left": math.pi,
                "triangle-right": 0.0}.get(base, -math.pi / 2)
        return poly(regular(3, r * 1.25, turn))
    if base == "pentagon":
        return poly(regular(5, r * 1.1))
    if base == "hexagon":
        return poly(regular(6, r * 1.1))
    if base == "star":
        outer, inner = regular(5, r * 1.25), regular(5, r * 0.5, -math.pi / 2 + math.pi / 5)
        return poly([p for pair in zip(outer, inner) for p in pair])
    if base in ("cross", "x"):
        a, b = r, r * 0.35
        pts = [(-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b), (b, a), (-b, a), (-b, b), (-a, b), (-a, -b),
               (-b, -b)]
        if base == "x":
            c, s = math.cos(math.pi / 4), math.sin(math.pi / 4)
            pts = [(px * c - py * s, px * s + py * c) for px, py in pts]
        return poly(pts)
    el = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}"{paint}'
    return el + (f">{title}</circle>" if title else "/>")


# ---------------------------------------------------------------- the public face

def figure_dict(fig: Any) -> dict:
    """A plotly figure (a ``go.Figure``, or its dict as plotly's renderers pass it) as plain JSON values."""
    import plotly.io as pio  # noqa: PLC0415

    return json.loads(pio.to_json(fig, validate=False))


def figure_svg(fig: Any) -> str:
    """The SVG picture of a plotly figure (see the module's docstring for what is drawn)."""
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
            drawing = _Drawing(figure_dict(self.figure))
            self._svg = drawing.svg()
            self.skipped = sorted(set(drawing.skipped))
        return self._svg

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict:
        return {"image/svg+xml": self.svg(), "text/plain": repr(self)}

    def __repr__(self) -> str:
        return f"<FigurePicture {self.title!r}>"
