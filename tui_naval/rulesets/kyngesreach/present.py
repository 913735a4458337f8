"""How Kyngesreach presents itself: its orders' labels, the odds of a shot and the line of
fire, where a change of range would put the squadrons, the range band and the wind
gauge on the status line, a ship's condition in a line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from attrs import evolve

from tui_naval.core.grid import Cell
from tui_naval.core.orders import Decision, Order
from tui_naval.core.presenter import (
    FIRE,
    HOLD_RANGE,
    KEEP_LOAD,
    OptionInfo,
    Presenter,
    Preview,
    Series,
    StandingOffer,
    strength_series,
)
from tui_naval.core.state import GameState, ShipBase
from tui_naval.rulesets.kyngesreach import rules
from tui_naval.rulesets.kyngesreach.state import KyngShip, KyngState
from tui_naval.systems.gunnery.kyngesreach import present as gunnery
from tui_naval.systems.gunnery.kyngesreach.gunnery import AIM_TOKENS, STRENGTH_MEASURE
from tui_naval.systems.gunnery.kyngesreach.tables import Band, tables
from tui_naval.systems.initiative import present as gauge


def _band_after(state: KyngState, order: Order) -> Band:
    """The band a range order aims for (the present one for ``hold``)."""
    if order.arg == "hold":
        return state.band
    return rules.shift_band(state.band, -1 if order.arg == "close" else 1)


class KyngPresenter(Presenter):
    """Kyngesreach's squadron battles."""

    def progress(self, states: Sequence[GameState]) -> Series:
        """Each side's strength left, turn by turn (what the turn limit judges)."""
        return strength_series(states, rules.side_strength, STRENGTH_MEASURE)

    standing: ClassVar[Mapping[str, tuple[StandingOffer, ...]]] = {
        "ammo": (KEEP_LOAD,),
        "target": (FIRE,),
        "range": (HOLD_RANGE,),
    }
    styles: ClassVar[Mapping[str, str]] = {**gunnery.STYLES, **gauge.STYLES,
                                           "battery": "blue", "magic": "magenta"}

    def ship_done(self, state: GameState, ship: ShipBase) -> str:
        """Her departure's words ("struck her colours", "sinking") while she is afloat."""
        if not isinstance(state, KyngState) or not ship.afloat:
            return ""
        left = rules.RULESET.departure(state, ship)
        return left.words(ship) if left is not None else ""

    def option_info(self, state: GameState, decision: Decision, order: Order) -> OptionInfo:
        if not isinstance(state, KyngState):
            return OptionInfo(str(order))
        return self._info(state, decision, order)

    def _info(self, state: KyngState, decision: Decision, order: Order) -> OptionInfo:
        ship = state.ship(order.ship)
        kind = decision.kind
        if kind == "weather":
            return gunnery.weather_info(ship)
        if kind == "range":
            name = rules.band_name(state.band)
            if order.arg == "hold":
                return OptionInfo(f"Hold at {name}")
            band = _band_after(state, order)
            return OptionInfo(f"{order.arg.title()} to {rules.band_name(band)}",
                              f"{rules.band_name(band)} range: {tables().bands[band].cells} "
                              "cells")
        if kind == "battery":
            if ship.gunnery.engaged.value == order.arg:
                return OptionInfo(f"Keep {order.arg}", f"engage with the {order.arg} battery again")
            return OptionInfo(f"Wear round: {order.arg}",
                              f"the squadron wears round to engage with its {order.arg} battery")
        if kind == "target":
            if order.verb == "hold":
                return OptionInfo("Hold fire", "the battery stays loaded")
            return OptionInfo(gunnery.aim_label(order.verb, order.arg))
        if kind == "ammo":
            return gunnery.ammo_info(state.ships, ship, order, state.band)
        return OptionInfo(str(order))

    def option_cell(self, state: GameState, order: Order) -> Cell | None:
        """A shot's target ship."""
        if order.verb not in AIM_TOKENS or not order.arg:
            return None
        return state.ship(order.arg).cell

    def preview(self, state: GameState, order: Order) -> Preview | None:
        """A shot's odds and line of fire; a range order's band, and where the squadrons
        would lie at it (the rules' own ``arrange``)."""
        if not isinstance(state, KyngState):
            return None
        return self._preview(state, order)

    def _preview(self, state: KyngState, order: Order) -> Preview | None:
        ship = state.ship(order.ship)
        if order.verb in AIM_TOKENS:
            target = state.ship(order.arg)
            g = ship.gunnery
            odds = gunnery.odds(g, g.engaged, target.gunnery, state.band, order.verb,
                                rules.gauge_mods(state, ship.side))
            return Preview(text=odds, overlays=gunnery.line_of_fire(state.grid, ship.cell,
                                                                    target.cell))
        if order.verb == "range":
            band = _band_after(state, order)
            info = tables().bands[band]
            text = (f"{rules.band_name(band)} range, {info.cells} cells: Gunner "
                    f"{info.modifier:+d}, hit rate at most {info.cap}%")
            if band is state.band:
                return Preview(text=text)
            after = rules.arrange(evolve(state, band=band))
            path = tuple(s.cell for s in after.ships
                         if s.afloat and s.cell != state.ship(s.id).cell)
            return Preview(path, text=text + " (the + trail: where the ships would lie)")
        return None

    def status(self, state: GameState) -> list[tuple[str, str]]:
        """The range band (its name and distance in cells) and who holds the wind gauge."""
        if not isinstance(state, KyngState):
            return []
        cells = tables().bands[state.band].cells
        return [("Range ", "dim"), (f"{rules.band_name(state.band)} ({cells})", "bold"),
                ("  Gauge ", "dim"), (state.holder or "tie", "bold")]

    def ship_note(self, state: GameState, ship: ShipBase) -> str:
        if not isinstance(ship, KyngShip) or not ship.afloat:
            return ""
        return gunnery.ship_note(ship.gunnery)


PRESENTER = KyngPresenter()
