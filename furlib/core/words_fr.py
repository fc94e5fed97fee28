"""French helpers for event texts and app lines: "Ann lance" but "Vous lancez", "1 point", "2 points", "d'Ann".

The French counterpart of :mod:`furlib.core.words`. A game's French texts (e.g.
:class:`furlib.furcle.texts_fr.FurcleFrench`) and its app's French lines are made with them, so that
every sentence is good French for any name and any count:

* **"You" is "Vous".** The notebooks call the person at the screen "You"; in French that player is
  spoken to as *vous* (the polite plural a program uses): "Vous lancez", "votre tour", "Ann et vous".
  A player named "Vous" is spoken to the same way. Every other name is kept exactly as given, in the
  third person singular ("Ann lance", "Bob (Greedy) dit Beekin").
* **Singular below 2.** French puts a count below 2 in the singular: "0 point", "1 point", "2 points".
* **Elision.** "de" becomes "d'" before a name that starts with a vowel sound written as a vowel
  ("d'Ann", "d'Ève", "d'Yves"), not before a consonant, an "h" or a "y" read as a consonant ("de Bob",
  "de Hugo", "de Yann").
* **Spacing.** French puts a space before ":", ";", "!", "?" and "%": a no-break space
  (:data:`NBSP`), so that the sign never starts a line (:func:`french_spacing`).

Verbs are given in the third person singular, as a sentence about "Ann" says them; :func:`conjugate`
turns them into the *vous* form for "You" (a regular "-e" verb takes "-ez": "lance", "lancez"; the
irregular verbs the texts use are listed).
"""

from __future__ import annotations

from . import words
from .words import capitalized

__all__ = ["NBSP", "YOU", "is_you", "subject", "named", "conjugate", "act", "of", "to", "possessive", "own",
           "elides", "plural", "join_words", "subjects", "french_spacing", "number_word"]

#: The no-break space French puts before ":", ";", "!", "?" and "%".
NBSP = "\u00a0"
#: The names spoken to as "vous": the notebooks' "You", and "Vous" itself.
YOU = ("You", "Vous")

# The vous form of the irregular verbs (and auxiliaries) the texts use; a verb ending in "e" takes "ez".
_VOUS = {"est": "êtes", "a": "avez", "avait": "aviez", "était": "étiez", "dit": "dites", "fait": "faites",
         "perd": "perdez", "prend": "prenez", "devient": "devenez", "atteint": "atteignez", "peut": "pouvez",
         "doit": "devez", "va": "allez", "veut": "voulez", "sait": "savez", "reçoit": "recevez",
         "choisit": "choisissez", "finit": "finissez", "tient": "tenez", "vient": "venez"}
_VOWELS = set("aeiouyàâäéèêëîïôöùûüœæ")
_NUMBERS = ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze")


def is_you(name: str | None) -> bool:
    """True for a player spoken to as "vous" ("You", "Vous").

    >>> is_you("You"), is_you("Vous"), is_you("Ann"), is_you(None)
    (True, True, False, False)
    """
    return name in YOU


def subject(name: str) -> str:
    """A player's name as the subject that starts a sentence: "Vous" for "You", else the name as given.

    >>> subject("You"), subject("Ann")
    ('Vous', 'Ann')
    """
    return "Vous" if is_you(name) else name


def named(name: str) -> str:
    """A player's name inside a sentence ("Ann et vous", "à vous"): "vous" for "You", else the name as given.

    >>> named("You"), named("Ann")
    ('vous', 'Ann')
    """
    return "vous" if is_you(name) else name


def conjugate(name: str, verb: str) -> str:
    """``verb`` (third person singular) agreeing with ``name``: the *vous* form for "You".

    >>> [conjugate("You", v) for v in ("lance", "encaisse", "dit", "est", "a", "perd", "atteint", "prend")]
    ['lancez', 'encaissez', 'dites', 'êtes', 'avez', 'perdez', 'atteignez', 'prenez']
    >>> conjugate("Ann", "lance")
    'lance'
    """
    if not is_you(name):
        return verb
    if verb in _VOUS:
        return _VOUS[verb]
    if verb.endswith("e"):
        return verb + "z"
    raise ValueError(f"no vous form is known for the verb {verb!r}: add it to furlib.core.words_fr")


def act(name: str, phrase: str) -> str:
    """``name`` followed by ``phrase`` whose first word is a verb, agreeing with "You" (only the first verb: put
    the others through :func:`conjugate`).

    >>> act("Ann", "lance 3, 3, 5"), act("You", "lance 3, 3, 5"), act("You", "est toujours en tête")
    ('Ann lance 3, 3, 5', 'Vous lancez 3, 3, 5', 'Vous êtes toujours en tête')
    """
    verb, _, rest = phrase.partition(" ")
    return f"{subject(name)} {conjugate(name, verb)}" + (f" {rest}" if rest else "")


