"""Bad input to furlib.teaching: a ValueError (LessonError for the lessons themselves) naming it.

Audit items 36-38: lesson names, notebooks, worksheets and paths. The valid calls still work as before
(str paths now too, where only a Path worked).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import pytest

from furlib import teaching
from furlib.core.errors import excerpt

ROOT = Path(__file__).resolve().parent.parent
NOT_A_NOTEBOOK = [None, "x", {}, 5, {"cells": []}]


def shown(value: object) -> str:
    """How an error message shows ``value`` (its excerpt), as a regex."""
    return re.escape(excerpt(value))


def lesson(title: str) -> nbformat.NotebookNode:
    key = nbformat.v4.new_markdown_cell("## Teacher notes\nThe answer.")
    key.metadata["tags"] = ["teacher"]
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(f"# {title}\n\n## 1. Play: a game"),
                                           nbformat.v4.new_code_cell("x = 1"), key])


@pytest.fixture
def src(tmp_path):
    folder = tmp_path / "notebooks"
    folder.mkdir()
    for name in ("lesson-ruin", "lesson-bayes"):
        nbformat.write(lesson(name), folder / f"{name}.ipynb")
    return folder


# ------------------------------------------------------------ 36. build(names=..., worksheets=...)
@pytest.mark.parametrize("names", [["lesson-ruinn"], "lesson-ruinn", ["lesson-ruin", "lesson-ruinn"]], ids=repr)
def test_an_unknown_lesson_name_is_named_with_the_lessons(src, tmp_path, names):
    with pytest.raises(teaching.LessonError, match=r"no lesson named 'lesson-ruinn' in .*notebooks \(did you mean "
                                                   r"'lesson-ruin'\?\); lessons are lesson-bayes, lesson-ruin$"):
        teaching.build(tmp_path / "out", src, names=names)
    assert not (tmp_path / "out").exists()                   # refused before anything is written


def test_the_real_lessons_are_listed_for_an_unknown_name(tmp_path):
    with pytest.raises(teaching.LessonError, match=r"no lesson named 'lesson-ruinn' .*lessons are .*lesson-bayes, "):
        teaching.build(tmp_path, ROOT / "notebooks", names=["lesson-ruinn"])


def test_one_string_is_one_lesson_name(src, tmp_path):
    written = teaching.build(tmp_path, src, names="lesson-ruin", worksheets=False)
    assert [p.name for p in written["student"]] == ["lesson-ruin.ipynb"] and written["worksheet"] == []
    written = teaching.build(tmp_path, src, names=["lesson-bayes.ipynb"])       # a file name, as before
    assert [p.name for p in written["worksheet"]] == ["lesson-bayes.html"]


@pytest.mark.parametrize("names", [[], [5], ["lesson-ruin", None], 5, b"lesson-ruin", {"lesson-ruin": 1}], ids=repr)
def test_names_that_are_not_lesson_names_are_refused(src, tmp_path, names):
    with pytest.raises(ValueError, match=r"names must be a list of lesson names .* got "):
        teaching.build(tmp_path, src, names=names)


@pytest.mark.parametrize("option", ["worksheets", "pdf"])
@pytest.mark.parametrize("bad", ["no", 0, None], ids=repr)
def test_worksheets_and_pdf_are_true_or_false(src, tmp_path, option, bad):
    with pytest.raises(ValueError, match=rf"{option} must be True or False, got {shown(bad)}"):
        teaching.build(tmp_path / "out", src, **{option: bad})
    assert not (tmp_path / "out").exists()


# ------------------------------------------------------------ 37. notebooks and worksheets
@pytest.mark.parametrize("bad", NOT_A_NOTEBOOK, ids=repr)
@pytest.mark.parametrize("fn", ["check_lesson", "student_version", "teacher_version", "worksheet_of", "teacher_cells",
                                "sets_up_static_charts"])
def test_functions_taking_a_notebook_refuse_anything_else(fn, bad):
    with pytest.raises(ValueError, match=rf"{fn}\(\) takes a notebook \(an nbformat NotebookNode, .* got {shown(bad)}"):
        getattr(teaching, fn)(bad)


def test_a_cell_is_not_a_notebook():
    cell = lesson("A").cells[0]
    with pytest.raises(ValueError, match=r"teacher_cells\(\) takes a notebook .* got \{.*'cell_type': 'markdown'"):
        teaching.teacher_cells(cell)


@pytest.mark.parametrize("bad", [None, "x", 5, ["teacher"]], ids=repr)
def test_is_teacher_cell_refuses_what_is_not_a_cell(bad):
    with pytest.raises(ValueError, match=rf"is_teacher_cell\(\) takes a notebook cell .* got {shown(bad)}"):
        teaching.is_teacher_cell(bad)


def test_static_charts_is_true_or_false():
    for fn in (teaching.student_version, teaching.teacher_version):
        with pytest.raises(ValueError, match=r"static_charts must be True or False, got 'no'"):
            fn(lesson("A"), static_charts="no")


def test_the_notebook_functions_still_answer():
    nb = lesson("A")
    assert teaching.teacher_cells(nb) == [2] and teaching.is_teacher_cell(nb.cells[2])
    assert teaching.is_teacher_cell({"metadata": {"tags": ["answer"]}})          # a plain dict cell, as before
    teaching.check_lesson(nb)
    assert teaching.teacher_cells(teaching.student_version(nb)) == []
    assert teaching.worksheet_of(nb).sections == ["1. Play: a game"]


@pytest.mark.parametrize(("fields", "message"), [
    ({"title": None}, r"Worksheet title must be a str, got None"),
    ({"title": "A", "questions": [5]}, r"Worksheet questions must be a list of str, got \[5\]"),
    ({"title": "A", "questions": "abc"}, r"Worksheet questions must be a list of str, got 'abc'"),
    ({"title": "A", "sections": None}, r"Worksheet sections must be a list of str, got None"),
    ({"title": "A", "predictions": ["p"], "exact": ["no"]},
     r"Worksheet exact must be a list of True or False, got \['no'\]"),
    ({"title": "A", "sections": ["s"], "results": [5]}, r"Worksheet results must be a list of str or None, got \[5\]"),
    ({"title": "A", "questions": ["a", "b"], "exact": [True]},
     r"Worksheet exact must have at most one entry per prediction \(there are 0 predictions\), got \[True\]"),
    ({"title": "A", "sections": ["s"], "results": ["r", None]},
     r"Worksheet results must have at most one entry per section \(there is 1 section\), got \['r', None\]"),
], ids=lambda x: x if isinstance(x, str) else None)
def test_a_worksheet_checks_its_fields(fields, message):
    with pytest.raises(ValueError, match=message):
        teaching.Worksheet(**fields)


def test_worksheet_html_refuses_what_is_not_a_worksheet_and_rechecks_one():
    for bad in (None, "x", {"title": "A"}):
        with pytest.raises(ValueError, match=rf"worksheet_html\(\) takes a Worksheet \(from worksheet_of\(\)\), got "
                                             rf"{shown(bad)}"):
            teaching.worksheet_html(bad)
    sheet = teaching.Worksheet("A", predictions=["How many?", "How long?"], exact=[False])   # missing: True
    assert teaching.worksheet_html(sheet).count("Exact</span>") == 1
    sheet.title = None                                               # changed after it was made
    with pytest.raises(ValueError, match=r"Worksheet title must be a str, got None"):
        teaching.worksheet_html(sheet)


@pytest.mark.parametrize("bad", [None, 5, ["1. Play"]], ids=repr)
def test_result_prompt_refuses_what_is_not_a_heading(bad):
    with pytest.raises(ValueError, match=rf"result_prompt\(\) takes a section heading \(a str\), got {shown(bad)}"):
        teaching.result_prompt(bad)


# ------------------------------------------------------------ 38. paths
def test_html_to_pdf_takes_str_paths(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(teaching.pdf.subprocess, "run", lambda args, **kw: calls.append(args))
    page = tmp_path / "sheet.html"
    page.write_text("<p>x</p>", "utf-8")
    assert teaching.html_to_pdf(str(page), str(tmp_path / "sheet.pdf"), "/some/chromium") is False   # none written
    assert calls[0][0] == "/some/chromium" and calls[0][-1] == page.as_uri()
    for args, name in (((None, "x.pdf"), "page"), (("x.html", 5), "pdf"), (("", "x.pdf"), "page")):
        with pytest.raises(ValueError, match=rf"{name} must be a path \(a str or a pathlib.Path\), got "):
            teaching.html_to_pdf(*args, chromium="/some/chromium")
    with pytest.raises(ValueError, match=r"chromium must be a path .* got 5"):
        teaching.html_to_pdf(page, tmp_path / "x.pdf", 5)


def test_a_chromium_given_as_text_is_run_as_given(tmp_path, monkeypatch):
    # "./chromium" names the file in the folder the command runs in: made a Path and back, it would lose its "./"
    # and be looked up on PATH; "" finds one, as None does
    calls = []
    monkeypatch.setattr(teaching.pdf.subprocess, "run", lambda args, **kw: calls.append(args))
    page = tmp_path / "sheet.html"
    page.write_text("<p>x</p>", "utf-8")
    teaching.html_to_pdf(page, tmp_path / "sheet.pdf", "./chromium")
    teaching.html_to_pdf(page, tmp_path / "sheet.pdf", Path("bin") / "chromium")
    monkeypatch.setattr(teaching.pdf, "find_chromium", lambda: "/found/chromium")
    teaching.html_to_pdf(page, tmp_path / "sheet.pdf", "")
    assert [c[0] for c in calls] == ["./chromium", "bin/chromium", "/found/chromium"]


@pytest.mark.parametrize(("pages", "message"), [
    ([("a",)], r"pages must hold \(html, pdf\) pairs of paths, got \('a',\) among them"),
    ([("a", "b", "c")], r"pages must hold \(html, pdf\) pairs of paths, got \('a', 'b', 'c'\)"),
    (["ab"], r"pages must hold \(html, pdf\) pairs of paths, got 'ab'"),
    ([(None, "b.pdf")], r"an html page must be a path \(a str or a pathlib.Path\), got None"),
    ([("a.html", 5)], r"a pdf must be a path \(a str or a pathlib.Path\), got 5"),
    (None, r"pages must be a list of \(html, pdf\) pairs of paths, got None"),
    ("a.html", r"pages must be a list of \(html, pdf\) pairs of paths, got 'a.html'"),
])
def test_html_to_pdfs_checks_its_pairs(pages, message):
    with pytest.raises(ValueError, match=message):
        teaching.html_to_pdfs(pages, "/some/chromium")


def test_html_to_pdfs_takes_str_paths(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setitem(sys.modules, "playwright.sync_api", None)       # one launch a page: html_to_pdf
    monkeypatch.setattr(teaching.pdf, "html_to_pdf", lambda page, pdf, chromium: calls.append((page, pdf)) or True)
    pages = [(str(tmp_path / "a.html"), str(tmp_path / "a.pdf"))]
    assert teaching.html_to_pdfs(pages, "/some/chromium") == [tmp_path / "a.pdf"]
    assert calls == [(tmp_path / "a.html", tmp_path / "a.pdf")]


@pytest.mark.parametrize("bad", [None, 5, "", b"notebooks"], ids=repr)
def test_build_lesson_paths_and_prepare_binder_refuse_what_is_not_a_path(src, tmp_path, bad):
    message = rf"must be a path \(a str or a pathlib.Path\), got {shown(bad)}"
    with pytest.raises(ValueError, match=f"out {message}"):
        teaching.build(bad, src)
    with pytest.raises(ValueError, match=f"src {message}"):
        teaching.build(tmp_path, bad)
    with pytest.raises(ValueError, match=f"src {message}"):
        teaching.lesson_paths(bad)
    with pytest.raises(ValueError, match=f"src {message}"):
        teaching.prepare_binder(bad)
    if bad is not None:                                           # keys=None: beside the lessons
        with pytest.raises(ValueError, match=f"keys {message}"):
            teaching.prepare_binder(src, bad)


def test_lesson_paths_of_a_folder_that_does_not_exist_is_refused(tmp_path, src):
    with pytest.raises(teaching.LessonError, match=r"no lessons \(lesson-\*\.ipynb\) in '.*nowhere': there is no "
                                                   r"such folder"):
        teaching.lesson_paths(tmp_path / "nowhere")
    with pytest.raises(teaching.LessonError, match=r"in '.*lesson-ruin.ipynb': it is not a folder"):
        teaching.lesson_paths(str(src / "lesson-ruin.ipynb"))
    with pytest.raises(teaching.LessonError, match=r"there is no such folder"):
        teaching.build(tmp_path / "out", tmp_path / "nowhere")
    assert teaching.lesson_paths(str(src)) == teaching.lesson_paths(src) == sorted(src.glob("lesson-*.ipynb"))
    (tmp_path / "empty").mkdir()
    assert teaching.lesson_paths(tmp_path / "empty") == []        # a folder without lessons: none, as before
