"""One lesson source, two notebooks: the student's (no answers) and the teacher's key.

A lesson (``notebooks/lesson-*.ipynb``, and the class pool) is written once. Cells meant for the
teacher only (answers, timing, what to ask the class) are markdown cells tagged ``teacher`` (or
``answer``). From that one source this package writes:

* ``student/NAME.ipynb``: the lesson without any teacher cell;
* ``teacher/NAME.ipynb``: the whole lesson, headed "Teacher key";
* ``worksheets/NAME.html`` (and ``.pdf`` when a Chromium is found): a printable sheet with a box for
  each prediction and each result. The docs build puts them on the site too (``docs/conf.py``).

Build everything into ``build/lessons`` (git-ignored: the versions are made from the sources, never
edited by hand)::

    python -m furlib.teaching build            # student/, teacher/, worksheets/
    python -m furlib.teaching build --pdf      # and PDF worksheets, if Chromium is installed
    python -m furlib.teaching build --out DIR --src notebooks

Binder is student-first: ``binder/postBuild`` runs ``python -m furlib.teaching binder``, which
replaces each lesson in ``notebooks/`` by its student version and writes the teacher keys to
``notebooks/teacher-keys/`` (:func:`prepare_binder`).

The package, one topic a module: :mod:`.versions` (teacher cells, :func:`student_version`,
:func:`teacher_version`, :func:`check_lesson`), :mod:`.worksheet` (:class:`Worksheet`,
:func:`worksheet_of`, :func:`worksheet_html`, the Result prompts), :mod:`.pdf` (:func:`find_chromium`,
:func:`html_to_pdfs`), :mod:`.builder` (:func:`lesson_paths`, :func:`build`), :mod:`.binder`
(:func:`prepare_binder`), :mod:`.cli` (:func:`main`) and :mod:`.checks` (the arguments' checks,
:class:`LessonError`). Every name is importable from ``furlib.teaching``.

``import furlib`` does not import this package; only the standard library is imported at module
level, nbformat when a notebook is read and playwright when PDFs are printed.
"""

from __future__ import annotations

from .binder import KEYS_FOLDER, prepare_binder
from .builder import DEFAULT_OUT, DEFAULT_SRC, LESSON_GLOB, OTHER_LESSONS, build, lesson_paths
from .checks import LessonError
from .cli import main
from .pdf import NO_CHROMIUM, PDF_MARGIN, find_chromium, html_to_pdf, html_to_pdfs
from .versions import (
    KEY_BANNER,
    STATIC_CHARTS_CODE,
    TEACHER_TAGS,
    check_lesson,
    is_teacher_cell,
    sets_up_static_charts,
    student_version,
    teacher_cells,
    teacher_version,
)
from .worksheet import (
    QUESTION_PROMPT,
    RESULT_PROMPT,
    RESULT_PROMPTS,
    Worksheet,
    result_prompt,
    worksheet_html,
    worksheet_of,
)

__all__ = [
    "TEACHER_TAGS", "LESSON_GLOB", "OTHER_LESSONS", "DEFAULT_SRC", "DEFAULT_OUT", "KEYS_FOLDER", "KEY_BANNER",
    "NO_CHROMIUM", "STATIC_CHARTS_CODE", "RESULT_PROMPTS", "QUESTION_PROMPT", "RESULT_PROMPT",
    "LessonError", "is_teacher_cell", "teacher_cells", "check_lesson", "sets_up_static_charts",
    "student_version", "teacher_version",
    "Worksheet", "result_prompt", "worksheet_of", "worksheet_html",
    "find_chromium", "html_to_pdf", "PDF_MARGIN", "html_to_pdfs",
    "lesson_paths", "build", "prepare_binder", "main",
]
