"""HTML building blocks shared by the reprs of all four games.

Everything here returns self-contained HTML or inline SVG (no JavaScript)
that is also well-formed XML, so tests can parse it with
:mod:`xml.etree.ElementTree`: every tag is closed, every attribute quoted,
``&`` and ``<`` in text escaped. Text, background and borders come from
JupyterLab's ``--jp-*`` CSS variables with fallbacks, dice are drawn in the
surrounding text colour, and accent colours are mid-tones, so the same
markup reads well in the light and dark themes and in a static web page.
Nothing here imports IPython, ipywidgets or plotly.

The builders return :class:`Markup`, a ``str`` that is already HTML, so
they nest without being escaped twice::

    >>> cell = escape("<b>&")
    >>> cell
    '&lt;b&gt;&amp;'
    >>> escape(cell) == cell
    True
"""

from __future__ import annotations

import html as _html
import math
import re
from typing import Any, Iterable, Mapping, Sequence

__all__ = ["Markup", "escape", "attrs_html", "theme_css", "die_svg", "blank_die_svg",
           "symbol_die_svg", "score_table", "event_list", "MARKS", "SYMBOLS"]

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

_ATTR_NAME = re.compile(r"^[A-Za-z_:][-A-Za-z0-9_:.]*$")
_CLASS_NAME = re.compile(r"^-?[A-Za-z_][-A-Za-z0-9_]*$")


class Markup(str):
    """A string that is already safe HTML: :func:`escape` leaves it as it is."""

    __slots__ = ()


def escape(value: object) -> Markup:
    """Escape ``value`` for HTML text or a quoted attribute (``&``, ``<``, ``>``, quotes).

    :class:`Markup` is returned unchanged, so escaping twice is harmless.

    >>> escape('Ann "the <b>old</b>" & co')
    'Ann &quot;the &lt;b&gt;old&lt;/b&gt;&quot; &amp; co'
    """
    if isinstance(value, Markup):
        return value
    return Markup(_html.escape(str(value), quote=True))


def attrs_html(attrs: Mapping[str, object] | None) -> Markup:
    """Render attributes as `` name="value"`` pairs (values escaped, None skipped).

    >>> attrs_html({"data-die": 2, "title": None, "aria-label": "a & b"})
    ' data-die="2" aria-label="a &amp; b"'
    """
    out = []
    for name, value in (attrs or {}).items():
        if not isinstance(name, str) or not _ATTR_NAME.match(name):
            raise ValueError(f"attribute names must be plain names such as 'data-die', got {name!r}")
        if value is None:
            continue
        out.append(f' {name}="{escape(value)}"')
    return Markup("".join(out))


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-") or "x"


