"""Wind: the direction it blows from and its speed; a ship's angle to it."""

from __future__ import annotations

from attrs import frozen

from tui_naval.core.grid import Grid, angle_between


@frozen
class Wind:
    """``direction`` is the facing the wind blows *from*; ``speed`` is the ruleset's scale."""

    direction: int
    speed: int

    def downwind(self, grid: Grid) -> int:
        """The facing the wind blows towards (where drifting ships go)."""
        return grid.opposite(self.direction)

    def describe(self, grid: Grid) -> str:
        return f"from {grid.facing_name(self.direction)}, speed {self.speed}"


def angle_off_wind(grid: Grid, wind: Wind, heading: int) -> float:
    """Degrees between a heading and the wind's direction: 0 head to wind, 180 running."""
    return angle_between(grid.facing_angle(heading), grid.facing_angle(wind.direction))
