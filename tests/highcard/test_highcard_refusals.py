"""High Card's refusals read well for a player named "You" (found in review)."""

from __future__ import annotations

import pytest

from furlib.core.errors import IllegalAction
from furlib.highcard import HighCard, Play


def test_a_card_not_in_hand_is_refused_in_good_english_for_you():
    g = HighCard(["You", "Bob"], seed=1)
    while g.is_chance:
        g.step()
    assert g.current_player == "You" and Play("Cat") not in g.legal_actions()
    with pytest.raises(IllegalAction, match="^You have no 'Cat' in hand\\."):
        g.apply(Play("Cat"))
