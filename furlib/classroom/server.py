"""The class server's routes: a Starlette app over the :class:`~.store.Store` (needs the ``classroom`` extra).

The JSON API (``/api/...``): the teacher's routes need the teacher key
(``Authorization: Bearer KEY``); a student's need the token their join gave
them. The live page's routes (``/live/{code}...``, :mod:`~.live`) need the
browser session a one-use dashboard link made. Every refusal is a JSON
``{"error": ..., "limit": ...}`` with an HTTP status, and is checked before
any work: the class and credential, the rate, the limits, then the body
(read only up to its limit), then the replay; nothing is stored from it.

========================================  =============  ==============================
route                                     who            what
========================================  =============  ==============================
``POST /api/classes``                     teacher        open a class: its code
``POST /api/classes/{code}/join``         anyone         join with a nickname: a token
``POST /api/classes/{code}/games``        student        a finished game's save
``POST /api/classes/{code}/counts``       student        ``{"hits": 17, "trials": 20}``
``GET /api/classes/{code}/pooled``        student        the pooled figures, no names
``GET /api/classes/{code}/results``       teacher        every game or count (JSON)
``GET /api/classes/{code}/results.csv``   teacher        the same as CSV
``GET /api/classes/{code}/games/{id}``    teacher        one stored save
``POST /api/classes/{code}/close``        teacher        close the class
``POST /api/classes/{code}/dashboard``    teacher        a one-use link to the live page
``DELETE /api/classes/{code}``            teacher        delete the class and its data
========================================  =============  ==============================
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from . import limits as L
from .guard import Buckets, TeacherKey, new_token, token_hash
from .live import figures, info, live_routes, results_csv
from .store import Class, Store
from .verify import Refused, check_count_body, check_save, class_rules, parse_small

T = TypeVar("T")


async def run(fn: Callable[..., T], *args: Any) -> T:
    """Run blocking work (the database, a replay) in the server's thread pool."""
    return await run_in_threadpool(fn, *args)


