"""`core.values.frozen`: classes as ``attrs.frozen`` makes them, whose shared repr writes
what attrs's own would (the easy admiral seeds its slips with it)."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import attrs
import pytest

import tui_naval
from tui_naval.core.values import frozen, value_repr


def twins(**options: Any) -> tuple[type[Any], type[Any]]:
    """One class, made by attrs and by `frozen` (the same fields, the same options)."""

    def body() -> dict[str, Any]:
        return {
            "__annotations__": {"name": "str", "hull": "int", "note": "str",
                                "secret": "int", "marks": "tuple[int, ...]"},
            "hull": 3,
            "note": attrs.field(default="", repr=lambda text: f"<{len(text)} letters>"),
            "secret": attrs.field(default=7, repr=False),
            "marks": (),
        }

    return (attrs.frozen(type("Ship", (), body()), **options),
            frozen(**options)(type("Ship", (), body())) if options
            else frozen(type("Ship", (), body())))


@pytest.mark.parametrize("options", [{}, {"kw_only": True}, {"cache_hash": True},
                                     {"eq": False}])
def test_the_shared_repr_writes_what_attrs_writes(options: dict[str, Any]) -> None:
    ours_attrs, ours = twins(**options)
    values: dict[str, Any] = {"name": "Vixen", "hull": 2, "note": "leaky",
                              "marks": (1, 2)}
    expected = repr(ours_attrs(**values))
    assert ours.__repr__ is value_repr
    assert repr(ours(**values)) == expected
    assert expected == "Ship(name='Vixen', hull=2, note=<5 letters>, marks=(1, 2))"


def test_nested_local_and_inherited_values_read_as_attrs_writes_them() -> None:
    @attrs.frozen
    class PlainInner:
        x: int

    @frozen
    class Inner:
        x: int

    @attrs.frozen
    class PlainOuter:
        inner: PlainInner
        names: dict[str, int]

    @frozen
    class Outer:
        inner: Inner
        names: dict[str, int]

    @frozen
    class Deeper(Outer):
        depth: int = 0

    assert repr(Outer(Inner(1), {"a": 1})) == repr(PlainOuter(PlainInner(1), {"a": 1})).replace(
        "PlainOuter", "Outer").replace("PlainInner", "Inner")
    assert repr(Outer(Inner(1), {})) == "Outer(inner=Inner(x=1), names={})"
    assert repr(Deeper(Inner(2), {}, 4)) == "Deeper(inner=Inner(x=2), names={}, depth=4)"


def test_a_class_that_writes_its_own_repr_keeps_it() -> None:
    @frozen
    class Named:
        name: str

        def __repr__(self) -> str:
            return f"<{self.name}>"

    assert repr(Named("Vixen")) == "<Vixen>"


def test_values_stay_frozen_and_compared_by_value() -> None:
    _, ship = twins()
    one, same = ship(name="Vixen"), ship(name="Vixen")
    assert one == same and hash(one) == hash(same)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        one.hull = 4
    assert attrs.evolve(one, hull=4).hull == 4


def test_every_value_class_of_the_game_has_the_shared_repr() -> None:
    """No module makes its frozen values with ``attrs.frozen`` itself (their reprs would be
    compiled at launch again); mutable ``attrs.define`` classes keep attrs's."""
    compiled = []
    for info in pkgutil.walk_packages(tui_naval.__path__, "tui_naval."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if (isinstance(value, type) and value.__module__ == module.__name__
                    and attrs.has(value) and value.__attrs_props__.is_frozen
                    and value.__repr__.__code__.co_filename.startswith("<attrs generated")):
                compiled.append(f"{module.__name__}.{value.__qualname__}")
    assert not compiled, compiled
