"""Dice drawn as accessible inline SVG: pips, numbers, and symbols drawn by the caller.

Re-exported by :mod:`furlib.core.show.html`; see there for the conventions
(well-formed XML, ``currentColor`` ink, marks for scoring/Beekin/lost dice).
A game with its own die faces (The Furglars' Furgle, Lock, ...) keeps their
icons in its own ``art.py`` and passes them to :func:`symbol_die_svg`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import excerpt
from .markup import Markup, _slug, attrs_html, escape

SVG_NS = "http://www.w3.org/2000/svg"
# Dice are drawn in ``currentColor`` (the text colour around them): pips and
# icons in full, the face as a faint tint, the edge half-strong. They so
# contrast with whatever background the text is readable on: JupyterLab light
# or dark, a docs page, or an editor's dark theme without --jp-* variables.
FACE = 'fill="currentColor" fill-opacity="0.07"'
INK = 'fill="currentColor"'
EDGE = 'stroke="currentColor" stroke-opacity="0.5"'

#: Die marks: name -> (colour, words added to the die's title). The colours
#: are mid-tones with at least 3:1 contrast on white and on JupyterLab's dark
#: background, so a marked die stands out in both themes.
MARKS: dict[str, tuple[str, str]] = {
    "scoring": ("#2da44e", "scoring"),
    "beekin": ("#8250df", "raised by Beekin"),
    "selected": ("#1f6feb", "selected"),
    "lost": ("#e5534b", "lost"),
}

# ------------------------------------------------------------------ dice
_PIPS = {
    1: [(50, 50)],
    2: [(30, 30), (70, 70)],
    3: [(30, 30), (50, 50), (70, 70)],
    4: [(30, 30), (70, 30), (30, 70), (70, 70)],
    5: [(30, 30), (70, 30), (50, 50), (30, 70), (70, 70)],
    6: [(30, 28), (70, 28), (30, 50), (70, 50), (30, 72), (70, 72)],
}


def _marks(marked: str | Sequence[str] | None, known: Mapping[str, object] = MARKS) -> tuple[str, ...]:
    """The names of ``marked`` (None, a name of ``known`` or a list of them), each once, in order; a ValueError
    names an unknown one (the dice's marks, or the cards' for :mod:`~furlib.core.show.cards_svg`)."""
    if marked is None:
        return ()
    names = (marked,) if isinstance(marked, str) else tuple(marked)
    for m in names:
        if m not in known:
            raise ValueError(f"marked must be None, one of {sorted(known)} or a list of them, got {excerpt(m)}")
    return tuple(dict.fromkeys(names))


def _check_size(size: object) -> int:
    return _int_in("size (pixels)", size, 8, 400)


_BORDERS = {"scoring": 7, "lost": 5, "selected": 6}  # marks drawn as the die's border, by priority
_BODY = 'x="7" y="7" width="86" height="86" rx="16"'
_RING = 'x="2" y="2" width="96" height="96" rx="20" fill="none" stroke-width="3.5"'


def _die_frame(body: str, *, size: int, title: str, marks: tuple[str, ...], classes: list[str],
               attrs: Mapping[str, object] | None, dashed: bool = False) -> Markup:
    """Wrap die-face drawing ``body`` in the accessible square die with its marks.

    The first of scoring/lost/selected colours the border and tints the face;
    "beekin" (and "selected" when it is not the border) draws an outer ring;
    "beekin" also puts a "+1" badge on the top right corner.
    """
    extra = dict(attrs or {})
    cls = classes + [f"furlib-die-{m}" for m in marks] + ([str(extra.pop("class"))] if "class" in extra else [])
    head = attrs_html({"xmlns": SVG_NS, "class": " ".join(cls), "role": "img", "aria-label": title,
                       "width": size, "height": size, "viewBox": "0 0 100 100", **extra})
    border = next((m for m in _BORDERS if m in marks), None)
    parts = [f"<title>{escape(title)}</title>", f'<rect {_BODY} {FACE}/>']
    if border:
        parts.append(f'<rect {_BODY} fill="{MARKS[border][0]}" fill-opacity="0.2"/>')
    parts.append(body)
    if border:
        parts.append(f'<rect {_BODY} fill="none" stroke="{MARKS[border][0]}" stroke-width="{_BORDERS[border]}"/>')
    else:
        dash = ' stroke-dasharray="9 7"' if dashed else ""
        parts.append(f'<rect {_BODY} fill="none" stroke-width="3"{dash} {EDGE}/>')
    for m in ("selected", "beekin"):
        if m in marks and m != border:
            parts.append(f'<rect {_RING} stroke="{MARKS[m][0]}"/>')
    if "beekin" in marks:
        parts.append(f'<circle cx="86" cy="14" r="14" fill="{MARKS["beekin"][0]}"/>'
                     '<text x="86" y="15" text-anchor="middle" dominant-baseline="central" '
                     'font-family="sans-serif" font-weight="700" font-size="17" fill="#fff">+1</text>')
    return Markup(f"<svg{head}>" + "".join(parts) + "</svg>")


def die_svg(face: int, *, sides: int = 6, size: int = 40, marked: str | Sequence[str] | None = None,
            title: str | None = None, pips: bool | None = None,
            attrs: Mapping[str, object] | None = None) -> Markup:
    """An accessible inline SVG of a die showing ``face``.

    Parameters
    ----------
    face : int
        The face shown, 1 to ``sides``.
    sides : int, default 6
        Faces of the die. Dice with up to 6 sides show pips; larger dice
        show the number on every face (6 and 9 underlined from a d9 up).
    size : int, default 40
        Width and height in pixels.
    marked : str or list of str, optional
        ``"scoring"`` (green tint and thick green border), ``"beekin"``
        (purple ring and "+1" badge), ``"selected"`` (blue border), ``"lost"`` (red
        border), or several of them. The marks are also said in the title.
    title : str, optional
        The accessible name; default ``"die showing 4"`` plus the marks,
        e.g. ``"die showing 4, scoring"``.
    pips : bool, optional
        Force pips (only for faces up to 6) or numbers; default: pips when
        ``sides <= 6``.
    attrs : dict, optional
        Extra attributes of the ``<svg>``, e.g. ``{"data-die": 0}``; a
        ``class`` is added to ``furlib-die furlib-die-<mark>``.

    Examples
    --------
    >>> svg = die_svg(4, marked="scoring")
    >>> "<title>die showing 4, scoring</title>" in svg
    True
    """
    sides = _int_in("sides", sides, 1, 1000)
    face = _int_in("face", face, 1, sides)
    size = _check_size(size)
    marks = _marks(marked)
    use_pips = sides <= 6 if pips is None else bool(pips)
    if use_pips and face > 6:
        raise ValueError(f"pips can show faces 1 to 6 only, got face {face}; use pips=False")
    if use_pips:
        body = "".join(f'<circle cx="{x}" cy="{y}" r="8.5" {INK}/>' for x, y in _PIPS[face])
    else:
        font = 50 if face < 10 else 42 if face < 100 else 30
        body = (f'<text x="50" y="52" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" '
                f'font-weight="700" font-size="{font}" {INK}>{face}</text>')
        if face in (6, 9) and sides >= 9:
            body += f'<rect x="38" y="75" width="24" height="4" rx="2" {INK}/>'
    if title is None:
        title = ", ".join([f"die showing {face}"] + [MARKS[m][1] for m in marks])
    return _die_frame(body, size=size, title=str(title), marks=marks, classes=["furlib-die"], attrs=attrs)


def blank_die_svg(*, size: int = 40, label: str = "?", title: str = "die to roll",
                  attrs: Mapping[str, object] | None = None) -> Markup:
    """A dashed outline of a die not rolled yet, showing ``label`` (default ``?``).

    >>> "die to roll" in blank_die_svg()
    True
    """
    size = _check_size(size)
    body = (f'<text x="50" y="52" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" '
            f'font-size="40" {INK} fill-opacity="0.45">{escape(label)}</text>')
    return _die_frame(body, size=size, title=str(title), marks=(), classes=["furlib-die-blank"],
                      attrs=attrs, dashed=True)


def symbol_die_svg(label: str, *, icon: Markup | None = None, symbol: str | None = None, size: int = 40,
                   title: str | None = None, marked: str | Sequence[str] | None = None,
                   attrs: Mapping[str, object] | None = None) -> Markup:
    """A die showing a symbol drawn by the caller, or a word.

    Parameters
    ----------
    label : str
        The face's name, used in the title and drawn as text when there is
        no ``icon``.
    icon : Markup, optional
        The symbol as trusted SVG markup drawn in the die's 100 x 100 box,
        in ``currentColor`` (as the pips are) so it follows the theme; a
        game keeps its icons in its own ``art.py``. Without it the text of
        ``label`` is drawn (shortened to 8 characters).
    symbol : str, optional
        A short name for the class ``furlib-sym-<symbol>``; default ``label``.
    size, marked, attrs
        As in :func:`die_svg`.
    title : str, optional
        Default ``"die showing <label>"`` plus the marks.

    Examples
    --------
    >>> ring = Markup('<circle cx="50" cy="50" r="20" fill="none" stroke="currentColor"/>')
    >>> svg = symbol_die_svg("ring", icon=ring)
    >>> "<title>die showing ring</title>" in svg and "furlib-sym-ring" in svg
    True
    """
    if not isinstance(label, str) or not label.strip():
        raise ValueError(f"label must be a non-empty string such as 'lock', got {excerpt(label)}")
    if icon is not None and not isinstance(icon, Markup):
        raise ValueError("icon must be None or trusted SVG markup wrapped in furlib.core.show.markup.Markup, "
                         f"got {type(icon).__name__} {excerpt(str(icon)[:40])}")
    if symbol is not None and (not isinstance(symbol, str) or not symbol.strip()):
        raise ValueError(f"symbol must be None or a short name such as 'lock', got {excerpt(symbol)}")
    size = _check_size(size)
    marks = _marks(marked)
    key = label.lower() if symbol is None else symbol
    if icon is not None:
        body = str(icon)
    else:
        text = label if len(label) <= 8 else label[:7] + "\u2026"
        font = {1: 56, 2: 46, 3: 36, 4: 28}.get(len(text), 22 if len(text) <= 6 else 17)
        body = (f'<text x="50" y="52" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" '
                f'font-weight="700" font-size="{font}" {INK}>{escape(text)}</text>')
    if title is None:
        title = ", ".join([f"die showing {label}"] + [MARKS[m][1] for m in marks])
    return _die_frame(body, size=size, title=str(title), marks=marks,
                      classes=["furlib-die", f"furlib-sym-{_slug(key)}"], attrs=attrs)


def _int_in(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) and not hasattr(value, "__index__"):
        raise ValueError(f"{name} must be a whole number from {low} to {high}, got {excerpt(value)}")
    v = int(value)  # an int or a numpy integer (checked just above)
    if not low <= v <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, got {excerpt(value)}")
    return v
