"""Where the squadrons stand on the map: the range band drawn as a distance.

Kyngesreach has no movement: a battle's position is its range band.  To show
it, the two squadrons keep the formation of their map slots ("homes") and slide
along the line between their centres until the centres are the band's distance
apart (tables.toml ``bands.*.cells``).  Each ship then lies broadside on to the
enemy with its engaged battery towards them.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Sequence
from functools import lru_cache

from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.core.state import Board
from tui_naval.systems.gunnery.kyngesreach.gunnery import Battery

_SQRT3 = math.sqrt(3.0)


def _round(v: float) -> int:
    return math.floor(v + 0.5 + 1e-9)


def cell_at(grid: Grid, x: float, y: float) -> Cell:
    """The cell whose centre is nearest the point (``Grid.center``'s coordinates)."""
    if grid.kind is GridKind.SQUARE:
        return Cell(_round(x), _round(y))
    if grid.kind is GridKind.HEX_FLAT:
        q = x * _SQRT3 / 1.5
        r = y - q / 2.0
    else:
        r = y * _SQRT3 / 1.5
        q = x - r / 2.0
    s = -q - r
    rq, rr, rs = _round(q), _round(r), _round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return grid.from_axial(rq, rr)


def _centroid(grid: Grid, cells: Sequence[Cell]) -> tuple[float, float]:
    points = [grid.center(c) for c in cells]
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def axis(grid: Grid, homes_a: Sequence[Cell], homes_b: Sequence[Cell]
         ) -> tuple[float, float, float]:
    """(unit x, unit y, distance) from squadron A's centre to squadron B's."""
    ax, ay = _centroid(grid, homes_a)
    bx, by = _centroid(grid, homes_b)
    d = math.hypot(bx - ax, by - ay)
    if d < 1e-9:
        return 1.0, 0.0, 0.0
    return (bx - ax) / d, (by - ay) / d, d


def nearest_band_distance(distance: float, cells: Iterable[int]) -> int:
    """The band distance closest to ``distance`` (ties: the farther)."""
    return min(cells, key=lambda c: (abs(c - distance), -c))


def free_cell(board: Board, want: Cell, taken: set[Cell]) -> Cell:
    """``want`` if it is open sea and free, else the nearest such cell."""
    grid = board.grid
    start = Cell(min(max(want.col, 0), grid.width - 1), min(max(want.row, 0), grid.height - 1))
    seen = {start}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if board.is_sea(cell) and cell not in taken:
            return cell
        for nxt in grid.neighbours(cell):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return start


def place(board: Board, line: tuple[float, float, float], homes_a: Sequence[Cell],
          homes_b: Sequence[Cell], cells: int, fixed: Iterable[Cell] = ()
          ) -> tuple[list[Cell], list[Cell]]:
    """Cells for the ships of squadrons A and B (by their homes) at band distance ``cells``.

    ``line`` is ``axis()`` of the full squadrons' homes.  A moves back half the
    change (rounded down) and B the rest, so on a line of cells (a row of squares
    or pointy hexes, a column of flat hexes) the centres end exactly ``cells``
    apart.  ``fixed`` cells (ships that keep their place) are avoided.
    """
    grid = board.grid
    ux, uy, d0 = line
    change = cells - d0
    back = math.floor(change / 2 + 1e-9)
    fwd = change - back
    taken = set(fixed)
    out_a: list[Cell] = []
    out_b: list[Cell] = []
    for homes, shift, out in ((homes_a, -back, out_a), (homes_b, fwd, out_b)):
        for home in homes:
            x, y = grid.center(home)
            cell = free_cell(board, cell_at(grid, x + ux * shift, y + uy * shift), taken)
            taken.add(cell)
            out.append(cell)
    return out_a, out_b


@lru_cache(maxsize=1024)
def broadside_heading(grid: Grid, towards: tuple[float, float], battery: Battery) -> int:
    """The facing that puts ``battery`` towards the unit vector ``towards``."""
    bearing = math.degrees(math.atan2(towards[0], -towards[1])) % 360.0
    turn = -90.0 if battery is Battery.STARBOARD else 90.0
    return grid.nearest_facing((bearing + turn) % 360.0)
