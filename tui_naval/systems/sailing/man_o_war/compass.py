"""The Sail Point Compass: where the wind falls on a ship, and the speed it gives.

The compass is laid at the bow or the stern, whichever is closer to the wind,
its centre on the line of the hull.  Its six sectors are judged here by the angle
between the ship's heading and the direction the wind blows from (0: the wind
dead ahead, 180: dead astern), kept exact where eight winds blow on a hex grid:

- D, Head-to-wind: under 45 degrees off the bow: In Irons, no sail movement;
- C, Close reach (port or starboard): 45 to under 90: one third of her best speed;
- A, Broad reach (port or starboard): 90 to 135: her best speed ("wind behind");
- B, Wind astern (Running): over 135: two thirds of her best, or her template's
  "wind abeam" figure if that is higher.

A heading on a sector's edge counts in the sector farther from the wind's eye: a
ship pointed along the close reach line (45) is close-hauled, in C, as the
text's tack puts her; on the beam (90) she is in A; at 135 she is running, B.
The letters follow the Sail Movement Table (the text's prose swaps
A and C twice; help.md says why the table is the reading taken).
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache

from tui_naval.core.grid import Grid, angle_between
from tui_naval.core.wind import Wind
from tui_naval.systems.sailing.man_o_war.tables import Template


class SailPoint(StrEnum):
    """The four sail points of the Sail Movement Table."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"

    @property
    def words(self) -> str:
        return _TITLES[self]


_TITLES = {SailPoint.A: "Broad reach", SailPoint.B: "Wind astern (Running)",
           SailPoint.C: "Close reach", SailPoint.D: "Head-to-wind"}

#: The angle off the wind of the close reach line a tack brings her to.
CLOSE_HAULED = 45.0


def off_wind(grid: Grid, wind: Wind, heading: int) -> float:
    """Degrees between her heading and the wind's eye (0..180), exact for eight winds."""
    return angle_between(grid.facing_angle(heading), wind.bearing(grid))


def point_at(angle: float) -> SailPoint:
    """The sail point of a heading ``angle`` degrees off the wind's eye."""
    a = round(angle, 6)
    if a < CLOSE_HAULED:
        return SailPoint.D
    if a < 90.0:
        return SailPoint.C
    if a < 135.0:
        return SailPoint.A
    return SailPoint.B


@lru_cache(maxsize=4096)
def sail_point(grid: Grid, wind: Wind, heading: int) -> SailPoint:
    """Her sail point on ``heading`` (kept: a few headings and winds a game, asked of
    every place a helm weighs)."""
    return point_at(off_wind(grid, wind, heading))


def side_of(grid: Grid, wind: Wind, heading: int) -> str:
    """Which side the wind comes over ("port", "starboard"; "" dead ahead or astern)."""
    d = (wind.bearing(grid) - grid.facing_angle(heading)) % 360.0
    if round(d, 6) in (0.0, 180.0):
        return ""
    return "starboard" if d < 180.0 else "port"


def compass_end(grid: Grid, wind: Wind, heading: int) -> str:
    """Where the compass is laid: "bow" or "stern", whichever is closer to the wind."""
    return "bow" if off_wind(grid, wind, heading) <= 90.0 else "stern"


def sail_inches(template: Template, point: SailPoint, seamanship: bool) -> int:
    """Her sail movement in inches at a sail point (before damage).

    Elf and Bretonnian ships, whose templates give a full move with the wind abeam or
    astern, make their full move at A and B; under the optional seamanship rules they
    sail as all others do, two thirds at B (their "wind abeam" figure was that very
    privilege, so it does not raise B: the text's Bretonnian makes 9", 6" and 3").
    Fractions of an inch are dropped.
    """
    full = template.full
    if point is SailPoint.A:
        return full
    if point is SailPoint.B:
        if template.seaman:
            return full if not seamanship else full * 2 // 3
        return max(full * 2 // 3, template.abeam)
    if point is SailPoint.C:
        return full // 3
    return 0


#: Where a ship points: her grid facing and, when she holds a bearing between facings, her
#: exact course in degrees (``ShipBase.course``), else None.
Bearing = tuple[int, float | None]


def point_of(grid: Grid, wind: Wind, heading: int, course: float | None = None) -> SailPoint:
    """Her sail point on ``heading``, or on her exact ``course`` where she holds one."""
    if course is None:
        return sail_point(grid, wind, heading)
    return point_at(angle_between(course, wind.bearing(grid)))


def close_hauled(grid: Grid, wind: Wind, side: str) -> Bearing:
    """Where a tack leaves her close-hauled on the close reach line to ``side`` ("port":
    anti-clockwise of the wind's eye, "starboard": clockwise): "back to a 'close-hauled'
    point of sail (just at the closest edge of Sail Point 'C')".  The facing in sector C
    nearest the line; where no facing on that side lies in C (hexes with some winds: every
    facing is Head-to-wind or Broad reach), she holds the line's exact bearing as her
    course, heading on the facing nearest it."""
    eye = wind.bearing(grid)
    line = (eye + (CLOSE_HAULED if side == "starboard" else -CLOSE_HAULED)) % 360.0

    def gap(facing: int) -> float:
        return round(angle_between(grid.facing_angle(facing), line), 6)

    close = [f for f in range(grid.points)
             if sail_point(grid, wind, f) is SailPoint.C and gap(f) < CLOSE_HAULED]
    if close:
        return min(close, key=lambda f: (gap(f), f)), None
    return min(range(grid.points), key=lambda f: (gap(f), f)), line


@lru_cache(maxsize=4096)
def tack_bearings(grid: Grid, wind: Wind, heading: int) -> tuple[Bearing, Bearing]:
    """(near, far): where a tack leaves her close-hauled (``close_hauled``), the line
    nearer ``heading`` (where she came from) first; on a tie, her own line (the wind over
    her port bow: the starboard line)."""
    here = grid.facing_angle(heading)
    own = "port" if side_of(grid, wind, heading) == "starboard" else "starboard"
    lines = {side: close_hauled(grid, wind, side) for side in ("port", "starboard")}

    def key(side: str) -> tuple[float, bool]:
        facing, course = lines[side]
        angle = course if course is not None else grid.facing_angle(facing)
        return round(angle_between(angle, here), 6), side != own

    near, far = sorted(lines, key=key)
    return lines[near], lines[far]
