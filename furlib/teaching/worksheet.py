"""The printable worksheet of a lesson: a box for each question, prediction, section result and Try-it exercise.

:func:`worksheet_of` reads a :class:`Worksheet` from a lesson's student version and
:func:`worksheet_html` writes it as a self-contained page. Each ``## `` section gets a "Result" box
headed by the lesson's hidden note ``<!-- result: ... -->``, else by a prompt read from the heading's
first word (:data:`RESULT_PROMPTS`, :func:`result_prompt`).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import excerpt
from ..core.words import plural
from .checks import _notebook
from .versions import student_version

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
