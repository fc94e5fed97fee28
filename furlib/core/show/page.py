"""The frame every game's HTML repr is drawn in: scoped theme, header, banner, columns, events.

A game's ``render.py`` builds its pieces (dice, cards, a board, a score
table) and hands them to :func:`game_page`, which wraps them the same way
for every game::

    <div class="furlib furlib-<game>">
      <style> core theme + layout + the game's own rules, all scoped </style>
      <div class="furlib-head"> title, status, muted info, badges </div>
      <div class="furlib-banner" role="status"> ... </div>      (optional)
      ... top ...                                               (optional)
      <div class="furlib-body">
        <div class="furlib-side"> ... </div>                    (optional)
        <div class="furlib-main"> ... </div>
      </div>
      <div class="furlib-label">Recent events</div> <ol ...>   (when there are events)
    </div>

Inside the columns a game may use the classes styled here:
``furlib-label`` (a small heading), ``furlib-stats`` with ``furlib-stat``
(numbers in bold), ``furlib-say`` (a sentence) and ``furlib-legend``. A
game overrides any rule in its ``css`` (e.g. the column widths
``.furlib-side`` and ``.furlib-main``). No ipywidgets, no plotly here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import check_int, excerpt
from .html import badge, event_list, theme_css
from .markup import Markup, escape
from .page_words import page_words

__all__ = ["game_page", "LAYOUT_RULES"]

_GAME = re.compile(r"^[a-z][a-z0-9-]*$")

#: The frame's rules, between the core theme and the game's own ``css``.
LAYOUT_RULES: dict[str, str] = {
    ".furlib-head": "display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; margin-bottom: 6px;",
    ".furlib-title": "font-size: 15px; font-weight: 700;",
    ".furlib-body": "display: flex; flex-wrap: wrap; gap: 10px 22px; align-items: flex-start;",
    ".furlib-side": "flex: 1 1 260px; min-width: 0;",
    ".furlib-main": "flex: 1 1 300px; min-width: 0; max-width: 560px;",
    ".furlib-label": "font-size: 11px; font-weight: 600; opacity: 0.72; margin-top: 6px;",
    ".furlib-stats": "display: flex; flex-wrap: wrap; gap: 2px 16px; margin: 2px 0;",
    ".furlib-stat b": "font-size: 18px; font-variant-numeric: tabular-nums;",
    ".furlib-say": "margin: 4px 0;",
    ".furlib-banner": "margin: 4px 0 8px; padding: 6px 10px; border-radius: 6px; font-weight: 600;"
                      " border-left: 4px solid #d4a017; background: rgba(212, 160, 23, 0.16);",
    ".furlib-banner .furlib-dice": "margin: 4px 0 0;",
    ".furlib-legend": "font-size: 11px; opacity: 0.72;",
}


def game_page(game: str, *, title: str, status: str = "", info: str = "", badges: Sequence[str] = (),
              banner: str = "", banner_class: str | None = None, top: str = "", side: str = "",
              main: str = "", events: Sequence[Any] = (), last_events: int = 5,
              css: Mapping[str, str] | None = None, language: str = "en") -> Markup:
    """A game's whole repr: ``<div class="furlib furlib-<game>">`` with its scoped ``<style>``.

    Text arguments are escaped unless they are :class:`~furlib.core.show.markup.Markup`
    (pass pieces of HTML, such as the columns, as ``Markup``).

    Parameters
    ----------
    game : str
        The game's short name, lower case (``"furcle"``); the scope class is
        ``furlib-<game>``.
    title : str
        The game's name in the header (``"Oh Furcle!"``).
    status : str, optional
        Where the game stands (``"turn 3: Ann to roll"``).
    info : str, optional
        The settings, in muted text (``"target 50, 5 dice"``).
    badges : list of str, optional
        Labels shown as badges after the info (class ``furlib-badge-<label>``).
    banner : str, optional
        A message above the columns (``role="status"``), e.g. who won.
    banner_class : str, optional
        One more class for the banner (a game's variant, coloured by ``css``).
    top : str, optional
        Content between the banner and the columns (e.g. player cards).
    side, main : str, optional
        The two columns: ``side`` (left, dropped when empty: the dice or
        cards in play) and ``main`` (the scores).
    events : list, optional
        Events with ``.text`` and ``.kind`` (:class:`furlib.core.Event`); the
        last ``last_events`` are listed under "Recent events".
    last_events : int, default 5
        How many events to list (0 for none).
    css : dict, optional
        The game's own rules ``{selector: declarations}``, scoped like
        :func:`furlib.core.show.html.theme_css` and placed after the core's.
    language : str, default "en"
        The language of the frame's own words ("Recent events"): ``"en"`` or
        ``"fr"`` (:mod:`furlib.core.show.page_words`); the game writes the
        rest, the events' texts included, in it.

    Examples
    --------
    >>> html = game_page("demo", title="Demo", status="turn 1: <Ann> to play",
    ...                  main=Markup("<p>scores</p>"), css={".x": "color: red;"})
    >>> html.startswith('<div class="furlib furlib-demo">')
    True
    >>> "turn 1: &lt;Ann&gt; to play" in html and "<p>scores</p>" in html and ".furlib-demo .x" in html
    True
    """
    if not isinstance(game, str) or not _GAME.match(game):
        raise ValueError(f"game must be a short lower-case name such as 'furcle', got {excerpt(game)}")
    if not isinstance(title, str) or not title.strip():
        raise ValueError(f"title must be a non-empty string such as 'Oh Furcle!', got {excerpt(title)}")
    if isinstance(badges, str):
        raise ValueError(f"badges must be a list of labels, not one string, got {excerpt(badges)}")
    if banner_class is not None and (not isinstance(banner_class, str) or not _GAME.match(banner_class)):
        raise ValueError(f"banner_class must be None or a class name such as 'fc-banner-furcle', "
                         f"got {excerpt(banner_class)}")
    words = page_words(language)
    last_events = check_int("last_events", last_events, low=0)
    shown = list(events)[-last_events:] if last_events else []
    for e in shown:
        if not hasattr(e, "text") or not hasattr(e, "kind"):
            raise ValueError(f"events must have .text and .kind (furlib.core.Event), got {excerpt(e)}")
    scope = f"furlib-{game}"
    rules = dict(LAYOUT_RULES)
    for selector, body in (css or {}).items():     # a game's declarations come after (and win over) the frame's
        rules[selector] = f"{rules[selector]} {body}" if selector in rules else body
    head = [f'<span class="furlib-title">{escape(title)}</span>']
    if status:
        head.append(f"<span>{escape(status)}</span>")
    if info:
        head.append(f'<span class="furlib-muted">{escape(info)}</span>')
    parts = [f'<div class="furlib {scope}">', theme_css(scope, rules),
             '<div class="furlib-head">' + " ".join(head) + "".join(badge(b, kind=b) for b in badges) + "</div>"]
    if banner:
        cls = "furlib-banner" + (f" {banner_class}" if banner_class else "")
        parts.append(f'<div class="{cls}" role="status">{escape(banner)}</div>')
    if top:
        parts.append(escape(top))
    parts.append('<div class="furlib-body">')
    if side:
        parts.append(f'<div class="furlib-side">{escape(side)}</div>')
    parts.append(f'<div class="furlib-main">{escape(main)}</div></div>')
    if shown:
        parts.append(f'<div class="furlib-label">{escape(words.recent_events)}</div>')
        parts.append(event_list([e.text for e in shown], kinds=[e.kind for e in shown], label=words.recent_events))
    parts.append("</div>")
    return Markup("\n".join(parts))
