"""The registry names every game; every registered game passes the conformance and leak checks."""

from __future__ import annotations

import subprocess
import sys

import pytest

import furlib
from furlib.core import registry
from furlib.core.engine.game import Game
from furlib.testing import check_game

ALL = registry.games(demos=True)
IDS = [info.name for info in ALL]


def test_the_registry_lists_the_games():
    names = [g.name for g in registry.games()]
    assert names[:2] == ["Furcle", "Furglars"] and len(set(names)) == len(names)
    assert "HighCard" in IDS and "HighCard" not in names      # a demo game: tested, not listed
    assert registry.get("Furcle").cls is furlib.Furcle
    assert registry.get(furlib.Furglars(seed=1)).title == "The Furglars"
    with pytest.raises(KeyError, match="registered games: .*'Furcle'"):
        registry.get("Chess")


def test_names_must_be_unique():
    info = registry.get("Furcle")
    with pytest.raises(ValueError, match="registered already"):
        registry.register(registry.GameInfo(name="Furcle", title="x", package="elsewhere", game="a:b",
                                            bot="a:b", render="a:b"))
    assert registry.register(info) is info      # registering the same entry again is harmless


@pytest.mark.parametrize("info", ALL, ids=IDS)
def test_every_entry_loads(info):
    cls = info.cls
    assert issubclass(cls, Game) and cls.__name__ == info.name
    game = cls(seed=1, **info.example_kwargs)
    bot = info.default_bot()
    assert callable(bot) and repr(bot)
    assert all(callable(b) for b in info.bot_classes().values())
    html = game._repr_html_()
    assert html == info.renderer()(game if not cls.HIDDEN_INFO else game.view(None))
    assert info.fast is None or callable(info.fast_hook())


@pytest.mark.parametrize("info", ALL, ids=IDS)
def test_every_registered_game_passes_check_game(info):
    report = check_game(info.cls, n_games=5, seed=11, kwargs=info.example_kwargs)
    assert report.games == 5 and report.steps > 0
    if info.cls.HIDDEN_INFO:
        assert report.leak_checks == report.steps + 5


@pytest.mark.parametrize("info", ALL, ids=IDS)
def test_rules_import_no_display_bots_or_app(info):
    """A rules module imports none of its game's renderer, bots, plots or app (no upward imports)."""
    rules = f"{info.package}.{info.game.partition(':')[0]}"
    code = (f"import sys, {rules}; "
            f"print(' '.join(sorted(m for m in sys.modules if m.startswith('{info.package}.') and "
            f"m.rpartition('.')[2] in ('render', 'bots', 'widget', 'plots', 'widget_settings'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == ""
