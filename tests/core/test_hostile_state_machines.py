"""Hostile state machines over every registered game: whatever is done to a game, in any order, it answers
with its documented errors only and a refusal changes nothing.

Hypothesis drives one state machine per game (``furlib.core.registry.games(demos=True)``). Its rules:

* legal decisions, chance outcomes given explicitly, chance steps and steps of the default bot;
* illegal actions: garbage objects, the actions of the other games, this game's actions with a bad value in a
  field (made through the constructor, which may refuse it, and made past it, as hostile code could);
* ``undo(n)`` (good and bad ``n``), ``at(k)`` (good and bad ``k``), copies and clones played on;
* every player's view and a spectator's (a view's view, a view that refuses to be played, the leak check);
* save round trips, and a save that gives a key twice.

Invariants, checked after every rule: the game's own ``check_invariants()``; ``from_json(to_json())`` gives
the same ``to_json()``; and within the rules, every refusal is a ``ValueError`` (``IllegalAction``,
``GameOver`` and ``PolicyError`` are kinds of it) of at most ``MAX_MESSAGE`` characters that leaves
``to_json()`` as it was, and any other exception fails the test. ``at(k)`` is the game as it was after ``k``
actions (the save it had then), and ``undo`` goes back to exactly that save.

The quick run tries a few examples per game (fixed seeds, no database: it never flakes); the slow run
(``-m slow``) many more and longer.
"""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

import furlib  # noqa: F401  (registers every game)
from furlib.core.engine.game import Game
from furlib.core.engine.policy import RandomBot
from furlib.core.errors import GameOver
from furlib.core.registry import games
from furlib.testing import check_no_leak

GAMES = games(demos=True)
#: The longest refusal message accepted: a few hundred characters (the what, an excerpt, what is legal).
MAX_MESSAGE = 600

QUICK = settings(max_examples=10, stateful_step_count=20, deadline=None, derandomize=True, database=None,
                 suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])
LONG = settings(max_examples=80, stateful_step_count=60, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))


def _sample_actions(info) -> list[object]:
    """Distinct actions of seeded games of ``info`` (decisions and chance outcomes), at most 40."""
    seen: list[object] = []
    for seed in range(3):
        g = info.cls(seed=seed, **info.example_kwargs)
        g.play(RandomBot(seed=seed))
        for a in g.actions:
            if a not in seen:
                seen.append(a)
    return seen[:40]


SAMPLES = {info.name: _sample_actions(info) for info in GAMES}


class _Thing:
    """An object that is no action of any game."""

    def __repr__(self) -> str:
        return "<thing>"


