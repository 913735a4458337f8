"""How Kyngesreach gunnery fought on a map shows its orders, whatever the sailing system:
a shot's band measured on the map, its label, line of fire and odds; the ammunition
prompt judged at the nearest enemy's band.  A shot is written ``<battery> <aim>@<target>``."""

from __future__ import annotations

from typing import Any

from tui_naval.core.grid import Cell
from tui_naval.core.messages import plural
from tui_naval.core.orders import Order
from tui_naval.core.presenter import OptionInfo, Preview
from tui_naval.systems.battle import CombatShip, CombatState
from tui_naval.systems.gunnery.kyngesreach import present as gunnery
from tui_naval.systems.gunnery.kyngesreach.on_map import band_between
from tui_naval.systems.gunnery.kyngesreach.salt_combat import KyngCombat, parse_fire
from tui_naval.systems.gunnery.kyngesreach.tables import Band, tables

#: A band's cap on hits when none are lost to the range (percent).
FULL = 100


def band_text(state: CombatState, ship: CombatShip, target: CombatShip) -> tuple[Band | None, str]:
    """The band at which a ship's guns would reach ``target`` now, and its words."""
    d = state.grid.distance(ship.cell, target.cell)
    band = band_between(state.grid, ship.cell, target.cell)
    if band is None:
        return None, f"{plural(d, 'cell')}: out of range"
    return band, f"{gunnery.band_name(band)} range ({plural(d, 'cell')})"


def nearest_band(state: CombatState, ship: CombatShip, combat: KyngCombat) -> Band | None:
    """The band of the nearest enemy in play (None: none in range)."""
    enemies = [s for s in state.ships if s.side != ship.side and combat.in_play(s)]
    if not enemies:
        return None
    near = min(enemies, key=lambda s: state.grid.distance(ship.cell, s.cell))
    return band_between(state.grid, ship.cell, near.cell)


def target_info(state: CombatState, order: Order) -> OptionInfo:
    """A ``target`` option: the aim and the band it is fired at, or holding fire."""
    battery, aim, target_id = parse_fire(order)
    if aim is None:
        return OptionInfo("Hold fire", f"the {battery.value} battery stays loaded")
    _, band = band_text(state, state.ship(order.ship), state.ship(target_id))
    return OptionInfo(gunnery.aim_label(aim.token, target_id),
                      f"{battery.value} battery at {band}")


def ammo_info(state: CombatState, order: Order, combat: KyngCombat) -> OptionInfo:
    """An ``ammo`` option, judged at the nearest enemy's band; reloading counts turns
    (the battle turn's missile phases), as the prompt says."""
    ship: Any = state.ship(order.ship)
    return gunnery.ammo_info(state.ships, ship, order, nearest_band(state, ship, combat),
                             "turn")


def target_cell(state: CombatState, order: Order) -> Cell | None:
    """A shot's target ship's cell (None: not a shot)."""
    if "@" not in order.arg:
        return None
    return state.ship(order.arg.partition("@")[2]).cell


def fire_preview(state: CombatState, order: Order, combat: KyngCombat) -> Preview | None:
    """A shot's line of fire and its odds (with the initiative's modifiers)."""
    battery, aim, target_id = parse_fire(order)
    if aim is None:
        return None
    ship: Any = state.ship(order.ship)
    target: Any = state.ship(target_id)
    band, where = band_text(state, ship, target)
    if band is None:
        return None
    odds = gunnery.odds(ship.gunnery, battery, target.gunnery, band, aim.token,
                        combat.gauge_mods(state, ship.side))
    return Preview(text=f"{battery.value} battery at {where}: {odds}",
                   overlays=gunnery.line_of_fire(state.grid, ship.cell, target.cell))


def within_range(state: CombatState, ship: CombatShip, enemy: CombatShip) -> bool:
    """``enemy`` lies within ``ship``'s effective range (any arc): the bands where her hits
    are not capped (Close and Standard); beyond, at Long and Extreme range, a fight has not
    begun in earnest, and the default maps open there."""
    band = band_between(state.board.grid, ship.cell, enemy.cell)
    return band is not None and tables().bands[band].cap >= FULL
