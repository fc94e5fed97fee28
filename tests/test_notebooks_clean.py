"""The notebooks in git are clean: no outputs, no widget state, seeded games, short cells.

Outputs and widget state (megabytes with plotly) belong to a run, not to git;
``nbstripout notebooks/*.ipynb`` cleans a notebook. The kernelspec must be
``python3`` or nbmake cannot run the notebook. Each code cell is a short step
of a student's story, and every game a notebook creates is seeded, so the
text around a cell can talk about what it shows. The checks that the text is
true are not in the notebooks (students would meet them in Jupyter and on
Binder) but in ``tests/notebooks/test_<notebook>_claims.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
START = ROOT / "notebooks" / "00-start-here.ipynb"
CLAIMS = ROOT / "tests" / "notebooks"
#: Every notebook but the play pages (which only start an app) tells a story with checked claims.
STORIES = [p for p in NOTEBOOKS if not p.stem.endswith("-play")]
MAX_CELL_LINES = 25
#: A cell that builds a game calls one of the game classes.
MAKES_GAME = re.compile(r"\b(Furcle|Furglars|FurryPoker|Thieves)\(")


def test_start_notebook_exists():
    assert START.is_file(), (
        "notebooks/00-start-here.ipynb is missing: the README, Binder badge and "
        "`python3 dev.py lab` all open it")


@pytest.fixture(params=NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def nb(request):
    path = request.param
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    return path, notebook


def code_cells(notebook):
    return [(i, c) for i, c in enumerate(notebook.cells) if c.cell_type == "code"]


def test_no_outputs_or_execution_counts(nb):
    path, notebook = nb
    dirty = [i for i, c in code_cells(notebook) if c.outputs or c.execution_count is not None]
    assert not dirty, f"{path.name}: cells {dirty} have outputs or execution counts; run nbstripout {path.name}"


def test_every_cell_has_a_unique_id(nb):
    """nbformat 4.5 cells carry an id (a missing one is a warning now and an error in nbformat's next versions)."""
    import json

    path, _ = nb
    cells = json.loads(path.read_text())["cells"]       # as stored: nbformat.read fills in missing ids
    ids = [c.get("id") for c in cells]
    missing = [i for i, x in enumerate(ids) if not x]
    assert not missing, f"{path.name}: cells {missing} have no id"
    assert len(set(ids)) == len(ids), f"{path.name}: two cells share an id"


def test_no_widget_state(nb):
    path, notebook = nb
    assert "widgets" not in notebook.metadata, (
        f"{path.name} stores widget state in metadata.widgets; run nbstripout {path.name}")


def test_kernelspec_is_python3(nb):
    path, notebook = nb
    spec = notebook.metadata.get("kernelspec", {})
    assert spec.get("name") == "python3", (
        f"{path.name}: kernelspec name is {spec.get('name')!r}; nbmake and Binder need 'python3'")


def test_code_cells_are_short(nb):
    path, notebook = nb
    long = {i: len(c.source.splitlines()) for i, c in code_cells(notebook)
            if len(c.source.splitlines()) > MAX_CELL_LINES}
    assert not long, f"{path.name}: cells longer than {MAX_CELL_LINES} lines (cell: lines): {long}"


def test_no_check_cells(nb):
    path, notebook = nb
    hidden = [i for i, c in enumerate(notebook.cells) if "remove-cell" in c.metadata.get("tags", [])]
    asserts = [i for i, c in code_cells(notebook) if re.search(r"^\s*assert\b", c.source, flags=re.M)]
    assert not hidden and not asserts, (
        f"{path.name}: cells {sorted(set(hidden + asserts))} check the story; students see them in Jupyter, so "
        f"move the checks to {claims_test(path).relative_to(ROOT)}")


def claims_test(path: Path) -> Path:
    return CLAIMS / f"test_{path.stem.replace('-', '_')}_claims.py"


@pytest.mark.parametrize("path", STORIES, ids=[p.name for p in STORIES])
def test_every_story_has_a_claims_test(path):
    assert claims_test(path).is_file(), f"{path.name}: no {claims_test(path).relative_to(ROOT)} checks its prose"
    assert f'NOTEBOOK = "{path.name}"' in claims_test(path).read_text(encoding="utf-8")


def test_games_are_seeded(nb):
    path, notebook = nb
    unseeded = [i for i, c in code_cells(notebook) if MAKES_GAME.search(c.source) and "seed" not in c.source]
    assert not unseeded, f"{path.name}: cells {unseeded} create a game without a seed"


def test_seed_check_catches_an_unseeded_game():
    assert MAKES_GAME.search('g = Furcle(players=["Ann", "Bob"])')
    assert MAKES_GAME.search("t = Thieves()")
    assert not MAKES_GAME.search("p = furcle_probability(5)")
    assert not MAKES_GAME.search("g2 = Furcle.from_json(text)")


LESSONS = [p for p in NOTEBOOKS if p.name.startswith("lesson-")]


@pytest.mark.parametrize("path", LESSONS, ids=[p.name for p in LESSONS])
def test_every_lesson_has_a_teacher_key(path):
    """Teacher notes are markdown cells tagged ``teacher``: the student version (furlib.teaching) drops them."""
    from furlib.teaching import check_lesson, is_teacher_cell

    notebook = nbformat.read(path, as_version=4)
    check_lesson(notebook, path.name)
    untagged = [i for i, c in enumerate(notebook.cells) if "Teacher notes" in c.source and not is_teacher_cell(c)]
    assert not untagged, f"{path.name}: cells {untagged} hold teacher notes but are not tagged 'teacher'"
