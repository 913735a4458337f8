"""Kyngesreach gunnery on a map: which battery bears on a ship, at what band."""

from __future__ import annotations

from attrs import frozen
from hypothesis import given, settings
from hypothesis import strategies as st

from tui_naval.core.grid import Cell, GridKind
from tui_naval.core.maps import load_map
from tui_naval.core.state import Board
from tui_naval.systems.gunnery.kyngesreach.gunnery import Battery
from tui_naval.systems.gunnery.kyngesreach.on_map import (
    band_between,
    bearing_battery,
    bearing_on,
    bears,
    line_clear,
)
from tui_naval.systems.gunnery.kyngesreach.tables import Band

#: A strait with an islet mid-channel: lines of fire that land blocks and that it does not.
BOARDS = {kind: load_map("mow-crossing").board(kind) for kind in GridKind}


@frozen
class Placed:
    cell: Cell
    heading: int


def placed(board: Board) -> st.SearchStrategy[Placed]:
    grid = board.grid
    return st.builds(Placed, st.builds(Cell, st.integers(0, grid.width - 1),
                                       st.integers(0, grid.height - 1)),
                     st.integers(0, grid.points - 1))


def by_the_book(board: Board, ship: Placed, battery: Battery, target: Placed) -> Band | None:
    """In the arc, in range and in sight, tested one by one."""
    if bearing_battery(board.grid, ship, target.cell) is not battery:
        return None
    band = band_between(board.grid, ship.cell, target.cell)
    if band is None or not line_clear(board, ship.cell, target.cell):
        return None
    return band


@settings(derandomize=True, max_examples=300, deadline=None, database=None)
@given(st.data(), st.sampled_from(list(GridKind)))
def test_the_battery_found_once_is_the_one_that_bears(data: st.DataObject,
                                                       kind: GridKind) -> None:
    board = BOARDS[kind]
    ship, target = data.draw(placed(board)), data.draw(placed(board))
    found = bearing_on(board, ship, target)
    for battery in Battery:
        band = by_the_book(board, ship, battery, target)
        assert bears(board, ship, battery, target) == band
        assert (found is not None and found == (battery, band)) == (band is not None)
    assert found is None or by_the_book(board, ship, found[0], target) == found[1]


def test_the_islet_blocks_a_broadside_across_it() -> None:
    board = BOARDS[GridKind.SQUARE]
    west, east = Placed(Cell(12, 8), 0), Placed(Cell(19, 8), 0)
    assert band_between(board.grid, west.cell, east.cell) is not None
    assert bearing_on(board, west, east) is None
    assert bearing_on(board, Placed(Cell(12, 3), 0), Placed(Cell(19, 3), 0)) is not None
