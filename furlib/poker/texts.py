"""What a game of Furry Poker says: one method per kind of event of :mod:`furlib.poker.events`, the deals and
draws (:func:`dealt_text`), the players as a subject (:func:`subjects`) and what each step asks
(:func:`step_text`), in English.

A secret event (its owner's) names the card; its public twin does not. The data say which sentence an event
is: where a card is discarded from (``where``), how a card is kept or placed (``face``), a Peacock's
Color-Change card (``peacock``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..core.engine.events import Event
from ..core.engine.players import MAX_GAME_PLAYERS
from ..core.engine.texts import Texts
from ..core.errors import check_int, excerpt
from ..core.words import act, capitalized, join_words, named, plural, possessive, their
from ..core.words import subjects as words_subjects
from .cards import ANIMALS, card_name, number
from .checks import read_list
from .effects import step_name
from .state import FINAL_AT, PokerState

__all__ = ["PokerTexts", "STEP_TEXTS", "card_text", "dealt_text", "placed_down_text", "possessive_name", "step_text",
           "subjects"]


#: What each step (:data:`furlib.poker.effects.STEPS`) asks, for refusals and the app.
STEP_TEXTS: dict[str, str] = {
    "action": "trigger the played card's effect, or take a Public card into the Personal Area",
    "take": "take a Public card into the Personal Area", "remove": "remove a Public card",
    "keep_down": "keep one drawn card face down", "keep_up": "keep one drawn card face up",
    "discard_hand": "discard a hand card", "discard_area": "discard a Personal card",
    "activate": "activate a face-up Personal card (not a Lion)", "place_up": "place a hand card face up",
    "place_down": "place a hand card face down", "pick_plus": "take a plus Ability card (+1 to +4)",
    "pick_minus": "take a minus Ability card (-1 to -4)", "to_hand": "take a Public card into the hand",
    "take_or_hand": "take the Public card into the Personal Area or into the hand",
}


def step_text(state: PokerState) -> str:
    """What the current decision asks, in words ("" where nothing is asked; a ValueError if ``state`` is not a
    Furry Poker state: ``game.step_text`` reads it)."""
    if not isinstance(state, PokerState):
        raise ValueError(f"step_text() reads a Furry Poker state (game.step_text gives it for a game); got "
                         f"{excerpt(state)}")
    if state.phase == "choose":
        return "choose a card to play, in secret"
    if state.phase in ("setup", "final"):
        return "place a hand card face down in the Personal Area"
    return STEP_TEXTS.get(step_name(state) or "", "")


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
    me = str(who)
    if to == "drawn":
        return act(me, f"draws {what}")
    where = f"into {their(me)} hand" if to == "hand" else f"face down into {their(me)} Personal Area"
    return act(me, f"is dealt {what} {where}")


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


def card_text(me: str, before: str, card: str, after: str = "") -> str:
    """'Ann gains the +2 Ability card', 'You discard the face-down Red 7 (Lion)'.

    >>> card_text("You", "places the", "R7", " face down")
    'You place the Red 7 (Lion) face down'

    Raises ValueError if ``me``, ``before`` or ``after`` is not a str or ``card`` is not one of the 86 cards.
    """
    for what, text in (("before", before), ("after", after)):
        if not isinstance(text, str):
            raise ValueError(f"card_text's {what} must be a str, e.g. 'gains the'; got {excerpt(text)}")
    _name(me)
    return act(me, f"{before} {card_name(card)}{after}")


def placed_down_text(me: str) -> str:
    """'Ann places a card face down in their Personal Area' (what the others read).

    >>> placed_down_text("You")
    'You place a card face down in your Personal Area'
    """
    return act(_name(me), f"places a card face down in {their(me)} Personal Area")


def possessive_name(name: str) -> str:
    """ "Ann's" or "Your" (a sentence's first word).

    Raises ValueError if ``name`` is not a str.
    """
    return possessive(_name(name))


def _name(name: object) -> str:
    """``name``, a player's name (a ValueError if it is not a str)."""
    if not isinstance(name, str):
        raise ValueError(f"a player's name must be a str, e.g. 'Ann'; got {excerpt(name)}")
    return name


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
    return f"{subjects(who)} {verb} {FINAL_AT} Personal cards: this is the final round"


class PokerTexts(Texts):
    """Furry Poker's events in English."""

    __slots__ = ()

    # --- the deal and the draws
    def deal(self, e: Event) -> str:
        d = e.data
        card = d.get("card")
        return dealt_text(e.player, 1 if card is None else (card_name(card),), d["to"])

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
                else f"{subjects(names)} share the win with {plural(best, 'point')} each")

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
