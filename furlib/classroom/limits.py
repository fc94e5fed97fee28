"""Every limit of the class server, by name, and the checks the server and its clients share.

Each limit is checked before any work, and a request that passes one is
refused with a JSON error naming it (``{"error": ..., "limit": "MAX_..."}``);
nothing from a refused request is stored. Only the standard library (and
:func:`furlib.core.errors.excerpt`) is used here: the student's side runs on
Binder, which installs furlib's base dependencies only.

>>> check_nickname("Ada 2"), fold("ADA\u00a02")
('Ada 2', 'ada 2')
>>> check_code("4kq7")
Traceback (most recent call last):
...
ValueError: class code '4kq7' is not a class code: 4 characters from 23456789ABCDEFGHJKMNPQRSTUVWXYZ (capitals)
"""

from __future__ import annotations

import re
import unicodedata

from ..core.engine.saving import MAX_SAVE_CHARS
from ..core.errors import excerpt

# ------------------------------------------------------------------ class codes and lifetimes
#: The characters of a class code: digits and capitals, without 0, 1, I, L and O (read aloud without doubt).
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
#: The length of a class code: 31**4 = 923,521 codes.
CODE_LENGTH = 4
#: How long a class stays open when the teacher does not say (seconds): a school day's lesson, 3 hours.
DEFAULT_EXPIRES_IN = 3 * 3600
#: The shortest and longest life of a class (seconds): 1 minute to 14 days (a fortnight's homework).
MIN_EXPIRES_IN, MAX_EXPIRES_IN = 60, 14 * 24 * 3600
#: How long a class's data is kept after it closes or expires (seconds): 30 days, then it is deleted whole.
KEEP_FOR = 30 * 24 * 3600
#: How long a dashboard link (``Teacher.dashboard_url``) can be used (once): 2 minutes.
LINK_SECONDS = 120
#: How long the teacher's browser stays signed in to one class's live page: 12 hours.
SESSION_SECONDS = 12 * 3600

# ------------------------------------------------------------------ sizes and counts
#: The most classes open at once on one server.
MAX_CLASSES = 100
#: The most students in one class.
MAX_STUDENTS_PER_CLASS = 300
#: The most games and counts one class holds.
MAX_SUBMISSIONS_PER_CLASS = 10_000
#: The most games and counts one student sends to a class.
MAX_SUBMISSIONS_PER_STUDENT = 500
#: The most characters of saves one class holds (the saves are kept for the teacher): 200 MB.
MAX_STORED_CHARS_PER_CLASS = 200_000_000
#: The largest body of a game's submission: a furlib save, as ``Game.from_json`` reads (10 MB).
MAX_GAME_BODY = MAX_SAVE_CHARS
#: The largest body of every other request (a join, a count, a new class with its rules).
MAX_SMALL_BODY = 16_384
#: The most characters of a class's title.
MAX_TITLE_CHARS = 100
#: The most rolls (tries) in one count sent with ``Student.submit_count``.
MAX_TRIALS = 10_000
#: The shortest and longest nickname.
MIN_NICKNAME, MAX_NICKNAME = 1, 24
#: The characters a nickname may hold besides letters and digits (of any alphabet).
NICKNAME_EXTRA = " .-_'"
#: The longest idempotency key (``Idempotency-Key``), made by the client for each request.
MAX_REQUEST_ID = 64

# ------------------------------------------------------------------ rates (token buckets: a burst, then a rate)
#: Requests one student may make: a burst of 30, then 2 a second.
STUDENT_BURST, STUDENT_RATE = 30, 2.0
#: Requests to one class, all its students together: a burst of 3,000, then 300 a second.
CLASS_BURST, CLASS_RATE = 3000, 300.0
#: Requests from one address without a valid student or teacher credential (joins, wrong keys): 60, then 1 a second.
ADDRESS_BURST, ADDRESS_RATE = 60, 1.0
#: The most addresses, students and classes whose rates are tracked at once (the fullest buckets are forgotten).
MAX_TRACKED = 20_000

# ------------------------------------------------------------------ what a count class is
#: The name of a class of counts (``open_class("count")``): each student sends successes out of tries.
COUNT = "count"

_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
_REQUEST_ID = re.compile(rf"[A-Za-z0-9_-]{{8,{MAX_REQUEST_ID}}}")


