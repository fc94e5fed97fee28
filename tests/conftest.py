"""Shared pytest set-up: markers for notebooks, and the Chromium used by browser tests.

Browser tests (marked ``browser``, in ``tests/browser/``) ask for the
``chromium_path`` fixture. Without a Chromium they are skipped with a message
on a developer machine, but they fail when ``CI`` is set (``CI=true``): the CI
script installs Chromium, so a skip there would hide a broken set-up.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent

# Property tests draw the same examples on every run (fixed seeds), and keep no database.
settings.register_profile("furlib", derandomize=True, database=None, deadline=None)
settings.load_profile("furlib")

#: Looked up on PATH, in this order, after $FURLIB_CHROMIUM and /usr/bin/chromium.
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
MAC_APPS = (
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
)
INSTALL_HINT = ("install it (Debian/Ubuntu: apt-get install -y chromium) or set FURLIB_CHROMIUM "
                "to a Chromium or Chrome executable")


def in_ci() -> bool:
    """True when the CI environment variable says so (CI=true, 1 or yes)."""
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def find_chromium() -> str | None:
    """Path of a Chromium/Chrome executable, or None.

    ``$FURLIB_CHROMIUM`` wins; it must exist (a wrong path is an error, not a skip).
    """
    custom = os.environ.get("FURLIB_CHROMIUM", "").strip()
    if custom:
        if not Path(custom).is_file():
            raise FileNotFoundError(f"FURLIB_CHROMIUM={custom!r} is not a file; unset it or {INSTALL_HINT}")
        return custom
    if Path("/usr/bin/chromium").is_file():
        return "/usr/bin/chromium"
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    if sys.platform == "darwin":
        for app in MAC_APPS:
            if Path(app).is_file():
                return app
    return None


def missing_browser(what: str) -> None:
    """Skip locally, fail under CI, with a message saying how to fix it."""
    message = f"{what}: {INSTALL_HINT}"
    if in_ci():
        pytest.fail(f"CI=true and {message} (browser tests may not be skipped in CI)", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Path of the Chromium executable for playwright's ``executable_path``."""
    try:
        path = find_chromium()
    except FileNotFoundError as e:
        pytest.fail(str(e), pytrace=False)
    if path is None:
        missing_browser("no Chromium found")
    return path


#: Run first, longest first, so that on two cores no long test is left alone at the end (the order
#: is the same on every xdist worker, as it must be).
_FIRST = ("docs", "slow", "browser", "notebooks")


def _start_rank(item: pytest.Item) -> int:
    return next((i for i, mark in enumerate(_FIRST) if item.get_closest_marker(mark)), len(_FIRST))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark notebooks collected by nbmake with ``notebooks`` (so ``-m "not notebooks"`` works), and every
    test that runs whole notebooks (nbmake's, and those marked ``notebooks``) with ``slow``: running them
    is half the quick run's time, and their claims tests stay in it. Start with the long tests (the docs
    build, slow blocks, browser tests, notebooks)."""
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.notebooks)
        if item.get_closest_marker("notebooks") is not None and item.get_closest_marker("slow") is None:
            item.add_marker(pytest.mark.slow)
    items.sort(key=_start_rank)          # stable: files keep their order within a rank


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """Under CI, a skipped browser test is a failure, whatever skipped it."""
    outcome = yield
    report = outcome.get_result()
    if report.skipped and in_ci() and item.get_closest_marker("browser") is not None \
            and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"CI=true: browser test {item.nodeid} may not be skipped (skip reason: {reason})"