# ----------------------------------------------------------------- theme
_BASE_RULES: tuple[tuple[str, str], ...] = (
    ("", "color: var(--jp-ui-font-color1, inherit); background: var(--jp-layout-color1, transparent);"
         " border: 1px solid var(--jp-border-color1, #ccc); border-radius: 8px; padding: 10px 14px;"
         " font-family: var(--jp-ui-font-family, system-ui, -apple-system, 'Segoe UI', sans-serif);"
         " font-size: 13px; line-height: 1.4; max-width: 860px; box-sizing: border-box;"),
    ("*", "box-sizing: border-box;"),
    (".furlib-muted", "opacity: 0.72;"),
    (".furlib-dice", "display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 4px 0;"),
    (".furlib-die", "display: block; flex: none;"),
    (".furlib-badge", "display: inline-block; padding: 0 6px; margin-left: 4px; border-radius: 9px;"
                      " font-size: 11px; font-weight: 600; white-space: nowrap; vertical-align: 1px;"
                      " background: rgba(127, 127, 127, 0.18); border: 1px solid rgba(127, 127, 127, 0.45);"),
    (".furlib-badge-leader, .furlib-badge-winner", "background: rgba(212, 160, 23, 0.22); border-color: #d4a017;"),
    (".furlib-badge-to-play", "background: rgba(31, 111, 235, 0.18); border-color: #1f6feb;"),
    (".furlib-badge-beekin", "background: rgba(130, 80, 223, 0.2); border-color: #8250df;"),
    (".furlib-badge-scoring", "background: rgba(45, 164, 78, 0.2); border-color: #2da44e;"),
    (".furlib-badge-furcle, .furlib-badge-lost", "background: rgba(229, 83, 75, 0.2); border-color: #e5534b;"),
    # Tables and lists use type selectors too (table.x, ol.x) so they outrank
    # JupyterLab's own ".jp-RenderedHTMLCommon td" and "tbody tr:nth-child(odd)" rules.
    ("table.furlib-scores", "border-collapse: collapse; table-layout: auto; margin: 2px 0; min-width: 240px;"
                            " width: 100%; font-size: 13px; color: inherit;"),
    ("table.furlib-scores caption", "text-align: left; font-weight: 600; padding-bottom: 2px;"),
    ("table.furlib-scores tbody tr, table.furlib-scores thead tr", "background: transparent;"),
    ("table.furlib-scores th, table.furlib-scores td",
     "padding: 3px 8px; text-align: left; vertical-align: middle; line-height: 1.4; white-space: nowrap;"
     " border: none; border-bottom: 1px solid var(--jp-border-color2, rgba(127, 127, 127, 0.3));"
     " color: inherit; background: transparent;"),
    ("table.furlib-scores thead th", "font-size: 11px; font-weight: 600; opacity: 0.72;"),
    ("table.furlib-scores tbody th", "font-weight: normal;"),
    ("table.furlib-scores .furlib-num", "text-align: right; font-variant-numeric: tabular-nums; font-weight: 600;"),
    ("table.furlib-scores tbody tr.furlib-current", "background: rgba(31, 111, 235, 0.1);"),
    ("table.furlib-scores tr.furlib-current th", "font-weight: 700; box-shadow: inset 3px 0 0 #1f6feb;"),
    (".furlib-bar", "display: inline-block; vertical-align: middle; width: 110px; height: 8px;"
                    " border-radius: 4px; background: rgba(127, 127, 127, 0.22); overflow: hidden;"),
    (".furlib-bar-fill", "display: block; height: 100%; border-radius: 4px; background: #1f6feb;"),
    (".furlib-bar-reached .furlib-bar-fill", "background: #d4a017;"),
    (".furlib-togo", "display: inline-block; margin-left: 6px; font-size: 11px; opacity: 0.72; white-space: nowrap;"),
    ("ol.furlib-events", "margin: 2px 0 0 0; padding-left: 18px; font-size: 12px; list-style-type: disc;"),
    ("ol.furlib-events li", "margin: 1px 0;"),
    (".furlib-ev-furcle", "font-weight: 600;"),
    (".furlib-ev-furcle::marker", "color: #e5534b;"),
    (".furlib-ev-win, .furlib-ev-leader", "font-weight: 700;"),
)


def theme_css(scope: str, extra: Mapping[str, str] | None = None) -> Markup:
    """A ``<style>`` block whose every rule is scoped under the class ``scope``.

    It styles the building blocks of this module (score tables, progress
    bars, badges, event lists, dice rows) and the scope element itself
    (text, background and border from ``--jp-*`` variables with fallbacks).

    Parameters
    ----------
    scope : str
        A CSS class name such as ``"furlib-furcle"`` (a leading dot is allowed).
    extra : dict, optional
        More rules ``{selector: declarations}``; each selector (and each part
        of a comma-separated selector) is prefixed with the scope; the empty
        selector ``""`` means the scope element itself.

    Examples
    --------
    >>> css = theme_css("furlib-demo", {".x": "color: red;"})
    >>> css.startswith("<style>") and ".furlib-demo .x {color: red;}" in css
    True
    """
    name = scope[1:] if isinstance(scope, str) and scope.startswith(".") else scope
    if not isinstance(name, str) or not _CLASS_NAME.match(name):
        raise ValueError(f"scope must be a CSS class name such as 'furlib-furcle', got {scope!r}")
    rules = list(_BASE_RULES) + list((extra or {}).items())
    lines = []
    for selector, body in rules:
        for text in (selector, body):
            if not isinstance(text, str) or "<" in text or "&" in text or "{" in text or "}" in text:
                raise ValueError(f"CSS selectors and declarations must be strings without '<', '&', "
                                 f"'{{' or '}}', got {text!r}")
        parts = [p.strip() for p in selector.split(",")]
        full = ", ".join(f".{name} {p}" if p else f".{name}" for p in parts)
        lines.append(f"{full} {{{body}}}")
    return Markup("<style>\n" + "\n".join(lines) + "\n</style>")


# ------------------------------------------------------------------ dice
_PIPS = {
    1: [(50, 50)],
    2: [(30, 30), (70, 70)],
    3: [(30, 30), (50, 50), (70, 70)],
    4: [(30, 30), (70, 30), (30, 70), (70, 70)],
    5: [(30, 30), (70, 30), (50, 50), (30, 70), (70, 70)],
    6: [(30, 28), (70, 28), (30, 50), (70, 50), (30, 72), (70, 72)],
}


