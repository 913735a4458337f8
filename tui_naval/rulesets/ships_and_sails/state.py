"""Ships & Sails' ship and game state.

Hull, rigging, sailors and guns are kept in *tenths* (integers), so the book's
fractional damage (0.4 x 33 = 13.2) is exact and the state stays plain JSON.
"""

from __future__ import annotations

from attrs import frozen

from tui_naval.core.grid import Cell
from tui_naval.core.state import GameState, ShipBase
from tui_naval.rulesets.ships_and_sails.tables import Ammo

#: Figures are stored in tenths.
TENTHS = 10


def tenths(value: int) -> str:
    """A tenths figure as a decimal: 132 -> '13.2', 250 -> '25'."""
    whole, part = divmod(value, TENTHS)
    return f"{whole}" if part == 0 else f"{whole}.{part}"


@frozen(kw_only=True)
class SailShip(ShipBase):
    """A Ships & Sails ship; ``kind`` is brig, ship-of-the-line or man-at-war."""

    #: Tenths of hull points, 0..MAX Hull x 10.
    hull: int
    #: Tenths of rigging points ("MAX Sail"), 0..MAX Sail x 10.
    rigging: int
    #: Tenths of sailors, 0..MAX Sailors x 10 (whole men work the guns and sails).
    sailors: int
    #: Tenths of guns on each side, 0..broadside x 10.
    port_guns: int
    starboard_guns: int
    #: The ammunition loaded, or being loaded.
    ammo: Ammo = Ammo.BALL
    #: Rounds until the broadside is loaded again (0: loaded, may fire this turn).
    reload: int = 0
    #: Hexes moved last turn (0 after a collision).
    speed: int = 0
    rudder: bool = True
    #: All rigging lost by a critical hit: the ship breaks, 1 hull a turn.
    breaking: bool = False
    #: How the ship was lost ("" while afloat): sunk, exploded, off the N edge...
    fate: str = ""
    #: The hexes the ship passed in the last movement (its own hex if it did not move).
    wake: tuple[Cell, ...] = ()
    #: Last turn's gunnery, for the UI: "port ball at 5,7" or "".
    fired: str = ""


@frozen(kw_only=True)
class SailState(GameState):
    """A Ships & Sails battle; ``ships`` are ``SailShip``."""

    ships: tuple[SailShip, ...]

    def ship(self, ship_id: str) -> SailShip:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        raise KeyError(ship_id)
