"""The Python side of a class: :class:`Teacher` and :class:`Student` (the standard library only).

They talk to a class server (``python -m furlib.classroom serve``) with
``urllib``: every call has a timeout, reads at most a bounded answer, and
raises a :class:`Refused` (a ``ValueError``) that repeats the server's reason
when the server says no, or :class:`Unreachable` (a ``ConnectionError`` and a
``ValueError``) when it does not answer. A request that may be sent twice
carries an ``Idempotency-Key`` made here, and is retried with the same key
after a broken connection: the server counts it once. Binder installs
furlib's base dependencies only, and that is all a :class:`Student` needs.
"""

from __future__ import annotations

import http.client
import json
import secrets
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from datetime import timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..core.errors import cut_message, excerpt
from ..core.words import plural
from . import limits as L

#: Seconds a call waits for the server (connecting, then each read).
DEFAULT_TIMEOUT = 10.0
#: The largest answer a student reads (the pooled figures, a receipt), and a teacher's (results, a save): bytes.
MAX_STUDENT_ANSWER, MAX_TEACHER_ANSWER = 65_536, 50_000_000
#: How often a request that may be repeated is sent again after a broken connection, and the waits before.
RETRY_WAITS = (0.3, 1.0)
#: The longest server address.
MAX_URL_CHARS = 200


class Refused(ValueError):
    """The class server refused a request: ``status`` (HTTP), ``limit`` (the limit's name, or "")."""

    def __init__(self, message: str, status: int = 400, limit: str = ""):
        super().__init__(message)
        self.status, self.limit = status, limit


class Unreachable(ConnectionError, ValueError):
    """The class server did not answer (not running, a wrong address, no network, too slow)."""


def check_url(url: object) -> str:
    """A class server's address, ``http(s)://host[:port][/path]``, without a trailing ``/``; else a ValueError."""
    if type(url) is not str or len(url) > MAX_URL_CHARS:
        raise ValueError(f"the class server's address must be text such as 'http://10.0.0.5:8765', got {excerpt(url)}")
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment or "@" in \
            parts.netloc:
        raise ValueError(f"{excerpt(url)} is not a class server's address such as 'http://10.0.0.5:8765' "
                         "(http or https, a host, an optional port; no ?, # or user)")
    try:
        parts.port  # noqa: B018 - reading it checks it
    except ValueError:
        raise ValueError(f"{excerpt(url)} has a port that is not a number from 0 to 65535") from None
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def _timeout(timeout: object) -> float:
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0.1 <= timeout <= 300:
        raise ValueError(f"timeout must be a number of seconds from 0.1 to 300, got {excerpt(timeout)}")
    return float(timeout)


