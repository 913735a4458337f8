"""Way made on the grid, for any sailing system that counts inches: cells, carry, obstacles.

A move in tabletop inches becomes whole cells at the map's scale, the inches
left over carried to the ship's next move.  On a square grid a diagonal step
costs alternately one scale and two (the 1-2-1-2 count ``Grid.distance`` uses),
the count carried on from move to move, so a long diagonal costs one and a half
cells a step.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from enum import StrEnum

from tui_naval.core.grid import Cell
from tui_naval.core.state import Board, Terrain


def cells_for(carry: int, inches: int, scale: int) -> tuple[int, int]:
    """Whole cells made this turn and the inches carried to the next: (cells, carry)."""
    return divmod(carry + inches, scale)


def way(carry: int, long_diagonal: bool, inches: int, diagonal: bool, scale: int
        ) -> tuple[int, int, bool]:
    """(cells, carry, long_diagonal): the cells ``inches`` and the carried inches make on a
    heading (``diagonal``: a square grid's diagonal); ``long_diagonal``: her next diagonal
    step costs two scales."""
    if not diagonal:
        cells, left = cells_for(carry, inches, scale)
        return cells, left, long_diagonal
    left, cells, long = carry + inches, 0, long_diagonal
    while left >= (cost := 2 * scale if long else scale):
        left -= cost
        cells += 1
        long = not long
    return cells, left, long


class Block(StrEnum):
    """Why a ship could not enter a cell."""

    EDGE = "edge"
    LAND = "land"
    SHOAL = "shoal"
    SHIP = "ship"


def blocked(board: Board, cell: Cell, shallow: bool,
            occupied: AbstractSet[Cell]) -> Block | None:
    """What stops a ship entering ``cell``, if anything."""
    grid = board.grid
    if not (0 <= cell.col < grid.width and 0 <= cell.row < grid.height):
        return Block.EDGE
    terrain = board.terrain[cell.row][cell.col]
    if terrain == Terrain.LAND:
        return Block.LAND
    if terrain == Terrain.SHOAL and not shallow:
        return Block.SHOAL
    if cell in occupied:
        return Block.SHIP
    return None
