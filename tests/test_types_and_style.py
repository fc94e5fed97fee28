"""The test command checks types (mypy, strict) and style (ruff) as pyproject.toml configures them.

Both tools are pinned in the ``test`` extra. mypy checks the whole of ``furlib`` strictly (see ``[tool.mypy]``):
the core, the four games, the demo games Pig and High Card, the lessons and their charts. No module is left
out and no check is switched off; each ``# type: ignore`` names its error code and says why on its line.
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing():
    done = _run("ruff", "check", "furlib", "tests", "benchmarks", "--output-format", "concise")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-1000:]


CHECKED = ("furlib",)


def test_mypy_strict_on_all_of_furlib():
    done = _run("mypy", *CHECKED)
    assert done.returncode == 0 and "Success" in done.stdout, done.stdout[-3000:] + done.stderr[-1000:]


def test_every_type_ignore_names_its_code_and_says_why():
    """A bare ``# type: ignore`` silences everything on its line: each must name the error and give a reason."""
    import re

    bare = []
    for path in sorted((ROOT / "furlib").rglob("*.py")):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            for m in re.finditer(r"#\s*type:\s*ignore(\[[^\]]+\])?(.*)", line):
                code, rest = m.group(1), m.group(2)
                if not code or not re.search(r"#\s*\S", rest):
                    bare.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    assert not bare, "type: ignore without a code or a reason:\n" + "\n".join(bare)
