"""The test command checks types (mypy, strict) and style (ruff) as pyproject.toml configures them.

Both tools are pinned in the ``test`` extra. mypy checks the whole of ``furlib`` strictly (see ``[tool.mypy]``):
the core, the four games, the demo games Pig and High Card, the lessons and their charts. No module is left
out and no check is switched off; each ``# type: ignore`` names its error code and says why on its line. Ruff
runs with RUF100 (a ``noqa`` that silences nothing is itself an error), and each ``# noqa`` names its codes and
says why on its line.
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


#: A noqa comment naming its codes and then its reason: words after the codes (after "-", "(" or two spaces).
NOQA_WITH_REASON = r"#\s*noqa:\s*[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*\s*(?:-|\(|—)?\s*[A-Za-z(][^#]{3,}"


def _bare_noqas(text: str) -> list[int]:
    """The lines of ``text`` with a noqa comment that names no code or gives no reason (comments only, as
    tokenize finds them: a string that speaks of noqa is not one)."""
    import io
    import re
    import tokenize

    return [tok.start[0] for tok in tokenize.generate_tokens(io.StringIO(text).readline)
            if tok.type == tokenize.COMMENT and re.search(r"#\s*noqa\b", tok.string, re.IGNORECASE)
            and not re.search(NOQA_WITH_REASON, tok.string)]


def test_the_noqa_check_finds_a_bare_one():
    text = ("import furlib  # noqa: F401  (registers every game)\n"
            "import os  # noqa\n"
            "import re  # noqa: F401\n"
            "f = lambda: 0  # noqa: E731 - a one-line helper beside its use\n")
    assert _bare_noqas(text) == [2, 3]


def test_every_noqa_names_its_codes_and_says_why():
    """A ``# noqa`` hides a finding: each names what it hides and why (unused ones are RUF100's errors)."""
    bare = []
    for path in sorted([*(ROOT / "furlib").rglob("*.py"), *(ROOT / "tests").rglob("*.py"),
                        *(ROOT / "benchmarks").rglob("*.py"), ROOT / "dev.py"]):
        bare += [f"{path.relative_to(ROOT)}:{n}" for n in _bare_noqas(path.read_text())]
    assert not bare, "noqa without its codes or a reason:\n" + "\n".join(bare)
