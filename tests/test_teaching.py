"""One lesson source, two versions: the student's has no answers, the teacher's has its key; both run."""

from __future__ import annotations

import os
import re
import shutil
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
        own = teaching.sets_up_static_charts(source)        # the lesson's first code cell does it: no cell added
        assert own or nb.cells[1].source == teaching.STATIC_CHARTS_CODE
        assert [c.source for c in nb.cells[1 if own else 2:]] == [c.source for c in source.cells]


def test_student_and_teacher_versions_run_the_same_code(built):
    out, _ = built
    for path in LESSONS:
        student = nbformat.read(out / "student" / path.name, as_version=4)
        teacher = nbformat.read(out / "teacher" / path.name, as_version=4)
        code = [[c.source for c in nb.cells if c.cell_type == "code"] for nb in (student, teacher)]
        assert code[0] == code[1], path.name


def test_the_static_charts_cell_is_added_once():
    """A lesson whose first code cell calls use_static_fallback() gets no second call; any other lesson gets one."""
    own = lesson(("md", "# A", []), ("code", teaching.STATIC_CHARTS_CODE + "\n\nx = 1", []),
                 ("md", "## Teacher notes", ["teacher"]))
    late = lesson(("md", "# B", []), ("code", "x = 1", []), ("code", "from furlib.lessons import use_static_fallback\n"
                                                                   "use_static_fallback()", []),
                  ("md", "## Teacher notes", ["teacher"]))
    bare = lesson(("md", "# C", []), ("code", "# use_static_fallback() is not called here\nx = 1", []),
                  ("md", "## Teacher notes", ["teacher"]))
    assert teaching.sets_up_static_charts(own)
    assert not teaching.sets_up_static_charts(late) and not teaching.sets_up_static_charts(bare)
    for nb, added, calls in ((own, 0, 1), (late, 1, 2), (bare, 1, 1)):    # (lesson, cells added, calls in all)
        for version in (teaching.student_version(nb), teaching.teacher_version(nb)):
            found = sum(len(re.findall(r"^use_static_fallback\(\)", c.source, flags=re.M))
                        for c in version.cells if c.cell_type == "code")
            assert found == calls
            assert sum(c.get("id") == "static-charts" for c in version.cells) == added


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
        boxes = [d for d in root.iter("div") if "box" in (d.get("class") or "").split()]
        sheet = teaching.worksheet_of(nbformat.read(SRC / f"{page.stem}.ipynb", as_version=4))
        exact = sum(sheet.has_exact(i) for i in range(len(sheet.predictions)))
        assert len(boxes) == (len(sheet.questions) + 2 * len(sheet.predictions) + exact + len(sheet.sections)
                              + len(sheet.tries))
        assert sheet.sections, f"{page.name} has no result box"
        assert sheet.tries, f"{page.name} has no room for its Try-it exercises"
        assert text.count("My answer") == len(sheet.tries)
        assert "Teacher notes" not in text


def test_pdf_worksheet_or_a_clear_skip(tmp_path, capsys):
    if teaching.find_chromium() is None:
        written = teaching.build(tmp_path, SRC, names=[LESSONS[0].name], pdf=True)
        assert written["pdf"] == [] and "PDF worksheets skipped" in capsys.readouterr().err
        return
    written = teaching.build(tmp_path, SRC, names=[LESSONS[0].name], pdf=True)
    assert len(written["pdf"]) == 1 and written["pdf"][0].read_bytes().startswith(b"%PDF")


def _chromium_or_skip() -> str:
    """teaching.find_chromium(), or a skip; under CI=true a failure (as tests/conftest.py does for browser tests)."""
    chromium = teaching.find_chromium()
    if chromium is None:
        message = "no Chromium found (apt-get install chromium, or set FURLIB_CHROMIUM)"
        if os.environ.get("CI", "").strip().lower() in ("1", "true", "yes"):
            pytest.fail(f"CI=true and {message}", pytrace=False)
        pytest.skip(message)
    return chromium


