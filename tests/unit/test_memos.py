"""The suite's hygiene: the package's memo caches, emptied after each test module, are
found (the geometry caches that grow with every map), and its lazily made singletons
are kept."""

from __future__ import annotations

from typing import Any

from tui_naval.core import grid, state
from tui_naval.core.saves import get_converter
from tui_naval.rulesets import registry
from tui_naval.systems.gunnery.ships_and_sails import armament
from tui_naval.systems.sailing.salt_n_tar.tables import tables


def test_the_caches_that_grow_with_the_maps_are_emptied(memos: list[Any]) -> None:
    for cache in (grid._neighbour, armament._arc, state.line_clear):
        assert cache in memos


def test_singletons_made_on_first_use_are_kept(memos: list[Any]) -> None:
    for made_once in (registry, tables, get_converter):
        assert made_once not in memos


def test_each_found_cache_empties(memos: list[Any]) -> None:
    grid._neighbour(grid.GridKind.SQUARE, grid.Cell(1, 1), 0)
    assert grid._neighbour.cache_info().currsize > 0
    for cache in memos:
        cache.cache_clear()
    assert all(cache.cache_info().currsize == 0 for cache in memos)
