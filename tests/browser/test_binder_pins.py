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
