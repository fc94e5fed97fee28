"""The class server's database: SQLite from the standard library, in WAL mode, one transaction per write.

Every write is a transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``) that checks
its limits again inside it, so two requests racing for the last place in a
class cannot both have it; the server answers only after ``COMMIT``
returns. The journal is a write-ahead log with ``synchronous=FULL``: each
commit is on disk (fsync) before it returns, so an acknowledged result
survives a killed server and a power cut alike (``NORMAL`` would survive a
killed process but could lose the last commits in a power cut or an
operating-system crash; a lesson's results are worth the few milliseconds).

What is stored: each class (its code, game, rules, title, times), each
student (nickname, join time, and a hash of their token), each game (the
replayed save, its hash, winner, scores) or count (hits, trials), with its
time, and the teacher key's salted hash. No e-mail, no name, no address.
A class and everything in it is deleted :data:`~.limits.KEEP_FOR` after it
closed or expired (:meth:`Store.purge`, run at every start and whenever a
class opens), or at once by the teacher (:meth:`Store.delete_class`).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import limits as L
from .verify import Refused, Rules

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL, players INTEGER NOT NULL, exact TEXT,
    title TEXT NOT NULL, created REAL NOT NULL, expires REAL NOT NULL, closed REAL,
    stored INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS students (
    id INTEGER PRIMARY KEY, code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    nickname TEXT NOT NULL, folded TEXT NOT NULL, token TEXT NOT NULL UNIQUE, joined REAL NOT NULL,
    UNIQUE (code, folded));
CREATE TABLE IF NOT EXISTS submissions (
    id INTEGER PRIMARY KEY, code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    student INTEGER NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    request TEXT NOT NULL, body TEXT NOT NULL, digest TEXT, time REAL NOT NULL,
    seed TEXT, winner TEXT, winner_seat INTEGER, scores TEXT, n_actions INTEGER, save TEXT,
    hits INTEGER, trials INTEGER,
    UNIQUE (student, request), UNIQUE (code, digest));
CREATE INDEX IF NOT EXISTS submissions_by_class ON submissions (code, student);
CREATE TABLE IF NOT EXISTS passes (
    token TEXT PRIMARY KEY, code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    kind TEXT NOT NULL, expires REAL NOT NULL);
"""


@dataclass(frozen=True)
class Class:
    """One class as stored."""

    code: str
    rules: Rules
    title: str
    created: float
    expires: float
    closed: float | None

    def state(self, now: float) -> str:
        """"open", "closed" or "expired"."""
        return "closed" if self.closed is not None else "expired" if now >= self.expires else "open"


