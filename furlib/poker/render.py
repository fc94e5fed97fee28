"""The HTML of Furry Poker: cards as SVG, drawn as the object passed in may see them.

The viewer's hand, every Personal Area (face-down cards as backs unless the
viewer owns them or the game is over), the Public Area, this round's order
of play, the scores and, at the end, each player's scorer explanation.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..core.errors import check_int, excerpt
from ..core.show.cards_svg import card_back_svg, card_row, card_svg
from ..core.show.html import badge, escape
from ..core.show.markup import Markup
from ..core.show.page import game_page
from ..core.words import act, capitalized, named, plural, possessive
from .cards import ANIMALS, EFFECTS, card_name, is_basic, is_color_change, parse_card
from .events import told
from .texts import subjects

if TYPE_CHECKING:  # pragma: no cover
    from .game import FurryPoker

__all__ = ["poker_html", "card_html"]

CSS = {
    ".fp-explain td, .fp-explain th": "font-size: 12px;",
    # the breakdown wraps (one combination a line, long ones broken) so the table fits any width from 360 px
    ".fp-explain td.fp-how": "white-space: normal; overflow-wrap: anywhere; min-width: 0;",
    ".fp-how ul": "margin: 0; padding: 0; list-style: none;",
    ".fp-how li": "margin: 0 0 2px; padding-left: 0.9em; text-indent: -0.9em;",
    ".fp-order": "margin: 2px 0;",
    # the areas: the name cell wraps (name, badge, hand size), the cards take the rest of the width and wrap
    ".fp-areas th[scope=row]": "white-space: normal; width: 1%; min-width: 70px;",
    ".fp-held": "display: block; font-size: 11px; opacity: 0.72; white-space: nowrap;",
    ".fp-areas td.fp-area": "white-space: normal; width: 100%;",
    ".fp-acting": "font-weight: 700;",
}


def card_html(card: str | None, *, size: int = 64, marked: str | None = None, owner: str = "") -> Markup:
    """One card as SVG: a basic card with its animal and effect in the title, a special card, or a back (None).

    Drawn once per card and look (the markup is an immutable string), since a page shows dozens.
    ``card`` is one of the 86 cards' codes or None, ``size`` a whole number of pixels (24 to 400),
    ``marked`` None or a mark's name (see :func:`furlib.core.show.cards_svg.card_svg`), ``owner`` a player's
    name (str); a ValueError names anything else.
    """
    if card is not None:
        card_name(card)             # one of the 86 cards, or a ValueError naming it
    size = check_int("size (pixels)", size)
    if marked is not None and not isinstance(marked, str):
        raise ValueError(f"marked must be None or a mark's name (a str), got {excerpt(marked)}")
    if not isinstance(owner, str):
        raise ValueError(f"owner must be a player's name (a str), got {excerpt(owner)}")
    return _card_html(card, size, marked, owner)


@lru_cache(maxsize=2048)
def _card_html(card: str | None, size: int, marked: str | None, owner: str) -> Markup:
    if card is None:
        return card_back_svg(size=size, title=f"{possessive(owner)} face-down card" if owner else "face-down card")
    if is_basic(card):
        n, c = parse_card(card)
        return card_svg(n, c, subtitle=ANIMALS[n], size=size, marked=marked,
                        title=f"{c.capitalize()} {n}, {ANIMALS[n]}: {EFFECTS[n]}", attrs={"data-card": card})
    label = "Color change" if is_color_change(card) else card
    return card_svg(label, None, size=size, marked=marked, title=_name(card), attrs={"data-card": card})


def _area(game: FurryPoker, name: str) -> Markup:
    area = game.personal[name]
    cards = [card_html(c, size=52) for c in area["up"]]
    down = area["down"]
    if isinstance(down, int):
        cards += [card_html(None, size=52, owner=name)] * down
    else:
        cards += [card_html(c, size=52, marked="selected") for c in down]
    if not cards:
        return Markup('<span class="furlib-muted">empty</span>')
    return card_row(cards, label=f"{possessive(name)} Personal Area")


def poker_html(game: FurryPoker) -> Markup:   # a FurryPoker game or a player's view of it
    """The game as HTML, as the object passed in may see it (a view hides the others' cards).

    >>> from furlib import FurryPoker
    >>> g = FurryPoker(["Ann", "Bob"], seed=2).play()
    >>> "Personal Area" in poker_html(g.view("Ann"))
    True

    Raises ValueError if ``game`` is not a Furry Poker game or view.
    """
    from .views import PokerFacts

    if not isinstance(game, PokerFacts):
        raise ValueError(f"poker_html shows a Furry Poker game or a player's view of it, got {excerpt(game)}")
    viewer = game.viewer
    over = game.is_over
    if over:
        status = "game over"
    else:
        who = game.current_player
        assert who is not None          # None only once the game is over
        doing = f"drawing a card for {named(who)}" if game.is_chance else f"{who} to {game.step_text}"
        status = f"round {game.turn}: {doing}"
    info = (f"{plural(game.deck_size, 'card')} in the deck, {plural(game.discard_size, 'card')} discarded"
            + (" • final round" if game.final_round and not over else "") + (" • advanced" if game.advanced else ""))
    side = [Markup('<div class="furlib-label">Public Area</div>'),
            card_row([card_html(c) for c in game.public], label="Public Area") if game.public
            else Markup('<p class="furlib-muted">empty</p>')]
    if game.round_order:
        items = []
        for i, (p, c) in enumerate(game.round_order):
            cls = ' class="fp-acting"' if i == game.acting and not over else ""
            items.append(f"<li{cls}>{escape(possessive(p))} {escape(_name(c))}</li>")
        side.append(Markup('<div class="furlib-label">Order of play this round</div>'
                           f'<ol class="fp-order">{"".join(items)}</ol>'))
    if viewer is not None or game.reveal:
        for name, hand in game.hands.items():
            if isinstance(hand, list) and (name == viewer or viewer is None):
                side.append(Markup(f'<div class="furlib-label">{escape(possessive(name))} hand</div>'))
                side.append(card_row([card_html(c) for c in hand], label=f"{possessive(name)} hand")
                            if hand else Markup('<p class="furlib-muted">empty</p>'))
    drawn = game.drawn
    if isinstance(drawn, list) and drawn:
        side.append(Markup('<div class="furlib-label">Drawn, to choose from</div>'))
        side.append(card_row([card_html(c) for c in drawn], label="drawn cards"))
    main = [_areas_table(game, over)]
    if over:
        main.append(_explanations(game))
    banner = ""
    if over:
        w = game.winner
        assert w is not None            # a Furry Poker game over has a winner (a tie shares the win)
        banner = f"{subjects(list(w))} share the win" if isinstance(w, tuple) else act(w, "wins")
    return game_page("poker", title="Furry Poker", status=status, info=info, banner=banner,
                     side=Markup("".join(side)), main=Markup("".join(main)), events=told(game.events_for(viewer)),
                     css=CSS)


def _areas_table(game: FurryPoker, over: bool) -> Markup:
    """Each player's score, hand size and Personal Area: three columns, so the cards have room at 360 px."""
    winners = _winners(game) if over else ()
    rows = []
    for name in game.players:
        hand = game.hands[name]
        held = plural(hand if isinstance(hand, int) else len(hand), "card")
        points = game.scores[name] if over else game.score_of(name).points
        mark = badge("winner", kind="winner") if name in winners else ""
        tr = ' class="furlib-current" aria-current="true"' if not over and name == game.current_player else ""
        rows.append(f'<tr{tr}><th scope="row">{escape(name)} {mark}<span class="fp-held">{held} in hand</span></th>'
                    f'<td class="furlib-num">{points}</td><td class="fp-area">{_area(game, name)}</td></tr>')
    return Markup('<table class="furlib-scores fp-areas"><caption>Personal Areas (score of the cards shown)</caption>'
                  '<thead><tr><th scope="col">Player</th><th scope="col" class="furlib-num">Score</th>'
                  f'<th scope="col">Personal Area</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _winners(game: FurryPoker) -> tuple[str, ...]:
    w = game.winner
    return w if isinstance(w, tuple) else (w,) if w else ()


def _name(card: str) -> str:
    from .cards import card_name

    return card_name(card)


def _explanations(game: FurryPoker) -> Markup:
    rows = []
    for name in game.players:
        sc = game.score_of(name)
        how = [str(c) for c in sc.combinations] + [str(c) for c in sc.changes] or ["no combination"]
        items = "".join(f"<li>{escape(capitalized(h))}</li>" for h in how)
        rows.append(f'<tr><th scope="row">{escape(name)}</th><td class="furlib-num">{sc.points}</td>'
                    f'<td class="fp-how"><ul>{items}</ul></td></tr>')
    return Markup('<table class="furlib-scores fp-explain"><caption>How each area scores</caption>'
                  '<thead><tr><th scope="col">Player</th><th scope="col" class="furlib-num">Points</th>'
                  f'<th scope="col">Combinations and changes</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')
