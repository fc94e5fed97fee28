"""The actions of Furry Poker: every choice a player makes, and the card a draw brings.

Each action names one card (``"R7"``, ``"CC1"``, ``"+2"``), except
:class:`Trigger` (option A: trigger the played card's effect). What the card
means depends on the step the player is at: :class:`Take` is option B and
also the taking steps of the Tiger, Raccoon, Rabbit and Bear.

>>> str(Play("R7")), str(Take("Gy12")), str(Trigger()), str(Pick("+3"))  # doctest: +NORMALIZE_WHITESPACE
('play the Red 7 (Lion)', 'take the Gray 12 (Bear) into your Personal Area',
 "trigger the card's effect", 'take the +3 Ability card')
>>> Play("Q9")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
furlib.core.errors.IllegalAction: Play's card must be one of the 86 cards, e.g. 'R7' (Red 7), 'Gy12', 'CC1', '+2';
got 'Q9'
"""

from __future__ import annotations

from typing import Generic, TypeVar

from ..core.engine.actions import Action, word_in
from ..core.errors import excerpt
from .cards import ALL_CARDS, card_name

__all__ = ["Draw", "Play", "Trigger", "Take", "Remove", "Keep", "Discard", "Place", "Pick", "Activate", "ToHand",
           "FaceDown", "ACTIONS", "made", "TRIGGER"]


class _CardAction(Action):
    """An action that names one of the 86 cards; ``TEXT`` says it with the card's name ("the Red 7 (Lion)")."""

    card: str

    CHECKS = {"card": word_in(frozenset(ALL_CARDS), "{action}'s {field} must be one of the 86 cards, e.g. 'R7' "
                                                    "(Red 7), 'Gy12', 'CC1', '+2'; got {value}")}
    EXAMPLE = "{action}('R7')"

    def __str__(self) -> str:
        return self.TEXT.format(card=card_name(self.card))


class Draw(_CardAction):
    """Chance outcome: the card that comes off the deck next (e.g. ``Draw("R7")``)."""

    TEXT = "draw the {card}"


class Play(_CardAction):
    """Pick ``card`` from your hand, in secret, for this round."""

    TEXT = "play the {card}"


class Trigger(Action):
    """Option A: trigger the effect of the card you played."""

    TEXT = "trigger the card's effect"


class Take(_CardAction):
    """Take a Public card into your Personal Area, face up (option B, or a step of an effect)."""

    TEXT = "take the {card} into your Personal Area"


class Remove(_CardAction):
    """Tiger: remove a Public card (it goes to the discard pile)."""

    TEXT = "remove the {card} from the Public Area"


class Keep(_CardAction):
    """Leopard or Crow: the drawn card to keep (the others are discarded)."""

    TEXT = "keep the {card}"


class Discard(_CardAction):
    """Raccoon, Dolphin (a hand card) or Rabbit (a Personal card): the card to discard."""

    TEXT = "discard the {card}"


class Place(_CardAction):
    """Dolphin (face up) or Wolf (face down): the hand card to play into your Personal Area."""

    TEXT = "place the {card} into your Personal Area"


class Pick(_CardAction):
    """Cat or Dog: the remaining Ability card to take."""

    TEXT = "take the {card}"


class Activate(_CardAction):
    """Lion: the face-up Personal card whose effect to activate."""

    TEXT = "activate the {card}"


class ToHand(_CardAction):
    """Bear: the Public card that goes into your hand."""

    TEXT = "take the {card} into your hand"


class FaceDown(_CardAction):
    """The hand card placed face down in your Personal Area (Advanced setup, and the final card)."""

    TEXT = "place the {card} face down in your Personal Area"


ACTIONS = (Draw, Play, Trigger, Take, Remove, Keep, Discard, Place, Pick, Activate, ToHand, FaceDown)


# ------------------------------------------------------------ actions made once
# An action is a frozen value, so the game makes each distinct one once, validated by ``__post_init__``
# like any other, and lists the shared objects (``legal_actions()`` at every state, the chance outcomes).
# An action a user builds, ``Play("R7")``, is still a new object, checked when made, and equal to the shared one.

_A = TypeVar("_A", bound=_CardAction)


class _Made(dict[str, _A], Generic[_A]):
    """The one action of a kind for each of the 86 cards, by card; any other key is built, so it raises."""

    def __init__(self, kind: type[_A]):
        super().__init__((card, kind(card)) for card in ALL_CARDS)
        self.kind = kind

    def __missing__(self, card: str) -> _A:
        return self.kind(card)      # not one of the 86 cards: the constructor's check raises IllegalAction

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError(f"the shared {self.kind.__name__} actions cannot be changed")

    # read-only: the game lists these objects, so nobody may swap one for an unchecked value
    __setitem__ = __delitem__ = update = pop = popitem = _refuse  # type: ignore[assignment]  # each refuses any change
    clear = setdefault = __ior__ = _refuse  # type: ignore[assignment]  # each refuses any change


_CARD_ACTIONS: tuple[type[_CardAction], ...] = (Draw, Play, Take, Remove, Keep, Discard, Place, Pick, Activate,
                                                ToHand, FaceDown)
_MADE: dict[type[_CardAction], _Made[_CardAction]] = {kind: _Made(kind) for kind in _CARD_ACTIONS}

#: The one ``Trigger()`` the game lists.
TRIGGER = Trigger()


def made(kind: type[_A]) -> dict[str, _A]:
    """The shared action of ``kind`` for each card, by card: ``made(Play)["R7"] == Play("R7")``.

    >>> made(Play)["R7"] is made(Play)["R7"], made(Play)["R7"] == Play("R7")
    (True, True)

    Raises ValueError if ``kind`` is not one of the actions that name a card (every action but Trigger).
    """
    if not isinstance(kind, type) or kind not in _MADE:
        raise ValueError(f"made() takes an action class that names a card, one of "
                         f"{[k.__name__ for k in _CARD_ACTIONS]}; got {excerpt(kind)}")
    table: dict[str, _A] = _MADE[kind]  # type: ignore[assignment]  # each kind's table holds that kind
    return table
