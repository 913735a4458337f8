"""Wind: the direction it blows from and its speed; a ship's angle to it."""

from __future__ import annotations

from tui_naval.core.grid import Grid, angle_between
from tui_naval.core.values import frozen

#: The eight compass points a wind may blow from, clockwise from North (45 degrees apart).
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


@frozen(cache_hash=True)
class Wind:
    """``direction`` is the facing the wind blows *from*; ``speed`` is the ruleset's scale.

    ``angle`` is the exact compass angle it blows from where the rules count winds finer
    than the grid's facings (eight winds on a hex grid); ``direction`` is then the nearest
    facing.  ``measured`` is False where the rules give the wind a direction only (no
    speed, no calm, no gale): ``speed`` then means nothing.
    """

    direction: int
    speed: int
    angle: float | None = None
    measured: bool = True

    def bearing(self, grid: Grid) -> float:
        """The compass angle the wind blows from."""
        return grid.facing_angle(self.direction) if self.angle is None else self.angle

    def downwind(self, grid: Grid) -> int:
        """The facing the wind blows towards (where drifting ships go): the nearest one when
        the wind lies between facings."""
        if self.angle is None:
            return grid.opposite(self.direction)
        return grid.nearest_facing((self.angle + 180.0) % 360.0)

    def name(self, grid: Grid) -> str:
        """The compass point it blows from."""
        if self.angle is None:
            return grid.facing_name(self.direction)
        return COMPASS[round(self.angle / 45.0) % 8]

    def describe(self, grid: Grid) -> str:
        if not self.measured:
            return f"from {self.name(grid)}"
        return f"from {self.name(grid)}, speed {self.speed}"


def compass_wind(grid: Grid, point: int) -> Wind:
    """A wind of direction only from one of the eight compass points (0 North, clockwise).

    On a square grid it is one of the grid's facings; on a hex grid its angle is kept
    (``direction`` the nearest facing), so the eight winds stay eight."""
    angle = (point % 8) * 45.0
    facing = grid.nearest_facing(angle)
    return Wind(facing, 0, angle=None if grid.points == 8 else angle, measured=False)


def angle_off_wind(grid: Grid, wind: Wind, heading: int) -> float:
    """Degrees between a heading and the wind's direction: 0 head to wind, 180 running."""
    return angle_between(grid.facing_angle(heading), wind.bearing(grid))
