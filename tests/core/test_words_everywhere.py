"""Every text a player reads agrees with a player called "You" and with counts of 1, in every game."""

from __future__ import annotations

import re

import pytest

from furlib.core import registry
from furlib.testing import parse_html, visible_text

ALL = registry.games(demos=True)
BAD_YOU = re.compile(r"\bYou (is|has|was|wins|rolls|banks|says|steals|breaks|keeps|passes|cashes|takes|reaches|"
                     r"loses|chooses|plays|draws|moves|escapes|becomes|gets)\b")
BAD_ONE = re.compile(r"(?<![\d.,])1 (points|turns|dice|Furgles|Locks|Hands|Xs|tricks|cards|actions|Bullion Points|"
                     r"keys|thieves|steps)\b")


def texts_of(game) -> list[str]:
    out = [e.text for e in game.events_for(None)] + [repr(game)]
    out.append(visible_text(parse_html(game._repr_html_())))
    return out


@pytest.mark.parametrize("info", ALL, ids=[i.name for i in ALL])
def test_texts_for_you_and_for_one(info):
    cls = info.cls
    kwargs = dict(info.example_kwargs)
    n = kwargs.pop("players", cls.MIN_PLAYERS)
    players = ["You"] + [f"P{i}" for i in range(2, (n if isinstance(n, int) else len(n)) + 1)]
    seen = 0
    for seed in range(12):
        game = cls(players, seed=seed, **kwargs)
        game.reveal = True
        for step in range(400):
            if game.is_over:
                break
            game.step()
            if step % 7 == 0 or game.is_over:
                for t in texts_of(game):
                    assert not BAD_YOU.search(t), (seed, t)
                    assert not BAD_ONE.search(t), (seed, t)
                    seen += 1
    assert seen > 50
