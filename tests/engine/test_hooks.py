"""A new game is small: the hooks of :class:`~furlib.core.engine.rules.Rules` each game implements, counted.

A game without hidden information needs at most seven (Nim, without chance, and Pig, with a die, are the
worked examples of docs/add-a-game.md, which names them); the defaults do the rest: ``sample`` draws one of
``n`` equally likely outcomes from the die's stream, and an outcome given at a chance point is looked up among
the listed ones and refused in ``why_illegal``'s words. The dice games (Oh Furcle!, The Furglars, Thieves) take
their roll from :class:`~furlib.core.engine.dice.DiceChance`: its refusals are checked here for the three.
"""

from __future__ import annotations

import numpy as np
import pytest

import furlib  # noqa: F401  (registers every game)
from furlib import Furcle, Furglars, Thieves
from furlib.core.engine.dice import DiceChance
from furlib.core.engine.rules import Rules
from furlib.core.registry import games
from furlib.furcle.actions import Dice
from furlib.furcle.rules import FurcleRules
from furlib.furglars.actions import Done
from furlib.furglars.actions import Roll as FurglarsRoll
from furlib.furglars.rules import FurglarsRules
from furlib.nim.rules import NimRules
from furlib.pig import Die, Pig, Roll
from furlib.pig.rules import PigRules
from furlib.thieves.actions import KeepStake, OfferDouble
from furlib.thieves.actions import Roll as ThievesRoll
from furlib.thieves.rules import ThievesRules

HOOKS = ("params", "start", "legal_actions", "apply", "chance_outcomes", "sample", "is_chance", "check_chance",
         "is_legal", "why_illegal", "check", "redact", "secrets")


def implemented(rules: type[Rules]) -> list[str]:
    """The hooks ``rules`` writes itself: those whose nearest definition among its classes is in the game's code,
    not the engine's (the defaults of Rules, the deal of DeckChance, the roll of DiceChance)."""
    return [h for h in HOOKS
            if not next(k for k in rules.__mro__ if h in vars(k)).__module__.startswith("furlib.core.")]


def forced(cls: type, **fields: object) -> object:
    """An action of ``cls`` made past its constructor, with ``fields`` (what hostile code can give apply)."""
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


def test_the_worked_examples_implement_seven_hooks():
    assert implemented(NimRules) == ["params", "start", "legal_actions", "apply", "is_legal", "why_illegal", "check"]
    assert implemented(PigRules) == ["params", "start", "legal_actions", "apply", "chance_outcomes", "why_illegal",
                                     "check"]


@pytest.mark.parametrize("info", [i for i in games(demos=True) if not i.cls.HIDDEN_INFO], ids=lambda i: i.name)
def test_no_game_without_hidden_information_writes_the_hooks_of_secrets(info):
    assert not {"redact", "secrets"} & set(implemented(info.cls.RULES))


def test_every_game_without_hidden_information_writes_at_most_seven_hooks():
    open_games = {i.name: implemented(i.cls.RULES) for i in games(demos=True) if not i.cls.HIDDEN_INFO}
    assert {"Furcle", "Furglars", "Thieves", "Pig", "Nim"} <= set(open_games)
    assert {name: len(hooks) for name, hooks in open_games.items() if len(hooks) > 7} == {}


#: What each dice game declares for DiceChance (besides ROLLED and die_faces), and so writes itself.
DECLARED = {FurcleRules: ["dice_to_roll", "outcome_drawn"], FurglarsRules: ["dice_to_roll", "outcome_drawn"],
            ThievesRules: ["dice_to_roll", "outcome_of", "outcome_drawn", "refuse_at_roll"]}


@pytest.mark.parametrize("rules", list(DECLARED), ids=lambda r: r.__name__)
def test_the_dice_games_take_their_roll_from_dice_chance(rules):
    assert implemented(rules) == ["params", "start", "legal_actions", "apply", "is_legal", "why_illegal", "check"]
    assert all(getattr(rules, h) is getattr(DiceChance, h) for h in ("chance_outcomes", "sample", "check_chance"))
    own = [m for m in ("dice_to_roll", "outcome_of", "outcome_drawn", "refuse_at_roll")
           if getattr(rules, m) is not getattr(DiceChance, m)]
    assert own == DECLARED[rules]


FURGLARS_DIE = ("furgle", "furgle", "lock", "hand", "hand", "x")
THIEVES_DIE = ("red", "yellow", "green", "blue", "white", "black")


@pytest.mark.parametrize("seed", range(5))
def test_the_first_roll_of_each_dice_game_is_the_streams_first_numbers(seed):
    # the dice as numpy draws them from the seed (rng.integers(6, size=k)), each number read on the printed die
    def drawn(k):
        return np.random.Generator(np.random.PCG64(seed)).integers(6, size=k).tolist()
    assert Furcle(seed=seed).step() == Dice(tuple(i + 1 for i in drawn(5)))
    roll = Furglars(2, seed=seed).step()
    assert sorted(roll.faces) == sorted(FURGLARS_DIE[i] for i in drawn(5))
    g = Thieves(seed=seed)
    assert g.is_chance
    assert sorted(g.step().keys) == sorted(THIEVES_DIE[i] for i in drawn(2))


