"""`core.values.frozen`: classes as ``attrs.frozen`` makes them, whose shared repr writes
what attrs's own would (the easy admiral seeds its slips with it), and whose shared
``__eq__`` and ``__hash__`` compare and hash as attrs's do."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import attrs
import pytest

import tui_naval
from tui_naval.core.values import frozen, value_eq, value_hash, value_repr


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


EQ_CASES = [
    ({"name": "Vixen"}, {"name": "Vixen"}),
    ({"name": "Vixen"}, {"name": "Vixen", "hull": 2}),
    ({"name": "Vixen", "marks": (1, 2)}, {"name": "Vixen", "marks": (1, 2)}),
    ({"name": "Vixen", "marks": (1, 2)}, {"name": "Vixen", "marks": (2, 1)}),
    ({"name": "Vixen", "secret": 1}, {"name": "Vixen", "secret": 2}),
    ({"name": "Vixen"}, {"name": "Hart"}),
]


@pytest.mark.parametrize(("left", "right"), EQ_CASES)
def test_the_shared_eq_and_hash_compare_as_attrs_compares(left: dict[str, Any],
                                                          right: dict[str, Any]) -> None:
    plain, ours = twins()
    assert ours.__eq__ is value_eq and ours.__hash__ is value_hash
    expected = plain(**left) == plain(**right)
    assert (ours(**left) == ours(**right)) is expected
    assert (ours(**left) != ours(**right)) is (not expected)
    if expected:
        assert hash(ours(**left)) == hash(ours(**right))


def test_a_field_left_out_of_comparison_is_left_out_of_the_shared_eq_and_hash() -> None:
    @frozen
    class Sighting:
        ship: str
        seen: int = attrs.field(default=0, eq=False)

    assert Sighting("Vixen", 1) == Sighting("Vixen", 2)
    assert hash(Sighting("Vixen", 1)) == hash(Sighting("Vixen", 2))
    assert Sighting("Vixen") != Sighting("Hart")


def test_values_of_other_classes_are_never_equal() -> None:
    @frozen
    class Mark:
        x: int

    @frozen
    class Buoy:
        x: int

    @frozen
    class Lit(Mark):
        pass

    assert Mark(1) != Buoy(1) and Mark(1) != Lit(1) and Mark(1) != (1,) and Mark(1) != 1
    assert Mark(1).__eq__(Buoy(1)) is NotImplemented
    assert len({Mark(1), Buoy(1), Lit(1), Mark(1)}) == 3


def test_classes_of_one_field_and_of_none_compare_and_hash() -> None:
    @frozen
    class One:
        x: tuple[int, ...]

    @frozen
    class Empty:
        pass

    assert One((1,)) == One((1,)) and One((1,)) != One((2,))
    assert hash(One((1,))) == hash(One((1,)))
    assert Empty() == Empty() and hash(Empty()) == hash(Empty())
    assert {Empty(): 1}[Empty()] == 1


def test_a_class_keeps_attrs_comparison_when_it_asks_for_it() -> None:
    """Its own ``__eq__``, the ``eq`` or ``cache_hash`` option, or a field compared by a
    key: attrs's comparison, as ``attrs.frozen`` makes it."""

    @frozen(cache_hash=True)
    class Cached:
        x: int

    @frozen(eq=False)
    class Identity:
        x: int

    @frozen
    class Keyed:
        name: str = attrs.field(eq=str.lower)

    @frozen
    class Own:
        x: int

        def __eq__(self, other: object) -> bool:
            return True

        def __hash__(self) -> int:
            return 0

    for cls in (Cached, Identity, Keyed, Own):
        assert cls.__eq__ is not value_eq
    assert Cached(1) == Cached(1) and hash(Cached(1)) == hash(Cached(1))
    assert Identity(1) != Identity(1)
    assert Keyed("Vixen") == Keyed("VIXEN") and hash(Keyed("Vixen")) == hash(Keyed("VIXEN"))
    assert Own(1) == Own(2)


def frozen_classes() -> dict[str, type[Any]]:
    """Every frozen attrs class the game's modules make, by its full name."""
    found: dict[str, type[Any]] = {}
    for info in pkgutil.walk_packages(tui_naval.__path__, "tui_naval."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if (isinstance(value, type) and value.__module__ == module.__name__
                    and attrs.has(value) and value.__attrs_props__.is_frozen):
                found[f"{module.__name__}.{value.__qualname__}"] = value
    return found


def test_every_value_class_of_the_game_has_the_shared_repr() -> None:
    """No module makes its frozen values with ``attrs.frozen`` itself (their reprs would be
    compiled at launch again); mutable ``attrs.define`` classes keep attrs's."""
    compiled = [name for name, cls in frozen_classes().items()
                if cls.__repr__.__code__.co_filename.startswith("<attrs generated")]
    assert not compiled, compiled


def test_only_values_that_cache_their_hash_or_ask_for_it_compile_their_comparison() -> None:
    """The game's frozen values compare with the shared ``__eq__`` and ``__hash__``, but
    those that cache their hash (a search's states) or set ``eq`` themselves."""
    values = frozen_classes()
    compiled = [name for name, cls in values.items()
                if cls.__attrs_props__.added_eq
                and cls.__attrs_props__.hashability.value != "hashable_cache"]
    assert not compiled, compiled
    assert sum(cls.__eq__ is value_eq for cls in values.values()) > 100
