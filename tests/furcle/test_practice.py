"""Oh Furcle! without a target (``target=None``, practice): the lessons' way to watch one player's turns.

A practice game has no Leader and never ends by itself; it is stepped turn by turn, saved and loaded like
any game, and ``play()`` refuses it at once instead of running into the step limit. A target is 1 to
``MAX_TARGET`` or None, nothing else.
"""

from __future__ import annotations

import pytest

from furlib import Furcle
from furlib.furcle.bots import BeekinSmart, SatisfiedAt
from furlib.furcle.rules import MAX_TARGET


def practice(turns: int, seed: int = 3) -> Furcle:
    g = Furcle(players=["Ann"], target=None, seed=seed)
    while g.turn <= turns:
        g.step(BeekinSmart())
    return g


def test_a_practice_game_has_no_leader_and_goes_on():
    g = practice(400)
    assert g.turn == 401 and not g.is_over and g.leader is None and g.winner is None
    assert g.scores["Ann"] > MAX_TARGET                  # past any target a game could have: still no Leader
    assert "Leader" not in g.log()
    g.check_invariants()


def test_a_practice_game_is_the_same_dice_as_a_game_with_a_target():
    """Only the Leader rule reads the target: before anyone reaches it, the two games are the same."""
    a, b = Furcle(players=["Ann"], target=None, seed=9), Furcle(players=["Ann"], target=MAX_TARGET, seed=9)
    while a.scores["Ann"] < 200:
        assert a.step(SatisfiedAt(20)) == b.step(SatisfiedAt(20))
    assert a.log() == b.log()


def test_a_practice_game_saves_and_loads():
    g = practice(30)
    text = g.to_json()
    assert "\"target\":null" in text
    again = Furcle.from_json(text)
    assert again.to_json() == text and again.target is None
    again.undo(5)
    assert again.n_steps == g.n_steps - 5


def test_play_refuses_a_game_that_cannot_end_at_once():
    g = practice(2)
    before = g.to_json()
    with pytest.raises(ValueError, match=r"^this game has no target \(target=None, practice\), so nobody ever wins "
                                         r"and play\(\) would never end: play it turn by turn with step\(\)"):
        g.play()
    assert g.to_json() == before
    with pytest.raises(RuntimeError):                    # a number of actions, as for any game: then it stops
        g.play(max_steps=10)


@pytest.mark.parametrize("target, words", [
    (0, "target must be >= 1, got 0"),
    (MAX_TARGET + 1, f"target must be between 1 and {MAX_TARGET} (MAX_TARGET: a game to it ends within a few thousand "
                     f"actions) or None (practice: no target), got {MAX_TARGET + 1}"),
    (10**12, f"target must be between 1 and {MAX_TARGET} (MAX_TARGET: a game to it ends within a few thousand "
             f"actions) or None (practice: no target), got 1000000000000"),
    ("50", "target must be a whole number, got '50'"),
    (50.0, "target must be a whole number, got 50.0"),
    (True, "target must be a whole number, got True"),
])
def test_a_target_is_a_whole_number_up_to_the_limit_or_none(target, words):
    with pytest.raises(ValueError) as refused:
        Furcle(target=target)
    assert str(refused.value) == words


def test_the_picture_the_chart_and_the_app_say_practice():
    g = practice(3)
    assert "Practice: no target" in g.html() and "target=None" in repr(g)
    pytest.importorskip("plotly")
    from furlib.furcle.plots import score_trajectories

    assert score_trajectories(g).layout.title.text.startswith("Oh Furcle! practice, no target")
