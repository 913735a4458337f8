"""Kyngesreach gunnery on a map: firing arcs, the range band as cells, the line of fire.

Kyngesreach itself has no map (its position is the range band); a ruleset that
sails its ships on one measures the band from the cells between them and lets a
battery bear only inside its arc (``tables.toml``'s ``[on_the_map]``, adapted).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Protocol

from tui_naval.core.grid import Cell, Grid
from tui_naval.core.state import Board, line_clear
from tui_naval.systems.gunnery.kyngesreach.gunnery import Battery, band_for_cells
from tui_naval.systems.gunnery.kyngesreach.tables import Band, tables


class Placed(Protocol):
    """A ship on the map: her cell and heading."""

    @property
    def cell(self) -> Cell: ...
    @property
    def heading(self) -> int: ...


def relative_bearing(grid: Grid, ship: Placed, cell: Cell) -> float:
    """Degrees clockwise from the ship's bow to ``cell`` (0 dead ahead, 90 abeam to starboard)."""
    rel = (grid.direction(ship.cell, cell) - grid.facing_angle(ship.heading)) % 360.0
    return round(rel, 6) % 360.0


def bearing_battery(grid: Grid, ship: Placed, cell: Cell) -> Battery | None:
    """The battery whose arc holds ``cell``, if any."""
    arc_from, arc_to = tables().arc
    rel = relative_bearing(grid, ship, cell)
    if arc_from <= rel <= arc_to:
        return Battery.STARBOARD
    if arc_from <= 360.0 - rel <= arc_to:
        return Battery.PORT
    return None


def facing_battery(grid: Grid, target: Placed, shooter: Cell) -> Battery:
    """The target's battery on the side the shot comes from (cannon hits fall on it)."""
    rel = relative_bearing(grid, target, shooter)
    return Battery.STARBOARD if rel < 180.0 else Battery.PORT


def band_between(grid: Grid, a: Cell, b: Cell) -> Band | None:
    """The range band of the map distance (grid steps) between two cells; None: out of range."""
    return band_for_cells(grid.distance(a, b))


class At(NamedTuple):
    """A place and heading on the map (a ``Placed`` without the ship)."""

    cell: Cell
    heading: int


def bearing_on(board: Board, ship: Placed, target: Placed) -> tuple[Battery, Band] | None:
    """The battery that bears on ``target`` and the band it bears at (None: out of every
    arc, out of range or out of sight)."""
    return _bearing_from(board, At(ship.cell, ship.heading), target.cell)


@lru_cache(maxsize=2048)
def _bearing_from(board: Board, at: At, cell: Cell) -> tuple[Battery, Band] | None:
    """``bearing_on`` from ``at`` to ``cell``, kept: the helm weighs the same places
    against the same enemies in rollout after rollout."""
    grid = board.grid
    band = band_between(grid, at.cell, cell)
    if band is None:
        return None
    battery = bearing_battery(grid, at, cell)
    if battery is None or not line_clear(board, at.cell, cell):
        return None
    return battery, band


def bears(board: Board, ship: Placed, battery: Battery, target: Placed) -> Band | None:
    """The band at which ``battery`` bears on ``target`` (None: out of arc, range or sight)."""
    found = bearing_on(board, ship, target)
    return found[1] if found is not None and found[0] is battery else None