def _marks(marked: str | Sequence[str] | None) -> tuple[str, ...]:
    if marked is None:
        return ()
    names = (marked,) if isinstance(marked, str) else tuple(marked)
    for m in names:
        if m not in MARKS:
            raise ValueError(f"marked must be None, one of {sorted(MARKS)} or a list of them, got {m!r}")
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


def _circle(cx: float, cy: float, r: float) -> str:
    return f"M{cx - r} {cy} a{r} {r} 0 1 0 {2 * r} 0 a{r} {r} 0 1 0 {-2 * r} 0 Z"


def _furgle_icon() -> str:
    """A furry ball with two eyes and a smile cut out (holes show the die face)."""
    pts = []
    for k in range(36):
        r = 34 if k % 2 == 0 else 25
        a = math.pi * k / 18
        pts.append(f"{50 + r * math.cos(a):.1f} {53 + r * math.sin(a):.1f}")
    fur = "M" + " L".join(pts) + " Z"
    holes = _circle(41, 48, 7.5) + _circle(59, 48, 7.5) + "M40 61 Q50 72 60 61 Q50 66 40 61 Z"
    return (f'<path d="{fur} {holes}" fill-rule="evenodd" {INK}/>'
            f'<circle cx="42.5" cy="49.5" r="3.2" {INK}/><circle cx="60.5" cy="49.5" r="3.2" {INK}/>')


#: Icons drawn by :func:`symbol_die_svg` (The Furglars' die faces).
SYMBOLS: dict[str, str] = {
    "furgle": _furgle_icon(),
    "lock": ('<path d="M36 50 V38 A14 14 0 0 1 64 38 V50" fill="none" stroke-width="8" stroke="currentColor"/>'
             '<path d="M33 47 H67 A6 6 0 0 1 73 53 V75 A6 6 0 0 1 67 81 H33 A6 6 0 0 1 27 75 V53 A6 6 0 0 1 33 47 Z '
             f'M50 54.5 A5.5 5.5 0 0 1 53 64.6 L53.5 72 H46.5 L47 64.6 A5.5 5.5 0 0 1 50 54.5 Z" '
             f'fill-rule="evenodd" {INK}/>'),
    "hand": (f'<g {INK}>'
             '<rect x="33" y="24" width="9" height="34" rx="4.5"/>'
             '<rect x="44" y="19" width="9" height="38" rx="4.5"/>'
             '<rect x="55" y="21" width="9" height="36" rx="4.5"/>'
             '<rect x="66" y="28" width="8.5" height="30" rx="4.25"/>'
             '<rect x="33" y="46" width="41.5" height="36" rx="13"/>'
             '<rect x="19" y="47" width="9" height="27" rx="4.5" transform="rotate(-38 23.5 60.5)"/>'
             '</g>'),
    "x": ('<path d="M31 31 L69 69 M69 31 L31 69" fill="none" stroke-width="11" stroke-linecap="round" '
          'stroke="currentColor"/>'),
}


def symbol_die_svg(label: str, *, symbol: str | None = None, size: int = 40, title: str | None = None,
                   marked: str | Sequence[str] | None = None,
                   attrs: Mapping[str, object] | None = None) -> Markup:
    """A die showing a symbol or a word (e.g. The Furglars' ``"furgle"``, ``"lock"``, ``"hand"``, ``"x"``).

    Parameters
    ----------
    label : str
        The face's name, used in the title and drawn as text when there is
        no icon for it.
    symbol : str, optional
        Which icon of :data:`SYMBOLS` to draw; default ``label.lower()``.
        Anything else is drawn as the text of ``label``.
    size, marked, attrs
        As in :func:`die_svg`.
    title : str, optional
        Default ``"die showing <label>"`` plus the marks.

    Examples
    --------
    >>> "<title>die showing lock</title>" in symbol_die_svg("lock")
    True
    """
    if not isinstance(label, str) or not label.strip():
        raise ValueError(f"label must be a non-empty string such as 'furgle', got {label!r}")
    size = _check_size(size)
    marks = _marks(marked)
    key = label.lower() if symbol is None else symbol
    if key in SYMBOLS:
        body = SYMBOLS[key]
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
        raise ValueError(f"{name} must be a whole number from {low} to {high}, got {value!r}")
    v = int(value)  # type: ignore[arg-type]
    if not low <= v <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, got {value!r}")
    return v


