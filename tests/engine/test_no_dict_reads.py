"""Nothing asks a game, its rule set, its actions or a board for its ``__dict__`` while the game is made and played.

On CPython 3.11 an object asked for its ``__dict__`` keeps its attributes in a real dict from then on, and every
later read of them is slower: ``fixed()`` once set every game's parameters through ``game.__dict__``, which cost
about 5% of a game of Oh Furcle! or The Furglars (benchmarks/README.md). Each check below watches the lookups of
``__dict__`` on one kind of object (a subclass whose ``__getattribute__`` notes them) through a game's making,
its steps and what a student reads of it.
"""

from __future__ import annotations

from typing import Any

import pytest

from furlib.core import registry


def _watched(cls: type, seen: list[str]) -> type:
    """A subclass of ``cls`` that notes every lookup of ``__dict__`` on its objects in ``seen``."""

    def __getattribute__(self: Any, name: str) -> Any:
        if name == "__dict__":
            seen.append(type(self).__name__)
        return super(watched, self).__getattribute__(name)

    watched = type(cls.__name__, (cls,), {"__getattribute__": __getattribute__, "__module__": cls.__module__})
    return watched


GAMES = [info for info in registry.games(demos=True)]


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.name)
def test_a_game_is_never_asked_for_its_dict(info: Any) -> None:
    seen: list[str] = []
    game = _watched(info.cls, seen)(**info.example_kwargs, seed=3)
    for _ in range(30):
        if game.is_over:
            break
        game.step()
    game.legal_actions(), game.scores, game.params, repr(game)
    assert seen == []


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.name)
def test_a_rule_set_is_never_asked_for_its_dict(info: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's module makes its rule set from a watched class (made, sealed and kept anew for it), then the game
    is played: no lookup of the rule set's ``__dict__``."""
    seen: list[str] = []
    rules_class = type(info.cls(**info.example_kwargs, seed=3).rules)
    made = _watched(rules_class, seen)
    names = info.cls.__init__.__globals__          # where the game's constructor finds its rules class
    assert names.get(rules_class.__name__) is rules_class
    monkeypatch.setitem(names, rules_class.__name__, made)
    game = info.cls(**info.example_kwargs, seed=3)
    assert type(game.rules) is made
    for _ in range(30):
        if game.is_over:
            break
        game.step()
    game.legal_actions(), repr(game)
    assert seen == []


def test_an_action_shown_is_not_asked_for_its_dict() -> None:
    """An action shown by its ``TEXT`` (High Card's cards, Thieves' rolls) fills it from its fields."""
    from furlib.highcard.actions import Play

    seen: list[str] = []
    action = _watched(Play, seen)("Ant")
    assert str(action) == "play the Ant" and seen == []


def test_a_board_is_not_asked_for_its_dict() -> None:
    from furlib.thieves.board import Board

    seen: list[str] = []
    board = _watched(Board, seen).default()
    assert board.rows > 0 and board.doors
    assert seen == []
