"""Salt'n'Tar's ship and game state."""

from __future__ import annotations

from enum import StrEnum

from attrs import frozen

from tui_naval.core.state import GameState, ShipBase


class Sails(StrEnum):
    SET = "set"
    REEFED = "reefed"
    FURLED = "furled"
    ANCHORED = "anchored"


class Change(StrEnum):
    """A maneuver under way that takes turns to finish."""

    NONE = ""
    UNREEF = "unreef"
    SET_SAIL = "set-sail"
    ANCHOR = "anchor"
    WEIGH = "weigh"


@frozen(kw_only=True)
class SaltShip(ShipBase):
    """A Salt'n'Tar vessel."""

    strain: int = 0
    #: Inches lost to "ongoing" Strain results (leaks, torn sails, broken masts).
    speed_loss: int = 0
    #: Active crew, percent of full.
    crew: int = 100
    masts: int = 1
    sails: Sails = Sails.SET
    change: Change = Change.NONE
    change_turns: int = 0
    #: Inches travelled towards the next cell (fractions of a cell carry over).
    carry: int = 0
    #: This turn's luck: the die (0: not rolled) and the Wind Speed change it gives.
    luck_die: int = 0
    luck: int = 0
    #: Turns until the ship sinks (0: not sinking).
    sinking: int = 0
    #: Race: marks rounded so far; the turn the course was finished (0: not yet).
    rounded: int = 0
    finished: int = 0
    #: Chase: left the map by the escape edge.
    escaped: bool = False
    #: Last turn's movement for the UI: inches made good and how.
    last_speed: int = 0
    last_motion: str = ""

    @property
    def racing(self) -> bool:
        """Still on the water and in play."""
        return self.afloat and not self.escaped and not self.finished


@frozen(kw_only=True)
class SaltState(GameState):
    """A Salt'n'Tar game; ``ships`` are ``SaltShip``."""

    ships: tuple[SaltShip, ...]
    #: Order in which ships step this turn (alternates, so no side always moves first).
    first_side: int = 0
    #: The step (within the turn) at which each finisher crossed, for dead heats.
    finish_step: tuple[tuple[str, int], ...] = ()

    def ship(self, ship_id: str) -> SaltShip:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        raise KeyError(ship_id)
