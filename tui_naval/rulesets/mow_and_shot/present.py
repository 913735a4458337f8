"""How Man-O-War sailing with Kyngesreach gunnery presents itself.

Move orders are labelled and previewed by Man-O-War sailing's presenter (sail
point and inches of each heading, tack odds, drift, anchor); target and
ammunition orders by Kyngesreach gunnery's, the range band measured on the map.
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
)
from tui_naval.core.state import GameState
from tui_naval.rulesets.mow_and_shot.rules import COMBAT, RULESET
from tui_naval.rulesets.mow_and_shot.state import MasState
from tui_naval.systems.battle import CombatShip, CombatState
from tui_naval.systems.battle_present import BattlePresenter
from tui_naval.systems.gunnery.kyngesreach import map_present as on_map
from tui_naval.systems.gunnery.kyngesreach import present as gunnery
from tui_naval.systems.sailing.man_o_war import present as sailing


class MasPresenter(sailing.HoldsCourse, BattlePresenter):
    """Man-O-War's battle turn fought with Kyngesreach broadsides."""

    battle = RULESET
    standing: ClassVar[Mapping[str, tuple[StandingOffer, ...]]] = {
        "move": (HOLD_COURSE,),
        "ammo": (KEEP_LOAD,),
        "target": (FIRE,),
    }
    styles: ClassVar[Mapping[str, str]] = {**sailing.STYLES, **gunnery.STYLES}

    def within_reach(self, state: CombatState, ship: CombatShip, enemy: CombatShip) -> bool:
        return on_map.within_range(state, ship, enemy)

    def status(self, state: GameState) -> list[tuple[str, str]]:
        return sailing.status(state) if isinstance(state, MasState) else []

    def option_info(self, state: GameState, decision: Decision, order: Order) -> OptionInfo:
        if not isinstance(state, MasState):
            return OptionInfo(str(order))
        ship = state.ship(order.ship)
        if decision.kind == "move":
            return sailing.move_info(state, ship, order)
        if decision.kind == "target":
            return on_map.target_info(state, order)
        if decision.kind == "ammo":
            return on_map.ammo_info(state, order, COMBAT)
        return OptionInfo(str(order))

    def option_cell(self, state: GameState, order: Order) -> Cell | None:
        return on_map.target_cell(state, order) if isinstance(state, MasState) else None

    def preview(self, state: GameState, order: Order) -> Preview | None:
        if not isinstance(state, MasState):
            return None
        ship = state.ship(order.ship)
        if state.phase == "move":
            return sailing.move_preview(state, ship, order)
        if state.phase == "fire" and "@" in order.arg:
            return on_map.fire_preview(state, order, COMBAT)
        return None


PRESENTER = MasPresenter()
