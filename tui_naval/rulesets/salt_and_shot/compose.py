"""Where Salt'n'Tar sailing meets Kyngesreach gunnery.

- ``pairing`` / ``sailing_view``: a ship's class is a pairing of a Salt'n'Tar
  type and a Kyngesreach class; the sailing code is handed a view of the ship
  whose ``kind`` is her sailing type.
- ``sync`` / ``with_gunnery``: gunnery damage in sailing terms.  Sail HP lost
  and a flooding hull take inches off all speed (like Salt'n'Tar's ongoing
  losses), fallen masts take sailing masts, crew readiness is the crew.
- ``sas_motion``: Salt'n'Tar's ``motion`` plus what only gunnery knows: a ship
  with all her sail HP gone, or without a foremast on an upwind bearing, drifts.
- ``turns_allowed``: steering damage limits the changes of direction.
- ``bearing_battery`` / ``band_between`` / ``line_clear`` / ``bears``: the
  firing arcs and the range band, measured on the map.
"""

from __future__ import annotations

from attrs import evolve

from tui_naval.core.grid import Cell, Grid
from tui_naval.core.state import Board, Terrain
from tui_naval.core.wind import Wind
from tui_naval.rulesets.kyngesreach import gunnery as gun
from tui_naval.rulesets.kyngesreach.gunnery import Battery, Gunnery
from tui_naval.rulesets.kyngesreach.tables import MASTS, Band, Mast
from tui_naval.rulesets.kyngesreach.tables import tables as gunnery_tables
from tui_naval.rulesets.salt_and_shot.state import SasShip
from tui_naval.rulesets.salt_and_shot.tables import Pairing, tables
from tui_naval.rulesets.salt_n_tar.sailing import Motion, Way, motion
from tui_naval.rulesets.salt_n_tar.tables import Bearing


def pairing(ship: SasShip) -> Pairing:
    return tables().classes[ship.kind]


def sailing_view(ship: SasShip) -> SasShip:
    """The ship as the Salt'n'Tar ruleset's code expects her: ``kind`` is her sailing type."""
    return evolve(ship, kind=pairing(ship).sailing)


# -- damage in sailing terms -------------------------------------------------------------

def sail_inches(g: Gunnery) -> int:
    """Inches off all speed for the share of sail HP lost (0 when immobilised: she drifts)."""
    total = g.info.sail_hp
    lost = total - g.sail_hp
    inches = 0
    for pct, loss in tables().sail_loss:
        if lost * 100 >= pct * total:
            inches = loss
    return inches


def hull_inches(g: Gunnery) -> int:
    """Inches off all speed for a flooding hull (HIP below the table's shares)."""
    total = g.info.hip
    inches = 0
    for pct, loss in tables().hull_loss:
        if g.hip * 100 < pct * total:
            inches = max(inches, loss)
    return inches


def masts_shot(base: int, lost: int) -> int:
    """Sailing masts lost to ``lost`` fallen Kyngesreach masts, for a type of ``base`` masts.

    The first 3 - ``base`` masts to fall cost her no sailing mast (a one-masted
    sloop keeps her mast until all three are down): she loses the last when all
    three are gone (Kyngesreach's total dismasting: adrift).
    """
    return min(base, max(0, lost - (len(MASTS) - base)))


def sync(ship: SasShip) -> SasShip:
    """Bring the sailing figures in line with the gunnery state."""
    g = ship.gunnery
    loss = sail_inches(g) + hull_inches(g)
    shot = masts_shot(pairing(ship).stype.masts, len(g.masts_lost))
    return evolve(ship,
                  speed_loss=ship.speed_loss - ship.damage_loss + loss, damage_loss=loss,
                  masts=max(0, ship.masts - (shot - ship.masts_shot)), masts_shot=shot,
                  crew=g.readiness, afloat=ship.afloat and not g.sunk)


def with_gunnery(ship: SasShip, g: Gunnery) -> SasShip:
    return sync(evolve(ship, gunnery=g))


