"""The 86 cards of Furry Poker: 72 basic cards, 6 Color-Change cards and 8 Ability cards.

A card is a short unique string, so a card is easy to find in a log (and a
leak is easy to spot):

* a basic card is its colour's letter and its number: ``"R7"`` (Red 7),
  ``"Y12"``, ``"G3"``, ``"B1"``, ``"P9"``, ``"Gy5"`` (Gray 5);
* a Color-Change card is ``"CC1"`` to ``"CC6"``;
* an Ability card is ``"+1"`` to ``"+4"`` or ``"-1"`` to ``"-4"``.

>>> len(BASIC), len(SPECIALS), len(ALL_CARDS)
(72, 14, 86)
>>> number("Gy12"), colour("Gy12"), animal("Gy12"), card_name("Gy12")
(12, 'gray', 'Bear', 'Gray 12 (Bear)')
>>> sorted(["Gy1", "R1", "B1"], key=play_order)
['R1', 'B1', 'Gy1']
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import TypeVar

from ..core.errors import check_int, excerpt

__all__ = ["COLOURS", "LETTERS", "ANIMALS", "EFFECTS", "BASIC", "COLOR_CHANGES", "PLUS", "MINUS", "ABILITIES",
           "SPECIALS", "ALL_CARDS", "number", "colour", "animal", "card_name", "is_basic", "is_ability",
           "is_color_change", "ability_value", "play_order", "make_card", "parse_card"]

#: The colours, in the rulebook's order: Red > Yellow > Green > Blue > Purple > Gray.
COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple", "gray")
#: The letter (or two) of each colour in a card's name; also drawn on the card.
LETTERS: dict[str, str] = {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "purple": "P", "gray": "Gy"}
_BY_LETTER = {v: k for k, v in LETTERS.items()}

#: The animal named by each number.
ANIMALS: dict[int, str] = {1: "Tiger", 2: "Peacock", 3: "Leopard", 4: "Crow", 5: "Raccoon", 6: "Rabbit",
                           7: "Lion", 8: "Dolphin", 9: "Wolf", 10: "Cat", 11: "Dog", 12: "Bear"}
#: Each animal's effect, as printed.
EFFECTS: dict[int, str] = {
    1: "take 1 Public card into your Personal Area, then remove 1 Public card",
    2: "gain 1 Color-Change card",
    3: "draw 3 cards, keep 1 face down in your Personal Area, discard the rest",
    4: "draw 4 cards, keep 1 face up in your Personal Area, discard the rest",
    5: "take 1 Public card into your Personal Area, then discard 2 hand cards",
    6: "discard 1 Personal card, then take 2 Public cards into your Personal Area",
    7: "activate the effect of a face-up card in your Personal Area",
    8: "play 1 hand card face up into your Personal Area, then discard 1 hand card",
    9: "play 1 hand card face down into your Personal Area",
    10: "gain a +1 to +4 Ability card",
    11: "gain a -1 to -4 Ability card",
    12: "take 2 Public cards: 1 into your Personal Area, 1 into your hand",
}

#: The 72 basic cards, Red 1 first.
BASIC: tuple[str, ...] = tuple(LETTERS[c] + str(n) for c in COLOURS for n in range(1, 13))
COLOR_CHANGES: tuple[str, ...] = tuple(f"CC{i}" for i in range(1, 7))
PLUS: tuple[str, ...] = ("+1", "+2", "+3", "+4")
MINUS: tuple[str, ...] = ("-1", "-2", "-3", "-4")
ABILITIES: tuple[str, ...] = PLUS + MINUS
SPECIALS: tuple[str, ...] = COLOR_CHANGES + ABILITIES
ALL_CARDS: tuple[str, ...] = BASIC + SPECIALS
_BASIC_SET = frozenset(BASIC)
_ABILITY_SET = frozenset(ABILITIES)
_CC_SET = frozenset(COLOR_CHANGES)
_ABILITY_VALUES = {a: int(a) for a in ABILITIES}


_CARD_WORDS = ("a colour letter and a number 1-12 ('R7', 'Gy12'), 'CC1' to 'CC6', or an Ability card "
               "'+1' to '+4', '-1' to '-4'")


def _not_a_code(card: object) -> ValueError:
    """The refusal of something that is not a card's code (a str) at all: None, a number, a list."""
    return ValueError(f"a card is named by its code, a str: {_CARD_WORDS}; got {excerpt(card)}")


def _not_basic(card: object) -> ValueError:
    return ValueError(f"{excerpt(card)} is not a basic card; basic cards are a colour letter "
                      f"({', '.join(LETTERS.values())}) and a number 1-12, e.g. 'R7' or 'Gy12'")


