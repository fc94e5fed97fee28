"""What many games share cannot be changed through what a caller is handed.

A rule set is made once per set of parameters and shared by every game played with them (``Rules.of``), and a
bot reaches it through its view (``view.rules``); the bridges keep one table of chance outcomes per context,
and the registry one entry per game. OpenSpiel's MCTS shuffled, in place, the list of chance outcomes the
bridge kept, and later games rolled other dice. So everything public on a rule set, a bridge's tables and the
registry's entries is immutable: a caller who changes what it is given gets an error, and no other game changes.
The rule set itself is sealed, too (``tests/engine/test_rules_sealed.py``): it refuses a new attribute.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import pytest

from furlib.core.registry import games, get

GAMES = games(demos=True)
_SCALARS = (int, float, str, bytes, bool, type(None), type, enum.Enum)


def mutable_parts(value: Any, path: str, seen: set[int]) -> list[str]:
    """The paths of the parts of ``value`` a caller could change (a list, a dict, a set, a mapping or object that
    takes a new item or attribute), looking into tuples, frozensets and read-only mappings."""
    if id(value) in seen or isinstance(value, _SCALARS) or callable(value):
        return []
    seen.add(id(value))
    if isinstance(value, (tuple, frozenset)):
        return [p for i, x in enumerate(value) for p in mutable_parts(x, f"{path}[{i}]", seen)]
    if isinstance(value, (list, set, bytearray)) or type(value) is dict:
        return [path]
    if isinstance(value, Mapping):
        try:     # a probe key no table holds, taken out again if it went in
            value["__probe__"] = None  # type: ignore[index]
        except (TypeError, AttributeError):   # a read-only mapping refuses it
            pass
        else:
            del value["__probe__"]  # type: ignore[attr-defined]
            return [path]
        return [p for k, x in value.items() for p in mutable_parts(x, f"{path}[{k!r}]", seen)]
    try:         # any other object: it must refuse a new attribute
        value._probe_ = None
    except (AttributeError, TypeError, dataclasses.FrozenInstanceError):   # slots, frozen or sealed
        return []
    del value._probe_
    return [path]


def public_values(obj: Any) -> dict[str, Any]:
    """Every public attribute of ``obj`` (its own and its class's) that is not a method."""
    values = {}
    for name in dir(obj):
        if not name.startswith("_"):
            value = getattr(obj, name)
            if not callable(value) or isinstance(value, (Mapping, list, set)):
                values[name] = value
    return values


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.name)
def test_a_rule_set_reached_through_a_view_holds_nothing_a_bot_could_change(info):
    g = info.cls(seed=1, **info.example_kwargs)
    for _ in range(30):                                  # the tables filled in play, too
        if not g.is_over:
            g.step()
    rules = g.view(g.players[0]).rules
    assert rules is g.rules
    found = [p for name, v in public_values(rules).items() for p in mutable_parts(v, name, set())]
    assert found == [], f"{info.name}'s rules hold changeable {found}: keep a table private or read-only"
    assert mutable_parts(rules, "rules", set()) == []     # the rule set itself refuses a new attribute (sealed)


def test_the_probe_finds_what_could_be_changed():
    class Loose:
        pass

    assert mutable_parts([1], "a", set()) == ["a"] and mutable_parts({"k": 1}, "b", set()) == ["b"]
    assert mutable_parts((1, ({2},)), "c", set()) == ["c[1][0]"]
    assert mutable_parts(MappingProxyType({"k": [1]}), "d", set()) == ["d['k']"]
    assert mutable_parts(Loose(), "e", set()) == ["e"]
    assert mutable_parts(MappingProxyType({"k": (1, "x")}), "f", set()) == []


def test_shared_action_tables_refuse_a_change():
    from furlib.furglars import events
    from furlib.highcard.actions import DEALS, PLAYS

    for table in (DEALS, PLAYS, events.FACTS):
        with pytest.raises(TypeError):
            table["Owl"] = None  # type: ignore[index]


def test_a_bridges_chance_table_is_read_only_and_its_params_a_copy():
    from furlib.bridges.encoders import make_encoder

    enc = make_encoder("Pig", players=2, target=20)
    g = enc.new_game(seed=3)
    table, listed = enc.chance_table(g)
    with pytest.raises(TypeError):
        table[0] = ("a six", 1.0)  # type: ignore[index]
    assert type(listed) is tuple and listed == tuple((i, p) for i, (_, p) in table.items())
    assert sum(p for _, p in listed) == pytest.approx(1)
    params = enc.params
    params["target"] = 5
    params["players"].append("Zed")                   # a list inside: the encoder's own is not handed out
    assert enc.params["target"] == 20 and enc.new_game(seed=3).params["target"] == 20
    assert enc.params["players"] == ["Player 1", "Player 2"] and len(enc.new_game(seed=3).players) == 2


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.name)
def test_a_registry_entry_is_read_only(info):
    entry = get(info.name)
    for table in (entry.bots, entry.example_kwargs):
        with pytest.raises(TypeError):
            table["x"] = 1  # type: ignore[index]
    assert mutable_parts(entry.example_kwargs, "example_kwargs", set()) == []
    assert set(entry.bot_classes()) == set(entry.bots)
