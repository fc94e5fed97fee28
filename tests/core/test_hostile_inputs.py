"""Hostile inputs over every registered game, found by hypothesis: random calls, corrupt saves, hostile maps.

Whatever a script, a save or a map throws at a game, the library answers
with its documented errors only (``ValueError``, of which ``IllegalAction``
and ``GameOver`` are kinds), and a refused call changes nothing (the game's
save is the same before and after). The quick run tries a few dozen
examples per game; the slow run many more.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import furlib  # noqa: F401  (registers every game)
from furlib.core.registry import games
from furlib.thieves import Board

GAMES = [i for i in games(demos=True)]
IDS = [i.name for i in GAMES]
QUICK = settings(max_examples=25, deadline=None, derandomize=True, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
LONG = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 10**6), st.floats(allow_nan=True), st.text(max_size=12),
                 st.lists(st.integers(0, 6), max_size=4), st.dictionaries(st.text(max_size=3), st.integers(),
                                                                           max_size=2))
OPS = st.lists(st.tuples(st.sampled_from(["step", "legal", "junk", "undo", "save", "log"]), st.integers(0, 10**6),
                         JUNK), min_size=1, max_size=40)


def refused_changes_nothing(game, call) -> None:
    """Run ``call``; a ValueError must leave the game's save as it was; any other error fails the test."""
    before = game.to_json()
    try:
        call()
    except ValueError:
        assert game.to_json() == before, "a refused call changed the game"


def run_ops(info, ops) -> None:
    g = info.cls(seed=1, **info.example_kwargs)
    for op, n, junk in ops:
        if g.is_over:
            refused_changes_nothing(g, g.step)
            break
        if op == "step":
            g.step()
        elif op == "legal":
            legal = g.legal_actions()
            if legal:
                g.apply(legal[n % len(legal)])
        elif op == "junk":
            refused_changes_nothing(g, lambda junk=junk: g.apply(junk))
        elif op == "undo":
            refused_changes_nothing(g, g.undo)
        elif op == "save":
            assert type(g).from_json(g.to_json()).to_json() == g.to_json()
        elif op == "log":
            refused_changes_nothing(g, lambda junk=junk: g.log(last=junk))


@pytest.mark.parametrize("info", GAMES, ids=IDS)
@QUICK
@given(ops=OPS)
def test_random_calls_answer_only_with_documented_errors(info, ops):
    run_ops(info, ops)


@pytest.mark.slow
@pytest.mark.parametrize("info", GAMES, ids=IDS)
@LONG
@given(ops=OPS)
def test_random_calls_answer_only_with_documented_errors_long(info, ops):
    run_ops(info, ops)


def corrupt(doc, path, value):
    """``doc`` with the item at ``path`` (a list of keys and indices) replaced by ``value``, or deleted."""
    doc = json.loads(json.dumps(doc))
    node = doc
    for k in path[:-1]:
        node = node[k]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return doc


_DELETE = object()


def paths(node, prefix=()):
    """Every path into a JSON document (its keys and list indices), the document's own items first."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield prefix + (k,)
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node[:6]):
            yield prefix + (i,)
            yield from paths(v, prefix + (i,))


def check_corrupt_saves(info, data) -> None:
    g = info.cls(seed=2, **info.example_kwargs)
    for _ in range(8):
        if g.is_over:
            break
        g.step()
    doc = json.loads(g.to_json())
    every = list(paths(doc))
    path = data.draw(st.sampled_from(every))
    value = data.draw(st.one_of(st.just(_DELETE), JUNK))
    text = json.dumps(corrupt(doc, list(path), value))
    try:
        loaded = info.cls.from_json(text)
    except ValueError:
        return
    # loaded anyway: then it must be a game whose save is exactly what was loaded (nothing filled in)
    assert json.loads(loaded.to_json()) == json.loads(text)


@pytest.mark.parametrize("info", GAMES, ids=IDS)
@QUICK
@given(data=st.data())
def test_corrupt_saves_load_exactly_or_are_refused(info, data):
    check_corrupt_saves(info, data)


@pytest.mark.slow
@pytest.mark.parametrize("info", GAMES, ids=IDS)
@LONG
@given(data=st.data())
def test_corrupt_saves_load_exactly_or_are_refused_long(info, data):
    check_corrupt_saves(info, data)


MAP_TEXT = st.text(alphabet=st.sampled_from(list("#.pdPD*RYGB \n\r\t\x00x")), max_size=400)


@QUICK
@given(text=st.one_of(MAP_TEXT, st.text(max_size=200), st.binary(max_size=50)))
def test_hostile_maps_are_value_errors(text):
    try:
        Board.load(text)
    except ValueError as e:
        assert len(str(e)) < 400      # an excerpt, never the whole input


@QUICK
@given(text=st.sampled_from([Board.default().to_text()]), n=st.integers(0, 288),
       ch=st.sampled_from(list("#.pdPD*RYGBx")))
def test_one_square_changed_on_the_default_map_is_a_map_or_a_value_error(text, n, ch):
    rows = text.split("\n")
    r, c = divmod(n, 17)
    rows[r] = rows[r][:c] + ch + rows[r][c + 1:]
    try:
        b = Board.load("\n".join(rows))
    except ValueError:
        return
    assert Board.load(b.to_text()) == b
