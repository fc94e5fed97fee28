#!/usr/bin/env python3
"""Set up furlib for development and run it: only the standard library.

Usage (from a clone, with Python 3.10 or newer; 3.11 recommended)::

    python3 dev.py lab              # JupyterLab on notebooks/00-start-here.ipynb
    python3 dev.py app furcle       # one game's app alone in Voila (furcle, furglars, poker or thieves)
    python3 dev.py test             # every test: unit, notebooks, browser, docs
    python3 dev.py test -k furcle   # extra arguments go to pytest
    python3 dev.py docs             # build the documentation site into docs/_build/html
    python3 dev.py lessons          # student versions, teacher keys and worksheets in build/lessons
    python3 dev.py class            # a class server for a live lesson (docs/classroom.md)

Each command first makes sure the virtual environment exists (``.venv`` next
to this file, or the folder named by the ``FURLIB_VENV`` environment
variable) and that furlib is installed in it with ``pip install -e
.[test,docs,lab,classroom,ai]``. The install runs again only when ``pyproject.toml``
changes: a hash of it is kept in the environment (``.furlib-install-stamp``).
On Windows use ``py -3.11 dev.py test``.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
EXTRAS = "test,docs,lab,classroom,ai"
STAMP_NAME = ".furlib-install-stamp"
START_NOTEBOOK = Path("notebooks") / "00-start-here.ipynb"
MIN_PYTHON = (3, 10)

USAGE = """\
usage: python3 dev.py COMMAND [ARGS...]

commands:
  lab    open JupyterLab on notebooks/00-start-here.ipynb (ARGS go to jupyter lab)
  app GAME  open one game's app alone in Voila, as Binder's app link does: GAME is one of
         furcle, furglars, poker, thieves (more ARGS go to voila, e.g. --port=8867)
  test   run every test in one pytest run (ARGS go to pytest, e.g. -k furcle)
  docs   build the documentation site into docs/_build/html (ARGS go to sphinx-build)
  class  run a class server on http://127.0.0.1:8765 (ARGS go to python -m furlib.classroom serve, e.g.
         --host 0.0.0.0 for the school network, --db PATH, --port N; see docs/classroom.md)
  lessons  student versions, teacher keys and worksheets into build/lessons (ARGS go to
         python -m furlib.teaching build, e.g. --pdf)

