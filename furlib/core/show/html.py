"""HTML building blocks shared by the reprs of all four games.

Everything here returns self-contained HTML or inline SVG (no JavaScript)
that is also well-formed XML, so tests can parse it with
:mod:`xml.etree.ElementTree`: every tag is closed, every attribute quoted,
``&`` and ``<`` in text escaped. Text, background and borders come from
JupyterLab's ``--jp-*`` CSS variables with fallbacks, dice are drawn in the
surrounding text colour, and accent colours are mid-tones, so the same
markup reads well in the light and dark themes and in a static web page.
Nothing here imports IPython, ipywidgets or plotly.

The theme is game-neutral: a game's own colours and shapes live in its
``art.py`` and reach the page through :func:`furlib.core.show.page.game_page`.
Cards and boards are drawn by :mod:`furlib.core.show.cards_svg` and
:mod:`furlib.core.show.board_svg`.

The builders return :class:`Markup`, a ``str`` that is already HTML, so
they nest without being escaped twice::

    >>> cell = escape("<b>&")
    >>> cell
    '&lt;b&gt;&amp;'
    >>> escape(cell) == cell
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..errors import excerpt
from .dice_svg import MARKS, blank_die_svg, die_svg, symbol_die_svg
from .markup import _CLASS_NAME, Markup, _slug, attrs_html, escape
from .page_words import PageWords, page_words

__all__ = ["Markup", "escape", "attrs_html", "theme_css", "badge", "die_svg", "blank_die_svg",
           "symbol_die_svg", "score_table", "event_list", "MARKS"]

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
    (".furlib-badge-winner", "background: rgba(212, 160, 23, 0.22); border-color: #d4a017;"),
    (".furlib-badge-to-play", "background: rgba(31, 111, 235, 0.18); border-color: #1f6feb;"),
    (".furlib-cards", "display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-end; margin: 4px 0;"),
    (".furlib-card, .furlib-board", "display: block; flex: none;"),
    # Tables and lists use type selectors too (table.x, ol.x) so they outrank
    # JupyterLab's own ".jp-RenderedHTMLCommon td" and "tbody tr:nth-child(odd)" rules.
    ("table.furlib-scores", "border-collapse: collapse; table-layout: auto; margin: 2px 0; min-width: 240px;"
                            " width: 100%; font-size: 13px; color: inherit;"),
    ("table.furlib-scores caption", "text-align: left; font-weight: 600; padding-bottom: 2px;"),
    ("table.furlib-scores tbody tr, table.furlib-scores thead tr", "background: transparent;"),
    # On a narrow page (360 px: 300 px inside the view) the table fits: a row's name and its badges wrap, and
    # the bar toward the target shrinks (to 40 px), then puts the points to go under it; no text is cut.
    ("table.furlib-scores th, table.furlib-scores td",
     "padding: 3px 6px; text-align: left; vertical-align: middle; line-height: 1.4; white-space: nowrap;"
     " border: none; border-bottom: 1px solid var(--jp-border-color2, rgba(127, 127, 127, 0.3));"
     " color: inherit; background: transparent;"),
    ("table.furlib-scores thead th", "font-size: 11px; font-weight: 600; opacity: 0.72;"),
    ("table.furlib-scores tbody th", "font-weight: normal; white-space: normal;"),
    ("table.furlib-scores td.furlib-toward-cell", "width: 45%;"),
    ("table.furlib-scores .furlib-num", "text-align: right; font-variant-numeric: tabular-nums; font-weight: 600;"),
    ("table.furlib-scores tbody tr.furlib-current", "background: rgba(31, 111, 235, 0.1);"),
    ("table.furlib-scores tr.furlib-current th", "font-weight: 700; box-shadow: inset 3px 0 0 #1f6feb;"),
    (".furlib-toward", "display: flex; flex-wrap: wrap; align-items: center; gap: 2px 6px;"),
    (".furlib-bar", "display: inline-block; vertical-align: middle; flex: 1 1 40px; min-width: 40px;"
                    " max-width: 110px; height: 8px;"
                    " border-radius: 4px; background: rgba(127, 127, 127, 0.22); overflow: hidden;"),
    (".furlib-bar-fill", "display: block; height: 100%; border-radius: 4px; background: #1f6feb;"),
    (".furlib-bar-reached .furlib-bar-fill", "background: #d4a017;"),
    (".furlib-togo", "display: inline-block; font-size: 11px; opacity: 0.72; white-space: nowrap;"),
    ("ol.furlib-events", "margin: 2px 0 0 0; padding-left: 18px; font-size: 12px; list-style-type: disc;"),
    ("ol.furlib-events li", "margin: 1px 0;"),
    (".furlib-ev-win", "font-weight: 700;"),
)


def theme_css(scope: str, extra: Mapping[str, str] | None = None) -> Markup:
    """A ``<style>`` block whose every rule is scoped under the class ``scope``.

    It styles the building blocks of this module (score tables, progress
    bars, badges, event lists, rows of dice and cards) and the scope element
    itself (text, background and border from ``--jp-*`` variables with
    fallbacks). Only the badges ``winner`` and ``to play`` have colours
    here; a game colours its own (``.furlib-badge-<slug>``) in ``extra``.

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
        raise ValueError(f"scope must be a CSS class name such as 'furlib-furcle', got {excerpt(scope)}")
    rules = list(_BASE_RULES) + list((extra or {}).items())
    lines = []
    for selector, body in rules:
        for text in (selector, body):
            if not isinstance(text, str) or "<" in text or "&" in text or "{" in text or "}" in text:
                raise ValueError(f"CSS selectors and declarations must be strings without '<', '&', "
                                 f"'{{' or '}}', got {excerpt(text)}")
        parts = [p.strip() for p in selector.split(",")]
        full = ", ".join(f".{name} {p}" if p else f".{name}" for p in parts)
        lines.append(f"{full} {{{body}}}")
    return Markup("<style>\n" + "\n".join(lines) + "\n</style>")


