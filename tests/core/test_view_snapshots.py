"""A view shares what never changes with its game, and is a snapshot: nothing the game does later reaches it.

Views are cheap because a game's state may hold immutable values (tuples,
strings, numbers: High Card's hands, deck, scores; every game's secret
choice) that the view shares instead of copying; the lists and dicts are
copied. These tests check the sharing for every game with hidden
information (High Card and Furry Poker): a view made before a move is the
same after it, and nothing a view can change is the game's.
"""

from __future__ import annotations

import copy
from types import SimpleNamespace

import pytest

import furlib  # noqa: F401  (registers every game)
from furlib.core import registry
from furlib.core.engine import secret
from furlib.core.engine.policy import RandomBot

HIDDEN = [info for info in registry.games(demos=True) if info.cls.HIDDEN_INFO]
#: The hidden-information games whose state holds a secret choice (``state.secret``, :mod:`secret`).
SECRET_CHOICES = [info for info in HIDDEN if hasattr(info.cls(seed=0, **info.example_kwargs)._state, "secret")]


def _containers(value: object) -> list[object]:
    """Every list and dict inside ``value`` (itself included), however deep (through tuples too)."""
    found, stack = [], [value]
    while stack:
        x = stack.pop()
        if isinstance(x, (list, dict)):
            found.append(x)
        if isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return found


def _snapshot(view) -> tuple[object, ...]:
    return (copy.deepcopy(view._state), [(e.step, e.text, dict(e.data), e.visible_to) for e in view.events],
            repr(view), view.legal_actions())


def test_there_are_games_with_hidden_information():
    assert {info.name for info in HIDDEN} >= {"HighCard", "FurryPoker"}


@pytest.mark.parametrize("info", HIDDEN, ids=lambda info: info.name)
def test_a_view_made_before_a_move_is_unchanged_after_it(info):
    g = info.cls(**{**info.example_kwargs, "players": 2}, seed=3)
    bot = RandomBot(seed=4)
    views = []                            # (step, view, what it showed when made)
    while not g.is_over:
        for who in (None, *g.players):
            v = g.view(who)
            views.append((g.n_steps, v, _snapshot(v)))
        g.step(None if g.is_chance else bot)
    assert len(views) > 20
    for step, v, shown in views:          # the game moved on to its end: every view still shows its moment
        assert _snapshot(v) == shown, f"a view made at step {step} changed"


@pytest.mark.parametrize("info", HIDDEN, ids=lambda info: info.name)
def test_a_view_shares_no_list_or_dict_with_its_game(info):
    g = info.cls(**{**info.example_kwargs, "players": 2}, seed=5)
    bot = RandomBot(seed=6)
    while not g.is_over:
        mine = {id(x) for x in _containers(g._state)}
        for who in (None, *g.players):
            v = g.view(who)
            assert v._state is not g._state
            shared = [x for x in _containers(v._state) if id(x) in mine]
            assert not shared, f"{who}'s view shares {shared!r} with the game at step {g.n_steps}"
            assert not hasattr(v, "_timeline") and v._events is not g._timeline.events
            assert type(v._events) is tuple    # the seat's events as they are now: nothing later, nothing to change
        g.step(None if g.is_chance else bot)


@pytest.mark.parametrize("info", SECRET_CHOICES, ids=lambda info: info.name)
def test_what_a_view_shares_cannot_be_changed(info):
    g = info.cls(**{**info.example_kwargs, "players": 2}, seed=7)
    bot = RandomBot(seed=8)
    while not g.is_over and not g._state.secret:
        g.step(None if g.is_chance else bot)
    g.step(bot)                           # a secret choice under way: one seat has chosen
    before = g.to_json()
    v = g.view(g.players[0])
    chosen = v._state.secret
    with pytest.raises(TypeError):
        chosen["picks"][0] = "changed"    # a pick is never changed in place (a new choice is made)
    chosen["picks"] = ("changed",) * len(chosen["picks"])   # the view's own dict
    v._state.turn = 99
    assert g.to_json() == before


def test_a_secret_choice_is_made_anew_on_each_pick():
    state = SimpleNamespace(secret=None)
    secret.open_round(state, [0, 1])
    first = state.secret
    secret.choose(state, 0, "Owl")
    assert first == {"seats": (0, 1), "picks": (None, None)}   # what a view or a copy kept is unchanged
    assert state.secret == {"seats": (0, 1), "picks": ("Owl", None)}
    seen = secret.redact(SimpleNamespace(secret=state.secret), 1)
    assert seen.secret["picks"] == (True, None) and state.secret["picks"] == ("Owl", None)
