"""One lesson source, two notebooks: the student's (no answers) and the teacher's key.

A lesson (``notebooks/lesson-*.ipynb``, and the class pool) is written once. Cells meant for the
teacher only (answers, timing, what to ask the class) carry the cell tag
``teacher`` (or ``answer``). From that one source this module writes:

* ``student/NAME.ipynb``: the lesson without any teacher cell;
* ``teacher/NAME.ipynb``: the whole lesson, headed "Teacher key";
* ``worksheets/NAME.html`` (and ``.pdf`` when a Chromium is found): a
  printable sheet with a box for each prediction and each result; the PDFs
  are printed by one Chromium launch (:func:`html_to_pdfs`). The docs build
  puts them on the site too (``docs/conf.py``).

Each ``## `` section of a lesson gets a "Result" box on the worksheet, headed
by what to write in it: the lesson's own words when a markdown cell of the
section holds a hidden note ``<!-- result: the exact chance of 3 Hands -->``
(notebooks do not show it), else a prompt read from the heading's first word
("Play", "Simulate", "Compute", ... see :data:`RESULT_PROMPTS` and
:func:`result_prompt`).

Teacher cells are markdown only, so the student version runs exactly the code
the teacher's does; :func:`check_lesson` refuses a tagged code cell and a
lesson with no key at all.

Build everything into ``build/lessons`` (git-ignored: the versions are made
from the sources, never edited by hand)::

    python -m furlib.teaching build            # student/, teacher/, worksheets/
    python -m furlib.teaching build --pdf      # and PDF worksheets, if Chromium is installed
    python -m furlib.teaching build --out DIR --src notebooks

Binder is student-first: ``binder/postBuild`` runs ``python -m furlib.teaching
binder`` in the image, which replaces each lesson in ``notebooks/`` by its
student version and writes the teacher keys to ``notebooks/teacher-keys/``
(:func:`prepare_binder`), so every link to a lesson opens the student's.

Only the standard library is imported at module level; nbformat is imported
when a notebook is read.
"""

from __future__ import annotations

import argparse
import copy
import difflib
import html
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from .core.errors import check_bool, excerpt
from .core.words import plural

#: Cell tags that mark a cell as the teacher's only.
TEACHER_TAGS = ("teacher", "answer")
#: Which notebooks are lessons.
LESSON_GLOB = "lesson-*.ipynb"
#: Lessons named otherwise: the class pool (an activity for the whole class, with its teacher key).
OTHER_LESSONS = ("class-pool.ipynb", "sweep-the-rules.ipynb")
DEFAULT_SRC = Path("notebooks")
DEFAULT_OUT = Path("build") / "lessons"
#: Where ``binder`` puts the teacher keys, inside the notebooks folder.
KEYS_FOLDER = "teacher-keys"
KEY_BANNER = ("**Teacher key.** This is the teacher's version of the lesson: the cells headed "
              "*Teacher notes* hold the answers, the timing and what to ask the class. "
              "Students get the version without them (`python -m furlib.teaching build`).")
#: What is printed (and logged) when no Chromium is found to print the PDF worksheets.
NO_CHROMIUM = "no Chromium found (apt-get install chromium, or set FURLIB_CHROMIUM): PDF worksheets skipped"
STATIC_CHARTS_CODE = ("from furlib.lessons import use_static_fallback\n"
                      "use_static_fallback()   # charts also as pictures, for printing and sharing")
