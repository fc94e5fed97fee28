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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.errors import excerpt
from ..core.words import act, named
from . import events as ev
from .actions import Activate, Discard, Keep, Pick, Place, Remove, Take, ToHand, Trigger
from .cards import ANIMALS, COLOR_CHANGES, MINUS, PLUS, SPECIALS, card_name, is_basic, number

__all__ = ["EffectsMixin", "STEPS", "EFFECT_STEPS", "their"]

#: The steps of each effect, by the card's number (draws are queued before them); a Bear facing a single
#: Public card has the one step ``"take_or_hand"`` instead (see the module's docstring).
EFFECT_STEPS: dict[int, list[str]] = {
    1: ["take", "remove"], 2: [], 3: ["keep_down"], 4: ["keep_up"], 5: ["take", "discard_hand", "discard_hand"],
    6: ["discard_area", "take", "take"], 7: ["activate"], 8: ["place_up", "discard_hand"], 9: ["place_down"],
    10: ["pick_plus"], 11: ["pick_minus"], 12: ["take", "to_hand"],
}
_DRAWS = {3: 3, 4: 4}
#: What each step asks, for messages and the app.
STEPS: dict[str, str] = {
    "action": "A) trigger the effect of the played card, or B) take a Public card",
    "take": "take a Public card into the Personal Area", "remove": "remove a Public card",
    "keep_down": "keep one drawn card face down", "keep_up": "keep one drawn card face up",
    "discard_hand": "discard a hand card", "discard_area": "discard a Personal card",
    "activate": "activate a face-up Personal card (not a Lion)", "place_up": "place a hand card face up",
    "place_down": "place a hand card face down", "pick_plus": "take a + Ability card",
    "pick_minus": "take a - Ability card", "to_hand": "take a Public card into the hand",
    "take_or_hand": "take the Public card into the Personal Area or into the hand",
}


def their(name: str) -> str:
    """ "their", or "your" for a player called "You"."""
    return "your" if name == "You" else "their"


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