def check_code(code: object) -> str:
    """``code`` if it is a class code (:data:`CODE_LENGTH` characters of :data:`CODE_ALPHABET`), else a ValueError."""
    if type(code) is not str or not _CODE.fullmatch(code):
        raise ValueError(f"class code {excerpt(code)} is not a class code: {CODE_LENGTH} characters from "
                         f"{CODE_ALPHABET} (capitals)")
    return code


def check_nickname(nickname: object) -> str:
    """``nickname`` if it may name a student, else a ValueError saying why (no name, no e-mail: a nickname).

    A nickname has :data:`MIN_NICKNAME` to :data:`MAX_NICKNAME` characters:
    letters and digits of any alphabet, spaces and ``. - _ '``, starting with
    a letter or a digit (a spreadsheet reads nothing in it as a formula) and
    ending without a space. Two nicknames that differ only in case or in the
    form of a character (see :func:`fold`) are the same nickname.
    """
    if type(nickname) is not str:
        raise ValueError(f"a nickname is text, got {excerpt(nickname)}")
    if not MIN_NICKNAME <= len(nickname) <= MAX_NICKNAME:
        raise ValueError(f"nickname {excerpt(nickname)} has {len(nickname)} characters; a nickname has "
                         f"{MIN_NICKNAME} to {MAX_NICKNAME} (MAX_NICKNAME)")
    bad = [c for c in nickname if not (c.isalnum() or c in NICKNAME_EXTRA)]
    if bad:
        raise ValueError(f"nickname {excerpt(nickname)} holds {excerpt(bad[0])}; a nickname holds letters, digits, "
                         f"spaces and . - _ ' only")
    if not (nickname[0].isalnum() and nickname[-1] != " "):
        raise ValueError(f"nickname {excerpt(nickname)} must start with a letter or a digit and end without a "
                         "space")
    return nickname


def fold(nickname: str) -> str:
    """The form of a nickname two students may not share: NFKC-normalised, case-folded, spaces as one."""
    return " ".join(unicodedata.normalize("NFKC", nickname).casefold().split())


def check_request_id(request_id: object) -> str:
    """An idempotency key: 8 to :data:`MAX_REQUEST_ID` characters of letters, digits, ``_`` and ``-``."""
    if type(request_id) is not str or not _REQUEST_ID.fullmatch(request_id):
        raise ValueError(f"Idempotency-Key {excerpt(request_id)} is not 8 to {MAX_REQUEST_ID} letters, digits, "
                         "'_' or '-'")
    return request_id


def check_title(title: object) -> str:
    """A class's title: printable text of at most :data:`MAX_TITLE_CHARS` characters ("" for none)."""
    if type(title) is not str:
        raise ValueError(f"title must be text, got {excerpt(title)}")
    if len(title) > MAX_TITLE_CHARS:
        raise ValueError(f"title has {len(title)} characters; at most {MAX_TITLE_CHARS} (MAX_TITLE_CHARS)")
    if not title.isprintable():
        raise ValueError(f"title {excerpt(title)} holds a character that cannot be printed (a new line?)")
    return title


def check_expires_in(seconds: object) -> int:
    """A class's life in whole seconds, :data:`MIN_EXPIRES_IN` to :data:`MAX_EXPIRES_IN`."""
    if type(seconds) is not int or not MIN_EXPIRES_IN <= seconds <= MAX_EXPIRES_IN:
        raise ValueError(f"expires_in must be a whole number of seconds from {MIN_EXPIRES_IN} to {MAX_EXPIRES_IN:,} "
                         f"(14 days, MAX_EXPIRES_IN), got {excerpt(seconds)}")
    return seconds


def check_count(hits: object, trials: object) -> tuple[int, int]:
    """A count: ``hits`` successes out of ``trials`` tries, whole numbers, 0 <= hits <= trials <= MAX_TRIALS."""
    for name, value in (("hits", hits), ("trials", trials)):
        if type(value) is not int:
            raise ValueError(f"{name} must be a whole number, got {excerpt(value)}")
    assert isinstance(hits, int) and isinstance(trials, int)
    if not 1 <= trials <= MAX_TRIALS:
        raise ValueError(f"trials must be from 1 to {MAX_TRIALS:,} (MAX_TRIALS), got {trials}")
    if not 0 <= hits <= trials:
        raise ValueError(f"hits must be from 0 to the {trials} trials, got {hits}")
    return hits, trials
