"""``import furlib`` imports no part of the class server, and a student's side needs no web framework."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("furlib.classroom", "starlette", "uvicorn", "anyio", "h11", "sqlite3")


def imported_after(statement: str, names: tuple[str, ...]) -> list[str]:
    code = (f"import sys\n{statement}\n"
            f"print(sorted(n for n in {names!r} if n in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return eval(out.stdout)  # noqa: S307 - a list of names printed by the line above


def test_import_furlib_leaves_the_classroom_alone():
    assert imported_after("import furlib", HEAVY) == []


def test_the_student_side_is_the_standard_library():
    assert imported_after("from furlib.classroom import Student, Teacher",
                          ("starlette", "uvicorn", "anyio", "pandas", "ipywidgets", "sqlite3")) == []


def test_the_server_modules_do_not_import_the_clients_web_framework_by_accident():
    # the server is the only part that needs the extra: importing it brings starlette, never ipywidgets
    assert imported_after("import furlib.classroom.server", ("starlette", "ipywidgets")) == ["starlette"]