#: ``Prediction("question", ...)`` in a code cell: a box on the worksheet.
_PREDICTION = re.compile(r"""Prediction\(\s*(?:question\s*=\s*)?(["'])(.+?)\1""", re.S)
#: A hidden note in a section's markdown saying what its Result box asks for: ``<!-- result: the exact chance -->``.
_RESULT_NOTE = re.compile(r"<!--\s*result\s*:\s*(.*?)\s*-->", re.S | re.I)
#: The Result box's prompt for a section whose heading (after its number) starts with one of these words,
#: when the section has no note of its own.
RESULT_PROMPTS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("play",), "What came up when you played: the numbers you saw, next to your hunch"),
    (("guess",), "Your guess, and why you made it"),
    (("simulate",), "The simulated answer (a share, a count or an average), with its 95% interval where the lesson "
                    "prints one"),
    (("compute", "count", "exact"), "The exact answer, as a fraction or a decimal"),
    (("plot", "chart"), "What the chart shows, in one sentence"),
    (("measure",), "The number you measured, and what it measures"),
    (("check", "test", "compare"), "What the check found, and what it says about the question"),
)
#: The prompt of a Result box whose section heading asks a question (and has no note or word of its own).
QUESTION_PROMPT = "Your answer to the question above, with the number or the comparison that shows it"
#: The prompt of a Result box whose section has no note, no heading word of :data:`RESULT_PROMPTS` and no question.
RESULT_PROMPT = "What this section found, in a sentence: a number, or a comparison"


class LessonError(ValueError):
    """A lesson source that cannot be split into a student and a teacher version."""


def _nbformat() -> ModuleType:
    import nbformat  # lazy: `import furlib` stays light
    return nbformat


def _notebook(where: str, nb: object) -> Any:
    """``nb`` if it is a notebook (an nbformat ``NotebookNode`` with cells); else a ValueError naming it.

    Every function of this module that takes a notebook checks it so."""
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


# ---------------------------------------------------------------- worksheets

