"""The README tells the truth: its examples run and print what it shows, its commands exist.

A ```python block followed by "prints" and a ```text block must print exactly
that text. Each block runs on its own, in a fresh interpreter, in an empty
folder. The set-up commands the README gives are checked against dev.py,
.ci/run and binder/.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", flags=re.S | re.M)
BINDER = "https://mybinder.org/v2/gh/furlib/furlib/HEAD?labpath=notebooks%2F00-start-here.ipynb"


def examples(text: str) -> list[tuple[str, str | None]]:
    """(python code, expected output or None) for every ```python block of ``text``."""
    blocks = [(m.group(1), m.group(2), m.start(), m.end()) for m in FENCE.finditer(text)]
    found = []
    for i, (lang, body, _, end) in enumerate(blocks):
        if lang != "python":
            continue
        expected = None
        if i + 1 < len(blocks):
            nxt_lang, nxt_body, nxt_start, _ = blocks[i + 1]
            between = text[end:nxt_start].strip()
            if nxt_lang == "text" and between == "prints":
                expected = nxt_body
        found.append((body, expected))
    return found


EXAMPLES = examples(README)


def test_readme_has_examples_with_output():
    assert len(EXAMPLES) >= 2, "README.md should show at least two python examples"
    assert all(expected is not None for _, expected in EXAMPLES), "every README example shows what it prints"


def test_example_parser():
    text = "```python\nprint(1)\n```\n\nprints\n\n```text\n1\n```\n\n```python\nx = 2\n```\n"
    assert examples(text) == [("print(1)\n", "1\n"), ("x = 2\n", None)]


@pytest.mark.parametrize("code,expected", EXAMPLES, ids=[f"example{i + 1}" for i in range(len(EXAMPLES))])
def test_readme_example(code, expected, tmp_path):
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONHASHSEED": "0"})
    assert proc.returncode == 0, f"README example failed:\n{code}\n--- stderr ---\n{proc.stderr}"
    if expected is not None:
        got = [line.rstrip() for line in proc.stdout.splitlines()]
        assert got == [line.rstrip() for line in expected.splitlines()]


def test_readme_set_up_commands_match_ci_and_dev():
    assert "python3 dev.py lab" in README and "python3 dev.py test" in README
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "set -euo pipefail" in ci
    assert re.search(r"^CI=true python3 dev\.py test$", ci, flags=re.M), ".ci/run must run the README's command"
    assert os.access(ROOT / ".ci" / "run", os.X_OK), ".ci/run must be executable (chmod +x)"


def test_readme_binder_badge_and_binder_files():
    assert BINDER in README
    reqs = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8").splitlines()
    assert "-e ." in reqs, "Binder installs furlib only if binder/requirements.txt says -e ."
    assert any(re.match(r"voila\b", line) for line in reqs), "Binder needs voila for the app link"
    assert (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8").strip() == "python-3.11"
    assert (ROOT / "notebooks" / "00-start-here.ipynb").is_file(), "the badge opens notebooks/00-start-here.ipynb"


def test_readme_notebooks_exist():
    listed = re.findall(r"\]\((notebooks/[\w.-]+\.ipynb)\)", README)
    assert "notebooks/00-start-here.ipynb" in listed, "README links the notebooks, starting with 00-start-here"
    for name in listed:
        assert (ROOT / name).is_file(), f"README links {name}, which does not exist"


# ---------------------------------------------------------------- dev.py
@pytest.fixture(scope="module")
def dev():
    spec = importlib.util.spec_from_file_location("furlib_dev", ROOT / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_dev_venv_python_per_platform(dev, tmp_path):
    assert dev.venv_python(tmp_path, windows=True) == tmp_path / "Scripts" / "python.exe"
    assert dev.venv_python(tmp_path, windows=False) == tmp_path / "bin" / "python"


def test_dev_venv_dir_honours_furlib_venv(dev, tmp_path, monkeypatch):
    monkeypatch.setenv("FURLIB_VENV", str(tmp_path / "env"))
    assert dev.venv_dir() == (tmp_path / "env").resolve()
    monkeypatch.delenv("FURLIB_VENV")
    assert dev.venv_dir() == ROOT / ".venv"


def test_dev_reinstalls_only_when_pyproject_changes(dev, tmp_path):
    repo, venv = tmp_path / "repo", tmp_path / "venv"
    repo.mkdir()
    venv.mkdir()
    (repo / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    assert dev.needs_install(venv, repo)                 # no stamp yet
    (venv / dev.STAMP_NAME).write_text(dev.install_stamp(repo))
    assert not dev.needs_install(venv, repo)             # stamp matches
    (repo / "pyproject.toml").write_text("[project]\nname = 'x'\nversion = '2'\n")
    assert dev.needs_install(venv, repo)                 # pyproject changed
    assert dev.needs_install(venv, repo, extras="test")  # other extras


def test_dev_test_command_runs_tests_and_notebooks(dev, tmp_path):
    python = tmp_path / "bin" / "python"
    (tmp_path / "notebooks").mkdir()
    cmd = dev.pytest_command(python, ["-k", "furcle"], root=tmp_path)
    assert cmd == [str(python), "-m", "pytest", "tests", "furlib", "--doctest-modules",
                   "-n", "auto", "--nbmake", "notebooks", "-k", "furcle"]
    (tmp_path / "notebooks").rmdir()
    assert dev.pytest_command(python, [], root=tmp_path) == [str(python), "-m", "pytest", "tests", "furlib",
                                                             "--doctest-modules", "-n", "auto"]


def test_dev_rejects_unknown_command(dev, capsys):
    assert dev.main(["tset"]) == 2
    assert "unknown command 'tset'" in capsys.readouterr().err


def test_dev_app_opens_each_play_notebook_and_names_the_choices(dev, capsys):
    for name in dev.APPS:
        assert dev.app_notebook(name.upper()) == ROOT / "notebooks" / f"{name}-play.ipynb"
        assert dev.app_notebook(name).is_file()
        assert f"python3 dev.py app {name}" in README or name != "furcle"
    with pytest.raises(ValueError, match=r"no app called 'chess': choose one of furcle, furglars, poker, thieves"):
        dev.app_notebook("chess")
    assert dev.main(["app"]) == 2                       # no game named: the usage, nothing installed
    assert "GAME is one of furcle, furglars, poker, thieves" in capsys.readouterr().err
    assert dev.main(["app", "chess"]) == 2
    assert "no app called 'chess'" in capsys.readouterr().err
