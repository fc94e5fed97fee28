"""Oh Furcle!'s own look: the colours of its badges, banners and events.

Added to the core theme by :func:`furlib.core.show.page.game_page`; the dice
themselves (and their scoring, Beekin and lost marks) are drawn by
:mod:`furlib.core.show.dice_svg`. No ipywidgets, no plotly here.
"""

from __future__ import annotations

__all__ = ["CSS"]

#: The repr's own rules, scoped under ``furlib-furcle`` by the page.
CSS: dict[str, str] = {
    ".furlib-badge-leader": "background: rgba(212, 160, 23, 0.22); border-color: #d4a017;",
    ".furlib-badge-beekin": "background: rgba(130, 80, 223, 0.2); border-color: #8250df;",
    ".furlib-badge-scoring": "background: rgba(45, 164, 78, 0.2); border-color: #2da44e;",
    ".furlib-badge-furcle": "background: rgba(229, 83, 75, 0.2); border-color: #e5534b;",
    ".fc-banner-furcle": "border-left-color: #e5534b; background: rgba(229, 83, 75, 0.14);",
    ".fc-last .furlib-die": "opacity: 0.6;",
    ".furlib-ev-furcle": "font-weight: 600;",
    ".furlib-ev-furcle::marker": "color: #e5534b;",
    ".furlib-ev-leader": "font-weight: 700;",
}
