"""The Furglars' own look: the die-face icons and the CSS of its repr.

The core draws the die (:func:`furlib.core.show.dice_svg.symbol_die_svg`); this
module says what a Furgle, a Lock, a Hand and an X look like. No
ipywidgets, no plotly here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from ..core.show.dice_svg import INK, symbol_die_svg
from ..core.show.markup import Markup

__all__ = ["SYMBOLS", "CSS", "furglars_die_svg"]


def _circle(cx: float, cy: float, r: float) -> str:
    return f"M{cx - r} {cy} a{r} {r} 0 1 0 {2 * r} 0 a{r} {r} 0 1 0 {-2 * r} 0 Z"


def _furgle_icon() -> Markup:
    """A furry ball with two eyes and a smile cut out (holes show the die face)."""
    pts = []
    for k in range(36):
        r = 34 if k % 2 == 0 else 25
        a = math.pi * k / 18
        pts.append(f"{50 + r * math.cos(a):.1f} {53 + r * math.sin(a):.1f}")
    fur = "M" + " L".join(pts) + " Z"
    holes = _circle(41, 48, 7.5) + _circle(59, 48, 7.5) + "M40 61 Q50 72 60 61 Q50 66 40 61 Z"
    return Markup(f'<path d="{fur} {holes}" fill-rule="evenodd" {INK}/>'
                  f'<circle cx="42.5" cy="49.5" r="3.2" {INK}/><circle cx="60.5" cy="49.5" r="3.2" {INK}/>')


#: The icons of The Furglars' die faces, drawn in a 100 x 100 box in ``currentColor``.
SYMBOLS: dict[str, Markup] = {
    "furgle": _furgle_icon(),
    "lock": Markup(
        '<path d="M36 50 V38 A14 14 0 0 1 64 38 V50" fill="none" stroke-width="8" stroke="currentColor"/>'
        '<path d="M33 47 H67 A6 6 0 0 1 73 53 V75 A6 6 0 0 1 67 81 H33 A6 6 0 0 1 27 75 V53 A6 6 0 0 1 33 47 Z '
        f'M50 54.5 A5.5 5.5 0 0 1 53 64.6 L53.5 72 H46.5 L47 64.6 A5.5 5.5 0 0 1 50 54.5 Z" '
        f'fill-rule="evenodd" {INK}/>'),
    "hand": Markup(
        f'<g {INK}>'
        '<rect x="33" y="24" width="9" height="34" rx="4.5"/>'
        '<rect x="44" y="19" width="9" height="38" rx="4.5"/>'
        '<rect x="55" y="21" width="9" height="36" rx="4.5"/>'
        '<rect x="66" y="28" width="8.5" height="30" rx="4.25"/>'
        '<rect x="33" y="46" width="41.5" height="36" rx="13"/>'
        '<rect x="19" y="47" width="9" height="27" rx="4.5" transform="rotate(-38 23.5 60.5)"/>'
        '</g>'),
    "x": Markup('<path d="M31 31 L69 69 M69 31 L31 69" fill="none" stroke-width="11" stroke-linecap="round" '
                'stroke="currentColor"/>'),
}


def furglars_die_svg(label: str, *, symbol: str | None = None, size: int = 40, title: str | None = None,
                     marked: str | Sequence[str] | None = None,
                     attrs: Mapping[str, object] | None = None) -> Markup:
    """A Furglars die: the icon of :data:`SYMBOLS` named ``symbol`` (default ``label.lower()``).

    A name without an icon is drawn as the text of ``label``. The other
    arguments are those of :func:`furlib.core.show.dice_svg.symbol_die_svg`.

    >>> svg = furglars_die_svg("Lock", symbol="lock", marked="lost")
    >>> "<title>die showing Lock, lost</title>" in svg and "furlib-sym-lock" in svg
    True
    """
    key = symbol if symbol is not None else label.lower() if isinstance(label, str) else None
    icon = SYMBOLS.get(key) if isinstance(key, str) else None
    return symbol_die_svg(label, icon=icon, symbol=symbol, size=size, title=title, marked=marked, attrs=attrs)


#: The repr's own rules, added to the core theme by :func:`furlib.core.show.page.game_page`.
CSS: dict[str, str] = {
    ".fg-cards": "display: flex; flex-wrap: wrap; gap: 8px; margin: 4px 0 8px;",
    ".fg-card": "flex: 1 1 150px; min-width: 140px; max-width: 270px; padding: 6px 8px; border-radius: 8px;"
                " border: 1px solid var(--jp-border-color2, rgba(127, 127, 127, 0.45));"
                " background: rgba(127, 127, 127, 0.06);",
    ".fg-card-current": "border-color: #1f6feb; box-shadow: inset 0 0 0 1px #1f6feb;"
                        " background: rgba(31, 111, 235, 0.08);",
    ".fg-card-winner": "border-color: #d4a017; box-shadow: inset 0 0 0 1px #d4a017;"
                       " background: rgba(212, 160, 23, 0.12);",
    ".fg-name": "font-weight: 700; overflow-wrap: anywhere;",
    ".fg-points": "margin: 1px 0 2px;",
    ".fg-points b": "font-size: 18px; font-variant-numeric: tabular-nums;",
    ".fg-card .furlib-dice": "gap: 3px; min-height: 32px; margin: 2px 0;",
    ".fg-empty": "font-size: 12px; opacity: 0.72; font-style: italic;",
    ".fg-note": "font-size: 11px; opacity: 0.72;",
    ".furlib-side": "flex: 1 1 280px;",
    ".furlib-main": "flex: 1 1 260px; max-width: 460px;",
    ".fg-banner-bonus": "border-left-color: #8250df; background: rgba(130, 80, 223, 0.14);",
    ".furlib-ev-steal::marker, .furlib-ev-break::marker": "color: #e5534b;",
    ".furlib-ev-cash-in": "font-weight: 600;",
    ".furlib-ev-cash-in::marker": "color: #d4a017;",
}
