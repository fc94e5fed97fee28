"""furlib's modules import each other without circles (every import counts: at the top, inside a function, or
only for type checking), and the core imports no game.

A circle makes a module impossible to read on its own and fragile to change
(which half loads first?). The graph is read from the source with ``ast``.
"""

import ast
from pathlib import Path

import furlib
from furlib.core import registry

ROOT = Path(furlib.__file__).parent


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    modules = {_module(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                mod = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
                targets = [mod] + [f"{mod}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            for t in targets:
                if t in modules and t != name and not name.startswith(t + "."):   # a package's own __init__
                    graph[name].add(t)
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_no_module_circles():
    # (an import of a module's own package, as in ``from . import events``, reads the package's __init__, which
    # hands its modules' names on: it is not counted, see _graph)
    assert _circles(_graph()) == []


def test_the_core_imports_no_game():
    games = {info.package for info in registry.games(demos=True)}    # every registered game's package
    assert {"furlib.furcle", "furlib.furglars", "furlib.poker", "furlib.thieves", "furlib.nim"} <= games
    for name, targets in _graph().items():
        if name.startswith("furlib.core"):
            bad = sorted(t for t in targets if any(t == g or t.startswith(g + ".") for g in games))
            assert not bad, f"{name} imports {bad}"


def test_the_check_finds_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
