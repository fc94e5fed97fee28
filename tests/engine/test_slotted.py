"""What the engine makes of a game's classes without the game saying so: a view and a state hold no
``__dict__`` (core/engine/table.py's Slotted, core/engine/state.py's State), a game keeps its own."""

from __future__ import annotations

import dataclasses
import importlib

import pytest

from furlib.core.engine.state import State
from furlib.core.registry import games


@pytest.mark.parametrize("info", games(demos=True), ids=lambda i: i.name)
def test_a_view_holds_no_dict_and_nothing_can_be_set_on_it_while_the_game_keeps_one(info):
    g = info.cls(seed=3, **info.example_kwargs)
    view = g.view(g.players[0])
    assert not hasattr(view, "__dict__")
    with pytest.raises(AttributeError, match="has no attribute 'note'"):
        view.note = "a secret passed on"
    g.note = "a game keeps the __dict__ of its match"
    assert g.note.startswith("a game")


@pytest.mark.parametrize("info", games(demos=True), ids=lambda i: i.name)
def test_a_games_state_is_a_slotted_dataclass_of_its_fields(info):
    module = importlib.import_module(f"{info.package}.state")
    (cls,) = [c for c in vars(module).values() if isinstance(c, type) and issubclass(c, State) and c is not State]
    assert dataclasses.is_dataclass(cls) and cls.__slots__ == cls.names()
    assert cls.names()[:2] == ("turn", "current")


def test_a_state_class_that_declares_its_slots_is_left_as_it_is():
    class Toy(State):
        __slots__ = ("a",)

    assert Toy.__slots__ == ("a",) and not dataclasses.is_dataclass(Toy)
