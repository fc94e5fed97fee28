"""High Card's cards and actions: the 20 cards, the card dealt (a chance outcome) and the card played."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.engine.actions import check_text
from ..core.errors import IllegalAction, excerpt

__all__ = ["NAMES", "rank", "Deal", "Play", "DEALS", "PLAYS"]

#: The cards' names, lowest first: a card is its name (unique words, so a leak is easy to find).
NAMES = ("Ant", "Bee", "Cat", "Doe", "Elk", "Fox", "Gnu", "Hen", "Ibis", "Jay", "Koi", "Lynx",
         "Mole", "Newt", "Owl", "Pika", "Quail", "Rook", "Seal", "Toad")


def rank(card: str) -> int:
    """The value of a card: 1 for the Ant up to 20 for the Toad.

    >>> rank("Ant"), rank("Owl")
    (1, 15)
    """
    r = _RANK.get(card) if isinstance(card, str) else None
    if r is None:
        raise ValueError(f"there is no card {excerpt(card)} in High Card; the cards are {', '.join(NAMES)}")
    return r


_RANK = {name: i + 1 for i, name in enumerate(NAMES)}
RANKS = _RANK


def _check_card(action: object, example: str) -> None:
    """The ``card`` of a Deal or a Play: the name of one of the 20 cards (:data:`NAMES`), exactly as written."""
    check_text(action, "card", example)
    card = action.card  # type: ignore[attr-defined]  # a Deal or a Play: checked a string just above
    if card not in _RANK:
        raise IllegalAction(f"{type(action).__name__}'s card must be one of the cards {', '.join(NAMES)} "
                            f"(e.g. {example}); got {excerpt(card)}")


@dataclass(frozen=True)
class Deal:
    """Chance outcome: the card dealt next (e.g. ``Deal("Owl")``), one of :data:`NAMES`."""

    card: str

    def __post_init__(self) -> None:
        _check_card(self, 'Deal("Owl")')

    def __str__(self) -> str:
        return f"deal the {self.card}"


@dataclass(frozen=True)
class Play:
    """Pick ``card`` (one of :data:`NAMES`) from your hand, in secret, for this round."""

    card: str

    def __post_init__(self) -> None:
        _check_card(self, 'Play("Owl")')

    def __str__(self) -> str:
        return f"play the {self.card}"


#: The actions the engine makes, made once (an action is a frozen value: the same card, the same action).
DEALS = {name: Deal(name) for name in NAMES}
PLAYS = {name: Play(name) for name in NAMES}
