"""What the teaching functions take, checked: a notebook (read with nbformat, imported only then) or a path.

Every function of :mod:`furlib.teaching` that takes a notebook or a path checks it here, so a wrong
argument is a ValueError naming it; :class:`LessonError` is the one for a lesson that cannot be split
into its two versions.
"""

from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType
from typing import Any

from ..core.errors import excerpt


class LessonError(ValueError):
    """A lesson source that cannot be split into a student and a teacher version."""


def _nbformat() -> ModuleType:
    import nbformat  # lazy: `import furlib` stays light
    return nbformat


def _notebook(where: str, nb: object) -> Any:
    """``nb`` if it is a notebook (an nbformat ``NotebookNode`` with cells); else a ValueError naming it.

    Every function of this package that takes a notebook checks it so."""
    if not isinstance(nb, _nbformat().NotebookNode) or not isinstance(nb.get("cells"), list):
        raise ValueError(f"{where} takes a notebook (an nbformat NotebookNode, from nbformat.read(path, "
                         f"as_version=4)), got {excerpt(nb)}")
    return nb


def _path(name: str, value: object) -> Path:
    """``value`` as a Path if it is a path (a non-empty str or a pathlib.Path); else a ValueError naming it."""
    if isinstance(value, (str, os.PathLike)):
        text = os.fspath(value)
        if isinstance(text, str) and text:
            return Path(text)
    raise ValueError(f"{name} must be a path (a str or a pathlib.Path), got {excerpt(value)}")

