"""Actions: small frozen dataclasses with a readable ``str`` and a JSON form.

A game's action subclasses :class:`Action` and says only what is its own: its
fields, how each is checked (:data:`Check`: :func:`set_whole_number`,
:func:`check_text`, or one made by :func:`whole_number`, :func:`word_in`,
:func:`tuple_of`), an example for the refusals and its words. A card game's
rules get the deal of the next card off a shuffled deck, whose outcomes are
actions that name a card, from :class:`DeckChance` (and the play of a card in
secret from :func:`furlib.core.engine.secret.play_in_secret`).

>>> class Take(Action):   # take ``count`` stones from the heap ``heap``
...     heap: int
...     count: int
...     CHECKS = {"heap": set_whole_number,
...               "count": whole_number(1, 9, "{action}'s {field} must be from {low} to {high}; got {value}")}
...     EXAMPLE = "Take(0, 2)"
...     TEXT = "take {count} from heap {heap}"
>>> Take(0, 2), str(Take(0, 2)), Take(0, 2) == Take(0, 2)
(Take(heap=0, count=2), 'take 2 from heap 0', True)
>>> Take(0, 10)
Traceback (most recent call last):
...
furlib.core.errors.IllegalAction: Take's count must be from 1 to 9; got 10
>>> Take(True, 2)
Traceback (most recent call last):
...
furlib.core.errors.IllegalAction: Take's heap must be a whole number, e.g. Take(0, 2); got True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import islice
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, dataclass_transform

import numpy as np

from ..errors import IllegalAction, cut_message, excerpt
from .chance import draw_outcomes

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Stream

#: A field's check, ``check(action, field, example)``: raises :class:`~furlib.core.errors.IllegalAction` for a
#: bad value (naming the action, the field, ``example`` and an excerpt of the value), and may store a plain
#: copy of a good one (a numpy integer as ``int``, a list as a tuple) with ``object.__setattr__``.
Check = Callable[[Any, str, str], None]


@dataclass_transform(frozen_default=True)
class Action:
    """The base of every game's actions: each subclass is a frozen dataclass, made so when it is defined.

    Its annotated fields are the constructor's arguments, in order; the engine compares, hashes, saves
    (:func:`action_to_json`) and rebuilds it by them, and its repr is the dataclass's (``Take(heap=0,
    count=2)``). Three class attributes, never annotated (an annotation would make a field), say the rest:

    * ``CHECKS``: ``{field: check}``, how each field is checked when the action is made (a :data:`Check`),
      one field after another in the fields' order; a field not named is not checked. A subclass's
      ``CHECKS`` adds to its bases' (the fields it inherits keep their checks). A class that needs more
      (one field against another) writes ``__post_init__`` instead, and no ``CHECKS``.
    * ``EXAMPLE``: a good action, which every refusal quotes (``"Take(0, 2)"``); ``{action}`` in it stands
      for the class's name, so a base class gives each subclass its own (``"{action}('R7')"``).
    * ``TEXT``: what ``str(action)`` reads, a short command formatted with the fields by name (``"thief
      {thief} takes the gold"``, ``"roll {keys[0]} and {keys[1]}"``); a class whose words need more (a
      plural, a card's name) writes ``__str__`` instead.

    Raises
    ------
    TypeError
        When the class is defined, if ``CHECKS`` names something that is not one of its fields, or the class
        has both ``CHECKS`` and a ``__post_init__``.
    """

    CHECKS: ClassVar[Mapping[str, Check]] = {}
    EXAMPLE: ClassVar[str] = ""
    TEXT: ClassVar[str] = ""
    #: ``CHECKS`` as ``(field, check, example)``, the example's ``{action}`` filled in: made once per class.
    _checks: ClassVar[tuple[tuple[str, Check, str], ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        checks: dict[str, Check] = {}
        for klass in reversed(cls.__mro__):          # a base's checks first: a subclass adds to them
            checks.update(vars(klass).get("CHECKS", {}))
        if checks:
            if getattr(cls, "__post_init__", Action._check_fields) is not Action._check_fields:
                raise TypeError(f"{cls.__name__} has CHECKS and a __post_init__ of its own: check its fields in one")
            setattr(cls, "__post_init__", Action._check_fields)  # noqa: B010 - mypy refuses to assign a method
        # the dataclass's __init__ calls __post_init__ only where there is one: an action without checks pays nothing
        dataclasses.dataclass(frozen=True)(cls)
        names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]  # made a dataclass just above
        unknown = [name for name in checks if name not in names]
        if unknown:
            raise TypeError(f"{cls.__name__}.CHECKS names {unknown}, which are not among its fields {names}")
        example = cls.EXAMPLE.replace("{action}", cls.__name__)
        cls._checks = tuple((name, checks[name], example) for name in names if name in checks)

    def _check_fields(self) -> None:
        """Each field's check, in the fields' order: the ``__post_init__`` of an action with ``CHECKS``."""
        for name, check, example in self._checks:
            check(self, name, example)

    def __str__(self) -> str:
        # the fields read as attributes, not vars(self): an action made once is read on every step, and asking it
        # for its __dict__ would make CPython keep its fields in a real dict, slower to read, from then on
        fields = dataclasses.fields(self)  # type: ignore[arg-type]  # every action is a dataclass instance
        return self.TEXT.format_map({f.name: getattr(self, f.name) for f in fields})


def action_to_json(action: object) -> dict[str, Any]:
    """The JSON-able dict of an action dataclass: its type name and fields."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):  # type: ignore[arg-type]  # every action is a dataclass instance
        v = getattr(action, f.name)
        out[f.name] = list(v) if isinstance(v, tuple) else v
    return out


def action_from_json(data: object, registry: Mapping[str, type]) -> object:
    """Rebuild an action from :func:`action_to_json` output, validating its shape."""
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"an action must be a dict with a 'type', got {excerpt(data)}")
    name = data["type"]
    if name not in registry:
        raise ValueError(f"unknown action type {excerpt(name)}; expected one of {sorted(registry)}")
    cls = registry[name]
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"type"}
    if extra:
        raise ValueError(f"action {name} has unknown fields {sorted(extra)}; expected {sorted(names)}")
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            v = data[f.name]
            kwargs[f.name] = tuple(v) if isinstance(v, list) else v
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as e:
        raise ValueError(f"bad fields for action {name}: {cut_message(e)}") from None


