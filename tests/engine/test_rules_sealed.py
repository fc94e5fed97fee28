"""A rule set is sealed once made: no attribute of it can be set or deleted.

A rule set is made once per set of parameters (``Rules.of``) and shared by every game played with them, games in
progress too, and a bot reaches it through its view (``view.rules``). So ``game.rules.beekin = False`` would change
every Oh Furcle! game with those parameters: it raises AttributeError instead, naming the attribute and saying
to make a game with other parameters. A subclass's ``__init__`` still sets its attributes as usual (the rule set is
sealed once the whole construction has returned), its private memo dicts are still filled in place, and a copy or
a pickle of a rule set is a sealed rule set that plays alike.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any, cast

import pytest

import furlib  # noqa: F401  (registers every game)
from furlib import Furcle, Furglars
from furlib.core.engine.dice import DiceChance
from furlib.core.engine.rules import Rules
from furlib.core.registry import GameInfo, games
from furlib.nim.rules import NimRules
from furlib.pig.rules import PigRules

GAMES = games(demos=True)
SAYS = "a rule set is shared by every game made with its parameters"
INSTEAD = "make a game with other parameters instead"


def played(info: GameInfo, seed: int, steps: int) -> Any:
    """A game of ``info`` (its example parameters) with ``seed``, played ``steps`` steps (or to its end)."""
    game = info.cls(seed=seed, **info.example_kwargs)
    for _ in range(steps):
        if game.is_over:
            break
        game.step()
    return game


def every_name(rules: Rules) -> list[str]:
    """Every attribute of ``rules``: its own (private ones too) and its classes' (methods, class attributes)."""
    return sorted(set(dir(rules)) - {"__class__", "__dict__"} | set(vars(rules)))


def refused(rules: Rules, name: str, value: object = False) -> None:
    """Setting ``name`` to ``value`` and deleting it are refused, in words naming it, and it is unchanged."""
    own, before = name in vars(rules), getattr(rules, name)
    where = f"{type(rules).__name__}.{name} cannot be"
    with pytest.raises(AttributeError, match=rf"^{where} set: {SAYS} .*; {INSTEAD}") as err:
        setattr(rules, name, value)
    assert err.value.name == name and err.value.obj is rules
    with pytest.raises(AttributeError, match=rf"^{where} deleted: {SAYS} .*; {INSTEAD}\.$"):
        delattr(rules, name)
    after = getattr(rules, name)
    assert (after is before or after == before) and (name in vars(rules)) == own      # a method is bound anew


def test_setting_a_parameter_of_a_games_rules_is_refused_with_what_to_do_instead() -> None:
    g = Furcle(beekin=True, seed=1)
    rules: Any = g.rules                  # typed Rules: its game's attributes are read as Any
    with pytest.raises(AttributeError) as err:
        rules.beekin = False
    assert str(err.value) == (
        "FurcleRules.beekin cannot be set: a rule set is shared by every game made with its parameters (games in "
        "progress too) and cannot change once made; make a game with other parameters instead, e.g. with "
        "beekin=False.")
    assert rules.beekin is True and cast(Any, Furcle(beekin=True, seed=2).rules).beekin is True
    with pytest.raises(AttributeError, match=r"^FurcleRules\.beekin cannot be deleted: .* instead\.$"):
        del rules.beekin
    with pytest.raises(AttributeError, match=r"^FurcleRules\.score cannot be set: .* instead\.$"):
        rules.score = len                 # not a parameter: no example


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.name)
def test_every_attribute_of_every_games_rule_set_refuses_a_change(info: GameInfo) -> None:
    rules = played(info, seed=1, steps=30).rules       # its memo tables filled in play, too
    names = every_name(rules)
    assert "players" in names and "legal_actions" in names and "_Rules__sealed" in names
    for name in names:
        refused(rules, name)
    for name in ("anything_new", "_a_new_table", "__dunder__"):      # a new attribute, public or private
        with pytest.raises(AttributeError, match=rf"^{type(rules).__name__}\.{name} cannot be set: {SAYS}"):
            setattr(rules, name, {})
        assert not hasattr(rules, name)


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.name)
def test_a_rule_set_made_directly_or_by_of_is_sealed(info: GameInfo) -> None:
    made = played(info, seed=2, steps=0).rules
    rule_class = type(made)
    kept = rule_class.of(made.players, **made.params())
    assert kept is made or type(kept) is rule_class      # the same kept object (a save's JSON params may differ)
    for rules in (made, kept):
        refused(rules, "players", 9)
    direct = rule_class(made.players)                   # made by calling the class, with its defaults
    refused(direct, "players", 9)


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.name)
def test_a_game_plays_on_unchanged_after_a_refused_change(info: GameInfo) -> None:
    untouched, tried = played(info, seed=11, steps=400), played(info, seed=11, steps=12)
    rules = tried.rules
    for name in every_name(rules):
        with pytest.raises(AttributeError):
            setattr(rules, name, None)
        with pytest.raises(AttributeError):
            delattr(rules, name)
    for _ in range(400 - 12):
        if tried.is_over:
            break
        tried.step()
    assert tried.log() == untouched.log() and tried.to_json() == untouched.to_json()
    assert played(info, seed=11, steps=400).to_json() == untouched.to_json()     # a game made afterwards, too


