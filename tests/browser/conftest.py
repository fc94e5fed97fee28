"""Shared pieces of the browser tests: serve a notebook with Voilà, launch Chromium.

Each test file names its notebook and asks for ``serve_notebook(path)``; the
server runs on a free local port and is stopped after the test.
"""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(url: str, proc: subprocess.Popen, timeout: float = 180, what: str = "voila") -> None:
    """Poll ``url`` until the server ``proc`` (``what``, for the messages) answers; fail if it exits first."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.25)
    raise TimeoutError(f"{what} did not answer at {url} within {timeout} s")


def stop(proc: subprocess.Popen, timeout: float = 15) -> None:
    """Stop a server: terminate it, and kill it if it has not ended within ``timeout`` seconds."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture
def voila_log(tmp_path):
    return tmp_path / "voila.log"


@pytest.fixture
def serve_notebook(voila_log):
    """``serve_notebook(path) -> url``: Voilà serving one notebook, stopped after the test."""
    running = []

    def start(notebook: Path) -> str:
        port = free_port()
        log = open(voila_log, "w")
        proc = subprocess.Popen(
            [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}",
             "--Voila.ip=127.0.0.1", "--show_tracebacks=True"],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        running.append((proc, log))
        url = f"http://127.0.0.1:{port}/"
        wait_until_up(url, proc)
        return url

    try:
        yield start
    finally:
        for proc, log in running:
            stop(proc)
            log.close()


@pytest.fixture
def chromium_args() -> list[str]:
    """Flags for headless Debian Chromium as root on a machine without network."""
    return list(CHROMIUM_ARGS)


#: ms: the wait of every ``expect(...)`` and page action that names none (playwright's own defaults, 5 s and
#: 30 s, are too short for a click's round trip on 2 cores busy with the rest of the test run)
CLICK_TIMEOUT = 45_000
FIRST_TIMEOUT = 180_000  # ms: Voilà starts a kernel and runs the notebook before the app shows (2 busy cores)


@pytest.fixture
def open_page(chromium_path, chromium_args):
    """``with open_page(url, width, height) as (page, errors):`` a headless Chromium page.

    Requests that leave the machine are blocked (Voilà asks a CDN for icon
    fonts); JavaScript errors on the page, and errors written to its console
    (but for the blocked requests), are collected in ``errors``. Pass a
    list as ``console`` to collect the console messages too (``"type: text"``,
    from the first one on).
    """
    from contextlib import contextmanager

    @contextmanager
    def opener(url: str, width: int = 1200, height: int = 1000, console: list[str] | None = None):
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path, headless=True, args=chromium_args)
            try:
                from playwright.sync_api import expect

                expect.set_options(timeout=CLICK_TIMEOUT)
                page = browser.new_page(viewport={"width": width, "height": height})
                page.set_default_timeout(CLICK_TIMEOUT)
                page.route(re.compile(r"^(?!https?://(127\.0\.0\.1|localhost)[:/])"), lambda route: route.abort())
                errors: list[str] = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                # an error the page writes to the console counts too (an anywidget that failed to start, ...),
                # but not the refusals of the requests blocked above
                page.on("console", lambda m: m.type == "error" and "Failed to load resource" not in m.text
                        and errors.append(f"console: {m.text}"))
                if console is not None:
                    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
                page.goto(url, wait_until="domcontentloaded", timeout=FIRST_TIMEOUT)
                yield page, errors
            finally:
                browser.close()

    return opener


@pytest.fixture
def with_voila_log(voila_log):
    """``with with_voila_log():`` a failure inside also shows the end of the Voilà log."""
    from contextlib import contextmanager

    @contextmanager
    def explain():
        started = time.monotonic()
        try:
            yield
        except Exception as e:
            tail = "\n".join(voila_log.read_text(errors="replace").splitlines()[-30:])
            raise AssertionError(f"{e}\n--- end of the Voila log ---\n{tail}") from e
        print(f"browser part took {time.monotonic() - started:.1f} s")

    return explain