def test_many_worksheets_print_with_one_chromium_launch(tmp_path, monkeypatch):
    chromium = _chromium_or_skip()
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import BrowserType

    launches = []
    launch = BrowserType.launch
    monkeypatch.setattr(BrowserType, "launch", lambda self, **kw: launches.append(kw) or launch(self, **kw))
    monkeypatch.setattr(teaching.pdf.subprocess, "run", lambda *a, **kw: pytest.fail("one Chromium launch a page"))
    pages = []
    for path in LESSONS[:3]:
        page = tmp_path / f"{path.stem}.html"
        page.write_text(teaching.worksheet_html(teaching.worksheet_of(nbformat.read(path, as_version=4))), "utf-8")
        pages.append((page, tmp_path / "pdf" / f"{path.stem}.pdf"))
    (tmp_path / "pdf").mkdir()
    written = teaching.html_to_pdfs(pages, chromium)
    assert written == [pdf for _, pdf in pages] and len(launches) == 1
    for pdf in written:
        data = pdf.read_bytes()
        assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF"), pdf.name
    assert sorted(p.name for p in (tmp_path / "pdf").iterdir()) == sorted(p.name for p in written)  # no .tmp left


def test_pdf_printer_inside_an_event_loop(tmp_path):
    """In a Jupyter cell an event loop runs: playwright's synchronous API then works from a worker thread."""
    import asyncio

    chromium = _chromium_or_skip()
    pytest.importorskip("playwright.sync_api")
    page = tmp_path / "sheet.html"
    page.write_text(teaching.worksheet_html(teaching.Worksheet("A sheet", predictions=["How many?"])), "utf-8")

    async def cell():
        return teaching.html_to_pdfs([(page, tmp_path / "sheet.pdf")], chromium)

    assert asyncio.run(cell()) == [tmp_path / "sheet.pdf"]
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")


def test_pdf_printer_without_playwright_or_chromium(tmp_path, monkeypatch, capsys):
    """Without playwright, one launch a page (html_to_pdf); without a Chromium, nothing and a message."""
    pages = [(tmp_path / f"{n}.html", tmp_path / f"{n}.pdf") for n in "ab"]
    calls = []
    monkeypatch.setitem(sys.modules, "playwright.sync_api", None)       # import fails
    monkeypatch.setattr(teaching.pdf, "html_to_pdf", lambda page, pdf, chromium: calls.append((page, pdf)) or True)
    assert teaching.html_to_pdfs(pages, "/some/chromium") == [pdf for _, pdf in pages] and calls == pages
    monkeypatch.setattr(teaching.pdf, "find_chromium", lambda: None)
    assert teaching.html_to_pdfs(pages) == [] and "PDF worksheets skipped" in capsys.readouterr().err
    assert teaching.html_to_pdfs([]) == []


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


# ---------------------------------------------------------------- Binder: student-first, in place

#: A relative markdown link (not a web address, an anchor or an absolute path), as teaching rewrites them.
LINK = teaching.binder._RELATIVE_LINK


