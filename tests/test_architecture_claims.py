"""docs/architecture.md's figures and names are the code's: a limit it states is a constant of that value,
a module it names exists, and the core's files are as short as it says (the page was found 9 claims in 17
stale once; these keep its checkable claims true)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def _constants() -> dict[str, set[int]]:
    """Every whole-number constant ``NAME = <literal>`` (module or class level) in furlib, by name."""
    found: dict[str, set[int]] = {}
    for path in (ROOT / "furlib").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value_node = node.targets[0], node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:    # CHECKPOINT_EVERY: ClassVar[int] = 16
                target, value_node = node.target, node.value
            else:
                continue
            if not isinstance(target, ast.Name):
                continue
            try:
                value = ast.literal_eval(value_node)
            except ValueError:
                continue
            if type(value) is int:
                found.setdefault(target.id, set()).add(value)
    return found


#: "`MAX_KEPT` (64" or "`MAX_NAME_CHARS` (24 characters": a named limit and the value the page gives it
CLAIM = re.compile(r"`([A-Z][A-Z0-9_]+)`,? \(?(\d[\d,]*)(?![\d,]*\s*\*)")


def test_the_page_states_limits():
    # the pattern reads the page's claims at all: the limits table alone holds more than ten
    assert len(CLAIM.findall(DOC)) > 20


@pytest.mark.parametrize("name,value", sorted(set(CLAIM.findall(DOC))))
def test_every_limit_the_page_states_is_a_constant_of_that_value(name, value):
    number = int(value.rstrip(",").replace(",", ""))
    defined = _CONSTANTS.get(name)
    assert defined, f"architecture.md names {name}, which furlib does not define"
    assert number in defined, f"architecture.md gives {name} as {number:,}; furlib defines it as {sorted(defined)}"


_CONSTANTS = _constants()


#: the modules the page names, e.g. "`core/engine/play.py`"
MODULES = sorted(set(re.findall(r"`((?:core|furcle|furglars|poker|thieves|classroom|bridges)/[a-z_/]+\.py)`", DOC)))


def test_the_page_names_modules():
    # the pattern reads the page's module names at all (an empty list would skip the test below, not fail it)
    assert len(MODULES) > 5


@pytest.mark.parametrize("path", MODULES)
def test_every_module_the_page_names_exists(path):
    assert (ROOT / "furlib" / path).is_file(), f"architecture.md names furlib/{path}, which does not exist"


def test_no_module_of_the_core_is_over_400_lines():
    assert "No module of the core is over 400 lines" in DOC
    long = {str(p.relative_to(ROOT)): n for p in (ROOT / "furlib" / "core").rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert long == {}


def test_the_digests_cover_the_games_the_page_says():
    match = re.search(r"views of ([\d,]+) seeded games", DOC)
    assert match, "architecture.md no longer says how many games the digests cover"
    source = (ROOT / "tests" / "engine" / "test_digests.py").read_text(encoding="utf-8")
    assert f"{match.group(1)} seeded games" in source
