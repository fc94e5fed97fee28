"""Safe HTML strings: :class:`Markup`, :func:`escape` and attribute rendering.

Shared by :mod:`furlib.core.html` and :mod:`furlib.core.dice_svg`.
"""

from __future__ import annotations

import html as _html
import re
from typing import Mapping

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
