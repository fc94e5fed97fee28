"""Plotly's texts as plain lines: tags and line breaks, escaping, about how wide a line is, wrapping."""

from __future__ import annotations

import html
import re
from typing import Any

FONT = 12
_TAG = re.compile(r"<[^>]*>")
_BR = re.compile(r"<br\s*/?>", re.I)


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
