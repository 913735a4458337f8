"""The game's value classes: ``attrs.frozen``, with a ``__repr__``, ``__eq__`` and
``__hash__`` shared by them all.

attrs writes and compiles each class's own ``__repr__``, ``__eq__`` and ``__hash__`` as the
class is made.  The game makes about a hundred classes before its first frame, and
compiling those methods was a fifth of the launch's work over a bare Textual app
(``python bench/tui.py --only launch``).  `frozen` makes the classes as ``attrs.frozen``
does, without them, and gives every class the same three functions, which read the class's
fields (``__attrs_attrs__``, and the getter of its compared fields made once per class):

- `value_repr` writes what attrs's would (``Ship(name='Vixen', hull=3)``): the text seeds
  the easy admiral's slips and names values in test failures, so it must not change.
- `value_eq` and `value_hash` compare and hash as attrs's do: two values are equal when
  they are of the same class and their compared fields (``field(eq=False)`` left out) are
  equal, and equal values hash alike.  A hash is not the same number as attrs's (no
  program may keep one across runs: Python salts the hash of text anyway).

A class that writes its own ``__repr__`` keeps it; one that writes its own ``__eq__`` or
``__hash__``, asks for ``eq`` or caches its hash (``cache_hash=True``: the states a search
hashes again and again) keeps attrs's compiled comparison.  mypy reads ``frozen`` as
``attrs.frozen`` (``tools/mypy_values.py``, the plugin attrs's documentation gives for a
decorator that wraps its own).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
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


def value_eq(self: Any, other: Any) -> Any:
    """``self == other`` as attrs compares: the same class, and equal compared fields."""
    if other.__class__ is not self.__class__:
        return NotImplemented
    key = self.__value_key__
    return key(self) == key(other)


def value_hash(self: Any) -> int:
    """The hash of the class and its compared fields (equal values hash alike)."""
    return hash((self.__class__, self.__value_key__(self)))


def _no_fields(value: Any) -> tuple[()]:
    """The compared fields of a class that compares none."""
    return ()


def _compares_by_key(cls: Any) -> bool:
    """Whether a field of ``cls``, its own or one it inherits, compares by a key
    (``field(eq=callable)``), which the shared ``__eq__`` does not read."""
    inherited = (field for base in cls.__mro__[1:]
                 for field in getattr(base, "__attrs_attrs__", ()))
    return any(getattr(value, "eq_key", None) is not None
               for value in (*vars(cls).values(), *inherited))


@overload
def frozen(maybe_cls: type[T], /) -> type[T]: ...


@overload
def frozen(*, kw_only: bool = ..., cache_hash: bool = ..., eq: bool | None = ...,
           slots: bool = ...) -> Callable[[type[T]], type[T]]: ...


def frozen(maybe_cls: Any = None, /, **options: Any) -> Any:
    """``attrs.frozen`` (with its options), its ``__repr__`` `value_repr` unless it
    writes its own, and its ``__eq__`` and ``__hash__`` `value_eq` and `value_hash` unless
    it writes its own, asks for ``eq`` or ``cache_hash``, or compares a field by a key."""

    def make(cls: Any) -> Any:
        shared = not (options.get("cache_hash") or "eq" in options
                      or "__eq__" in cls.__dict__ or "__hash__" in cls.__dict__
                      or _compares_by_key(cls))
        made = attrs.frozen(cls, repr=False, **({**options, "eq": False} if shared else options))
        if "__repr__" not in cls.__dict__:
            made.__repr__ = value_repr
        if shared:
            names = [field.name for field in attrs.fields(made) if field.eq]
            made.__value_key__ = attrgetter(*names) if names else staticmethod(_no_fields)
            made.__eq__ = value_eq
            made.__hash__ = value_hash
        return made

    return make if maybe_cls is None else make(maybe_cls)
