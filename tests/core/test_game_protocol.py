"""The shared Game protocol, exercised through Furcle."""

import json
import subprocess
import sys

import pandas as pd
import pytest

from furlib import Furcle, GameOver, IllegalAction, RandomBot
from furlib.furcle import Beekin, Dice, Roll, Satisfied
from furlib.furcle.bots import SatisfiedAt


def test_same_seed_same_game_and_different_seed_different_game():
    a = Furcle(seed=11).play()
    b = Furcle(seed=11).play()
    c = Furcle(seed=12).play()
    assert a.to_json() == b.to_json()
    assert a.log() == b.log()
    assert a.log() != c.log()


def test_unseeded_game_records_the_seed_it_drew():
    g = Furcle().play()
    again = Furcle(seed=g.seed).play()
    assert again.log() == g.log()


def test_undo_restores_exact_state_including_rng():
    g = Furcle(seed=5)
    states = [g.to_json()]
    for _ in range(12):
        g.step()
        states.append(g.to_json())
    for k in range(12, 0, -1):
        g.undo()
        assert g.to_json() == states[k - 1]
    # the dice rolled after undo are the same as before: the RNG was restored
    g.step()
    assert g.to_json() == states[1]


def test_undo_several_and_errors():
    g = Furcle(seed=5)
    with pytest.raises(ValueError, match="nothing to undo: no action has been applied yet"):
        g.undo()
    g.step()
    g.step()
    g.step()
    start = g.at(0).to_json()
    g.undo(3)
    assert g.to_json() == start
    g.step()
    with pytest.raises(ValueError, match="cannot undo 2 actions: only 1 has been applied"):
        g.undo(2)
    with pytest.raises(ValueError, match="whole number"):
        g.undo("1")


def test_at_returns_a_rewound_copy_and_leaves_the_game():
    g = Furcle(seed=2).play()
    n = g.n_steps
    early = g.at(4)
    assert early.n_steps == 4 and g.n_steps == n
    assert early.to_json() == Furcle(seed=2).play(max_steps=10_000).at(4).to_json()
    with pytest.raises(ValueError, match=f"between 0 and {n}"):
        g.at(n + 1)


def test_copy_is_independent():
    g = Furcle(seed=3)
    h = g.copy()
    h.step()
    assert g.n_steps == 0 and h.n_steps == 1
    assert h.undo().to_json() == g.to_json()


def test_json_round_trip_keeps_history_and_undo():
    g = Furcle(players=["Ann", "Bob"], seed=9)
    for _ in range(7):
        g.step()
    g2 = Furcle.from_json(g.to_json())
    assert g2.to_json() == g.to_json()
    assert g2.log() == g.log()
    g.undo()
    g2.undo()
    assert g2.to_json() == g.to_json()


def test_json_round_trip_with_rigged_rolls():
    g = Furcle(seed=9)
    g.apply(Dice((3, 3, 5, 6, 1))).apply(Beekin(2)).apply(Roll()).step()
    assert Furcle.from_json(g.to_json()).to_json() == g.to_json()


@pytest.mark.parametrize("mutate, match", [
    (lambda d: "not json", "invalid JSON"),
    (lambda d: [], "not a saved furlib game"),
    (lambda d: {**d, "game": "Thieves"}, "saved 'Thieves' game, not 'Furcle'"),
    (lambda d: {**d, "version": 99}, "unsupported save version 99"),
    (lambda d: {**d, "params": {**d["params"], "target": -3}}, "target must be >= 1, got -3"),
    (lambda d: {**d, "params": {**d["params"], "colour": 1}}, "bad parameters"),
    (lambda d: {**d, "actions": d["actions"] + [{"type": "Satisfied", "rng": False}]}, "not legal"),
    (lambda d: {**d, "actions": [{"type": "Shuffle"}]}, "unknown action type 'Shuffle'"),
    (lambda d: {**d, "actions": [{"type": "Dice", "faces": [1, 2, 3, 4, 5], "rng": True}]}, "the seed rolls"),
    (lambda d: {**d, "state": {**d["state"], "scores": [99, 0]}}, "does not match"),
])
def test_from_json_refuses_bad_saves(mutate, match):
    g = Furcle(seed=4)
    g.step()
    g.step()
    doc = json.loads(g.to_json())
    bad = mutate(doc)
    text = bad if isinstance(bad, str) else json.dumps(bad)
    with pytest.raises(ValueError, match=match):
        Furcle.from_json(text)


def test_history_is_a_dataframe_with_one_row_per_event():
    g = Furcle(players=["Ann", "Bob"], seed=1)
    assert list(g.history.columns[:7]) == ["step", "turn", "player", "event", "text", "Ann", "Bob"]
    assert g.history.empty
    g.play()
    h = g.history
    assert isinstance(h, pd.DataFrame) and len(h) == len(g.events)
    last = h.iloc[-1]
    assert last["event"] == "win" and last["player"] == g.winner
    assert (last["Ann"], last["Bob"]) == (g.scores["Ann"], g.scores["Bob"])
    banked = h[h.event == "satisfied"].groupby("player")["points"].sum()
    for name in g.players:
        assert banked.get(name, 0) == g.scores[name]


