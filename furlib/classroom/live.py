"""The teacher's live page: signed in by a one-use link, fed by server-sent events, and the class's CSV.

``Teacher.dashboard_url(code)`` asks the server for a link
``/live/{code}?t=...`` that works once within :data:`~.limits.LINK_SECONDS`.
Opening it sets a browser session for that class only (a cookie: HttpOnly,
SameSite=Strict, path ``/live/{code}``, :data:`~.limits.SESSION_SECONDS`)
and redirects to the page, so the link leaves the address bar. The page
(``static/live.html``, ``live.js``, ``live.css``: no external network, no
CDN) listens to ``/live/{code}/events``: a JSON summary whenever the class
changes (checked every :data:`POLL_SECONDS`) and at least every
:data:`REFRESH_SECONDS`. Its buttons close the class (a POST that must carry
the header ``X-Furlib: live``, which no other site's form can send) and
download the CSV.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import FileResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from . import limits as L
from .guard import new_token, token_hash
from .store import Class, Store
from .verify import Refused, pooled


class Room(Protocol):
    """What the page's routes use of the server's state (:class:`furlib.classroom.server.Room`)."""

    store: Store

    def stranger(self, request: Request, *, failed: bool = True) -> None: ...

    async def open_class(self, code: str, *, live: bool = True) -> Class: ...


STATIC = Path(__file__).with_name("static")
#: How often the events stream checks whether its class changed (seconds).
POLL_SECONDS = 0.25
#: How often it sends the summary even when nothing changed (the state "expired" arrives this way).
REFRESH_SECONDS = 15.0
COOKIE = "furlib_live"
#: The page's rules: its own files only, nothing from another site, never inside another site's frame.
HEADERS = {"Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; "
           "base-uri 'none'; form-action 'none'", "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}
#: The columns of the CSV (and of ``Teacher.results``), in order.
COLUMNS = ("id", "nickname", "time", "game", "rules", "seed", "winner", "winner_seat", "scores", "n_actions", "hits",
           "trials")


def live_routes(room: Room) -> list[BaseRoute]:
    """The page's routes, bound to the server's state."""

    async def signed_in(request: Request) -> Class:
        c = await room.open_class(request.path_params["code"], live=False)
        token = request.cookies.get(COOKIE, "")
        ok = 0 < len(token) <= 100 and await _run(room.store.session_ok, token_hash(token), c.code, time.time())
        if not ok:
            room.stranger(request)
            raise Refused("this page is the teacher's: open it with the link Teacher.dashboard_url(code) gives (it "
                          "works once, for 2 minutes)", status=401)
        return c

    async def page(request: Request) -> Response:
        link = request.query_params.get("t")
        if link is not None:
            code = L.check_code(request.path_params["code"])
            room.stranger(request, failed=False)
            if len(link) > 100 or not await _run(room.store.use_link, token_hash(link), code, time.time()):
                room.stranger(request)
                raise Refused("this link was used already or is out of date: ask Python for a new one "
                              "(Teacher.dashboard_url(code))", status=401)
            session = new_token()
            await _run(room.store.add_pass, token_hash(session), code, "session", time.time() + L.SESSION_SECONDS)
            answer = RedirectResponse(f"/live/{code}", status_code=303, headers=HEADERS)
            answer.set_cookie(COOKIE, session, max_age=L.SESSION_SECONDS, path=f"/live/{code}", httponly=True,
                              samesite="strict", secure=request.url.scheme == "https")
            return answer
        await signed_in(request)
        return FileResponse(STATIC / "live.html", headers=HEADERS)

    async def events(request: Request) -> Response:
        c = await signed_in(request)

        async def stream() -> Any:
            last, quiet = -1, 0.0
            while True:
                version = room.store.version(c.code)
                if version != last or quiet >= REFRESH_SECONDS:
                    last, quiet = version, 0.0
                    found = await _run(room.store.get_class, c.code)
                    if found is None:
                        yield "event: gone\ndata: {}\n\n"
                        return
                    yield f"data: {json.dumps(await figures(room, found, dots=True))}\n\n"
                await asyncio.sleep(POLL_SECONDS)
                quiet += POLL_SECONDS

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**HEADERS, "X-Accel-Buffering": "no"})

    async def close(request: Request) -> Response:
        c = await signed_in(request)
        if request.headers.get("x-furlib") != "live":
            raise Refused("closing from the page needs the header X-Furlib: live", status=403)
        await _run(room.store.close_class, c.code, time.time())
        return Response('{"state": "closed"}', media_type="application/json", headers=HEADERS)

    async def download(request: Request) -> Response:
        return await results_csv(room, await signed_in(request))

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ("live.js", "live.css"):
            raise Refused(f"no file {name[:40]!r} here", status=404)
        return FileResponse(STATIC / name, headers={**HEADERS, "Cache-Control": "max-age=300"})

    return [Route("/live/static/{name}", static), Route("/live/{code}", page), Route("/live/{code}/events", events),
            Route("/live/{code}/close", close, methods=["POST"]), Route("/live/{code}/results.csv", download)]


async def _run(fn: Any, *args: Any) -> Any:
    from starlette.concurrency import run_in_threadpool

    return await run_in_threadpool(fn, *args)


def _cell(value: Any) -> Any:
    """A CSV cell: text that a spreadsheet would read as a formula gets a ' in front."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def csv_text(c: Class, rows: list[dict[str, Any]]) -> str:
    """The class's games or counts as CSV (:data:`COLUMNS`; time in UTC, ISO 8601)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    rules = json.dumps(c.rules.params, sort_keys=True)
    for r in rows:
        when = datetime.fromtimestamp(r["time"], UTC).isoformat(timespec="seconds")
        scores = "" if r["scores"] is None else json.dumps(r["scores"])
        writer.writerow([_cell(v) for v in (r["id"], r["nickname"], when, c.rules.game, rules, r["seed"], r["winner"],
                                            r["winner_seat"], scores, r["n_actions"], r["hits"], r["trials"])])
    return out.getvalue()


async def results_csv(room: Room, c: Class) -> Response:
    rows = await _run(room.store.results, c.code)
    return Response(csv_text(c, rows), media_type="text/csv; charset=utf-8",
                    headers={**HEADERS, "Content-Disposition": f'attachment; filename="class-{c.code}.csv"'})


async def figures(room: Room, c: Class, *, dots: bool) -> dict[str, Any]:
    """The class's pooled figures (and each student's dot, for the teacher's page only)."""
    students, seats, sent, shared = await _run(room.store.totals, c.code, c.rules.players)
    out = pooled(c.rules, students, seats, sent, shared)
    out.update(info(c), joined=await _run(room.store.student_count, c.code))
    if dots:
        out["dots"] = [{"nickname": n, "successes": s, "tries": t} for n, s, t in students]
    return out


def info(c: Class) -> dict[str, Any]:
    """What anyone in a class may know of it: its code, game, rules, title, state and end."""
    return {"code": c.code, "game": c.rules.game, "game_title": c.rules.title, "rules": c.rules.params,
            "players": c.rules.players, "exact": c.rules.exact, "title": c.title, "state": c.state(time.time()),
            "expires": c.expires}
