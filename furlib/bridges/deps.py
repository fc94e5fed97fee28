"""The optional packages of the bridges, imported only when a bridge is used, with a plain error when missing.

``import furlib`` and ``import furlib.bridges`` import none of them: the
`ai` extra (``pip install 'furlib[ai]'``) brings pettingzoo, gymnasium and
open_spiel, and each bridge imports what it needs when it is first used.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["need", "missing", "AI_EXTRA"]

#: How to install the bridges' packages.
AI_EXTRA = "pip install 'furlib[ai]'"


def need(module: str, what: str) -> ModuleType:
    """Import ``module`` for ``what`` (e.g. "the PettingZoo bridge"); an ImportError naming the `ai` extra if missing.

    >>> need("json", "a test").__name__
    'json'
    >>> need("no_such_module_here", "the PettingZoo bridge")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ImportError: the PettingZoo bridge needs no_such_module_here, which is not installed: install the ai extra, ...
    """
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise missing(module, what) from e


def missing(module: str, what: str) -> ImportError:
    """The error of a bridge whose package ``module`` is not installed: it names the `ai` extra."""
    return ImportError(f"{what} needs {module}, which is not installed: install the ai extra, {AI_EXTRA} (it "
                       "brings pettingzoo, gymnasium and open_spiel)")
