"""How Man-O-War sailing with Ships & Sails gunnery presents itself.

Move orders are labelled and previewed by Man-O-War sailing's presenter (sail
point and inches of each heading, tack odds, drift, anchor); aim and ammunition
orders by Ships & Sails gunnery's: an aim shows its 40% and 10% hexes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tui_naval.core.orders import Decision, Order
from tui_naval.core.presenter import (
    FIRE,
    HOLD_COURSE,
    KEEP_LOAD,
    OptionInfo,
    Preview,
    StandingOffer,
)
from tui_naval.core.state import GameState, ShipBase
from tui_naval.rulesets.mow_and_sails.rules import RULESET
from tui_naval.rulesets.mow_and_sails.state import MawShip, MawState
from tui_naval.systems.battle import CombatShip, CombatState
from tui_naval.systems.battle_present import BattlePresenter
from tui_naval.systems.gunnery.ships_and_sails import battle_present as in_battle
from tui_naval.systems.gunnery.ships_and_sails import present as gunnery
from tui_naval.systems.sailing.man_o_war import present as sailing


class MawPresenter(in_battle.FiresShipsAndSails, sailing.HoldsCourse, BattlePresenter):
    """Man-O-War's battle turn fought with Ships & Sails broadsides."""

    battle = RULESET
    standing: ClassVar[Mapping[str, tuple[StandingOffer, ...]]] = {
        "move": (HOLD_COURSE,),
        "ammo": (KEEP_LOAD,),
        "aim": (FIRE,),
    }
    styles: ClassVar[Mapping[str, str]] = {**sailing.STYLES, **gunnery.STYLES}

    def within_reach(self, state: CombatState, ship: CombatShip, enemy: CombatShip) -> bool:
        return in_battle.within_reach(state, ship, enemy)

    def status(self, state: GameState) -> list[tuple[str, str]]:
        return sailing.status(state) if isinstance(state, MawState) else []

    def option_info(self, state: GameState, decision: Decision, order: Order) -> OptionInfo:
        if not isinstance(state, MawState):
            return OptionInfo(str(order))
        ship = state.ship(order.ship)
        if decision.kind == "move":
            return sailing.move_info(state, ship, order)
        info = in_battle.fire_info(state, decision, ship, order)
        if info is not None:
            return info
        return OptionInfo(str(order))

    def preview(self, state: GameState, order: Order) -> Preview | None:
        if not isinstance(state, MawState):
            return None
        ship = state.ship(order.ship)
        if state.phase == "move":
            return sailing.move_preview(state, ship, order)
        if order.verb == "aim":
            text, overlays = gunnery.aim_preview(state.grid, ship.gunnery, ship.cell,
                                                 ship.heading, order, found="lies in")
            return Preview(text=text, overlays=tuple(overlays.items()))
        return None

    def ship_note(self, state: GameState, ship: ShipBase) -> str:
        if not isinstance(ship, MawShip):
            return ""
        return gunnery.ship_note(ship.gunnery, f"sail {ship.sail.rig}%")


PRESENTER = MawPresenter()