def test_step_asks_the_policy_and_resolves_chance_itself():
    g = Furcle(seed=1)
    assert isinstance(g.step(lambda game: pytest.fail("no decision at a chance point")), Dice)
    assert g.n_steps == 1 and not g.is_chance
    g.undo()
    g.apply(Dice((2, 2, 3, 4, 5)))
    seen = []
    assert g.step(lambda game: seen.append(game) or Satisfied()) == Satisfied()
    assert seen == [g] and g.scores["Player 1"] == 2


def test_step_refuses_an_illegal_policy_choice():
    g = Furcle(seed=1)
    g.apply(Dice((1, 2, 3, 4, 4)))
    before = g.to_json()
    with pytest.raises(IllegalAction, match="policy"):
        g.step(lambda game: "pass")
    assert g.to_json() == before


def test_play_policies_by_seat_and_by_name():
    a = Furcle(players=["Ann", "Bob"], seed=3).play(SatisfiedAt(10), SatisfiedAt(30))
    b = Furcle(players=["Ann", "Bob"], seed=3).play({"Ann": SatisfiedAt(10), "Bob": SatisfiedAt(30)})
    assert a.to_json() == b.to_json()
    with pytest.raises(ValueError, match="one per player"):
        Furcle(players=3).play(SatisfiedAt(10), SatisfiedAt(30))
    with pytest.raises(ValueError, match="unknown player names"):
        Furcle(players=["Ann", "Bob"]).play({"Cy": SatisfiedAt(10)})
    with pytest.raises(ValueError, match="callable"):
        Furcle().play(5)


def test_play_is_bounded():
    with pytest.raises(RuntimeError, match="max_steps=3"):
        Furcle(seed=1).play(max_steps=3)


def test_step_after_the_end_raises_game_over():
    g = Furcle(seed=1).play()
    with pytest.raises(GameOver):
        g.step()


def test_chance_outcomes_only_at_chance_points():
    g = Furcle(seed=1)
    g.apply(Dice((1, 1, 2, 3, 4)))
    with pytest.raises(ValueError, match="is_chance"):
        g.chance_outcomes()


def test_random_bot_is_deterministic_and_legal():
    bot = RandomBot(seed=3)
    a = Furcle(seed=8).play(bot)
    b = Furcle(seed=8).play(RandomBot(seed=3))
    assert a.to_json() == b.to_json()
    with pytest.raises(ValueError, match="seed"):
        RandomBot(seed=-2)


def test_repr_is_readable():
    g = Furcle(players=["Ann", "Bob"], seed=1)
    assert repr(g).startswith("<Furcle ['Ann', 'Bob'] target=50")
    assert "Ann to roll" in repr(g)