def copy_of_the_repo(tmp_path: Path) -> Path:
    """binder/postBuild and notebooks/, copied: what repo2docker has when it runs postBuild."""
    repo = tmp_path / "repo"
    (repo / "binder").mkdir(parents=True)
    shutil.copy2(ROOT / "binder" / "postBuild", repo / "binder" / "postBuild")
    shutil.copytree(SRC, repo / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return repo


def run_post_build(repo: Path, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run(["bash", str(repo / "binder" / "postBuild")], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


def relative_links(path: Path) -> list[str]:
    nb = nbformat.read(path, as_version=4)
    return [m.group(2).split("#", 1)[0] for c in nb.cells if c.cell_type == "markdown"
            for m in LINK.finditer(c.source)]


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` by its relative path (Jupyter's checkpoints left out)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and ".ipynb_checkpoints" not in p.parts}


def test_post_build_is_an_executable_bash_script():
    script = ROOT / "binder" / "postBuild"
    assert script.read_text(encoding="utf-8").startswith("#!/bin/bash\n")
    assert os.stat(script).st_mode & 0o111, "repo2docker runs binder/postBuild only when it is executable"
    assert "set -euo pipefail" in script.read_text(encoding="utf-8")
    assert subprocess.run(["bash", "-n", str(script)]).returncode == 0


def test_binder_image_is_student_first(tmp_path):
    """binder/postBuild on a copy: lessons become student versions in place, keys go to teacher-keys/."""
    repo = copy_of_the_repo(tmp_path)
    sources = snapshot(SRC)
    proc = run_post_build(repo, cwd=tmp_path)        # not the repo's folder: the script finds its own
    assert proc.returncode == 0, proc.stderr
    assert f"{len(LESSONS)} lesson(s) in notebooks replaced" in proc.stdout
    notebooks, keys = repo / "notebooks", repo / "notebooks" / teaching.KEYS_FOLDER
    assert sorted(p.name for p in keys.iterdir()) == sorted(p.name for p in LESSONS)
    for path in LESSONS:
        source = nbformat.read(path, as_version=4)
        student = nbformat.read(notebooks / path.name, as_version=4)
        key = nbformat.read(keys / path.name, as_version=4)
        for nb in (student, key):
            nbformat.validate(nb)
        assert teaching.teacher_cells(student) == [], path.name
        text = "\n".join(c.source for c in student.cells)
        assert not [w for w in KEY_WORDS if w in text], f"the Binder {path.name} still has teacher notes"
        notes = [source.cells[i].source for i in teaching.teacher_cells(source)]
        key_text = "\n".join(c.source for c in key.cells)
        assert notes and all(n in key_text for n in notes), f"teacher-keys/{path.name} lost a teacher note"
        assert key.cells[0].source == teaching.KEY_BANNER
        code = [[c.source for c in nb.cells if c.cell_type == "code"] for nb in (source, student, key)]
        added = [] if teaching.sets_up_static_charts(source) else [teaching.STATIC_CHARTS_CODE]
        assert code[1] == code[2] == added + code[0], path.name
    lessons = {p.name for p in LESSONS}
    assert "class-pool.ipynb" in lessons               # the class activity has a teacher key too
    others = {name: data for name, data in sources.items() if name not in lessons}
    assert others and all((notebooks / name).read_bytes() == data for name, data in others.items()), (
        "a notebook that is not a lesson changed")
    assert snapshot(SRC) == sources, "the repository's own notebooks changed"


def test_every_link_still_opens_a_notebook_on_binder(tmp_path):
    repo = copy_of_the_repo(tmp_path)
    assert run_post_build(repo, cwd=repo).returncode == 0
    notebooks = repo / "notebooks"
    start = relative_links(notebooks / "00-start-here.ipynb")
    assert {p.name for p in LESSONS} <= set(start), "the start notebook does not link every lesson"
    for target in start:
        nb = nbformat.read(notebooks / target, as_version=4)       # exists, and is a notebook
        if target in {p.name for p in LESSONS}:
            assert nb.metadata["furlib"]["version"] == "student" and teaching.teacher_cells(nb) == [], target
    for path in sorted(notebooks.rglob("*.ipynb")):
        broken = [t for t in relative_links(path) if not (path.parent / t).exists()]
        assert not broken, f"{path.relative_to(notebooks)} links to missing files: {broken}"


def test_binder_twice_changes_nothing(tmp_path):
    repo = copy_of_the_repo(tmp_path)
    assert run_post_build(repo, cwd=repo).returncode == 0
    first = snapshot(repo / "notebooks")
    proc = run_post_build(repo, cwd=repo)
    assert proc.returncode == 0, proc.stderr
    assert f"0 lesson(s) in notebooks replaced by their student versions, {len(LESSONS)} already were" in proc.stdout
    assert snapshot(repo / "notebooks") == first


def lesson(*cells: tuple[str, str, list[str]]) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    for kind, source, tags in cells:
        cell = nbformat.v4.new_markdown_cell(source) if kind == "md" else nbformat.v4.new_code_cell(source)
        cell.metadata["tags"] = tags
        nb.cells.append(cell)
    return nb


def test_keys_links_point_back_beside_the_lessons(tmp_path):
    src = tmp_path / "notebooks"
    src.mkdir()
    nbformat.write(lesson(("md", "# A\nSee [b](lesson-b.ipynb#top), [play](play.ipynb), [top](#top), "
                                 "[web](https://example.org/x.ipynb) and [rules](../docs/rules.md).", []),
                          ("md", "## Teacher notes\nAlso [play](play.ipynb).", ["teacher"])), src / "lesson-a.ipynb")
    nbformat.write(lesson(("md", "# B", []), ("md", "## Teacher notes", ["teacher"])), src / "lesson-b.ipynb")
    written = teaching.prepare_binder(src)
    assert [p.name for p in written["teacher"]] == ["lesson-a.ipynb", "lesson-b.ipynb"]
    key = nbformat.read(src / teaching.KEYS_FOLDER / "lesson-a.ipynb", as_version=4)
    assert key.cells[2].source == ("# A\nSee [b](lesson-b.ipynb#top), [play](../play.ipynb), [top](#top), "
                                   "[web](https://example.org/x.ipynb) and [rules](../../docs/rules.md).")
    assert key.cells[3].source == "## Teacher notes\nAlso [play](../play.ipynb)."
    student = nbformat.read(src / "lesson-a.ipynb", as_version=4)
    assert student.cells[1].source.startswith("# A\nSee [b](lesson-b.ipynb#top), [play](play.ipynb)")


def test_binder_refuses_loudly_and_writes_nothing(tmp_path):
    src = tmp_path / "notebooks"
    src.mkdir()
    good = lesson(("md", "# A", []), ("md", "## Teacher notes", ["teacher"]))
    nbformat.write(good, src / "lesson-a.ipynb")
    nbformat.write(lesson(("md", "# B, no key", [])), src / "lesson-b.ipynb")
    before = snapshot(src)
    proc = subprocess.run([sys.executable, "-m", "furlib.teaching", "binder", "--src", str(src)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1 and "lesson-b.ipynb has no teacher cell" in proc.stderr
    assert snapshot(src) == before, "a lesson was replaced although another one failed the check"
    (src / "lesson-b.ipynb").unlink()
    teaching.prepare_binder(src)
    (src / teaching.KEYS_FOLDER / "lesson-a.ipynb").unlink()          # a student version without its key
    with pytest.raises(teaching.LessonError, match="already a student version but its teacher key"):
        teaching.prepare_binder(src)
    with pytest.raises(teaching.LessonError, match="no lessons"):
        teaching.prepare_binder(tmp_path / "empty")


def test_a_worksheet_has_room_for_each_try_it_and_an_exact_box_only_where_the_lesson_gives_one():
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("# Dice\n\n## 1. Roll\n\nText."),
        nbformat.v4.new_code_cell('guess = Prediction("How many sixes?")\nPrediction("How many ones?")'),
        nbformat.v4.new_code_cell("guess.compare(simulated=s.mean(),\n              exact=1 / 6)"),
        nbformat.v4.new_markdown_cell("## Try it yourself\n\n1. Roll 600 times:\n   what changes?\n2. Use 8 sides.\n"
                                      "\n## After\n\n* not an exercise"),
        nbformat.v4.new_markdown_cell("## Teacher notes\n\n* answers", metadata={"tags": ["teacher"]}),
    ]
    sheet = teaching.worksheet_of(nb)
    assert sheet.predictions == ["How many sixes?", "How many ones?"] and sheet.exact == [True, False]
    assert sheet.tries == ["Roll 600 times: what changes?", "Use 8 sides."]
    assert sheet.sections == ["1. Roll", "After"]
    page = teaching.worksheet_html(sheet)
    assert page.count("<span class='label'>Exact</span>") == 1 and page.count("My answer") == 2
    assert "2. Use 8 sides." in page


# ---------------------------------------------------------------- the worksheets' Result boxes say what to write

def result_labels(page: str) -> list[str]:
    """The text of each Result box of a worksheet page, in order."""
    root = ElementTree.fromstring(page.replace("<!DOCTYPE html>", "").replace("&nbsp;", "&#160;"))
    return ["".join(span.itertext()) for div in root.iter("div") if (div.get("class") or "").split() == ["box"]
            for span in div.iter("span") if "".join(span.itertext()).startswith("Result")]


def test_every_result_box_of_every_lesson_says_what_to_write(built):
    out, written = built
    for page in written["worksheet"]:
        sheet = teaching.worksheet_of(nbformat.read(SRC / f"{page.stem}.ipynb", as_version=4))
        labels = result_labels(page.read_text(encoding="utf-8"))
        assert len(labels) == len(sheet.sections), page.name
        assert labels == [f"Result: {sheet.result(i)}" for i in range(len(sheet.sections))], page.name
        assert all(len(label) > len("Result: ") + 10 for label in labels), page.name


def test_a_result_box_takes_the_sections_note_or_a_prompt_from_its_heading():
    md = nbformat.v4.new_markdown_cell
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        md("# Dice\n\n<!-- result: not a section's: the intro is no section -->\n\n## 1. Play: roll 8 dice\n\nText."),
        md("More text.\n\n<!-- result: the number of Hands\n  in your roll, and Kenzie's -->"),
        md("## 2. Simulate: 1,000 rolls\n<!-- result: the share of rolls with 3 Hands -->\n\n<!-- result: second -->"),
        md("## 3. Count exactly: the binomial\n\n## 4. Plot: exact against simulated"),
        md("## 5. Were Kenzie's Hands lucky?\n\n## 6. Connect: the birthday problem\n\n## 7. Measure it"),
        md("## Try it yourself\n\n1. Roll 600 times.\n\n<!-- result: belongs to no section -->"),
        md("## 8. After <b>\n\n### Try it\n\n* an exercise <!-- result: nor this -->"),
        md("## Teacher notes\n\n<!-- result: the teacher's, never on the sheet -->", metadata={"tags": ["teacher"]}),
    ]
    sheet = teaching.worksheet_of(nb)
    assert sheet.sections == ["1. Play: roll 8 dice", "2. Simulate: 1,000 rolls", "3. Count exactly: the binomial",
                              "4. Plot: exact against simulated", "5. Were Kenzie's Hands lucky?",
                              "6. Connect: the birthday problem", "7. Measure it", "8. After <b>"]
    assert sheet.results == ["the number of Hands in your roll, and Kenzie's", "the share of rolls with 3 Hands",
                             None, None, None, None, None, None]
    assert [sheet.result(i) for i in range(len(sheet.sections))] == [
        "the number of Hands in your roll, and Kenzie's", "the share of rolls with 3 Hands",
        "The exact answer, as a fraction or a decimal", "What the chart shows, in one sentence",
        teaching.QUESTION_PROMPT, teaching.RESULT_PROMPT, "The number you measured, and what it measures",
        teaching.RESULT_PROMPT]
    page = teaching.worksheet_html(sheet)
    assert result_labels(page) == [f"Result: {sheet.result(i)}" for i in range(8)]
    assert "<p>8. After &lt;b&gt;</p>" in page and "teacher's" not in page and "no section" not in page
    assert "&lt;!--" not in page and "<!--" not in page and "second" not in page     # no note shows as text
    # a sheet made by hand, without notes, still prompts every box
    hand = teaching.Worksheet("A sheet", sections=["1. Play: a few turns", "2. Simulate: 100 turns"])
    assert result_labels(teaching.worksheet_html(hand)) == [f"Result: {teaching.RESULT_PROMPTS[0][1]}",
                                                            f"Result: {teaching.RESULT_PROMPTS[2][1]}"]
