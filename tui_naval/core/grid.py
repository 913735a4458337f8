"""Hex (flat- and pointy-top) and square grids: cells, facings, distance, lines.

Cells are offset coordinates ``Cell(col, row)`` as a map file is written: column
0 at the left, row 0 at the top.  Flat-top hexes use "odd-q" (odd columns sit half
a cell lower), pointy-top hexes "odd-r" (odd rows sit half a cell to the right).

A *facing* is an index into the grid's compass, counted clockwise: six points on
a hex grid, eight on a square grid.  Angles are compass degrees: 0 is North, 90
is East.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from enum import StrEnum
from functools import cache, lru_cache
from typing import NamedTuple

from tui_naval.core.values import frozen


class GridKind(StrEnum):
    """The three grid geometries."""

    HEX_FLAT = "hex-flat"
    HEX_POINTY = "hex-pointy"
    SQUARE = "square"


class Cell(NamedTuple):
    """A cell in offset coordinates."""

    col: int
    row: int

    def __str__(self) -> str:
        return f"{self.col},{self.row}"


# Compass names of each grid's facings, clockwise.
FACING_NAMES: dict[GridKind, tuple[str, ...]] = {
    GridKind.HEX_FLAT: ("N", "NE", "SE", "S", "SW", "NW"),
    GridKind.HEX_POINTY: ("NE", "E", "SE", "SW", "W", "NW"),
    GridKind.SQUARE: ("N", "NE", "E", "SE", "S", "SW", "W", "NW"),
}

_COMPASS_ANGLE = {
    "N": 0.0, "NE": 45.0, "E": 90.0, "SE": 135.0,
    "S": 180.0, "SW": 225.0, "W": 270.0, "NW": 315.0,
}

# Axial (q, r) steps of each facing on the two hex orientations.
_AXIAL_STEPS: dict[GridKind, tuple[tuple[int, int], ...]] = {
    GridKind.HEX_FLAT: ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)),
    GridKind.HEX_POINTY: ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)),
}
_SQUARE_STEPS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))

_SQRT3 = math.sqrt(3.0)


def angle_between(a: float, b: float) -> float:
    """Smallest angle in degrees (0..180) between two compass angles."""
    d = abs(a - b) % 360.0
    return min(d, 360.0 - d)


@frozen(cache_hash=True)
class Grid:
    """A rectangular board of ``width`` x ``height`` cells of one geometry."""

    kind: GridKind
    width: int
    height: int

    # -- facings -------------------------------------------------------------
    @property
    def points(self) -> int:
        """Number of compass points: 6 on hexes, 8 on squares."""
        return 8 if self.kind is GridKind.SQUARE else 6

    @property
    def is_hex(self) -> bool:
        return self.kind is not GridKind.SQUARE

    def facing_names(self) -> tuple[str, ...]:
        return FACING_NAMES[self.kind]

    def facing_name(self, facing: int) -> str:
        return FACING_NAMES[self.kind][facing % self.points]

    def facing_angle(self, facing: int) -> float:
        """Compass angle of a facing."""
        step = 360.0 / self.points
        offset = 30.0 if self.kind is GridKind.HEX_POINTY else 0.0
        return (offset + (facing % self.points) * step) % 360.0

    def parse_facing(self, name: str) -> int:
        """Facing index for a compass name; a name this grid lacks takes the nearest facing.

        Raises ValueError for a name that is no compass point at all.
        """
        key = name.strip().upper()
        names = FACING_NAMES[self.kind]
        if key in names:
            return names.index(key)
        if key not in _COMPASS_ANGLE:
            raise ValueError(f"unknown direction {name!r} (use one of {' '.join(_COMPASS_ANGLE)})")
        return self.nearest_facing(_COMPASS_ANGLE[key])

    def nearest_facing(self, angle: float) -> int:
        """The facing closest to a compass angle (ties go to the lower index)."""
        return _nearest_facing(self.kind, angle)

    def turn(self, facing: int, points: int) -> int:
        """Facing after turning ``points`` clockwise (negative: counter-clockwise)."""
        return (facing + points) % self.points

    def opposite(self, facing: int) -> int:
        return (facing + self.points // 2) % self.points

    def points_between(self, a: int, b: int) -> int:
        """Smallest number of compass points between two facings."""
        d = (a - b) % self.points
        return min(d, self.points - d)

    # -- cells ---------------------------------------------------------------
    def in_bounds(self, cell: Cell) -> bool:
        return 0 <= cell.col < self.width and 0 <= cell.row < self.height

    def cells(self) -> Iterator[Cell]:
        for row in range(self.height):
            for col in range(self.width):
                yield Cell(col, row)

    def to_axial(self, cell: Cell) -> tuple[int, int]:
        """Axial coordinates of a hex cell (identity on squares)."""
        col, row = cell
        if self.kind is GridKind.HEX_FLAT:
            return col, row - (col - (col & 1)) // 2
        if self.kind is GridKind.HEX_POINTY:
            return col - (row - (row & 1)) // 2, row
        return col, row

    def from_axial(self, q: int, r: int) -> Cell:
        if self.kind is GridKind.HEX_FLAT:
            return Cell(q, r + (q - (q & 1)) // 2)
        if self.kind is GridKind.HEX_POINTY:
            return Cell(q + (r - (r & 1)) // 2, r)
        return Cell(q, r)

    def neighbour(self, cell: Cell, facing: int) -> Cell:
        """The adjacent cell in a facing's direction (may be off the board)."""
        return _neighbour(self.kind, cell, facing % self.points)

    def neighbours(self, cell: Cell) -> list[Cell]:
        """On-board neighbours in facing order."""
        out = (self.neighbour(cell, f) for f in range(self.points))
        return [c for c in out if self.in_bounds(c)]

    def steps(self, a: Cell, b: Cell) -> int:
        """Moves from neighbour to neighbour between two cells (on squares a diagonal move
        is one: Chebyshev)."""
        if self.kind is GridKind.SQUARE:
            return max(abs(a.col - b.col), abs(a.row - b.row))
        return self.distance(a, b)

    def distance(self, a: Cell, b: Cell) -> int:
        """The distance between two cells, in cells, for ranges and reach.

        On hexes, the steps between them.  On squares a diagonal counts one and a half:
        alternately 1 and 2 (the 1-2-1-2 count), so a diagonal line is about as long as
        it looks (1.5 against the true 1.41) instead of 41% shorter.
        """
        (ac, ar), (bc, br) = a, b
        kind = self.kind
        if kind is GridKind.SQUARE:
            dx, dy = abs(ac - bc), abs(ar - br)
            return max(dx, dy) + min(dx, dy) // 2
        # The axial difference (``to_axial`` written out: the search asks this millions
        # of times a game).
        if kind is GridKind.HEX_FLAT:
            dq, dr = ac - bc, ar - (ac - (ac & 1)) // 2 - br + (bc - (bc & 1)) // 2
        else:
            dq, dr = ac - (ar - (ar & 1)) // 2 - bc + (br - (br & 1)) // 2, ar - br
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def is_diagonal(self, facing: int) -> bool:
        """Whether a facing steps diagonally (a square grid's NE, SE, SW and NW)."""
        return self.kind is GridKind.SQUARE and facing % 2 == 1

    def center(self, cell: Cell) -> tuple[float, float]:
        """Cartesian centre of a cell, y growing southwards, one cell across."""
        if self.kind is GridKind.SQUARE:
            return float(cell.col), float(cell.row)
        q, r = self.to_axial(cell)
        if self.kind is GridKind.HEX_FLAT:
            return 1.5 * q / _SQRT3, r + q / 2.0
        return q + r / 2.0, 1.5 * r / _SQRT3

    def direction(self, a: Cell, b: Cell) -> float:
        """Compass angle from the centre of ``a`` to the centre of ``b``."""
        ax, ay = self.center(a)
        bx, by = self.center(b)
        return math.degrees(math.atan2(bx - ax, ay - by)) % 360.0

    def euclid(self, a: Cell, b: Cell) -> float:
        """Straight-line distance between cell centres, in cells."""
        ax, ay = self.center(a)
        bx, by = self.center(b)
        return math.hypot(bx - ax, by - ay)

    def line(self, a: Cell, b: Cell) -> list[Cell]:
        """Cells on the straight line from ``a`` to ``b``, both included."""
        n = self.steps(a, b)
        if n == 0:
            return [a]
        if self.kind is GridKind.SQUARE:
            return [
                Cell(round(a.col + (b.col - a.col) * i / n + 1e-9),
                     round(a.row + (b.row - a.row) * i / n + 1e-9))
                for i in range(n + 1)
            ]
        aq, ar = self.to_axial(a)
        bq, br = self.to_axial(b)
        out = []
        for i in range(n + 1):
            t = i / n
            q = aq + (bq - aq) * t + 1e-6
            r = ar + (br - ar) * t + 2e-6
            out.append(self.from_axial(*_cube_round(q, r)))
        return out

    def ray(self, start: Cell, facing: int, steps: int) -> list[Cell]:
        """The ``steps`` cells met going straight from ``start`` along a facing."""
        out = []
        cell = start
        for _ in range(steps):
            cell = self.neighbour(cell, facing)
            out.append(cell)
        return out

    def edge_of(self, cell: Cell) -> str | None:
        """Which board edge (N, E, S, W) an off-board cell lies beyond, if any."""
        if cell.row < 0:
            return "N"
        if cell.row >= self.height:
            return "S"
        if cell.col < 0:
            return "W"
        if cell.col >= self.width:
            return "E"
        return None


@cache
def _neighbour(kind: GridKind, cell: Cell, facing: int) -> Cell:
    if kind is GridKind.SQUARE:
        dc, dr = _SQUARE_STEPS[facing]
        return Cell(cell.col + dc, cell.row + dr)
    grid = Grid(kind, 0, 0)
    q, r = grid.to_axial(cell)
    dq, dr = _AXIAL_STEPS[kind][facing]
    return grid.from_axial(q + dq, r + dr)


@lru_cache(maxsize=4096)
def _nearest_facing(kind: GridKind, angle: float) -> int:
    grid = Grid(kind, 0, 0)
    return min(range(grid.points),
               key=lambda f: (angle_between(grid.facing_angle(f), angle), f))


def _cube_round(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rq, rr