def _is_whole(value: object) -> bool:
    return type(value) is int or (isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)))


def set_whole_number(action: object, name: str, example: str) -> None:
    """Validate the field ``name`` of a frozen action as a whole number, stored as a plain ``int``.

    numpy integers are accepted and stored as ``int`` (so a save is plain
    JSON); bools, floats, strings and the rest are refused.

    Raises
    ------
    IllegalAction
        Naming the action, the bad value and an example of a good one.
    """
    value = getattr(action, name)
    if type(value) is int:
        return
    if not _is_whole(value):
        raise IllegalAction(f"{type(action).__name__}'s {name} must be a whole number, e.g. {example}; "
                            f"got {excerpt(value)}")
    object.__setattr__(action, name, int(value))


def set_tuple(action: object, name: str, item: str, example: str) -> None:
    """Validate the field ``name`` as a sequence of whole numbers (``item="int"``) or of words (``"str"``).

    Stores a tuple of plain ``int`` or lower-case ``str``.

    Raises
    ------
    IllegalAction
        Naming the action, the bad value and an example of a good one.
    """
    value = getattr(action, name)
    if type(value) is tuple:   # the engine's own rolls: already plain
        if item == "int" and all(type(v) is int for v in value):
            return
        if item == "str" and all(type(v) is str and v.islower() for v in value):
            return
    bad = f"{type(action).__name__}'s {name} must be a list of "
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__") or isinstance(value, dict):
        raise IllegalAction(f"{bad}{'whole numbers' if item == 'int' else 'words'}, e.g. {example}; got "
                            f"{excerpt(value)}")
    items = list(value)
    if item == "int":
        if not all(_is_whole(v) for v in items):
            raise IllegalAction(f"{bad}whole numbers, e.g. {example}; got {excerpt(value)}")
        out = tuple(int(v) for v in items)
    else:
        if not all(isinstance(v, str) for v in items):
            raise IllegalAction(f"{bad}words, e.g. {example}; got {excerpt(value)}")
        out = tuple(v.lower() for v in items)
    object.__setattr__(action, name, out)


def check_text(action: object, name: str, example: str) -> None:
    """Validate the field ``name`` as a string (a player's or a card's name).

    Raises
    ------
    IllegalAction
        Naming the action, the bad value and an example of a good one.
    """
    value = getattr(action, name)
    if not isinstance(value, str):
        raise IllegalAction(f"{type(action).__name__}'s {name} must be a name, e.g. {example}; got {excerpt(value)}")


def whole_number(low: int, high: int, refusal: str, **words: object) -> Check:
    """The check of a whole number (:func:`set_whole_number`) from ``low`` to ``high``, both included.

    ``refusal`` is the whole message for a number out of range, formatted with ``action`` (the class's
    name), ``field``, ``example``, ``value`` (an excerpt), ``low``, ``high`` and ``words``:

    >>> class Die(Action):
    ...     face: int
    ...     CHECKS = {"face": whole_number(1, 6, "{action}'s {field} must be from {low} to {high}, e.g. {example}; "
    ...                                          "got {value}")}
    ...     EXAMPLE = "Die(4)"
    >>> Die(7)
    Traceback (most recent call last):
    ...
    furlib.core.errors.IllegalAction: Die's face must be from 1 to 6, e.g. Die(4); got 7
    """
    def check(action: object, name: str, example: str) -> None:
        value = getattr(action, name)
        if type(value) is not int:                   # the engine's own values are ints: one test, no call
            set_whole_number(action, name, example)
            value = getattr(action, name)
        if not low <= value <= high:
            raise IllegalAction(refusal.format(action=type(action).__name__, field=name, example=example,
                                               value=excerpt(value), low=low, high=high, **words))
    return check


