"""The twelve card effects, as steps: each choice an effect needs is a decision of the same player.

An effect puts its steps in the state's ``steps`` (and its draws in ``draws``); :meth:`PokerEffects.options`
lists the actions of a step, and a step with no possible action is skipped ("effects do as much as they can
when cards run short"). The Lion puts the activated card's steps in front of the steps still to come; the
Lion's player makes every choice.

A Bear facing a single Public card lets its player choose where that card goes (RULES.md): its effect is
then the one step ``"take_or_hand"``, whose actions are ``Take(card)`` (into the Personal Area) and
``ToHand(card)`` (into the hand); either ends the effect. The Bear has no automatic part and no draws, so the
Public Area it starts with is the one its first step sees.

:class:`PokerEffects` is a part of :class:`furlib.poker.rules.PokerRules`: the rulebook's page of effects.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import Any

from ..core.engine.rules import Log
from ..core.errors import excerpt
from . import events as ev
from .actions import TRIGGER, Activate, Discard, Keep, Pick, Place, Remove, Take, ToHand, Trigger, made
from .cards import BASIC, COLOR_CHANGES, MINUS, PLUS, SPECIALS, is_basic, number
from .state import PokerState

__all__ = ["PokerEffects", "STEPS", "EFFECT_STEPS", "step_name"]

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
#: Every step, in a fixed order (the app and the refusals say each one: :data:`furlib.poker.texts.STEP_TEXTS`).
STEPS: tuple[str, ...] = ("action", "take", "remove", "keep_down", "keep_up", "discard_hand", "discard_area",
                          "activate", "place_up", "place_down", "pick_plus", "pick_minus", "to_hand", "take_or_hand")


def step_name(state: PokerState) -> str | None:
    """The step the acting player is at ("action", "take", "keep_down", ...), or None (a ValueError if
    ``state`` is not a Furry Poker state: ``game.step_name`` reads it)."""
    if not isinstance(state, PokerState):
        raise ValueError(f"step_name() reads a Furry Poker state (game.step_name gives it for a game); got "
                         f"{excerpt(state)}")
    return state.steps[0] if state.phase == "act" and state.steps and not state.draws else None


def know_all(state: PokerState, cards: list[str]) -> None:
    """Every player has now seen ``cards`` (kept sorted, without repeats)."""
    shown = state.shown
    for card in cards:
        if card not in shown:
            insort(shown, card)


class PokerEffects:
    """The effects' steps: a part of :class:`furlib.poker.rules.PokerRules`."""

    # ----------------------------------------------------------- options
    def options(self, state: PokerState, step: str) -> list[object]:
        """The actions of ``step`` (the shared objects of :func:`furlib.poker.actions.made`), in a fixed order."""
        if step == "action":
            return [TRIGGER, *map(_TAKES.__getitem__, state.public)]
        if step == "take_or_hand":
            return [a for c in state.public for a in (_TAKES[c], _TO_HANDS[c])]
        return list(map(_ONE_KIND[step].__getitem__, self.step_cards(state, step)))

    def has_options(self, state: PokerState, step: str) -> bool:
        """True if ``step`` has an action (``bool(self.options(state, step))``, without listing them)."""
        return step == "action" or bool(self.step_cards(state, step))

    def step_cards(self, state: PokerState, step: str) -> Sequence[str]:
        """The cards the actions of ``step`` name, in order (the state's own lists: read them, never change them)."""
        p = state.current
        if step in ("take", "remove", "to_hand", "take_or_hand", "action"):
            return state.public
        if step in ("keep_down", "keep_up"):
            return state.drawn  # type: ignore[no-any-return]  # the game's own list (a view never steps)
        if step in ("discard_hand", "place_up", "place_down"):
            return state.hands[p]  # type: ignore[no-any-return]  # as above
        if step == "discard_area":
            return state.up[p] + state.down[p]  # type: ignore[no-any-return]  # as above
        if step in ("pick_plus", "pick_minus"):
            kind = PLUS if step == "pick_plus" else MINUS
            return [c for c in state.specials if c in kind]
        if step == "activate":
            return [c for c in state.up[p] if c in _NOT_LIONS]
        raise AssertionError(f"unknown step {excerpt(step)}")

    # ----------------------------------------------------------- effects
    def start_effect(self, state: PokerState, card: str, log: Log) -> None:
        """Run the effect of ``card`` for the current player: its automatic part now, its choices as steps."""
        p = state.current
        n = number(card)
        if n == 2:                                  # the Peacock: a Color-Change card, if one is left
            left = [c for c in state.specials if c in COLOR_CHANGES]
            if left:
                got = left[0]
                state.specials.remove(got)
                state.up[p].append(got)
                log.emit(ev.GAIN, p, card=got, peacock=True)
            else:
                log.emit(ev.NOTHING, p, why="no color change")
        if n in _DRAWS:                             # the Leopard and the Crow draw first
            state.draws[:0] = [["drawn", p]] * _DRAWS[n]
            state.drawn_by = p
        if n == 12 and len(state.public) == 1:     # a Bear facing a single Public card: its player chooses
            state.steps[:0] = ["take_or_hand"]
            return
        state.steps[:0] = list(EFFECT_STEPS[n])

    def do_step(self, state: PokerState, step: str, action: object, log: Log) -> None:
        """Apply the (legal) ``action`` of the current ``step`` of the current player."""
        p = state.current
        card: str = getattr(action, "card", "")     # every action but Trigger names a card
        if step == "action":
            if isinstance(action, Trigger):
                played = state.order[state.pos][1]
                log.emit(ev.EFFECT, p, card=played)
                self.start_effect(state, played, log)
            else:
                self.from_public(state, p, card, "up", ev.TAKE, log)
        elif step == "take":
            self.from_public(state, p, card, "up", ev.TAKE, log)
        elif step == "remove":
            state.public.remove(card)
            state.discard.append(card)
            log.emit(ev.REMOVE, p, card=card)
        elif step == "to_hand":
            self.from_public(state, p, card, "hands", ev.TO_HAND, log)
        elif step == "take_or_hand":
            if isinstance(action, ToHand):
                self.from_public(state, p, card, "hands", ev.TO_HAND, log)
            else:
                self.from_public(state, p, card, "up", ev.TAKE, log)
        elif step in ("keep_down", "keep_up"):
            rest = [c for c in state.drawn if c != card]
            state.drawn, state.drawn_by = [], None
            state.discard.extend(rest)
            if step == "keep_up":
                state.up[p].append(card)
                know_all(state, [card])
                log.emit(ev.KEEP, p, card=card, face="up", rest=len(rest))
            else:
                state.down[p].append(card)
                log.emit(ev.KEEP, p, face="down", rest=len(rest))
                log.emit(ev.KEEP, p, visible_to=(p,), card=card, face="down", rest=len(rest))
        elif step == "discard_hand":
            state.hands[p].remove(card)
            state.discard.append(card)
            log.emit(ev.DISCARD, p, where="hand")
            log.emit(ev.DISCARD, p, visible_to=(p,), card=card, where="hand")
        elif step == "discard_area":
            self.discard_personal(state, p, card, log)
        elif step in ("place_up", "place_down"):
            state.hands[p].remove(card)
            if step == "place_up":
                state.up[p].append(card)
                know_all(state, [card])
                log.emit(ev.PLACE, p, card=card, face="up")
            else:
                state.down[p].append(card)
                log.emit(ev.PLACE, p, face="down")
                log.emit(ev.PLACE, p, visible_to=(p,), card=card, face="down")
        elif step in ("pick_plus", "pick_minus"):
            state.specials.remove(card)
            state.up[p].append(card)
            log.emit(ev.GAIN, p, card=card, peacock=False)
        elif step == "activate":
            log.emit(ev.ACTIVATE, p, card=card)
            self.start_effect(state, card, log)
        else:  # pragma: no cover
            raise AssertionError(f"unknown step {excerpt(step)}")

    def from_public(self, state: PokerState, p: int, card: str, where: str, kind: str, log: Log) -> None:
        """A Public card goes face up into the Personal Area (``where`` "up") or into the hand ("hands": public,
        as everyone saw it in the Public Area)."""
        state.public.remove(card)
        (state.up if where == "up" else state.hands)[p].append(card)
        log.emit(kind, p, card=card)

    def discard_personal(self, state: PokerState, p: int, card: str, log: Log) -> None:
        """A Personal card goes to the discard pile (a special card back to the special cards set aside)."""
        if card in state.down[p]:
            state.down[p].remove(card)
            state.discard.append(card)
            log.emit(ev.DISCARD, p, where="down")
            log.emit(ev.DISCARD, p, visible_to=(p,), card=card, where="down")
            return
        state.up[p].remove(card)
        if is_basic(card):
            state.discard.append(card)
            log.emit(ev.DISCARD, p, card=card, where="up")
        else:
            state.specials = sorted([*state.specials, card], key=SPECIALS.index)
            log.emit(ev.DISCARD, p, card=card, where="back")
