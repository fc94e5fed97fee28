"""Plain-English helpers for event texts: "Ann rolls" but "You roll".

A player may be called "You" (the play notebooks do), so a sentence whose
subject is a player name goes through :func:`act`. A table of words in
several languages is picked by :func:`in_language` (or made by
:func:`load_table`).
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any, TypeVar

from .errors import excerpt

T = TypeVar("T")

_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do"}


def base_form(verb: str) -> str:
    """The form of a third-person verb that goes with "you".

    >>> [base_form(v) for v in ("rolls", "is", "has", "passes", "cashes", "says", "tries")]
    ['roll', 'are', 'have', 'pass', 'cash', 'say', 'try']
    """
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "ches", "shes", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def act(name: str, phrase: str) -> str:
    """``name`` followed by ``phrase`` whose first word is a verb, agreeing with "You".

    A lower-case verb right after "and" agrees too ("is Satisfied and banks").

    >>> act("Ann", "is Satisfied and banks 12")
    'Ann is Satisfied and banks 12'
    >>> act("You", "is Satisfied and banks 12")
    'You are Satisfied and bank 12'
    >>> act("You", "rolls 5 dice: 1 Hand and 2 Xs")
    'You roll 5 dice: 1 Hand and 2 Xs'
    >>> act("You", "is still the Leader and wins!")
    'You are still the Leader and win!'
    """
    if name != "You":
        return f"{name} {phrase}"
    words = phrase.split(" ")
    words[0] = base_form(words[0])
    for i in range(1, len(words)):
        if words[i - 1] == "and":
            word = words[i].rstrip("!.,:;")
            if word.isalpha() and word.islower() and word.endswith("s"):
                words[i] = base_form(word) + words[i][len(word):]
    return "You " + " ".join(words)


def named(name: str) -> str:
    """A player's name as the object of a sentence: "you" for "You".

    >>> named("Ann"), named("You")
    ('Ann', 'you')
    """
    return "you" if name == "You" else name


def their(name: str) -> str:
    """The word for a player's own things after ``name`` as the subject: "their", or "your" for "You".

    >>> act("Ann", f"takes it into {their('Ann')} hand"), act("You", f"takes it into {their('You')} hand")
    ('Ann takes it into their hand', 'You take it into your hand')
    """
    return "your" if name == "You" else "their"


def possessive(name: str, *, capital: bool = True) -> str:
    """ "Ann's", or "Your" for "You" ("your" in mid-sentence, with ``capital=False``).

    >>> possessive("Ann"), possessive("You"), possessive("You", capital=False)
    ("Ann's", 'Your', 'your')
    """
    if name == "You":
        return "Your" if capital else "your"
    return f"{name}'s"


_PLURALS = {"die": "dice", "X": "Xs", "x": "xs", "thief": "thieves", "Thief": "Thieves", "is": "are",
            "has": "have", "was": "were"}


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, singular for exactly 1: "1 point", "2 points", "0 dice".

    ``many`` gives an irregular plural; a few are known (die, thief).

    >>> plural(1, "point"), plural(2, "point"), plural(0, "die"), plural(3, "action")
    ('1 point', '2 points', '0 dice', '3 actions')
    """
    if n == 1:
        return f"{n} {word}"
    return f"{n} {many or _PLURALS.get(word) or word + 's'}"


def join_words(items: list[str], last: str = "and") -> str:
    """A list in plain English: "Ann", "Ann and Bob", "Ann, Bob and Cy" (``last="or"``: "1, 2 or 3").

    >>> join_words(["Ann"]), join_words(["Ann", "Bob"]), join_words(["Ann", "Bob", "Cy"])
    ('Ann', 'Ann and Bob', 'Ann, Bob and Cy')
    >>> join_words(["1", "2", "3"], last="or"), join_words([])
    ('1, 2 or 3', '')
    """
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def subjects(names: list[str]) -> str:
    """Players as the subject of a sentence: "Ann and Bob", "You and Ann", "Ann and you".

    >>> subjects(["Ann", "You"]), subjects(["You", "Bob", "Cy"]), subjects(["Ann (Greedy)", "You", "Cy"])
    ('Ann and you', 'You, Bob and Cy', 'Ann (Greedy), you and Cy')
    """
    return join_words([n if i == 0 else named(n) for i, n in enumerate(names)])


def capitalized(text: str) -> str:
    """``text`` with its first letter in capitals (the rest unchanged): a button's label, a sentence's start.

    >>> capitalized("play the Blue 6 (Rabbit)"), capitalized("roll again"), capitalized("")
    ('Play the Blue 6 (Rabbit)', 'Roll again', '')
    """
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first, and a full stop unless it ends with one already ("!", "?", ".").

    >>> sentence("you roll 5 dice"), sentence("Tiger!"), sentence("Ann wins."), sentence("")
    ('You roll 5 dice.', 'Tiger!', 'Ann wins.', '')
    """
    text = capitalized(text.strip())
    if not text or text[-1] in ".!?\u2026":
        return text
    return text + "."


def sentences(parts: list[str], sep: str = "; ") -> str:
    """Clauses of one turn as one sentence: joined by ``sep``, a capital first, one full stop at the end.

    A clause that ends with "!" or "?" closes with it (and the next starts
    with a capital), so no "Tiger!." or "wins!;" is ever written.

    >>> sentences(["You roll 5, 5", "Tiger!", "you score 10"])
    'You roll 5, 5; Tiger! You score 10.'
    >>> sentences(["Ann draws a card"]), sentences([])
    ('Ann draws a card.', '')
    """
    out = ""
    for part in (p.strip() for p in parts):
        if not part:
            continue
        if not out:
            out = capitalized(part)
        elif out[-1] in ".!?\u2026":
            out += " " + capitalized(part)
        else:
            out += sep + part
    return sentence(out)


def in_language(tables: Mapping[str, T], language: object) -> T:
    """The table of words in ``language``: ``tables[language]``; a ValueError names the languages.

    >>> in_language({"en": "Roll", "fr": "Lancer"}, "fr")
    'Lancer'
    >>> in_language({"en": "Roll", "fr": "Lancer"}, "de")
    Traceback (most recent call last):
    ...
    ValueError: language must be one of ['en', 'fr'], got 'de'
    """
    table = tables.get(language) if isinstance(language, str) else None
    if table is None:
        raise ValueError(f"language must be one of {list(tables)}, got {excerpt(language)}")
    return table


def load_table(paths: Mapping[str, str], language: object) -> Any:
    """The table of words in ``language``, made from the class ``paths[language]`` names (``"module:Class"``,
    imported only when asked for, so that a language's module may subclass the English one); a ValueError names
    the languages.

    >>> load_table({"fr": "furlib.core.show.page_words:PageWordsFr"}, "fr").to_go("30")
    'encore 30'
    """
    module, _, name = in_language(paths, language).partition(":")
    return getattr(import_module(module), name)()
