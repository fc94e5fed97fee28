"""High Card's cards and actions: the 20 cards, the card dealt (a chance outcome) and the card played."""

from __future__ import annotations

from collections.abc import Mapping

from ..core.engine.actions import Action, word_in
from ..core.engine.fixed import FrozenDict
from ..core.errors import excerpt

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


class _CardAction(Action):
    """An action that names one of the 20 cards (:data:`NAMES`), exactly as written."""

    card: str

    CHECKS = {"card": word_in(_RANK, "{action}'s {field} must be one of the cards {cards} (e.g. {example}); "
                                     "got {value}", cards=", ".join(NAMES))}
    EXAMPLE = '{action}("Owl")'


class Deal(_CardAction):
    """Chance outcome: the card dealt next (e.g. ``Deal("Owl")``), one of :data:`NAMES`."""

    TEXT = "deal the {card}"


class Play(_CardAction):
    """Pick ``card`` (one of :data:`NAMES`) from your hand, in secret, for this round."""

    TEXT = "play the {card}"


#: The actions the engine makes, made once (an action is a frozen value: the same card, the same action), by
#: card; read-only, since every game lists these very objects.
DEALS: Mapping[str, Deal] = FrozenDict({name: Deal(name) for name in NAMES})
PLAYS: Mapping[str, Play] = FrozenDict({name: Play(name) for name in NAMES})
