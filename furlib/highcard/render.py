"""The HTML of High Card: scores, the viewer's hand, the others' hands face down, the last round."""

from __future__ import annotations

from typing import Any

from ..core.errors import excerpt
from ..core.show.html import escape, event_list, score_table, theme_css
from ..core.words import plural

SCOPE = "furlib-highcard"


def highcard_html(game: Any) -> str:   # a HighCard game or a player's view of it
    """The game as HTML, as the object passed in may see it (a view hides the others' cards).

    >>> from furlib.highcard import HighCard
    >>> g = HighCard(["Ann", "Bob"], seed=2).play()
    >>> "Ann" in highcard_html(g.view("Ann"))
    True

    Raises
    ------
    ValueError
        If ``game`` is not a High Card game (nor a view of one).
    """
    from .views import HighCardFacts

    if not isinstance(game, HighCardFacts):
        raise ValueError(f"highcard_html needs a HighCard game (or a player's view of one), got {excerpt(game)}")
    rows = []
    for name, hand in game.hands.items():
        shown = f"{plural(hand, 'card')} face down" if isinstance(hand, int) else ", ".join(hand) or "no cards"
        rows.append({"name": name, "score": game.scores[name], "hand": shown})
    parts = [f'<div class="furlib {SCOPE}">', theme_css(SCOPE, {}),
             f"<p><b>High Card</b>, trick {game.turn} &#8226; {plural(game.deck_size, 'card')} in the deck</p>",
             score_table(rows, columns=("hand",), caption="Tricks", highlight=game.current_player)]
    if game.last_round:
        parts.append(f"<p>Last round: {escape(', '.join(game.last_round))}</p>")
    parts.append(event_list([e.text for e in game.events_for(game.viewer)[-4:]]))
    parts.append("</div>")
    return "".join(parts)
