"""pyproject.toml uses the current metadata forms (the license table stops building in 2027)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_license_is_an_spdx_expression_with_its_file():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["license"] == "MIT"
    assert meta["project"]["license-files"] == ["LICENSE"] and (ROOT / "LICENSE").is_file()
    assert "setuptools>=77" in meta["build-system"]["requires"]   # the first release that reads both


def test_every_game_package_is_packaged():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["tool"]["setuptools"]["packages"]["find"]["include"] == ["furlib*"]
