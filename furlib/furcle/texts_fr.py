"""What an Oh Furcle! game's events say in French: one method per kind of :mod:`furlib.furcle.events`.

``g.log(language="fr")``, ``g.history_for(None, language="fr")`` and ``g.widget(language="fr")`` (the app,
:class:`furlib.furcle.widget.FurcleApp`) speak French with :class:`FurcleFrench`, listed in the English
texts' ``LANGUAGES`` (:class:`furlib.furcle.texts.FurcleTexts`). The words follow
:mod:`furlib.core.words_fr`: a player named "You" (or "Vous") is spoken to as *vous* ("Vous lancez",
"votre tour"), every other name is kept as given; a count below 2 is singular ("1 point", "2 points");
"de" is elided before a vowel ("le tour d'Ann"); a no-break space comes before ":" and "!".

The game's terms: *Beekin* and *Oh Furcle !* keep their names; the call *Satisfied* is *Satisfait*, the
name of the call (as "Beekin" is), whoever says it; the Leader is the player *en tête* ("Ann prend la
tête"), words that agree with nobody's gender. A roll's faces are written "3, 3, 5, 6, 1" (a comma and a
space: "3,3" would read as a decimal number in French), its groups by :func:`describe_roll_fr`: "une paire
de 3", "un brelan de 5", "un carré de 2", "cinq 6".

>>> from furlib import Furcle
>>> from furlib.furcle import Satisfied
>>> g = Furcle(players=["You", "Ann"], seed=1).roll(5, 5, 5, 1, 1).apply(Satisfied())
>>> print(g.log(language="fr").replace("\\u00a0", " "))
   1  Vous lancez 5, 5, 5, 1, 1 : un brelan de 5 et une paire de 1 pour 16 points
   2  Vous dites Satisfait et encaissez 16 points : votre total est de 16 points
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..core.engine.events import Event
from ..core.words_fr import (
    act,
    conjugate,
    french_spacing,
    join_words,
    named,
    number_word,
    own,
    plural,
    possessive,
    subject,
)
from .scoring import check_faces
from .texts import FurcleTexts

__all__ = ["FurcleFrench", "describe_roll_fr", "describe_checked_fr", "faces_fr", "points_fr"]


def faces_fr(faces: Iterable[int]) -> str:
    """The faces of a roll as the French texts write them: ``3, 3, 5`` (a space after each comma).

    >>> faces_fr((3, 3, 5, 6, 1))
    '3, 3, 5, 6, 1'
    """
    return ", ".join(str(f) for f in faces)


def points_fr(n: int) -> str:
    """A number of points: "1 point", "12 points" (singular below 2).

    >>> points_fr(1), points_fr(12), points_fr(0)
    ('1 point', '12 points', '0 point')
    """
    return plural(n, "point")


def describe_roll_fr(faces: Iterable[int]) -> str:
    """The scoring groups of a roll in French, e.g. 'un brelan de 5 et une paire de 1' (``faces`` checked as
    :func:`furlib.furcle.scoring.score_roll` checks them); the French :func:`~furlib.furcle.scoring.describe_roll`.

    >>> describe_roll_fr([5, 5, 5, 1, 1]), describe_roll_fr([1, 2, 3])
    ('un brelan de 5 et une paire de 1', 'tous différents')
    """
    return describe_checked_fr(check_faces(faces))


def describe_checked_fr(faces: Iterable[int]) -> str:
    """:func:`describe_roll_fr` for faces already validated (the engine's own rolls).

    A pair is "une paire", three of a kind "un brelan", four "un carré", five or more their number ("cinq 6");
    the biggest group first, then the highest face, as in English.

    >>> describe_checked_fr([2, 2, 2, 2, 6]), describe_checked_fr([6, 6, 6, 6, 6, 6, 1])
    ('un carré de 2', 'six 6')
    >>> describe_checked_fr([4, 4, 2, 2, 1, 1, 9])
    'une paire de 4, une paire de 2 et une paire de 1'
    """
    counts = Counter(faces)
    parts = []
    for face, n in sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0])):
        if n == 2:
            parts.append(f"une paire de {face}")
        elif n == 3:
            parts.append(f"un brelan de {face}")
        elif n == 4:
            parts.append(f"un carré de {face}")
        elif n > 4:
            parts.append(f"{number_word(n)} {face}")
    return join_words(parts) if parts else "tous différents"


class FurcleFrench(FurcleTexts):
    """Oh Furcle!'s events in French (see the module docstring).

    >>> from furlib import Furcle
    >>> from furlib.furcle import Beekin
    >>> g = Furcle(players=["Ann", "Bob"], seed=1).roll(3, 4, 5, 6, 1).apply(Beekin(0))
    >>> for line in g.log(language="fr").split("\\n"):
    ...     print(line.replace("\\u00a0", "_"))
       1  Ann lance 3, 4, 5, 6, 1_: tous différents
       2  Ann dit Beekin_! Un 3 devient un 4_: une paire de 4 pour 4 points
    """

    LANGUAGE = "fr"
    __slots__ = ()

    def roll(self, e: Event) -> str:
        d = e.data
        head = act(self.who(e), f"lance {faces_fr(d['faces'])}")
        if d["points"]:
            return french_spacing(f"{head} : {describe_checked_fr(d['faces'])} pour {points_fr(d['points'])}")
        return french_spacing(f"{head} : tous différents")

    def roll_again(self, e: Event) -> str:
        me, d = self.who(e), e.data
        return (f"{act(me, 'continue')} avec un score de tour de {points_fr(d['turn_score'])} et "
                f"{conjugate(me, 'relance')} {plural(d['dice'], 'dé')}")

    def beekin(self, e: Event) -> str:
        d = e.data
        faces, old = d["faces"], d["faces"][d["die"]] - 1
        text = f"{act(self.who(e), 'dit Beekin')} ! Un {old} devient un {old + 1} : "
        if d["points"]:
            text += f"{describe_checked_fr(faces)} pour {points_fr(d['points'])}"
        else:
            text += "maintenant tous différents" if d["before"] else "toujours tous différents"
        return french_spacing(text)

    def furcle(self, e: Event) -> str:
        me, lost = self.who(e), e.data["lost"]
        if lost:
            return french_spacing(f"Oh Furcle ! {act(me, f'perd {points_fr(lost)}')} et {own(me, 'tour')} s'arrête")
        return french_spacing(f"Oh Furcle ! {possessive(me, 'tour')} s'arrête sans rien à encaisser")

    def satisfied(self, e: Event) -> str:
        me = self.who(e)
        total = e.scores[self.players.index(me)]
        return french_spacing(f"{act(me, 'dit Satisfait')} et {conjugate(me, 'encaisse')} {points_fr(e.data['points'])}"
                              f" : {own(me, 'total')} est de {points_fr(total)}")

    def leader(self, e: Event) -> str:
        me, passed = self.who(e), e.data["passed"]
        lead = f"et {conjugate(me, 'prend')} la tête"
        if passed is None:
            return f"{act(me, f'atteint {points_fr(self.rules.target)}')} {lead}"
        other = self.players[passed]
        if named(other) == "vous" and named(me) != "vous":
            return f"{subject(me)} vous {conjugate(me, 'dépasse')} {lead}"
        return f"{act(me, f'dépasse {other}')} {lead}"

    def win(self, e: Event) -> str:
        me = self.who(e)
        return french_spacing(f"{act(me, 'est toujours en tête au début de')} {own(me, 'tour')} et "
                              f"{conjugate(me, 'gagne')} !")
