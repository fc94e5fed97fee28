"""A new game is small: the hooks of :class:`~furlib.core.engine.rules.Rules` each game implements, counted.

A game without hidden information needs at most seven (Nim, without chance, and Pig, with a die, are the
worked examples of docs/add-a-game.md, which names them); the defaults do the rest: ``sample`` draws one of
``n`` equally likely outcomes from the die's stream, and an outcome given at a chance point is looked up among
the listed ones and refused in ``why_illegal``'s words.
"""

from __future__ import annotations

import numpy as np
import pytest

import furlib  # noqa: F401  (registers every game)
from furlib.core.engine.rules import Rules
from furlib.core.registry import games
from furlib.nim.rules import NimRules
from furlib.pig import Die, Pig, Roll
from furlib.pig.rules import PigRules

HOOKS = ("params", "start", "legal_actions", "apply", "chance_outcomes", "sample", "is_chance", "check_chance",
         "is_legal", "why_illegal", "check", "redact", "secrets")


def implemented(rules: type[Rules]) -> list[str]:
    """The hooks ``rules`` writes itself (not the defaults of Rules)."""
    return [h for h in HOOKS if getattr(rules, h) is not getattr(Rules, h)]


def test_the_worked_examples_implement_seven_hooks():
    assert implemented(NimRules) == ["params", "start", "legal_actions", "apply", "is_legal", "why_illegal", "check"]
    assert implemented(PigRules) == ["params", "start", "legal_actions", "apply", "chance_outcomes", "why_illegal",
                                     "check"]


@pytest.mark.parametrize("info", [i for i in games(demos=True) if not i.cls.HIDDEN_INFO], ids=lambda i: i.name)
def test_no_game_without_hidden_information_writes_the_hooks_of_secrets(info):
    assert not {"redact", "secrets"} & set(implemented(info.cls.RULES))


def test_the_default_sample_rolls_pigs_die_from_the_stream():
    # the default draws one number from 0 to 5 of the game's stream, as Pig's own sample did: the same games
    g = Pig(seed=11)
    faces = []
    for _ in range(12):
        if g.is_over:
            break
        a = g.step(lambda game: Roll())
        if isinstance(a, Die):
            faces.append(a.face)
    expected = (np.random.Generator(np.random.PCG64(11)).integers(6, size=len(faces)) + 1).tolist()
    assert faces == expected


def test_an_outcome_is_looked_up_and_refused_in_the_rules_words():
    g = Pig(["Ann", "Bob"], seed=1)
    before = g.to_json()
    with pytest.raises(ValueError, match=r"^Ann is about to roll the die: call step\(\) to roll it, or give the "
                                         r"face, e\.g\. apply\(Die\(4\)\); got Roll\(\)\.$"):
        g.apply(Roll())
    assert g.to_json() == before
    forced = object.__new__(Die)
    object.__setattr__(forced, "face", True)          # equals Die(1): the listed Die(1) is recorded
    g.apply(forced)
    assert g.actions[-1] == Die(1) and type(g.actions[-1].face) is int
    bad = object.__new__(Die)
    object.__setattr__(bad, "face", 9)
    with pytest.raises(ValueError, match=r"the die shows 1 to 6; got Die\(face=9\)\."):
        Pig(seed=1).apply(bad)
