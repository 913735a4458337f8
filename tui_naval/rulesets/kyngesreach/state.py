"""Kyngesreach's ship and game state."""

from __future__ import annotations

from attrs import frozen

from tui_naval.core.grid import Cell
from tui_naval.core.state import GameState, ShipBase
from tui_naval.rulesets.kyngesreach.gunnery import Gunnery
from tui_naval.rulesets.kyngesreach.tables import Band


@frozen
class Mage:
    """A side's wind-worker (the magical wind option): spell strength and skill."""

    side: str
    strength: int = 1
    skill: int = 12
    name: str = "the ship's wind-mage"


@frozen(kw_only=True)
class KyngShip(ShipBase):
    """A Kyngesreach ship: its gunnery state and its place in the squadron."""

    gunnery: Gunnery
    #: The ship's cell in the map: its place in the squadron's formation.
    home: Cell


@frozen(kw_only=True)
class KyngState(GameState):
    """A Kyngesreach battle; ``ships`` are ``KyngShip``."""

    ships: tuple[KyngShip, ...]
    band: Band
    #: The side holding the wind gauge this round ("" on a tie: nobody).
    holder: str = ""
    #: Each side's Weather Sense modifier from round 1: (side, modifier).
    weather: tuple[tuple[str, int], ...] = ()
    #: The magical wind option: the sides' wind-mages.
    magic: tuple[Mage, ...] = ()
    #: Ships that have answered the current one-by-one phase (range, battery, fire).
    acted: tuple[str, ...] = ()

    def ship(self, ship_id: str) -> KyngShip:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        raise KeyError(ship_id)

    def weather_mod(self, side: str) -> int:
        return dict(self.weather).get(side, 0)