class _BadRepr:
    """An object whose repr fails (an error message must not fail with it)."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    __str__ = __repr__

    def _repr_pretty_(self, printer, cycle) -> None:   # how hypothesis shows it in a falsifying example
        printer.text("<bad repr>")


JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-10, 10), st.sampled_from([100, 5000]).map(lambda d: 10**d),
    st.just(-(10**100)),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8),
    st.sampled_from([100_000]).map(lambda n: "x" * n),
    st.binary(max_size=4), st.lists(st.integers(0, 7), max_size=6), st.tuples(st.integers(0, 7)),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2), st.just(_Thing()), st.just(_BadRepr()),
    st.just(object), st.just(len), st.sampled_from([100_000]).map(lambda n: [1] * n), st.just(frozenset({1, 2})),
)
#: Bad values for a field of an action: of the wrong kind, out of range, huge, or hostile.
BAD_FIELD = st.one_of(
    st.sampled_from([-1, 0, 7, 10**100, 2.5, float("nan"), True, None, "", " ", "RED", "owl", (), (0,) * 3,
                     ("red",) * 3, {"a": 1}]),
    st.sampled_from([5000]).map(lambda d: 10**d), st.sampled_from([10_000]).map(lambda n: "x" * n),
    st.sampled_from([10_000]).map(lambda n: (1,) * n),
    st.just(_Thing()), st.just(_BadRepr()), st.lists(st.integers(-2, 30), max_size=12).map(tuple),
    st.text(max_size=6),
)


class _Machine(RuleBasedStateMachine):
    """The rules every machine has: legal play, chance, undo, at, copies and clones, views and saves (the
    illegal actions are the mixins below). ``info`` is set by :func:`machine_for`."""

    info = None

    def __init__(self) -> None:
        super().__init__()
        self.game: Game = None  # type: ignore[assignment]   # made by the initialize rule
        self.saves: list[str] = []     # saves[k]: the save after k actions

    # ------------------------------------------------------------------ helpers
    def attempt(self, call, what: str):
        """Run ``call``; a ValueError must leave the game's save unchanged and be short; return the result,
        or None if refused. Any other exception propagates (the test fails)."""
        g = self.game
        before = g.to_json()
        try:
            return call()
        except ValueError as e:
            message = str(e)
            assert g.to_json() == before, f"{what}: a refusal changed the game: {message[:200]}"
            assert 0 < len(message) <= MAX_MESSAGE, f"{what}: a refusal of {len(message)} characters"
            return None

    def moved(self) -> None:
        """Record the save after a change that succeeded (saves[k] after k actions)."""
        g = self.game
        n = g.n_steps
        if n < len(self.saves):
            assert self.saves[n] == g.to_json(), "the game went back to another save than it had"
        self.saves = self.saves[:n] + [g.to_json()]

    def apply(self, action, what: str) -> None:
        if self.attempt(lambda: self.game.apply(action), what) is not None:
            self.moved()

    # -------------------------------------------------------------------- rules
    @initialize(seed=st.integers(0, 2**64))
    def new_game(self, seed) -> None:
        self.game = self.info.cls(seed=seed, **self.info.example_kwargs)
        self.saves = [self.game.to_json()]

    @rule(n=st.integers(0, 10**6))
    def legal_decision(self, n) -> None:
        legal = self.game.legal_actions()
        if legal:
            self.game.apply(legal[n % len(legal)])
            self.moved()

    @rule(n=st.integers(0, 10**6))
    def chance_outcome(self, n) -> None:
        g = self.game
        if g.is_chance:
            outcomes = g.chance_outcomes()
            g.apply(outcomes[n % len(outcomes)][0])
            self.moved()

    @rule()
    def step(self) -> None:
        g = self.game
        if g.is_over:
            before = g.to_json()
            with pytest.raises(GameOver):
                g.step()
            assert g.to_json() == before
            return
        g.step()
        self.moved()

    @rule(n=st.one_of(st.integers(-2, 4), JUNK))
    def undo(self, n) -> None:
        if self.attempt(lambda: self.game.undo(n), f"undo({type(n).__name__})") is not None:
            self.moved()

    @rule(k=st.one_of(st.integers(-2, 80), JUNK))
    def at(self, k) -> None:
        g = self.game
        earlier = self.attempt(lambda: g.at(k), f"at({type(k).__name__})")
        if earlier is not None:
            assert earlier.to_json() == self.saves[k], f"at({k}) is not the game as it was then"
            assert g.to_json() == self.saves[g.n_steps]

    @rule()
    def copy_and_clone(self) -> None:
        g = self.game
        before = g.to_json()
        c = g.copy()
        assert c.to_json() == before
        k = g.clone()
        for other in (c, k):
            if not other.is_over:
                other.step()
        assert g.to_json() == before, "playing a copy or a clone changed the game"
        if g.n_steps:    # a clone keeps no history to save (one of a new game is a new game)
            with pytest.raises(ValueError, match="a clone keeps no history"):
                k.to_json()

    @rule(data=st.data())
    def views(self, data) -> None:
        g = self.game
        before = g.to_json()
        viewer = data.draw(st.sampled_from([None, *g.players]))
        v = g.view(viewer)
        assert v.view(viewer) is v
        for call in (lambda: v.apply(SAMPLES[self.info.name][0]), v.step, v.undo, v.to_json, v.clone,
                     lambda: v.view("nobody at all")):
            with pytest.raises(ValueError):
                call()
        repr(v), v._repr_html_(), v.log(), v.legal_actions()
        if g.HIDDEN_INFO:
            check_no_leak(g, "the state machine")
        assert g.to_json() == before, "a view changed the game"

    @rule()
    def save_round_trip(self) -> None:
        cls = self.info.cls
        text = self.game.to_json()
        twice = text.replace('"version":1,', '"version":1,"version":1,', 1)
        with pytest.raises(ValueError, match="gives the key 'version' twice"):
            cls.from_json(twice)
        doc = json.loads(text)
        doc["actions"].append({"rng": False, "type": "NoSuchAction"})
        with pytest.raises(ValueError, match="unknown action type 'NoSuchAction'"):
            cls.from_json(json.dumps(doc))

    # ---------------------------------------------------------------- invariants
    @invariant()
    def holds_its_rules_and_saves_exactly(self) -> None:
        g = self.game
        if g is None:
            return
        g.check_invariants()
        text = g.to_json()
        assert self.info.cls.from_json(text).to_json() == text, "from_json(to_json()) is another game"
        assert self.saves[g.n_steps] == text


class _Garbage:
    """Garbage for apply() and step(): None, numbers, text, containers, objects, a failing repr."""

    @rule(junk=JUNK)
    def garbage(self, junk) -> None:
        self.apply(junk, f"apply({type(junk).__name__})")
        if not self.game.is_over and self.attempt(lambda: self.game.step(junk), "step(junk)") is not None:
            self.moved()      # at a chance point step() rolls, whatever the policy


class _OtherGames:
    """The actions (decisions and outcomes) of the other games."""

    @rule(data=st.data())
    def another_games_action(self, data) -> None:
        action = data.draw(st.sampled_from(OTHERS[self.info.name]))
        self.apply(action, f"apply({type(action).__name__}) of another game")


class _BadFields:
    """This game's actions made with a bad value in a field (the constructor may refuse it: then that
    refusal must be a short ValueError)."""

    @rule(data=st.data(), bad=BAD_FIELD)
    def bad_field_made(self, data, bad) -> None:
        mine = MINE[self.info.name]
        if not mine:
            return
        action = data.draw(st.sampled_from(mine))
        field = data.draw(st.sampled_from([f.name for f in dataclasses.fields(action)]))
        kwargs = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
        kwargs[field] = bad
        try:
            made = type(action)(**kwargs)
        except ValueError as e:
            assert 0 < len(str(e)) <= MAX_MESSAGE
            return
        self.apply(made, f"apply({type(action).__name__} with {field}={type(bad).__name__})")


class _ForcedFields:
    """This game's actions with a bad value put in a field past the constructor (as hostile code could)."""

    @rule(data=st.data(), bad=BAD_FIELD)
    def bad_field_forced(self, data, bad) -> None:
        mine = MINE[self.info.name]
        if not mine:
            return
        action = copy.copy(data.draw(st.sampled_from(mine)))
        field = data.draw(st.sampled_from([f.name for f in dataclasses.fields(action)]))
        object.__setattr__(action, field, bad)
        self.apply(action, f"apply({type(action).__name__} forced {field}={type(bad).__name__})")