The virtual environment is .venv (set FURLIB_VENV to use another folder).
"""


def say(message: str) -> None:
    """Print a progress line (flushed, so it shows before a child's output)."""
    print(f"[dev.py] {message}", flush=True)


def show(cmd: list[str]) -> str:
    """A command as one line a user could paste into a shell."""
    if os.name == "nt":
        return subprocess.list2cmdline(cmd)
    return shlex.join(cmd)


def run(cmd: list[str], env: dict[str, str] | None = None) -> int:
    """Print and run a command from the repository root; return its exit code."""
    print(f"$ {show(cmd)}", flush=True)
    return subprocess.call(cmd, cwd=ROOT, env=env)


def venv_dir() -> Path:
    """The virtual environment folder: $FURLIB_VENV, or .venv in the repository."""
    custom = os.environ.get("FURLIB_VENV", "").strip()
    if custom:
        return Path(custom).expanduser().resolve()
    return ROOT / ".venv"


def venv_python(venv: Path, windows: bool | None = None) -> Path:
    """Path of the Python executable inside ``venv`` (Scripts\\python.exe on Windows)."""
    if windows is None:
        windows = os.name == "nt"
    return venv / "Scripts" / "python.exe" if windows else venv / "bin" / "python"


def install_stamp(root: Path = ROOT, extras: str = EXTRAS) -> str:
    """What the install depends on: pyproject.toml's hash, the extras and the checkout."""
    digest = hashlib.sha256((root / "pyproject.toml").read_bytes()).hexdigest()
    return f"pyproject-sha256={digest}\nextras={extras}\nsource={root}\n"


def needs_install(venv: Path, root: Path = ROOT, extras: str = EXTRAS) -> bool:
    """True unless the stamp in ``venv`` matches the current pyproject.toml."""
    stamp = venv / STAMP_NAME
    try:
        return stamp.read_text(encoding="utf-8") != install_stamp(root, extras)
    except OSError:
        return True


def ensure_venv() -> Path:
    """Create or reuse the virtual environment, (re)install when needed; return its Python."""
    if sys.version_info < MIN_PYTHON:
        sys.exit(f"[dev.py] furlib needs Python {MIN_PYTHON[0]}.{MIN_PYTHON[1]} or newer "
                 f"(3.11 recommended); this is {sys.version.split()[0]}.")
    venv = venv_dir()
    python = venv_python(venv)
    created = False
    if not python.exists():
        say(f"creating the virtual environment {venv} with Python {sys.version.split()[0]}")
        if run([sys.executable, "-m", "venv", str(venv)]) != 0 or not python.exists():
            sys.exit("[dev.py] could not create the virtual environment. On Debian/Ubuntu install "
                     "the venv module first (apt-get install python3-venv), then run this again.")
        created = True
    else:
        say(f"using the virtual environment {venv}")
    try:
        subprocess.run([str(python), "-c", "import sys"], check=True)
    except (OSError, subprocess.CalledProcessError):
        sys.exit(f"[dev.py] {python} does not run (was its Python removed or upgraded?). "
                 f"Delete {venv} and run this command again.")
    if needs_install(venv):
        why = "new environment" if created else "pyproject.toml changed or no install stamp yet"
        say(f"installing furlib with the extras [{EXTRAS}] ({why})")
        if created and run([str(python), "-m", "pip", "install", "--upgrade", "pip"]) != 0:
            sys.exit("[dev.py] upgrading pip failed (see above).")
        if run([str(python), "-m", "pip", "install", "-e", f".[{EXTRAS}]"]) != 0:
            sys.exit("[dev.py] pip install failed (see above); nothing was stamped, so the next "
                     "run tries again.")
        (venv / STAMP_NAME).write_text(install_stamp(), encoding="utf-8")
        say(f"installed; wrote {venv / STAMP_NAME}")
    else:
        say("furlib is installed and pyproject.toml is unchanged: nothing to install")
    return python


def pytest_command(python: Path, extra: list[str], root: Path = ROOT) -> list[str]:
    """The single pytest run: tests/, the docstring examples in furlib/, notebooks via nbmake."""
    cmd = [str(python), "-m", "pytest", "tests", "furlib", "--doctest-modules", "-n", "auto"]
    if (root / "notebooks").is_dir():
        cmd += ["--nbmake", "notebooks"]
    return cmd + list(extra)


def cmd_test(extra: list[str]) -> int:
    python = ensure_venv()
    if not (ROOT / "notebooks").is_dir():
        say("no notebooks/ folder: running the tests in tests/ only")
    if os.environ.get("CI", "").strip().lower() in ("1", "true", "yes"):
        say("CI is set: browser tests fail instead of skipping when chromium is missing")
    return run(pytest_command(python, extra))


def cmd_lab(extra: list[str]) -> int:
    python = ensure_venv()
    cmd = [str(python), "-m", "jupyter", "lab"]
    if (ROOT / START_NOTEBOOK).exists():
        cmd.append(START_NOTEBOOK.as_posix())
    else:
        say(f"{START_NOTEBOOK.as_posix()} does not exist yet: opening JupyterLab on the repository")
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in extra:
        say("running as root: adding --allow-root (Jupyter refuses root otherwise)")
        cmd.append("--allow-root")
    say("stop JupyterLab with Ctrl+C")
    try:
        return run(cmd + list(extra))
    except KeyboardInterrupt:
        return 0


#: The games whose app ``dev.py app GAME`` opens: each is notebooks/GAME-play.ipynb.
APPS = ("furcle", "furglars", "poker", "thieves")


def app_notebook(name: str, root: Path = ROOT) -> Path:
    """The play notebook of the game ``name`` (one of ``APPS``, any case); ValueError names the choices."""
    key = name.strip().lower()
    if key not in APPS:
        raise ValueError(f"no app called {name[:40]!r}: choose one of {', '.join(APPS)}")
    return root / "notebooks" / f"{key}-play.ipynb"


def cmd_app(extra: list[str]) -> int:
    if not extra or extra[0].startswith("-"):
        print(f"[dev.py] usage: python3 dev.py app GAME [voila arguments]; GAME is one of {', '.join(APPS)}",
              file=sys.stderr)
        return 2
    try:
        notebook = app_notebook(extra[0])
    except ValueError as e:
        print(f"[dev.py] {e}", file=sys.stderr)
        return 2
    python = ensure_venv()
    # an absolute path: Voila 0.5.8 (Binder's, pinned in the lab extra) refuses a relative one
    cmd = [str(python), "-m", "voila", str(notebook.resolve()), *extra[1:]]
    say("the app opens in your browser (or open the address Voila prints); stop it with Ctrl+C")
    try:
        return run(cmd)
    except KeyboardInterrupt:
        return 0


def cmd_docs(extra: list[str]) -> int:
    python = ensure_venv()
    out = ROOT / "docs" / "_build" / "html"
    code = run([str(python), "-m", "sphinx", "-W", "--keep-going", "-j", "auto", "-b", "html", "docs", str(out),
                *extra])
    if code == 0:
        say(f"open {out / 'index.html'}")
    return code


def cmd_lessons(extra: list[str]) -> int:
    python = ensure_venv()
    return run([str(python), "-m", "furlib.teaching", "build", *extra])


def cmd_class(extra: list[str]) -> int:
    python = ensure_venv()
    say("the class server runs until Ctrl+C; its teacher key is printed below (or set FURLIB_TEACHER_KEY)")
    try:
        return run([str(python), "-m", "furlib.classroom", "serve", *extra])
    except KeyboardInterrupt:
        return 0


COMMANDS = {"lab": cmd_lab, "app": cmd_app, "test": cmd_test, "docs": cmd_docs, "lessons": cmd_lessons,
            "class": cmd_class}


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(__doc__.split("\n\n")[0] + "\n\n" + USAGE)
        return 0 if argv else 2
    command, extra = argv[0], argv[1:]
    if command not in COMMANDS:
        print(f"[dev.py] unknown command {command!r}; expected one of {', '.join(COMMANDS)}\n\n{USAGE}",
              file=sys.stderr)
        return 2
    return COMMANDS[command](extra)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
