"""One lesson source, two versions: the student's has no answers, the teacher's has its key; both run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import nbformat
import pytest

from furlib import teaching

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "notebooks"
LESSONS = teaching.lesson_paths(SRC)
#: Words only a key says.
KEY_WORDS = ("## Teacher notes", "Teacher key")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("lessons")
    return out, teaching.build(out, SRC)


def test_every_lesson_is_built(built):
    out, written = built
    assert LESSONS, "no lessons found"
    for kind in ("student", "teacher", "worksheet"):
        assert sorted(p.stem for p in written[kind]) == sorted(p.stem for p in LESSONS), kind


def test_student_versions_have_no_teacher_cell(built):
    out, _ = built
    for path in sorted((out / "student").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)
        assert teaching.teacher_cells(nb) == [], path.name
        text = "\n".join(c.source for c in nb.cells)
        found = [w for w in KEY_WORDS if w in text]
        assert not found, f"student/{path.name} still says {found}"


def test_teacher_versions_have_a_key_and_all_the_lesson(built):
    out, _ = built
    for path in sorted((out / "teacher").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)
        source = nbformat.read(SRC / path.name, as_version=4)
        assert len(teaching.teacher_cells(nb)) >= 2, f"teacher/{path.name} has no key"
        assert "## Teacher notes" in "\n".join(nb.cells[i].source for i in teaching.teacher_cells(nb))
        assert nb.cells[1].source == teaching.STATIC_CHARTS_CODE
        assert [c.source for c in nb.cells[2:]] == [c.source for c in source.cells]


def test_student_and_teacher_versions_run_the_same_code(built):
    out, _ = built
    for path in LESSONS:
        student = nbformat.read(out / "student" / path.name, as_version=4)
        teacher = nbformat.read(out / "teacher" / path.name, as_version=4)
        code = [[c.source for c in nb.cells if c.cell_type == "code"] for nb in (student, teacher)]
        assert code[0] == code[1], path.name


def test_a_teacher_code_cell_or_a_missing_key_is_refused():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A lesson")])
    with pytest.raises(teaching.LessonError, match="no teacher cell"):
        teaching.check_lesson(nb, "x.ipynb")
    cell = nbformat.v4.new_code_cell("answer = 42")
    cell.metadata["tags"] = ["answer"]
    nb.cells.append(cell)
    with pytest.raises(teaching.LessonError, match=r"teacher cells \[1\] are code cells"):
        teaching.check_lesson(nb, "x.ipynb")


def test_worksheets_have_a_box_for_each_prediction_and_result(built):
    out, written = built
    for page in written["worksheet"]:
        text = page.read_text(encoding="utf-8")
        root = ElementTree.fromstring(text.replace("<!DOCTYPE html>", "").replace("&nbsp;", "&#160;"))
        boxes = [d for d in root.iter("div") if d.get("class") == "box"]
        sheet = teaching.worksheet_of(nbformat.read(SRC / f"{page.stem}.ipynb", as_version=4))
        assert len(boxes) == len(sheet.questions) + 3 * len(sheet.predictions) + len(sheet.sections)
        assert sheet.sections, f"{page.name} has no result box"
        assert "Teacher notes" not in text


def test_pdf_worksheet_or_a_clear_skip(tmp_path, capsys):
    if teaching.find_chromium() is None:
        written = teaching.build(tmp_path, SRC, names=[LESSONS[0].name], pdf=True)
        assert written["pdf"] == [] and "PDF worksheets skipped" in capsys.readouterr().err
        return
    written = teaching.build(tmp_path, SRC, names=[LESSONS[0].name], pdf=True)
    assert len(written["pdf"]) == 1 and written["pdf"][0].read_bytes().startswith(b"%PDF")


def test_command_line(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "furlib.teaching", "build", "--src", str(SRC), "--out",
                           str(tmp_path), "--no-worksheets", LESSONS[0].stem],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "student" / LESSONS[0].name).is_file() and (tmp_path / "teacher" / LESSONS[0].name).is_file()
    proc = subprocess.run([sys.executable, "-m", "furlib.teaching", "build", "--src", str(tmp_path)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert proc.returncode == 1 and "no lessons" in proc.stderr


@pytest.mark.notebooks
@pytest.mark.parametrize("kind, name", [("student", "lesson-furglars-hands.ipynb"),
                                        ("teacher", "lesson-furcle-odds.ipynb")])
def test_generated_versions_run_and_their_html_export_shows_every_chart(built, kind, name):
    """Each generated version runs; a plain ``nbconvert --to html`` of it shows every plotly chart as an image."""
    import base64

    from nbclient import NotebookClient
    from nbconvert import HTMLExporter

    out, _ = built
    path = out / kind / name
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
    charts = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if "application/vnd.plotly.v1+json" in o.get("data", {})]
    assert charts, f"{name} draws no chart"
    missing = [i for i, o in enumerate(charts) if "image/svg+xml" not in o["data"]]
    assert not missing, f"{kind}/{name}: charts {missing} have no static picture"
    body, _ = HTMLExporter().from_notebook_node(nb)
    for o in charts:
        svg = o["data"]["image/svg+xml"]
        assert base64.b64encode(svg.encode("utf-8")).decode("ascii") in body or svg in body
