"""The chance point of a dice game, written once: roll ``k`` dice, each showing one of the faces of one die.

A rule set whose chance point is a roll subclasses :class:`DiceChance` (instead of
:class:`~furlib.core.engine.rules.Rules`) and gets the three chance hooks: ``chance_outcomes`` (every roll with
its exact chance, :func:`~furlib.core.engine.chance.dice_outcomes`), ``sample`` (``k`` numbers from 0 to
``len(die_faces) - 1`` drawn from the game's stream: the faces the dice show) and ``check_chance`` (a roll
given by hand, refused in one shape of words for every dice game). The game says only what is its own:

* ``ROLLED``, the outcome class (Oh Furcle!'s ``Dice``, The Furglars' and Thieves' ``Roll``), and
  ``ROLL_FIELD``, its field that holds the faces (``"faces"``; Thieves' ``"keys"``);
* ``die_faces``, set in ``__init__``: the faces of one die, a number ``i`` drawn showing ``die_faces[i]`` (a
  face may be printed twice: The Furglars' die has two Furgles); ``FACE_ORDER``, the order of the faces in the
  outcomes listed (None: the die's);
* :meth:`DiceChance.dice_to_roll`: how many dice the state rolls;
* where it pays, the outcome of given faces (:meth:`DiceChance.outcome_of`), of the numbers drawn
  (:meth:`DiceChance.outcome_drawn`, the rule set's own table of rolls), and its own sentence for something
  other than a roll given at the roll (:meth:`DiceChance.refuse_at_roll`).

>>> from types import SimpleNamespace
>>> from furlib.core.engine.actions import Action
>>> class Coins(Action):                 # a chance outcome: the faces two coins show
...     faces: tuple[str, ...]
>>> class Toss(DiceChance):
...     ROLLED = Coins
...     def __init__(self, players: int):
...         super().__init__(players)
...         self.die_faces = ("heads", "tails")
...     def dice_to_roll(self, state): return 2
>>> toss, state = Toss(2), SimpleNamespace(current=0)
>>> [(o.faces, str(p)) for o, p in toss.chance_outcomes(state)]
[(('heads', 'heads'), '1/4'), (('heads', 'tails'), '1/2'), (('tails', 'tails'), '1/4')]
>>> toss.check_chance(state, "heads", ("You", "Bob"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
furlib.core.errors.IllegalAction: You are about to roll 2 dice: call step() to roll them, or give the faces, ...
>>> toss.check_chance(state, Coins(("heads", "edge")), ("You", "Bob"))
Traceback (most recent call last):
...
furlib.core.errors.IllegalAction: each face must be one on the die: 'heads' or 'tails'; got 'edge' in ('heads', 'edge').
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from ..errors import IllegalAction, excerpt
from ..words import act, join_words, plural
from .chance import dice_outcomes
from .rules import Rules, Stream

__all__ = ["DiceChance", "MAX_KEPT_ROLLS", "die_words"]

#: The most outcomes a rule set keeps listed (over all the numbers of dice it rolls); past it a listing is
#: made anew each time it is asked for (the game keeps the listing of its present state).
MAX_KEPT_ROLLS = 1 << 15

_Listing = tuple[tuple[object, Fraction], ...]


class DiceChance(Rules):
    """The rules of a game whose chance point is a roll of dice alike (see the module docstring)."""

    #: The chance outcome's class, made from one tuple of faces (``Dice(faces)``).
    ROLLED: ClassVar[type[Any]]
    #: The field of a ``ROLLED`` outcome that holds the faces.
    ROLL_FIELD: ClassVar[str] = "faces"
    #: The order of the faces in the outcomes listed (the faces of each, and the outcomes among themselves:
    #: more of an earlier face first), or None for the order of ``die_faces``.
    FACE_ORDER: ClassVar[tuple[Any, ...] | None] = None
    #: The faces of one die (set in ``__init__``): a number ``i`` drawn from the stream shows ``die_faces[i]``.
    die_faces: tuple[Any, ...]

    def __init__(self, players: int):
        super().__init__(players)
        self._rolls_listed: dict[int, _Listing] = {}

    # ------------------------------------------------------------ what the game declares
    def dice_to_roll(self, state: Any) -> int:
        """How many dice are rolled at the chance point ``state``."""
        raise NotImplementedError

    def outcome_of(self, faces: tuple[Any, ...]) -> object:
        """The outcome showing ``faces`` (by default ``ROLLED(faces)``): each outcome listed is made so."""
        return self.ROLLED(faces)

    def outcome_drawn(self, drawn: tuple[int, ...]) -> object:
        """The outcome of the numbers ``drawn`` from the stream (each shows ``die_faces[i]``): by default
        :meth:`outcome_of` the faces in the order drawn; a game keeps a table of its rolls here."""
        faces = self.die_faces
        return self.outcome_of(tuple([faces[i] for i in drawn]))

    def refuse_at_roll(self, state: Any, action: object, players: tuple[str, ...]) -> str | None:
        """The game's own sentence refusing ``action``, which is not a roll, given at the roll; None (the default)
        for the shared one (who is about to roll how many dice, and how to roll them)."""
        return None

    # ------------------------------------------------------------ the hooks
    def chance_outcomes(self, state: Any) -> _Listing:
        """Every roll of the dice to roll, as a multiset of faces (in ``FACE_ORDER``) with its exact chance;
        listed once per number of dice (at most :data:`MAX_KEPT_ROLLS` outcomes kept)."""
        k = self.dice_to_roll(state)
        listed = self._rolls_listed.get(k)
        if listed is None:
            faces, order = self.die_faces, self.FACE_ORDER
            if order is not None:
                faces = tuple(sorted(faces, key=order.index))
            listed = tuple([(self.outcome_of(f), p) for f, p in dice_outcomes(k, faces)])
            if sum(map(len, self._rolls_listed.values())) + len(listed) <= MAX_KEPT_ROLLS:
                self._rolls_listed[k] = listed
        return listed

    def sample(self, state: Any, stream: Stream) -> object:
        """``k`` numbers from 0 to ``len(die_faces) - 1`` drawn from the stream (the dice's faces), as an outcome."""
        return self.outcome_drawn(stream.draw(len(self.die_faces), self.dice_to_roll(state)))

    def check_chance(self, state: Any, outcome: object, players: tuple[str, ...]) -> None:
        """Refuse (IllegalAction) an ``outcome`` that is not a roll, a roll of the wrong number of dice, or one
        showing a face not on the die (of the same type: ``True`` is not ``1``); the faces may come in any order."""
        k, me = self.dice_to_roll(state), players[state.current]
        die = self.die_faces
        if not isinstance(outcome, self.ROLLED):
            own = self.refuse_at_roll(state, outcome, players)
            if own is not None:
                raise IllegalAction(own)
            them, faces_word = ("it", "face") if k == 1 else ("them", "faces")
            example = self.outcome_drawn(tuple([i % len(die) for i in range(k)]))
            raise IllegalAction(act(me, f"is about to roll {plural(k, 'die')}") + f": call step() to roll {them}, "
                                f"or give the {faces_word}, e.g. apply({excerpt(example)}); got {excerpt(outcome)}.")
        faces = getattr(outcome, self.ROLL_FIELD, None)
        if type(faces) is not tuple or len(faces) != k:
            raise IllegalAction(act(me, f"rolls {plural(k, 'die')}") + f", so give {plural(k, 'face')}; "
                                f"got {excerpt(faces)}.")
        kinds, on_die = {type(f) for f in die}, set(die)
        for f in faces:
            if type(f) not in kinds or f not in on_die:      # the type first: a face of another type may not hash
                listed = list(dict.fromkeys(die if self.FACE_ORDER is None else sorted(die, key=self.FACE_ORDER.index)))
                raise IllegalAction(f"each face must be one on the die: {die_words(listed)}; got {excerpt(f)} in "
                                    f"{excerpt(faces)}.")


def die_words(faces: list[Any]) -> str:
    """The faces of a die in words: its whole numbers from the lowest to the highest, if that is what it shows,
    else each face.

    >>> die_words([1, 2, 3, 4, 5, 6]), die_words(["red", "black"]), die_words([1, 3])
    ('a whole number from 1 to 6', "'red' or 'black'", '1 or 3')
    """
    if len(faces) > 2 and all(type(f) is int for f in faces) and faces == list(range(faces[0], faces[0] + len(faces))):
        return f"a whole number from {faces[0]} to {faces[-1]}"
    return join_words([repr(f) for f in faces], "or")
