"""The layers hold: a module imports only its own layer and those below it, never one
above, not even inside a function (read from every module's source with ``ast``).

Lowest first: the core; the systems; the rulesets; the AI and the voyage; the app layer
(what every way of playing shares); the Textual views; the server; the command line.
Only the program's entry (``__main__``) stands on the command line."""

from __future__ import annotations

import ast
from pathlib import Path

import tui_naval

PACKAGE = Path(tui_naval.__file__).parent

#: The layers, lowest first; a layer may hold several top-level packages.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"core"}),
    frozenset({"systems"}),
    frozenset({"rulesets"}),
    frozenset({"ai", "voyage"}),
    frozenset({"app"}),
    frozenset({"tui"}),
    frozenset({"serve"}),
    frozenset({"cli", "__main__"}),
)


def layer(module: str) -> int | None:
    """The layer of a module of the package (None: not one of it)."""
    parts = module.split(".")
    if parts[0] != "tui_naval" or len(parts) < 2:
        return None
    for number, names in enumerate(LAYERS):
        if parts[1] in names:
            return number
    raise AssertionError(f"{module} belongs to no layer: place it in LAYERS")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[str, int]]:
    """Every module ``path`` imports, anywhere in it (top level, functions, under
    ``TYPE_CHECKING``), with its line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, node.lineno))
    return found


def test_every_module_is_in_a_layer() -> None:
    for path in PACKAGE.rglob("*.py"):
        layer(module_name(path))


def test_no_import_runs_upward() -> None:
    upward = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = module_name(path)
        own = layer(name)
        if own is None:
            continue
        for imported, line in imports(path):
            other = layer(imported)
            if other is not None and other > own:
                upward.append(f"{path.relative_to(PACKAGE.parent)}:{line} {name} -> {imported}")
    assert upward == [], "imports that run upward:\n" + "\n".join(upward)


def test_the_layer_test_sees_an_upward_import(tmp_path: Path) -> None:
    """(The test itself: a function-level import of the TUI from the core is caught.)"""
    source = tmp_path / "probe.py"
    source.write_text("def f():\n    from tui_naval.tui.app import NavalApp\n")
    assert [layer(m) for m, _ in imports(source)] == [layer("tui_naval.tui.app")]
    assert layer("tui_naval.tui.app") > layer("tui_naval.core.state")  # type: ignore[operator]


def import_graph() -> dict[str, set[str]]:
    """Each module and the package's modules it imports at run time, at the top or in a
    function (not those under ``TYPE_CHECKING``, which never run)."""
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(sub) for node in ast.walk(tree) if isinstance(node, ast.If)
                       and "TYPE_CHECKING" in ast.unparse(node.test) for sub in ast.walk(node)}
        found: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                wanted = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                wanted = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            else:
                continue
            found.update(r for w in wanted if (r := resolve(w)) is not None and r != name)
        graph[name] = found
    return graph


def cycle_in(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of ``graph`` (its modules in order, the first again at the end), or []."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str]:
        path.append(node)
        on_path.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt in on_path:
                return [*path[path.index(nxt):], nxt]
            if nxt not in done:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        on_path.discard(node)
        done.add(node)
        return []

    for start in sorted(graph):
        if start not in done:
            found = visit(start)
            if found:
                return found
    return []


def test_no_import_cycle_even_inside_functions() -> None:
    """No module needs an import put off into a function to break a cycle: counting the
    imports in functions too, the package's imports form no cycle.  (Imports in functions
    that remain are there to be lazy: a launch imports what it shows.)"""
    assert cycle_in(import_graph()) == []


def test_the_cycle_test_sees_a_cycle() -> None:
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b"}, "b": set()}) == []
