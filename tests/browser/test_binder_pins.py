"""Binder's list pins the Jupyter front end (no browser needed; tests/browser/test_app_browser.py serves it)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REQUIREMENTS = ROOT / "binder" / "requirements.txt"
#: The packages that ship JavaScript to the page: their versions must agree with each other.
FRONT_END = ("voila", "jupyterlab", "ipywidgets", "jupyterlab_widgets", "widgetsnbextension", "anywidget", "plotly")


def test_binder_pins_every_package_of_the_front_end():
    lines = [line.split("#")[0].strip() for line in REQUIREMENTS.read_text().splitlines()]
    assert "-e ." in lines, "Binder installs furlib only with '-e .' (it ignores pyproject.toml)"
    pins = {line.partition("==")[0]: line.partition("==")[2] for line in lines if "==" in line}
    missing = [name for name in FRONT_END if not pins.get(name)]
    assert not missing, f"binder/requirements.txt must pin {missing} (name==version)"
    loose = [line for line in lines if line and line != "-e ." and "==" not in line]
    assert not loose, f"unpinned lines in binder/requirements.txt: {loose}"


def _name(requirement: str) -> str:
    return requirement.partition("==")[0].strip().lower().replace("-", "_")


def test_the_lab_extra_pins_the_front_end_as_binder_does():
    """``pip install 'furlib[lab]'`` (and dev.py, which installs it) gets Binder's very front end: the same
    packages at the same versions, so a local Voila page is as clean of version warnings as Binder's."""
    import tomllib

    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    lab = {_name(r): r.partition("==")[2].strip() for r in meta["project"]["optional-dependencies"]["lab"]}
    lines = [line.split("#")[0].strip() for line in REQUIREMENTS.read_text().splitlines()]
    binder = {_name(line): line.partition("==")[2].strip() for line in lines if "==" in line}
    front = {_name(n) for n in FRONT_END}
    assert all(lab.get(n) for n in front), f"the lab extra must pin every front-end package: {lab}"
    assert {n: lab[n] for n in front} == {n: binder[n] for n in front}
