"""The database, the rate buckets and the key, in-process: limits, expiry, retention, durability settings."""

from __future__ import annotations

import sqlite3

import pytest

from furlib.classroom import limits as L
from furlib.classroom.guard import Buckets, TeacherKey
from furlib.classroom.store import Store
from furlib.classroom.verify import Refused, class_rules

COUNTS = class_rules("count", {"trials": 20})


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "c.db")
    yield s
    s.close()


def count(store, code, student, n, now=0.0):
    return store.add(code, student, f"request-{n:04d}", f"body-{n}", now, {"hits": 1, "trials": 20})


def test_the_journal_is_a_write_ahead_log_synced_fully(store, tmp_path):
    assert store.pragmas() == {"journal_mode": "wal", "synchronous": 2}          # 2: FULL
    with sqlite3.connect(tmp_path / "c.db") as other:
        assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"     # kept in the file itself


def test_a_class_expires_and_is_deleted_whole_after_keep_for(store):
    code = store.open_class(COUNTS, "", 60, now=1000.0)
    ada = store.join(code, "Ada", "token-hash-ada", now=1000.0)
    assert count(store, code, ada, 1, now=1030.0)["new"]
    assert store.get_class(code).state(1059.9) == "open" and store.get_class(code).state(1060.0) == "expired"
    with pytest.raises(Refused, match=f"class {code} is closed") as e:
        count(store, code, ada, 2, now=1060.0)
    assert e.value.status == 410
    assert store.purge(1060.0 + L.KEEP_FOR - 1) == 0 and len(store.results(code)) == 1
    assert store.purge(1060.0 + L.KEEP_FOR) == 1
    assert store.get_class(code) is None and store.student("token-hash-ada") is None
    assert store.results(code) == []                        # the students' games and counts went with it


def test_a_closed_class_is_kept_for_keep_for_after_closing(store):
    code = store.open_class(COUNTS, "", 3600, now=0.0)
    store.close_class(code, now=100.0)
    assert store.get_class(code).state(101.0) == "closed"
    assert store.purge(100.0 + L.KEEP_FOR - 1) == 0 and store.purge(100.0 + L.KEEP_FOR) == 1


def test_every_count_limit_is_checked_inside_the_transaction(store, monkeypatch):
    monkeypatch.setattr(L, "MAX_CLASSES", 2)
    monkeypatch.setattr(L, "MAX_STUDENTS_PER_CLASS", 2)
    monkeypatch.setattr(L, "MAX_SUBMISSIONS_PER_STUDENT", 3)
    monkeypatch.setattr(L, "MAX_SUBMISSIONS_PER_CLASS", 4)
    one, _ = store.open_class(COUNTS, "", 60, 0.0), store.open_class(COUNTS, "", 60, 0.0)
    with pytest.raises(Refused, match="2 classes open, its most") as e:
        store.open_class(COUNTS, "", 60, 0.0)
    assert e.value.limit == "MAX_CLASSES"
    ada, ben = store.join(one, "Ada", "a", 0.0), store.join(one, "Ben", "b", 0.0)
    with pytest.raises(Refused, match="is full: 2 students") as e:
        store.join(one, "Cy", "c", 0.0)
    assert e.value.limit == "MAX_STUDENTS_PER_CLASS"
    for n in range(3):
        count(store, one, ada, n)
    with pytest.raises(Refused, match="you have sent 3 games and counts") as e:
        count(store, one, ada, 3)
    assert e.value.limit == "MAX_SUBMISSIONS_PER_STUDENT"
    count(store, one, ben, 10)
    with pytest.raises(Refused, match="holds 4 games and counts, its most") as e:
        count(store, one, ben, 11)
    assert e.value.limit == "MAX_SUBMISSIONS_PER_CLASS"
    assert len(store.results(one)) == 4 and store.student_count(one) == 2        # nothing from the refusals


def test_saves_are_bounded_per_class(store, monkeypatch):
    monkeypatch.setattr(L, "MAX_STORED_CHARS_PER_CLASS", 10)
    code = store.open_class(COUNTS, "", 60, 0.0)
    ada = store.join(code, "Ada", "a", 0.0)
    store.add(code, ada, "request-0001", "b1", 0.0, {"digest": "d1", "save": "x" * 10})
    with pytest.raises(Refused, match="MAX_STORED_CHARS_PER_CLASS"):
        store.room(code, ada, 1)                                   # refused before the replay...
    with pytest.raises(Refused, match="MAX_STORED_CHARS_PER_CLASS"):
        store.add(code, ada, "request-0002", "b2", 0.0, {"digest": "d2", "save": "y"})   # ...and inside
    assert len(store.results(code)) == 1


def test_buckets_allow_a_burst_then_a_rate():
    b = Buckets(burst=3, rate=2.0)
    assert [b.take("ada", 0.0) for _ in range(4)] == [0.0, 0.0, 0.0, 0.5]   # the 4th waits half a second
    assert b.wait("ada", 0.25) == 0.25 and b.take("ada", 0.5) == 0.0 and b.take("ada", 0.5) == 0.5
    assert b.take("ben", 0.5) == 0.0                                        # each key its own bucket
    assert b.wait("cy", 0.0) == 0.0 and b.take("cy", 0.0) == 0.0            # wait() takes nothing


def test_buckets_forget_full_buckets_first():
    b = Buckets(burst=2, rate=1.0, tracked=3)
    for key in ("a", "b", "c"):
        b.take(key, 0.0)
    b.take("d", 10.0)                       # a, b and c are full again by then: forgotten, d is kept
    assert b.take("d", 10.0) == 0.0 and b.take("d", 10.0) > 0


def test_the_teacher_key_is_checked_against_its_salted_hash(store):
    key = TeacherKey(store)
    assert not key.exists() and not key.check("anything-at-all-16")
    with pytest.raises(ValueError, match="a teacher key has 16 to 200 printable characters"):
        key.set("short")
    key.set("a-teacher-key-of-some-length")
    assert key.exists() and key.check("a-teacher-key-of-some-length") and key.known("a-teacher-key-of-some-length")
    assert not key.check("a-teacher-key-of-some-lengtH") and not key.check("x" * 10_000)
    assert "a-teacher-key" not in (store.meta("key_hash") or "") + (store.meta("key_salt") or "")
