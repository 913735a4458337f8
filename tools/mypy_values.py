"""mypy plugin: ``tui_naval.core.values.frozen`` is read as ``attrs.frozen`` (fields,
``__init__``, ``attrs.evolve`` and ``attrs.fields`` checked the same).

mypy's attrs support knows attrs's own decorators by name; attrs's documentation
("Extending", "Wrapping the Decorator") asks for a plugin like this one for a decorator
that wraps them.  Named in ``pyproject.toml`` (``[tool.mypy] plugins``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from mypy.plugin import ClassDefContext, Plugin
from mypy.plugins.attrs import attr_class_maker_callback, attr_tag_callback

FROZEN = "tui_naval.core.values.frozen"


class ValuesPlugin(Plugin):
    """Hands the classes ``values.frozen`` makes to mypy's attrs plugin."""

    def get_class_decorator_hook(self, fullname: str) -> Callable[[ClassDefContext], None] | None:
        return attr_tag_callback if fullname == FROZEN else None

    def get_class_decorator_hook_2(
            self, fullname: str) -> Callable[[ClassDefContext], bool] | None:
        if fullname != FROZEN:
            return None
        return partial(attr_class_maker_callback, auto_attribs_default=None,
                       frozen_default=True)


def plugin(version: str) -> type[Plugin]:
    return ValuesPlugin