def test_memo_tables_are_still_filled_in_place() -> None:
    g = Furcle(seed=4, n_dice=4)
    scores: dict[Any, Any] = cast(Any, g.rules)._scores
    before = len(scores)
    for _ in range(40):
        if not g.is_over:
            g.step()
    assert len(scores) > before
    furglars = Furglars(seed=4)
    while not furglars.is_chance:
        furglars.step()
    listed: dict[int, Any] = cast(DiceChance, furglars.rules)._rolls_listed
    listed.clear()                                       # a memo: emptied in place, it is filled again
    furglars.chance_outcomes()                           # the rolls listed, kept in the rule set's own dict
    assert listed


# ------------------------------------------------------------------ subclasses, as docs/add-a-game.md writes them
class CountdownRules(Rules):
    """A subclass as docs/add-a-game.md writes one: its parameters checked and its tables made in ``__init__``."""

    def __init__(self, players: int, count: int = 10, steps: tuple[int, ...] = (1, 2)):
        super().__init__(players)
        self.count = count
        self.steps = tuple(steps)
        self._memo: dict[int, int] = {}
        self.build()                               # a helper called from __init__ sets attributes too

    def build(self) -> None:
        self.table = tuple(range(self.count + 1))

    def params(self) -> dict[str, Any]:
        return {"count": self.count, "steps": list(self.steps)}


class LongerCountdownRules(CountdownRules):
    """A subclass of a subclass: sets more after ``super().__init__``, and changes what its parent set."""

    def __init__(self, players: int, count: int = 20):
        super().__init__(players, count=count)
        self.extra = "more"
        self.steps = (1, 2, 3)


