"""No class of the TUI grows past 40 methods (issue 59: the match's screen had 80, and
grew back to 44 after it was cut to 40): a class that needs more holds two things, one
of which is a widget, a mode or a module of its own.  Read with ``ast``; a property's
getter and setter are one method."""

from __future__ import annotations

import ast
from pathlib import Path

import tui_naval

TUI = Path(tui_naval.__file__).parent / "tui"
MOST_METHODS = 40


def method_counts(source: str) -> dict[str, int]:
    """Each class of ``source`` (nested ones too) and how many methods it defines."""
    return {node.name: len({item.name for item in node.body
                            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)})
            for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ClassDef)}


def test_no_tui_class_has_over_40_methods() -> None:
    large = {f"{path.relative_to(TUI)}:{name}": count
             for path in sorted(TUI.rglob("*.py"))
             for name, count in method_counts(path.read_text(encoding="utf-8")).items()
             if count > MOST_METHODS}
    assert not large


def test_methods_are_counted_once_each() -> None:
    source = "class A:\n" + "".join(f"    def m{i}(self): ...\n" for i in range(41)) + \
             "    @property\n    def p(self): ...\n    @p.setter\n    def p(self, v): ...\n"
    assert method_counts(source) == {"A": 42}
