"""The base of every game's actions, :class:`furlib.core.engine.actions.Action`: a class declares its fields,
their checks (``CHECKS``), an example and its words, and gets a frozen dataclass that checks its fields in
order. The games' actions themselves are held to their refusals word for word by their own tests and to
their saves by the digests; this file checks what the base adds.
"""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from furlib.core.engine.actions import (
    Action,
    action_from_json,
    action_to_json,
    set_whole_number,
    tuple_of,
    whole_number,
    word_in,
)
from furlib.core.errors import IllegalAction

_COUNT = whole_number(1, 9, "{action}'s {field} must be from {low} to {high}, e.g. {example}; got {value}")


class Thing(Action):
    """A test action with one checked field."""

    x: int

    CHECKS = {"x": set_whole_number}
    EXAMPLE = "{action}(1)"
    TEXT = "thing {x}"


class Pair(Thing):
    """A subclass adding a field: its check runs after the base's, in the fields' order."""

    y: int

    CHECKS = {"y": _COUNT}
    EXAMPLE = "Pair(1, 2)"
    TEXT = "pair {x} and {y}"


class Other(Thing):
    """The same fields as Thing: never equal to a Thing."""

    TEXT = "other {x}"


class Bare(Action):
    """An action without fields."""

    TEXT = "do it"


def test_an_action_is_a_frozen_dataclass_with_the_usual_repr_and_equality():
    a = Pair(1, 2)
    assert dataclasses.is_dataclass(a) and [f.name for f in dataclasses.fields(a)] == ["x", "y"]
    assert repr(a) == "Pair(x=1, y=2)" and str(a) == "pair 1 and 2" and str(Bare()) == "do it"
    assert a == Pair(x=1, y=2) and hash(a) == hash(Pair(1, 2)) and a != Pair(1, 3)
    assert Thing(1) != Other(1) and str(Other(1)) == "other 1"
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 5  # type: ignore[misc]  # frozen: the test checks that it refuses
    assert pickle.loads(pickle.dumps(a)) == a
    assert action_from_json(action_to_json(a), {"Pair": Pair}) == a and action_to_json(a) == {"type": "Pair", "x": 1,
                                                                                                "y": 2}


def test_the_checks_run_field_by_field_in_the_fields_order():
    with pytest.raises(IllegalAction, match=r"^Pair's x must be a whole number, e.g. Pair\(1, 2\); got 1\.5$"):
        Pair(1.5, 99)                               # x is checked (and refused) before y
    with pytest.raises(IllegalAction, match=r"^Pair's y must be from 1 to 9, e.g. Pair\(1, 2\); got 99$"):
        Pair(1, 99)
    with pytest.raises(IllegalAction, match=r"^Other's x must be a whole number, e.g. Other\(1\); got '1'$"):
        Other("1")                                  # {action} in the base's EXAMPLE is the class's own name


def test_a_check_stores_a_plain_value():
    import numpy as np

    a = Pair(np.int64(3), np.int8(4))
    assert type(a.x) is int and type(a.y) is int and a == Pair(3, 4)


def test_an_action_without_checks_has_no_post_init():
    assert not hasattr(Bare, "__post_init__") and hasattr(Thing, "__post_init__")


def test_a_class_that_misnames_a_check_or_checks_twice_is_refused_when_defined():
    with pytest.raises(TypeError, match=r"^Bad\.CHECKS names \['z'\], which are not among its fields \['x'\]$"):
        class Bad(Action):
            x: int
            CHECKS = {"z": set_whole_number}
    with pytest.raises(TypeError, match=r"^Twice has CHECKS and a __post_init__ of its own"):
        class Twice(Action):
            x: int
            CHECKS = {"x": set_whole_number}

            def __post_init__(self) -> None:
                pass


def test_word_in_and_tuple_of_refuse_in_their_own_words():
    class Card(Action):
        card: str
        faces: tuple[int, ...] = ()
        CHECKS = {"card": word_in(("Owl", "Ant"), "{action}'s {field} must be {cards}; got {value}",
                                  cards="the Owl or the Ant"),
                  "faces": tuple_of("int", most=2, limit="MOST")}
        EXAMPLE = 'Card("Owl")'

    assert Card("Owl", [1, 2]).faces == (1, 2)
    with pytest.raises(IllegalAction, match=r"^Card's card must be a name, e.g. Card\(\"Owl\"\); got 7$"):
        Card(7)
    with pytest.raises(IllegalAction, match=r"^Card's card must be the Owl or the Ant; got 'owl'$"):
        Card("owl")
    with pytest.raises(IllegalAction, match=r"^Card's faces must be at most 2 faces \(MOST\), e.g. Card\(\"Owl\"\); "
                                            r"got more: \(1, 2, 3\)$"):
        Card("Owl", iter(range(1, 10**9)))           # read lazily: three items, not a billion
