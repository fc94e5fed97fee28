"""Bad input from Python gets a clear error naming the bad value, and changes nothing (issue 8)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from furlib import Furcle, Furglars, IllegalAction
from furlib.furcle import Beekin, Dice, Roll
from furlib.furglars import BreakLock
from furlib.furglars import Roll as FRoll


def test_numpy_integers_are_stored_as_plain_ints_and_saves_work():
    g = Furcle(["Ann", "Bob"], seed=1)
    g.roll(*np.array([2, 2, 3, 4, 5]))
    g.apply(Beekin(np.int64(2)))
    assert type(g.actions[0].faces[0]) is int and type(g.actions[1].die) is int
    assert Furcle.from_json(g.to_json()).to_json() == g.to_json()


@pytest.mark.parametrize("make, message", [
    (lambda: Beekin(1.0), r"Beekin.s die must be a whole number, e.g. Beekin\(0\) for the first die; got 1.0"),
    (lambda: Beekin(True), "got True"),
    (lambda: Beekin("0"), "got '0'"),
    (lambda: Dice(5), r"Dice's faces must be a list of whole numbers, e.g. Dice\(\(3, 3, 5, 6, 1\)\); got 5"),
    (lambda: Dice((1, 2.5)), "got \\(1, 2.5\\)"),
    (lambda: FRoll(5), "Roll's faces must be a list of words"),
    (lambda: BreakLock(3), "BreakLock's player must be a name"),
])
def test_malformed_actions_are_refused_when_made(make, message):
    with pytest.raises(IllegalAction, match=message):
        make()


def _save_with(action: dict) -> str:
    g = Furcle(["Ann", "Bob"], seed=1)
    doc = json.loads(g.to_json())
    doc["actions"] = [action]
    return json.dumps(doc)


@pytest.mark.parametrize("text, message", [
    (_save_with({"rng": False, "type": "Dice", "faces": 5}), "saved action 0: bad fields for action Dice"),
    (_save_with({"rng": False, "type": "Dice", "faces": None}), "saved action 0: bad fields for action Dice"),
    (_save_with({"rng": False, "type": "Beekin", "die": 1.0}), "saved action 0: bad fields for action Beekin"),
    (_save_with({"rng": "yes", "type": "Roll"}), "'rng' must be true or false"),
    ("[" * 100_000, "nested too deeply"),
    ("{", "invalid JSON"),
])
def test_every_bad_save_is_a_value_error(text, message):
    with pytest.raises(ValueError, match=message):
        Furcle.from_json(text)


def test_a_refused_roll_changes_nothing():
    g = Furcle(["Ann", "Bob"], seed=1).roll(2, 2, 3, 4, 5)
    before, log = g.to_json(), g.log()
    with pytest.raises(IllegalAction, match="Ann rolls 2 dice, so give 2 faces; got \\(3, 3, 3\\)"):
        g.roll(3, 3, 3)
    assert g.to_json() == before and g.log() == log and "is not Satisfied" not in g.log()


def test_roll_after_the_game_says_so():
    g = Furcle(["Ann", "Bob"], seed=3).play()
    with pytest.raises(IllegalAction, match=r"the game is over \(\w+ won\); nobody rolls any more"):
        g.roll()


def test_step_with_an_action_hints_at_apply():
    g = Furcle(seed=1).roll(2, 2, 3, 4, 5)
    with pytest.raises(ValueError, match=r"step\(\) takes a policy.*use apply\(Roll\(\)\)"):
        g.step(Roll())


@pytest.mark.parametrize("last, message", [(-1, "last must be >= 0, got -1"), ("x", "last must be a whole number")])
def test_log_last_is_checked(last, message):
    g = Furcle(seed=1).roll(2, 2, 3, 4, 5)
    with pytest.raises(ValueError, match=message):
        g.log(last=last)
    assert g.log(last=0) == "" and g.log(last=1) == g.log()


def test_a_beekin_that_breaks_a_pair_says_now_all_different():
    g = Furcle(["Ann", "Bob"], seed=1).roll(3, 3, 5, 1, 6)
    g.apply(Beekin(0))                      # 3 -> 4: 4,3,5,1,6 has no pair left
    assert g.events[-2].text.endswith("A 3 becomes a 4: now all different")


def test_furcle_takes_any_number_of_players():
    assert len(Furcle(13).players) == 13


def test_the_step_limit_says_what_to_do():
    g = Furcle(["Ann", "Bob"], target=1000, seed=1)
    with pytest.raises(RuntimeError, match=r"max_steps=200 actions \(it is left at turn \d+\); call "
                                           r"play\(max_steps=\.\.\.\) with a larger limit"):
        g.play(max_steps=200)


def test_furglars_refuses_a_game_nobody_can_win():
    with pytest.raises(ValueError, match="nobody could ever score: with no Hand or X on the faces nobody's dice "
                                         "ever move, so a player cashes in at most 1 Furgle at once"):
        Furglars(2, dice_per_player=1, faces=("furgle", "lock"), chart=lambda n: n // 2)
    Furglars(2, dice_per_player=2, faces=("furgle", "lock"), chart=lambda n: n // 2)   # 2 Furgles pay 1


# ------------------------------------------------- a game's parameters are fixed when it is made
def _registered() -> list:
    from furlib.core.registry import games
    return games(demos=True)


@pytest.mark.parametrize("info", _registered(), ids=lambda i: i.name)
def test_every_parameter_of_every_game_is_fixed_when_the_game_is_made(info):
    """Changing a parameter mid-game would leave a game whose past (its moves, its save, its undo) and
    future follow different rules: each parameter the game saves is refused, by name, and nothing changes."""
    cls = info.cls
    g = cls(seed=5, **info.example_kwargs)
    for _ in range(6):
        if not g.is_over:
            g.step(info.default_bot())
    before = g.to_json()
    params = json.loads(before)["params"]
    assert "players" in params
    for name in [*params, "seed"]:
        old = getattr(g, name)
        with pytest.raises(AttributeError, match=rf"a game's {name} is fixed when the game is made, so "
                                                 rf"{name} = 99 was not set: make a new game, e\.g\. "
                                                 rf"{cls.__name__}\({name}=99\)"):
            setattr(g, name, 99)
        assert getattr(g, name) is old
    assert g.to_json() == before
    assert cls.from_json(before).to_json() == before


@pytest.mark.parametrize("info", _registered(), ids=lambda i: i.name)
def test_reveal_is_the_one_switch_and_takes_only_true_or_false(info):
    g = info.cls(seed=5, **info.example_kwargs)
    for bad in ("yes", 1, None):
        with pytest.raises(ValueError, match=f"reveal must be True or False, got {bad!r}"):
            g.reveal = bad
    assert g.reveal is (not g.HIDDEN_INFO)
    g.reveal = True
    assert g.reveal is True and g.view(g.players[0]).reveal is (not g.HIDDEN_INFO)


def test_the_furglars_chart_is_fixed_and_shared_safely():
    g = Furglars(["Ann", "Bob"], chart=lambda n: n * (n + 1) // 2, seed=2)   # 0, 1, 3, 6, 10, ...
    with pytest.raises(TypeError, match=r"chart\[2\] = 9 was not set.*Furglars\(chart=\{0: 0, 1: 1, 2: 9, "):
        g.chart[2] = 9
    with pytest.raises(TypeError, match="Bullion chart is fixed"):
        g.chart.update({2: 9})
    assert g.chart[2] == 3 and Furglars(["Ann", "Bob"], seed=2).chart[2] == 2
    assert Furglars.from_json(g.to_json()).chart == g.chart
