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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from ..core.engine.actions import check_text
from ..core.errors import IllegalAction, excerpt
from .cards import ALL_CARDS, card_name

__all__ = ["Draw", "Play", "Trigger", "Take", "Remove", "Keep", "Discard", "Place", "Pick", "Activate", "ToHand",
           "FaceDown", "ACTIONS", "made", "TRIGGER"]

_KNOWN = frozenset(ALL_CARDS)


class _CardAction:
    card: str
    verb = ""

    if TYPE_CHECKING:  # pragma: no cover
        def __init__(self, card: str) -> None: ...     # made by each subclass's dataclass

    def __post_init__(self) -> None:
        check_text(self, "card", f"{type(self).__name__}('R7')")
        if self.card not in _KNOWN:
            raise IllegalAction(f"{type(self).__name__}'s card must be one of the 86 cards, e.g. 'R7' (Red 7), "
                                f"'Gy12', 'CC1', '+2'; got {excerpt(self.card)}")

    def __str__(self) -> str:
        return self.verb.format(card_name(self.card))


@dataclass(frozen=True)
class Draw(_CardAction):
    """Chance outcome: the card that comes off the deck next (e.g. ``Draw("R7")``)."""

    card: str
    verb = "draw the {}"


@dataclass(frozen=True)
class Play(_CardAction):
    """Pick ``card`` from your hand, in secret, for this round."""

    card: str
    verb = "play the {}"


@dataclass(frozen=True)
class Trigger:
    """Option A: trigger the effect of the card you played."""

    def __str__(self) -> str:
        return "trigger the card's effect"


@dataclass(frozen=True)
class Take(_CardAction):
    """Take a Public card into your Personal Area, face up (option B, or a step of an effect)."""

    card: str
    verb = "take the {} into your Personal Area"


@dataclass(frozen=True)
class Remove(_CardAction):
    """Tiger: remove a Public card (it goes to the discard pile)."""

    card: str
    verb = "remove the {} from the Public Area"


@dataclass(frozen=True)
class Keep(_CardAction):
    """Leopard or Crow: the drawn card to keep (the others are discarded)."""

    card: str
    verb = "keep the {}"


@dataclass(frozen=True)
class Discard(_CardAction):
    """Raccoon, Dolphin (a hand card) or Rabbit (a Personal card): the card to discard."""

    card: str
    verb = "discard the {}"


@dataclass(frozen=True)
class Place(_CardAction):
    """Dolphin (face up) or Wolf (face down): the hand card to play into your Personal Area."""

    card: str
    verb = "place the {} into your Personal Area"


@dataclass(frozen=True)
class Pick(_CardAction):
    """Cat or Dog: the remaining Ability card to take."""

    card: str
    verb = "take the {}"


@dataclass(frozen=True)
class Activate(_CardAction):
    """Lion: the face-up Personal card whose effect to activate."""

    card: str
    verb = "activate the {}"


@dataclass(frozen=True)
class ToHand(_CardAction):
    """Bear: the Public card that goes into your hand."""

    card: str
    verb = "take the {} into your hand"


@dataclass(frozen=True)
class FaceDown(_CardAction):
    """The hand card placed face down in your Personal Area (Advanced setup, and the final card)."""

    card: str
    verb = "place the {} face down in your Personal Area"


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
