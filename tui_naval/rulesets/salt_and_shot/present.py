"""How Salt'n'Tar with Kyngesreach gunnery presents itself.

Its luck, helm and maneuver orders are labelled by Salt'n'Tar sailing's presenter;
its weather, target and ammunition orders by Kyngesreach gunnery's, a battery's
fire written ``<battery> <aim>@<target>`` and the range band measured on the map.
A helm order shows where the ruleset's own half move would take the ship; a shot,
its line of fire and odds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tui_naval.core.grid import Cell
from tui_naval.core.orders import Decision, Order
from tui_naval.core.presenter import (
    FIRE,
    HOLD_COURSE,
    KEEP_LOAD,
    OptionInfo,
    Preview,
    StandingOffer,
    order_key,
)
from tui_naval.core.state import GameState
from tui_naval.rulesets.salt_and_shot.rules import COMBAT, RULESET
from tui_naval.rulesets.salt_and_shot.state import SasState
from tui_naval.systems.battle import CombatShip, CombatState
from tui_naval.systems.battle_present import BattlePresenter
from tui_naval.systems.gunnery.kyngesreach import map_present as on_map
from tui_naval.systems.gunnery.kyngesreach import present as gunnery
from tui_naval.systems.gunnery.kyngesreach.gunnery import Battery
from tui_naval.systems.gunnery.kyngesreach.on_map import bears
from tui_naval.systems.initiative import present as gauge
from tui_naval.systems.sailing.salt_n_tar import present as sailing
from tui_naval.systems.sailing.salt_n_tar.steps import STEER


def in_arcs(state: CombatState, ship: CombatShip) -> str:
    """The enemies in her batteries' arcs (and reach) from where she is."""
    reach = [f"{enemy.id} in her {battery.value} arc"
             for enemy in state.ships if enemy.side != ship.side and COMBAT.in_play(enemy)
             for battery in Battery if bears(state.board, ship, battery, enemy)]
    return ", ".join(reach) if reach else "no enemy in her arcs"


class SasPresenter(BattlePresenter):
    """Salt'n'Tar's combat turn fought with Kyngesreach broadsides."""

    battle = RULESET
    standing: ClassVar[Mapping[str, tuple[StandingOffer, ...]]] = {
        "move": (HOLD_COURSE,),
        "ammo": (KEEP_LOAD,),
        "target": (FIRE,),
    }
    styles: ClassVar[Mapping[str, str]] = {**sailing.STYLES, **gunnery.STYLES,
                                           **gauge.STYLES}

    def within_reach(self, state: CombatState, ship: CombatShip, enemy: CombatShip) -> bool:
        return on_map.within_range(state, ship, enemy)

    def option_info(self, state: GameState, decision: Decision, order: Order) -> OptionInfo:
        if not isinstance(state, SasState):
            return OptionInfo(str(order))
        return self._info(state, decision, order)

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
            return on_map.target_info(state, order)
        if kind == "ammo":
            return on_map.ammo_info(state, order, COMBAT)
        return OptionInfo(str(order))

    def option_cell(self, state: GameState, order: Order) -> Cell | None:
        """A shot's target ship."""
        return on_map.target_cell(state, order) if isinstance(state, SasState) else None

    def preview(self, state: GameState, order: Order) -> Preview | None:
        """Where a helm order takes the ship this half move; a shot's line and odds."""
        if not isinstance(state, SasState):
            return None
        if state.phase in ("first-half", "second-half") and order_key(order) in STEER:
            return self._helm(state, order)
        if state.phase == "missile" and "@" in order.arg:
            return on_map.fire_preview(state, order, COMBAT)
        return None

    def _helm(self, state: SasState, order: Order) -> Preview:
        return sailing.half_move_preview(RULESET, state, order, in_arcs)


PRESENTER = SasPresenter()
