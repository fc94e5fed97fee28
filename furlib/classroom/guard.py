"""The class server's gate: the teacher key (kept as a salted hash), tokens, and the rate limits.

Only the standard library. The teacher key is hashed with scrypt and a
random salt (:func:`hash_key`); a key is compared with
:func:`hmac.compare_digest`. Student tokens and the teacher's one-use links
and browser sessions are random (``secrets.token_urlsafe``) and kept as
SHA-256 hashes: a copy of the database lets nobody in.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from .limits import MAX_TRACKED
from .store import Store

#: The shortest teacher key accepted (--teacher-key, FURLIB_TEACHER_KEY): 16 characters.
MIN_KEY_CHARS = 16
#: The longest teacher key accepted: 200 characters.
MAX_KEY_CHARS = 200
#: scrypt's cost: 2**14 rounds, 8 MB of memory, about 50 ms a check (once per key and server run).
SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}


def new_token() -> str:
    """A random secret of 256 bits, as URL-safe text (43 characters)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """The SHA-256 hash of a random token, as the database keeps it."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def hash_key(key: str, salt: bytes) -> str:
    """The scrypt hash of a teacher key with ``salt``, as hex."""
    return hashlib.scrypt(key.encode("utf-8", "surrogatepass"), salt=salt, **SCRYPT).hex()


def check_key_text(key: str) -> str:
    """A teacher key as given at the server's start; ValueError if it is too short or too long."""
    if not MIN_KEY_CHARS <= len(key) <= MAX_KEY_CHARS or not key.isprintable() or key != key.strip():
        raise ValueError(f"a teacher key has {MIN_KEY_CHARS} to {MAX_KEY_CHARS} printable characters without spaces "
                         f"at its ends (got {len(key)} characters); leave it out to have one made")
    return key


class TeacherKey:
    """The teacher key of one database: only its salted hash is stored (``meta`` rows ``key_salt``, ``key_hash``)."""

    def __init__(self, store: Store):
        self.store = store
        self._known: set[str] = set()      # SHA-256 of keys that passed in this run: one scrypt per key and run

    def set(self, key: str) -> None:
        """Keep ``key``'s hash (a new salt), replacing any earlier key."""
        salt = secrets.token_bytes(16)
        self.store.set_meta("key_salt", salt.hex())
        self.store.set_meta("key_hash", hash_key(check_key_text(key), salt))
        self._known.clear()

    def exists(self) -> bool:
        return self.store.meta("key_hash") is not None

    def known(self, key: str) -> bool:
        """True if ``key`` passed :meth:`check` earlier in this run (no hashing: cheap)."""
        return token_hash(key) in self._known

    def check(self, key: str) -> bool:
        """True if ``key`` is the teacher key (scrypt the first time, then remembered for this run)."""
        if self.known(key):
            return True
        salt, stored = self.store.meta("key_salt"), self.store.meta("key_hash")
        if salt is None or stored is None or len(key) > MAX_KEY_CHARS:
            return False
        if hmac.compare_digest(hash_key(key, bytes.fromhex(salt)), stored):
            self._known.add(token_hash(key))
            return True
        return False


class Buckets:
    """Token buckets by key: each holds up to ``burst`` requests and refills at ``rate`` a second.

    At most :data:`~.limits.MAX_TRACKED` keys are kept; past that, the keys
    whose buckets are full again are forgotten (a forgotten key starts full,
    as it would be anyway).
    """

    def __init__(self, burst: int, rate: float, tracked: int = MAX_TRACKED):
        self.burst, self.rate, self.tracked = burst, rate, tracked
        self._buckets: dict[str, tuple[float, float]] = {}

    def _level(self, key: str, now: float) -> float:
        tokens, then = self._buckets.get(key, (float(self.burst), now))
        return min(float(self.burst), tokens + (now - then) * self.rate)

    def wait(self, key: str, now: float) -> float:
        """0.0 if ``key`` may make a request now (nothing is taken), else the seconds until it may."""
        tokens = self._level(key, now)
        return 0.0 if tokens >= 1 else (1 - tokens) / self.rate

    def take(self, key: str, now: float) -> float:
        """Take one request from ``key``'s bucket: 0.0 if allowed, else the seconds until one is free."""
        tokens = self._level(key, now)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return (1 - tokens) / self.rate
        self._buckets[key] = (tokens - 1, now)
        if len(self._buckets) > self.tracked:
            self._forget(now)
        return 0.0

    def _forget(self, now: float) -> None:
        full = [k for k, (t, then) in self._buckets.items() if t + (now - then) * self.rate >= self.burst]
        for k in full:
            del self._buckets[k]
        if len(self._buckets) > self.tracked:      # all busy: forget the oldest half
            for k in sorted(self._buckets, key=lambda k: self._buckets[k][1])[: len(self._buckets) // 2]:
                del self._buckets[k]