@dataclass
class Worksheet:
    """What a printed sheet asks: the lesson's title, its predictions, its results and its Try-it exercises.

    ``exact`` says, for each prediction, whether the lesson compares it with an exact answer
    (``guess.compare(..., exact=...)``): only those get an "Exact" box. Missing entries count as True.
    ``results`` holds, for each section, its Result box's prompt or None (:meth:`result`).

    The title is a str, the other fields lists of str (``exact``: of True or False; ``results``: of str or
    None), ``exact`` no longer than ``predictions`` and ``results`` no longer than ``sections``: a
    ValueError names anything else (when the sheet is made, and again by :func:`worksheet_html`).
    """

    title: str
    questions: list[str] = field(default_factory=list)
    predictions: list[str] = field(default_factory=list)
    sections: list[str] = field(default_factory=list)
    tries: list[str] = field(default_factory=list)
    exact: list[bool] = field(default_factory=list)
    results: list[str | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.check()

    def check(self) -> None:
        """Raise ValueError, naming it, for a field that is not what a worksheet holds (see the class)."""
        if not isinstance(self.title, str):
            raise ValueError(f"Worksheet title must be a str, got {excerpt(self.title)}")
        kinds = {"questions": (str,), "predictions": (str,), "sections": (str,), "tries": (str,), "exact": (bool,),
                 "results": (str, type(None))}
        for name, kind in kinds.items():
            items = getattr(self, name)
            if not isinstance(items, (list, tuple)) or not all(isinstance(x, kind) for x in items):
                what = {"exact": "True or False", "results": "str or None"}.get(name, "str")
                raise ValueError(f"Worksheet {name} must be a list of {what}, got {excerpt(items)}")
        for name, of in (("exact", "predictions"), ("results", "sections")):
            if len(getattr(self, name)) > len(getattr(self, of)):
                raise ValueError(f"Worksheet {name} must have at most one entry per {of[:-1]} (there "
                                 f"{'is' if len(getattr(self, of)) == 1 else 'are'} "
                                 f"{plural(len(getattr(self, of)), of[:-1])}), got {excerpt(getattr(self, name))}")

    def has_exact(self, i: int) -> bool:
        """Whether prediction ``i`` gets an "Exact" box."""
        return self.exact[i] if i < len(self.exact) else True

    def result(self, i: int) -> str:
        """What to write in the Result box of section ``i``: the lesson's note (``results``), or
        :func:`result_prompt` of the section's heading."""
        note = self.results[i] if i < len(self.results) else None
        return note or result_prompt(self.sections[i])


def result_prompt(section: str) -> str:
    """The Result box's prompt for a section heading: by its first word after the number
    (:data:`RESULT_PROMPTS`), else :data:`QUESTION_PROMPT` for a heading that asks a question, else
    :data:`RESULT_PROMPT`.

    >>> result_prompt("2. Simulate: 10,000 hands")
    'The simulated answer (a share, a count or an average), with its 95% interval where the lesson prints one'
    >>> result_prompt("3. Count exactly: hands with a flush")
    'The exact answer, as a fraction or a decimal'
    >>> result_prompt("6. How many games do we need?") == QUESTION_PROMPT
    True
    >>> result_prompt("4. Connect: the birthday problem") == RESULT_PROMPT
    True
    """
    if not isinstance(section, str):
        raise ValueError(f"result_prompt() takes a section heading (a str), got {excerpt(section)}")
    text = _plain(section)
    words = re.findall(r"[a-z]+", text.lower())
    first = words[0] if words else ""
    fallback = QUESTION_PROMPT if text.endswith("?") else RESULT_PROMPT
    return next((prompt for starts, prompt in RESULT_PROMPTS if first in starts), fallback)


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[*`]", "", text)).strip()


def _try_items(text: str) -> list[str]:
    """The exercises of a markdown text that follow a "Try it" heading (``## Try it yourself``, ``### Try it``):
    its numbered or bulleted items, each with its indented lines, up to the next heading."""
    items: list[str] = []
    inside = False
    for line in _RESULT_NOTE.sub("", text).splitlines():
        if re.match(r"#{2,3} ", line):
            inside = bool(re.match(r"#{2,3} Try it", line))
            continue
        if not inside:
            continue
        if m := re.match(r"\s{0,3}(?:\d+[.)]|[*-])\s+(.*)", line):
            items.append(m.group(1))
        elif items and line.strip():
            items[-1] += " " + line.strip()
    return [_plain(i) for i in items]


def worksheet_of(nb: Any) -> Worksheet:
    """Read a worksheet's questions from the student version of a lesson."""
    nb = student_version(_notebook("worksheet_of()", nb), static_charts=False)
    title, questions, predictions, sections, tries = "Lesson", [], [], [], []
    results: list[str | None] = []          # one per section: its note, if it has one
    in_section = False                      # a note belongs to the section above it, never to a Try it
    names: list[str | None] = []
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    for cell in nb.cells:
        if cell.cell_type == "code":
            for m in _PREDICTION.finditer(cell.source):
                predictions.append(_plain(m.group(2)))
                named = re.search(r"(\w+)\s*=\s*$", cell.source[:m.start()].splitlines()[-1] if m.start() else "")
                names.append(named.group(1) if named else None)
            continue
        tries += _try_items(cell.source)
        for para in re.split(r"\n\s*\n", cell.source):
            note = _RESULT_NOTE.search(para)
            line = _RESULT_NOTE.sub("", para).strip()
            if line.startswith("# ") and title == "Lesson":
                title = _plain(line[2:])
            elif line.startswith("## ") and not line.startswith("## Try it"):
                sections.append(_plain(line[3:]))
                results.append(None)
                in_section = True
            elif re.match(r"#{2,3} Try it", line):
                in_section = False
            elif line.startswith("**Question"):
                questions.append(_plain(line))
            if note and in_section and results[-1] is None:
                results[-1] = _plain(note.group(1)) or None
    # an exact answer only where the lesson gives one: guess.compare(..., exact=...)
    compared = [rf"\b{n}\.compare\((?:(?!\n\S).){{0,300}}?\bexact\s*=" for n in names if n is not None]
    exact = [n is not None and re.search(compared.pop(0), code, re.S) is not None for n in names]
    return Worksheet(title, questions, predictions, sections, tries, exact, results)


_CSS = """
body { font-family: sans-serif; max-width: 46em; margin: 1.5em auto; color: #111; }
h1 { font-size: 1.5em; margin-bottom: .2em; } h2 { font-size: 1.15em; } .q { font-weight: bold; }
.who { margin: .5em 0 1em; }
.box { border: 1.5px solid #333; border-radius: 4px; min-height: 4.5em; margin: .4em 0 1em;
       padding: .3em .5em; break-inside: avoid; }
.box .label { font-size: .85em; color: #444; }
.row { display: flex; gap: .8em; } .row .box { flex: 1; min-height: 3em; } .box.tall { min-height: 7em; }
@media print { body { margin: 0; } }
"""


def worksheet_html(sheet: Worksheet) -> str:
    """A printable page (self-contained HTML, no script) with a box for each prediction and result."""
    if not isinstance(sheet, Worksheet):
        raise ValueError(f"worksheet_html() takes a Worksheet (from worksheet_of()), got {excerpt(sheet)}")
    sheet.check()
    e = html.escape
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'/><title>{e(sheet.title)} - worksheet"
             f"</title><style>{_CSS}</style></head><body>", f"<h1>{e(sheet.title)}</h1>",
             "<p class='who'>Name: ______________________ &nbsp; Date: __________</p>"]
    for q in sheet.questions:
        parts.append(f"<p class='q'>{e(q)}</p><div class='box'><span class='label'>My hunch, before we "
                     "start</span></div>")
    if sheet.predictions:
        parts.append("<h2>Predictions</h2>")
    for i, q in enumerate(sheet.predictions):
        exact = "<div class='box'><span class='label'>Exact</span></div>" if sheet.has_exact(i) else ""
        parts.append(f"<p>{e(q)}</p><div class='row'>"
                     "<div class='box'><span class='label'>My prediction</span></div>"
                     f"<div class='box'><span class='label'>Simulated</span></div>{exact}</div>")
    if sheet.sections:
        parts.append("<h2>What we found</h2>")
    for i, s in enumerate(sheet.sections):
        parts.append(f"<p>{e(s)}</p><div class='box'><span class='label'>Result: {e(sheet.result(i))}</span></div>")
    if sheet.tries:
        parts.append("<h2>Try it</h2>")
    for n, t in enumerate(sheet.tries, 1):
        parts.append(f"<p>{n}. {e(t)}</p><div class='box tall'><span class='label'>My answer</span></div>")
    parts.append("</body></html>")
    return "\n".join(parts)


def find_chromium() -> str | None:
    """A Chrome or Chromium executable (``$FURLIB_CHROMIUM`` first), or None."""
    env = os.environ.get("FURLIB_CHROMIUM")
    if env and Path(env).is_file():
        return env
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def html_to_pdf(page: Path | str, pdf: Path | str, chromium: str | None = None) -> bool:
    """Print an HTML file to PDF with headless Chromium; False (and a message) when there is none.

    ``page``, ``pdf`` (and ``chromium``, the executable) are paths, str or pathlib.Path.
    """
    page, pdf = _path("page", page), _path("pdf", pdf)
    chromium = _chromium(chromium)
    if chromium is None:
        print(NO_CHROMIUM, file=sys.stderr)
        return False
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.resolve().as_uri()],
                   check=True, capture_output=True, timeout=120)
    return pdf.is_file()


#: Paper margins of the PDF worksheets (Chromium's own default when it prints from the command line).
PDF_MARGIN = "1cm"


def _chromium(chromium: object) -> str | None:
    """The Chromium to use: ``chromium`` if it is a path, :func:`find_chromium` for None; else a ValueError."""
    if chromium is None or chromium == "":
        return find_chromium()
    checked = _path("chromium", chromium)    # a str or a PathLike, or a ValueError naming it
    # a text as given: str(Path("./chromium")) drops the "./", and the name would then be looked up on PATH
    return chromium if isinstance(chromium, str) else str(checked)


def _pairs(pages: object) -> list[tuple[Path, Path]]:
    """``pages`` as a list of ``(html, pdf)`` Paths; a ValueError names anything that is not such a pair."""
    if isinstance(pages, (str, bytes)) or not isinstance(pages, Iterable):
        raise ValueError(f"pages must be a list of (html, pdf) pairs of paths, got {excerpt(pages)}")
    pairs = []
    for pair in pages:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise ValueError(f"pages must hold (html, pdf) pairs of paths, got {excerpt(pair)} among them")
        pairs.append((_path("an html page", pair[0]), _path("a pdf", pair[1])))
    return pairs


def html_to_pdfs(pages: Iterable[tuple[Path, Path]], chromium: str | None = None) -> list[Path]:
    """Print many HTML files to PDF with one Chromium launch; returns the PDFs written.

    ``pages`` holds ``(html, pdf)`` pairs of paths (str or pathlib.Path). Chromium's ``--print-to-pdf`` prints
    one page a launch, so this drives a single headless Chromium with playwright
    (imported here only), one tab printing every page in turn; each PDF is
    written whole or not at all. Without playwright it falls back to
    :func:`html_to_pdf`, one launch a page; without a Chromium it prints
    :data:`NO_CHROMIUM` and returns ``[]``. Inside a running event loop (a
    Jupyter cell) the printing runs in a worker thread, as playwright's
    synchronous API requires.
    """
    pairs = _pairs(pages)
    if not pairs:
        return []
    chromium = _chromium(chromium)
    if chromium is None:
        print(NO_CHROMIUM, file=sys.stderr)
        return []
    try:
        from playwright.sync_api import sync_playwright  # lazy: `import furlib` stays light
    except ImportError:
        return [pdf for page, pdf in pairs if html_to_pdf(page, pdf, chromium)]

    def print_all() -> list[Path]:
        written = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, headless=True,
                                        args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
            try:
                tab = browser.new_page()
                for page, pdf in pairs:
                    tab.goto(page.resolve().as_uri(), wait_until="load")
                    tmp = pdf.with_name(f".{pdf.name}.tmp")
                    tab.pdf(path=str(tmp), print_background=True, prefer_css_page_size=True,
                            margin={"top": PDF_MARGIN, "right": PDF_MARGIN, "bottom": PDF_MARGIN, "left": PDF_MARGIN})
                    os.replace(tmp, pdf)
                    written.append(pdf)
            finally:
                browser.close()
        return written

    import asyncio
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return print_all()
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(print_all).result()


# ---------------------------------------------------------------- the build

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


# ---------------------------------------------------------------- Binder: student-first, in place

#: A markdown link or image target that is a relative path (not a web address, an anchor or an absolute path).
_RELATIVE_LINK = re.compile(r"(\]\()(?![a-zA-Z][a-zA-Z0-9+.-]*:|#|/)([^)\s]+)(\))")


def _version(nb: Any) -> str | None:
    """"student" or "teacher" for a version this module wrote, None for a lesson source."""
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m furlib.teaching",
                                     description="Build student versions, teacher keys and worksheets of the lessons.")
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="write student/, teacher/ and worksheets/")
    b.add_argument("--src", default=str(DEFAULT_SRC), help="folder of lesson-*.ipynb (default: notebooks)")
    b.add_argument("--out", default=str(DEFAULT_OUT), help="output folder (default: build/lessons)")
    b.add_argument("--pdf", action="store_true", help="also print worksheets to PDF with headless Chromium")
    b.add_argument("--no-worksheets", action="store_true", help="notebooks only")
    b.add_argument("names", nargs="*", help="only these lessons (file names or stems)")
    bb = sub.add_parser("binder", help="replace each lesson by its student version, in place, and write the "
                                       "teacher keys beside them (for the Binder image; never in a checkout)")
    bb.add_argument("--src", default=str(DEFAULT_SRC), help="folder of lesson-*.ipynb (default: notebooks)")
    bb.add_argument("--keys", default=None, help=f"folder for the teacher keys (default: SRC/{KEYS_FOLDER})")
    args = parser.parse_args(argv)
    if args.command == "binder":
        try:
            written = prepare_binder(args.src, args.keys)
        except LessonError as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
        keys = Path(args.keys) if args.keys else Path(args.src) / KEYS_FOLDER
        print(f"{len(written['student'])} lesson(s) in {args.src} replaced by their student versions, "
              f"{len(written['done'])} already were; teacher keys in {keys}")
        return 0
    try:
        written = build(args.out, args.src, names=args.names or None, worksheets=not args.no_worksheets,
                        pdf=args.pdf)
    except LessonError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    for kind, paths in written.items():
        if paths:
            print(f"{len(paths)} {kind} file(s) in {paths[0].parent}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
