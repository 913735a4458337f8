"""The game's value classes: ``attrs.frozen``, with one ``__repr__`` shared by them all.

attrs writes and compiles each class's own ``__repr__`` as the class is made.  The game
makes about ninety classes before its first frame, and compiling their reprs was a tenth
of the launch's work over a bare Textual app (``python bench/tui.py --only launch``).
`frozen` makes the classes as ``attrs.frozen`` does, without that method, and gives them
`value_repr`, which writes what attrs's would (``Ship(name='Vixen', hull=3)``): the text
seeds the easy admiral's slips and names values in test failures, so it must not change.

A class that writes its own ``__repr__`` keeps it.  mypy reads ``frozen`` as
``attrs.frozen`` (``tools/mypy_values.py``, the plugin attrs's documentation gives for a
decorator that wraps its own).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, overload

import attrs

T = TypeVar("T")


def value_repr(self: Any) -> str:
    """``Name(field=value, ...)`` over the fields shown in reprs, as attrs writes it (but
    without attrs's guard for a value that holds itself: the game's values never do)."""
    shown = []
    for field in type(self).__attrs_attrs__:
        if field.repr is False:
            continue
        value = getattr(self, field.name, attrs.NOTHING)
        text = repr(value) if field.repr is True else field.repr(value)
        shown.append(f"{field.name}={text}")
    name = type(self).__qualname__.rsplit(">.", 1)[-1]
    return f"{name}({', '.join(shown)})"


@overload
def frozen(maybe_cls: type[T], /) -> type[T]: ...


@overload
def frozen(*, kw_only: bool = ..., cache_hash: bool = ..., eq: bool | None = ...,
           slots: bool = ...) -> Callable[[type[T]], type[T]]: ...


def frozen(maybe_cls: Any = None, /, **options: Any) -> Any:
    """``attrs.frozen`` (with its options), the class's ``__repr__`` `value_repr` unless
    it writes its own."""

    def make(cls: Any) -> Any:
        made = attrs.frozen(cls, repr=False, **options)
        if "__repr__" not in cls.__dict__:
            made.__repr__ = value_repr
        return made

    return make if maybe_cls is None else make(maybe_cls)
