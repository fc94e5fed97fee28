"""Shared pieces of the browser tests: serve a notebook with Voilà, open it in Chromium.

Each test file names its notebook and asks for ``serve_notebook(path)``, which
returns the notebook's page. One Voilà per session (so one per xdist worker)
serves them all from a folder of its own, in Voilà's tree mode: starting and
stopping a server for each test cost seconds on 2 busy cores. Each page load
still starts a fresh kernel that runs the notebook. Likewise one Chromium per
test module opens each test's pages in a browser context of their own (no
cookies, storage or cache shared between tests).
"""

from __future__ import annotations

import itertools
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
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


#: The notebooks of the repository, served (through a link) as ``notebooks/`` of the Voilà folder: the kernel's
#: working directory is the notebook's folder, as when Voilà serves the notebook alone.
NOTEBOOKS = ROOT / "notebooks"
_served = itertools.count(1)  # numbers the copies of the notebooks the tests write, for names of their own


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    """``(url, folder, log path, process)``: one Voilà for the session (each xdist worker has its own), serving
    ``folder`` in tree mode (pages at ``{url}voila/render/<path in folder>``); stopped at the end."""
    folder = tmp_path_factory.mktemp("voila")
    (folder / "notebooks").symlink_to(NOTEBOOKS, target_is_directory=True)
    log_path = tmp_path_factory.mktemp("voila-log") / "voila.log"
    port = free_port()
    log = open(log_path, "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(folder), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", "--show_tracebacks=True"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_until_up(url, proc, what=f"voila (log: {log_path})")
        yield url, folder, log_path, proc
    finally:
        stop(proc)
        log.close()


@pytest.fixture
def voila_log(voila_server):
    """``(path, offset)``: the session's Voilà log, and where this test's part of it begins."""
    path = voila_server[2]
    return path, path.stat().st_size


@pytest.fixture
def serve_notebook(voila_server, voila_log):
    """``serve_notebook(path) -> url``: the Voilà page of a notebook (of notebooks/, or one a test wrote; the
    latter is copied into the served folder under a name of its own)."""
    url, folder, log_path, proc = voila_server

    def page_url(notebook: Path) -> str:
        if proc.poll() is not None:
            tail = "\n".join(log_path.read_text(errors="replace").splitlines()[-30:])
            raise RuntimeError(f"the session's voila exited with code {proc.returncode}; end of its log:\n{tail}")
        notebook = Path(notebook).resolve()
        if notebook.is_relative_to(NOTEBOOKS):
            return f"{url}voila/render/notebooks/{notebook.relative_to(NOTEBOOKS).as_posix()}"
        served = folder / f"{next(_served)}-{notebook.name}"
        shutil.copyfile(notebook, served)
        return f"{url}voila/render/{served.name}"

    return page_url


@pytest.fixture
def chromium_args() -> list[str]:
    """Flags for headless Debian Chromium as root on a machine without network."""
    return list(CHROMIUM_ARGS)


#: ms: the wait of every ``expect(...)`` and page action that names none (playwright's own defaults, 5 s and
#: 30 s, are too short for a click's round trip on 2 cores busy with the rest of the test run)
CLICK_TIMEOUT = 45_000
FIRST_TIMEOUT = 180_000  # ms: Voilà starts a kernel and runs the notebook before the app shows (2 busy cores)


#: The id of the kernel of a Voilà page (in the page's head, so known from "domcontentloaded" on).
KERNEL_ID_JS = """() => { const el = document.getElementById('jupyter-config-data');
                         return el ? JSON.parse(el.textContent).kernelId || null : null; }"""


def shutdown_kernel(page_url: str, kernel_id: str) -> None:
    """Shut the kernel of a closed Voilà page down, as the page does on "beforeunload" (its request fails there:
    the page has no ``_xsrf`` cookie), so that the session's Voilà does not keep every test's kernel. Best effort:
    the server's end shuts down whatever is left."""
    token = "5e1f"                                  # any token will do: the same in the cookie and in the form
    request = urllib.request.Request(urllib.parse.urljoin(page_url, f"/voila/api/shutdown/{kernel_id}"),
                                     data=f"_xsrf={token}".encode(), headers={"Cookie": f"_xsrf={token}"})
    try:
        urllib.request.urlopen(request, timeout=30).close()
    except OSError:
        pass


@pytest.fixture(scope="module")
def _chromium(chromium_path):
    """``current() -> Browser``: the module's headless Chromium, launched on first use (and again if it died).

    Per module, not per session: while playwright's sync API runs, its event loop counts as running in this
    thread, and ``asyncio.run()`` fails in any later test of the worker (notebooks, ...)."""
    from playwright.sync_api import sync_playwright

    launched = []
    with sync_playwright() as p:

        def current():
            if not launched or not launched[-1].is_connected():
                launched.append(p.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS))
            return launched[-1]

        try:
            yield current
        finally:
            for browser in launched:
                if browser.is_connected():
                    browser.close()


@pytest.fixture
def chromium(_chromium):
    """The module's headless Chromium (a playwright ``Browser``): open pages in a ``new_context()`` of the
    test's own, and close it."""
    return _chromium()


@pytest.fixture
def open_page(chromium):
    """``with open_page(url, width, height) as (page, errors):`` a headless Chromium page, in a browser context
    of its own (closed afterwards).

    Requests that leave the machine are blocked (Voilà asks a CDN for icon
    fonts); JavaScript errors on the page, and errors written to its console
    (but for the blocked requests), are collected in ``errors``. Pass a
    list as ``console`` to collect the console messages too (``"type: text"``,
    from the first one on).
    """
    from contextlib import contextmanager

    @contextmanager
    def opener(url: str, width: int = 1200, height: int = 1000, console: list[str] | None = None):
        from playwright.sync_api import expect

        context = chromium.new_context(viewport={"width": width, "height": height})
        kernel = None
        try:
            expect.set_options(timeout=CLICK_TIMEOUT)
            context.set_default_timeout(CLICK_TIMEOUT)
            page = context.new_page()
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
            kernel = page.evaluate(KERNEL_ID_JS)
            yield page, errors
        finally:
            context.close()
            if kernel:
                shutdown_kernel(url, kernel)

    return opener


@pytest.fixture
def with_voila_log(voila_log):
    """``with with_voila_log():`` a failure inside also shows the end of the Voilà log (what it logged since
    the test began)."""
    from contextlib import contextmanager

    path, offset = voila_log

    @contextmanager
    def explain():
        started = time.monotonic()
        try:
            yield
        except Exception as e:
            with open(path, "rb") as log:        # this test's part of the session's log
                log.seek(offset)
                tail = "\n".join(log.read().decode(errors="replace").splitlines()[-30:])
            raise AssertionError(f"{e}\n--- end of the Voila log ({path}, this test's part) ---\n{tail}") from e
        print(f"browser part took {time.monotonic() - started:.1f} s")

    return explain
