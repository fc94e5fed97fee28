"""``Rules.redact`` is given the game's live state (no copy first, core/engine/rules.py): making every seat's view
at every position of seeded games of the hidden-information games leaves the game exactly as it was."""

from __future__ import annotations

import pytest

import furlib  # noqa: F401  (registers every game)
from furlib.core.registry import games

HIDDEN = [i for i in games(demos=True) if i.cls.HIDDEN_INFO]


def test_the_hidden_information_games_are_checked():
    # every registered game with hidden information is checked below (a new one too): at least these two
    assert {"FurryPoker", "HighCard"} <= {i.name for i in HIDDEN}


@pytest.mark.parametrize("info", HIDDEN, ids=lambda i: i.name)
@pytest.mark.parametrize("seed", [1, 2])
def test_making_every_view_changes_nothing_in_the_game(info, seed):
    g = info.cls(seed=seed, **info.example_kwargs)
    positions = 0
    while not g.is_over:
        before, shown = g.to_json(), g.html(reveal=True)    # the save holds the whole live state
        views = [g.view(p) for p in (*g.players, None)]
        assert g.to_json() == before and g.html(reveal=True) == shown
        drawn = [v.html() for v in views]
        g.step()                                            # the default bot, or chance
        # and each view is a snapshot of its position: the game played on changes nothing it shows
        assert [v.html() for v in views] == drawn
        positions += 1
    assert positions > 10
