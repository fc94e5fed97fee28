"""``python -m furlib.classroom serve``: run a class server (needs the ``classroom`` extra).

::

    python -m furlib.classroom serve [--db PATH] [--host 127.0.0.1] [--port 8765]
                                     [--teacher-key KEY] [--new-key] [--allow-origin ORIGIN ...]

The teacher key is ``--teacher-key`` or the environment variable
``FURLIB_TEACHER_KEY`` (better: a command line can be read by other users of
the computer). Without either, the first start on a database makes a key and
prints it once; later starts keep it (``--new-key`` makes a new one). Only
the key's salted hash is stored. ``--host 0.0.0.0`` serves the whole network
(a teacher's laptop in a classroom); the default serves this computer only.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from .guard import check_key_text, new_token

DEFAULT_DB = "furlib-classroom.db"
DEFAULT_PORT = 8765


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m furlib.classroom", description="furlib's class server.")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help="run the class server until Ctrl+C")
    s.add_argument("--db", default=DEFAULT_DB, help=f"the SQLite database file (default: {DEFAULT_DB})")
    s.add_argument("--host", default="127.0.0.1", help="the address to serve on (0.0.0.0: the whole network)")
    s.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default: {DEFAULT_PORT})")
    s.add_argument("--teacher-key", default=None, help="the teacher key (else $FURLIB_TEACHER_KEY, else kept or made)")
    s.add_argument("--new-key", action="store_true", help="make a new teacher key and print it once")
    s.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                   help="a web origin whose pages may call the API (CORS), e.g. https://lite.example.org; none "
                        "by default; may be given more than once")
    return p


def serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn  # the classroom extra

        from .guard import TeacherKey
        from .server import make_app
        from .store import Store
    except ImportError as e:
        print(f"the class server needs the classroom extra ({e.name} is missing): pip install 'furlib[classroom]'",
              file=sys.stderr)
        return 2
    if not 1 <= args.port <= 65535:
        print(f"--port must be from 1 to 65535, got {args.port}", file=sys.stderr)
        return 2
    for origin in args.allow_origin:
        if not origin.startswith(("http://", "https://")) or origin.rstrip("/") != origin or origin.count("/") != 2:
            print(f"--allow-origin {origin[:60]!r} is not an origin such as https://lite.example.org", file=sys.stderr)
            return 2
    store = Store(args.db)
    key = TeacherKey(store)
    given = args.teacher_key if args.teacher_key is not None else os.environ.get("FURLIB_TEACHER_KEY") or None
    try:
        if given is not None:
            key.set(check_key_text(given))
            said = "the teacher key is the one given (only its hash is kept)"
        elif args.new_key or not key.exists():
            made = new_token()[:32]
            key.set(made)
            said = f"teacher key (shown once: write it down): {made}"
        else:
            said = "the teacher key is the one printed when this database was first used (--new-key makes another)"
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    gone = store.purge(time.time())
    print(f"furlib class server on http://{args.host}:{args.port} with the database {args.db}"
          + (f" ({gone} old classes deleted)" if gone else ""), flush=True)
    print(said, flush=True)
    app = make_app(store, key, args.allow_origin)
    uvicorn.run(app, host=args.host, port=args.port, access_log=False, log_level="warning", server_header=False,
                timeout_graceful_shutdown=2)
    store.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return serve(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
