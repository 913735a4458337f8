"""How Salt'n'Tar with Kyngesreach gunnery presents itself.

Its luck, helm and maneuver orders are labelled by Salt'n'Tar sailing's presenter;
its weather, target and ammunition orders by Kyngesreach gunnery's, a battery's
fire written ``<battery> <aim>@<target>`` and the range band measured on the map.
A helm order shows where the ruleset's own half move would take the ship; a shot,
its line of fire and odds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from tui_naval.core.grid import Cell
from tui_naval.core.orders import Decision, Order
from tui_naval.core.presenter import (
    OptionInfo,
    Presenter,
    Preview,
    Series,
    order_key,
    plural,
    strength_series,
)
from tui_naval.core.state import GameState, ShipBase
from tui_naval.rulesets.salt_and_shot.rules import COMBAT, RULESET
from tui_naval.rulesets.salt_and_shot.state import SasShip, SasState
from tui_naval.systems.battle import CombatShip, CombatState, out_of_the_fight
from tui_naval.systems.gunnery.kyngesreach import present as gunnery
from tui_naval.systems.gunnery.kyngesreach.gunnery import Battery
from tui_naval.systems.gunnery.kyngesreach.on_map import band_between, bears
from tui_naval.systems.gunnery.kyngesreach.salt_combat import parse_fire
from tui_naval.systems.gunnery.kyngesreach.tables import Band
from tui_naval.systems.initiative import present as gauge
from tui_naval.systems.sailing.salt_n_tar import present as sailing
from tui_naval.systems.sailing.salt_n_tar.steps import STEER


def band_text(state: SasState, ship: SasShip, target: SasShip) -> tuple[Band | None, str]:
    """The band at which a ship's guns would reach ``target`` now, and its words."""
    d = state.grid.distance(ship.cell, target.cell)
    band = band_between(state.grid, ship.cell, target.cell)
    if band is None:
        return None, f"{plural(d, 'cell')}: out of range"
    return band, f"{gunnery.band_name(band)} range ({plural(d, 'cell')})"


def nearest_band(state: SasState, ship: SasShip) -> Band | None:
    """The band of the nearest enemy in play (None: none in range)."""
    enemies = [s for s in state.ships if s.side != ship.side and COMBAT.in_play(s)]
    if not enemies:
        return None
    near = min(enemies, key=lambda s: state.grid.distance(ship.cell, s.cell))
    return band_between(state.grid, ship.cell, near.cell)


def in_arcs(state: CombatState, ship: CombatShip) -> str:
    """The enemies in her batteries' arcs (and reach) from where she is."""
    reach = [f"{enemy.id} in her {battery.value} arc"
             for enemy in state.ships if enemy.side != ship.side and COMBAT.in_play(enemy)
             for battery in Battery if bears(state.board, ship, battery, enemy)]
    return ", ".join(reach) if reach else "no enemy in her arcs"


class SasPresenter(Presenter):
    """Salt'n'Tar's combat turn fought with Kyngesreach broadsides."""

    def progress(self, states: Sequence[GameState]) -> Series:
        """Each side's strength left, turn by turn (what the turn limit judges)."""
        return strength_series(states, RULESET.side_strength)

    styles: ClassVar[Mapping[str, str]] = {**sailing.STYLES, **gunnery.STYLES,
                                           **gauge.STYLES}

    def ship_done(self, state: GameState, ship: ShipBase) -> str:
        return out_of_the_fight(COMBAT, ship) if isinstance(ship, SasShip) else ""

    def option_info(self, state: GameState, decision: Decision, order: Order) -> OptionInfo:
        if not isinstance(state, SasState):
            return OptionInfo(str(order))
        try:
            return self._info(state, decision, order)
        except (KeyError, ValueError):
            return OptionInfo(str(order))

    def _info(self, state: SasState, decision: Decision, order: Order) -> OptionInfo:
        ship = state.ship(order.ship)
        kind = decision.kind
        if kind in sailing.KINDS:
            info = sailing.sailing_info(ship, order, state.wind)
            if info is not None:
                return info
        if kind == "weather":
            return gunnery.weather_info(ship)
        if kind == "target":
            battery, aim, target_id = parse_fire(order)
            if aim is None:
                return OptionInfo("Hold fire", f"the {battery.value} battery stays loaded")
            _, band = band_text(state, ship, state.ship(target_id))
            return OptionInfo(gunnery.aim_label(aim.token, target_id),
                              f"{battery.value} battery at {band}")
        if kind == "ammo":
            return gunnery.ammo_info(state.ships, ship, order, nearest_band(state, ship))
        return OptionInfo(str(order))

    def option_cell(self, state: GameState, order: Order) -> Cell | None:
        """A shot's target ship."""
        if "@" not in order.arg:
            return None
        try:
            return state.ship(order.arg.partition("@")[2]).cell
        except KeyError:
            return None

    def preview(self, state: GameState, order: Order) -> Preview | None:
        """Where a helm order takes the ship this half move; a shot's line and odds."""
        if not isinstance(state, SasState):
            return None
        try:
            if state.phase in ("first-half", "second-half") and order_key(order) in STEER:
                return self._helm(state, order)
            if state.phase == "missile" and "@" in order.arg:
                return self._fire(state, order)
        except (KeyError, ValueError):
            pass
        return None

    def _helm(self, state: SasState, order: Order) -> Preview:
        return sailing.half_move_preview(RULESET, state, order, in_arcs)

    def _fire(self, state: SasState, order: Order) -> Preview | None:
        battery, aim, target_id = parse_fire(order)
        if aim is None:
            return None
        ship, target = state.ship(order.ship), state.ship(target_id)
        band, where = band_text(state, ship, target)
        if band is None:
            return None
        odds = gunnery.odds(ship.gunnery, battery, target.gunnery, band, aim.token,
                            COMBAT.gauge_mods(state, ship.side))
        return Preview(text=f"{battery.value} battery at {where}: {odds}",
                       overlays=gunnery.line_of_fire(state.grid, ship.cell, target.cell))


PRESENTER = SasPresenter()
