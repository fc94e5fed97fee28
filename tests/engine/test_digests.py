"""Every game plays and shows exactly as before the core's rebuild (issue 32).

``digests.json`` holds sha256 digests, recorded before the rebuild began, of the saves, logs, histories,
reprs, HTML and views of 1,018 seeded games of the four games and the two demo games (every bot, the rule
variants; see ``digests.py``). Each step of the rebuild keeps them equal. The quick run checks about a tenth
of the games; the full run all of them.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

_SPEC = importlib.util.spec_from_file_location("engine_digests", Path(__file__).with_name("digests.py"))
assert _SPEC is not None and _SPEC.loader is not None
digests = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(digests)
RECORDED, count, digest, specs = digests.RECORDED, digests.count, digests.digest, digests.specs

RECORDS = json.loads(RECORDED.read_text())


def test_the_digests_cover_a_thousand_games_of_every_game():
    assert count(1) >= 1000
    assert {s[1].__name__ for s in specs()} == {"Furcle", "Furglars", "FurryPoker", "Thieves", "Pig", "HighCard"}


@pytest.mark.parametrize("spec", specs(0.1), ids=lambda s: s[0] if isinstance(s, tuple) else str(s))
def test_a_tenth_of_the_games_show_as_before(spec):
    label, cls, kwargs, bots, seeds = spec
    assert digest(label, cls, kwargs, bots, seeds) == RECORDS["quick"][label], label


@pytest.mark.slow
@pytest.mark.parametrize("spec", specs(1), ids=lambda s: s[0] if isinstance(s, tuple) else str(s))
def test_every_game_shows_as_before(spec):
    label, cls, kwargs, bots, seeds = spec
    assert digest(label, cls, kwargs, bots, seeds) == RECORDS["full"][label], label
