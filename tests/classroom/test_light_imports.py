"""``import furlib`` imports no part of the class server, and a student's side needs no web framework.

One fresh interpreter imports, in turn, furlib, the clients and the server, and says what each step brought in.
"""

from __future__ import annotations

import json
import subprocess
import sys

WATCHED = ("furlib.classroom", "furlib.classroom.server", "starlette", "uvicorn", "anyio", "h11", "sqlite3", "pandas",
           "ipywidgets")
STEPS = ("import furlib", "from furlib.classroom import Student, Teacher", "import furlib.classroom.server")


def test_each_step_imports_only_what_it_needs():
    look = f"seen.append(sorted(n for n in {WATCHED!r} if n in sys.modules))"
    lines = ["import json, sys", "seen = []", *(f"{step}\n{look}" for step in STEPS), "print(json.dumps(seen))"]
    code = "\n".join(lines)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    after_furlib, after_clients, after_server = json.loads(out.stdout)
    assert after_furlib == []                                          # import furlib: no classroom at all
    assert after_clients == ["furlib.classroom"]                       # the students' side: the standard library
    assert {"starlette", "sqlite3", "furlib.classroom.server"} <= set(after_server)   # the server needs the extra
    assert "ipywidgets" not in after_server and "pandas" not in after_server
