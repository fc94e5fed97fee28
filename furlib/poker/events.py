"""The kinds of event a Furry Poker game writes (the ``event`` column of ``game.history``), the words of deals
and draws, and :func:`read_list`, how Furry Poker's functions read a list they are given."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

import numpy as np

from ..core.engine.players import MAX_GAME_PLAYERS
from ..core.errors import check_int, excerpt
from ..core.words import act, capitalized, join_words, plural
from ..core.words import subjects as words_subjects

if TYPE_CHECKING:  # pragma: no cover
    from ..core.engine.events import Event

_Item = TypeVar("_Item")

DEAL = "deal"            #: a card is dealt: to a hand, the Public Area or face down (secret: which card)
SHUFFLE = "shuffle"      #: the discard pile is shuffled into a new deck
EMPTY = "empty"          #: a card should be drawn but the deck and the discard pile are empty
PLAY = "play"            #: a player picks a card in secret (public: that they picked; secret: which)
REVEAL = "reveal"        #: the round's cards are shown; data: cards, order (seats in order of play)
TAKE = "take"            #: a Public card goes into a Personal Area; data: card
EFFECT = "effect"        #: a player triggers a card's effect; data: card
GAIN = "gain"            #: a player gains a special card; data: card
DRAW = "draw"            #: a Leopard or Crow draws (public: how many; secret: which cards)
KEEP = "keep"            #: a drawn card is kept (face down: secret which one; face up: data card)
DISCARD = "discard"      #: cards go to the discard pile (secret from a hand or face down)
REMOVE = "remove"        #: a Tiger removes a Public card; data: card
PLACE = "place"          #: a hand card goes into a Personal Area (face up: data card; face down: secret)
ACTIVATE = "activate"    #: a Lion activates a Personal card; data: card
TO_HAND = "to_hand"      #: a Bear takes a Public card into the hand; data: card
TO_PUBLIC = "to_public"  #: a played card joins the Public Area; data: card
NOTHING = "nothing"      #: an effect or a step does nothing (no card to take, none left...)
FINAL = "final"          #: the final round is announced
SCORE = "score"          #: a player's Personal Area is scored; data: points, cards
WIN = "win"              #: the game ends; data: winners

KINDS = (DEAL, SHUFFLE, EMPTY, PLAY, REVEAL, TAKE, EFFECT, GAIN, DRAW, KEEP, DISCARD, REMOVE, PLACE, ACTIVATE,
         TO_HAND, TO_PUBLIC, NOTHING, FINAL, SCORE, WIN)


# ------------------------------------------------------------------ texts
_PLACES = ("public", "hand", "down", "drawn")     # where dealt_text's cards go
_CARDS = 86                                       # the most cards dealt at once: all of them
# The texts of the deals and draws, for one card (the log) and for several in a row (the app's status line,
# "Ann draws 3 cards"): made by the same function, so they always agree.

def dealt_text(who: str | None, cards: int | Sequence[str], to: str) -> str:
    """Cards dealt or drawn, in words: ``cards`` is how many (hidden) or the card names (shown).

    ``to`` is where they go: ``"public"`` (``who`` is None), ``"hand"``,
    ``"down"`` (face down into the Personal Area) or ``"drawn"`` (a Leopard's
    or a Crow's draw).

    >>> dealt_text("Ann", 1, "hand"), dealt_text("You", 3, "drawn")
    ('Ann is dealt a card into their hand', 'You draw 3 cards')
    >>> dealt_text("You", ["Red 7 (Lion)", "Blue 2 (Peacock)"], "hand")
    'You are dealt the Red 7 (Lion) and the Blue 2 (Peacock) into your hand'
    >>> dealt_text(None, ["Red 7 (Lion)", "Blue 2 (Peacock)"], "public")
    'The Red 7 (Lion) and the Blue 2 (Peacock) are dealt to the Public Area'
    >>> dealt_text("Ann", 2, "down")
    'Ann is dealt 2 cards face down into their Personal Area'

    Raises ValueError for a ``to`` not listed above, a ``who`` that is not a player's name (a str; None
    for the Public Area only), or ``cards`` that are neither a count from 1 to 86 nor a list of 1 to 86
    names (str).
    """
    if not isinstance(to, str) or to not in _PLACES:
        raise ValueError(f"to must be one of {list(_PLACES)}, got {excerpt(to)}")
    if not (who is None and to == "public" or isinstance(who, str)):
        raise ValueError(f"who must be a player's name (a str), or None for the Public Area; got {excerpt(who)}")
    if isinstance(cards, (int, np.integer)) and not isinstance(cards, (bool, np.bool_)):
        cards = check_int("cards (how many)", cards, low=1, high=_CARDS)
    else:
        cards = _names("cards", cards, _CARDS)
    if isinstance(cards, int):
        what = "a card" if cards == 1 else plural(cards, "card")
    else:
        what = join_words([f"the {c}" for c in cards])
    if to == "public":
        verb = "is" if not isinstance(cards, int) and len(cards) == 1 or cards == 1 else "are"
        return capitalized(f"{what} {verb} dealt to the Public Area")
    if to == "drawn":
        return act(str(who), f"draws {what}")
    their = "your" if who == "You" else "their"
    where = f"into {their} hand" if to == "hand" else f"face down into {their} Personal Area"
    return act(str(who), f"is dealt {what} {where}")


def told(events: list[Event]) -> list[Event]:
    """The events with each secret's public twin left out where its owner sees both ("You draw a card", then
    "You draw the Red 7"): what a player reads, in the app's status and the view's recent events.

    ``events`` is a list (or tuple) of :class:`~furlib.core.engine.events.Event`; a ValueError names anything else.
    """
    from ..core.engine.events import Event

    if not isinstance(events, (list, tuple)) or not all(isinstance(e, Event) for e in events):
        raise ValueError(f"events must be a list of events (game.events), got {excerpt(events)}")
    return [e for i, e in enumerate(events) if not (
        e.visible_to is None and i + 1 < len(events) and events[i + 1].visible_to is not None
        and events[i + 1].step == e.step and events[i + 1].kind == e.kind)]


def subjects(names: Sequence[str]) -> str:
    """Players as the subject of a sentence (:func:`furlib.core.words.subjects`): "Ann and you".

    >>> subjects(["Ann", "You"]), subjects(["You", "Bob", "Cy"])
    ('Ann and you', 'You, Bob and Cy')

    ``names``: 1 to ``MAX_GAME_PLAYERS`` (1000) names (str), read lazily; a ValueError names anything else.
    """
    return words_subjects(_names("names", names, MAX_GAME_PLAYERS))


def _names(what: str, names: object, most: int) -> list[str]:
    """``names`` as a list of 1 to ``most`` str, read lazily (the one past ``most`` is refused unread on)."""

    def name(item: object) -> str:
        if not isinstance(item, str):
            raise ValueError(f"{what} must be names (str), got {excerpt(item)}")
        return item

    out = read_list(names, most, name, not_a_list=f"{what} must be a list of names (str)",
                    too_many=f"{what} holds at most {most} names, got more")
    if not out:
        raise ValueError(f"{what} must name at least one, got {excerpt(names)}")
    return out


def read_list(items: object, most: int, check: Callable[[object], _Item], *, not_a_list: str,
              too_many: str) -> list[_Item]:
    """``items`` as a list, read lazily: at most ``most`` of them (the one past ``most`` is refused unread on),
    each as ``check`` returns it (``check`` raises a ValueError naming a bad one).

    The lists that Furry Poker's functions take (names here, cards and scores in :mod:`~furlib.poker.analysis`
    and :mod:`~furlib.poker.plots`) are read by this one function. ``not_a_list`` is the error's words for a
    str, bytes, dict or anything not iterable (the value is added to them), ``too_many`` the whole error for
    more than ``most`` items.

    >>> read_list(iter("abc"), 3, str.upper, not_a_list="letters must be a list", too_many="at most 3 letters")
    ['A', 'B', 'C']
    >>> read_list("abc", 3, str.upper, not_a_list="letters must be a list", too_many="at most 3 letters")
    Traceback (most recent call last):
    ...
    ValueError: letters must be a list, got 'abc'
    """
    if isinstance(items, (str, bytes, Mapping)) or not isinstance(items, Iterable):
        raise ValueError(f"{not_a_list}, got {excerpt(items)}")
    out: list[_Item] = []
    for item in items:
        if len(out) == most:
            raise ValueError(too_many)
        out.append(check(item))
    return out