def elides(word: str) -> bool:
    """True if "de", "le" or "que" before ``word`` lose their "e" ("d'Ann"): ``word`` starts with a written vowel,
    or a "y" before a consonant ("Yves", not "Yann"); never before "h" (a name's "h" may be sounded).

    >>> [elides(w) for w in ("Ann", "Ève", "Yves", "Yann", "Bob", "Hugo", "", "3 dés")]
    [True, True, True, False, False, False, False, False]
    """
    low = word.lower()
    if not low or low[0] not in _VOWELS:
        return False
    if low[0] == "y":
        return len(low) > 1 and low[1] not in _VOWELS
    return True


def of(name: str) -> str:
    """"de" and a player's name, elided before a vowel: "d'Ann", "de Bob", "de vous".

    >>> of("Ann"), of("Bob"), of("You")
    ("d'Ann", 'de Bob', 'de vous')
    """
    name = named(name)
    return f"d'{name}" if elides(name) else f"de {name}"


def to(name: str) -> str:
    """"à" and a player's name: "à Ann", "à vous".

    >>> to("Ann"), to("You")
    ('à Ann', 'à vous')
    """
    return f"à {named(name)}"


def own(name: str, noun: str, *, feminine: bool = False) -> str:
    """``noun`` owned by ``name``, who is the sentence's subject: "son tour", "sa chance", "votre tour".

    A feminine noun that starts with a vowel takes "son" ("son équipe").

    >>> own("Ann", "tour"), own("Ann", "chance", feminine=True), own("You", "tour"), own("Ann", "équipe", feminine=True)
    ('son tour', 'sa chance', 'votre tour', 'son équipe')
    """
    if is_you(name):
        return f"votre {noun}"
    return f"{'sa' if feminine and not elides(noun) else 'son'} {noun}"


def possessive(name: str, noun: str, *, feminine: bool = False, capital: bool = True) -> str:
    """``noun`` of ``name`` when ``name`` is not the subject: "Le tour d'Ann", "Votre tour" ("le tour d'Ann" in
    mid-sentence, with ``capital=False``).

    >>> possessive("Ann", "tour"), possessive("Bob", "chance", feminine=True), possessive("You", "tour")
    ("Le tour d'Ann", 'La chance de Bob', 'Votre tour')
    >>> possessive("Ann", "équipe", feminine=True, capital=False)
    "l'équipe d'Ann"
    """
    if is_you(name):
        text = f"votre {noun}"
    else:
        article = "l'" if elides(noun) else "la " if feminine else "le "
        text = f"{article}{noun} {of(name)}"
    return capitalized(text) if capital else text


_INVARIABLE = ("s", "x", "z")
_TAKES_X = ("au", "eu")


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, singular below 2 (the French rule): "0 point", "1 point", "2 points", "3 dés".

    ``many`` gives a plural no rule here knows (a word ending in "-al", or several words that agree:
    ``plural(2, "ligne masquée", "lignes masquées")``); a word ending in s, x or z stays as it is, one in
    -au, -eau or -eu takes an x.

    >>> plural(0, "point"), plural(1, "point"), plural(2, "point"), plural(5, "dé"), plural(2, "jeu")
    ('0 point', '1 point', '2 points', '5 dés', '2 jeux')
    >>> plural(3, "ligne précédente", "lignes précédentes"), plural(2, "tas")
    ('3 lignes précédentes', '2 tas')
    """
    if -2 < n < 2:
        return f"{n} {word}"
    if many:
        return f"{n} {many}"
    if word.endswith(_INVARIABLE):
        return f"{n} {word}"
    if word.endswith(_TAKES_X):
        return f"{n} {word}x"
    return f"{n} {word}s"


def join_words(items: list[str], last: str = "et") -> str:
    """A list in French, as :func:`furlib.core.words.join_words` makes it with "et" (``last="ou"``: "1, 2 ou 3"):
    no comma before "et".

    >>> join_words(["Ann", "Bob", "Cy"]), join_words(["1", "2", "3"], last="ou")
    ('Ann, Bob et Cy', '1, 2 ou 3')
    """
    return words.join_words(items, last)


def subjects(names: list[str]) -> str:
    """Players as the subject of a sentence: "Ann et Bob", "Vous et Ann", "Ann et vous".

    >>> subjects(["Ann", "You"]), subjects(["You", "Bob", "Cy"]), subjects(["Ann (Greedy)", "You", "Cy"])
    ('Ann et vous', 'Vous, Bob et Cy', 'Ann (Greedy), vous et Cy')
    """
    return join_words([subject(n) if i == 0 else named(n) for i, n in enumerate(names)])


def number_word(n: int) -> str:
    """A small whole number in words (0 to 12), a larger one in digits: "trois", "dix", "20".

    >>> number_word(3), number_word(10), number_word(20)
    ('trois', 'dix', '20')
    """
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def french_spacing(text: str) -> str:
    """``text`` with a no-break space (:data:`NBSP`) for each space before ":", ";", "!", "?" and "%", so that the
    sign never starts a line (the French rule: write the sentence with plain spaces, then call this).

    >>> french_spacing("Oh Furcle ! Ann perd 12 points : le tour s'arrête.") == (
    ...     "Oh Furcle\\u00a0! Ann perd 12 points\\u00a0: le tour s'arrête.")
    True
    """
    for mark in ":;!?%":
        text = text.replace(f" {mark}", f"{NBSP}{mark}")
    return text
