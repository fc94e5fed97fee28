"""A server killed with SIGKILL amid a stream of submissions loses no acknowledged result and counts none twice."""

from __future__ import annotations

import os
import signal
import threading
import urllib.error
import urllib.request

from furlib import Furcle
from furlib.classroom import Student, Teacher

from .conftest import KEY, start_server, stop_server

#: Students sending at once, and the games each has to send.
STUDENTS, GAMES_EACH = 4, 15
#: Results acknowledged before the kill.
KILL_AFTER = 12


def test_a_killed_server_keeps_every_acknowledged_result_once(tmp_path):
    seeds = range(100, 100 + STUDENTS * GAMES_EACH)
    games = {seed: Furcle(["You", "Bot"], target=30, seed=seed).play() for seed in seeds}
    server = start_server(tmp_path / "class.db", tmp_path / "server.log")
    try:
        teacher = Teacher(server.url, KEY)
        code = teacher.open_class("Furcle", {"target": 30, "players": 2})
        students = [Student(server.url, code, f"S{i}", timeout=5) for i in range(STUDENTS)]
        acked: dict[int, int] = {}                     # seed -> id the server acknowledged
        lock, enough, stop = threading.Lock(), threading.Event(), threading.Event()

        def stream(i: int) -> None:
            for seed in list(games)[i::STUDENTS]:
                if stop.is_set():
                    return
                try:
                    receipt = students[i].submit(games[seed], request_id=f"game-{seed}")
                except ValueError:                     # the server died: not acknowledged
                    continue
                with lock:
                    acked[seed] = receipt.id
                    if len(acked) >= KILL_AFTER:
                        enough.set()

        threads = [threading.Thread(target=stream, args=(i,)) for i in range(STUDENTS)]
        for t in threads:
            t.start()
        assert enough.wait(60), "the stream never reached the kill"
        os.kill(server.proc.pid, signal.SIGKILL)     # in the middle of the stream
        server.proc.wait()
        stop.set()
        for t in threads:
            t.join(60)
        with lock:
            before = dict(acked)
        assert server.proc.returncode == -signal.SIGKILL and KILL_AFTER <= len(before) < len(games)

        server = start_server(server.db, server.log, port=server.port)   # the same database, the same address
        results = teacher.results(code)
        stored = dict(zip(results.seed, results.id))
        assert len(stored) == len(results)                        # no game twice
        assert {seed: stored.get(seed) for seed in before} == before   # every acknowledged one, with its id
        # every student sends everything again with the same keys: acknowledged ones are answered as before
        for i, student in enumerate(students):
            for seed in list(games)[i::STUDENTS]:
                receipt = student.submit(games[seed], request_id=f"game-{seed}")
                if seed in before:
                    assert (receipt.new, receipt.id) == (False, before[seed])
        results = teacher.results(code)
        assert sorted(results.seed) == sorted(games) and results.id.is_unique
        assert _no_cors(server.url)                     # and, started without --allow-origin, no CORS at all
    finally:
        stop_server(server)


def _no_cors(url: str) -> bool:
    request = urllib.request.Request(f"{url}/api/classes/ABCD/join", method="OPTIONS", headers={
        "Origin": "https://lite.example.org", "Access-Control-Request-Method": "POST"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            headers = answer.headers
    except urllib.error.HTTPError as e:
        headers = e.headers
    return headers.get("access-control-allow-origin") is None
