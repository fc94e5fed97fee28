"""Outside its own class, code reads an object through its public API, never ``x._name`` (#18).

Every module under ``furlib/`` except ``furlib/core/`` (the engine, whose
classes share their private state) is parsed with ``ast``; an attribute
``X._name`` (or ``getattr(X, "_name")``) is refused unless ``X`` is ``self``,
``cls`` or ``super()``, the name is a dunder, or it is allowed below with its
reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

FURLIB = Path(__file__).resolve().parents[1] / "furlib"

#: Private-looking names that are public APIs of the standard library or of Jupyter.
ALLOWED_NAMES = {
    "_replace", "_fields", "_asdict", "_make",     # collections.namedtuple's API (the underscore avoids field names)
}
#: IPython's display protocol: ``_repr_html_``, ``_repr_mimebundle_``...
DISPLAY_PROTOCOL = re.compile(r"_repr_\w+_")

#: ``(file, name)`` pairs allowed, with the reason.
ALLOWED = {
    # furlib.testing checks the engine's private contract, the hooks games implement (_secrets says what a
    # seat may not see, _is_legal must agree with legal_actions()), and fingerprints the engine's record
    # (_state, _timeline) in constant time after undo
    ("testing.py", "_secrets"), ("testing.py", "_is_legal"), ("testing.py", "_state"), ("testing.py", "_timeline"),
}


def _receiver_ok(node: ast.expr) -> bool:
    if isinstance(node, ast.Name) and node.id in ("self", "cls"):
        return True
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def private_reads(path: Path, root: Path = FURLIB.parent) -> list[str]:
    """``"file:line: expression"`` of each refused private access in the module at ``path`` (named from ``root``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out = []
    for node in sorted(ast.walk(tree), key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0))):
        if isinstance(node, ast.Attribute):
            obj, name = node.value, node.attr
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) >= 2
              and node.func.id in ("getattr", "hasattr", "setattr", "delattr")
              and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
            obj, name = node.args[0], node.args[1].value          # getattr(x, "_name"): the same read
        else:
            continue
        if not name.startswith("_") or (name.startswith("__") and name.endswith("__")) or name in ALLOWED_NAMES \
                or DISPLAY_PROTOCOL.fullmatch(name):
            continue
        if _receiver_ok(obj) or (str(path.relative_to(root / "furlib")), name) in ALLOWED:
            continue
        out.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node)}")
    return out


def _modules() -> list[Path]:
    return sorted(p for p in FURLIB.rglob("*.py") if p.relative_to(FURLIB).parts[0] != "core")


def test_no_private_reads_outside_their_class():
    modules = _modules()
    assert len(modules) > 20 and any(p.name == "widget.py" for p in modules)
    found = [line for p in modules for line in private_reads(p)]
    assert not found, "private members read from outside their class (use a public property):\n" + "\n".join(found)


def test_the_check_finds_what_it_must(tmp_path):
    (tmp_path / "furlib").mkdir()
    src = tmp_path / "furlib" / "sample.py"
    src.write_text("class A:\n"
                   "    def f(self, game, cls):\n"
                   "        self._ok, cls._ok, super()._ok, game.__class__, game._replace(a=1)\n"
                   "        return game._state['x'], self.game._state, type(self)._cache\n"
                   "    g = getattr(game, '_rng'), getattr(game, 'players'), getattr(self, '_ok', None)\n",
                   encoding="utf-8")
    found = private_reads(src, tmp_path)
    assert found == ["furlib/sample.py:4: game._state", "furlib/sample.py:4: self.game._state",
                     "furlib/sample.py:4: type(self)._cache", "furlib/sample.py:5: getattr(game, '_rng')"]


def test_the_allow_list_has_no_stale_entry():
    stale = [(f, name) for f, name in sorted(ALLOWED) if f".{name}" not in (FURLIB / f).read_text(encoding="utf-8")]
    assert not stale, f"allowed but no longer read, remove them from ALLOWED: {stale}"
