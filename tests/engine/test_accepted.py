"""Actions made past their constructors (as hostile code could) never reach a save as they are: where the
rules have a quick test it refuses them, and where the engine looks the action up in the legal list, the
listed action is recorded (``Move(True, 1, 3, 'blue')`` equals ``Move(1, 1, 3, 'blue')`` but must not save
as ``true``). And a rule set is kept apart for parameters that are equal but of other types."""

from __future__ import annotations

import json

import pytest

from furlib.core.engine.rules import MAX_KEY_ITEMS
from furlib.nim import Nim, Take
from furlib.nim.rules import NimRules
from furlib.thieves import Move, Thieves


def _forced(cls: type, **fields: object) -> object:
    """An action of ``cls`` made past its constructor."""
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


def _thieves_at_a_choice() -> tuple[Thieves, Move]:
    """Thieves (seed 1) after its first roll, and its first legal Move (thief 1: ``True`` equals it)."""
    game = Thieves(seed=1, max_turns=20)
    game.step()
    first = game.legal_actions()[0]
    assert first == Move(1, 1, 3, "blue")
    return game, first


def test_a_forced_bool_the_rules_list_is_recorded_as_the_listed_int():
    game, first = _thieves_at_a_choice()
    forced = _forced(Move, thief=True, row=1, col=3, key="blue")
    assert forced == first
    game.apply(forced)
    assert game.actions[-1] is first and type(game.actions[-1].thief) is int
    plain, _ = _thieves_at_a_choice()
    assert json.loads(game.to_json()) == json.loads(plain.apply(first).to_json())
    assert Thieves.from_json(game.to_json()).to_json() == game.to_json()


def test_a_forced_bool_chosen_by_a_policy_is_recorded_as_the_listed_int():
    def chooser(g):   # the forced Move first, then the first legal action
        return _forced(Move, thief=True, row=1, col=3, key="blue") if g.n_steps == 1 else g.legal_actions()[0]

    for how in ("step", "play"):
        game, first = _thieves_at_a_choice()
        game.step(chooser) if how == "step" else game.play(chooser)
        assert game.actions[1] is first, how
        assert Thieves.from_json(game.to_json()).to_json() == game.to_json()


def test_a_quick_test_refuses_a_forced_bool_and_changes_nothing():
    game = Nim(heaps=(1, 2), seed=0)
    before = game.to_json()
    with pytest.raises(ValueError, match="not a legal move"):
        game.apply(_forced(Take, heap=1, count=True))
    assert game.to_json() == before


def test_a_forced_action_equal_to_nothing_listed_is_refused_unchanged():
    game, _ = _thieves_at_a_choice()
    before = game.to_json()
    with pytest.raises(ValueError, match="Legal now"):
        game.apply(_forced(Move, thief=1, row=1, col=3, key="mauve"))
    assert game.to_json() == before


def test_rule_sets_are_kept_apart_by_the_types_of_tuple_items():
    ints = NimRules.of(2, heaps=(3, 1))
    assert NimRules.of(2, heaps=(3, 1)) is ints
    with pytest.raises(ValueError, match="heaps"):
        NimRules.of(2, heaps=(3, True))   # a bool is no heap size, and is not taken for the kept (3, 1)


def test_a_huge_tuple_is_never_kept_and_is_refused_by_the_rules():
    with pytest.raises(ValueError, match="heaps"):
        NimRules.of(2, heaps=(1,) * (MAX_KEY_ITEMS + 1))
