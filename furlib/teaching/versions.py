"""The two versions of a lesson: the student's (no teacher cell) and the teacher's key (headed "Teacher key").

Teacher cells are markdown cells tagged ``teacher`` (or ``answer``); :func:`check_lesson` refuses a
lesson without any and a tagged code cell, so the student version runs exactly the teacher's code. Both
versions start with a collapsed cell calling ``use_static_fallback()`` (:data:`STATIC_CHARTS_CODE`),
unless the lesson's first code cell already does.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from ..core.errors import check_bool, excerpt
from .checks import LessonError, _nbformat, _notebook

#: Cell tags that mark a cell as the teacher's only.
TEACHER_TAGS = ("teacher", "answer")
KEY_BANNER = ("**Teacher key.** This is the teacher's version of the lesson: the cells headed "
              "*Teacher notes* hold the answers, the timing and what to ask the class. "
              "Students get the version without them (`python -m furlib.teaching build`).")
STATIC_CHARTS_CODE = ("from furlib.lessons import use_static_fallback\n"
                      "use_static_fallback()   # charts also as pictures, for printing and sharing")


def is_teacher_cell(cell: Any) -> bool:
    """True when the cell (a cell of a notebook, an nbformat NotebookNode) carries a teacher tag."""
    if not isinstance(cell, Mapping):
        raise ValueError(f"is_teacher_cell() takes a notebook cell (an nbformat NotebookNode, one of nb.cells), "
                         f"got {excerpt(cell)}")
    tags = cell.get("metadata", {}).get("tags", [])
    return any(t in TEACHER_TAGS for t in tags)


def teacher_cells(nb: Any) -> list[int]:
    """Indexes of the teacher cells of a notebook."""
    return [i for i, c in enumerate(_notebook("teacher_cells()", nb).cells) if is_teacher_cell(c)]


def check_lesson(nb: Any, name: str = "lesson") -> None:
    """Refuse a lesson without a key or with a teacher code cell (the student version must run the same code)."""
    cells = teacher_cells(_notebook("check_lesson()", nb))
    if not cells:
        raise LessonError(f"{name} has no teacher cell: end it with a markdown cell '## Teacher notes' (goal, "
                          f"timing, questions, answers) tagged 'teacher' (see docs/worksheets.md)")
    code = [i for i in cells if nb.cells[i].cell_type != "markdown"]
    if code:
        raise LessonError(f"{name}: teacher cells {code} are code cells; teacher cells must be markdown, "
                          f"so the student version runs the same code as the key")


#: A line calling :func:`furlib.lessons.use_static_fallback` (the lesson sets up its own static charts).
_STATIC_CALL = re.compile(r"^\s*use_static_fallback\(\)", re.M)


def sets_up_static_charts(nb: Any) -> bool:
    """True when the lesson's first code cell calls ``use_static_fallback()`` (so no cell is added for it)."""
    code = next((c for c in _notebook("sets_up_static_charts()", nb).cells if c.cell_type == "code"), None)
    return code is not None and bool(_STATIC_CALL.search(code.source))


def _static_charts_cell() -> Any:
    """A first code cell making every plotly chart carry an SVG picture (for HTML, GitHub and PDF exports)."""
    cell = _nbformat().v4.new_code_cell(STATIC_CHARTS_CODE)
    cell.id = "static-charts"
    cell.metadata["tags"] = ["hide-input"]
    cell.metadata["jupyter"] = {"source_hidden": True}
    return cell


def student_version(nb: Any, *, static_charts: bool = True) -> Any:
    """A copy of the lesson without its teacher cells.

    With ``static_charts`` (the default) a first, collapsed code cell calls
    :func:`furlib.lessons.use_static_fallback`, so every plotly chart of the
    lesson also carries an SVG picture that a plain HTML export, GitHub's
    preview and a PDF can show; a lesson whose first code cell already calls
    it gets no second one.
    """
    _notebook("student_version()", nb)
    static_charts = check_bool("static_charts", static_charts)
    out = copy.deepcopy(nb)
    out.cells = [c for c in out.cells if not is_teacher_cell(c)]
    if static_charts and not sets_up_static_charts(nb):
        out.cells.insert(0, _static_charts_cell())
    out.metadata["furlib"] = {"version": "student"}
    return out


def teacher_version(nb: Any, *, static_charts: bool = True) -> Any:
    """A copy of the whole lesson, headed by a "Teacher key" cell (and the static-charts cell, as the student's)."""
    nbformat = _nbformat()
    _notebook("teacher_version()", nb)
    static_charts = check_bool("static_charts", static_charts)
    out = copy.deepcopy(nb)
    banner = nbformat.v4.new_markdown_cell(KEY_BANNER)
    banner.id = "teacher-key-banner"
    banner.metadata["tags"] = ["teacher"]
    out.cells[:0] = [banner] + ([_static_charts_cell()] if static_charts and not sets_up_static_charts(nb) else [])
    out.metadata["furlib"] = {"version": "teacher"}
    return out

