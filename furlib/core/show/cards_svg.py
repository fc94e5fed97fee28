"""Playing cards drawn as accessible inline SVG: numbered, special, and face down.

A card's colour is never shown by colour alone: its top band carries the
colour's letter (``R``, ``Y``, ``G``, ``B``, ``P``, ``Gy`` by default; pass
``letters`` to change them) and a shape (circle, triangle, square, diamond,
star, bar), and the title says the colour in words. Numbers and labels are
drawn in ``currentColor``, so the card reads in JupyterLab's light and dark
themes. A face-down card carries nothing of its face: no number, colour or
label in its attributes, title or drawing. Well-formed XML, no JavaScript;
see :mod:`furlib.core.show.html` for the conventions.

>>> svg = card_svg(7, "red", subtitle="Lion")
>>> "<title>Red 7, Lion</title>" in svg and 'data-number="7"' in svg
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..errors import excerpt
from .dice_svg import EDGE, FACE, INK, SVG_NS, _int_in, _marks
from .markup import PALETTE, Markup, attrs_html, check_colour, check_letters, escape

__all__ = ["CARD_COLOURS", "CARD_MARKS", "card_svg", "card_back_svg", "card_row"]

#: The card colours, in Furry Poker's order (Red > Yellow > ... > Gray).
CARD_COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple", "gray")

#: Card marks: name -> (colour, dash pattern of the outer ring, words added to the title).
CARD_MARKS: dict[str, tuple[str, str, str]] = {
    "selected": ("#1f6feb", "", "selected"),
    "target": ("#1f6feb", "7 5", "can be chosen"),
    "scoring": ("#2da44e", "", "scoring"),
}

# A shape per colour, centred on (0, 0) within +-5: a second cue besides the letter.
_SHAPES: dict[str, str] = {
    "red": '<circle r="4.6"/>',
    "yellow": '<path d="M0 -5 L5 4.2 H-5 Z"/>',
    "green": '<rect x="-4.2" y="-4.2" width="8.4" height="8.4"/>',
    "blue": '<path d="M0 -5.4 L5.4 0 L0 5.4 L-5.4 0 Z"/>',
    "purple": '<path d="M0 -5.5 L1.6 -1.7 L5.2 -1.7 L2.3 0.7 L3.3 4.6 L0 2.3 L-3.3 4.6 L-2.3 0.7 '
              'L-5.2 -1.7 L-1.6 -1.7 Z"/>',
    "gray": '<rect x="-5" y="-3.6" width="10" height="2.6"/><rect x="-5" y="1" width="10" height="2.6"/>',
}
_W, _H = 70, 100
_BODY = 'x="2" y="2" width="66" height="96" rx="7"'
_BAND = "M2 25 V9 A7 7 0 0 1 9 2 H61 A7 7 0 0 1 68 9 V25 Z"
_TEXT = 'text-anchor="middle" dominant-baseline="central" font-family="sans-serif"'
_FACE_ATTRS = ("data-number", "data-colour", "data-color", "data-label", "data-subtitle")


def card_svg(number: int | str | None, colour: str | None, *, title: str | None = None,
             subtitle: str | None = None, face_down: bool = False, size: int = 84,
             marked: str | Sequence[str] | None = None, letters: Mapping[str, str] | None = None,
             attrs: Mapping[str, object] | None = None) -> Markup:
    """An accessible inline SVG of a playing card.

    Parameters
    ----------
    number : int or str
        A whole number from 0 to 99, drawn large; or, for a special card,
        a short label (at most 16 characters) such as ``"+2"`` or
        ``"Color change"``.
    colour : str or None
        One of :data:`CARD_COLOURS` (any case, "grey" allowed). A special
        card may have none (``None``): its band is hatched and has no letter.
    title : str, optional
        The accessible name, e.g. ``"Red 7, Lion: activate a card"``;
        default ``"Red 7"`` (``"+2 card"`` for a special card), then the
        subtitle and the marks.
    subtitle : str, optional
        A word drawn under the number (e.g. the animal, ``"Lion"``).
    face_down : bool, default False
        Draw the back instead (:func:`card_back_svg`): the face's number,
        colour, title and subtitle are then dropped, so nothing of the face
        reaches the page; ``attrs`` may not name the face either.
    size : int, default 84
        Height in pixels (the width is 70% of it).
    marked : str or list of str, optional
        ``"selected"`` (solid blue ring), ``"target"`` (dashed blue ring: a
        card that can be chosen), ``"scoring"`` (green ring), or several;
        the marks are also said in the title.
    letters : dict, optional
        Letters for the colours, e.g. ``{"gray": "K"}`` (1 or 2 characters).
    attrs : dict, optional
        Extra attributes of the ``<svg>`` (e.g. ``{"data-card": 3}``); a
        ``class`` is added to ``furlib-card``.

    Returns
    -------
    Markup
        ``<svg class="furlib-card" role="img">`` with a ``<title>`` and
        ``data-number`` (or ``data-label`` for a special card) and
        ``data-colour`` (when it has one).

    Examples
    --------
    >>> svg = card_svg("+2", None)
    >>> "<title>+2 card</title>" in svg and 'data-label="+2"' in svg
    True
    >>> back = card_svg(7, "red", title="Red 7, Lion", face_down=True)
    >>> "Red" in back, "data-number" in back, "<title>face-down card</title>" in back
    (False, False, True)
    """
    if not isinstance(face_down, bool):
        raise ValueError(f"face_down must be True or False, got {excerpt(face_down)}")
    if face_down:
        if number is not None:
            _label(number)
        if colour is not None:
            check_colour("colour", colour, CARD_COLOURS)
        return card_back_svg(size=size, marked=marked, attrs=attrs)
    label = _label(number)
    if colour is None and not isinstance(label, str):
        raise ValueError(f"colour must be one of {list(CARD_COLOURS)} for a numbered card, got None")
    key = None if colour is None else check_colour("colour", colour, CARD_COLOURS)
    size = _int_in("size (pixels)", size, 24, 400)
    marks = _marks(marked, CARD_MARKS)
    if subtitle is not None and not isinstance(subtitle, str):
        raise ValueError(f"subtitle must be None or a string such as 'Lion', got {excerpt(subtitle)}")
    letter = check_letters("letters", letters, CARD_COLOURS)[key] if key else None
    name = key.capitalize() if key else None
    if title is None:
        first = f"{name} {label}" if isinstance(label, int) else " ".join(filter(None, [name, f"{label} card"]))
        title = ", ".join([first] + ([subtitle] if subtitle else []) + [CARD_MARKS[m][2] for m in marks])
    data: dict[str, object] = {"data-number": label} if isinstance(label, int) else {"data-label": label}
    data["data-colour"] = key
    kind = "furlib-card-number" if isinstance(label, int) else "furlib-card-special"
    parts = [f'<rect {_BODY} {FACE}/>', _band(key, letter)]
    parts.append(_number(label) if isinstance(label, int) else _special(label))
    if subtitle:
        short = subtitle if len(subtitle) <= 10 else subtitle[:9] + "\u2026"
        parts.append(f'<text x="35" y="86" {_TEXT} font-size="11" {INK} fill-opacity="0.8">{escape(short)}</text>')
    edge = f'stroke="{PALETTE[key][0]}" stroke-width="3"' if key else f'stroke-width="2" {EDGE}'
    parts.append(f'<rect {_BODY} fill="none" {edge}/>')
    return _frame(parts, size=size, title=str(title), marks=marks, classes=["furlib-card", kind],
                  data=data, attrs=attrs)


def card_back_svg(*, size: int = 84, title: str = "face-down card", marked: str | Sequence[str] | None = None,
                  attrs: Mapping[str, object] | None = None) -> Markup:
    """The back of a card: a lattice pattern, ``data-face-down="true"``, nothing of the face.

    ``title`` names the card without its face (e.g. ``"Ann's face-down card"``);
    ``attrs`` may not hold ``data-number``, ``data-colour`` or ``data-label``.

    >>> svg = card_back_svg()
    >>> "<title>face-down card</title>" in svg and 'data-face-down="true"' in svg
    True
    """
    if not isinstance(title, str) or not title.strip():
        raise ValueError(f"title must be a non-empty string such as 'face-down card', got {excerpt(title)}")
    face = sorted(k for k in (attrs or {}) if k in _FACE_ATTRS)
    if face:
        raise ValueError(f"a face-down card must not carry its face: drop the attributes {face}")
    size = _int_in("size (pixels)", size, 24, 400)
    marks = _marks(marked, CARD_MARKS)
    diamonds = "".join(f"M{x} {y - 4.5} L{x + 4.5} {y} L{x} {y + 4.5} L{x - 4.5} {y} Z"
                       for x in range(15, 60, 10) for y in range(16, 90, 10))
    parts = [f'<rect {_BODY} {FACE}/>',
             f'<rect x="8" y="8" width="54" height="84" rx="4" fill="none" stroke-width="1.5" {EDGE}/>',
             f'<path d="{diamonds}" {INK} fill-opacity="0.28"/>',
             f'<rect {_BODY} fill="none" stroke-width="2" {EDGE}/>']
    title = ", ".join([title] + [CARD_MARKS[m][2] for m in marks])
    return _frame(parts, size=size, title=title, marks=marks, classes=["furlib-card", "furlib-card-back"],
                  data={"data-face-down": "true"}, attrs=attrs)


def card_row(cards: Iterable[str], *, label: str) -> Markup:
    """A wrapping row of cards, ``<div class="furlib-cards" role="group" aria-label=label>``.

    >>> card_row([card_svg(1, "blue")], label="Ann's hand").count("<svg")
    1
    """
    if not isinstance(label, str) or not label.strip():
        raise ValueError(f"label must be a non-empty string such as \"Ann's hand\", got {excerpt(label)}")
    return Markup(f'<div class="furlib-cards" role="group" aria-label="{escape(label)}">'
                  + "".join(escape(c) for c in cards) + "</div>")


# ------------------------------------------------------------------ pieces
def _label(number: object) -> int | str:
    if isinstance(number, str) and number.strip() and len(number.strip()) <= 16:
        return number.strip()
    if not isinstance(number, bool) and isinstance(number, int) and 0 <= number <= 99:
        return number
    raise ValueError("number must be a whole number from 0 to 99 or a special card's label of at most "
                     f"16 characters such as '+2' or 'Color change', got {excerpt(number)}")


def _band(colour: str | None, letter: str | None) -> str:
    if colour is None:      # no colour: a hatched band
        lines = "".join(f"M{x} 25 L{x + 14} 2" for x in range(-8, 70, 7))
        return (f'<path d="{_BAND}" {INK} fill-opacity="0.1"/>'
                f'<path d="{lines}" stroke-width="1.5" stroke="currentColor" stroke-opacity="0.3"/>'
                f'<path d="M2 25 H68" stroke-width="1" {EDGE}/>')
    fill, ink, _ = PALETTE[colour]
    font = 15 if len(letter or "") == 1 else 12
    return (f'<path d="{_BAND}" fill="{fill}"/>'
            f'<text x="15" y="14" {_TEXT} font-weight="700" font-size="{font}" fill="{ink}">{escape(letter)}</text>'
            f'<g transform="translate(55 13.5)" fill="{ink}">{_SHAPES[colour]}</g>')


def _number(n: int) -> str:
    font = 36 if n < 10 else 30
    return f'<text x="35" y="56" {_TEXT} font-weight="700" font-size="{font}" {INK}>{n}</text>'


def _special(label: str) -> str:
    words = label.split()
    lines = [label] if len(label) <= 6 or len(words) == 1 else [" ".join(words[:len(words) // 2]),
                                                                  " ".join(words[len(words) // 2:])]
    longest = max(len(t) for t in lines)
    font = 30 if longest <= 2 else 22 if longest <= 4 else 15 if longest <= 6 else 12 if longest <= 8 else 9
    ys = [56] if len(lines) == 1 else [56 - font * 0.6, 56 + font * 0.6]
    return "".join(f'<text x="35" y="{y:g}" {_TEXT} font-weight="700" font-size="{font}" {INK}>{escape(t)}</text>'
                   for y, t in zip(ys, lines))


def _frame(parts: list[str], *, size: int, title: str, marks: tuple[str, ...], classes: list[str],
           data: Mapping[str, object], attrs: Mapping[str, object] | None) -> Markup:
    extra = dict(attrs or {})
    cls = classes + [f"furlib-card-{m}" for m in marks] + ([str(extra.pop("class"))] if "class" in extra else [])
    width = round(size * _W / _H)
    head = attrs_html({"xmlns": SVG_NS, "class": " ".join(cls), "role": "img", "aria-label": title,
                       "width": width, "height": size, "viewBox": f"0 0 {_W} {_H}", **data, **extra})
    for i, m in enumerate(marks):        # one ring per mark, the first outermost
        colour, dash, _ = CARD_MARKS[m]
        d = 0.75 + 3.5 * i
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<rect x="{d:g}" y="{d:g}" width="{_W - 2 * d:g}" height="{_H - 2 * d:g}" rx="{8 - d / 2:g}" '
                     f'fill="none" stroke-width="2.5" stroke="{colour}"{dashes}/>')
    return Markup(f"<svg{head}><title>{escape(title)}</title>" + "".join(parts) + "</svg>")
