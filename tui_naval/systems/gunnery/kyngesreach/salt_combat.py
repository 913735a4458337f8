"""Kyngesreach gunnery as the combat system of Salt'n'Tar's combat turn.

Each battery fires on its own at a ship in its arc, at the range band of the
cells between them (``on_map``); the holder of the initiative fires first with
the wind gauge's +1, a tie fires all together at -1.  Reloading is asked after
the missile phase, in turns.  Damage reaches the sailing through ``handicap``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from attrs import evolve

from tui_naval.core.dice import Roller
from tui_naval.core.engine import Log
from tui_naval.core.maps import MapSpec
from tui_naval.core.orders import Decision, Order
from tui_naval.core.ruleset import Departure, Part, Row
from tui_naval.systems.battle import CombatShip, CombatState, in_play, label
from tui_naval.systems.gunnery.kyngesreach import damage
from tui_naval.systems.gunnery.kyngesreach import gunnery as gun
from tui_naval.systems.gunnery.kyngesreach.gunnery import Aim, Battery, Skills
from tui_naval.systems.gunnery.kyngesreach.on_map import bears, facing_battery
from tui_naval.systems.gunnery.kyngesreach.options import map_options
from tui_naval.systems.gunnery.kyngesreach.tables import AMMO_NAMES, MASTS, Band, tables
from tui_naval.systems.handicap import Handicap

S = TypeVar("S", bound=CombatState)

HOLD = "hold"


def fire_key(ship_id: str, battery: Battery) -> str:
    return f"{ship_id}/{battery.value}"


def parse_fire(order: Order) -> tuple[Battery, Aim | None, str]:
    """(battery, aim, target id) of a missile order (``<battery> <aim>@<target>``);
    aim None for ``hold``."""
    battery = Battery(order.verb)
    if order.arg == HOLD:
        return battery, None, ""
    token, _, target = order.arg.partition("@")
    return battery, Aim.parse(token), target


def band_name(band: Band) -> str:
    return tables().bands[band].name


class KyngCombat:
    """Kyngesreach broadsides for Salt'n'Tar's combat turn."""

    note = "ramming and boarding are not played (Kyngesreach has neither)"
    out_of_action = "sunk, sinking or struck"
    strength_measure = gun.STRENGTH_MEASURE

    # -- the ship -----------------------------------------------------------------------
    def new_component(self, key: str, crew: Skills | None = None) -> gun.Gunnery:
        """A fresh gunnery of the class, with the map's crew or else the class's own."""
        return gun.new_gunnery(key, crew)

    def crews_and_names(self, spec: MapSpec) -> tuple[Mapping[str, Skills], Mapping[str, str]]:
        """The crews and names of the map's ``#!`` lines (Kyngesreach's map options)."""
        options = map_options(spec)
        return dict(options.crews), dict(options.names)

    def fighting(self, ship: CombatShip) -> bool:
        g: gun.Gunnery = ship.gunnery
        return g.in_action

    def in_play(self, ship: CombatShip) -> bool:
        return in_play(self, ship)

    def handicap(self, ship: CombatShip) -> Handicap:
        return gun.handicap(ship.gunnery)

    def crew_lost(self, ship: CombatShip, percent: int) -> CombatShip:
        g: gun.Gunnery = ship.gunnery
        return evolve(ship, gunnery=evolve(g, readiness=max(0, g.readiness - percent)))

    def scuttled(self, ship: CombatShip) -> CombatShip:
        return evolve(ship, gunnery=evolve(ship.gunnery, hip=0))

    def strength(self, ship: CombatShip) -> float:
        return gun.strength(ship.gunnery)

    def wear(self, ship: CombatShip) -> tuple[Part, ...]:
        return gun.gunnery_wear(ship.gunnery)

    def worn(self, ship: CombatShip, have: Mapping[str, int]) -> CombatShip:
        return evolve(ship, gunnery=gun.gunnery_worn(ship.gunnery, have))

    def class_name(self, ship: CombatShip) -> str:
        g: gun.Gunnery = ship.gunnery
        return g.info.name

    def gauge_mods(self, state: CombatState, side: str) -> list[tuple[str, int]]:
        """The initiative's Gunner modifier: the holder's +1, or -1 for all on a tie."""
        t = tables()
        if not state.holder:
            return [("no initiative", t.tie_gunner)]
        if side == state.holder:
            return [("initiative", t.holder_gunner)]
        return []

    # -- missiles -----------------------------------------------------------------------
    def fire_options(self, state: CombatState, ship: CombatShip, battery: Battery
                     ) -> tuple[Order, ...]:
        """Every (aim, target) the battery can fire at now, and ``hold``; () if none."""
        g: gun.Gunnery = ship.gunnery
        if not self.in_play(ship) or not g.guns(battery).ready:
            return ()
        out = []
        for target in state.ships:
            if target.side == ship.side or not self.in_play(target):
                continue
            band = bears(state.board, ship, battery, target)
            if band is None:
                continue
            for aim in gun.aim_options(g, battery, target.gunnery, band):
                out.append(Order(ship.id, battery.value, f"{aim.token}@{target.id}"))
        if not out:
            return ()
        return (*out, Order(ship.id, battery.value, HOLD))

    def fire_decision(self, state: CombatState, firing: list[CombatShip],
                      together: bool) -> Decision | None:
        done = {fire_key(o.ship, Battery(o.verb)) for o in (*state.acted, *state.plotted)}
        for ship in firing:
            for battery in Battery:
                if fire_key(ship.id, battery) in done:
                    continue
                options = self.fire_options(state, ship, battery)
                if not options:
                    continue
                guns = ship.gunnery.guns(battery)
                return Decision(ship.side, "target", ship.id,
                                f"{label(ship)}: {battery.value} battery, {guns.guns} guns of "
                                f"{AMMO_NAMES[guns.ammo]}: choose a target and aim, or hold",
                                options, plotted=together)
        return None

    def _range_note(self, state: CombatState, ship: CombatShip, battery: Battery,
                    target: CombatShip, band: Band, log: Log) -> None:
        d = state.grid.distance(ship.cell, target.cell)
        log("range", f"{label(ship)}'s {battery.value} battery bears on {label(target)} at "
            f"{d} cell{'s' * (d != 1)}: {band_name(band)} range", ship.id)

    def fire(self, state: S, order: Order, log: Log) -> S:
        """One battery fires, its hits falling at once (the initiative decides the order)."""
        ship = state.ship(order.ship)
        battery, aim, target_id = parse_fire(order)
        if aim is None:
            log("gunnery", f"{label(ship)} holds her {battery.value} battery's fire", ship.id)
            return state
        target = state.ship(target_id)
        band = bears(state.board, ship, battery, target)
        assert band is not None
        self._range_note(state, ship, battery, target, band, log)
        roller = Roller(state.rng)
        shooter, hit, _ = damage.fire(roller, ship.gunnery, battery, target.gunnery,
                                   facing_battery(state.grid, target, ship.cell), band, aim, log,
                                   extra=self.gauge_mods(state, ship.side),
                                   names=(ship.id, label(ship), target.id, label(target)))
        state = state.with_ship(evolve(ship, gunnery=shooter))
        state = state.with_ship(evolve(state.ship(target.id), gunnery=hit))
        return evolve(state, rng=roller.rng)

    def fire_together(self, state: S, orders: tuple[Order, ...], log: Log) -> S:
        """No initiative: every battery fires at once, each rolling as the ships were before."""
        before = {s.id: s for s in state.ships}
        roller = Roller(state.rng)
        for order in orders:
            ship0 = before[order.ship]
            battery, aim, target_id = parse_fire(order)
            if aim is None:
                log("gunnery", f"{label(ship0)} holds her {battery.value} battery's fire",
                    ship0.id)
                continue
            target0 = before[target_id]
            band = bears(state.board, ship0, battery, target0)
            assert band is not None
            self._range_note(state, ship0, battery, target0, band, log)
            ship, target = state.ship(ship0.id), state.ship(target0.id)
            shooter, hit = damage.fire_at_once(
                roller, (ship0.gunnery, target0.gunnery), (ship.gunnery, target.gunnery),
                battery, facing_battery(state.grid, target0, ship0.cell), band, aim, log,
                extra=self.gauge_mods(state, ship0.side),
                names=(ship0.id, label(ship0), target0.id, label(target0)))
            state = state.with_ship(evolve(ship, gunnery=shooter))
            state = state.with_ship(evolve(state.ship(target0.id), gunnery=hit))
        return evolve(state, rng=roller.rng)

    # -- ammunition ---------------------------------------------------------------------
    def ammo_decision(self, state: CombatState) -> Decision | None:
        return gun.ammo_decision(state.ships, state.plotted, self.in_play, "turns")

    def reload(self, state: S, orders: tuple[Order, ...], log: Log) -> S:
        ships = {s.id: s for s in state.ships}
        for order in orders:
            ship = ships[order.ship]
            gunnery = gun.reload_ordered(ship, order, "turn", log)
            if gunnery is not ship.gunnery:
                ships[ship.id] = evolve(ship, gunnery=gunnery)
        return state.with_ships(ships)

    def end_of_turn(self, ship: CombatShip, roller: Roller, log: Log) -> CombatShip:
        return evolve(ship, gunnery=gun.end_of_round(roller, ship.gunnery, log, ship.id,
                                                      label(ship)))

    # -- for the UI ---------------------------------------------------------------------
    def rows(self, state: CombatState, ship: CombatShip) -> list[Row]:
        g: gun.Gunnery = ship.gunnery
        info = g.info
        t = tables()
        rows = [
            Row("HIP", f"{g.hip}/{info.hip}", g.hip / info.hip),
            Row("Hull", f"DR {info.dr}; {gun.hull_words(g)}"),
            Row("Sail HP", f"{g.sail_hp}/{info.sail_hp}", g.sail_hp / info.sail_hp),
            Row("Masts", f"{ship.sail.masts}/{ship.sail.full_masts} sailing; " + ", ".join(
                f"{m.value} {'down' if g.mast_down(m) else f'{h}/{t.falls_after}'}"
                for m, h in zip(MASTS, g.mast_hits, strict=True)),
                ship.sail.masts / ship.sail.full_masts),
            Row("Crew", f"{g.readiness}% readiness", g.readiness / 100),
        ]
        for battery in Battery:
            guns = g.guns(battery)
            if guns.ready:
                what = "ready"
            elif guns.empty:
                what = "fired"
            else:
                what = f"loaded in {guns.reload}"
            rows.append(Row(battery.value.title(),
                            f"{guns.guns}/{info.guns} x {t.calibres[info.calibre].name}, "
                            f"{AMMO_NAMES[guns.ammo]}, {what}", guns.guns / info.guns))
        rows.extend(gun.readiness_rows(g))
        return rows

    def departure(self, ship: CombatShip) -> Departure:
        """Struck her colours, or sinking (or sunk, before the battle counts her down)."""
        g: gun.Gunnery = ship.gunnery
        if g.struck:
            return Departure.STRUCK
        return Departure.SINKING if g.sinking else Departure.SUNK

    def status(self, ship: CombatShip) -> str:
        g: gun.Gunnery = ship.gunnery
        if g.struck:
            return "struck her colours"
        if g.sinking:
            return "sinking"
        if g.adrift:
            return "dismasted, adrift"
        if g.immobilised:
            return "sails shot away: adrift, jury rigging"
        return ""
