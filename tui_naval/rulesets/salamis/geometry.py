"""Galleys on the grid: exact courses in degrees, moves in inches, where her bow lies.

A galley's course is a compass angle (``ShipBase.course``), finer than the grid's
facings: she may turn 30 or 45 degrees on hexes (60 between facings) and 30 on
squares (45).  She moves along her exact line: each step goes to the neighbour
nearest the point one cell further along it, so the cells she crosses keep to the
line.  A step costs the map's scale in inches, and a square grid's diagonal step
alternately one scale and two (the grid's own 1-2-1-2 count).
"""

from __future__ import annotations

import math
from functools import lru_cache

from tui_naval.core.grid import Cell, Grid, angle_between
from tui_naval.core.values import frozen
from tui_naval.core.wind import COMPASS

#: A neighbour lies at her bow when its bearing is within this of her course.
BOW_ARC = 30.0
_EPS = 1e-6


@frozen
class Step:
    """One cell of a move: where she is after it, on what course, inches used so far."""

    cell: Cell
    course: float
    inches: int


def compass_name(course: float) -> str:
    """The nearest of the eight compass points to a course ("NE")."""
    return COMPASS[round(course / 45.0) % 8]


@lru_cache(maxsize=65536)
def _centre(grid: Grid, cell: Cell) -> tuple[float, float]:
    """A cell's centre (``Grid.center``), kept: a route asks for each neighbour's."""
    return grid.center(cell)


def turned(course: float, degrees: int) -> float:
    """A course turned ``degrees`` clockwise (negative: to port)."""
    return (course + degrees) % 360.0


def _step_cost(grid: Grid, a: Cell, b: Cell, long_diagonal: bool) -> tuple[int, bool]:
    """(cost in scales, next diagonal long) of a step from ``a`` to ``b``."""
    if grid.is_hex or a.col == b.col or a.row == b.row:
        return 1, long_diagonal
    return (2 if long_diagonal else 1), not long_diagonal


def _nearest(grid: Grid, here: Cell, tx: float, ty: float) -> Cell:
    """The neighbour of ``here`` whose centre is nearest the point (tx, ty) (squared
    distances rounded to 9 places, so that a tie goes to the lower cell on any machine)."""
    best: tuple[float, Cell] | None = None
    for facing in range(grid.points):
        cell = grid.neighbour(here, facing)
        cx, cy = _centre(grid, cell)
        key = (round((cx - tx) ** 2 + (cy - ty) ** 2, 9), cell)
        if best is None or key < best:
            best = key
    assert best is not None
    return best[1]


@lru_cache(maxsize=8192)
def route(grid: Grid, start: Cell, course: float, inches: int, scale: int,
          turn: int = 0, turn_at: int = 0) -> tuple[tuple[Step, ...], float]:
    """The cells of a move of ``inches`` from ``start`` on ``course``, turning ``turn``
    degrees once ``turn_at`` inches are rowed (at the end, if the move ends first), and
    her course at its end; obstacles are the caller's to find.  (A pure function of its
    arguments, kept for the moves asked again and again: each step of a move, each
    preview, each plan an advisor weighs.)"""
    x, y = grid.center(start)
    here, used, long = start, 0, False
    steps: list[Step] = []
    done_turn = turn == 0
    while True:
        if not done_turn and used >= turn_at:
            course, done_turn = turned(course, turn), True
        rad = math.radians(course)
        tx, ty = x + math.sin(rad), y - math.cos(rad)
        nxt = _nearest(grid, here, tx, ty)
        cost, next_long = _step_cost(grid, here, nxt, long)
        if used + cost * scale > inches:
            break
        used += cost * scale
        long = next_long
        x, y, here = tx, ty, nxt
        steps.append(Step(here, course, used))
    return tuple(steps), course if done_turn else turned(course, turn)


def off_bow(grid: Grid, cell: Cell, course: float, other: Cell) -> float:
    """The angle between her course and the bearing of ``other`` (0: dead ahead)."""
    return angle_between(grid.direction(cell, other), course)


@lru_cache(maxsize=65536)
def bow_cells(grid: Grid, cell: Cell, course: float) -> frozenset[Cell]:
    """The neighbours within an inch of her bow (within ``BOW_ARC`` of her course), on
    the board or off it: where a ram strikes.  (Kept: the rules and the advisor ask it
    of every galley, every step, and a course is one of a few angles.)"""
    near = (grid.neighbour(cell, f) for f in range(grid.points))
    return frozenset(n for n in near if off_bow(grid, cell, course, n) <= BOW_ARC + _EPS)


def at_bow(grid: Grid, cell: Cell, course: float, other: Cell) -> bool:
    """``other`` is a neighbour within an inch of her bow: where a ram strikes."""
    return other in bow_cells(grid, cell, course)
