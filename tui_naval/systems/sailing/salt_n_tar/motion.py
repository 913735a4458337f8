"""Salt'n'Tar's sailing: bearings, speeds and how a ship makes way.

Pure functions of a ship's ``SaltSail`` and the wind, shared by the rules, the
previews and the advisors of every ruleset that sails by Salt'n'Tar.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache

from tui_naval.core.grid import Grid, GridKind
from tui_naval.core.values import frozen
from tui_naval.core.wind import Wind, angle_off_wind
from tui_naval.systems.sailing.salt_n_tar.component import Change, Sails, SaltSail
from tui_naval.systems.sailing.salt_n_tar.tables import Bearing, tables
from tui_naval.systems.seaway import way


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


#: The bearings a ship that has lost a mast may still sail: the wind abaft the beam.
DOWNWIND = (Bearing.BROAD, Bearing.RUNNING)


def in_gale(wind: Wind) -> bool:
    """A gale blows for everyone when the overall Wind Speed is 4 or more (shared luck may
    bring one; one ship's own luck does not)."""
    return wind.speed >= tables().limits.gale


def wind_speed_for(sail: SaltSail, wind: Wind) -> int:
    """The Wind Speed a ship sails by this turn: the overall speed plus its own luck."""
    return max(0, wind.speed + sail.luck)


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


def motion(sail: SaltSail, grid: Grid, wind: Wind, heading: int,
           luck: int | None = None) -> Motion:
    """How a ship heading ``heading`` moves this turn (Movement, Calm, Gale).

    ``luck`` stands in for the ship's own, for looking ahead.  A gale is the overall
    wind's (``in_gale``): her own luck changes the Wind Speed she sails by, never whether
    she is in a gale.  Combat damage (``sail.adrift``, ``sail.no_upwind``) may leave her
    no way under sail.
    """
    move = _motion(sail, grid, wind, heading, luck)
    if move.way not in (Way.SAIL, Way.BACKWARDS, Way.GALE):
        return move
    if sail.adrift:
        why = sail.adrift
    elif sail.no_upwind and move.bearing in (Bearing.HEAD, Bearing.BEATING):
        why = sail.no_upwind
    else:
        return move
    ws = move.wind_speed
    return Motion(Way.DRIFT, wind.downwind(grid), ws, ws, move.bearing, 0, f"{why}, WS {ws}")


def _motion(sail: SaltSail, grid: Grid, wind: Wind, heading: int, luck: int | None) -> Motion:
    limits = tables().limits
    stype = sail.stype
    ws = max(0, wind.speed + (sail.luck if luck is None else luck))
    bearing = bearing_of(grid, wind, heading)
    downwind = wind.downwind(grid)

    def drift(reason: str, strain: int = 0) -> Motion:
        if ws <= limits.calm:
            return Motion(Way.BECALMED, downwind, 0, ws, bearing, strain, f"{reason}, calm")
        return Motion(Way.DRIFT, downwind, ws, ws, bearing, strain, f"{reason}, WS {ws}")

    if sail.sails is Sails.ANCHORED:
        if sail.change is Change.ANCHOR:
            return drift("anchor dragging")
        return Motion(Way.ANCHORED, heading, 0, ws, bearing, 0, "at anchor")
    if sail.sails is Sails.FURLED:
        return drift("sails furled")
    if sail.masts <= 0:
        return drift("dismasted")
    if sail.masts < stype.masts and bearing not in DOWNWIND:
        return drift(f"a mast lost, she sails downwind only ({stype.bearing_name(bearing)})")
    if ws <= limits.calm:
        return drift("no wind")
    reefed = sail.sails is Sails.REEFED
    if in_gale(wind):
        strain = 0 if reefed else 1
        if bearing is not Bearing.RUNNING:
            return drift(f"gale, {stype.bearing_name(bearing)}", strain)
        run = stype.bn(Bearing.RUNNING)
        inches = ws + run - sail.speed_loss
        reason = f"gale: WS {ws} + BN {run}"
        if sail.speed_loss:
            reason += f' - {sail.speed_loss}"'
        if reefed:
            inches //= 2
            reason += ", reefed /2"
        if inches <= 0:
            return drift("gale, no way left", strain)
        return Motion(Way.GALE, heading, inches, ws, bearing, strain, f'{reason} = {inches}"')
    bn = stype.bn(bearing)
    inches = ws * bn - sail.speed_loss
    reason = f"{stype.bearing_name(bearing)}: WS {ws} x BN {bn}"
    if sail.speed_loss:
        reason += f' - {sail.speed_loss}"'
    if reefed:
        inches //= 2
        reason += ", reefed /2"
    if inches <= 0:
        return drift("no way left")
    if bearing is Bearing.HEAD:
        return Motion(Way.BACKWARDS, grid.opposite(heading), inches, ws, bearing, 0,
                      f'{reason} = {inches}" backwards')
    return Motion(Way.SAIL, heading, inches, ws, bearing, 0, f'{reason} = {inches}"')


def steps_for(sail: SaltSail, inches: int, grid: Grid, direction: int, scale: int
              ) -> tuple[int, int, bool]:
    """(cells, carry, long_diagonal): the cells ``inches`` (and her carried inches) make
    on ``direction``.  A step costs the map's scale; on a square grid a diagonal step
    costs alternately one scale and two (the 1-2-1-2 count ``Grid.distance`` uses), her
    count carried on from move to move (``sail.long_diagonal``: her next diagonal costs
    two), so a long diagonal costs one and a half cells a step."""
    return way(sail.carry, sail.long_diagonal, inches, grid.is_diagonal(direction), scale)
