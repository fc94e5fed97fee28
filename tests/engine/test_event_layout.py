"""An event keeps its data without a dict or a tuple of its own (issue 32, memory per action): its eight fields
with the data's keys (one tuple shared by every event of those keys) in place of the data, then the data's
values. Read as a tuple or through its attributes it is the event it always was."""

from furlib import FurryPoker
from furlib.core.engine.events import Event

_raw = tuple.__getitem__        # the tuple underneath, as the engine reads it
_raw_len = tuple.__len__


def test_the_data_values_follow_the_fields_and_the_keys_are_shared():
    a = Event(1, 1, "Ann", "bank", "Ann banks 5", {"points": 5, "total": 12}, (12, 0))
    b = Event(2, 1, "Bob", "bank", "Bob banks 3", {"points": 3, "total": 3}, (12, 3))
    assert _raw_len(a) == 10 and _raw(a, slice(8, None)) == (5, 12)
    assert _raw(a, 5) == ("points", "total") and _raw(a, 5) is _raw(b, 5)
    none = Event(3, 1, "Ann", "pass", "Ann passes")
    assert _raw_len(none) == 8 and _raw(none, 5) is None and dict(none.data) == {}


def test_read_as_a_tuple_an_event_gives_its_eight_fields():
    e = Event(3, 2, "Ann", "roll", "Ann rolls 6,6", {"faces": (6, 6), "points": 12}, (0, 12), (0,))
    fields = (3, 2, "Ann", "roll", "Ann rolls 6,6", {"faces": (6, 6), "points": 12}, (0, 12), (0,))
    assert len(e) == 8 and tuple(e) == fields and list(e) == list(fields)
    assert e[-1] == (0,) and e[5] == {"faces": (6, 6), "points": 12} and e[2:4] == ("Ann", "roll")
    assert "Ann rolls 6,6" in e and 12 not in e            # a data value is not a field
    assert e.index("roll") == 3 and e.count(12) == 0 and e.count("Ann") == 1


def test_a_games_events_read_their_data_by_the_keys_written():
    game = FurryPoker(3, seed=5).play()
    by_keys: dict[tuple[str, ...], tuple[str, ...]] = {}
    for e in game.events:
        data = dict(e.data)
        assert _raw_len(e) == 8 + len(data) and len(e) == 8
        assert list(_raw(e, slice(8, None))) == list(data.values())
        if data:
            keys = _raw(e, 5)
            assert keys == tuple(data) and by_keys.setdefault(keys, keys) is keys   # one tuple per set of keys
    assert len(by_keys) >= 3