def refused(game, outcome) -> str:
    """The sentence refusing ``outcome`` at the game's roll; the game is unchanged."""
    before = game.to_json()
    with pytest.raises(ValueError) as info:
        game.apply(outcome)
    assert game.to_json() == before
    return str(info.value)


def test_oh_furcle_refuses_a_roll_in_dice_chances_words():
    g = Furcle(["You", "Bob"], seed=1)
    assert refused(g, "banana") == ("You are about to roll 5 dice: call step() to roll them, or give the faces, "
                                    "e.g. apply(Dice(faces=(1, 2, 3, 4, 5))); got 'banana'.")
    assert refused(g, Dice((3, 3))) == "You roll 5 dice, so give 5 faces; got (3, 3)."
    assert refused(g, Dice((1, 2, 3, 4, 7))) == ("each face must be one on the die: a whole number from 1 to 6; "
                                                 "got 7 in (1, 2, 3, 4, 7).")
    assert refused(g, forced(Dice, faces=(True, 1, 1, 1, 1))) == (   # True equals 1 but is no face
        "each face must be one on the die: a whole number from 1 to 6; got True in (True, 1, 1, 1, 1).")
    two = Furcle(["Ann", "Bob"], seed=1, n_dice=2)
    assert refused(two, Dice((1,))) == "Ann rolls 2 dice, so give 2 faces; got (1,)."
    g.apply(Dice((6, 5, 4, 2, 2)))                  # the faces in any order, on the die: taken
    assert g.dice == (6, 5, 4, 2, 2)


def test_the_furglars_refuse_a_roll_in_dice_chances_words():
    g = Furglars(["Ann", "Bob"], dice_per_player=1, seed=3)
    assert refused(g, Done()) == ("Ann is about to roll 1 die: call step() to roll it, or give the face, e.g. "
                                  "apply(Roll(faces=('furgle',))); got Done().")
    assert refused(g, FurglarsRoll(("hand", "hand"))) == "Ann rolls 1 die, so give 1 face; got ('hand', 'hand')."
    g = Furglars(["You", "Bob"], seed=3, faces=("hand", "hand", "furgle", "lock"))   # no X on this die
    assert refused(g, Done()) == ("You are about to roll 5 dice: call step() to roll them, or give the faces, e.g. "
                                  "apply(Roll(faces=('furgle', 'lock', 'hand', 'hand', 'hand'))); got Done().")
    assert refused(g, FurglarsRoll(("hand",) * 4)) == ("You roll 5 dice, so give 5 faces; "
                                                       "got ('hand', 'hand', 'hand', 'hand').")
    assert refused(g, FurglarsRoll(("hand", "x", "hand", "hand", "lock"))) == (
        "each face must be one on the die: 'furgle', 'lock' or 'hand'; got 'x' in ('hand', 'x', 'hand', 'hand', "
        "'lock').")


def test_thieves_refuse_a_roll_in_dice_chances_words():
    g = Thieves(["Maximiliana of the Hills", "Q"], seed=2, dice=["red", "red", "red", "red", "white", "black"])
    name = "Maximiliana of the Hills"                 # 24 characters, the longest name a player may have
    assert refused(g, KeepStake()) == (f"{name} is about to roll 2 dice: call step() to roll them, or give the faces, "
                                       "e.g. apply(Roll(keys=('red', 'red'))); got KeepStake().")
    assert refused(g, forced(ThievesRoll, keys=("red",))) == f"{name} rolls 2 dice, so give 2 faces; got ('red',)."
    assert refused(g, forced(ThievesRoll)) == f"{name} rolls 2 dice, so give 2 faces; got None."
    assert refused(g, ThievesRoll(("blue", "red"))) == ("each face must be one on the die: 'red', 'white' or 'black'; "
                                                        "got 'blue' in ('blue', 'red').")
    assert refused(g, forced(ThievesRoll, keys=("red", 3))) == ("each face must be one on the die: 'red', 'white' or "
                                                                "'black'; got 3 in ('red', 3).")
    # an offer to double at the roll: the shared sentence below the stake's cap (Thieves' own at it: test_limits)
    g = Thieves(["Ann", "Bob"], seed=2, doubling=True).apply(KeepStake())
    assert refused(g, OfferDouble()) == ("Ann is about to roll 2 dice: call step() to roll them, or give the faces, "
                                         "e.g. apply(Roll(keys=('red', 'yellow'))); got OfferDouble().")
    g.apply(ThievesRoll(("white", "red")))            # the keys in any order: taken as given
    assert g.actions[-1] == ThievesRoll(("white", "red")) and g.actions[-1].keys == ("white", "red")


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
