"""The words of the pieces every game's picture shares, one small table per language.

The score table (:func:`furlib.core.show.html.score_table`: its caption, its column heads, the points still
to go toward the target) and the list of recent events (:func:`furlib.core.show.page.game_page`) write
these words. :class:`PageWords` is the English (the HTML repr of every game), :class:`PageWordsFr` the
French; :func:`page_words` gives the table of a language. A game that draws its picture in another language
(``game.html(language="fr")``) passes the language to those pieces and writes its own words itself (Oh
Furcle!: :mod:`furlib.furcle.picture_words`), and lists the events told in it (:func:`told`).

>>> page_words("fr").to_go("30"), page_words("en").to_go("30")
('encore 30', '30 to go')

No ipywidgets, no plotly here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..engine.events import Event
from ..words import in_language

__all__ = ["PageWords", "PageWordsFr", "PAGE_WORDS", "page_words", "told"]


class PageWords:
    """The shared pieces' words in English."""

    LANGUAGE = "en"
    player, score, scores = "Player", "Score", "Scores"
    recent_events = "Recent events"
    reached = "reached"
    #: The head of the column of bars toward the target, and the points still to go under a bar ("{}": the
    #: number as the table writes it).
    toward_text, to_go_text = "Toward {}", "{} to go"

    def toward(self, target: str) -> str:
        """The head of the column of bars toward the target (``target`` as the table writes it)."""
        return self.toward_text.format(target)

    def to_go(self, points: str) -> str:
        """The points still to go toward the target, under a bar."""
        return self.to_go_text.format(points)


class PageWordsFr(PageWords):
    """The shared pieces' words in French ("Joueur" is the column's head, as a form says it of anyone)."""

    LANGUAGE = "fr"
    player, score, scores = "Joueur", "Score", "Scores"
    recent_events = "Derniers événements"
    reached = "atteint"
    toward_text, to_go_text = "Objectif {}", "encore {}"


#: The tables by language code.
PAGE_WORDS: dict[str, PageWords] = {"en": PageWords(), "fr": PageWordsFr()}


def page_words(language: str) -> PageWords:
    """The shared pieces' words in ``language`` (a key of :data:`PAGE_WORDS`); a ValueError names the languages.

    >>> page_words("de")
    Traceback (most recent call last):
    ...
    ValueError: language must be one of ['en', 'fr'], got 'de'
    """
    return in_language(PAGE_WORDS, language)


def told(events: Iterable[Event], texts: Any) -> list[Event]:
    """``events`` told by ``texts`` (a game's texts in a language, ``game.texts(language)``): the same events, each
    ``text`` made by ``texts.tell`` when read, for the pieces that list them (the recent events, a chart's notes).

    >>> from furlib import Furcle
    >>> g = Furcle(players=["Ann"], seed=1).roll(3, 3, 5, 6, 1)
    >>> told(g.events, g.texts("fr"))[0].text.replace("\\u00a0", " ")
    'Ann lance 3, 3, 5, 6, 1 : une paire de 3 pour 3 points'
    """
    return [Event(e.step, e.turn, e.player, e.kind, texts, e.data, e.scores, e.visible_to) for e in events]
