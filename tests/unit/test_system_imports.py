"""Within the lower layers, parts that must not know each other do not (``test_layers``
checks the layers themselves), read from the source's import statements: the core
imports only the core, the systems no ruleset and no front end, and the wind gauge
(initiative) and the goals no gunnery and no sailing: the gunnery hands the gauge its
crews instead."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tui_naval

PACKAGE = Path(tui_naval.__file__).parent


def imports(folder: Path) -> dict[str, set[str]]:
    """Each module file under ``folder`` and the ``tui_naval`` modules it imports
    (anywhere in it: at the top, in a function, under ``TYPE_CHECKING``)."""
    out: dict[str, set[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
        out[str(path.relative_to(folder))] = {
            n for n in names if n == "tui_naval" or n.startswith("tui_naval.")}
    return out


def offending(folder: Path, allowed: tuple[str, ...], barred: tuple[str, ...] = ()
              ) -> dict[str, list[str]]:
    """Modules under ``folder`` importing a ``tui_naval`` module outside ``allowed`` (or
    inside ``barred``)."""
    bad = {}
    for module, names in imports(folder).items():
        wrong = sorted(n for n in names
                       if not any(n == a or n.startswith(a + ".") for a in allowed)
                       or any(n == b or n.startswith(b + ".") for b in barred))
        if wrong:
            bad[module] = wrong
    return bad


def test_the_core_imports_only_the_core() -> None:
    assert offending(PACKAGE / "core", ("tui_naval.core",)) == {}


@pytest.mark.parametrize("system", ["initiative", "goals"])
def test_initiative_and_goals_import_no_gunnery_and_no_sailing(system: str) -> None:
    """The wind gauge reads the crews through what it declares (``Crews``): the gunnery
    the ships carry hands them in."""
    assert offending(PACKAGE / "systems" / system, ("tui_naval.core", "tui_naval.systems"),
                     barred=("tui_naval.systems.gunnery", "tui_naval.systems.sailing")) == {}


def test_the_systems_import_no_ruleset_and_no_front_end() -> None:
    assert offending(PACKAGE / "systems", ("tui_naval.core", "tui_naval.systems")) == {}


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def f():\n    from tui_naval.rulesets import registry\n")
    (tmp_path / "b.py").write_text("import tui_naval.core.maps\n")
    found = imports(tmp_path)
    assert [sorted(v) for v in found.values()] == [
        ["tui_naval.rulesets", "tui_naval.rulesets.registry"], ["tui_naval.core.maps"]]