class _Client:
    """What both sides share: the address, the timeout and one request with its checks."""

    def __init__(self, url: str, timeout: float, most: int):
        self.url, self.timeout, self._most = check_url(url), _timeout(timeout), most

    def _call(self, method: str, path: str, body: bytes | None = None, *, token: str | None = None,
              request_id: str | None = None, raw: bool = False) -> Any:
        headers = {"Accept": "application/json", "Content-Type": "application/json", "User-Agent": "furlib-classroom"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        if request_id is not None:
            headers["Idempotency-Key"] = request_id
        repeatable = method == "GET" or request_id is not None
        waits = RETRY_WAITS if repeatable else ()
        for attempt in range(len(waits) + 1):
            request = urllib.request.Request(self.url + path, data=body, method=method, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                    data = answer.read(self._most + 1)
                break
            except urllib.error.HTTPError as e:
                raise _refusal(e, self.url) from None
            except (urllib.error.URLError, OSError, http.client.HTTPException) as e:
                if attempt < len(waits):
                    time.sleep(waits[attempt])
                    continue
                reason = getattr(e, "reason", e)
                raise Unreachable(f"no answer from the class server {self.url} ({cut_message(reason, 120)}): is it "
                                  "running, and is the address right?") from None
        if len(data) > self._most:
            raise Refused(f"the class server's answer is longer than {self._most:,} bytes: not read", 502)
        if raw:
            return data
        try:
            return json.loads(data)
        except ValueError:
            raise Refused(f"{self.url} answered something that is not JSON: is it a furlib class server?", 502) \
                from None


def _refusal(e: urllib.error.HTTPError, url: str) -> Refused:
    """The server's JSON error as a :class:`Refused` naming what was refused."""
    try:
        doc = json.loads(e.read(8192))
        message, limit = str(doc["error"]), str(doc.get("limit") or "")
    except (ValueError, KeyError, TypeError, OSError):
        message, limit = f"HTTP {e.code} {cut_message(e.reason, 60)} (not a furlib class server's answer)", ""
    return Refused(f"the class server refused: {cut_message(message, 600)}", e.code, limit)


def _code(code: object) -> str:
    return L.check_code(code.strip().upper() if isinstance(code, str) and len(code) < 20 else code)


@dataclass(frozen=True)
class Receipt:
    """The server's answer to a game or count: counted now (``new``) or before; the class's and your totals."""

    code: str
    id: int
    new: bool
    sent: int
    yours: int
    what: str = "game"

    def __str__(self) -> str:
        said = f"Sent to class {self.code}" if self.new else f"Already in class {self.code} (it counts once)"
        return f"{said}: {plural(self.sent, self.what)} so far ({self.yours} from you)."


class Student(_Client):
    """A student in a class: joins with a nickname at once; :meth:`submit` a game, :meth:`submit_count` a count.

    Parameters
    ----------
    url : str
        The class server, e.g. ``"http://10.0.0.5:8765"``.
    code : str
        The class code the teacher gives (``"4KQ7"``; small letters are read as capitals).
    nickname : str
        1 to 24 letters, digits, spaces, ``. - _ '``: a nickname, not a name; unique in the class.
    timeout : float
        Seconds to wait for the server (0.1 to 300).

    Raises
    ------
    Refused
        The server said no (a wrong code, a closed class, a taken nickname): its reason.
    Unreachable
        The server did not answer.
    """

    def __init__(self, url: str, code: str, nickname: str, *, timeout: float = DEFAULT_TIMEOUT):
        super().__init__(url, timeout, MAX_STUDENT_ANSWER)
        self.code, self.nickname = _code(code), L.check_nickname(nickname)
        doc = self._call("POST", f"/api/classes/{self.code}/join", json.dumps({"nickname": nickname}).encode())
        self._token = str(doc["token"])
        self.game, self.rules, self.players = str(doc["game"]), dict(doc["rules"]), int(doc["players"])
        self.title = str(doc.get("title", ""))

    def __repr__(self) -> str:
        return f"Student({self.url!r}, {self.code!r}, {self.nickname!r})"   # never the token

    def submit(self, game: Any, *, request_id: str | None = None) -> Receipt:
        """Send a finished game, or a save's text (``g.to_json()``); the server replays it and counts it once.

        ``request_id`` is the request's idempotency key (a new random one if
        None): the same key sent again is answered as the first time and
        counts once. Raises :class:`Refused` (a ValueError) naming why the
        server refused the game.
        """
        if isinstance(game, str):
            body = game.encode()
        elif callable(getattr(game, "to_json", None)) and hasattr(game, "is_over"):
            if not game.is_over:
                raise ValueError("this game is not finished: play it to the end, then submit it")
            body = game.to_json().encode()
        else:
            raise ValueError(f"submit takes a furlib game (Furcle, Furglars, ...) or its save, got {excerpt(game)}")
        if len(body) > L.MAX_GAME_BODY:
            raise ValueError(f"this save has {len(body):,} bytes; a class takes at most {L.MAX_GAME_BODY:,} "
                             "(MAX_GAME_BODY)")
        return self._send("games", body, "game", request_id)

    def submit_count(self, hits: int, trials: int) -> Receipt:
        """Send a count made with real dice: ``hits`` successes out of ``trials`` tries (e.g. 17 Furcles of 20)."""
        hits, trials = L.check_count(hits, trials)
        return self._send("counts", json.dumps({"hits": hits, "trials": trials}).encode(), "count")

    def pooled(self) -> dict[str, Any]:
        """The class's pooled figures so far (no other student's nickname or games)."""
        doc: dict[str, Any] = self._call("GET", f"/api/classes/{self.code}/pooled", token=self._token)
        return doc

    def _send(self, kind: str, body: bytes, what: str, request_id: str | None = None) -> Receipt:
        key = secrets.token_urlsafe(16) if request_id is None else L.check_request_id(request_id)
        doc = self._call("POST", f"/api/classes/{self.code}/{kind}", body, token=self._token, request_id=key)
        return Receipt(self.code, int(doc["id"]), bool(doc["new"]), int(doc["sent"]), int(doc["yours"]), what)


def _game_name(game: object) -> tuple[str, dict[str, Any] | None]:
    """A class's game as the server names it, and the rules of a game given as a game."""
    if game == L.COUNT:
        return L.COUNT, None
    if isinstance(game, str):
        return game, None
    from ..core.registry import get

    try:
        info = get(game)
    except KeyError as e:
        raise ValueError(f"open_class takes a furlib game, its class or name, or {L.COUNT!r}; {e.args[0]}") from None
    if isinstance(game, type):
        return info.name, None
    params = dict(getattr(game, "params", {}))
    params["players"] = len(params.get("players", ()))
    return info.name, params


def _exact_text(exact: object) -> str | None:
    if exact is None or isinstance(exact, str):
        return exact
    if isinstance(exact, Fraction):
        return f"{exact.numerator}/{exact.denominator}"
    if isinstance(exact, (int, float)) and not isinstance(exact, bool):
        return repr(float(exact))
    raise ValueError(f"exact must be a chance such as Fraction(5, 6), 0.5 or '5/6', got {excerpt(exact)}")


class Teacher(_Client):
    """The teacher's side: open classes, read their results, close them, sign the live page in.

    Parameters
    ----------
    url : str
        The address the class server printed at its start, such as ``"http://127.0.0.1:8765"``.
    key : str
        The teacher key the server printed at its start (or was given).
    timeout : float
        Seconds to wait for the server (0.1 to 300).
    """

    def __init__(self, url: str, key: str, *, timeout: float = DEFAULT_TIMEOUT):
        super().__init__(url, timeout, MAX_TEACHER_ANSWER)
        if type(key) is not str or not key:
            raise ValueError("the teacher key is the text the server printed at its start (or was given)")
        self._key = key

    def __repr__(self) -> str:
        return f"Teacher({self.url!r}, key=...)"

    def open_class(self, game: Any, params: dict[str, Any] | None = None, title: str = "",
                   expires_in: int | timedelta = L.DEFAULT_EXPIRES_IN, exact: Any = None) -> str:
        """Open a class; its code. ``game``: a game, its class or name, or ``"count"`` (counts with real dice).

        ``params`` are the class's rules (the game's keywords; ``players`` a
        number); a game given as a game brings its own. ``expires_in``
        (seconds or a timedelta) is the class's life; ``exact`` an exact
        chance the live page shows (a Fraction, a number or ``"5/6"``).
        """
        name, own = _game_name(game)
        if isinstance(expires_in, timedelta):
            expires_in = int(expires_in.total_seconds())
        doc = {"game": name, "params": params if params is not None else own or {}, "title": L.check_title(title),
               "expires_in": L.check_expires_in(expires_in), "exact": _exact_text(exact)}
        try:
            body = json.dumps(doc).encode()
        except (TypeError, ValueError):
            raise ValueError(f"params must be JSON: numbers, text, lists and dicts, got {excerpt(params)}") from None
        return str(self._call("POST", "/api/classes", body, token=self._key)["code"])

    def results(self, code: str) -> Any:
        """Every game or count of the class, one row each, oldest first: a pandas DataFrame.

        Columns: ``id, nickname, time`` (UTC), ``game, rules``, then for a
        game ``seed, winner, winner_seat, scores`` (by seat) and
        ``n_actions``, for a count ``hits, trials``.
        """
        import pandas as pd  # lazy: a student never needs it

        doc = self._call("GET", f"/api/classes/{_code(code)}/results", token=self._key)
        game = doc["game"] != L.COUNT
        extra = ["seed", "winner", "winner_seat", "scores", "n_actions"] if game else ["hits", "trials"]
        rows = [{"id": r["id"], "nickname": r["nickname"], "time": pd.Timestamp(r["time"], unit="s", tz="UTC"),
                 "game": doc["game"], "rules": json.dumps(doc["rules"], sort_keys=True),
                 **{k: int(r[k]) if k == "seed" else r[k] for k in extra}} for r in doc["rows"]]
        return pd.DataFrame(rows, columns=["id", "nickname", "time", "game", "rules", *extra])

    def counts(self, code: str) -> str:
        """A count class's counts as ``furlib.lessons.pool`` reads them: ``"Ada: 17/20, Ben: 19/20"`` (in order)."""
        rows = self._call("GET", f"/api/classes/{_code(code)}/results", token=self._key)["rows"]
        return ", ".join(f"{r['nickname']}: {r['hits']}/{r['trials']}" for r in rows if r["trials"] is not None)

    def close_class(self, code: str) -> None:
        """Close the class: nothing more can join or be sent; the results stay (see ``delete_class``)."""
        self._call("POST", f"/api/classes/{_code(code)}/close", b"{}", token=self._key)

    def delete_class(self, code: str) -> None:
        """Delete the class and everything in it (nicknames, games, counts) at once."""
        self._call("DELETE", f"/api/classes/{_code(code)}", token=self._key)

    def export(self, code: str, path: str | Path) -> Path:
        """Write the class's results to a CSV file at ``path`` (written whole or not at all); the path."""
        data = self._call("GET", f"/api/classes/{_code(code)}/results.csv", token=self._key, raw=True)
        target = Path(path)
        tmp = target.with_name(f".{target.name}.tmp")
        tmp.write_bytes(data)
        tmp.replace(target)
        return target

    def dashboard_url(self, code: str) -> str:
        """A link to the class's live page that signs this browser in: it works once, within 2 minutes."""
        doc = self._call("POST", f"/api/classes/{_code(code)}/dashboard", b"{}", token=self._key)
        return self.url + str(doc["path"])

    def game(self, code: str, ident: int) -> Any:
        """The game with this ``id`` (a row of :meth:`results`), replayed from its stored save."""
        from ..core.registry import get

        if type(ident) is not int or ident < 1:
            raise ValueError(f"ident is the id of a row of results(), a whole number from 1, got {excerpt(ident)}")
        data = self._call("GET", f"/api/classes/{_code(code)}/games/{ident}", token=self._key, raw=True)
        cls: Any = get(json.loads(data)["game"]).cls
        return cls.from_json(data)