def with_crew_loss(before: SasShip, after: SasShip) -> SasShip:
    """After a Salt'n'Tar step: crew it lost (deck's awash) comes off the crew readiness."""
    lost = before.crew - after.crew
    if lost <= 0:
        return after
    g = after.gunnery
    return with_gunnery(after, evolve(g, readiness=max(0, g.readiness - lost)))


def in_play(ship: SasShip) -> bool:
    """Afloat, fighting (not sinking, not struck) and not sinking from Strain."""
    return ship.afloat and ship.gunnery.in_action and not ship.sinking


# -- sailing -----------------------------------------------------------------------------

def sas_motion(ship: SasShip, grid: Grid, wind: Wind, heading: int | None = None,
               luck: int | None = None) -> Motion:
    """Salt'n'Tar's ``motion`` for the ship, with the gunnery's limits on top."""
    move = motion(ship, pairing(ship).stype, grid, wind, heading=heading, luck=luck)
    if move.way not in (Way.SAIL, Way.BACKWARDS, Way.GALE):
        return move
    g = ship.gunnery
    if g.immobilised:
        why = "sails shot away"
    elif g.mast_down(Mast.FORE) and move.bearing in (Bearing.HEAD, Bearing.BEATING):
        why = "no foremast, she cannot sail upwind"
    else:
        return move
    ws = move.wind_speed
    return Motion(Way.DRIFT, wind.downwind(grid), ws, ws, move.bearing, 0, f"{why}, WS {ws}")


def turns_allowed(ship: SasShip) -> int:
    """Changes of direction a turn: 2 (the second marks Strain), 1 with steering damage,
    0 once the rudder is shot away."""
    steering = ship.gunnery.steering
    if steering >= gunnery_tables().steering_max:
        return 0
    if steering >= tables().one_turn_from:
        return 1
    return 2


# -- arcs and range ----------------------------------------------------------------------

def relative_bearing(grid: Grid, ship: SasShip, cell: Cell) -> float:
    """Degrees clockwise from the ship's bow to ``cell`` (0 dead ahead, 90 abeam to starboard)."""
    rel = (grid.direction(ship.cell, cell) - grid.facing_angle(ship.heading)) % 360.0
    return round(rel, 6) % 360.0


def bearing_battery(grid: Grid, ship: SasShip, cell: Cell) -> Battery | None:
    """The battery whose arc holds ``cell``, if any."""
    t = tables()
    rel = relative_bearing(grid, ship, cell)
    if t.arc_from <= rel <= t.arc_to:
        return Battery.STARBOARD
    if t.arc_from <= 360.0 - rel <= t.arc_to:
        return Battery.PORT
    return None


def facing_battery(grid: Grid, target: SasShip, shooter: Cell) -> Battery:
    """The target's battery on the side the shot comes from (cannon hits fall on it)."""
    rel = relative_bearing(grid, target, shooter)
    return Battery.STARBOARD if rel < 180.0 else Battery.PORT


def band_between(grid: Grid, a: Cell, b: Cell) -> Band | None:
    """The range band of the map distance (grid steps) between two cells; None: out of range."""
    return gun.band_for_cells(grid.distance(a, b))


def line_clear(board: Board, a: Cell, b: Cell) -> bool:
    """No land between the two cells (ships and shoals do not block a shot).

    On a hex grid the line between two cells on the edge may graze a hex off the
    board: that is open sea.
    """
    grid = board.grid
    return all(not grid.in_bounds(c) or board.terrain_at(c) is not Terrain.LAND
               for c in grid.line(a, b)[1:-1])


def bears(board: Board, ship: SasShip, battery: Battery, target: SasShip) -> Band | None:
    """The band at which ``battery`` bears on ``target`` (None: out of arc, range or sight)."""
    grid = board.grid
    if bearing_battery(grid, ship, target.cell) is not battery:
        return None
    band = band_between(grid, ship.cell, target.cell)
    if band is None or not line_clear(board, ship.cell, target.cell):
        return None
    return band