class Opening:
    """A mixin with an ``__init__`` of its own, before Rules among the bases."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.opening = "first"


class OpeningCountdownRules(Opening, CountdownRules):
    pass


class LongerPigRules(PigRules):
    def __init__(self, players: int, target: int = 100):
        super().__init__(players, target=target)
        self.half = self.target // 2


class Coins(DiceChance):
    def __init__(self, players: int):
        super().__init__(players)
        self.die_faces = ("heads", "tails")

    def dice_to_roll(self, state: Any) -> int:
        return 2


@pytest.mark.parametrize("make", [
    lambda: CountdownRules(2), lambda: CountdownRules.of(2, count=5), lambda: CountdownRules.of(2, steps=[1, 3]),
    lambda: LongerCountdownRules(2), lambda: LongerCountdownRules.of(3, count=7), lambda: OpeningCountdownRules(2),
    lambda: LongerPigRules(2, target=40), lambda: LongerPigRules.of(2, target=40), lambda: Coins(2),
    lambda: NimRules(2), lambda: Rules(2),
], ids=["direct", "of", "of-unkept", "sub-sub", "sub-sub-of", "mixin", "game-sub", "game-sub-of", "dice", "nim",
        "base"])
def test_a_subclass_sets_its_attributes_in_init_and_is_sealed_once_made(make: Callable[[], Rules]) -> None:
    rules: Any = make()
    for name in vars(rules):
        refused(rules, name, 0)
    with pytest.raises(AttributeError, match=rf"^{type(rules).__name__}\.later cannot be set: {SAYS}"):
        rules.later = 1


def test_what_each_init_set_is_there() -> None:
    longer = cast(LongerCountdownRules, LongerCountdownRules.of(2, count=7))
    assert (longer.count, longer.steps, longer.extra, longer.table) == (7, (1, 2, 3), "more", tuple(range(8)))
    assert OpeningCountdownRules(2).opening == "first" and LongerPigRules(2, target=40).half == 20
    unkept = cast(CountdownRules, CountdownRules.of(2, steps=[1, 3]))   # a list: made anew, never kept
    assert unkept.steps == (1, 3) and unkept is not CountdownRules.of(2, steps=[1, 3])
    assert Coins(2).die_faces == ("heads", "tails")
    with pytest.raises(AttributeError, match=r"e\.g\. with count=3\.$"):
        CountdownRules(2).count = 3                      # the parameter the class is made with: an example


def test_a_rule_set_that_fails_to_be_made_is_not_kept_and_the_next_is_made() -> None:
    class Refusing(Rules):
        def __init__(self, players: int, ok: bool = True):
            super().__init__(players)
            if not ok:
                raise ValueError("not ok")
            self.ok = ok

    with pytest.raises(ValueError):
        Refusing.of(2, ok=False)
    made = Refusing.of(2)
    assert isinstance(made, Refusing) and made.ok is True
    refused(made, "ok")


# ------------------------------------------------------------------ copies and pickles
def behaviour(rules: Rules, game: Any) -> Any:
    """What ``rules`` says at ``game``'s position: its chance outcomes at a chance point, else its legal actions."""
    state = game._state
    if game.is_chance:
        return [(str(o), p) for o, p in rules.chance_outcomes(state)]
    return [str(a) for a in rules.legal_actions(state)]


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.name)
def test_a_copy_of_a_rule_set_is_the_rule_set_itself(info: GameInfo) -> None:
    """A rule set never changes, so copy and deepcopy share it (as a sweep deep-copies a bot that holds it)."""
    rules = played(info, seed=3, steps=5).rules
    assert copy.copy(rules) is rules and copy.deepcopy(rules) is rules
    assert copy.deepcopy({"bot": rules})["bot"] is rules


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.name)
def test_a_pickle_of_a_rule_set_is_sealed_and_plays_alike(info: GameInfo) -> None:
    game = played(info, seed=3, steps=25)
    rules = game.rules
    copies: list[Any] = [pickle.loads(pickle.dumps(rules)), pickle.loads(pickle.dumps({"bot": rules}))["bot"]]
    positions = [g for g in (played(info, seed=3, steps=n) for n in (0, 5, 10, 25)) if not g.is_over]
    for other in copies:
        assert type(other) is type(rules) and other is not rules
        assert other.params() == rules.params() and other.players == rules.players
        assert positions
        for position in positions:
            assert behaviour(other, position) == behaviour(rules, position) != []
        refused(other, "players", 9)
        with pytest.raises(AttributeError, match=SAYS):
            other.later = 1


def test_a_game_copied_shares_its_rule_set() -> None:
    g = Furcle(seed=5)
    assert copy.deepcopy(g).rules is g.rules and g.copy().rules is g.rules


def test_a_rule_class_shows_its_own_signature() -> None:
    """The seal is made by the classes' metaclass (its ``__call__``): help and the docs still show each class's
    parameters, from its ``__init__``."""
    import inspect

    from furlib.furcle.rules import FurcleRules

    assert list(inspect.signature(FurcleRules).parameters) == ["players", "target", "n_dice", "sides", "bonus",
                                                               "beekin"]
    assert list(inspect.signature(LongerCountdownRules).parameters) == ["players", "count"]
    assert list(inspect.signature(Rules).parameters) == ["players"]


def test_the_seal_never_asks_a_rule_set_for_its_dict() -> None:
    """Asking an object for its ``__dict__`` makes CPython 3.11 keep its attributes in a real dict from then on,
    and every later read of them (the hot path) slower: the seal is set and read as an attribute."""
    import inspect

    from furlib.core.engine import rules

    for code in (rules._Sealing.__call__, Rules.__setattr__, Rules.__delattr__):
        lines = [line.partition("#")[0] for line in inspect.getsource(code).splitlines()]   # the code, not its comments
        assert not [line for line in lines if "__dict__" in line]