def word_in(allowed: Collection[str], refusal: str, **words: object) -> Check:
    """The check of a name (:func:`check_text`) that must be one of ``allowed``, exactly as written.

    ``refusal`` is the whole message for a name not allowed, formatted with ``action``, ``field``,
    ``example``, ``value`` (an excerpt) and ``words``.
    """
    def check(action: object, name: str, example: str) -> None:
        value = getattr(action, name)
        if not isinstance(value, str):
            check_text(action, name, example)        # refuses it
        if value not in allowed:
            raise IllegalAction(refusal.format(action=type(action).__name__, field=name, example=example,
                                               value=excerpt(value), **words))
    return check


def read_lazily(action: object, name: str, most: int, limit: str, example: str) -> object:
    """Read the field ``name`` given as a list or any other ordered collection into a tuple, at most
    ``most`` items (a generator is read no further than ``most + 1``), and return it.

    A tuple is kept as it is; a string, bytes, a mapping or a value that is no collection is returned
    unread, for the next check to refuse.

    Raises
    ------
    IllegalAction
        If it holds more than ``most`` items, naming ``limit`` (the constant that sets ``most``).
    """
    value = getattr(action, name)
    if type(value) is not tuple and isinstance(value, Iterable) and not isinstance(value, (str, bytes, Mapping)):
        value = tuple(islice(value, most + 1))   # read lazily: no more than can be allowed, and one
        object.__setattr__(action, name, value)
    if type(value) is tuple and len(value) > most:
        raise IllegalAction(f"{type(action).__name__}'s {name} must be at most {most} {name} ({limit}), e.g. "
                            f"{example}; got more: {excerpt(value)}")
    return value


def tuple_of(item: str, most: int, limit: str) -> Check:
    """The check of a tuple of at most ``most`` whole numbers (``item="int"``) or words (``"str"``):
    :func:`read_lazily`, then :func:`set_tuple`."""
    def check(action: object, name: str, example: str) -> None:
        read_lazily(action, name, most, limit, example)
        set_tuple(action, name, item, example)
    return check


class _NamesACard(Protocol):
    """An action that names a card (High Card's ``Deal``, Furry Poker's ``Draw``)."""

    @property
    def card(self) -> str: ...


class DeckChance:
    """The chance points of a rule set that deals the next card off a shuffled deck, ``state.deck``.

    Put it before :class:`~furlib.core.engine.rules.Rules` among the bases: it gives the rules
    ``chance_outcomes``, ``sample`` and ``check_chance``. The outcome is one action class that names a card
    (``DEAL``: High Card's ``Deal``, Furry Poker's ``Draw``, each with a ``card`` field), whose actions are
    made once per card (``DEALT``: card -> action, the objects every outcome shares). The rules say how a
    refusal shows the deck (:meth:`deck_words`) and whether a card is ``"dealt"`` or ``"drawn"``
    (``DEAL_VERB``).
    """

    DEAL: ClassVar[type[_NamesACard]]
    DEALT: ClassVar[Mapping[str, object]]
    DEAL_VERB: ClassVar[str] = "dealt"

    def chance_outcomes(self, state: Any) -> list[tuple[object, Fraction]]:
        """The next card off the shuffled deck: each card left with the same chance."""
        dealt = self.DEALT
        return [(dealt[c], p) for c, p in draw_outcomes(state.deck)]

    def sample(self, state: Any, stream: Stream) -> object:
        deck = state.deck
        return self.DEALT[deck[stream.index(len(deck))]]

    def check_chance(self, state: Any, outcome: object, players: tuple[str, ...]) -> None:
        deck = state.deck
        if not isinstance(outcome, self.DEAL):
            raise IllegalAction(f"a card is to be {self.DEAL_VERB}: call step() to draw it, or name it, e.g. "
                                f"apply({self.DEAL.__name__}({excerpt(deck[0])})); got {excerpt(outcome)}.")
        card = outcome.card
        if card not in deck:
            raise IllegalAction(f"the {excerpt(card)} is not in the deck; the deck holds {self.deck_words(deck)}.")

    def deck_words(self, deck: Sequence[str]) -> str:
        """The cards left, as a refusal of a card not among them shows them: the whole list by default."""
        return str(list(deck))
