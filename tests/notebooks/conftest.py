"""Shared set-up for the notebooks' claim tests.

A notebook tells a story with numbers ("5 out of 6", "about 7.6 dice",
"seat 3 wins clearly more"). Students should not meet the code that checks
those numbers, so the checks live here: each ``test_<notebook>_claims.py``
recomputes, with the library and the notebook's own seeds, every number and
comparison its prose states, and asserts that the prose still states it.

A claims module sets ``NOTEBOOK = "name.ipynb"`` and asks for the ``nb``
fixture:

* ``nb.says("5 out of 6", ...)``: each phrase appears in the markdown
  (whitespace and ``*`` emphasis ignored), so a changed sentence fails here
  until its test follows;
* ``nb.runs("seed=2024", ...)``: each snippet appears in the code cells, so
  the test computes with the same seeds and arguments as the notebook;
* ``nb.never_says(...)``: a retired wording stays retired.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import io
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = ROOT / "notebooks"


def normalize(text: str) -> str:
    """Text with ``*`` emphasis dropped and every run of whitespace made one space."""
    return re.sub(r"\s+", " ", text.replace("*", "")).strip()


class Notebook:
    """The text of one notebook, for claim tests."""

    def __init__(self, path: Path):
        self.path = path
        self.name = path.name
        self.cells = nbformat.read(path, as_version=4).cells
        self.markdown = normalize("\n\n".join(c.source for c in self.cells if c.cell_type == "markdown"))
        self.code = normalize("\n\n".join(c.source for c in self.cells if c.cell_type == "code"))
        self._runs: dict[tuple[tuple[str, str], ...], tuple[str, dict[str, Any]]] = {}

    def says(self, *phrases: str) -> None:
        """Assert that the prose states each phrase."""
        missing = [p for p in phrases if normalize(p) not in self.markdown]
        assert not missing, (f"{self.name} no longer says {missing}: if the text changed on purpose, "
                             f"change the claim test to match what it now says (and check the numbers)")

    def never_says(self, *phrases: str) -> None:
        """Assert that the prose states none of the phrases (case-insensitive)."""
        low = self.markdown.lower()
        found = [p for p in phrases if normalize(p).lower() in low]
        assert not found, f"{self.name} says {found}"

    def function(self, name: str) -> Any:
        """The function ``name`` as a code cell of the notebook defines it (the ``def`` and that cell's imports
        only), so a test calls the very code the students run."""
        for cell in self.cells:
            if cell.cell_type == "code" and f"def {name}(" in cell.source:
                tree = ast.parse(cell.source)
                nodes = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))
                         or isinstance(n, ast.FunctionDef) and n.name == name]
                space: dict[str, Any] = {}
                exec(compile(ast.Module(nodes, type_ignores=[]), self.name, "exec"), space)
                return space[name]
        raise AssertionError(f"{self.name} defines no function {name}")

    def execute(self, *changes: tuple[str, str]) -> tuple[str, dict[str, Any]]:
        """What the code cells print, and their variables, run in order with each ``(old, new)`` change made first:
        what a student sees after changing a number and running all the cells (a Try-it).

        Run once per set of changes (the module's tests share the result: read the variables, do not change
        them)."""
        if changes not in self._runs:
            self._runs[changes] = self._execute(changes)
        return self._runs[changes]

    def _execute(self, changes: tuple[tuple[str, str], ...]) -> tuple[str, dict[str, Any]]:
        source = "\n".join(c.source for c in self.cells if c.cell_type == "code")
        source = source.replace("use_static_fallback()", "pass")     # leave plotly's renderer alone in the tests
        for old, new in changes:
            assert old in source, f"{self.name}: the code no longer contains {old!r}"
            source = source.replace(old, new)
        out, space = io.StringIO(), {}
        with contextlib.redirect_stdout(out):
            exec(compile(source, self.name, "exec"), space)
        return out.getvalue(), space

    def printed_by(self, *changes: tuple[str, str]) -> str:
        """What the code cells print, run with the ``changes`` made first (see :meth:`execute`)."""
        return self.execute(*changes)[0]

    def runs(self, *snippets: str) -> None:
        """Assert that the code cells contain each snippet (so a test repeats the notebook's computation)."""
        missing = [s for s in snippets if normalize(s) not in self.code]
        assert not missing, (f"{self.name}: the code no longer contains {missing}; the claim test computes "
                             f"with those arguments, so update it to the notebook's new ones")


@pytest.fixture(scope="module")
def nb(request) -> Notebook:
    """The notebook named by the test module's ``NOTEBOOK``."""
    return Notebook(NOTEBOOK_DIR / request.module.NOTEBOOK)


@pytest.fixture(scope="session")
def all_notebooks() -> dict[str, Notebook]:
    """Every notebook, by file name."""
    return {p.name: Notebook(p) for p in sorted(NOTEBOOK_DIR.glob("*.ipynb"))}


@pytest.fixture(scope="session")
def solved(tmp_path_factory):
    """``solved(target, beekin=True)``: the solved 2-player Oh Furcle!, cached in a pytest temporary folder.

    ``solved.cache`` is that folder (for code that reads ``$FURLIB_CACHE``).
    """
    from furlib.furcle.solver import solve

    where = tmp_path_factory.mktemp("furlib-solutions")

    @functools.cache
    def solved(target: int = 50, beekin: bool = True):
        return solve(target, beekin=beekin, cache=where)

    solved.cache = where
    return solved