def _not_ability(card: object) -> ValueError:
    return ValueError(f"{excerpt(card)} is not an Ability card; Ability cards are "
                      f"{', '.join(repr(a) for a in ABILITIES)}")


def _not_a_card(card: object) -> ValueError:
    if not isinstance(card, str):
        return _not_a_code(card)
    return ValueError(f"{excerpt(card)} is not one of the 86 cards; a card's code is {_CARD_WORDS}")


def _is_in(card: object, group: Collection[str]) -> bool:
    """Whether the card's code ``card`` is in ``group`` (a ValueError for a non-str)."""
    if isinstance(card, str):
        return card in group
    raise _not_a_code(card)


_T = TypeVar("_T")


def _look_up(table: Mapping[str, _T], card: object, refusal: Callable[[object], ValueError]) -> _T:
    """``table[card]``, worked out once for each card; ``refusal(card)`` is raised for any other value."""
    found = table.get(card) if isinstance(card, str) else None
    if found is None:
        raise refusal(card)
    return found


def is_basic(card: str) -> bool:
    """True for one of the 72 numbered cards (False for any other str; a ValueError for a non-str)."""
    return _is_in(card, _BASIC_SET)


def is_ability(card: str) -> bool:
    """True for an Ability card (+1 ... -4) (False for any other str; a ValueError for a non-str)."""
    return _is_in(card, _ABILITY_SET)


def is_color_change(card: str) -> bool:
    """True for a Color-Change card (False for any other str; a ValueError for a non-str)."""
    return _is_in(card, _CC_SET)


def ability_value(card: str) -> int:
    """The modifier of an Ability card: ``ability_value("-3") == -3``.

    Raises
    ------
    ValueError
        If ``card`` is not one of the 8 Ability cards (exactly as named: ``"+3"``, not ``"3"``).
    """
    return _look_up(_ABILITY_VALUES, card, _not_ability)


def parse_card(card: str) -> tuple[int, str]:
    """``(number, colour)`` of a basic card: ``parse_card("Y12") == (12, "yellow")``.

    Raises
    ------
    ValueError
        If ``card`` is not one of the 72 basic cards (exactly as named: ``"R7"``, not ``"r7"``).
    """
    return _look_up(_PARSED, card, _not_basic)


def make_card(num: int, col: str) -> str:
    """The name of the basic card ``(num, col)``: ``make_card(7, "red") == "R7"``.

    Raises
    ------
    ValueError
        If ``num`` is not a whole number from 1 to 12 (a numpy integer will do) or ``col`` is not exactly
        one of :data:`COLOURS` (lower case).
    """
    n = check_int("a basic card's number", num, low=1, high=12)
    if not isinstance(col, str) or col not in LETTERS:
        raise ValueError(f"unknown colour {excerpt(col)}; colours are {list(COLOURS)}")
    return LETTERS[col] + str(n)


def number(card: str) -> int:
    """The number of a basic card."""
    return parse_card(card)[0]


def colour(card: str) -> str:
    """The colour of a basic card ("red" ... "gray")."""
    return parse_card(card)[1]


def animal(card: str) -> str:
    """The animal named by a basic card's number."""
    return ANIMALS[parse_card(card)[0]]


def card_name(card: str) -> str:
    """A card in words: "Red 7 (Lion)", "Color-Change card", "+2 Ability card".

    Raises
    ------
    ValueError
        If ``card`` is not the code of one of the 86 cards.
    """
    return _look_up(_NAMES, card, _not_a_card)


def _card_name(card: str) -> str:
    if card in COLOR_CHANGES:
        return "Color-Change card"
    if card in ABILITIES:
        return f"{card} Ability card"
    n, c = _PARSED[card]
    return f"{c.capitalize()} {n} ({ANIMALS[n]})"


def play_order(card: str) -> tuple[int, int]:
    """The sort key of the order of play: lower numbers first, then Red first down the colour order."""
    return _look_up(_PLAY_ORDER, card, _not_basic)


# Worked out once for each card, from the cards' names (the functions above read these tables).
_PARSED: dict[str, tuple[int, str]] = {
    card: (int(card[len(card.rstrip("0123456789")):]), _BY_LETTER[card.rstrip("0123456789")]) for card in BASIC}
_PLAY_ORDER: dict[str, tuple[int, int]] = {card: (n, COLOURS.index(c)) for card, (n, c) in _PARSED.items()}
_NAMES: dict[str, str] = {card: _card_name(card) for card in ALL_CARDS}
