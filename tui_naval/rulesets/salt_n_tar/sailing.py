"""Salt'n'Tar's sailing system: bearings, speeds and how a ship makes way.

Pure functions of a ship, its type and the wind, shared by the racing ruleset,
the AI's look-ahead and any ruleset that sails by Salt'n'Tar's rules.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from enum import StrEnum
from functools import cache

from attrs import frozen

from tui_naval.core.grid import Cell, Grid, GridKind
from tui_naval.core.state import Board, Terrain
from tui_naval.core.wind import Wind, angle_off_wind
from tui_naval.rulesets.salt_n_tar.state import Change, Sails, SaltShip
from tui_naval.rulesets.salt_n_tar.tables import Bearing, ShipType, tables


def bearing_of(grid: Grid, wind: Wind, heading: int) -> Bearing:
    """The point of sail of a heading.

    8-point (square) compass: 0 deg head to wind, 45 Beating, 90 Quarter Reaching,
    135 Broad Reaching, 180 Running.  6-point (hex) compass: 0 head to wind,
    60 Beating, 120 Broad Reaching, 180 Running (no heading is abeam).
    """
    return _bearing(grid.kind, wind.direction, heading)


@cache
def _bearing(kind: GridKind, wind_from: int, heading: int) -> Bearing:
    grid = Grid(kind, 1, 1)
    angle = angle_off_wind(grid, Wind(wind_from, 0), heading)
    if angle < 22.5:
        return Bearing.HEAD
    if angle < 67.5:
        return Bearing.BEATING
    if angle < 112.5:
        return Bearing.QUARTER
    if angle < 157.5:
        return Bearing.BROAD
    return Bearing.RUNNING


def wind_speed_for(ship: SaltShip, wind: Wind) -> int:
    """The Wind Speed a ship sails by this turn: the overall speed plus its own luck."""
    return max(0, wind.speed + ship.luck)


class Way(StrEnum):
    """How a ship makes way this turn."""

    SAIL = "sails"
    BACKWARDS = "goes astern"
    GALE = "runs before the gale"
    DRIFT = "drifts"
    BECALMED = "is becalmed"
    ANCHORED = "rides at anchor"


@frozen
class Motion:
    """A ship's movement for one turn before obstacles: direction, inches, and why."""

    way: Way
    direction: int
    inches: int
    wind_speed: int
    bearing: Bearing
    #: Strain marked by sailing this way (sails set in a gale).
    strain: int
    reason: str


def motion(ship: SaltShip, stype: ShipType, grid: Grid, wind: Wind,
           heading: int | None = None, luck: int | None = None) -> Motion:
    """How a ship moves this turn (Movement, Calm, Gale).

    ``heading`` and ``luck`` stand in for the ship's own, for looking ahead.
    """
    limits = tables().limits
    heading = ship.heading if heading is None else heading
    ws = max(0, wind.speed + (ship.luck if luck is None else luck))
    bearing = bearing_of(grid, wind, heading)
    downwind = wind.downwind(grid)

    def drift(reason: str, strain: int = 0) -> Motion:
        if ws <= limits.calm:
            return Motion(Way.BECALMED, downwind, 0, ws, bearing, strain, f"{reason}, calm")
        return Motion(Way.DRIFT, downwind, ws, ws, bearing, strain, f"{reason}, WS {ws}")

    if ship.sails is Sails.ANCHORED:
        if ship.change is Change.ANCHOR:
            return drift("anchor dragging")
        return Motion(Way.ANCHORED, heading, 0, ws, bearing, 0, "at anchor")
    if ship.sails is Sails.FURLED:
        return drift("sails furled")
    if ship.masts <= 0:
        return drift("dismasted")
    if ws <= limits.calm:
        return drift("no wind")
    reefed = ship.sails is Sails.REEFED
    if ws >= limits.gale:
        strain = 0 if reefed else 1
        if bearing is not Bearing.RUNNING:
            return drift(f"gale, {stype.bearing_name(bearing)}", strain)
        run = stype.bn(Bearing.RUNNING)
        inches = ws + run - ship.speed_loss
        reason = f"gale: WS {ws} + BN {run}"
        if ship.speed_loss:
            reason += f' - {ship.speed_loss}"'
        if reefed:
            inches //= 2
            reason += ", reefed /2"
        if inches <= 0:
            return drift("gale, no way left", strain)
        return Motion(Way.GALE, heading, inches, ws, bearing, strain, f'{reason} = {inches}"')
    bn = stype.bn(bearing)
    inches = ws * bn - ship.speed_loss
    reason = f"{stype.bearing_name(bearing)}: WS {ws} x BN {bn}"
    if ship.speed_loss:
        reason += f' - {ship.speed_loss}"'
    if reefed:
        inches //= 2
        reason += ", reefed /2"
    if inches <= 0:
        return drift("no way left")
    if bearing is Bearing.HEAD:
        return Motion(Way.BACKWARDS, grid.opposite(heading), inches, ws, bearing, 0,
                      f'{reason} = {inches}" backwards')
    return Motion(Way.SAIL, heading, inches, ws, bearing, 0, f'{reason} = {inches}"')


def cells_for(carry: int, inches: int, scale: int) -> tuple[int, int]:
    """Whole cells made this turn and the inches carried to the next: (cells, carry)."""
    return divmod(carry + inches, scale)


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