class EffectsMixin:
    """The effects' steps, for :class:`furlib.poker.FurryPoker`."""

    _state: dict[str, Any]
    players: tuple[str, ...]

    if TYPE_CHECKING:  # pragma: no cover
        # what the mixin uses of :class:`furlib.core.game.Game`, which FurryPoker also derives from
        def _emit(self, kind: str, text: str | Callable[[], str] | tuple[Any, ...], player: str | None = None, *,
                  visible_to: tuple[int, ...] | None = None, **data: Any) -> None: ...

    # ----------------------------------------------------------- options
    def _options(self, step: str) -> list[object]:
        s = self._state
        p = s["current"]
        pub = s["public"]
        if step == "action":
            return [Trigger()] + [Take(c) for c in pub]
        if step == "take":
            return [Take(c) for c in pub]
        if step == "remove":
            return [Remove(c) for c in pub]
        if step == "to_hand":
            return [ToHand(c) for c in pub]
        if step == "take_or_hand":
            return [a for c in pub for a in (Take(c), ToHand(c))]
        if step in ("keep_down", "keep_up"):
            return [Keep(c) for c in s["drawn"]]
        if step == "discard_hand":
            return [Discard(c) for c in s["hands"][p]]
        if step == "discard_area":
            return [Discard(c) for c in s["up"][p] + s["down"][p]]
        if step in ("place_up", "place_down"):
            return [Place(c) for c in s["hands"][p]]
        if step in ("pick_plus", "pick_minus"):
            kind = PLUS if step == "pick_plus" else MINUS
            return [Pick(c) for c in s["specials"] if c in kind]
        if step == "activate":
            return [Activate(c) for c in s["up"][p] if is_basic(c) and number(c) != 7]
        raise AssertionError(f"unknown step {excerpt(step)}")

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
                self._emit(ev.GAIN, lambda: act(me, "gains a Color-Change card"), me, card=got)
            else:
                self._emit(ev.NOTHING, lambda: f"No Color-Change card is left for {named(me)}", me)
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
        name = card_name(card) if card else ""
        if step == "action":
            if isinstance(action, Trigger):
                played = s["order"][s["pos"]][1]
                pname = card_name(played)
                self._emit(ev.EFFECT, lambda: act(me, f"triggers the {pname}: {ANIMALS[number(played)]}!"), me,
                           card=played)
                self._start_effect(played)
            else:
                self._take(p, card)
        elif step == "take":
            self._take(p, card)
        elif step == "remove":
            s["public"].remove(card)
            s["discard"].append(card)
            self._emit(ev.REMOVE, lambda: act(me, f"removes the {name} from the Public Area"), me, card=card)
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
            rest_words = _the_rest(len(rest))
            if step == "keep_up":
                s["up"][p].append(card)
                self._know_all([card])
                self._emit(ev.KEEP, lambda: act(me, f"keeps the {name} face up{rest_words}"), me, card=card)
            else:
                s["down"][p].append(card)
                self._emit(ev.KEEP, lambda: act(me, f"keeps a card face down{rest_words}"), me)
                self._emit(ev.KEEP, lambda: act(me, f"keeps the {name} face down"), me, visible_to=(p,), card=card)
        elif step == "discard_hand":
            s["hands"][p].remove(card)
            s["discard"].append(card)
            self._emit(ev.DISCARD, lambda: act(me, "discards a hand card"), me)
            self._emit(ev.DISCARD, lambda: act(me, f"discards the {name}"), me, visible_to=(p,), card=card)
        elif step == "discard_area":
            self._discard_personal(p, card)
        elif step in ("place_up", "place_down"):
            s["hands"][p].remove(card)
            if step == "place_up":
                s["up"][p].append(card)
                self._know_all([card])
                self._emit(ev.PLACE, lambda: act(me, f"places the {name} face up in {their(me)} Personal Area"), me,
                           card=card)
            else:
                s["down"][p].append(card)
                self._emit(ev.PLACE, lambda: act(me, f"places a card face down in {their(me)} Personal Area"), me)
                self._emit(ev.PLACE, lambda: act(me, f"places the {name} face down"), me, visible_to=(p,),
                           card=card)
        elif step in ("pick_plus", "pick_minus"):
            s["specials"].remove(card)
            s["up"][p].append(card)
            self._emit(ev.GAIN, lambda: act(me, f"gains the {name}"), me, card=card)
        elif step == "activate":
            self._emit(ev.ACTIVATE, lambda: act(me, f"activates the {name}: {ANIMALS[number(card)]}!"), me,
                       card=card)
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
        name = card_name(card)
        s["public"].remove(card)
        s[where][p].append(card)
        self._emit(kind, lambda: act(me, f"takes the {name} into {their(me)} {words}"), me, card=card)

    def _discard_personal(self, p: int, card: str) -> None:
        s = self._state
        me = self.players[p]
        if card in s["down"][p]:
            s["down"][p].remove(card)
            s["discard"].append(card)
            self._emit(ev.DISCARD, lambda: act(me, "discards a face-down Personal card"), me)
            self._emit(ev.DISCARD, lambda: act(me, f"discards the face-down {card_name(card)}"), me,
                       visible_to=(p,), card=card)
            return
        s["up"][p].remove(card)
        name = card_name(card)
        if is_basic(card):
            s["discard"].append(card)
            self._emit(ev.DISCARD, lambda: act(me, f"discards the {name} from {their(me)} Personal Area"), me,
                       card=card)
        else:                       # a special card goes back to the special cards set aside
            s["specials"] = _special_order(s["specials"] + [card])
            self._emit(ev.DISCARD, lambda: act(me, f"gives back the {name}"), me, card=card)

    def _know_all(self, cards: list[str]) -> None:
        s = self._state
        s["shown"] = sorted(set(s["shown"]) | set(cards))
