"""The lessons build: every lesson of a folder written as its student and teacher versions and its worksheets.

:func:`lesson_paths` finds the lessons (``lesson-*.ipynb`` and :data:`OTHER_LESSONS`) and
:func:`build` writes ``student/``, ``teacher/`` and ``worksheets/`` (and the PDFs, by one Chromium
launch) into ``build/lessons`` by default.
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

from ..core.errors import check_bool, excerpt
from .checks import LessonError, _nbformat, _path
from .pdf import NO_CHROMIUM, find_chromium, html_to_pdfs
from .versions import check_lesson, student_version, teacher_version
from .worksheet import worksheet_html, worksheet_of

#: Which notebooks are lessons.
LESSON_GLOB = "lesson-*.ipynb"
#: Lessons named otherwise: the class pool (an activity for the whole class, with its teacher key).
OTHER_LESSONS = ("class-pool.ipynb", "sweep-the-rules.ipynb")
DEFAULT_SRC = Path("notebooks")
DEFAULT_OUT = Path("build") / "lessons"


def lesson_paths(src: Path = DEFAULT_SRC) -> list[Path]:
    """The lesson sources in ``src``, sorted: every ``lesson-*.ipynb``, and the class activities (``OTHER_LESSONS``).

    ``src`` is a folder's path (str or pathlib.Path); :class:`LessonError` names one that does not exist.
    """
    folder = _path("src", src)
    if not folder.is_dir():
        raise LessonError(f"no lessons ({LESSON_GLOB}) in {excerpt(str(folder), 200)}: "
                          f"{'it is not a folder' if folder.exists() else 'there is no such folder'}")
    return sorted([*folder.glob(LESSON_GLOB), *(p for p in map(folder.joinpath, OTHER_LESSONS) if p.is_file())])


def build(out: Path | str = DEFAULT_OUT, src: Path | str = DEFAULT_SRC, *, names: Iterable[str] | None = None,
          worksheets: bool = True, pdf: bool = False) -> dict[str, list[Path]]:
    """Write the student and teacher versions (and worksheets) of every lesson in ``src`` into ``out``.

    ``out`` and ``src`` are paths (str or pathlib.Path). ``names`` picks lessons by file name or stem
    (``"lesson-ruin"``); one str is taken as one name. Returns the written paths by kind: ``student``,
    ``teacher``, ``worksheet`` (HTML) and ``pdf``. Raises :class:`LessonError` for no lessons, a name that is
    no lesson's (listing the lessons), a lesson without a key or with a teacher code cell.
    """
    nbformat = _nbformat()
    out, src = _path("out", out), _path("src", src)
    worksheets, pdf = check_bool("worksheets", worksheets), check_bool("pdf", pdf)
    paths = lesson_paths(src)
    if not paths:
        raise LessonError(f"no lessons ({LESSON_GLOB}) in {src}")
    if names is not None:
        wanted = _names(names, paths, src)
        paths = [p for p in paths if p.name in wanted or p.stem in wanted]
    written: dict[str, list[Path]] = {"student": [], "teacher": [], "worksheet": [], "pdf": []}
    for kind in ("student", "teacher") + (("worksheets",) if worksheets else ()):
        (out / kind).mkdir(parents=True, exist_ok=True)
    chromium = find_chromium() if pdf else None
    if pdf and chromium is None:
        print(NO_CHROMIUM, file=sys.stderr)
    to_print: list[tuple[Path, Path]] = []
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        check_lesson(nb, path.name)
        for kind, make in (("student", student_version), ("teacher", teacher_version)):
            target = out / kind / path.name
            nbformat.write(make(nb), target)
            written[kind].append(target)
        if worksheets:
            page = out / "worksheets" / f"{path.stem}.html"
            page.write_text(worksheet_html(worksheet_of(nb)), encoding="utf-8")
            written["worksheet"].append(page)
            if chromium is not None:
                to_print.append((page, page.with_suffix(".pdf")))
    if to_print:
        written["pdf"] = html_to_pdfs(to_print, chromium)      # one Chromium launch for all of them
    return written


def _names(names: object, paths: list[Path], src: Path) -> set[str]:
    """The lesson names of ``names`` (one str: one name); a ValueError names one that is no lesson's in ``paths``."""
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, Iterable) or isinstance(names, (bytes, Mapping)):
        raise ValueError(f"names must be a list of lesson names (or one name, or None for every lesson), got "
                         f"{excerpt(names)}")
    wanted = list(names)
    if not wanted or not all(isinstance(n, str) for n in wanted):
        raise ValueError(f"names must be a list of lesson names (str), at least one (None: every lesson), got "
                         f"{excerpt(wanted)}")
    stems = [p.stem for p in paths]
    for name in wanted:
        if name not in stems and name not in {p.name for p in paths}:
            close = difflib.get_close_matches(name, stems, 1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise LessonError(f"no lesson named {excerpt(name)} in {src}{hint}; lessons are {', '.join(stems)}")
    return set(wanted)