def badge(text: str, *, kind: str | None = None) -> Markup:
    """A small label ``<span class="furlib-badge furlib-badge-<kind>">`` (text escaped).

    ``kind`` (any words, made into a class name) lets the theme or a game's
    CSS colour it; without it the badge is plain grey.

    >>> badge("to play", kind="to play")
    '<span class="furlib-badge furlib-badge-to-play">to play</span>'
    >>> badge("<off>")
    '<span class="furlib-badge">&lt;off&gt;</span>'
    """
    cls = "furlib-badge" if kind is None else f"furlib-badge furlib-badge-{_slug(kind)}"
    return Markup(f'<span class="{cls}">{escape(text)}</span>')


# ---------------------------------------------------------------- tables
def score_table(rows: Iterable[Mapping[str, Any]], *, target: int | float | None = None,
                highlight: str | None = None, caption: str | None = None,
                columns: Sequence[str] = (), language: str = "en") -> Markup:
    """A ``<table>`` of players and scores, with progress bars toward ``target``.

    Parameters
    ----------
    rows : list of dict
        One per player, in display order: ``{"name": str, "score": number}``
        and optionally ``"marks"``, a list of short labels shown as badges
        after the name (e.g. ``["Leader", "to play"]``, each with the class
        ``furlib-badge-<label>``; the theme colours ``winner`` and
        ``to play``, a game's CSS the others; a pair ``(label, kind)`` shows
        ``label`` with the class of ``kind``, e.g. ``("à jouer", "to play")``),
        and one value per extra column.
    target : number, optional
        Adds a column with a bar filled to ``score / target`` and the points
        still to go.
    highlight : str, optional
        The name of the row to highlight (usually the current player).
    caption : str, optional
        The table's caption (default "Scores", in ``language``).
    columns : list of str, optional
        Extra columns after the score, read from each row by name (values are
        escaped unless they are :class:`Markup`).
    language : str, default "en"
        The language of the table's own words (its heads, "30 to go"):
        ``"en"`` or ``"fr"`` (:mod:`furlib.core.show.page_words`).

    Examples
    --------
    >>> t = score_table([{"name": "Ann", "score": 20}], target=50)
    >>> "<th scope=\\"row\\">Ann</th>" in t and "30 to go" in t
    True
    >>> t = score_table([{"name": "Ann", "score": 20, "marks": [("à jouer", "to play")]}], target=50, language="fr")
    >>> "encore 30" in t and '<span class="furlib-badge furlib-badge-to-play">à jouer</span>' in t
    True
    """
    words = page_words(language)
    caption = words.scores if caption is None else caption
    rows = list(rows)
    names = []
    for r in rows:
        if not isinstance(r, Mapping) or "name" not in r or "score" not in r:
            raise ValueError(f"each row must be a dict with 'name' and 'score', got {excerpt(r)}")
        names.append(str(r["name"]))
    if target is not None and (isinstance(target, bool) or not isinstance(target, (int, float)) or target <= 0):
        raise ValueError(f"target must be None or a number > 0, got {excerpt(target)}")
    if highlight is not None and highlight not in names:
        raise ValueError(f"highlight must be None or one of the row names {excerpt(names)}, got {excerpt(highlight)}")
    head = [f'<th scope="col">{escape(words.player)}</th>',
            f'<th scope="col" class="furlib-num">{escape(words.score)}</th>']
    head += [f'<th scope="col">{escape(c)}</th>' for c in columns]
    if target is not None:
        head.append(f'<th scope="col">{escape(words.toward(_num(target)))}</th>')
    body = []
    for r, name in zip(rows, names):
        marks = r.get("marks") or ()
        badges = "".join(badge(m[0], kind=m[1]) if isinstance(m, tuple) else badge(m, kind=m) for m in marks)
        current = name == highlight
        tr = ' class="furlib-current" aria-current="true"' if current else ""
        cells = [f'<th scope="row">{escape(name)}{badges}</th>',
                 f'<td class="furlib-num">{escape(_num(r["score"]))}</td>']
        cells += [f"<td>{escape(r.get(c, ''))}</td>" for c in columns]
        if target is not None:
            cells.append(f'<td class="furlib-toward-cell">{_progress(r["score"], target, words)}</td>')
        body.append(f"<tr{tr}>" + "".join(cells) + "</tr>")
    return Markup(f'<table class="furlib-scores"><caption>{escape(caption)}</caption>'
                  f'<thead><tr>{"".join(head)}</tr></thead><tbody>{"".join(body)}</tbody></table>')


def _num(x: object) -> str:
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)


def _progress(score: Any, target: float, words: PageWords) -> str:
    frac = max(0.0, min(1.0, float(score) / float(target)))
    reached = float(score) >= float(target)
    cls = "furlib-bar furlib-bar-reached" if reached else "furlib-bar"
    togo = words.reached if reached else words.to_go(_num(target - score))
    return (f'<span class="furlib-toward"><span class="{cls}" aria-hidden="true"><span class="furlib-bar-fill" '
            f'style="width: {100 * frac:.1f}%"></span></span><span class="furlib-togo">{escape(togo)}</span></span>')


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
