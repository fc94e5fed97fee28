"""Events cannot change: a bot handed a view cannot rewrite the game's log (issue 17)."""

import copy
import pickle

import pytest

from furlib import Furcle, FurryPoker
from furlib.core.engine.events import Event, EventData


def _log(game):
    return [(e.step, e.turn, e.player, e.kind, e.text, dict(e.data), e.scores, e.visible_to) for e in game.events]


@pytest.mark.parametrize("make", [lambda: Furcle(["Ann", "Bob"], seed=4), lambda: FurryPoker(2, seed=4)])
def test_a_views_events_cannot_be_changed_and_the_game_log_is_unchanged(make):
    game = make()
    for _ in range(12):
        game.step()
    before = _log(game)
    view = game.view(game.players[0])
    events = list(view.events)
    assert events and any(e.data for e in events)
    e = next(e for e in events if e.data)
    key = next(iter(e.data))
    attempts = [
        lambda: e.data.__setitem__(key, "forged"),
        lambda: e.data.__setitem__("new", 1),
        lambda: e.data.update(points=99),
        lambda: e.data.pop(key),
        lambda: e.data.clear(),
        lambda: e.data.setdefault("new", 1),
        lambda: e.data.popitem(),
        lambda: e.data.__delitem__(key),
        lambda: e.data.__ior__({"new": 1}),
        lambda: setattr(e, "kind", "win"),
        lambda: setattr(e, "text", "Bob wins"),
        lambda: setattr(e, "data", {}),
        lambda: delattr(e, "player"),
        lambda: e[4].__setitem__(0, "Bob wins"),       # the text as a tuple item is a str
        lambda: e[5].__setitem__(key, "forged"),
        lambda: e.__getnewargs__()[5].__setitem__(key, "forged"),
        lambda: (e + ())[5].__setitem__(key, "forged"),
    ]
    for attempt in attempts:
        with pytest.raises((TypeError, AttributeError)):
            attempt()
    assert _log(game) == before
    assert _log(view) == [x for x in before if x in _log(view)]


def test_an_event_reads_as_its_fields():
    e = Event(3, 2, "Ann", "roll", lambda: "Ann rolls 6,6", {"faces": (6, 6)}, (0, 12))
    assert tuple(e) == (3, 2, "Ann", "roll", "Ann rolls 6,6", {"faces": (6, 6)}, (0, 12), None)
    assert e[4] == "Ann rolls 6,6" and e[-1] is None and e[:2] == (3, 2)
    assert type(e.data) is EventData and e.data == e.data
    assert dict(e.data) == {"faces": (6, 6)}


def test_data_given_to_an_event_is_copied_so_changing_it_later_changes_nothing():
    data = {"points": 5}
    e = Event(1, 1, "Ann", "bank", "Ann banks 5", data)
    data["points"] = 99
    assert e.data == {"points": 5}


def test_copies_and_pickles_of_an_event_are_equal_and_still_read_only():
    e = Event(1, 1, "Ann", "bank", lambda: "Ann banks 5", {"points": 5}, (5, 0), (0,))
    for other in (copy.copy(e), copy.deepcopy(e), pickle.loads(pickle.dumps(e)),
                  copy.deepcopy(e.data), pickle.loads(pickle.dumps(e.data))):
        assert other == e or other == e.data
    again = pickle.loads(pickle.dumps(e))
    with pytest.raises(TypeError, match=r"an event records what happened and cannot change, so data\['points'\]"):
        again.data["points"] = 7
    assert again.data == {"points": 5} and again.visible_to == (0,)


def test_events_written_by_the_engine_are_those_the_constructor_makes():
    """The engine writes events without calling Event(...) (an event per action adds up): each one must equal
    the event Event(...) makes of the same fields, with read-only data and a tuple of scores."""
    from furlib.core.engine.events import Event, EventData
    from furlib.core.registry import games

    for info in games(demos=True):
        g = info.cls(seed=3, **info.example_kwargs).play()
        events = g.events
        assert events
        for e in events:
            again = Event(e.step, e.turn, e.player, e.kind, e.text, dict(e.data), e.scores, e.visible_to)
            assert again == e and tuple(again) == tuple(e)
            assert type(e.data) is EventData and (e.scores is None or type(e.scores) is tuple)
