"""How Salt'n'Tar with Ships & Sails gunnery presents itself.

Its luck, helm and maneuver orders are labelled by Salt'n'Tar sailing's presenter;
its aim and ammunition orders by Ships & Sails gunnery's, drawn from where the
ship lies (the missile phase falls between the half moves).  The ammunition's
timing is its own: the switch comes after the missile phase, so a loaded ship
keeps her load for next turn, and a switch tells the turn she is ready
(``salt_combat.switched_reload``).  A helm order shows
where the ruleset's own half move would take her, and which enemies her loaded
broadside would reach from there; an aim, its 40% and 10% hexes.
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
    order_key,
)
from tui_naval.core.state import GameState, ShipBase
from tui_naval.rulesets.salt_and_sails.rules import RULESET
from tui_naval.rulesets.salt_and_sails.state import SalsShip, SalsState
from tui_naval.systems.battle import CombatShip, CombatState
from tui_naval.systems.battle_present import BattlePresenter
from tui_naval.systems.gunnery.ships_and_sails import battle_present as in_battle
from tui_naval.systems.gunnery.ships_and_sails import present as gunnery
from tui_naval.systems.gunnery.ships_and_sails.armament import (
    SIDES,
    ammo_range,
    bears,
    firing_value_of,
)
from tui_naval.systems.gunnery.ships_and_sails.present import Overlays
from tui_naval.systems.gunnery.ships_and_sails.salt_combat import switched_reload
from tui_naval.systems.sailing.salt_n_tar import present as sailing
from tui_naval.systems.sailing.salt_n_tar.steps import STEER


def in_reach(state: CombatState, ship: CombatShip) -> str:
    """The enemies her broadsides would reach from where she is, if she is loaded."""
    a = ship.gunnery
    if a.reload:
        return f"her {a.ammo.value} is loading, ready on turn {state.turn + a.reload}"
    reach = ammo_range(a.ammo)
    found = [f"{enemy.id} in her {side} arc"
             for enemy in state.ships if enemy.side != ship.side and RULESET.in_play(enemy)
             for side in SIDES if firing_value_of(a, side) > 0
             and bears(state.grid, ship.cell, ship.heading, side, enemy.cell, reach)]
    return ", ".join(found) if found else f"no enemy within her {a.ammo.value}'s reach"


def ammo_preview(state: CombatState, ship: CombatShip, order: Order) -> tuple[str, Overlays]:
    """What keeping or switching the load means; the missile phase of this turn is over."""
    a = ship.gunnery
    return gunnery.ammo_preview(
        state.turn, state.grid, a, ship.cell, ship.heading, order,
        switched=f"a round more, ready on turn {state.turn + switched_reload(a)}",
        loaded="loaded for next turn; + her reach from where she lies")


class SalsPresenter(in_battle.FiresShipsAndSails, BattlePresenter):
    """Salt'n'Tar's combat turn fought with Ships & Sails broadsides."""

    battle = RULESET
    standing: ClassVar[Mapping[str, tuple[StandingOffer, ...]]] = {
        "move": (HOLD_COURSE,),
        "ammo": (KEEP_LOAD,),
        "aim": (FIRE,),
    }
    styles: ClassVar[Mapping[str, str]] = {**sailing.STYLES, **gunnery.STYLES}

    def within_reach(self, state: CombatState, ship: CombatShip, enemy: CombatShip) -> bool:
        return in_battle.within_reach(state, ship, enemy)

    def option_info(self, state: GameState, decision: Decision, order: Order) -> OptionInfo:
        if not isinstance(state, SalsState):
            return OptionInfo(str(order))
        ship = state.ship(order.ship)
        if decision.kind in sailing.KINDS:
            info = sailing.sailing_info(ship, order, state.wind)
            if info is not None:
                return info
        fired = in_battle.fire_info(state, decision, ship, order)
        if fired is not None:
            return fired
        return OptionInfo(str(order))

    def preview(self, state: GameState, order: Order) -> Preview | None:
        if not isinstance(state, SalsState):
            return None
        if state.phase in ("first-half", "second-half") and order_key(order) in STEER:
            return sailing.half_move_preview(RULESET, state, order, in_reach)
        ship = state.ship(order.ship)
        a = ship.gunnery
        if order.verb == "aim":
            text, overlays = gunnery.aim_preview(state.grid, a, ship.cell, ship.heading,
                                                 order, found="lies in")
        elif order.verb == "ammo":
            text, overlays = ammo_preview(state, ship, order)
        else:
            return None
        return Preview(text=text, overlays=tuple(overlays.items()))

    def ship_note(self, state: GameState, ship: ShipBase) -> str:
        if not isinstance(ship, SalsShip):
            return ""
        return gunnery.ship_note(ship.gunnery, f"{ship.sail.strain} Strain")


PRESENTER = SalsPresenter()
