"""Ships & Sails' ship and game state: a ship's way on the hexes, and her armament."""

from __future__ import annotations

from typing import cast

from tui_naval.core.grid import Cell
from tui_naval.core.orders import Order
from tui_naval.core.state import ShipBase, WindState
from tui_naval.core.values import frozen
from tui_naval.systems.gunnery.ships_and_sails.armament import Armament


@frozen
class HexWay:
    """How a ship moved last turn: hexes made (0 after a collision) and the hexes she passed
    (her own hex if she did not move)."""

    speed: int = 0
    wake: tuple[Cell, ...] = ()


@frozen(kw_only=True, cache_hash=True)
class SailShip(ShipBase):
    """A Ships & Sails ship; ``kind`` is brig, ship-of-the-line or man-at-war."""

    way: HexWay
    gunnery: Armament


@frozen(kw_only=True)
class SailState(WindState):
    """A Ships & Sails battle; ``ships`` are ``SailShip``."""

    ships: tuple[SailShip, ...]
    #: This turn's plotted orders, revealed while the turn resolves (empty at a decision).
    orders: tuple[Order, ...] = ()

    def ship(self, ship_id: str) -> SailShip:
        return cast(SailShip, super().ship(ship_id))