OTHERS = {info.name: [a for name, pool in SAMPLES.items() if name != info.name for a in pool] for info in GAMES}
MINE = {info.name: [a for a in SAMPLES[info.name] if dataclasses.fields(a)] for info in GAMES}
#: The kinds of hostile input, each a test of its own (so that an escape found in one game's kind is marked
#: there only): legal play alone, then each kind of illegal action added to it.
KINDS = {"play": (), "garbage": (_Garbage,), "other_games": (_OtherGames,), "bad_fields": (_BadFields,),
         "forced_fields": (_ForcedFields,)}


def machine_for(info, kind: str) -> type:
    """The state machine of one game and one kind of hostile input (a class: hypothesis makes a new instance
    per example)."""
    name = f"{info.name}{''.join(w.title() for w in kind.split('_'))}Machine"
    return type(name, (*KINDS[kind], _Machine), {"info": info})


def _params():
    return [pytest.param(info, kind, id=f"{info.name}-{kind}") for kind in KINDS for info in GAMES]


@pytest.mark.parametrize("info, kind", _params())
def test_hostile_calls_leave_every_game_whole(info, kind):
    run_state_machine_as_test(machine_for(info, kind), settings=QUICK)


@pytest.mark.slow
@pytest.mark.parametrize("info, kind", _params())
def test_hostile_calls_leave_every_game_whole_long(info, kind):
    run_state_machine_as_test(machine_for(info, kind), settings=LONG)
