"""Binder is student-first: each lesson of the notebooks folder replaced, in place, by its student version.

:func:`prepare_binder` (run by ``binder/postBuild``) writes the teacher keys to
``notebooks/teacher-keys/`` first, their relative links pointed back at the notebooks beside the
lessons, so every link to a lesson opens the student's.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from .builder import DEFAULT_SRC, LESSON_GLOB, lesson_paths
from .checks import LessonError, _nbformat, _path
from .versions import check_lesson, student_version, teacher_version

#: Where ``binder`` puts the teacher keys, inside the notebooks folder.
KEYS_FOLDER = "teacher-keys"

#: A markdown link or image target that is a relative path (not a web address, an anchor or an absolute path).
_RELATIVE_LINK = re.compile(r"(\]\()(?![a-zA-Z][a-zA-Z0-9+.-]*:|#|/)([^)\s]+)(\))")


def _version(nb: Any) -> str | None:
    """"student" or "teacher" for a version this package wrote, None for a lesson source."""
    return (nb.metadata.get("furlib") or {}).get("version")


def _relink(nb: Any, up: str, lessons: set[str]) -> Any:
    """Point the relative links of a key written one folder down back at the notebooks beside its source.

    A link to another lesson stays as it is: it opens that lesson's key, next to this one.
    """
    def fix(m: re.Match[str]) -> str:
        target = m.group(2)
        if target.split("#", 1)[0] in lessons:
            return m.group(0)
        return f"{m.group(1)}{up}/{target}{m.group(3)}"

    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = _RELATIVE_LINK.sub(fix, cell.source)
    return nb


def _write(nb: Any, path: Path) -> None:
    """Write a notebook whole or not at all (a temporary file, then a rename)."""
    nbformat = _nbformat()
    tmp = path.with_name(f".{path.name}.tmp")
    nbformat.write(nb, tmp)
    os.replace(tmp, path)


def prepare_binder(src: Path | str = DEFAULT_SRC, keys: Path | str | None = None) -> dict[str, list[Path]]:
    """Make the notebooks folder student-first: each lesson becomes its student version, in place.

    Every ``lesson-*.ipynb`` in ``src`` is replaced by its student version (no
    teacher cell), and its teacher key is written to ``keys`` (default
    ``src/teacher-keys``, same file name). Links keep working: the lessons stay
    where every link points, and the keys' relative links are redirected to the
    notebooks beside the lessons (a link to another lesson opens its key).

    Meant for a throwaway copy such as the Binder image (``binder/postBuild``),
    never a working checkout: the sources' teacher cells are gone afterwards.
    Running it again changes nothing: a lesson that is already a student version
    is left alone when its key is there. Every lesson is checked before anything
    is written, and :class:`LessonError` names the first problem: no lessons, a
    lesson without a key or with a teacher code cell, or a student version whose
    key is missing.

    Returns the written paths: ``student`` (the lessons replaced), ``teacher``
    (the keys written) and ``done`` (lessons that were already student versions).
    ``src`` and ``keys`` are paths (str or pathlib.Path); a ValueError names anything else.
    """
    nbformat = _nbformat()
    src = _path("src", src)
    keys = _path("keys", keys) if keys is not None else src / KEYS_FOLDER
    paths = lesson_paths(src)
    if not paths:
        raise LessonError(f"no lessons ({LESSON_GLOB}) in {src}")
    names = {p.name for p in paths}
    up = Path(os.path.relpath(src.resolve(), keys.resolve())).as_posix()
    todo, done = [], []
    for path in paths:                                   # check everything before writing anything
        nb = nbformat.read(path, as_version=4)
        if _version(nb) == "student":
            key = keys / path.name
            if not key.is_file() or _version(nbformat.read(key, as_version=4)) != "teacher":
                raise LessonError(f"{path} is already a student version but its teacher key {key} is missing; "
                                  f"start again from a fresh copy of the lesson sources")
            done.append(path)
            continue
        if _version(nb) is not None:
            raise LessonError(f"{path} is a {_version(nb)} version, not a lesson source")
        check_lesson(nb, path.name)
        todo.append((path, nb))
    keys.mkdir(parents=True, exist_ok=True)
    written: dict[str, list[Path]] = {"student": [], "teacher": [], "done": done}
    for path, nb in todo:
        key = keys / path.name
        _write(_relink(teacher_version(nb), up, names), key)      # the key first: a lesson is never
        written["teacher"].append(key)                            # replaced before its key exists
        _write(student_version(nb), path)
        written["student"].append(path)
    return written
