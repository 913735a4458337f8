"""How Ships & Sails gunnery shows its orders in any sailing system's battle turn (the
pairings'): the ammunition switch's extra round, the aims at enemy hexes first."""

from __future__ import annotations

from tui_naval.core.grid import Cell
from tui_naval.core.orders import Decision, Order
from tui_naval.core.presenter import OptionInfo
from tui_naval.core.state import GameState
from tui_naval.systems.battle import CombatShip, CombatState
from tui_naval.systems.gunnery.ships_and_sails import present as gunnery
from tui_naval.systems.gunnery.ships_and_sails.armament import ammo_range
from tui_naval.systems.gunnery.ships_and_sails.broadsides import KEEP
from tui_naval.systems.gunnery.ships_and_sails.salt_combat import switched_reload
from tui_naval.systems.gunnery.ships_and_sails.tables import Ammo


def ammo_info(state: CombatState, ship: CombatShip, order: Order) -> OptionInfo:
    """Keep the load, or draw it and load another: a round more, after the missile phase."""
    info = gunnery.ammo_info(ship.gunnery, order)
    if order.arg == KEEP:
        return info
    return OptionInfo(info.label, info.detail,
                      f"a round more: ready on turn {state.turn + switched_reload(ship.gunnery)}")


def option_order(state: GameState, decision: Decision) -> list[Order]:
    """Aims at the hexes where an enemy lies come first; other options as asked."""
    if decision.kind != "aim":
        return list(decision.options)
    return gunnery.aims_first(state.ships, decision.side,  # type: ignore[arg-type]
                              decision.options)


def fire_info(state: CombatState, decision: Decision, ship: CombatShip,
              order: Order) -> OptionInfo | None:
    """An aim or ammunition option's label and detail (None: not a gunnery decision)."""
    if decision.kind == "aim":
        return gunnery.aim_info(state.ships, ship, order)
    if decision.kind == "ammo":
        return ammo_info(state, ship, order)
    return None


class FiresShipsAndSails:
    """A pairing presenter's part for Ships & Sails gunnery: aims at enemy hexes listed
    first, an aim picked with the map's cursor."""

    def option_order(self, state: GameState, decision: Decision) -> list[Order]:
        """Aims at the hexes where an enemy lies come first."""
        return option_order(state, decision)

    def option_cell(self, state: GameState, order: Order) -> Cell | None:
        return gunnery.aimed_cell(order)


def within_reach(state: CombatState, ship: CombatShip, enemy: CombatShip) -> bool:
    """``enemy`` lies within the reach of ``ship``'s longest-ranged shot (any arc)."""
    return state.grid.distance(ship.cell, enemy.cell) <= max(ammo_range(a) for a in Ammo)
