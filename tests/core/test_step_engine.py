"""The step engine: checkpointed undo, clone(), copies, lazy event texts, words for any count."""

from __future__ import annotations

import pytest

from furlib import Furcle, Furglars
from furlib.core.engine.events import Event
from furlib.core.engine.game import Game
from furlib.core.engine.policy import RandomBot
from furlib.furcle import Dice, Roll
from furlib.furcle.bots import SatisfiedAt


def played(n_steps: int, seed: int = 4) -> Furcle:
    g = Furcle(["Ann", "Bob"], target=1000, seed=seed)
    bot = RandomBot(seed=1)
    for _ in range(n_steps):
        g.step(bot)
    return g


@pytest.mark.parametrize("back", [1, 5, 15, 16, 17, 40, 99])
def test_undo_across_checkpoints_restores_exactly(back):
    g = played(100)
    saved = {k: played(k).to_json() for k in (100 - back,)}
    g.undo(back)
    assert g.n_steps == 100 - back and g.to_json() == saved[100 - back]
    # and the random generator too: stepping on gives what the first game gave
    again, first = g.copy(), played(100)
    for _ in range(back):
        again.step(RandomBot(seed=1))
    assert again.to_json() == first.to_json()


def test_undo_messages():
    g = Furcle(seed=1)
    with pytest.raises(ValueError, match="nothing to undo: no action has been applied yet"):
        g.undo()
    g.step()
    with pytest.raises(ValueError, match="cannot undo 2 actions: only 1 has been applied"):
        g.undo(2)
    with pytest.raises(ValueError, match="n must be >= 1, got 0"):
        g.undo(0)


def test_clone_plays_on_like_the_game_without_history():
    g = played(30)
    c = g.clone()
    assert c.events == [] and c.actions == [] and c.n_steps == g.n_steps == 30
    bot = SatisfiedAt(10)
    for _ in range(20):
        assert g.step(bot) == c.step(bot)
    assert c.scores == g.scores and c._state == g._state
    c.undo(20)
    assert c._state == played(30)._state
    with pytest.raises(ValueError, match="nothing to undo: no action has been applied yet since this clone"):
        c.undo()
    with pytest.raises(ValueError, match="a clone keeps no history"):
        c.to_json()


def test_copy_and_at_are_independent():
    g = played(40)
    c = g.copy()
    c.step()
    assert c.n_steps == 41 and g.n_steps == 40
    early = g.at(10)
    assert early.n_steps == 10 and early.to_json() == played(10).to_json() and g.n_steps == 40


def test_a_failed_action_changes_nothing():
    class Exploding(Furcle):
        def _apply(self, action):
            super()._apply(action)
            if isinstance(action, Roll):
                raise RuntimeError("boom")

    g = Exploding(["Ann", "Bob"], seed=2).apply(Dice((2, 2, 3, 4, 5)))
    before = g.to_json()
    with pytest.raises(RuntimeError, match="boom"):
        g.apply(Roll())
    assert g.to_json() == before


def test_event_texts_are_made_when_read():
    made = []

    def text():
        made.append(1)
        return "Ann rolls"

    e = Event(1, 1, "Ann", "roll", text)
    assert made == []
    assert e.text == "Ann rolls" and made == [1]
    assert str(e) == "   1  Ann rolls" and made == [1, 1]       # made at each reading: only the maker is kept
    assert e == Event(1, 1, "Ann", "roll", "Ann rolls")


def test_an_event_text_can_be_a_recipe_that_keeps_only_its_arguments():
    from furlib.core.words import act

    e = Event(4, 2, "You", "bank", (act, "You", "banks 7 points"))
    assert e.text == "You bank 7 points" and e == Event(4, 2, "You", "bank", "You bank 7 points")
    assert tuple.__getitem__(e, 4) == (act, "You", "banks 7 points")   # no closure, no string kept
    with pytest.raises(TypeError, match="an event's text is a string, a game's texts, a function or a recipe"):
        Event(1, 1, "Ann", "roll", ("not", "a recipe"))


def test_texts_agree_with_you_and_one():
    g = Furcle(["You", "Bob"], seed=1).roll(2, 2, 3, 4, 5)
    g.apply(Roll())
    assert g.events[-1].text == "You are not Satisfied: turn score 2, and roll 2 dice again"
    f = Furglars(["You", "Bob"], seed=3).play()
    assert all("1 dice" not in e.text and "1 Locks" not in e.text for e in f.events)


def test_no_scores_game_fits_the_protocol():
    """A game without scores (Thieves) has an empty scores dict and no score columns."""
    from furlib import Thieves

    g = Thieves(["Ann", "Bob"], seed=1)          # a game without scores: its state has none
    assert "scores" not in g._state.names()
    assert g.scores == {} and "scores" not in repr(g)
    assert {"Ann", "Bob"}.isdisjoint(g.history.columns)
    g.step()
    assert g.events[-1].scores == () and "Ann" not in g.history.columns and g.view("Bob").scores == {}


def test_play_interrupted_mid_game_puts_the_game_back_where_the_call_began():
    """A Stop button raises KeyboardInterrupt inside whatever runs: play() leaves the game whole, at its start."""
    from furlib.furcle.bots import SatisfiedAt

    g = Furcle(2, seed=7)
    g.step()
    g.step()
    before, calls = g.to_json(), [0]

    def stopped(game):
        calls[0] += 1
        if calls[0] == 30:
            raise KeyboardInterrupt
        return SatisfiedAt(20)(game)

    with pytest.raises(KeyboardInterrupt):
        g.play(stopped)
    assert g.to_json() == before and g.n_steps == 2
    g.play(SatisfiedAt(20))                       # and it plays on exactly as a game never interrupted
    fresh = Furcle(2, seed=7)
    fresh.step()
    fresh.step()
    assert g.to_json() == fresh.play(SatisfiedAt(20)).to_json()


def test_chance_phase_or_is_chance_say_when_chance_plays():
    from furlib.pig import Pig
    from furlib.pig.rules import PigRules

    class PigRulesByCall(PigRules):   # the same rules, their chance points told by a method
        CHANCE_PHASE = None

        def is_chance(self, state):
            return state.phase == "roll"

    class PigByCall(Pig):
        def __init__(self, seed):
            Game.__init__(self, 2, seed=seed)
            self._begin(PigRulesByCall(2, target=100))

    assert PigRules.CHANCE_PHASE == "roll" and Furcle.CHANCE_PHASE == "roll"
    for seed in range(5):
        a, b = Pig(seed=seed).play(), PigByCall(seed=seed).play()
        assert [str(x) for x in a.actions] == [str(x) for x in b.actions] and a.winner == b.winner
        assert a.n_steps > 10
