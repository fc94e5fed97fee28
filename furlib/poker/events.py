"""The kinds of event a Furry Poker game writes (the ``event`` column of ``game.history``), and :func:`told`,
which of them a player reads (their sentences are :mod:`furlib.poker.texts`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import excerpt

if TYPE_CHECKING:  # pragma: no cover
    from ..core.engine.events import Event

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