def test_import_furlib_is_light():
    code = ("import sys, furlib; heavy = [m for m in ('plotly', 'ipywidgets', 'IPython', 'pandas') "
            "if m in sys.modules]; print(','.join(heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


@pytest.mark.parametrize("name", ["turn", "text", "points", "faces"])
def test_player_names_cannot_shadow_history_columns(name):
    with pytest.raises(ValueError, match="taken by columns of the game history"):
        Furcle(players=["Ann", name])


class _UndoForgetsTheTurn(Furcle):
    """An engine whose undo leaves the turn counter one ahead (a planted bug)."""

    def undo(self, n=1):
        super().undo(n)
        self._state.turn += 1
        return self


class _RefusalChangesTheGame(Furcle):
    """An engine that counts a refused action in its state (a planted bug)."""

    def _why_illegal(self, action):
        self._state.turn_score += 1
        return super()._why_illegal(action)


@pytest.mark.parametrize("cls, message", [
    (_UndoForgetsTheTurn, r"_UndoForgetsTheTurn\(seed=0, \*\*\{\}\) at step 0: undo\(\) did not restore the state"),
    (_RefusalChangesTheGame, r"at step 1: a refused action changed the game"),   # step 0 is a roll
])
def test_check_game_catches_a_planted_undo_or_refusal_bug(cls, message):
    from furlib.testing import check_game

    with pytest.raises(AssertionError, match=message):
        check_game(cls, n_games=1, seed=0, json_every=7)


class _UndoMovesTheStream(Furcle):
    """An engine whose undo, from the third action on, leaves the random stream one number further (a planted
    bug that only the generator's state shows: the state, the actions and the events are restored)."""

    def undo(self, n=1):
        super().undo(n)
        if self.n_steps >= 2:
            self._timeline.sync()
            self._timeline.generator.integers(6)
        return self


class _UndoMakesAList(Furcle):
    """An engine whose undo leaves a tuple of the state a list of the same items (a planted bug: the JSON is
    the same, but the rules that read a tuple get another kind of value)."""

    def undo(self, n=1):
        super().undo(n)
        s = self._state
        for k in s.names():
            if type(getattr(s, k)) is tuple:
                setattr(s, k, list(getattr(s, k)))
        return self


class _ChanceLosesAnOutcome(Furcle):
    """A game whose chance outcomes leave one out (a planted bug: the chances sum to less than 1)."""

    def _chance_outcomes(self):
        return super()._chance_outcomes()[:-1]


@pytest.mark.parametrize("cls, message", [
    (_UndoMovesTheStream, r"at step 2: undo\(\) did not restore the state"),
    (_UndoMakesAList, r"at step 0: undo\(\) did not restore the state"),
    (_ChanceLosesAnOutcome, r"at step 0: chance probabilities sum to 7775/7776, not 1"),
])
def test_check_game_compares_the_generator_and_the_kinds_of_values_between_json_checks(cls, message):
    """Between the whole JSON checks (here one step in 1,000), undo is held to the generator's state and to the
    state's values by ``==`` (a tuple is not a list), and the chances of a roll must sum to exactly 1."""
    from furlib.testing import check_game

    with pytest.raises(AssertionError, match=message):
        check_game(cls, n_games=1, seed=0, json_every=1000)


def test_exact_total_is_the_sum_of_fractions():
    from fractions import Fraction

    from furlib.core.engine.chance import dice_outcomes
    from furlib.testing import exact_total

    for dice in range(1, 6):
        chances = [p for _, p in dice_outcomes(dice, range(1, 7))]
        assert exact_total(chances) == sum(chances) == 1
    mixed = [Fraction(1, 3), Fraction(1, 4), Fraction(1, 6), 0, 1, Fraction(-1, 12), Fraction(5, 7)]
    assert exact_total(mixed) == sum(mixed) == Fraction(50, 21)   # 3/4 + 1 - 1/12 + 5/7
    assert exact_total([]) == 0


def test_is_legal_agrees_with_legal_actions_in_every_game():
    """Game.is_legal(a) is ``a in legal_actions()`` at every decision of a seeded game of each registered game;
    False for a non-action, at a chance point, after the end and in the view of a player not to move."""
    from furlib.core.engine.policy import RandomBot
    from furlib.core.registry import games

    for info in games(demos=True):
        g = info.cls(seed=5, **info.example_kwargs)
        bot = RandomBot(seed=5)
        decisions = 0
        while not g.is_over:
            if g.is_chance:
                assert not g.is_legal(g.chance_outcomes()[0][0])
                g.step()
                continue
            legal = g.legal_actions()
            assert all(g.is_legal(a) for a in legal) and not g.is_legal("banana")
            waiting = [p for p in g.players if p != g.current_player]
            if waiting:
                assert not g.view(waiting[0]).is_legal(legal[0])
            decisions += 1
            g.step(bot)
        assert decisions and not g.is_legal("banana")


def test_history_details_keep_their_kind_where_some_events_leave_them_empty():
    """The details' columns, written out by hand: whole numbers stay whole (pandas' Int64, <NA> where an
    event has none), words and flags stay as they are (NaN where missing), a tuple becomes a list, and
    the columns come in the order the events first give them (or the game's chosen order)."""
    import math

    from furlib.core.engine.events import Event
    from furlib.core.engine.history import history_frame

    events = [Event(0, 1, "Ann", "roll", "Ann rolls 2, 5", {"faces": (2, 5), "points": 7}, (0, 0)),
              Event(1, 1, "Ann", "bank", "Ann banks", {"safe": True, "points": 7.0}, (7, 0)),
              Event(2, 2, None, "note", "A note", {"word": "Owl"}, (7, 0))]
    h = history_frame(events, ["Ann", "Bob"])
    assert list(h.columns) == ["step", "turn", "player", "event", "text", "Ann", "Bob", "faces", "points",
                               "safe", "word"]
    assert h["points"].dtype == "Int64" and h["points"].tolist()[:2] == [7, 7] and h["points"].isna().tolist() == [
        False, False, True]
    assert h["faces"].tolist()[0] == [2, 5] and math.isnan(h["faces"][1])
    assert h["safe"].dtype == object and h["safe"][1] is True and math.isnan(h["safe"][0])
    assert h["word"].tolist()[2] == "Owl" and h["player"].isna().tolist() == [False, False, True]
    assert h["step"].dtype == "int64" and h["Ann"].tolist() == [0, 7, 7]
    chosen = history_frame(events, ["Ann", "Bob"], with_scores=False, fields=("word", "points", "absent"))
    assert list(chosen.columns) == ["step", "turn", "player", "event", "text", "word", "points"]
    assert history_frame([], ["Ann", "Bob"]).empty
