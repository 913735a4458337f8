"""How Ships & Sails presents itself: its plotted orders' labels (a move typed as L, F, R
and 0), the course a move sails and her broadsides' reach from where it ends, aims at
the enemy listed first, a ship's condition in a line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from tui_naval.core.grid import Cell
from tui_naval.core.messages import plural
from tui_naval.core.orders import Decision, Order
from tui_naval.core.presenter import (
    FIRE,
    KEEP_LOAD,
    OptionInfo,
    Presenter,
    Preview,
    Series,
    StandingOffer,
    strength_series,
)
from tui_naval.core.state import GameState, ShipBase
from tui_naval.rulesets.ships_and_sails import movement as mv
from tui_naval.rulesets.ships_and_sails.rules import plotted_orders, side_damage
from tui_naval.rulesets.ships_and_sails.state import SailShip, SailState
from tui_naval.systems.gunnery.ships_and_sails import present as gunnery
from tui_naval.systems.gunnery.ships_and_sails.armament import STRENGTH_MEASURE
from tui_naval.systems.gunnery.ships_and_sails.tables import POINT_NAMES, tables

#: What the player may type to narrow the list of moves.
MOVE_KEYS = "LFR0"
#: The letters of a move, spelled out.
MOVE_LEGEND = "each letter a hex: F ahead, L turning to port, R turning to starboard"


def course(state: SailState, ship: SailShip, move: str) -> tuple[tuple[Cell, ...], Cell, int, str]:
    """(path, end, heading, warning) of a move, the other ships left out."""
    grid, board = state.grid, state.board
    if move == mv.STAY or move in mv.SWINGS or not move:
        end, heading = mv.planned_end(grid, ship, move)
        return (), end, heading, ""
    path: list[Cell] = []
    end, heading = ship.cell, ship.heading
    for cell, facing in mv.trace(grid, ship.cell, ship.heading, move):
        if not grid.in_bounds(cell):
            return (tuple(path), end, heading,
                    f"she would sail off the {grid.edge_of(cell)} edge and be lost!")
        if not board.is_sea(cell):
            return (tuple(path), end, heading,
                    f"{board.terrain_at(cell).name.lower()} at {cell}: she would stop short")
        path.append(cell)
        end, heading = cell, facing
    return tuple(path), end, heading, ""


class SnsPresenter(Presenter):
    """Ships & Sails' hex-ocean battles."""

    def progress(self, states: Sequence[GameState]) -> Series:
        """Each side's strength left, turn by turn (what the turn limit judges)."""
        return strength_series(states, lambda state, side: 1.0 - side_damage(state, side),
                               STRENGTH_MEASURE)

    standing: ClassVar[Mapping[str, tuple[StandingOffer, ...]]] = {
        "ammo": (KEEP_LOAD,),
        "aim": (FIRE,),
    }
    styles: ClassVar[Mapping[str, str]] = {**gunnery.STYLES, "move": "", "collide": "bold red",
                                           "lost": "bold red"}

    def option_info(self, state: GameState, decision: Decision, order: Order) -> OptionInfo:
        if not isinstance(state, SailState):
            return OptionInfo(str(order))
        return self._info(state, order)

    def _info(self, state: SailState, order: Order) -> OptionInfo:
        ship = state.ship(order.ship)
        grid = state.grid
        if order.verb == "move":
            arg = order.arg
            _, heading = mv.planned_end(grid, ship, arg)
            if arg == mv.STAY:
                return OptionInfo("Stay (0 hexes)", "she stays where she is", key=arg)
            if arg in mv.SWINGS:
                side = "port" if mv.SWINGS[arg] < 0 else "starboard"
                return OptionInfo(f"Swing {side} to {grid.facing_name(heading)}",
                                  f"she swings in place to head {grid.facing_name(heading)}",
                                  key=arg)
            return OptionInfo(f"{arg} ({len(arg)}) to {grid.facing_name(heading)}",
                              f"{MOVE_LEGEND}; ({len(arg)}): the hexes she moves", key=arg)
        if order.verb == "ammo":
            return gunnery.ammo_info(ship.gunnery, order)
        if order.verb == "aim":
            return gunnery.aim_info(state.ships, ship, order)
        return OptionInfo(str(order))

    def option_order(self, state: GameState, decision: Decision) -> list[Order]:
        """Aims at the hexes where an enemy is now come first."""
        if decision.kind == "aim" and isinstance(state, SailState):
            return gunnery.aims_first(state.ships, decision.side, decision.options)
        return list(decision.options)

    def option_cell(self, state: GameState, order: Order) -> Cell | None:
        """An aim's hex."""
        return gunnery.aimed_cell(order)

    def typing_keys(self, state: GameState, decision: Decision) -> str:
        """A move is a string of L, F and R (0 to stay): typing them narrows the list."""
        return MOVE_KEYS if decision.kind == "move" else ""

    def preview(self, state: GameState, order: Order) -> Preview | None:
        """The course of a move (or of the move plotted before the ammunition and aim)
        and the broadsides from where it ends: their reach, an aim's hexes."""
        if order.verb not in ("move", "ammo", "aim") or not isinstance(state, SailState):
            return None
        return self._preview(state, order)

    def _preview(self, state: SailState, order: Order) -> Preview:
        ship = state.ship(order.ship)
        grid = state.grid
        if order.verb == "move":
            move = order.arg
        else:
            plotted = plotted_orders(state.plotted).get((ship.id, "move"))
            move = plotted.arg if plotted is not None else mv.STAY
        path, end, heading, warning = course(state, ship, move)
        facing = grid.facing_name(heading)
        a = ship.gunnery
        if order.verb == "move":
            point = POINT_NAMES[mv.point_of_sail(grid, state.wind, heading)]
            n = mv.move_length(move)
            note, overlays = gunnery.reach_note(state.turn, grid, a, end, heading)
            text = (f"{plural(n, 'hex', 'hexes')} to {end}, heading {facing} ({point}){note}"
                    "\nif the others stay put: all move at once, and a collision stops her")
        elif order.verb == "ammo":
            text, overlays = gunnery.ammo_preview(
                state.turn, grid, a, end, heading, order,
                switched="no broadside this turn; ready on turn "
                         f"{state.turn + a.reload + tables().switch_rounds}",
                loaded="she may fire on the + hexes this turn")
        else:
            text, overlays = gunnery.aim_preview(grid, a, end, heading, order)
        return Preview(path, end, facing, text, warning, tuple(overlays.items()))

    def ship_note(self, state: GameState, ship: ShipBase) -> str:
        if not isinstance(ship, SailShip) or not ship.afloat:
            return ""
        return gunnery.ship_note(ship.gunnery, f"speed {ship.way.speed}")


PRESENTER = SnsPresenter()