class Classroom:
    """The server's state: the store, the teacher key and the rate buckets."""

    def __init__(self, store: Store, key: TeacherKey):
        self.store, self.key = store, key
        self.students = Buckets(L.STUDENT_BURST, L.STUDENT_RATE)
        self.classes = Buckets(L.CLASS_BURST, L.CLASS_RATE)
        self.addresses = Buckets(L.ADDRESS_BURST, L.ADDRESS_RATE)

    # ------------------------------------------------------------ gates
    def throttle(self, buckets: Buckets, key: str, what: str, limit: str, *, take: bool = True) -> None:
        now = time.monotonic()
        wait = buckets.take(key, now) if take else buckets.wait(key, now)
        if wait:
            raise Refused(f"too many requests from {what}: wait {wait:.1f} s and try again ({limit})", status=429,
                          limit=limit)

    def stranger(self, request: Request, *, failed: bool = True) -> None:
        """A request without a valid credential: its address's rate, checked before any work (``failed=False``),
        and taken from when it fails (``failed=True``: a wrong code, key or token). Guessing is slow; a class
        joining from one address (a school's, Binder's) is not held up."""
        host = request.client.host if request.client else "unknown"
        self.throttle(self.addresses, host, "this address", "ADDRESS_RATE", take=failed)

    async def teacher(self, request: Request) -> None:
        key = _bearer(request)
        if key is not None and self.key.known(key):
            return
        self.stranger(request, failed=False)
        if key is None or not await run(self.key.check, key):
            self.stranger(request)
            raise Refused("this route is the teacher's: give the teacher key (Authorization: Bearer KEY)"
                          if key is None else "the teacher key is wrong", status=401 if key is None else 403)

    async def student(self, request: Request, code: str) -> tuple[int, str]:
        """``(student id, nickname)`` of the request's token, which must belong to class ``code``."""
        token = _bearer(request)
        found = None if token is None or len(token) > 100 else await run(self.store.student, token_hash(token))
        if found is None or found[1] != code:
            self.stranger(request)
            raise Refused(f"not a student of class {code}: join it first (Student(url, code, nickname))", status=401)
        self.throttle(self.students, str(found[0]), "you", "STUDENT_RATE")
        self.throttle(self.classes, code, f"class {code}", "CLASS_RATE")
        return found[0], found[2]

    async def open_class(self, code: str, *, live: bool = True) -> Class:
        """The class ``code``: 404 if there is none; 410 if it is closed or expired (unless ``live`` is False)."""
        L.check_code(code)
        found = await run(self.store.get_class, code)
        if found is None:
            raise Refused(f"there is no class {code} on this server (is the code right? codes expire)", status=404)
        if live and found.state(time.time()) != "open":
            raise Refused(f"class {code} is {found.state(time.time())}: nothing more can be sent to it", status=410)
        return found

    # ------------------------------------------------------------ teacher routes
    async def new_class(self, request: Request) -> Response:
        await self.teacher(request)
        doc = parse_small(await read_body(request, L.MAX_SMALL_BODY, "MAX_SMALL_BODY"))
        extra = set(doc) - {"game", "params", "title", "expires_in", "exact"}
        if extra:
            raise Refused(f"a new class takes game, params, title, expires_in and exact; got {sorted(extra)[:3]}")
        title = _checked(L.check_title, doc.get("title", ""))
        expires_in = _checked(L.check_expires_in, doc.get("expires_in", L.DEFAULT_EXPIRES_IN))
        rules = await run(class_rules, doc.get("game"), doc.get("params"), doc.get("exact"))
        code = await run(self.store.open_class, rules, title, expires_in, time.time())
        return JSONResponse({"code": code, **info(await self.open_class(code))}, status_code=201)

    async def results(self, request: Request) -> Response:
        await self.teacher(request)
        c = await self.open_class(request.path_params["code"], live=False)
        return JSONResponse({**info(c), "rows": await run(self.store.results, c.code)})

    async def results_csv(self, request: Request) -> Response:
        await self.teacher(request)
        return await results_csv(self, await self.open_class(request.path_params["code"], live=False))

    async def one_game(self, request: Request) -> Response:
        await self.teacher(request)
        c = await self.open_class(request.path_params["code"], live=False)
        save = await run(self.store.save, c.code, request.path_params["id"])
        if save is None:
            raise Refused(f"class {c.code} holds no game {request.path_params['id']}", status=404)
        return Response(save, media_type="application/json")

    async def close(self, request: Request) -> Response:
        await self.teacher(request)
        c = await self.open_class(request.path_params["code"], live=False)
        await run(self.store.close_class, c.code, time.time())
        return JSONResponse({"code": c.code, "state": "closed"})

    async def delete(self, request: Request) -> Response:
        await self.teacher(request)
        c = await self.open_class(request.path_params["code"], live=False)
        await run(self.store.delete_class, c.code)
        return JSONResponse({"code": c.code, "state": "deleted"})

    async def dashboard(self, request: Request) -> Response:
        await self.teacher(request)
        c = await self.open_class(request.path_params["code"], live=False)
        link = new_token()
        await run(self.store.add_pass, token_hash(link), c.code, "link", time.time() + L.LINK_SECONDS)
        return JSONResponse({"path": f"/live/{c.code}?t={link}", "expires_in": L.LINK_SECONDS})

    # ------------------------------------------------------------ student routes
    async def join(self, request: Request) -> Response:
        self.stranger(request, failed=False)
        try:
            c = await self.open_class(request.path_params["code"])
            doc = parse_small(await read_body(request, L.MAX_SMALL_BODY, "MAX_SMALL_BODY"))
            if set(doc) != {"nickname"}:
                raise Refused(f"a join is {{\"nickname\": \"Ada\"}}, got the keys {sorted(doc)[:3]}")
            nickname = _checked(L.check_nickname, doc["nickname"])
            self.throttle(self.classes, c.code, f"class {c.code}", "CLASS_RATE")
            token = new_token()
            await run(self.store.join, c.code, nickname, token_hash(token), time.time())
        except ValueError:          # a wrong code, a taken nickname...: counted against the address
            self.stranger(request)
            raise
        return JSONResponse({"token": token, "nickname": nickname, **info(c)}, status_code=201)

    async def submit(self, request: Request) -> Response:
        c = await self.open_class(request.path_params["code"])
        game = request.url.path.endswith("/games")
        if game == (c.rules.game == L.COUNT):
            raise Refused(f"class {c.code} collects counts (submit_count), not games" if game else
                          f"class {c.code} plays {c.rules.title}: send finished games (submit), not counts", status=409)
        limit, name = (L.MAX_GAME_BODY, "MAX_GAME_BODY") if game else (L.MAX_SMALL_BODY, "MAX_SMALL_BODY")
        size = _length(request, limit, name)
        student, _ = await self.student(request, c.code)
        rid = _checked(L.check_request_id, request.headers.get("idempotency-key"))
        await run(self.store.room, c.code, student, size if game else 0)
        body = await read_body(request, limit, name)
        digest = hashlib.sha256(body).hexdigest()
        earlier = await run(self.store.earlier, student, rid)
        fields: dict[str, Any] = {}
        if earlier is None or earlier[1] != digest:       # a retried request is not replayed again
            if game:
                ok = await run(check_save, body, c.rules)
                fields = {"digest": ok.digest, "seed": str(ok.seed), "winner": ok.winner, "winner_seat":
                          ok.winner_seat, "scores": json.dumps(ok.scores), "n_actions": ok.n_actions, "save": ok.save}
            else:
                hits, trials = check_count_body(body, c.rules)
                fields = {"hits": hits, "trials": trials}
        receipt = await run(self.store.add, c.code, student, rid, digest, time.time(), fields)
        return JSONResponse(receipt, status_code=201 if receipt["new"] else 200)

    async def pooled(self, request: Request) -> Response:
        c = await self.open_class(request.path_params["code"], live=False)
        await self.student(request, c.code)
        return JSONResponse(await figures(self, c, dots=False))