class Store:
    """The database of one class server (one connection, used under a lock by the server's threads)."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        self._db = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        self._lock = threading.Lock()
        self._versions: dict[str, int] = {}
        mode = self._db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if mode != "wal":
            raise ValueError(f"the database {excerpt_path(self.path)} cannot use a write-ahead log (got {mode!r})")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def pragmas(self) -> dict[str, Any]:
        """The connection's journal mode and synchronous level: ``{"journal_mode": "wal", "synchronous": 2}``
        (2 is FULL)."""
        with self._lock:
            return {name: self._db.execute(f"PRAGMA {name}").fetchone()[0] for name in ("journal_mode", "synchronous")}

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """A write transaction: everything in it is committed (on disk) or nothing is."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def version(self, code: str) -> int:
        """A number that grows whenever the class changes (the live page's events watch it)."""
        return self._versions.get(code, 0)

    def _bump(self, code: str) -> None:
        self._versions[code] = self._versions.get(code, 0) + 1

    # ------------------------------------------------------------ the teacher key
    def meta(self, name: str) -> str | None:
        rows = self._read("SELECT value FROM meta WHERE name = ?", (name,))
        return str(rows[0][0]) if rows else None

    def set_meta(self, name: str, value: str) -> None:
        with self._tx() as db:
            db.execute("INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = "
                       "excluded.value", (name, value))

    # ------------------------------------------------------------ classes
    def open_class(self, rules: Rules, title: str, expires_in: int, now: float) -> str:
        """A new class's code; Refused if MAX_CLASSES classes are open."""
        self.purge(now)
        with self._tx() as db:
            (n,) = db.execute("SELECT COUNT(*) FROM classes WHERE closed IS NULL AND expires > ?", (now,)).fetchone()
            if n >= L.MAX_CLASSES:
                raise Refused(f"this server has {n} classes open, its most (MAX_CLASSES = {L.MAX_CLASSES}); close "
                              "one first", status=429, limit="MAX_CLASSES")
            for _ in range(100):
                code = "".join(secrets.choice(L.CODE_ALPHABET) for _ in range(L.CODE_LENGTH))
                if db.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone() is None:
                    break
            else:  # pragma: no cover - 100 codes in a row taken of 923,521
                raise Refused("no free class code now; try again", status=503)
            db.execute("INSERT INTO classes (code, game, params, players, exact, title, created, expires) VALUES "
                       "(?, ?, ?, ?, ?, ?, ?, ?)", (code, rules.game, json.dumps(rules.params), rules.players,
                                                    rules.exact, title, now, now + expires_in))
        return code

    def get_class(self, code: str) -> Class | None:
        rows = self._read("SELECT code, game, params, players, exact, title, created, expires, closed FROM classes "
                          "WHERE code = ?", (code,))
        if not rows:
            return None
        c, game, params, players, exact, title, created, expires, closed = rows[0]
        return Class(c, Rules(game, json.loads(params), players, exact), title, created, expires, closed)

    def close_class(self, code: str, now: float) -> None:
        with self._tx() as db:
            db.execute("UPDATE classes SET closed = ? WHERE code = ? AND closed IS NULL", (now, code))
        self._bump(code)

    def delete_class(self, code: str) -> None:
        """Delete a class and everything in it (students, games, counts, links), at once."""
        with self._tx() as db:
            db.execute("DELETE FROM classes WHERE code = ?", (code,))
        self._bump(code)

    def purge(self, now: float) -> int:
        """Delete the classes closed or expired more than KEEP_FOR ago, and used-up passes; how many classes."""
        with self._tx() as db:
            db.execute("DELETE FROM passes WHERE expires <= ?", (now,))
            gone = db.execute("DELETE FROM classes WHERE MIN(COALESCE(closed, expires), expires) + ? <= ?",
                              (L.KEEP_FOR, now)).rowcount
        return int(gone)

    # ------------------------------------------------------------ students
    def join(self, code: str, nickname: str, token: str, now: float) -> int:
        """Add a student to an open class; Refused if it is full or the nickname is taken."""
        with self._tx() as db:
            (n,) = db.execute("SELECT COUNT(*) FROM students WHERE code = ?", (code,)).fetchone()
            if n >= L.MAX_STUDENTS_PER_CLASS:
                raise Refused(f"class {code} is full: {n} students (MAX_STUDENTS_PER_CLASS)", status=403,
                              limit="MAX_STUDENTS_PER_CLASS")
            try:
                cur = db.execute("INSERT INTO students (code, nickname, folded, token, joined) VALUES (?, ?, ?, ?, ?)",
                                 (code, nickname, L.fold(nickname), token, now))
            except sqlite3.IntegrityError:
                raise Refused(f"the nickname {nickname!r} is taken in class {code}: choose another",
                              status=409) from None
        self._bump(code)
        return int(cur.lastrowid or 0)

    def student(self, token: str) -> tuple[int, str, str] | None:
        """``(id, class code, nickname)`` of the student with this token's hash, or None."""
        rows = self._read("SELECT id, code, nickname FROM students WHERE token = ?", (token,))
        return (int(rows[0][0]), str(rows[0][1]), str(rows[0][2])) if rows else None

    # ------------------------------------------------------------ games and counts
    def earlier(self, student: int, request: str) -> tuple[int, str] | None:
        """``(id, body hash)`` of the submission this student made with this idempotency key, or None."""
        rows = self._read("SELECT id, body FROM submissions WHERE student = ? AND request = ?", (student, request))
        return (int(rows[0][0]), str(rows[0][1])) if rows else None

    def room(self, code: str, student: int, size: int) -> None:
        """Refused if the class or the student holds the most submissions, or the class's saves the most text
        (checked before a save is replayed, and again inside the transaction that stores it)."""
        (n,), (mine,), (stored,) = (self._read(sql, args)[0] for sql, args in (
            ("SELECT COUNT(*) FROM submissions WHERE code = ?", (code,)),
            ("SELECT COUNT(*) FROM submissions WHERE student = ?", (student,)),
            ("SELECT stored FROM classes WHERE code = ?", (code,))))
        _limits(code, n, mine, stored + size)

    def add(self, code: str, student: int, request: str, body: str, now: float,
            fields: dict[str, Any]) -> dict[str, Any]:
        """Store one game or count in one transaction; the receipt ``{"id", "new", "sent", "yours"}``.

        Inside the transaction: the class is still open, the limits hold, a
        repeated idempotency key returns the first answer (``new`` is False:
        nothing is stored twice), and a game already in the class (its
        ``digest``) is not stored again: ``new`` False for its own sender, a
        Refused (409) for another student.
        """
        size = len(fields.get("save") or "")
        with self._tx() as db:
            row = db.execute("SELECT closed, expires FROM classes WHERE code = ?", (code,)).fetchone()
            if row is None or row[0] is not None or row[1] <= now:
                raise Refused(f"class {code} is closed: nothing more can be sent to it", status=410)
            old = db.execute("SELECT id, body FROM submissions WHERE student = ? AND request = ?",
                             (student, request)).fetchone()
            new = old is None
            if old is not None and old[1] != body:
                raise Refused("this Idempotency-Key was used for another request; make a new key for each request",
                              status=422)
            digest = fields.get("digest")
            if new and digest is not None:
                twin = db.execute("SELECT id, student FROM submissions WHERE code = ? AND digest = ?",
                                  (code, digest)).fetchone()
                if twin is not None and twin[1] != student:
                    raise Refused(f"this very game (the same seed and moves) is in class {code} already: a game counts "
                                  "once; play another", status=409)
                if twin is not None:
                    old, new = twin, False
            if new:
                (n,) = db.execute("SELECT COUNT(*) FROM submissions WHERE code = ?", (code,)).fetchone()
                (mine,) = db.execute("SELECT COUNT(*) FROM submissions WHERE student = ?", (student,)).fetchone()
                (stored,) = db.execute("SELECT stored FROM classes WHERE code = ?", (code,)).fetchone()
                _limits(code, n, mine, stored + size)
                cols = ["code", "student", "request", "body", "time", *fields]
                cur = db.execute(f"INSERT INTO submissions ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                                 (code, student, request, body, now, *fields.values()))
                db.execute("UPDATE classes SET stored = stored + ? WHERE code = ?", (size, code))
                ident = int(cur.lastrowid or 0)
            else:
                assert old is not None
                ident = int(old[0])
            (sent,) = db.execute("SELECT COUNT(*) FROM submissions WHERE code = ?", (code,)).fetchone()
            (yours,) = db.execute("SELECT COUNT(*) FROM submissions WHERE student = ?", (student,)).fetchone()
        if new:
            self._bump(code)
        return {"id": ident, "new": new, "sent": int(sent), "yours": int(yours), "code": code}

    def results(self, code: str) -> list[dict[str, Any]]:
        """Every game or count of a class, oldest first, with the nickname that sent it (no save)."""
        rows = self._read("SELECT s.id, st.nickname, s.time, s.seed, s.winner, s.winner_seat, s.scores, s.n_actions, "
                          "s.hits, s.trials FROM submissions s JOIN students st ON st.id = s.student "
                          "WHERE s.code = ? ORDER BY s.id", (code,))
        keys = ("id", "nickname", "time", "seed", "winner", "winner_seat", "scores", "n_actions", "hits", "trials")
        out = [dict(zip(keys, r)) for r in rows]
        for r in out:
            r["scores"] = None if r["scores"] is None else json.loads(r["scores"])
        return out

    def save(self, code: str, ident: int) -> str | None:
        rows = self._read("SELECT save FROM submissions WHERE code = ? AND id = ?", (code, ident))
        return str(rows[0][0]) if rows and rows[0][0] is not None else None

    def totals(self, code: str, players: int) -> tuple[list[tuple[str, int, int]], list[int], int, int]:
        """Each student's ``(nickname, successes, tries)``, each seat's wins, the games or counts, the shared wins.

        Successes and tries are hits and trials in a count class; in a game
        class, the games won by the first seat and the games sent.
        """
        students = self._read(
            "SELECT st.nickname, COALESCE(SUM(CASE WHEN s.hits IS NULL THEN s.winner_seat = 1 ELSE s.hits END), 0), "
            "COALESCE(SUM(COALESCE(s.trials, 1)), 0) FROM students st JOIN submissions s ON s.student = st.id "
            "WHERE st.code = ? GROUP BY st.id ORDER BY MIN(s.id)", (code,))
        seats = dict(self._read("SELECT winner_seat, COUNT(*) FROM submissions WHERE code = ? AND winner_seat IS NOT "
                                "NULL GROUP BY winner_seat", (code,)))
        (sent, shared), = self._read("SELECT COUNT(*), COALESCE(SUM(winner_seat IS NULL AND winner IS NOT NULL), 0) "
                                     "FROM submissions WHERE code = ?", (code,))
        return ([(str(a), int(b), int(c)) for a, b, c in students], [int(seats.get(s, 0)) for s in
                                                                    range(1, players + 1)], int(sent), int(shared))

    def student_count(self, code: str) -> int:
        return int(self._read("SELECT COUNT(*) FROM students WHERE code = ?", (code,))[0][0])

    # ------------------------------------------------------------ the teacher's passes (links, browser sessions)
    def add_pass(self, token: str, code: str, kind: str, expires: float) -> None:
        with self._tx() as db:
            db.execute("INSERT INTO passes (token, code, kind, expires) VALUES (?, ?, ?, ?)",
                       (token, code, kind, expires))

    def use_link(self, token: str, code: str, now: float) -> bool:
        """True (once) for an unexpired dashboard link of this class; the link is gone after."""
        with self._tx() as db:
            cur = db.execute("DELETE FROM passes WHERE token = ? AND code = ? AND kind = 'link' AND expires > ?",
                             (token, code, now))
            return bool(cur.rowcount == 1)

    def session_ok(self, token: str, code: str, now: float) -> bool:
        rows = self._read("SELECT 1 FROM passes WHERE token = ? AND code = ? AND kind = 'session' AND expires > ?",
                          (token, code, now))
        return bool(rows)


def _limits(code: str, n: int, mine: int, stored: int) -> None:
    """Refused if a class, a student or a class's saves would pass their most."""
    if n >= L.MAX_SUBMISSIONS_PER_CLASS:
        raise Refused(f"class {code} holds {n:,} games and counts, its most (MAX_SUBMISSIONS_PER_CLASS)",
                      status=403, limit="MAX_SUBMISSIONS_PER_CLASS")
    if mine >= L.MAX_SUBMISSIONS_PER_STUDENT:
        raise Refused(f"you have sent {mine} games and counts to class {code}, the most one student sends "
                      "(MAX_SUBMISSIONS_PER_STUDENT)", status=403, limit="MAX_SUBMISSIONS_PER_STUDENT")
    if stored > L.MAX_STORED_CHARS_PER_CLASS:
        raise Refused(f"class {code}'s saves would pass {L.MAX_STORED_CHARS_PER_CLASS:,} characters "
                      "(MAX_STORED_CHARS_PER_CLASS)", status=403, limit="MAX_STORED_CHARS_PER_CLASS")


def excerpt_path(path: str) -> str:
    return path if len(path) <= 60 else "..." + path[-57:]
