"""The twelve card effects, as steps: each choice an effect needs is a decision of the same player.

An effect puts its steps in ``state["steps"]`` (and its draws in
``state["draws"]``); :meth:`EffectsMixin._options` lists the actions of a
step, and a step with no possible action is skipped ("effects do as much as
they can when cards run short"). The Lion puts the activated card's steps in
front of the steps still to come; the Lion's player makes every choice.

A Bear facing a single Public card lets its player choose where that card
goes (RULES.md): its effect is then the one step ``"take_or_hand"``, whose
actions are ``Take(card)`` (into the Personal Area) and ``ToHand(card)``
(into the hand); either ends the effect. The Bear has no automatic part and
no draws, so the Public Area it starts with is the one its first step sees.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.errors import excerpt
from ..core.words import act, named
from . import events as ev
from .actions import TRIGGER, Activate, Discard, Keep, Pick, Place, Remove, Take, ToHand, Trigger, made
from .cards import ANIMALS, BASIC, COLOR_CHANGES, MINUS, PLUS, SPECIALS, card_name, is_basic, number

__all__ = ["EffectsMixin", "STEPS", "EFFECT_STEPS", "their"]

#: The steps of each effect, by the card's number (draws are queued before them); a Bear facing a single
#: Public card has the one step ``"take_or_hand"`` instead (see the module's docstring).
EFFECT_STEPS: dict[int, list[str]] = {
    1: ["take", "remove"], 2: [], 3: ["keep_down"], 4: ["keep_up"], 5: ["take", "discard_hand", "discard_hand"],
    6: ["discard_area", "take", "take"], 7: ["activate"], 8: ["place_up", "discard_hand"], 9: ["place_down"],
    10: ["pick_plus"], 11: ["pick_minus"], 12: ["take", "to_hand"],
}
_DRAWS = {3: 3, 4: 4}
#: The actions each step lists, made once (see :func:`furlib.poker.actions.made`), by the card they name.
_TAKES, _TO_HANDS, _DISCARDS, _PLACES = made(Take), made(ToHand), made(Discard), made(Place)
_ONE_KIND: dict[str, dict[str, Any]] = {
    "take": _TAKES, "remove": made(Remove), "to_hand": _TO_HANDS, "keep_down": made(Keep), "keep_up": made(Keep),
    "discard_hand": _DISCARDS, "discard_area": _DISCARDS, "place_up": _PLACES, "place_down": _PLACES,
    "pick_plus": made(Pick), "pick_minus": made(Pick), "activate": made(Activate),
}
_NOT_LIONS = frozenset(c for c in BASIC if number(c) != 7)
#: What each step asks, for messages and the app.
STEPS: dict[str, str] = {
    "action": "trigger the played card's effect, or take a Public card into the Personal Area",
    "take": "take a Public card into the Personal Area", "remove": "remove a Public card",
    "keep_down": "keep one drawn card face down", "keep_up": "keep one drawn card face up",
    "discard_hand": "discard a hand card", "discard_area": "discard a Personal card",
    "activate": "activate a face-up Personal card (not a Lion)", "place_up": "place a hand card face up",
    "place_down": "place a hand card face down", "pick_plus": "take a plus Ability card (+1 to +4)",
    "pick_minus": "take a minus Ability card (-1 to -4)", "to_hand": "take a Public card into the hand",
    "take_or_hand": "take the Public card into the Personal Area or into the hand",
}


def _name(name: object) -> str:
    """``name`` if it is a str (a player's name); else a ValueError naming it."""
    if not isinstance(name, str):
        raise ValueError(f"a player's name must be a str, e.g. 'Ann'; got {excerpt(name)}")
    return name


def their(name: str) -> str:
    """ "their", or "your" for a player called "You" (a ValueError if ``name`` is not a str)."""
    return "your" if _name(name) == "You" else "their"


def _the_rest(k: int) -> str:
    """ "" (nothing else was drawn), " and discards the other one", " and discards the other 3".

    >>> [_the_rest(k) for k in (0, 1, 3)]
    ['', ' and discards the other one', ' and discards the other 3']
    """
    if k == 0:
        return ""
    return " and discards the other one" if k == 1 else f" and discards the other {k}"


def _special_order(cards: list[str]) -> list[str]:
    return sorted(cards, key=SPECIALS.index)


# The texts of events, made when read from what the event keeps (a recipe: the function and its arguments,
# card codes rather than card names, so an event keeps nothing made for it but the recipe's tuple).
def card_text(me: str, before: str, card: str, after: str = "") -> str:
    """'Ann gains the +2 Ability card', 'You discard the face-down Red 7 (Lion)'.

    >>> card_text("You", "places the", "R7", " face down")
    'You place the Red 7 (Lion) face down'

    Raises ValueError if ``me``, ``before`` or ``after`` is not a str or ``card`` is not one of the 86 cards.
    """
    for what, text in (("before", before), ("after", after)):
        if not isinstance(text, str):
            raise ValueError(f"card_text's {what} must be a str, e.g. 'gains the'; got {excerpt(text)}")
    return act(_name(me), f"{before} {card_name(card)}{after}")


def placed_down_text(me: str) -> str:
    """'Ann places a card face down in their Personal Area' (what the others read).

    >>> placed_down_text("You")
    'You place a card face down in your Personal Area'
    """
    return act(_name(me), f"places a card face down in {their(me)} Personal Area")


def _none_left_text(me: str) -> str:
    """'No Color-Change card is left for Ann'."""
    return f"No Color-Change card is left for {named(me)}"


def _effect_text(me: str, verb: str, card: str) -> str:
    """'Ann triggers the Red 7 (Lion): Lion!', 'You activate the Blue 2 (Peacock): Peacock!'."""
    return act(me, f"{verb} the {card_name(card)}: {ANIMALS[number(card)]}!")


def _kept_up_text(me: str, card: str, rest: int) -> str:
    """'Ann keeps the Red 7 (Lion) face up and discards the other 3'."""
    return act(me, f"keeps the {card_name(card)} face up{_the_rest(rest)}")


def _kept_down_text(me: str, rest: int) -> str:
    """'Ann keeps a card face down and discards the other one' (what the others read)."""
    return act(me, f"keeps a card face down{_the_rest(rest)}")


def _placed_up_text(me: str, card: str) -> str:
    """'Ann places the Red 7 (Lion) face up in their Personal Area'."""
    return act(me, f"places the {card_name(card)} face up in {their(me)} Personal Area")


def _taken_text(me: str, card: str, words: str) -> str:
    """'Ann takes the Red 7 (Lion) into their hand' (``words``: "hand" or "Personal Area")."""
    return act(me, f"takes the {card_name(card)} into {their(me)} {words}")


def _discarded_up_text(me: str, card: str) -> str:
    """'Ann discards the Red 7 (Lion) from their Personal Area'."""
    return act(me, f"discards the {card_name(card)} from {their(me)} Personal Area")


class EffectsMixin:
    """The effects' steps, for :class:`furlib.poker.FurryPoker`."""

    _state: dict[str, Any]
    players: tuple[str, ...]

    if TYPE_CHECKING:  # pragma: no cover
        # what the mixin uses of :class:`furlib.core.engine.game.Game`, which FurryPoker also derives from
        def _emit(self, kind: str, text: str | Callable[[], str] | tuple[Any, ...], player: str | None = None, *,
                  visible_to: tuple[int, ...] | None = None, **data: Any) -> None: ...

    # ----------------------------------------------------------- options
    def _options(self, step: str) -> list[object]:
        """The actions of ``step`` (the shared objects of :func:`furlib.poker.actions.made`), in a fixed order."""
        if step == "action":
            return [TRIGGER, *map(_TAKES.__getitem__, self._state["public"])]
        if step == "take_or_hand":
            return [a for c in self._state["public"] for a in (_TAKES[c], _TO_HANDS[c])]
        cards = self._step_cards(step)
        return list(map(_ONE_KIND[step].__getitem__, cards))

    def _has_options(self, step: str) -> bool:
        """True if ``step`` has an action (``bool(self._options(step))``, without listing them)."""
        return step == "action" or bool(self._step_cards(step))

    def _step_cards(self, step: str) -> Sequence[str]:
        """The cards the actions of ``step`` name, in order (a list of the state's own: read it, never change it)."""
        s = self._state
        cards: Sequence[str]
        if step in ("take", "remove", "to_hand", "take_or_hand", "action"):
            cards = s["public"]
        elif step in ("keep_down", "keep_up"):
            cards = s["drawn"]
        elif step in ("discard_hand", "place_up", "place_down"):
            cards = s["hands"][s["current"]]
        elif step == "discard_area":
            cards = s["up"][s["current"]] + s["down"][s["current"]]
        elif step in ("pick_plus", "pick_minus"):
            kind = PLUS if step == "pick_plus" else MINUS
            cards = [c for c in s["specials"] if c in kind]
        elif step == "activate":
            cards = [c for c in s["up"][s["current"]] if c in _NOT_LIONS]
        else:
            raise AssertionError(f"unknown step {excerpt(step)}")
        return cards

    # ----------------------------------------------------------- effects
    def _start_effect(self, card: str, via_lion: bool = False) -> None:
        """Run the effect of ``card`` for the current player: its automatic part now, its choices as steps."""
        s = self._state
        p = s["current"]
        me = self.players[p]
        n = number(card)
        if n == 2:
            left = [c for c in s["specials"] if c in COLOR_CHANGES]
            if left:
                got = left[0]
                s["specials"].remove(got)
                s["up"][p].append(got)
                self._emit(ev.GAIN, (act, me, "gains a Color-Change card"), me, card=got)
            else:
                self._emit(ev.NOTHING, (_none_left_text, me), me)
        if n in _DRAWS:
            s["draws"][:0] = [["drawn", p]] * _DRAWS[n]
            s["drawn_by"] = p
        if n == 12 and len(s["public"]) == 1:      # a Bear facing a single Public card: its player chooses
            s["steps"][:0] = ["take_or_hand"]
            return
        s["steps"][:0] = list(EFFECT_STEPS[n])

    def _do_step(self, step: str, action: object) -> None:
        """Apply the (legal) ``action`` of the current ``step`` of the current player."""
        s = self._state
        p = s["current"]
        me = self.players[p]
        card: str = getattr(action, "card", "")     # every action but Trigger names a card
        if step == "action":
            if isinstance(action, Trigger):
                played = s["order"][s["pos"]][1]
                self._emit(ev.EFFECT, (_effect_text, me, "triggers", played), me, card=played)
                self._start_effect(played)
            else:
                self._take(p, card)
        elif step == "take":
            self._take(p, card)
        elif step == "remove":
            s["public"].remove(card)
            s["discard"].append(card)
            self._emit(ev.REMOVE, (card_text, me, "removes the", card, " from the Public Area"), me, card=card)
        elif step == "to_hand":
            self._to_hand(p, card)
        elif step == "take_or_hand":
            if isinstance(action, ToHand):
                self._to_hand(p, card)
            else:
                self._take(p, card)
        elif step in ("keep_down", "keep_up"):
            rest = [c for c in s["drawn"] if c != card]
            s["drawn"], s["drawn_by"] = [], None
            s["discard"].extend(rest)
            if step == "keep_up":
                s["up"][p].append(card)
                self._know_all([card])
                self._emit(ev.KEEP, (_kept_up_text, me, card, len(rest)), me, card=card)
            else:
                s["down"][p].append(card)
                self._emit(ev.KEEP, (_kept_down_text, me, len(rest)), me)
                self._emit(ev.KEEP, (card_text, me, "keeps the", card, " face down"), me, visible_to=(p,), card=card)
        elif step == "discard_hand":
            s["hands"][p].remove(card)
            s["discard"].append(card)
            self._emit(ev.DISCARD, (act, me, "discards a hand card"), me)
            self._emit(ev.DISCARD, (card_text, me, "discards the", card), me, visible_to=(p,), card=card)
        elif step == "discard_area":
            self._discard_personal(p, card)
        elif step in ("place_up", "place_down"):
            s["hands"][p].remove(card)
            if step == "place_up":
                s["up"][p].append(card)
                self._know_all([card])
                self._emit(ev.PLACE, (_placed_up_text, me, card), me, card=card)
            else:
                s["down"][p].append(card)
                self._emit(ev.PLACE, (placed_down_text, me), me)
                self._emit(ev.PLACE, (card_text, me, "places the", card, " face down"), me, visible_to=(p,),
                           card=card)
        elif step in ("pick_plus", "pick_minus"):
            s["specials"].remove(card)
            s["up"][p].append(card)
            self._emit(ev.GAIN, (card_text, me, "gains the", card), me, card=card)
        elif step == "activate":
            self._emit(ev.ACTIVATE, (_effect_text, me, "activates", card), me, card=card)
            self._start_effect(card, via_lion=True)
        else:  # pragma: no cover
            raise AssertionError(f"unknown step {excerpt(step)}")

    def _take(self, p: int, card: str) -> None:
        """A Public card goes face up into the Personal Area."""
        self._from_public(p, card, "up", ev.TAKE, "Personal Area")

    def _to_hand(self, p: int, card: str) -> None:
        """A Public card goes into the hand: public (everyone saw it in the Public Area)."""
        self._from_public(p, card, "hands", ev.TO_HAND, "hand")

    def _from_public(self, p: int, card: str, where: str, kind: str, words: str) -> None:
        s = self._state
        me = self.players[p]
        s["public"].remove(card)
        s[where][p].append(card)
        self._emit(kind, (_taken_text, me, card, words), me, card=card)

    def _discard_personal(self, p: int, card: str) -> None:
        s = self._state
        me = self.players[p]
        if card in s["down"][p]:
            s["down"][p].remove(card)
            s["discard"].append(card)
            self._emit(ev.DISCARD, (act, me, "discards a face-down Personal card"), me)
            self._emit(ev.DISCARD, (card_text, me, "discards the face-down", card), me, visible_to=(p,), card=card)
            return
        s["up"][p].remove(card)
        if is_basic(card):
            s["discard"].append(card)
            self._emit(ev.DISCARD, (_discarded_up_text, me, card), me, card=card)
        else:                       # a special card goes back to the special cards set aside
            s["specials"] = _special_order(s["specials"] + [card])
            self._emit(ev.DISCARD, (card_text, me, "gives back the", card), me, card=card)

    def _know_all(self, cards: list[str]) -> None:
        shown = self._state["shown"]    # sorted, without repeats
        for card in cards:
            if card not in shown:
                insort(shown, card)
