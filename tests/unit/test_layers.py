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
