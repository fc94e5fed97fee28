"""The bridges' tests need the `ai` extra (pettingzoo, gymnasium, open_spiel), which ``python3 dev.py test`` installs.

Without it every test here is skipped with a message on a developer machine, and fails under ``CI=true`` (as the
browser tests do without a Chromium): a skip there would hide a broken set-up. So the test modules import those
packages inside their tests and fixtures, never at the top.
"""

from __future__ import annotations

import importlib.util
import os

import pytest

MISSING = [m for m in ("pettingzoo", "gymnasium", "pyspiel") if importlib.util.find_spec(m) is None]


@pytest.fixture(autouse=True)
def _needs_the_ai_extra():
    if MISSING:
        message = f"the bridges' tests need {', '.join(MISSING)}: pip install -e '.[ai]' (python3 dev.py test does)"
        if os.environ.get("CI", "").strip().lower() in ("1", "true", "yes"):
            pytest.fail(f"CI=true and {message}", pytrace=False)
        pytest.skip(message)


@pytest.fixture(scope="session")
def spiel():
    """pyspiel, with furlib's games registered."""
    import pyspiel

    from furlib.bridges import register_openspiel

    register_openspiel()
    return pyspiel
