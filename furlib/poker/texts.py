"""What a game of Furry Poker's events say: one method per kind of :mod:`furlib.poker.events`, in English.

A secret event (its owner's) names the card; its public twin does not. The data say which sentence an event
is: where a card is discarded from (``where``), how a card is kept or placed (``face``), a Peacock's
Color-Change card (``peacock``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.engine.events import Event
from ..core.engine.texts import Texts
from ..core.errors import excerpt
from ..core.words import act, join_words, named, plural, possessive
from . import events as ev
from .cards import ANIMALS, card_name, number
from .effects import their
from .rules import FINAL_AT

__all__ = ["PokerTexts", "card_text", "placed_down_text", "possessive_name"]


def card_text(me: str, before: str, card: str, after: str = "") -> str:
    """'Ann gains the +2 Ability card', 'You discard the face-down Red 7 (Lion)'.

    >>> card_text("You", "places the", "R7", " face down")
    'You place the Red 7 (Lion) face down'

    Raises ValueError if ``me``, ``before`` or ``after`` is not a str or ``card`` is not one of the 86 cards.
    """
    for what, text in (("before", before), ("after", after)):
        if not isinstance(text, str):
            raise ValueError(f"card_text's {what} must be a str, e.g. 'gains the'; got {excerpt(text)}")
    their(me)   # me must be a name
    return act(me, f"{before} {card_name(card)}{after}")


def placed_down_text(me: str) -> str:
    """'Ann places a card face down in their Personal Area' (what the others read).

    >>> placed_down_text("You")
    'You place a card face down in your Personal Area'
    """
    return act(me, f"places a card face down in {their(me)} Personal Area")


def possessive_name(name: str) -> str:
    """ "Ann's" or "Your" (a sentence's first word).

    Raises ValueError if ``name`` is not a str.
    """
    if not isinstance(name, str):
        raise ValueError(f"a player's name must be a str, e.g. 'Ann'; got {excerpt(name)}")
    return possessive(name)


def _the_rest(k: int) -> str:
    """ "" (nothing else was drawn), " and discards the other one", " and discards the other 3".

    >>> [_the_rest(k) for k in (0, 1, 3)]
    ['', ' and discards the other one', ' and discards the other 3']
    """
    if k == 0:
        return ""
    return " and discards the other one" if k == 1 else f" and discards the other {k}"


def _final_text(who: Sequence[str]) -> str:
    """'Ann has 7 Personal cards: this is the final round' (``who``: the players who have them)."""
    verb = "has" if len(who) == 1 and who[0] != "You" else "have"
    return f"{ev.subjects(who)} {verb} {FINAL_AT} Personal cards: this is the final round"


class PokerTexts(Texts):
    """Furry Poker's events in English."""

    __slots__ = ()

    # --- the deal and the draws
    def deal(self, e: Event) -> str:
        d = e.data
        card = d.get("card")
        return ev.dealt_text(e.player, 1 if card is None else (card_name(card),), d["to"])

    draw = deal

    def shuffle(self, e: Event) -> str:
        """'The discard pile (12 cards) is shuffled into a new deck'."""
        return f"The discard pile ({plural(e.data['n'], 'card')}) is shuffled into a new deck"

    def empty(self, e: Event) -> str:
        """'The deck and the discard pile are empty: 2 cards cannot be drawn'."""
        return f"The deck and the discard pile are empty: {plural(e.data['n'], 'card')} cannot be drawn"

    # --- the round
    def play(self, e: Event) -> str:
        card = e.data.get("card")
        return act(self.who(e), "chooses a card") if card is None else card_text(self.who(e), "chooses the", card)

    def reveal(self, e: Event) -> str:
        """'Cards shown, in order of play: Ann's Red 2 (Peacock) and your Blue 7 (Lion)'."""
        return "Cards shown, in order of play: " + join_words(
            [f"{possessive(p, capital=False)} {card_name(c)}" for p, c in zip(e.data["by"], e.data["cards"])])

    def to_public(self, e: Event) -> str:
        """'Ann's Red 7 (Lion) joins the Public Area'."""
        return f"{possessive_name(self.who(e))} {card_name(e.data['card'])} joins the Public Area"

    def final(self, e: Event) -> str:
        return _final_text(e.data["who"])

    def nothing(self, e: Event) -> str:
        if e.data["why"] == "no cards":
            return "Nobody has a card left to play"
        return f"No Color-Change card is left for {named(self.who(e))}"

    def score(self, e: Event) -> str:
        """'Ann's Personal Area scores 12 points'."""
        return f"{possessive_name(self.who(e))} Personal Area scores {plural(e.data['points'], 'point')}"

    def win(self, e: Event) -> str:
        """'Ann wins with 12 points', 'Ann and you share the win with 12 points each'."""
        names, best = e.data["winners"], max(e.scores)
        return (act(names[0], f"wins with {plural(best, 'point')}") if len(names) == 1
                else f"{ev.subjects(names)} share the win with {plural(best, 'point')} each")

    # --- the effects
    def effect(self, e: Event) -> str:
        """'Ann triggers the Red 7 (Lion): Lion!'."""
        card = e.data["card"]
        return act(self.who(e), f"triggers the {card_name(card)}: {ANIMALS[number(card)]}!")

    def activate(self, e: Event) -> str:
        """'You activate the Blue 2 (Peacock): Peacock!'."""
        card = e.data["card"]
        return act(self.who(e), f"activates the {card_name(card)}: {ANIMALS[number(card)]}!")

    def gain(self, e: Event) -> str:
        if e.data["peacock"]:
            return act(self.who(e), "gains a Color-Change card")
        return card_text(self.who(e), "gains the", e.data["card"])

    def take(self, e: Event) -> str:
        """'Ann takes the Red 7 (Lion) into their Personal Area'."""
        me = self.who(e)
        return act(me, f"takes the {card_name(e.data['card'])} into {their(me)} Personal Area")

    def to_hand(self, e: Event) -> str:
        me = self.who(e)
        return act(me, f"takes the {card_name(e.data['card'])} into {their(me)} hand")

    def remove(self, e: Event) -> str:
        return card_text(self.who(e), "removes the", e.data["card"], " from the Public Area")

    def keep(self, e: Event) -> str:
        d, me = e.data, self.who(e)
        if d["face"] == "up":
            return act(me, f"keeps the {card_name(d['card'])} face up{_the_rest(d['rest'])}")
        card = d.get("card")
        if card is None:
            return act(me, f"keeps a card face down{_the_rest(d['rest'])}")
        return card_text(me, "keeps the", card, " face down")

    def place(self, e: Event) -> str:
        d, me = e.data, self.who(e)
        card = d.get("card")
        if d["face"] == "up":
            return act(me, f"places the {card_name(card)} face up in {their(me)} Personal Area")
        return placed_down_text(me) if card is None else card_text(me, "places the", card, " face down")

    def discard(self, e: Event) -> str:
        d, me = e.data, self.who(e)
        card, where = d.get("card"), d["where"]
        if where == "hand":
            return act(me, "discards a hand card") if card is None else card_text(me, "discards the", card)
        if where == "down":
            return (act(me, "discards a face-down Personal card") if card is None
                    else card_text(me, "discards the face-down", card))
        if where == "up":
            return act(me, f"discards the {card_name(card)} from {their(me)} Personal Area")
        return card_text(me, "gives back the", card)