# ---------------------------------------------------------------- tables
def score_table(rows: Iterable[Mapping[str, Any]], *, target: int | float | None = None,
                highlight: str | None = None, caption: str = "Scores",
                columns: Sequence[str] = ()) -> Markup:
    """A ``<table>`` of players and scores, with progress bars toward ``target``.

    Parameters
    ----------
    rows : list of dict
        One per player, in display order: ``{"name": str, "score": number}``
        and optionally ``"marks"``, a list of short labels shown as badges
        after the name (e.g. ``["Leader", "to play"]``; the labels
        ``Leader``, ``winner``, ``to play``, ``Beekin`` get their own colour),
        and one value per extra column.
    target : number, optional
        Adds a column with a bar filled to ``score / target`` and the points
        still to go.
    highlight : str, optional
        The name of the row to highlight (usually the current player).
    caption : str, default "Scores"
        The table's caption.
    columns : list of str, optional
        Extra columns after the score, read from each row by name (values are
        escaped unless they are :class:`Markup`).

    Examples
    --------
    >>> t = score_table([{"name": "Ann", "score": 20}], target=50)
    >>> "<th scope=\\"row\\">Ann</th>" in t and "30 to go" in t
    True
    """
    rows = list(rows)
    names = []
    for r in rows:
        if not isinstance(r, Mapping) or "name" not in r or "score" not in r:
            raise ValueError(f"each row must be a dict with 'name' and 'score', got {r!r}")
        names.append(str(r["name"]))
    if target is not None and (isinstance(target, bool) or not isinstance(target, (int, float)) or target <= 0):
        raise ValueError(f"target must be None or a number > 0, got {target!r}")
    if highlight is not None and highlight not in names:
        raise ValueError(f"highlight must be None or one of the row names {names!r}, got {highlight!r}")
    head = ['<th scope="col">Player</th>', '<th scope="col" class="furlib-num">Score</th>']
    head += [f'<th scope="col">{escape(c)}</th>' for c in columns]
    if target is not None:
        head.append(f'<th scope="col">Toward {escape(_num(target))}</th>')
    body = []
    for r, name in zip(rows, names):
        marks = r.get("marks") or ()
        badges = "".join(f'<span class="furlib-badge furlib-badge-{_slug(m)}">{escape(m)}</span>' for m in marks)
        current = name == highlight
        tr = ' class="furlib-current" aria-current="true"' if current else ""
        cells = [f'<th scope="row">{escape(name)}{badges}</th>',
                 f'<td class="furlib-num">{escape(_num(r["score"]))}</td>']
        cells += [f"<td>{escape(r.get(c, ''))}</td>" for c in columns]
        if target is not None:
            cells.append(f"<td>{_progress(r['score'], target)}</td>")
        body.append(f"<tr{tr}>" + "".join(cells) + "</tr>")
    return Markup(f'<table class="furlib-scores"><caption>{escape(caption)}</caption>'
                  f'<thead><tr>{"".join(head)}</tr></thead><tbody>{"".join(body)}</tbody></table>')


def _num(x: object) -> str:
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)


def _progress(score: Any, target: float) -> str:
    frac = max(0.0, min(1.0, float(score) / float(target)))
    reached = float(score) >= float(target)
    cls = "furlib-bar furlib-bar-reached" if reached else "furlib-bar"
    togo = "reached" if reached else f"{_num(target - score)} to go"
    return (f'<span class="{cls}" aria-hidden="true"><span class="furlib-bar-fill" '
            f'style="width: {100 * frac:.1f}%"></span></span><span class="furlib-togo">{escape(togo)}</span>')


def event_list(texts: Iterable[str], *, kinds: Sequence[str] | None = None,
               label: str = "Recent events") -> Markup:
    """An ``<ol>`` of event texts, oldest first (each escaped).

    ``kinds`` (one per text, e.g. ``"furcle"``, ``"win"``) adds a class
    ``furlib-ev-<kind>`` to each item for styling.

    >>> event_list(["Ann rolls 3,3", "Oh Furcle!"], kinds=["roll", "furcle"]).count("<li")
    2
    """
    texts = [str(t) for t in texts]
    if kinds is not None and len(kinds) != len(texts):
        raise ValueError(f"kinds must have one entry per text ({len(texts)}), got {len(kinds)}")
    items = []
    for i, t in enumerate(texts):
        cls = f' class="furlib-ev-{_slug(kinds[i])}"' if kinds is not None else ""
        items.append(f"<li{cls}>{escape(t)}</li>")
    return Markup(f'<ol class="furlib-events" aria-label="{escape(label)}">' + "".join(items) + "</ol>")