def _checked(check: Callable[[Any], T], value: Any) -> T:
    try:
        return check(value)
    except ValueError as e:
        raise Refused(str(e)) from None


def _bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    return auth[7:] if auth[:7].lower() == "bearer " and len(auth) > 7 else None


def _length(request: Request, limit: int, name: str) -> int:
    """The body's declared length; Refused (413) before reading it if it passes ``limit``."""
    text = request.headers.get("content-length")
    if text is None:
        return 0
    if not text.isdigit() or len(text) > 12:
        raise Refused(f"Content-Length {text[:20]!r} is not a number of bytes")
    if int(text) > limit:
        raise Refused(f"this request has {int(text):,} bytes; at most {limit:,} ({name})", status=413, limit=name)
    return int(text)


async def read_body(request: Request, limit: int, name: str) -> bytes:
    """The request's body, read only up to ``limit`` bytes: Refused (413) as soon as it passes it."""
    _length(request, limit, name)
    parts, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise Refused(f"this request has more than {limit:,} bytes ({name})", status=413, limit=name)
        parts.append(chunk)
    return b"".join(parts)


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Refused)
    headers = {"Retry-After": "2"} if exc.status == 429 else None
    return JSONResponse({"error": str(exc), "limit": exc.limit}, status_code=exc.status, headers=headers)


async def _bad_value(request: Request, exc: Exception) -> Response:
    """A ValueError from a check (a class code, a limit): the request's fault, said as it is."""
    return JSONResponse({"error": str(exc)[:600], "limit": ""}, status_code=400)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return JSONResponse({"error": f"{exc.detail}: {request.method} {request.url.path[:60]}", "limit": ""},
                        status_code=exc.status_code)


async def _crash(request: Request, exc: Exception) -> Response:
    """An error of the server itself: its kind only (the details stay in the server's log)."""
    return JSONResponse({"error": f"the class server failed ({type(exc).__name__}); send the request again (with "
                                  "the same Idempotency-Key, it counts once)",
                         "limit": ""}, status_code=500)


async def _health(request: Request) -> Response:
    return JSONResponse({"ok": True, "server": "furlib classroom"})


def make_app(store: Store, key: TeacherKey, allow_origins: Sequence[str] = ()) -> Starlette:
    """The ASGI app of a class server over ``store`` (CORS only for ``allow_origins``; none by default)."""
    room = Classroom(store, key)
    api = "/api/classes/{code}"
    routes = [
        Route("/health", _health),
        Route("/api/classes", room.new_class, methods=["POST"]),
        Route(f"{api}/join", room.join, methods=["POST"]),
        Route(f"{api}/games", room.submit, methods=["POST"]),
        Route(f"{api}/counts", room.submit, methods=["POST"]),
        Route(f"{api}/pooled", room.pooled),
        Route(f"{api}/results", room.results),
        Route(f"{api}/results.csv", room.results_csv),
        Route(api + "/games/{id:int}", room.one_game),
        Route(f"{api}/close", room.close, methods=["POST"]),
        Route(f"{api}/dashboard", room.dashboard, methods=["POST"]),
        Route(api, room.delete, methods=["DELETE"]),
        *live_routes(room),
    ]
    middleware = [Middleware(CORSMiddleware, allow_origins=list(allow_origins), allow_methods=["GET", "POST"],
                             allow_headers=["Authorization", "Content-Type", "Idempotency-Key"])]
    return Starlette(routes=routes, middleware=middleware if allow_origins else [],
                     exception_handlers={Refused: _refused, ValueError: _bad_value, HTTPException: _http_error,
                                         Exception: _crash})
