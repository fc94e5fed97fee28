"""Safe HTML strings (:class:`Markup`, :func:`escape`, attributes) and the shared colour palette.

Shared by every drawing module of :mod:`furlib.core` (html, dice, cards,
boards, the page frame).
"""

from __future__ import annotations

import html as _html
import re
from collections.abc import Mapping

from ..errors import excerpt

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
    """Render attributes as ``name="value"`` pairs, each after a space (values escaped, None skipped).

    >>> attrs_html({"data-die": 2, "title": None, "aria-label": "a & b"})
    ' data-die="2" aria-label="a &amp; b"'
    """
    out = []
    for name, value in (attrs or {}).items():
        if not isinstance(name, str) or not _ATTR_NAME.match(name):
            raise ValueError(f"attribute names must be plain names such as 'data-die', got {excerpt(name)}")
        if value is None:
            continue
        out.append(f' {name}="{escape(value)}"')
    return Markup("".join(out))


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-") or "x"


#: Named colours of the card and board drawings: name -> (fill, ink, letter).
#: ``fill`` is a mid-tone with at least 3:1 contrast on white and on
#: JupyterLab's dark background (#111), so it reads in both themes (white
#: and black are drawn with a ``currentColor`` outline instead); ``ink`` is
#: the text colour on that fill (at least 4.5:1); ``letter`` names the colour
#: without relying on colour (the drawers take their own letters mapping).
PALETTE: dict[str, tuple[str, str, str]] = {
    "red": ("#d1453b", "#ffffff", "R"),
    "yellow": ("#b8860b", "#000000", "Y"),
    "green": ("#2da44e", "#000000", "G"),
    "blue": ("#1f6feb", "#ffffff", "B"),
    "purple": ("#8250df", "#ffffff", "P"),
    "gray": ("#768390", "#000000", "Gy"),
    "white": ("#f6f8fa", "#000000", "W"),
    "black": ("#24292f", "#ffffff", "K"),
}
_ALIASES = {"grey": "gray"}


def check_colour(name: str, value: object, allowed: tuple[str, ...] | None = None) -> str:
    """``value`` as a :data:`PALETTE` name (any case; "grey" is "gray"), else a ValueError naming it.

    >>> check_colour("colour", "Grey")
    'gray'
    >>> check_colour("colour", "pink", ("red", "blue"))
    Traceback (most recent call last):
    ...
    ValueError: colour must be one of ['red', 'blue'], got 'pink'
    """
    allowed = tuple(PALETTE) if allowed is None else tuple(allowed)
    key = value.strip().lower() if isinstance(value, str) else None
    key = _ALIASES.get(key, key) if key is not None else None
    if key not in allowed:
        raise ValueError(f"{name} must be one of {list(allowed)}, got {excerpt(value)}")
    return key


def check_letters(name: str, letters: Mapping[str, str] | None, colours: tuple[str, ...]) -> dict[str, str]:
    """The colour -> letter map to draw with: :data:`PALETTE`'s letters updated by ``letters``.

    Each letter must be 1 or 2 characters; colours are checked with :func:`check_colour`.

    >>> check_letters("letters", {"gray": "K"}, ("red", "gray"))
    {'red': 'R', 'gray': 'K'}
    """
    out = {c: PALETTE[c][2] for c in colours}
    if letters is None:
        return out
    if not isinstance(letters, Mapping):
        raise ValueError(f"{name} must be a mapping colour -> letter such as {{'gray': 'K'}}, got {excerpt(letters)}")
    for colour, letter in letters.items():
        key = check_colour(f"{name} key", colour, colours)
        if not isinstance(letter, str) or not 1 <= len(letter.strip()) <= 2:
            raise ValueError(f"{name}[{excerpt(colour)}] must be 1 or 2 characters such as 'R', got {excerpt(letter)}")
        out[key] = letter.strip()
    return out
