"""Kyngesreach's ship and game state."""

from __future__ import annotations

from typing import cast

from tui_naval.core.grid import Cell
from tui_naval.core.state import ShipBase, WindState
from tui_naval.core.values import frozen
from tui_naval.systems.gunnery.kyngesreach.gunnery import Gunnery
from tui_naval.systems.gunnery.kyngesreach.options import Mage
from tui_naval.systems.gunnery.kyngesreach.tables import Band


@frozen(kw_only=True, cache_hash=True)
class KyngShip(ShipBase):
    """A Kyngesreach ship: her gunnery and her place in the squadron."""

    gunnery: Gunnery
    #: The ship's cell in the map: her place in the squadron's formation.
    home: Cell


@frozen(kw_only=True)
class KyngState(WindState):
    """A Kyngesreach battle; ``ships`` are ``KyngShip``."""

    ships: tuple[KyngShip, ...]
    band: Band
    #: The side holding the wind gauge this round ("" on a tie: nobody).
    holder: str = ""
    #: Each side's Weather Sense modifier from round 1: (side, modifier).
    weather: tuple[tuple[str, int], ...] = ()
    #: The magical wind option: the sides' wind-mages.
    magic: tuple[Mage, ...] = ()

    def ship(self, ship_id: str) -> KyngShip:
        return cast(KyngShip, super().ship(ship_id))

