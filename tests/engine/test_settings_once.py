"""Each setting of a game is declared once: ``ACTIONS`` and ``CHANCE_PHASE`` on its rules class,
``EVENT_FIELDS``, ``HISTORY_FIELDS``, ``HIDDEN_INFO`` and ``CHANCE_VERB`` on its view class; the game class
reads them from there, and declaring one on the game as well is refused."""

from __future__ import annotations

import pytest

import furlib  # noqa: F401  (registers every game)
from furlib.core.engine.match import FROM_RULES, FROM_VIEW
from furlib.core.registry import games
from furlib.nim import Nim
from furlib.nim.rules import NimRules
from furlib.nim.views import NimView


@pytest.mark.parametrize("info", games(demos=True), ids=lambda info: info.name)
def test_every_game_reads_its_settings_from_its_rules_and_its_view(info):
    cls = info.cls
    for name in FROM_RULES:
        assert getattr(cls, name) == getattr(cls.RULES, name), name
    for name in FROM_VIEW:
        assert getattr(cls, name) == getattr(cls.VIEW, name), name
    assert cls.VIEW.GAME == info.name


def test_a_setting_declared_on_the_game_as_well_is_refused():
    with pytest.raises(TypeError, match=r"Twice\.EVENT_FIELDS is read from VIEW \(NimView\.EVENT_FIELDS\)"):
        type("Twice", (Nim,), {"RULES": NimRules, "VIEW": NimView, "EVENT_FIELDS": ("heap",)})
    with pytest.raises(TypeError, match=r"Twice\.ACTIONS is read from RULES \(NimRules\.ACTIONS\)"):
        type("Twice", (Nim,), {"RULES": NimRules, "ACTIONS": ()})


def test_a_subclass_of_a_game_inherits_its_settings():
    class Variant(Nim):
        pass

    assert Variant.ACTIONS == NimRules.ACTIONS and Variant.EVENT_FIELDS == NimView.EVENT_FIELDS
