"""The class server, started for the tests: ``python -m furlib.classroom serve`` on 127.0.0.1 and a free port.

One server for the session (each xdist worker has its own, on a database of
its own) serves most tests; a test that kills a server starts its own with
:func:`start_server`. Every server is waited for by polling ``/health`` and
stopped after its tests, also when they fail.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the class server needs the classroom extra (pip install -e .[classroom])")
pytest.importorskip("uvicorn", reason="the class server needs the classroom extra (pip install -e .[classroom])")

ROOT = Path(__file__).resolve().parents[2]
#: The teacher key of the test servers (given through FURLIB_TEACHER_KEY, as a teacher would).
KEY = "test-teacher-key-0123456789"
#: An origin the session's server lets call its API from a browser (--allow-origin).
ALLOWED_ORIGIN = "https://lite.example.org"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    """A running class server: its address, process, database and log."""

    url: str
    proc: subprocess.Popen[bytes]
    db: Path
    log: Path
    port: int

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


def start_server(db: Path, log: Path, *extra: str, port: int | None = None, timeout: float = 60) -> Server:
    """Start ``python -m furlib.classroom serve --db DB --port N`` and wait until ``/health`` answers."""
    port = port or free_port()
    env = {**os.environ, "FURLIB_TEACHER_KEY": KEY}
    with open(log, "ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", "furlib.classroom", "serve", "--db", str(db), "--host",
                                 "127.0.0.1", "--port", str(port), *extra], cwd=ROOT, env=env, stdout=out,
                                stderr=subprocess.STDOUT)
    server = Server(f"http://127.0.0.1:{port}", proc, db, log, port)
    end = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the class server exited with code {proc.returncode}:\n{server.log_text()[-2000:]}")
        try:
            with urllib.request.urlopen(server.url + "/health", timeout=2):
                return server
        except OSError:
            if time.monotonic() > end:
                stop_server(server)
                raise TimeoutError(f"the class server did not answer within {timeout} s:\n"
                                   f"{server.log_text()[-2000:]}") from None
            time.sleep(0.1)


def stop_server(server: Server) -> None:
    """Stop a server (terminate, then kill after 10 s)."""
    if server.proc.poll() is None:
        server.proc.terminate()
        try:
            server.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.proc.kill()
            server.proc.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One class server for the session, allowing the origin ALLOWED_ORIGIN."""
    folder = tmp_path_factory.mktemp("classroom")
    s = start_server(folder / "class.db", folder / "server.log", "--allow-origin", ALLOWED_ORIGIN)
    try:
        yield s
    finally:
        stop_server(s)


@pytest.fixture
def teacher(server: Server):
    from furlib.classroom import Teacher

    return Teacher(server.url, KEY)


@pytest.fixture(scope="session")
def games() -> list:
    """Twelve finished 2-player Oh Furcle! games to 30 points, seeds 1 to 12 (played once, by the default bots)."""
    from furlib import Furcle

    return [Furcle(["You", "Bot"], target=30, seed=seed).play() for seed in range(1, 13)]
