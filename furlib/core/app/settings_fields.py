"""The fields of a settings panel and the helpers that read what was typed, in the page's words.

:class:`Field` is one parameter of a game in the panel (a whole number, free text, a checkbox or a choice);
:func:`read_whole` and :func:`whole_number` read a whole number typed in a box, and :func:`in_words` puts a
game's refusal of a keyword in the page's words (the field's label for the keyword, what was typed for the
value). ``LABEL`` and ``WRAP`` are the layouts every panel's widgets share, ``MAX_DIGITS`` the most digits read.
:mod:`furlib.core.app.settings` (the panel) exports them all. Their words are the panel's, in its language
(:mod:`furlib.core.app.settings_words`; English by default).

This module imports ipywidgets; ``import furlib`` never imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ..errors import excerpt
from .settings_words import MAX_DIGITS, SETTINGS_WORDS, SettingsWords, in_words

__all__ = ["Field", "read_whole", "whole_number", "in_words", "MAX_DIGITS", "LABEL", "WRAP"]

LABEL = {"description_width": "initial"}  # a label as wide as its words: never cut off
WRAP = {"flex_flow": "row wrap", "align_items": "center"}
ENGLISH = SETTINGS_WORDS["en"]


def read_whole(text: str) -> int | None:
    """The whole number ``text`` spells (decimal digits, a sign first or not), or None.

    >>> read_whole("12"), read_whole("-3"), read_whole("+0"), read_whole("2.5"), read_whole("\u00b2")
    (12, -3, 0, None, None)
    """
    text = text.strip()
    digits = _digits(text)
    if not digits.isdecimal() or len(digits) > MAX_DIGITS:
        return None
    return int(text)


def _digits(text: str) -> str:
    return text[1:] if text[:1] in "+-" else text


def whole_number(label: str, text: str, low: int | None = None, high: int | None = None, blank: str = "",
                 words: SettingsWords = ENGLISH) -> int:
    """The whole number typed in a box labelled ``label``; ValueError in the page's words if it is not one in range.

    ``blank`` says what an empty box means (it is then not read: the caller
    handles it), for the message; ``words`` is the panel's language
    (:mod:`furlib.core.app.settings_words`).

    >>> whole_number("Target", " 30 ", 1, 100)
    30
    >>> whole_number("Target", "0", 1, 100)
    Traceback (most recent call last):
    ...
    ValueError: Target: must be a whole number from 1 to 100, got 0
    >>> whole_number("Seed", "1.5", 0, blank="random")
    Traceback (most recent call last):
    ...
    ValueError: Seed: must be blank (random) or a whole number >= 0, got '1.5'
    >>> whole_number("Seed", "+-5", 0)
    Traceback (most recent call last):
    ...
    ValueError: Seed: must be a whole number >= 0, got '+-5'
    >>> from furlib.core.app.settings_words import settings_words
    >>> whole_number("Graine", "x", 0, blank="au hasard", words=settings_words("fr"))
    Traceback (most recent call last):
    ...
    ValueError: Graine\xa0: doit être vide (au hasard) ou un nombre entier de 0 ou plus, et non 'x'
    """
    text = text.strip()
    value = read_whole(text)
    accepted = words.accepted(low, high)
    if value is None:
        digits = _digits(text)
        if digits.isdecimal():       # too many digits to read
            raise ValueError(words.too_many_digits(label, accepted, len(digits), high is not None))
        raise ValueError(words.not_a_number(label, accepted, blank, excerpt(text)))
    if low is not None and value < low or high is not None and value > high:
        raise ValueError(words.out_of_range(label, accepted, excerpt(value)))
    return value


@dataclass(frozen=True)
class Field:
    """One parameter of the game in the panel.

    Parameters
    ----------
    key : str
        The game's keyword (and the attribute the panel's widget is stored
        under, e.g. ``settings.target``).
    label : str
        The words before the box.
    kind : {"int", "text", "bool", "choice"}
        A whole number, free text (``parse`` turns it into the value), a
        checkbox, or one of ``options``.
    default : str
        How the game's default reads, for the placeholder ``"blank: ..."``;
        or a callable ``default(n_players) -> value`` when the default
        follows the number of players (a field still showing the default
        then follows a change of the player count).
    low, high : int, optional
        The range of an "int" field: take them from the game's constants
        (``MAX_DICE``), or the app's own limit (``MAX_APP_TARGET``), so
        that they cannot drift from the rules.
    parse : callable, optional
        For a "text" field: ``parse(text) -> value``; raise ValueError
        saying what is accepted and what was typed, without the field's
        name (the panel puts the label first: ``"must be ..., got 'x'"``
        reads ``"Faces of a die: must be ..., got 'x'"``).
    show : callable, optional
        ``show(value) -> str``: a game's value as the field shows it
        (default ``str``).
    options : tuple of str
        The choices of a "choice" field.
    tooltip, placeholder : str
        Help on hover, and the text of an empty box (default from ``default``).
    width : str
        The widget's width.
    blank : str
        What a blank box means, for a refusal's "must be blank (...) or ...";
        default: the placeholder's words after "blank: ", else "the default, 50".
    """

    key: str
    label: str
    kind: str = "int"
    default: Any = ""
    low: int | None = None
    high: int | None = None
    parse: Callable[[str], Any] | None = None
    show: Callable[[Any], str] | None = None
    options: tuple[str, ...] = ()
    tooltip: str = ""
    placeholder: str = ""
    width: str = "300px"
    blank: str = ""

    def accepted(self, words: SettingsWords = ENGLISH) -> str:
        """What an "int" field accepts, in words."""
        return words.accepted(self.low, self.high)

    def blank_words(self, words: SettingsWords = ENGLISH) -> str:
        """What a blank box means, in words: "the default, 50", "no limit", ..."""
        if self.blank:
            return self.blank
        if self.placeholder.startswith(words.blank_prefix):
            return self.placeholder[len(words.blank_prefix):]
        if callable(self.default):
            return words.default_for_players
        return words.the_default(self.default)

    def shown(self, text: str) -> str:
        """What was typed, as a refusal echoes it: a whole number as it is, other text quoted (cut at 60 characters)."""
        value = read_whole(text) if self.kind == "int" else None
        return str(value) if value is not None else excerpt(text.strip())

    def make_widget(self, words: SettingsWords = ENGLISH) -> widgets.Widget:
        """The field's widget (its placeholder, "blank: 50", in the panel's ``words``)."""
        layout = (widgets.Layout(width="auto", max_width="100%") if self.kind == "bool"
                  else widgets.Layout(width="100%", max_width=self.width))
        common = dict(description=self.label, style=LABEL, layout=layout, tooltip=self.tooltip or None)
        if self.kind == "bool":
            return widgets.Checkbox(indent=False, **common)
        if self.kind == "choice":
            return widgets.Dropdown(options=self.options, **common)
        placeholder = self.placeholder or words.blank(self.default if not callable(self.default) else "default")
        return widgets.Text(placeholder=placeholder, **common)

    def read(self, text: Any, words: SettingsWords = ENGLISH) -> tuple[bool, Any]:
        """``(given, value)`` from the widget's value; ValueError, starting with the label, names the bad value
        and what is accepted (in the panel's ``words``)."""
        if self.kind in ("bool", "choice"):
            return True, text
        text = str(text).strip()
        if not text:
            return False, None
        if self.kind == "int":
            return True, whole_number(self.label, text, self.low, self.high, self.blank_words(words), words)
        if self.parse is None:
            return True, text
        try:
            return True, self.parse(text)
        except ValueError as e:
            raise ValueError(words.field(self.label, str(e))) from None

    def text_of(self, value: Any) -> Any:
        if self.kind in ("bool", "choice"):
            return value
        return self.show(value) if self.show else str(value)
